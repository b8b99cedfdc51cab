// The JavaScript binding of meeple: the library compiled to WebAssembly
// (tools/build_wasm.sh) and called only through the C header include/meeple/meeple.h,
// as the Python binding calls it. Runs in Node, in a page and in a Web Worker (it
// touches no DOM): `const m = await load();` then `m.game("catan")`, ...
//
// Conventions, those of the header: variable-length results are query-then-fill (one
// call for the length, one to fill); a failing status becomes a MeepleError subclass
// carrying meeple_last_error_message(). 64-bit values (seeds, card masks, hashes) are
// BigInt; a Number is accepted where one is passed in. Every handle (Game, State,
// Agent, Search) has free(); a FinalizationRegistry frees the ones dropped without it.

import { BY_STATUS, InternalError, MeepleError } from "./errors.mjs";

export * from "./errors.mjs";

export const ACTING_PLAYER = -4;
export const CHANCE = -1;
export const VIEW_PUBLIC = -2;
export const VIEW_ALL = -3;
export const NOBODY = -5;
export const ABI_VERSION = 5;  // MEEPLE_ABI_VERSION of the header this file follows (a test compares them)

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Loads the WebAssembly module. options.moduleUrl: where build/wasm/meeple.mjs is
// (default: the build folder of this checkout); the .wasm is looked up beside it.
// options.factory and options.wasmBinary: the glue's factory function and the .wasm
// bytes, already in hand (a worker made from a Blob, as the static pages make theirs,
// can neither import nor fetch files beside it; see docs/wasm.md).
export async function load(options = {}) {
  if (options.factory) {
    // locateFile: the glue then looks for no file beside a script that has no folder.
    const M = await options.factory(options.wasmBinary ? { wasmBinary: options.wasmBinary, locateFile: (name) => name } : {});
    return new Meeple(M);
  }
  const url = options.moduleUrl ?? new URL("../../build/wasm/meeple.mjs", import.meta.url).href;
  const { default: createMeeple } = await import(url);
  const wasmUrl = new URL("meeple.wasm", url);
  const init = {};
  if (options.wasmBinary) {
    init.wasmBinary = options.wasmBinary;
  } else if (wasmUrl.protocol === "file:" && typeof process !== "undefined" && process.versions?.node) {
    const { readFile } = await import("node:fs/promises");
    init.wasmBinary = await readFile(wasmUrl);
  } else {
    init.locateFile = (name) => new URL(name, url).href;
  }
  const M = await createMeeple(init);
  return new Meeple(M);
}

class Meeple {
  constructor(M) {
    this._M = M;
    const abi = M._meeple_abi_version();
    if (abi !== ABI_VERSION) {
      throw new MeepleError(`meeple: this binding follows ABI version ${ABI_VERSION} but the ` +
        `WebAssembly module reports ${abi}; rebuild it with tools/build_wasm.sh`);
    }
    this.version = M.UTF8ToString(M._meeple_version_string());
    // Handles dropped without free(): freed by the collector, each by its own call.
    this._registry = new FinalizationRegistry(({ free, ptr }) => free(ptr));
  }

  // ---- memory ---------------------------------------------------------------------
  _alloc(bytes) {
    const p = this._M._malloc(Math.max(8, bytes));
    if (!p) throw new MeepleError(`meeple: could not allocate ${bytes} bytes of WebAssembly memory`, -9);
    return p;
  }
  _free(p) { this._M._free(p); }
  // Runs fn with scratch blocks of the given byte sizes, freed afterwards.
  _with(sizes, fn) {
    const ptrs = sizes.map((n) => this._alloc(n));
    try { return fn(...ptrs); } finally { for (const p of ptrs) this._free(p); }
  }
  _view() { return new DataView(this._M.HEAPU8.buffer); }
  _u32(p) { return this._view().getUint32(p, true); }
  _i32(p) { return this._view().getInt32(p, true); }
  _u64(p) { return this._view().getBigUint64(p, true); }
  _f64(p) { return this._view().getFloat64(p, true); }
  _copy(Type, p, n) { return new Type(this._M.HEAPU8.buffer.slice(p, p + n * Type.BYTES_PER_ELEMENT)); }

  check(status) {
    if (status === 0) return;
    const M = this._M;
    const message = M.UTF8ToString(M._meeple_last_error_message());
    const name = M.UTF8ToString(M._meeple_status_name(status));
    const Cls = BY_STATUS.get(status) ?? InternalError;
    throw new Cls(message || name, status, name);
  }

