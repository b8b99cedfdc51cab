// Bad input gives the library's own messages in typed exceptions, and changes nothing.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  load, IllegalActionError, InvalidArgumentError, MeepleError, NotActiveError, ParseError, WrongStateError,
} from "../meeple.mjs";

const m = await load();

test("an illegal action raises IllegalActionError with the library's message and changes nothing", () => {
  const s = m.game("tictactoe").newState(1);
  s.apply(4);
  const before = s.snapshot();
  assert.throws(() => s.apply(4), (e) => {
    assert.ok(e instanceof IllegalActionError && e instanceof MeepleError);
    assert.equal(e.status, -4);
    assert.equal(e.statusName, "MEEPLE_ERR_ILLEGAL_ACTION");
    assert.match(e.message, /action 4 \(place\(1,1\)\) is not legal for player 1; legal actions: \[0, 1, 2, 3, 5, 6, 7, 8\]/);
    return true;
  });
  assert.deepEqual(s.snapshot(), before);
});

test("a seat that is not to act raises NotActiveError", () => {
  const s = m.game("tictactoe").newState(1);
  assert.throws(() => s.apply(0, 1), NotActiveError);
});

test("moving in a finished game raises WrongStateError", () => {
  const s = m.game("tictactoe").newState(1);
  for (const a of [0, 3, 1, 4, 2]) s.apply(a);
  assert.equal(s.isTerminal, true);
  assert.throws(() => s.apply(5), WrongStateError);
});

test("bad game specs name what was wrong and what is right", () => {
  assert.throws(() => m.game("chess"), (e) => e instanceof InvalidArgumentError && /catan/.test(e.message) && /tictactoe/.test(e.message));
  assert.throws(() => m.game("catan(players=9)"), (e) => e instanceof InvalidArgumentError &&
    e.message === "option 'players' of catan takes an integer from 2 to 4, got '9'");
  assert.throws(() => m.game("catan(players="), ParseError);
  assert.throws(() => m.game("tic\0tactoe"), (e) => e instanceof RangeError && /NUL character at index 3/.test(e.message));
  assert.throws(() => m.agent("tictactoe", "mcts(iterations=-3)"), InvalidArgumentError);
});

test("corrupt snapshot bytes raise ParseError and a snapshot of another game is refused", () => {
  const g = m.game("tictactoe");
  const bytes = g.newState(3).snapshot();
  bytes[bytes.length - 1] ^= 0xff;
  assert.throws(() => g.restore(bytes), MeepleError);
  assert.throws(() => g.restore(bytes.subarray(0, 10)), ParseError);
  const catan = m.game("catan").newState(1).snapshot();
  assert.throws(() => g.restore(catan), (e) => e instanceof MeepleError && /catan|tictactoe/.test(e.message));
});

test("a freed handle refuses calls instead of touching freed memory", () => {
  const s = m.game("triangle").newState(1);
  s.free();
  s.free();  // twice is harmless
  assert.throws(() => s.legalActions(), /freed/);
});
