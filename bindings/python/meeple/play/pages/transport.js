// How a play page reaches its game, as MeepleTransport.call(route, body) -> {ok, status,
// data}: here meeple play's local server over HTTP (/api/ROUTE, docs/play.md). The
// static site of `meeple web` ships another transport.js under the same name, which
// runs the same routes in a Web Worker, so the play pages are the same files in both.
"use strict";

(function (global) {
  async function call(route, body) {
    const res = await fetch("/api/" + route, body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    return { ok: res.ok, status: res.status, data: await res.json() };
  }
  global.MeepleTransport = { call };
})(typeof window !== "undefined" ? window : globalThis);
