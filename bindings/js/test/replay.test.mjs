// Random games of every game, played in WebAssembly, replayed through the Python binding
// (python_replay.py) with the same seed and actions: the snapshot bytes after every move
// and the view JSON text every few moves must be identical. Python: $MEEPLE_PYTHON
// (default python3) with the meeple package built from this checkout
// (build/test/stage/python, as HELPERS/tests/run.sh stage it) or the one installed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ABI_VERSION, load, VIEW_ALL, WrongStateError } from "../meeple.mjs";

const m = await load();
const here = fileURLToPath(new URL(".", import.meta.url));
const staged = fileURLToPath(new URL("../../../build/test/stage/python", import.meta.url));
const python = process.env.MEEPLE_PYTHON ?? "python3";
const env = { ...process.env };
if (existsSync(staged)) env.PYTHONPATH = staged + (env.PYTHONPATH ? ":" + env.PYTHONPATH : "");

// A small deterministic generator for the choice of moves (xorshift64*).
function chooser(seed) {
  let x = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
  return (n) => {
    x ^= x >> 12n; x ^= (x << 25n) & 0xffffffffffffffffn; x ^= x >> 27n;
    return Number(((x * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) >> 33n) % n;
  };
}

const sha = (bytes) => createHash("sha256").update(bytes).digest("hex");

function playRandom(spec, seed, viewEvery) {
  const game = m.game(spec);
  const state = game.newState(seed);
  const pick = chooser(seed);
  const moves = [], snapshots = [sha(state.snapshot())], views = viewEvery ? [state.viewJson(VIEW_ALL)] : [];
  while (!state.isTerminal && moves.length < 20000) {
    let player;
    try { player = state.currentPlayer; } catch (e) {
      if (!(e instanceof WrongStateError)) throw e;
      player = state.activePlayers()[0];  // several seats active: the lowest moves first
    }
    const legal = state.legalActions(player);
    const action = legal[pick(legal.length)];
    state.apply(action, player);
    moves.push([player, action]);
    snapshots.push(sha(state.snapshot()));
    if (viewEvery && moves.length % viewEvery === 0) views.push(state.viewJson(VIEW_ALL));
  }
  state.free();
  const about = { spec: game.spec, describe: game.describeJson() };
  game.free();
  return { request: { spec, seed, moves, view_every: viewEvery }, about, snapshots, views };
}

const probe = spawnSync(python, ["-c", "import meeple"], { env, encoding: "utf8" });
const missing = probe.error ? `${python} not found` : probe.status !== 0 ?
  `the meeple Python package does not import: ${probe.stderr.trim().split("\n").pop()}` : "";
// CI (MEEPLE_REQUIRE_PYTHON=1) fails on a missing Python binding instead of skipping.
if (missing && process.env.MEEPLE_REQUIRE_PYTHON === "1") throw new Error(`replay test: ${missing}`);
const skip = missing || false;

test("random games of every game give the Python binding's bytes after every move", { skip }, () => {
  const played = [];
  // Real-valued options in specs too: their canonical text is the library's double text.
  const specs = [...m.gameNames(), "catan(players=3,vp_to_win=12)", "holdem(players=3)"];
  for (const name of specs) {
    const catan = name.startsWith("catan");
    for (let g = 0; g < (catan ? 2 : 4); ++g) played.push(playRandom(name, 1000 + g, catan ? 97 : 1));
  }
  const out = spawnSync(python, [here + "python_replay.py"], {
    env, input: JSON.stringify({ games: played.map((p) => p.request) }), encoding: "utf8", maxBuffer: 1 << 30,
  });
  assert.equal(out.status, 0, out.stderr);
  const reply = JSON.parse(out.stdout);
  assert.equal(reply.abi, ABI_VERSION, "the Python binding's library has another ABI");
  played.forEach((p, i) => {
    const ref = reply.games[i];
    const where = `${p.request.spec} seed ${p.request.seed}`;
    assert.equal(ref.snapshots.length, p.snapshots.length, where);
    const first = p.snapshots.findIndex((s, k) => s !== ref.snapshots[k]);
    assert.equal(first, -1, `${where}: snapshots differ first after move ${first}`);
    assert.deepEqual(p.views, ref.views, `${where}: view JSON text differs`);
    assert.deepEqual(p.about, { spec: ref.spec, describe: ref.describe }, `${where}: spec or description differs`);
  });
});
