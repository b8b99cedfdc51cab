// The static site's sessions (bindings/python/meeple/play/web/sessions.js): meeple
// play's routes answered in JavaScript with meeple play's checks and messages, and the
// game-log records they write.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as lib from "../meeple.mjs";

const m = await lib.load();
await import(new URL("../../python/meeple/play/web/sessions.js", import.meta.url).href);
const S = globalThis.MeepleSessions;
const call = (session, route, body = {}) => S.answer(session, lib, route, body);

function records(session) {
  const r = call(session, "log");
  assert.ok(r.ok);
  return r.data.text.trim().split("\n").map((line) => JSON.parse(line));
}

test("catan: moves by the seat, agents and chance by advance, to the end, and the log", () => {
  const session = new S.CatanSession(m, lib, { spec: "catan(vp_to_win=4,explicit_chance=true)", seat: 1, opponents: ["random"], seed: 7 });
  assert.deepEqual(call(session, "info").data.topology, session.game.data("topology"));
  let s = call(session, "state").data;
  assert.equal(s.seat, 1);
  assert.deepEqual(s.seats.map((x) => x.who), ["random", "human", "random", "random"]);
  let steps = 0;
  while (!s.terminal) {
    const r = s.your_turn ? call(session, "move", { move: s.move, action: s.view.legal_actions[0].id })
      : call(session, "advance", { move: s.move });
    assert.ok(r.ok, JSON.stringify(r.data));
    assert.equal(r.data.move, s.move + 1);
    s = r.data;
    steps += 1;
    assert.ok(steps < 20000);
  }
  assert.equal(s.returns.length, 4);
  assert.equal(call(session, "advance", { move: s.move }).data.error, "the game is over");
  const log = records(session);
  assert.equal(log[0].type, "start");
  assert.equal(log[0].format, "meeple-game-log");
  assert.deepEqual(log[0].agents, ["random", "human", "random", "random"]);
  assert.ok(log[0].data.topology && log[0].action_names.length === session.game.info.numActions);
  assert.equal(log.length, steps + 2);
  assert.equal(log.at(-1).type, "end");
  assert.deepEqual(log.at(-1).returns, s.returns);
  // Chance moves by advance: the dice in the seat's words, other draws hidden from it.
  const chance = session.words.filter((w) => w.startsWith("chance: "));
  assert.ok(chance.some((w) => w.startsWith("chance: chance_dice")));
  assert.ok(chance.every((w) => w.startsWith("chance: chance_dice") || w === "chance: a hidden draw"));
  assert.ok(log.slice(1, -1).some((r) => r.actor === lib.CHANCE));
});

test("catan: stale, out-of-turn and illegal requests are refused with what is right, and change nothing", () => {
  const session = new S.CatanSession(m, lib, { seat: 0, opponents: ["heuristic"], seed: 1 });
  const s = call(session, "state").data;
  const stale = call(session, "move", { move: s.move + 3, action: 0 });
  assert.equal(stale.status, 409);
  assert.match(stale.data.error, /^stale request: it was made for move 3, the game is at move 0/);
  const illegal = call(session, "move", { move: s.move, action: 1e6 });
  assert.equal(illegal.status, 400);
  assert.match(illegal.data.error, /illegal move 1000000: the legal actions are in view.legal_actions/);
  assert.equal(call(session, "advance", { move: s.move }).data.error, "it is your turn: send /api/move");
  assert.equal(call(session, "move", { move: "0", action: 0 }).data.error, "'move' must be an integer, not \"0\"");
  assert.equal(call(session, "move", null).status, 400);
  assert.equal(call(session, "teleport", { move: 0 }).status, 404);
  assert.deepEqual(call(session, "state").data, s);
});

test("catan: a bad spec, agent or seat is refused with the library's message", () => {
  assert.throws(() => new S.CatanSession(m, lib, { spec: "catan(bogus=1)" }), /unknown option 'bogus' for catan/);
  assert.throws(() => new S.CatanSession(m, lib, { opponents: ["mcts(iterations=oops)"] }), lib.MeepleError);
  assert.throws(() => new S.CatanSession(m, lib, { seat: 9 }), /seat 9 is not a seat of catan: use 0 to 3/);
  assert.throws(() => new S.CatanSession(m, lib, { opponents: ["random", "random"] }),
    /catan has 4 seats: name 1 or 3 opponents, not 2/);
});

