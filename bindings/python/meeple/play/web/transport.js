// The static site's transport (the play pages call MeepleTransport.call(route, body) ->
// {ok, status, data}, see ../pages/transport.js for meeple play's): the same routes,
// answered by a Web Worker running the library, so nothing needs a server. The worker
// is made from a Blob of MEEPLE_WORKER_SOURCE, which `meeple web` puts before this
// code: a page opened from disk (file://) may not start a worker from a file, nor
// fetch a .wasm, but it may start one from a Blob it made (docs/wasm.md).
// The game comes from the page's file name (play-catan.html, ...) and its query:
// ?spec=catan(players=3)&seat=0&opponents=heuristic,mcts(iterations=200)&seed=7.
"use strict";

(function (global) {
  const pending = new Map();
  let nextId = 1;
  const page = (/play-(\w+)\.html$/.exec(location.pathname) || [, "catan"])[1];
  const query = new URLSearchParams(location.search);
  const config = {};
  for (const key of ["spec", "opponents", "seat", "seed"]) if (query.has(key)) config[key] = query.get(key);

  const worker = new Worker(URL.createObjectURL(new Blob([MEEPLE_WORKER_SOURCE], { type: "text/javascript" })));
  worker.onmessage = (e) => {
    const done = pending.get(e.data.id);
    pending.delete(e.data.id);
    if (done) done({ ok: e.data.ok, status: e.data.status, data: e.data.data });
  };
  worker.onerror = (e) => {
    e.preventDefault();
    const failed = { ok: false, status: 500, data: { error: "the library's worker stopped (" + (e.message || "an error") + "); reload the page", status: 500 } };
    for (const done of pending.values()) done(failed);
    pending.clear();
  };
  function send(message) {
    return new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage(Object.assign({ id }, message));
    });
  }
  const started = send({ type: "init", page, config });

  async function call(route, body) {
    const init = await started;
    if (!init.ok) return init;  // a bad spec or agent: every call says why
    return send({ route, body: body === undefined ? null : body });
  }

  // The game log: a button beside the line that names it writes what was played so far.
  function addDownload() {
    const where = document.getElementById("log");
    if (!where || document.getElementById("log-download")) return;
    const button = document.createElement("button");
    button.id = "log-download";
    button.type = "button";
    button.textContent = "download the game log";
    button.addEventListener("click", async () => {
      const res = await call("log");
      if (!res.ok) { document.getElementById("error").textContent = res.data.error; return; }
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([res.data.text], { type: "application/x-ndjson" }));
      a.download = res.data.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
    where.after(" ", button);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", addDownload);
  else addDownload();

  global.MeepleTransport = { call, started, bench: (options) => started.then(() => send({ type: "bench", body: options })) };
})(typeof window !== "undefined" ? window : globalThis);
