// Handles dropped without free() are freed by the FinalizationRegistry: a second round
// of 100,000 dropped Catan states fits in the memory the first round grew to (without
// the registry the second round would need as much again).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { load } from "../meeple.mjs";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const m = await load();

async function collect() {
  for (let k = 0; k < 5; ++k) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));  // finalizers run between tasks
  }
}

test("states dropped without free() are freed by the collector", async () => {
  const game = m.game("catan");
  const memory = () => m._M.HEAPU8.buffer.byteLength;
  const round = () => { for (let i = 0; i < 100000; ++i) game.newState(i); };
  const start = memory();
  round();
  const grown = memory();
  assert.ok(grown > start, "the first round must need more memory than the start, or the test proves nothing");
  await collect();
  round();
  await collect();
  round();
  assert.equal(memory(), grown);
});
