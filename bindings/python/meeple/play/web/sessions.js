// The games behind the static pages of `meeple web`: the routes of meeple play's server
// (docs/play.md: info, state, new, move, undo, hint, position, advance) answered in the
// browser by the library compiled to WebAssembly, with the same checks and messages as
// bindings/python/meeple/play/sessions.py, so the play pages (play-*.js) run unchanged.
// Each game is kept as its start position and the actions played since, and is written
// as game-log records (docs/recording.md) that the page can download.
//
// A classic script (the static site's worker is one, see worker.js); sets
// MeepleSessions on the global object. Every constructor takes `m`, the loaded binding
// (bindings/js/meeple.mjs), and `lib`, the module's exports (constants and errors).
"use strict";

(function (global) {
  const HINT_AGENTS = { heuristic: "heuristic", mcts: "mcts(iterations=400)" };
  const SEAT_NAMES = ["Blue \u25cf", "Orange \u25b2", "Green \u25a0", "Pink \u25c6"];  // as draw.js
  const FORMAT = "meeple-game-log", LOG_VERSION = 1;

  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }

  function intField(body, name, { required = true, fallback = 0 } = {}) {
    if (!(name in body)) {
      if (required) throw new ApiError(400, `the request needs '${name}' (an integer)`);
      return fallback;
    }
    const value = body[name];
    if (!Number.isSafeInteger(value)) throw new ApiError(400, `'${name}' must be an integer, not ${JSON.stringify(value)}`);
    return value;
  }

  // A small deterministic generator (splitmix64) for chance draws: a seed, the same game.
  function splitmix(seed) {
    let s = BigInt.asUintN(64, BigInt(seed));
    return () => {
      s = BigInt.asUintN(64, s + 0x9E3779B97F4A7C15n);
      let z = s;
      z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n);
      z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94D049BB133111EBn);
      z ^= z >> 31n;
      return Number(z >> 11n) / 2 ** 53;
    };
  }

  // ---- game-log records (records/gamelog.py writes the same layout) ----------------

  const constantsCache = new Map();
  function constants(game) {
    let text = constantsCache.get(game.spec);
    if (text === undefined) {
      const c = { action_names: Array.from({ length: game.info.numActions }, (_, a) => game.actionName(a)) };
      if (nameOf(game) === "catan") c.data = { topology: game.data("topology") };
      text = JSON.stringify(c).slice(1, -1);
      constantsCache.set(game.spec, text);
    }
    return text;
  }
  function nameOf(game) { return game.spec.split("(")[0]; }
  function withView(record, view) { return JSON.stringify(record).slice(0, -1) + ',"view":' + view + "}"; }

  function startRecord(m, lib, game, state, { seed, agents, meta }) {
    const record = { type: "start", format: FORMAT, version: LOG_VERSION, library: m.version, game: game.spec,
      name: nameOf(game), players: game.info.numPlayers, seed, agents, meta: meta || {}, move: state.moveNumber };
    const text = JSON.stringify(record);
    return text.slice(0, -1) + "," + constants(game) + ',"view":' + state.viewJson(lib.VIEW_ALL) + "}";
  }
  function stepRecord(lib, game, actor, legal, action, after, index) {
    return withView({ type: "step", i: index, actor, action, name: game.actionName(action), legal: legal.length,
      legal_actions: Array.from(legal) }, after.viewJson(lib.VIEW_ALL));
  }
  function endRecord(state, steps) {
    const returns = Array.from(state.returns());
    const truncated = state.truncated;
    const best = returns.length ? Math.max(...returns) : 0;
    const winners = returns.map((r, p) => [r, p]).filter(([r]) => r === best).map(([, p]) => p);
    const winner = winners.length === 1 && !truncated && returns.length > 1 ? winners[0] : null;
    return JSON.stringify({ type: "end", steps, returns, winner, truncated });
  }
  // The seat to act (null: the game is over), MEEPLE_CHANCE for chance.
  function actorOf(state) {
    if (state.isTerminal) return null;
    const p = state.currentPlayer;
    return p >= 0 || p === -1 ? p : null;
  }

  // One game: its start state, the actions played since and the state after each.
  class Line {
    constructor(start, seed, meta) {
      this.start = start; this.seed = seed; this.meta = meta;
      this.actions = []; this.states = [start]; this.writtenAt = null;
    }
    get state() { return this.states[this.states.length - 1]; }
    records(m, lib, agents) {
      const game = this.start.game;
      const out = [startRecord(m, lib, game, this.start, { seed: this.seed, agents, meta: this.meta })];
      this.actions.forEach((action, i) => {
        const before = this.states[i], actor = actorOf(before);
        const legal = actor === null ? [] : before.legalActions();
        out.push(stepRecord(lib, game, actor, legal, action, this.states[i + 1], i));
      });
      if (this.state.isTerminal) out.push(endRecord(this.state, this.actions.length));
      return out;
    }
  }

  // The games written so far, as one JSON Lines text (a game log the viewer and
  // meeple.records.read_game_log open); a game saved again replaces its earlier copy.
  class Log {
    constructor(name) { this.name = name; this.games = new Map(); }
    write(line, records) { this.games.set(line, records.join("\n") + "\n"); }
    text() { return [...this.games.values()].join(""); }
  }

  class Base {
    constructor(m, lib, spec, logName) {
      this.m = m; this.lib = lib;
      this.game = m.game(spec);
      this.log = new Log(logName);
    }
    save() {
      const line = this.line;
      if (!line.actions.length || line.writtenAt === line.actions.length) return;
      this.log.write(line, line.records(this.m, this.lib, this.agentNames()));
      line.writtenAt = line.actions.length;
    }
    checkMove(body) {
      const move = intField(body, "move"), current = this.line.state.moveNumber;
      if (move !== current) {
        throw new ApiError(409, `stale request: it was made for move ${move}, the game is at move ${current}; ` +
          "reload the state and try again");
      }
    }
    logText() { this.save(); return { name: this.log.name, text: this.log.text(), games: this.log.games.size }; }
    where() { return "this page: download it with the button beside this line"; }
  }

  class TriangleSession extends Base {
    constructor(m, lib, { spec = "triangle", seed = 0, site = {} } = {}) {
      super(m, lib, spec, "meeple-web-triangle.jsonl");
      this.site = site;
      this.gamesStarted = 0;
      this.line = this.newLine(seed, { source: "meeple web" });
    }
    agentNames() { return ["human"]; }
    newLine(seed, meta, start) {
      this.gamesStarted += 1;
      this.nextSeed = Number(seed) + 1;  // seeds stay Numbers here: they go into JSON records
      return new Line(start || this.game.newState(seed), Number(seed), meta);
    }
    response(extra = {}) {
      const state = this.line.state, terminal = state.isTerminal;
      return Object.assign({
        game: this.game.spec, name: "triangle", move: state.moveNumber, seed: Number(this.line.seed),
        view: state.view(), legal: terminal ? [] : Array.from(state.legalActions()),
        can_undo: this.line.actions.length > 0, terminal, games_started: this.gamesStarted, log: this.where(),
      }, extra);
    }
    handle(route, body) {
      if (route === "state") return this.response();
      if (route === "info") {
        return { game: this.game.spec, templates: this.site.templates, rows: this.site.rows, cols: this.site.cols,
          hint_agents: Object.keys(HINT_AGENTS).sort() };
      }
      if (route === "new") {
        const seed = intField(body, "seed", { required: false, fallback: this.nextSeed });
        if (seed < 0) throw new ApiError(400, `'seed' must be in 0..2^64-1, not ${seed}`);
        this.save();
        this.line = this.newLine(seed, { source: "meeple web" });
        return this.response();
      }
      if (route === "move") {
        this.checkMove(body);
        const action = intField(body, "action"), state = this.line.state;
        if (state.isTerminal) throw new ApiError(409, "the game is over: start a new game or undo");
        const n = this.game.info.numActions;
        if (!(action >= 0 && action < n) || !state.isLegal(action)) {
          const name = action >= 0 && action < n ? this.game.actionName(action) : String(action);
          throw new ApiError(400, `illegal move ${name}: the shape does not fit there ` +
            `(legal: one of the ${state.legalActions().length} actions in 'legal')`);
        }
        const after = state.clone().apply(action);
        this.line.actions.push(action);
        this.line.states.push(after);
        if (after.isTerminal) this.save();
        return this.response({ last_action: action, last_name: this.game.actionName(action) });
      }
      if (route === "undo") {
        this.checkMove(body);
        if (!this.line.actions.length) throw new ApiError(409, "nothing to undo: this is the start of the game");
        this.line.actions.pop();
        this.line.states.pop().free();
        return this.response();
      }
      if (route === "hint") {
        this.checkMove(body);
        const which = "agent" in body ? body.agent : "heuristic";
        if (typeof which !== "string" || !(which in HINT_AGENTS)) {
          throw new ApiError(400, `unknown hint agent ${JSON.stringify(which).slice(0, 80)}; use one of ` +
            JSON.stringify(Object.keys(HINT_AGENTS).sort()));
        }
        const state = this.line.state;
        if (state.isTerminal) throw new ApiError(409, "the game is over: there is nothing to hint");
        // A fresh agent a hint, seeded by the game and the move, as meeple play does.
        const agent = this.m.agent(this.game, HINT_AGENTS[which], this.m.deriveSeed(this.line.seed, state.moveNumber));
        try {
          const action = agent.act(state.clone());
          return this.response({ hint: action, hint_name: this.game.actionName(action), hint_agent: which });
        } finally { agent.free(); }
      }
      if (route === "position") {
        this.checkMove(body);
        if (!("occupied" in body) || !("shapes" in body)) {
          throw new ApiError(400, "a position needs 'occupied' (rows x cols of 0/1) and 'shapes' " +
            "(one entry a slot: null or a list of [dr, dc, up])");
        }
        const position = {};
        for (const k of ["occupied", "shapes", "colors"]) if (k in body) position[k] = body[k];
        const seed = this.nextSeed;
        let start;
        try { start = this.game.fromPosition(position, seed); } catch (e) {
          if (e instanceof this.lib.MeepleError) throw new ApiError(400, `position refused: ${e.message}`);
          throw e;
        }
        this.save();
        this.line = this.newLine(seed, { source: "meeple web", debug: true }, start);
        return this.response();
      }
      throw new ApiError(404, `unknown route /api/${route}`);
    }
  }

  // Catan (or, as TableSession, another turn game) for one person in `seat` against
  // agents in the other seats; the page only ever sees view(seat). Agents move one step
  // an `advance`, so the page shows them at its own speed. No undo.
  class CatanSession extends Base {
    constructor(m, lib, { spec = "catan", seat = 0, opponents = ["heuristic"], seed = 0 } = {}) {
      super(m, lib, spec, `meeple-web-${spec.split("(")[0]}.jsonl`);
      const players = this.game.info.numPlayers;
      if (!(Number.isInteger(seat) && seat >= 0 && seat < players)) {
        throw new ApiError(400, `seat ${seat} is not a seat of ${spec}: use 0 to ${players - 1}`);
      }
      if (opponents.length === 1) opponents = Array(players - 1).fill(opponents[0]);
      if (opponents.length !== players - 1) {
        throw new ApiError(400, `${spec} has ${players} seats: name 1 or ${players - 1} opponents, not ${opponents.length}`);
      }
      this.seat = seat;
      this.agents = new Map();
      let next = 0;
      for (let p = 0; p < players; ++p) {
        if (p !== seat) this.agents.set(p, m.agent(this.game, opponents[next++], m.deriveSeed(seed, p)));
      }
      this.line = new Line(this.game.newState(seed), seed, { source: "meeple web", seat });
      this.words = [];
      this.lastName = "";
      this.chance = splitmix(seed);
    }
    seatLabel(p) { return p < SEAT_NAMES.length ? SEAT_NAMES[p] : `Seat ${p}`; }
    agentNames() {
      return Array.from({ length: this.game.info.numPlayers }, (_, p) => p === this.seat ? "human" : this.agents.get(p).spec);
    }
    acting() {
      const state = this.line.state;
      if (state.isTerminal) return null;
      const active = state.activePlayers();
      return active.length === 1 ? active[0] : null;
    }
    response(extra = {}) {
      const state = this.line.state, acting = this.acting();
      const out = {
        game: this.game.spec, name: "catan", move: state.moveNumber, seat: this.seat, acting,
        your_turn: acting === this.seat, terminal: state.isTerminal, view: state.view(this.seat),
        seats: this.agentNames().map((who, p) => ({ seat: p, label: this.seatLabel(p), who })),
        words: this.words.slice(-200), words_total: this.words.length, last_name: this.lastName, log: this.where(),
      };
      if (state.isTerminal) out.returns = Array.from(state.returns());
      return Object.assign(out, extra);
    }
    play(action, actor) {
      const state = this.line.state, after = state.clone();
      let name = this.game.actionName(action);
      after.apply(action, actor === this.lib.CHANCE ? this.lib.CHANCE : this.lib.ACTING_PLAYER);
      this.line.actions.push(action);
      this.line.states.push(after);
      const who = actor === this.lib.CHANCE ? "chance" : this.seatLabel(actor) + (actor === this.seat ? " (you)" : "");
      if (actor === this.lib.CHANCE && !name.startsWith("chance_dice")) name = "a hidden draw";  // the page must not learn which
      this.lastName = name;
      let text = `${who}: ${name}`;
      const dice = after.view(this.seat).dice;
      if (name === "roll" && dice) text += ` -> ${JSON.stringify(dice).replace(/,/g, ", ")}`;
      this.words.push(text);
      if (after.isTerminal) this.save();
    }
    handle(route, body) {
      if (route === "state") return this.response();
      if (route === "info") return { game: this.game.spec, topology: this.game.data("topology"), seat: this.seat };
      const move = intField(body, "move"), current = this.line.state.moveNumber;
      if (move !== current) {
        throw new ApiError(409, `stale request: it was made for move ${move}, the game is at move ${current}; ` +
          "reload the state and try again");
      }
      if (this.line.state.isTerminal) throw new ApiError(409, "the game is over");
      const acting = this.acting();
      if (route === "move") {
        const action = intField(body, "action");
        if (acting !== this.seat) {
          const who = acting !== null && acting >= 0 ? this.seatLabel(acting) : "chance";
          throw new ApiError(409, `it is not your turn: ${who} acts now; ask /api/advance to let it play`);
        }
        const state = this.line.state, n = this.game.info.numActions;
        if (!(action >= 0 && action < n) || !state.isLegal(action)) {
          const name = action >= 0 && action < n ? this.game.actionName(action) : String(action);
          throw new ApiError(400, `illegal move ${name}: the legal actions are in view.legal_actions`);
        }
        this.play(action, this.seat);
        return this.response();
      }
      if (route === "advance") {
        if (acting === this.seat) throw new ApiError(409, "it is your turn: send /api/move");
        const state = this.line.state;
        let action;
        if (acting === this.lib.CHANCE) {
          const outcomes = state.chanceOutcomes();
          let u = this.chance();
          action = outcomes[outcomes.length - 1][0];
          for (const [a, p] of outcomes) { if (u < p) { action = a; break; } u -= p; }
        } else if (acting === null) {
          throw new ApiError(409, "several seats act at once; this page plays one seat at a time");
        } else {
          const position = state.clone();
          try { action = this.agents.get(acting).act(position); } finally { position.free(); }
        }
        this.play(action, acting);
        return this.response();
      }
      throw new ApiError(404, `unknown route /api/${route}`);
    }
  }

  // Tic-tac-toe or heads-up Hold'em at the table page: as Catan's session, and the
  // response lists the seat's legal actions with their names when it acts.
  class TableSession extends CatanSession {
    response(extra = {}) {
      const out = super.response(extra);
      out.name = nameOf(this.game);
      out.legal = out.your_turn
        ? Array.from(this.line.state.legalActions(), (a) => ({ id: a, name: this.game.actionName(a) })) : [];
      return out;
    }
    handle(route, body) {
      if (route === "info") return { game: this.game.spec, name: nameOf(this.game), seat: this.seat };
      return super.handle(route, body);
    }
  }

  // Splits "heuristic,mcts(iterations=50,seed=1)" at the commas outside parentheses.
  function splitAgents(text) {
    const out = [];
    let depth = 0, part = "";
    for (const ch of text) {
      if (ch === "," && depth === 0) { out.push(part.trim()); part = ""; continue; }
      depth += (ch === "(") - (ch === ")");
      part += ch;
    }
    out.push(part.trim());
    return out;
  }

  // Answers one request as meeple play's server does: {ok, status, data}; a refusal
  // carries the message (the library's own when it refused), never a stack trace.
  function answer(session, lib, route, body) {
    try {
      if (route !== "state" && route !== "info" && route !== "log" &&
          (body === null || typeof body !== "object" || Array.isArray(body))) {
        throw new ApiError(400, `/api/${route} takes a JSON object`);
      }
      const data = route === "log" ? session.logText() : session.handle(route, body);
      return { ok: true, status: 200, data };
    } catch (e) {
      if (e instanceof ApiError) return { ok: false, status: e.status, data: { error: e.message, status: e.status } };
      if (e instanceof lib.MeepleError) return { ok: false, status: 400, data: { error: e.message, status: 400 } };
      const kind = e && e.constructor ? e.constructor.name : typeof e;
      return { ok: false, status: 500, data: { error: `internal error (${kind}); the game is unchanged`, status: 500 } };
    }
  }

  global.MeepleSessions = {
    ApiError, TriangleSession, CatanSession, TableSession, splitAgents, answer, HINT_AGENTS, SEAT_NAMES,
  };
})(typeof self !== "undefined" ? self : globalThis);
