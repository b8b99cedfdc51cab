// The binding's calls against what the library promises: masks and legal actions agree,
// snapshots restore, agents and searches are deterministic for a seed, tournaments,
// random games and poker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, heuristic, mcts, VIEW_PUBLIC } from "../meeple.mjs";

const m = await load();

test("games, masks and legal actions agree; snapshots restore to the same position", () => {
  assert.deepEqual(m.gameNames().sort(), ["catan", "holdem", "tictactoe", "triangle"]);
  for (const name of m.gameNames()) {
    const g = m.game(name);
    const s = g.newState(7);
    const legal = Array.from(s.legalActions());
    const mask = s.actionMask();
    assert.equal(mask.length, g.info.numActions);
    assert.deepEqual(legal, Array.from(mask.keys()).filter((a) => mask[a]));
    const snap = s.snapshot();
    assert.equal(snap.length, g.info.snapshotSize);
    s.apply(legal[0]);
    const back = g.restore(snap);
    assert.deepEqual(back.snapshot(), snap);
    assert.notDeepEqual(s.snapshot(), snap);
    const copy = s.clone();
    assert.equal(copy.hash, s.hash);
    assert.equal(typeof s.view(VIEW_PUBLIC), "object");
    assert.equal(s.observation(0).length, g.info.obsSize);
  }
});

test("agents: mcts(...) and heuristic play legal moves, the same for the same seed", () => {
  const g = m.game("tictactoe");
  const s = g.newState(0);
  assert.equal(mcts({ iterations: 50 }), "mcts(iterations=50)");
  const a = m.agent(g, mcts({ iterations: 200 }), 5), b = m.agent(g, mcts({ iterations: 200 }), 5);
  assert.equal(a.act(s), b.act(s));
  assert.ok(s.isLegal(m.agent(g, heuristic).act(s)));
  const p = a.policy(s);
  assert.equal(p.length, 9);
  assert.ok(Math.abs(p.reduce((x, y) => x + y, 0) - 1) < 1e-5);
});

test("a search runs its iterations and reports them", () => {
  const g = m.game("tictactoe");
  const search = m.search(g, "mcts(iterations=300,seed=2)");
  search.setRoot(g.newState(0));
  search.run();
  const st = search.stats();
  assert.equal(st.iterations, 300);
  assert.ok(st.chosenAction >= 0 && st.chosenAction < 9);
  assert.equal(search.policy(0, 0)[st.chosenAction], 1);
  search.free();
});

test("random games and tournaments match their documented totals", () => {
  const r = m.runRandomGames("tictactoe", 200, 3);
  assert.equal(r.games, 200n);
  assert.equal(r.wins[0] + r.wins[1] + r.draws, 200n);
  // The same at every thread count: the WebAssembly build runs them all on one thread.
  assert.deepEqual(m.runRandomGames("tictactoe", 200, 3, { threads: 4 }), r);
  const t = m.tournament("tictactoe", ["heuristic", "random"], { games: 20, seed: 1 });
  assert.equal(t.games, 20);
  assert.equal(t.agents[0].spec, "heuristic");
  assert.equal(t.agents[0].wins + t.agents[0].draws + t.agents[0].losses, t.agents[0].seats);
  assert.ok(t.agents[0].wins > t.agents[1].wins);
  assert.equal(t.rows.length, 20);
});

test("poker: evaluation, description and equity", () => {
  assert.equal(m.formatMask(m.parseMask("Ah As")), "As Ah");
  assert.deepEqual(Array.from(m.parseCards("2c As")).length, 2);
  const royal = m.evaluate("As Ks Qs Js Ts");
  assert.ok(royal > m.evaluate("Ks Qs Js Ts 9s"));
  assert.equal(m.describe(royal), "Straight Flush, ace high");
  const exact = m.equity(["As Ah", "Kd Kc"], { board: "2c 7d 9h" });
  assert.equal(exact.boards, 990n);  // 45 cards left, two to come: C(45, 2)
  assert.ok(Math.abs(exact.equity[0] + exact.equity[1] - 1) < 1e-12);
  assert.ok(exact.equity[0] > 0.9);
  const mc = m.equity(["As Ah", "Kd Kc"], { trials: 2000, seed: 9 });
  assert.deepEqual(m.equity(["As Ah", "Kd Kc"], { trials: 2000, seed: 9, threads: 3 }), mc);
});

test("the binding follows the header's ABI version", async () => {
  // meeple.mjs is written by hand against include/meeple/meeple.h: when the header's
  // version moves, this says so before any call can disagree with the library.
  const { readFileSync } = await import("node:fs");
  const header = readFileSync(new URL("../../../include/meeple/meeple.h", import.meta.url), "utf8");
  const declared = Number(/#define MEEPLE_ABI_VERSION (\d+)/.exec(header)[1]);
  const { ABI_VERSION } = await import("../meeple.mjs");
  assert.equal(ABI_VERSION, declared, "update ABI_VERSION in bindings/js/meeple.mjs (and what changed) to the header's");
});
