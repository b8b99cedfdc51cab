// What every play page does with its game, written once: calls through MeepleTransport
// that put the library's message on the page when refused, and, on pages where agents
// move between the person's turns, the agents' turns at the chosen speed.
"use strict";
const MeeplePage = {
  // An api(route, body) for a page whose state object `ctx` counts calls in flight
  // (busy) and keeps the last refusal (lastError); onStale runs when the move was
  // overtaken (409), to show the game as it is now.
  api(ctx, onStale) {
    const errorBox = () => document.getElementById("error");
    return async function api(route, body) {
      ctx.busy += 1;
      try {
        const res = await MeepleTransport.call(route, body);
        const data = res.data;
        if (!res.ok) {
          ctx.lastError = data.error || ("HTTP " + res.status);
          errorBox().textContent = ctx.lastError;
          if (res.status === 409) await onStale();
          return null;
        }
        ctx.lastError = "";
        errorBox().textContent = "";
        return data;
      } finally { ctx.busy -= 1; }
    };
  },

  // The turns of a page where agents play between the person's moves: schedule() lets
  // the agent to act move after the #speed delay (negative: only when asked), advance()
  // makes that move now, act(id) plays the person's action. show(data) draws an answer.
  turns(ctx, api, show) {
    async function advance() {
      const s = ctx.state;
      if (!s || s.terminal || s.your_turn) return;
      const data = await api("advance", { move: s.move });
      if (data) show(data);
    }
    function schedule() {
      clearTimeout(ctx.timer);
      const s = ctx.state;
      if (!s || s.terminal || s.your_turn) return;
      const speed = +document.getElementById("speed").value;
      if (speed < 0) return;
      ctx.busy += 1;
      ctx.timer = setTimeout(() => { ctx.busy -= 1; advance(); }, speed);
    }
    async function act(id) {
      const s = ctx.state;
      if (!s || !s.your_turn) return;
      const data = await api("move", { move: s.move, action: +id });
      if (data) show(data);
    }
    return { schedule, advance, act };
  },
};