  // A NUL-terminated UTF-8 copy of text in scratch memory, for the call fn(ptr). The
  // library reads text up to its first NUL, so a string holding one is refused here.
  _str(text, what, fn) {
    if (typeof text !== "string") throw new TypeError(`${what} must be a string, not ${typeof text}`);
    const nul = text.indexOf("\0");
    if (nul >= 0) {
      throw new RangeError(`${what} holds a NUL character at index ${nul}; text passed to meeple ` +
        "ends at its first NUL, so remove it (or everything after it)");
    }
    const bytes = encoder.encode(text);
    return this._with([bytes.length + 1], (p) => {
      this._M.HEAPU8.set(bytes, p);
      this._M.HEAPU8[p + bytes.length] = 0;
      return fn(p);
    });
  }

  // Query-then-fill: call(out, capacity, outLen) gives the length, then fills.
  _fill(Type, call) {
    return this._with([4], (lenPtr) => {
      this.check(call(0, 0, lenPtr));
      const n = this._u32(lenPtr);
      return this._with([n * Type.BYTES_PER_ELEMENT], (out) => {
        this.check(call(out, n, lenPtr));
        return this._copy(Type, out, n);
      });
    });
  }
  _fillString(call) {
    return this._with([4], (lenPtr) => {
      this.check(call(0, 0, lenPtr));
      const n = this._u32(lenPtr);
      return this._with([n + 1], (out) => {
        this.check(call(out, n + 1, lenPtr));
        return decoder.decode(this._M.HEAPU8.subarray(out, out + n));
      });
    });
  }
  // One out-pointer of `bytes` bytes: fn(ptr) makes the call, read(ptr) the value.
  _out(bytes, call, read) {
    return this._with([bytes], (p) => { this.check(call(p)); return read(p); });
  }
  _own(obj, ptr, free) {
    obj._ptr = ptr;
    this._registry.register(obj, { free, ptr }, obj);
  }
  _release(obj, free) {
    if (!obj._ptr) return;
    this._registry.unregister(obj);
    free(obj._ptr);
    obj._ptr = 0;
  }

  // ---- library --------------------------------------------------------------------
  gameNames() {
    const text = this._fillString((o, c, l) => this._M._meeple_game_names(o, c, l));
    return text ? text.split(",") : [];
  }
  statusName(status) { return this._M.UTF8ToString(this._M._meeple_status_name(status)); }
  // The seed of item `index` under `seed` (meeple_batch_derive_seed), as Python's derive_seed.
  deriveSeed(seed, index) { return BigInt.asUintN(64, this._M._meeple_batch_derive_seed(big(seed, "seed"), big(index, "index"))); }

  game(spec) {
    const ptr = this._str(spec, "game spec", (s) => this._out(4, (p) => this._M._meeple_game_new(s, p), (p) => this._u32(p)));
    return new Game(this, ptr);
  }
  agent(game, spec, seed = 0) {
    const g = this._gameOf(game);
    const ptr = this._str(spec, "agent spec", (s) =>
      this._out(4, (p) => this._M._meeple_agent_new(g._ptr, s, big(seed, "seed"), p), (p) => this._u32(p)));
    return new Agent(this, ptr, g);
  }
  search(game, spec, { roots = 1, threads = 1 } = {}) {
    const g = this._gameOf(game);
    const ptr = this._str(spec, "search spec", (s) =>
      this._out(4, (p) => this._M._meeple_search_new(g._ptr, s, big(roots, "roots"), threads, p), (p) => this._u32(p)));
    return new Search(this, ptr, g);
  }
  _gameOf(game) { return typeof game === "string" ? this.game(game) : game; }

  // Whole random games in the library (meeple_run_random_games): totals and wins by seat.
  runRandomGames(game, games, seed = 0, { threads = 1 } = {}) {
    const g = this._gameOf(game);
    const seats = g.info.numPlayers;
    return this._with([40, 8 * seats], (stats, wins) => {
      this._view().setUint32(stats, 40, true);
      this._view().setUint32(stats + 4, 0, true);
      this.check(this._M._meeple_run_random_games(g._ptr, big(games, "games"), big(seed, "seed"), threads,
        stats, wins, seats, 0));
      return {
        games: this._u64(stats + 8), moves: this._u64(stats + 16),
        truncated: this._u64(stats + 24), draws: this._u64(stats + 32),
        wins: this._copy(BigUint64Array, wins, seats),
      };
    });
  }

