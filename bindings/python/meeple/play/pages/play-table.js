// The page of a turn game at a table (tic-tac-toe, heads-up Hold'em): draws the game (draw.js) and sends the person's moves
// through MeepleTransport (transport.js), which is meeple play's server over HTTP or, on
// the static site of meeple web, a Web Worker running the library: one script for both.
"use strict";
// The table page: tic-tac-toe and heads-up Hold'em against agents, drawn from view(seat).
const D = MeepleDraw;
const C = { state: null, busy: 0, lastError: "", timer: null, ready: false };
window.meepleTable = C;
const $ = (id) => document.getElementById(id);
const TITLES = { tictactoe: "Tic-tac-toe", holdem: "Heads-up Hold'em" };
const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };

const api = MeeplePage.api(C, async () => { const s = await MeepleTransport.call("state"); if (s.ok) show(s.data); });

function card(c) {
  if (!c) return "🂠";
  const text = String(c), suit = text[text.length - 1], red = suit === "d" || suit === "h";
  return `<span class="${red ? "red" : ""}">${D.esc(text.slice(0, -1) + (SUITS[suit] || suit))}</span>`;
}

function tictactoe(v, data) {
  // view.board: 3 rows of "X", "O" or "."; action i places in cell i (row * 3 + column).
  const cells = v.board.flat().map((mark, i) => {
    const a = data.your_turn && mark === "." ? data.legal.find((x) => x.id === i) : null;
    return a ? `<button data-act="${D.esc(a.id)}" data-name="${D.esc(a.name)}" aria-label="${D.esc(a.name)}">·</button>`
             : `<span>${mark === "." ? "" : D.esc(mark)}</span>`;
  });
  return `<div class="grid">${cells.join("")}</div>`;
}

function holdem(v) {
  const seats = v.seats.map((s) => `<tr><td>${D.esc(D.seat(s.seat).glyph)} ${D.esc(D.seat(s.seat).name)}</td>` +
    `<td class="cards">${(s.hole || [null, null]).map(card).join(" ")}</td><td>stack ${D.esc(s.stack)}</td>` +
    `<td>bet ${D.esc(s.bet)}</td><td>${s.folded ? "folded" : s.all_in ? "all in" : ""}</td></tr>`).join("");
  return `<p>${D.esc(v.street || v.phase)} · pot ${D.esc(v.pot)}</p><p class="cards">${v.board.map(card).join(" ") || "&nbsp;"}</p>` +
    `<table>${seats}</table>`;
}

function show(data) {
  C.state = data;
  const v = data.view, me = data.seat;
  document.title = "meeple play: " + (TITLES[data.name] || data.name);
  $("title").textContent = TITLES[data.name] || data.game;
  $("you").textContent = `you: ${D.seat(me).name} ${D.seat(me).glyph}`;
  const acting = data.acting == null ? null : D.seat(data.acting);
  const result = data.returns ? ` (your return ${data.returns[me] > 0 ? "+" : ""}${data.returns[me]})` : "";
  $("turn").textContent = data.terminal ? "Game over" + result
    : data.your_turn ? "your move" : `${acting ? acting.name + " " + acting.glyph : "chance"} is thinking`;
  $("table").innerHTML = data.name === "tictactoe" ? tictactoe(v, data)
    : data.name === "holdem" ? holdem(v) : `<pre>${D.esc(JSON.stringify(v, null, 1))}</pre>`;
  $("actions").innerHTML = data.name === "tictactoe" ? "" : data.legal.map((a) =>
    `<button data-act="${D.esc(a.id)}" data-name="${D.esc(a.name)}">${D.esc(a.name.replace(/_/g, " "))}</button>`).join("");
  // An agent's short name, its full spec on hover (a spec can be hundreds of characters).
  $("players").innerHTML = "<tr><th>seat</th><th>who</th></tr>" + data.seats.map((s) =>
    `<tr><td>${D.esc(D.seat(s.seat).glyph)} ${D.esc(D.seat(s.seat).name)}</td><td class="who" title="${D.esc(s.who)}">` +
    `${D.esc(s.who.split("(")[0])}</td></tr>`).join("");
  const list = $("words");
  list.start = data.words_total - data.words.length + 1;
  list.innerHTML = data.words.map((w) => `<li>${D.esc(w)}</li>`).join("");
  list.scrollTop = list.scrollHeight;
  $("log").textContent = data.log || "(no log)";
  schedule();
}

const { schedule, advance, act } = MeeplePage.turns(C, api, show);

document.addEventListener("click", (e) => { const t = e.target.closest("button[data-act]"); if (t) act(t.dataset.act); });
$("speed").addEventListener("change", schedule);
document.addEventListener("keydown", (e) => {
  if (!C.state || e.target.tagName === "SELECT") return;
  if (e.key === " " && !C.state.your_turn && e.target.tagName !== "BUTTON") { e.preventDefault(); advance(); }
});

(async () => {
  const data = await api("state");
  if (data) show(data);
  C.ready = true;
  performance.mark("meeple-ready");  // start-up time, docs/wasm.md
})();