test("triangle: move, undo, hint, position and new, as meeple play answers them", () => {
  const site = { templates: [[[0, 0, 1]]], rows: 8, cols: 15 };
  const session = new S.TriangleSession(m, lib, { seed: 2, site });
  assert.deepEqual(call(session, "info").data.templates, site.templates);
  let s = call(session, "state").data;
  const bad = call(session, "move", { move: 0, action: s.legal.length ? 1e6 : 0 });
  assert.match(bad.data.error, /^illegal move 1000000: the shape does not fit there/);
  s = call(session, "move", { move: 0, action: s.legal[0] }).data;
  assert.equal(s.move, 1);
  assert.ok(s.can_undo && s.last_name.startsWith("place("));
  s = call(session, "undo", { move: 1 }).data;
  assert.equal(s.move, 0);
  assert.equal(call(session, "undo", { move: 0 }).data.error, "nothing to undo: this is the start of the game");
  const hint = call(session, "hint", { move: 0, agent: "heuristic" }).data;
  assert.ok(hint.legal.includes(hint.hint) && hint.move === 0);
  assert.deepEqual(call(session, "hint", { move: 0, agent: "heuristic" }).data.hint, hint.hint);  // the same hint again
  assert.match(call(session, "hint", { move: 0, agent: "oracle" }).data.error, /unknown hint agent "oracle"/);
  const v = s.view;
  const refused = call(session, "position", { move: 0, occupied: v.occupied.map((row) => row.map(() => 1)), shapes: v.shapes });
  assert.equal(refused.status, 400);
  assert.match(refused.data.error, /^position refused: /);
  const placed = call(session, "position", { move: 0, occupied: v.occupied, shapes: v.shapes });
  assert.ok(placed.ok && placed.data.games_started === 2);
  // Play the debug game to the end: the log holds it with its end.
  s = placed.data;
  while (!s.terminal) s = call(session, "move", { move: s.move, action: s.legal[0] }).data;
  const log = records(session);
  assert.equal(log[0].meta.debug, true);
  assert.equal(log.at(-1).type, "end");
});

test("table: tic-tac-toe lists the seat's legal actions with names", () => {
  const session = new S.TableSession(m, lib, { spec: "tictactoe", seat: 0, opponents: ["random"], seed: 4 });
  let s = call(session, "state").data;
  assert.equal(s.name, "tictactoe");
  assert.deepEqual(s.legal.map((a) => a.id), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
  while (!s.terminal) {
    s = (s.your_turn ? call(session, "move", { move: s.move, action: s.legal[0].id }) : call(session, "advance", { move: s.move })).data;
  }
  assert.equal(records(session).at(-1).type, "end");
});

test("table: a hand of heads-up Hold'em against the heuristic, the opponent's cards hidden", () => {
  const session = new S.TableSession(m, lib, { spec: "holdem", seat: 1, opponents: ["heuristic"], seed: 9 });
  let s = call(session, "state").data;
  assert.equal(s.name, "holdem");
  assert.equal(s.view.seats[0].hole, null);  // the page sees only its own seat's cards
  assert.equal(s.view.seats[1].hole.length, 2);
  let guard = 0;
  while (!s.terminal) {
    if (s.your_turn) {
      assert.ok(s.legal.every((a) => typeof a.name === "string" && Number.isInteger(a.id)));
      const call_ = s.legal.find((a) => /^(check|call)/.test(a.name)) || s.legal[0];
      s = call(session, "move", { move: s.move, action: call_.id }).data;
    } else {
      assert.deepEqual(s.legal, []);
      s = call(session, "advance", { move: s.move }).data;
    }
    assert.ok(s && ++guard < 500, JSON.stringify(s));
  }
  assert.equal(s.returns.length, 2);
  assert.equal(records(session).at(-1).type, "end");
});

test("splitAgents splits at commas outside parentheses", () => {
  assert.deepEqual(S.splitAgents("heuristic, mcts(iterations=50,seed=1),random"),
    ["heuristic", "mcts(iterations=50,seed=1)", "random"]);
});