  // Plays a tournament (meeple_tournament_run) and returns its results as plain data.
  tournament(game, agents, { games = 100, seed = 0, threads = 1, maxMoves = 0, duplicate = true,
    keepMoves = false } = {}) {
    const g = this._gameOf(game);
    if (!Array.isArray(agents) || agents.length === 0) throw new TypeError("agents must be a non-empty array of agent specs");
    const specPtrs = [];
    try {
      for (const [i, spec] of agents.entries()) {
        specPtrs.push(this._str(spec, `agents[${i}]`, (p) => {
          const n = this._M.HEAPU8.indexOf(0, p) - p + 1;
          const copy = this._alloc(n);
          this._M.HEAPU8.copyWithin(copy, p, p + n);
          return copy;
        }));
      }
      return this._with([4 * agents.length, 88, 4], (arr, cfg, out) => {
        const v = this._view();
        specPtrs.forEach((p, i) => v.setUint32(arr + 4 * i, p, true));
        for (let o = 0; o < 88; o += 4) v.setUint32(cfg + o, 0, true);
        v.setUint32(cfg, 88, true);
        v.setInt32(cfg + 4, threads, true);
        v.setBigUint64(cfg + 8, big(games, "games"), true);
        v.setBigUint64(cfg + 16, big(seed, "seed"), true);
        v.setBigUint64(cfg + 24, big(maxMoves, "maxMoves"), true);
        v.setInt32(cfg + 32, duplicate ? 1 : 0, true);
        v.setInt32(cfg + 72, keepMoves ? 1 : 0, true);
        this.check(this._M._meeple_tournament_run(g._ptr, arr, agents.length, cfg, 0, out));
        const t = this._u32(out);
        try { return this._readTournament(t, g.info.numPlayers); } finally { this._M._meeple_tournament_free(t); }
      });
    } finally {
      for (const p of specPtrs) this._free(p);
    }
  }
  _readTournament(t, seats) {
    const M = this._M;
    const info = this._with([72], (p) => {
      this._view().setUint32(p, 72, true);
      this.check(M._meeple_tournament_info(t, p));
      return { numAgents: this._i32(p + 4), games: Number(this._u64(p + 16)), sprtDecision: this._i32(p + 12) };
    });
    const agents = [];
    for (let a = 0; a < info.numAgents; ++a) {
      agents.push(this._with([112], (p) => {
        this._view().setUint32(p, 112, true);
        this.check(M._meeple_tournament_agent(t, a, p));
        const n = (o) => Number(this._u64(p + o));
        return {
          spec: this._fillString((o, c, l) => M._meeple_tournament_agent_spec(t, a, o, c, l)),
          games: n(8), seats: n(16), wins: n(24), draws: n(32), losses: n(40), truncations: n(48),
          illegal: n(56), score: this._f64(p + 64), winRate: this._f64(p + 72), winLow: this._f64(p + 80),
          winHigh: this._f64(p + 88), elo: this._f64(p + 96), eloStderr: this._f64(p + 104),
        };
      }));
    }
    const rows = info.games;
    const gamesRows = this._with([8 * rows, 8 * rows * seats, 8 * rows, 4], (seeds, returns, moves, len) => {
      this.check(M._meeple_tournament_games(t, seeds, 0, 0, returns, moves, 0, 0, rows, len));
      const r = this._copy(Float64Array, returns, rows * seats);
      const s = this._copy(BigUint64Array, seeds, rows);
      const m = this._copy(BigUint64Array, moves, rows);
      return Array.from({ length: rows }, (_, i) => ({
        seed: s[i], moves: Number(m[i]), returns: Array.from(r.subarray(i * seats, (i + 1) * seats)),
      }));
    });
    return { games: info.games, sprtDecision: info.sprtDecision, agents, rows: gamesRows };
  }

