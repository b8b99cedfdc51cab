// The binding's calls the static pages need beyond the first ones: a game's constant
// data, states from positions, pending chance outcomes and derived seeds.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, CHANCE, InvalidArgumentError, ParseError } from "../meeple.mjs";

const m = await load();

test("data: Catan's topology, and an unknown key refused naming those published", () => {
  const g = m.game("catan");
  const topo = g.data("topology");
  assert.equal(topo.num_hexes, 19);
  assert.equal(topo.node_positions.length, topo.num_nodes);
  assert.throws(() => g.data("weather"), (e) => e instanceof InvalidArgumentError && /topology/.test(e.message));
});

test("fromPosition: a triangle position is checked, and malformed JSON is a ParseError", () => {
  const g = m.game("triangle");
  const view = g.newState(3).view();
  const s = g.fromPosition({ occupied: view.occupied, shapes: view.shapes }, 3);
  assert.deepEqual(s.view().occupied, view.occupied);
  const full = view.occupied.map((row) => row.map(() => 1));
  assert.throws(() => g.fromPosition({ occupied: full, shapes: view.shapes }), InvalidArgumentError);
  assert.throws(() => g.fromPosition("{\"occupied\": [", 0), ParseError);
});

test("chanceOutcomes: Catan's dice, probabilities summing to one, each legal for chance", () => {
  const g = m.game("catan(explicit_chance=true)");
  const s = g.newState(5);
  assert.deepEqual(s.chanceOutcomes(), []);
  let guard = 0;
  while (s.currentPlayer !== CHANCE) {
    s.apply(s.legalActions()[0]);
    assert.ok(++guard < 500);
  }
  const outcomes = s.chanceOutcomes();
  assert.ok(outcomes.length > 1);
  assert.ok(Math.abs(outcomes.reduce((a, [, p]) => a + p, 0) - 1) < 1e-12);
  for (const [a] of outcomes) assert.ok(s.isLegal(a, CHANCE));
});

test("deriveSeed: the values of meeple_batch_derive_seed (as Python's derive_seed gives them)", () => {
  assert.equal(m.deriveSeed(5, 2), 2611768881034074630n);
  assert.equal(m.deriveSeed(2n ** 64n - 1n, 7), 1869568459174662326n);
});
