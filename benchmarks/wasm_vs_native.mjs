// WebAssembly (bindings/js in Node) against the native library (through the Python
// binding) on the same machine, one thread each: random Catan games a second
// (meeple_run_random_games) and MCTS iterations a second (meeple_search_run from a
// new game, rollout evaluator). Best of `--repeat` runs (default 3) of each.
// Run: tools/build_wasm.sh && node benchmarks/wasm_vs_native.mjs
// The native side uses build/test/stage/python when staged, else the installed meeple.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { load } from "../bindings/js/meeple.mjs";

const repeat = Number(process.argv.find((a) => a.startsWith("--repeat="))?.split("=")[1] ?? 3);
const cases = [
  { what: "random catan games/s", game: "catan", games: 300 },
  { what: "mcts catan iterations/s", game: "catan", search: "mcts(iterations=200,seed=1)" },
  { what: "mcts tictactoe iterations/s", game: "tictactoe", search: "mcts(iterations=50000,seed=1)" },
];

const m = await load();
function wasmRate(c) {
  if (c.games) {
    const t0 = performance.now();
    m.runRandomGames(c.game, c.games, 1);
    return c.games / ((performance.now() - t0) / 1000);
  }
  const g = m.game(c.game);
  const s = m.search(g, c.search);
  s.setRoot(g.newState(1));
  s.run();
  const st = s.stats();
  s.free();
  return st.iterations / st.seconds;
}

const py = `
import json, sys, time, meeple
out = []
for c in json.loads(sys.argv[1]):
    best = 0.0
    for _ in range(${repeat}):
        if "games" in c:
            t0 = time.perf_counter()
            meeple.run_random_games(c["game"], c["games"], seed=1, threads=1)
            rate = c["games"] / (time.perf_counter() - t0)
        else:
            g = meeple.Game(c["game"])
            s = meeple.Search(c["search"], g, threads=1)
            s.set_root(g.new_state(1))
            s.run()
            st = s.stats()
            rate = st.iterations / st.seconds
        best = max(best, rate)
    out.append(best)
print(json.dumps(out))
`;
const staged = fileURLToPath(new URL("../build/test/stage/python", import.meta.url));
const env = { ...process.env };
if (existsSync(staged)) env.PYTHONPATH = staged;
const native = spawnSync(process.env.MEEPLE_PYTHON ?? "python3", ["-c", py, JSON.stringify(cases)], { env, encoding: "utf8" });
if (native.status !== 0) throw new Error(`native side failed: ${native.stderr}`);
const nativeRates = JSON.parse(native.stdout);

console.log(`| what | WebAssembly (Node ${process.versions.node}) | native | wasm/native |`);
console.log("|---|---:|---:|---:|");
cases.forEach((c, i) => {
  let best = 0;
  for (let r = 0; r < repeat; ++r) best = Math.max(best, wasmRate(c));
  const n = nativeRates[i];
  console.log(`| ${c.what} | ${best.toFixed(1)} | ${n.toFixed(1)} | ${(100 * best / n).toFixed(0)}% |`);
});