  // ---- poker ----------------------------------------------------------------------
  parseCards(text) {
    return this._str(text, "cards", (s) => this._fill(Int32Array, (o, c, l) => this._M._meeple_poker_parse_cards(s, o, c, l)));
  }
  parseMask(text) {
    return this._str(text, "cards", (s) => this._out(8, (p) => this._M._meeple_poker_parse_mask(s, p), (p) => this._u64(p)));
  }
  formatMask(mask) {
    return this._fillString((o, c, l) => this._M._meeple_poker_format_mask(big(mask, "mask"), o, c, l));
  }
  // The value of 5 to 7 cards (a mask or text such as "As Ks Qs Js Ts"): higher is better.
  evaluate(cards) {
    const mask = typeof cards === "string" ? this.parseMask(cards) : big(cards, "cards");
    return this._out(4, (p) => this._M._meeple_poker_evaluate(mask, p), (p) => this._u32(p));
  }
  describe(value) { return this._fillString((o, c, l) => this._M._meeple_poker_describe(value >>> 0, o, c, l)); }
  // Equity of known hands: hands are texts or masks; board and dead likewise (default
  // none). trials 0: exact enumeration; else Monte Carlo with that many boards.
  equity(hands, { board = 0n, dead = 0n, game = "holdem", trials = 0, seed = 0, threads = 1 } = {}) {
    const mask = (x, what) => (typeof x === "string" ? this.parseMask(x) : big(x, what));
    const gameId = { holdem: 0, plo: 1 }[game];
    if (gameId === undefined) throw new RangeError(`game is '${game}'; pass 'holdem' or 'plo'`);
    const n = hands.length;
    const masks = hands.map((h, i) => mask(h, `hands[${i}]`));
    return this._with([8 * n, 8 * n, 8 * n, 8 * n, 8 * n, 8], (hp, win, tie, eq, se, count) => {
      masks.forEach((m, i) => this._view().setBigUint64(hp + 8 * i, m, true));
      this.check(this._M._meeple_poker_equity(gameId, hp, n, mask(board, "board"), mask(dead, "dead"),
        trials ? 1 : 0, BigInt(trials), big(seed, "seed"), threads, win, tie, eq, se, count, 0));
      return {
        win: this._copy(Float64Array, win, n), tie: this._copy(Float64Array, tie, n),
        equity: this._copy(Float64Array, eq, n), stderr: this._copy(Float64Array, se, n),
        boards: this._u64(count),
      };
    });
  }
}

// A 64-bit argument from a BigInt or a safe non-negative integer Number.
function big(x, what) {
  if (typeof x === "bigint") return x;
  if (Number.isSafeInteger(x) && x >= 0) return BigInt(x);
  throw new TypeError(`${what} must be a BigInt or a non-negative integer Number, not ${x}`);
}

// Agent specs, as the Python binding names them.
export const heuristic = "heuristic";
export const random = "random";
// mcts({iterations: 200, c: 1.4}) -> "mcts(iterations=200,c=1.4)"; the options are the
// search's (docs/search.md); the library checks them.
export function mcts(options = {}) { return specOf("mcts", options); }
export function ismcts(options = {}) { return specOf("ismcts", options); }
function specOf(name, options) {
  const items = Object.entries(options).map(([k, v]) => `${k}=${v}`);
  return items.length ? `${name}(${items.join(",")})` : name;
}

export class Game {
  constructor(lib, ptr) {
    this._lib = lib;
    lib._own(this, ptr, lib._M._meeple_game_free);
    const M = lib._M;
    this.spec = lib._fillString((o, c, l) => M._meeple_game_spec(ptr, o, c, l));
    this.info = lib._with([32], (p) => {
      const v = lib._view();
      v.setUint32(p, 32, true);
      lib.check(M._meeple_game_info(ptr, p));
      return {
        numPlayers: lib._i32(p + 4), numActions: lib._i32(p + 8), maskWords: lib._i32(p + 12),
        obsSize: lib._i32(p + 16), maxChanceOutcomes: lib._i32(p + 20), snapshotSize: lib._u32(p + 24),
        stateVersion: lib._u32(p + 28),
      };
    });
  }
  get _live() {
    if (!this._ptr) throw new MeepleError("this Game was freed; make a new one");
    return this._ptr;
  }
  free() { this._lib._release(this, this._lib._M._meeple_game_free); }
  describeJson() { return this._lib._fillString((o, c, l) => this._lib._M._meeple_game_describe_json(this._live, o, c, l)); }
  describe() { return JSON.parse(this.describeJson()); }
  actionName(action) { return this._lib._fillString((o, c, l) => this._lib._M._meeple_game_action_name(this._live, action, o, c, l)); }
  // Constant data the game publishes under key (for catan, "topology"), parsed.
  data(key) {
    return JSON.parse(this._lib._str(key, "data key", (k) =>
      this._lib._fillString((o, c, l) => this._lib._M._meeple_game_data_json(this._live, k, o, c, l))));
  }
  // A state from a described position (the game's JSON layout, object or text).
  fromPosition(position, seed = 0) {
    const lib = this._lib;
    const text = typeof position === "string" ? position : JSON.stringify(position);
    return new State(lib, lib._str(text, "position", (s) =>
      lib._out(4, (p) => lib._M._meeple_state_from_position(this._live, s, big(seed, "seed"), p), (p) => lib._u32(p))), this);
  }
  newState(seed = 0) {
    const lib = this._lib;
    return new State(lib, lib._out(4, (p) => lib._M._meeple_state_new(this._live, big(seed, "seed"), p), (p) => lib._u32(p)), this);
  }
  // A state from snapshot bytes (a Uint8Array); corrupt bytes give ParseError or
  // VersionMismatchError with what was expected.
  restore(bytes) {
    const lib = this._lib;
    if (!(bytes instanceof Uint8Array)) throw new TypeError("snapshot must be a Uint8Array");
    const ptr = lib._with([bytes.length, 4], (data, out) => {
      lib._M.HEAPU8.set(bytes, data);
      lib.check(lib._M._meeple_state_restore(this._live, data, bytes.length, out));
      return lib._u32(out);
    });
    return new State(lib, ptr, this);
  }
}

