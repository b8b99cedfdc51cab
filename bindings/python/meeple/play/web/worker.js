// The static site's Web Worker: loads the library (the WebAssembly bytes come inside
// this script, see docs/wasm.md for why) and answers the page's requests with the
// sessions of sessions.js, so agents think here and the page never freezes.
// Messages in: {id, type: "init", page, config} once (config: the page's query, as text), then {id, route, body}; out:
// {id, ok, status, data}. `meeple web` puts this file last in the worker's script,
// after the glue (createMeeple), the binding (MeepleJS), MEEPLE_WASM_BASE64,
// MEEPLE_SITE and sessions.js.
"use strict";

(function () {
  const S = self.MeepleSessions;
  let ready = null;  // a promise of {session} or {error}

  function bytesOf(base64) {
    const text = atob(base64), out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; ++i) out[i] = text.charCodeAt(i);
    return out;
  }

  async function start(page, config) {
    const t0 = performance.now();
    let m;
    try {
      m = await MeepleJS.load({ factory: createMeeple, wasmBinary: bytesOf(MEEPLE_WASM_BASE64) });
    } catch (e) {  // no WebAssembly, or a policy that forbids compiling it
      return { error: `the library could not start in this browser: ${e && e.message ? e.message : e}` };
    }
    const loadMs = performance.now() - t0;
    try {
      // The page's address gives text: seed=7&seat=1.
      const number = (key, fallback) => {
        const value = config[key] === undefined ? fallback : Number(config[key]);
        if (!Number.isSafeInteger(value) || value < 0 || String(config[key]).trim() === "") {
          throw new S.ApiError(400, `the ${key} in the page's address must be an integer from 0 up, not ${JSON.stringify(config[key])}`);
        }
        return value;
      };
      const seed = number("seed", 0);
      let session;
      if (page === "triangle") {
        session = new S.TriangleSession(m, MeepleJS, { spec: config.spec || "triangle", seed, site: MEEPLE_SITE.triangle });
      } else {
        const opponents = S.splitAgents(config.opponents || "heuristic");
        const Kind = page === "catan" ? S.CatanSession : S.TableSession;
        session = new Kind(m, MeepleJS, { spec: config.spec || (page === "catan" ? "catan" : "tictactoe"),
          seat: number("seat", 0), opponents, seed });
      }
      return { session, loadMs, m };
    } catch (e) {
      // A bad spec, seat or agent: the library's (or the session's) message for the page.
      const known = e instanceof S.ApiError || e instanceof MeepleJS.MeepleError;
      return { error: known ? e.message : `internal error (${e && e.constructor ? e.constructor.name : typeof e})`,
        loadMs, m };
    }
  }

  // Timings for docs/benchmarks.md (benchmarks/wasm_in_chromium.py): each case is
  // {game, games} (random games a second) or {game, search} (search iterations a
  // second from a new game), measured as benchmarks/wasm_vs_native.mjs does in Node.
  function bench(m, cases) {
    return cases.map((c) => {
      if (c.games) {
        const t0 = performance.now();
        m.runRandomGames(c.game, c.games, 1);
        return c.games / ((performance.now() - t0) / 1000);
      }
      const g = m.game(c.game), s = m.search(g, c.search), state = g.newState(1);
      try {
        s.setRoot(state);
        s.run();
        const st = s.stats();
        return st.iterations / st.seconds;
      } finally { s.free(); state.free(); g.free(); }
    });
  }

  self.onmessage = async (event) => {
    const { id, type, route, body } = event.data;
    if (type === "init") {
      ready = start(event.data.page, event.data.config || {});
      const r = await ready;
      self.postMessage({ id, ok: !r.error, status: r.error ? 400 : 200,
        data: r.error ? { error: r.error, status: 400 } : { load_ms: r.loadMs, version: r.m.version } });
      return;
    }
    const r = await ready;
    if (r.error) {
      self.postMessage({ id, ok: false, status: 400, data: { error: r.error, status: 400 } });
      return;
    }
    if (type === "bench") {
      self.postMessage({ id, ok: true, status: 200, data: bench(r.m, body || []) });
      return;
    }
    self.postMessage(Object.assign({ id }, S.answer(r.session, MeepleJS, route, body)));
  };
})();