export class State {
  constructor(lib, ptr, game) {
    this._lib = lib;
    this.game = game;
    lib._own(this, ptr, lib._M._meeple_state_free);
  }
  get _live() {
    if (!this._ptr) throw new MeepleError("this State was freed; make a new one");
    return this._ptr;
  }
  free() { this._lib._release(this, this._lib._M._meeple_state_free); }
  _int(call) { return this._lib._out(4, (p) => call(this._live, p), (p) => this._lib._i32(p)); }
  get currentPlayer() { return this._int(this._lib._M._meeple_state_current_player); }
  get isTerminal() { return this._int(this._lib._M._meeple_state_is_terminal) !== 0; }
  get truncated() { return this._int(this._lib._M._meeple_state_truncated) !== 0; }
  get moveNumber() { return Number(this._lib._out(8, (p) => this._lib._M._meeple_state_move_number(this._live, p), (p) => this._lib._u64(p))); }
  get hash() { return this._lib._out(8, (p) => this._lib._M._meeple_state_hash(this._live, p), (p) => this._lib._u64(p)); }
  activePlayers() { return this._lib._fill(Int32Array, (o, c, l) => this._lib._M._meeple_state_active_players(this._live, o, c, l)); }
  legalActions(player = ACTING_PLAYER) {
    return this._lib._fill(Int32Array, (o, c, l) => this._lib._M._meeple_state_legal_actions(this._live, player, o, c, l));
  }
  // The packed mask (BigUint64Array of maskWords words: bit a of word a/64 is action a).
  actionMaskWords(player = ACTING_PLAYER) {
    return this._lib._fill(BigUint64Array, (o, c, l) => this._lib._M._meeple_state_action_mask(this._live, player, o, c, l));
  }
  // One byte an action: 1 where legal.
  actionMask(player = ACTING_PLAYER) {
    const words = this.actionMaskWords(player);
    const n = this.game.info.numActions;
    const mask = new Uint8Array(n);
    for (let a = 0; a < n; ++a) mask[a] = Number((words[a >> 6] >> BigInt(a & 63)) & 1n);
    return mask;
  }
  isLegal(action, player = ACTING_PLAYER) {
    return this._lib._out(4, (p) => this._lib._M._meeple_state_is_legal(this._live, player, action, p), (p) => this._lib._i32(p)) !== 0;
  }
  // Plays action for player (default: whoever is to act). Throws IllegalActionError,
  // NotActiveError, WrongStateError, ... with the library's message; nothing changes then.
  apply(action, player = ACTING_PLAYER) {
    if (!Number.isInteger(action)) throw new TypeError(`action must be an integer, not ${action}`);
    this._lib.check(this._lib._M._meeple_state_apply(this._live, player, action));
    return this;
  }
  // Pending chance outcomes: [[action, probability], ...] ([] when none is pending).
  chanceOutcomes() {
    const lib = this._lib, M = lib._M;
    return lib._with([4], (lenPtr) => {
      lib.check(M._meeple_state_chance_outcomes(this._live, 0, 0, 0, lenPtr));
      const n = lib._u32(lenPtr);
      if (n === 0) return [];
      return lib._with([4 * n, 8 * n], (acts, probs) => {
        lib.check(M._meeple_state_chance_outcomes(this._live, acts, probs, n, lenPtr));
        const a = lib._copy(Int32Array, acts, n), p = lib._copy(Float64Array, probs, n);
        return Array.from(a, (x, i) => [x, p[i]]);
      });
    });
  }
  returns() { return this._lib._fill(Float64Array, (o, c, l) => this._lib._M._meeple_state_returns(this._live, o, c, l)); }
  observation(viewer) {
    return this._lib._fill(Float32Array, (o, c, l) => this._lib._M._meeple_state_observation(this._live, viewer, o, c, l));
  }
  viewJson(viewer = VIEW_PUBLIC) {
    return this._lib._fillString((o, c, l) => this._lib._M._meeple_state_view_json(this._live, viewer, o, c, l));
  }
  view(viewer = VIEW_PUBLIC) { return JSON.parse(this.viewJson(viewer)); }
  render() { return this._lib._fillString((o, c, l) => this._lib._M._meeple_state_render(this._live, o, c, l)); }
  snapshot() { return this._lib._fill(Uint8Array, (o, c, l) => this._lib._M._meeple_state_snapshot(this._live, o, c, l)); }
  clone() {
    const lib = this._lib;
    return new State(lib, lib._out(4, (p) => lib._M._meeple_state_clone(this._live, p), (p) => lib._u32(p)), this.game);
  }
}

export class Agent {
  constructor(lib, ptr, game) {
    this._lib = lib;
    this.game = game;
    lib._own(this, ptr, lib._M._meeple_agent_free);
    this.spec = lib._fillString((o, c, l) => lib._M._meeple_agent_spec(ptr, o, c, l));
  }
  get _live() {
    if (!this._ptr) throw new MeepleError("this Agent was freed; make a new one");
    return this._ptr;
  }
  free() { this._lib._release(this, this._lib._M._meeple_agent_free); }
  reset(seed) { this._lib.check(this._lib._M._meeple_agent_reset(this._live, big(seed, "seed"))); }
  act(state, player = ACTING_PLAYER) {
    return this._lib._out(4, (p) => this._lib._M._meeple_agent_act(this._live, state._live, player, p), (p) => this._lib._i32(p));
  }
  policy(state, player = ACTING_PLAYER) {
    return this._lib._fill(Float32Array, (o, c, l) => this._lib._M._meeple_agent_policy(this._live, state._live, player, o, c, l));
  }
}

export class Search {
  constructor(lib, ptr, game) {
    this._lib = lib;
    this.game = game;
    lib._own(this, ptr, lib._M._meeple_search_free);
    this.spec = lib._fillString((o, c, l) => lib._M._meeple_search_spec(ptr, o, c, l));
  }
  get _live() {
    if (!this._ptr) throw new MeepleError("this Search was freed; make a new one");
    return this._ptr;
  }
  free() { this._lib._release(this, this._lib._M._meeple_search_free); }
  setRoot(state, { root = 0, player = ACTING_PLAYER } = {}) {
    this._lib.check(this._lib._M._meeple_search_set_root(this._live, big(root, "root"), state._live, player));
  }
  advance(action, { root = 0, player = ACTING_PLAYER } = {}) {
    this._lib.check(this._lib._M._meeple_search_advance(this._live, big(root, "root"), player, action));
  }
  // Runs a round to its end (rollout evaluators need no values from the caller).
  run() {
    return this._lib._out(4, (p) => this._lib._M._meeple_search_run(this._live, 0, p), (p) => this._lib._i32(p));
  }
  stats(root = 0) {
    const lib = this._lib;
    return lib._with([40], (p) => {
      lib._view().setUint32(p, 40, true);
      lib.check(lib._M._meeple_search_stats(this._live, big(root, "root"), p));
      return { chosenAction: lib._i32(p + 4), iterations: Number(lib._u64(p + 8)), nodes: Number(lib._u64(p + 16)),
        maxDepth: Number(lib._u64(p + 24)), seconds: lib._f64(p + 32) };
    });
  }
  policy(root = 0, temperature = 1) {
    const lib = this._lib;
    const n = this.game.info.numActions;
    return lib._with([4 * n], (out) => {
      lib.check(lib._M._meeple_search_policy(this._live, big(root, "root"), temperature, out, n));
      return lib._copy(Float32Array, out, n);
    });
  }
}
