// The page of Catan against agents: draws the game (draw.js) and sends the person's moves
// through MeepleTransport (transport.js), which is meeple play's server over HTTP or, on
// the static site of meeple web, a Web Worker running the library: one script for both.
"use strict";
const D = MeepleDraw;
const C = { state: null, topo: null, busy: 0, lastError: "", timer: null, ready: false };
window.meepleCatan = C;
const $ = (id) => document.getElementById(id);

const api = MeeplePage.api(C, async () => { const s = await MeepleTransport.call("state"); if (s.ok) show(s.data); });

// The same coordinates as MeepleDraw.catanBoard (size 44, padding 70).
function geometry() {
  const size = 44, pad = 70;
  const pt = (p) => [p[0] * size * Math.sqrt(3) / 2, p[1] * size / 2];
  const nodes = C.topo.node_positions.map(pt);
  const minX = Math.min(...nodes.map((p) => p[0])) - pad, minY = Math.min(...nodes.map((p) => p[1])) - pad;
  return {
    node: (i) => [nodes[i][0] - minX, nodes[i][1] - minY],
    hex: (h) => { const c = pt(C.topo.hex_centers[h]); return [c[0] - minX, c[1] - minY]; },
  };
}

function label(name) {
  return name.replace(/_/g, " ").replace(/\(seat=(\d+)\)/, (m, p) => " " + D.seat(+p).name + " " + D.seat(+p).glyph);
}

function show(data) {
  C.state = data;
  const v = data.view, me = data.seat;
  const legal = data.your_turn ? (v.legal_actions || []) : [];
  $("you").textContent = `you: ${D.seat(me).name} ${D.seat(me).glyph}`;
  const acting = data.acting == null ? null : D.seat(data.acting);
  $("turn").textContent = data.terminal ? `Game over: ${v.winner != null ? D.seat(v.winner).name + " " + D.seat(v.winner).glyph + " wins" : "no winner"}`
    : data.your_turn ? `your move (${v.phase.replace(/_/g, " ")})` : `${acting ? acting.name + " " + acting.glyph : "?"} is thinking (${v.phase.replace(/_/g, " ")})`;
  $("log").textContent = data.log || "(no log)";
  // The board, with the legal targets drawn over it.
  const g = geometry();
  let overlay = "";
  const boardActs = new Set();
  for (const a of legal) {
    let m = /^build_road\(edge=(\d+)\)$/.exec(a.name);
    if (m) {
      const [p, q] = C.topo.edge_nodes[+m[1]].map(g.node);
      overlay += `<line data-act="${D.esc(a.id)}" tabindex="0" role="button" aria-label="${D.esc(label(a.name))}" x1="${+p[0]}" y1="${+p[1]}" x2="${+q[0]}" y2="${+q[1]}" stroke="#D55E00" stroke-width="9" stroke-dasharray="5 4" stroke-linecap="round"><title>${D.esc(a.name)}</title></line>`;
      boardActs.add(a.id); continue;
    }
    m = /^build_(settlement|city)\(node=(\d+)\)$/.exec(a.name);
    if (m) {
      const [x, y] = g.node(+m[2]);
      overlay += `<circle data-act="${D.esc(a.id)}" tabindex="0" role="button" aria-label="${D.esc(label(a.name))}" cx="${+x}" cy="${+y}" r="11" fill="#FFFFFF" fill-opacity="0.6" stroke="#D55E00" stroke-width="3" stroke-dasharray="4 3"><title>${D.esc(a.name)}</title></circle>`;
      boardActs.add(a.id); continue;
    }
    m = /^move_robber\(hex=(\d+)\)$/.exec(a.name);
    if (m) {
      const [x, y] = g.hex(+m[1]);
      overlay += `<circle data-act="${D.esc(a.id)}" tabindex="0" role="button" aria-label="${D.esc(label(a.name))}" cx="${x - 18}" cy="${y - 12}" r="12" fill="#2B2B2B" fill-opacity="0.35" stroke="#D55E00" stroke-width="3" stroke-dasharray="4 3"><title>${D.esc(a.name)}</title></circle>`;
      boardActs.add(a.id);
    }
  }
  const last = data.words.length ? data.last_name || "" : "";
  const svg = D.catanBoard(v, C.topo, { theme: D.themes.light, highlight: D.catanHighlight(last) });
  $("board").innerHTML = svg.replace(/<\/svg>$/, `<g id="targets">${overlay}</g></svg>`);
  // Every other legal action: a button, grouped by kind.
  const groups = {};
  for (const a of legal) {
    if (boardActs.has(a.id)) continue;
    const kind = a.name.split("(")[0];
    (groups[kind] = groups[kind] || []).push(a);
  }
  $("actions").innerHTML = Object.entries(groups).map(([kind, acts]) =>
    `<div class="group"><b>${D.esc(kind.replace(/_/g, " "))}</b>` +
    acts.map((a) => `<button data-act="${D.esc(a.id)}" data-name="${D.esc(a.name)}">${D.esc(label(a.name) + rate(a.name, v, me))}</button>`).join("") + `</div>`).join("");
  // The offer on the table.
  const t = v.trade;
  $("trade").textContent = t ? "offer: gives " + fmtCards(t.give) + " for " + fmtCards(t.want) +
    (t.accepted && t.accepted.length ? "; accepted by " + t.accepted.map((p) => D.seat(p).name).join(", ") : "") : "";
  // Players: names and glyphs beside colours; your own cards, others' counts.
  $("players").innerHTML = "<tr><th>seat</th><th>who</th><th>VP</th><th>cards</th><th>dev</th><th>knights</th><th>road</th></tr>" +
    v.players.map((p) => {
      const s = D.seat(p.seat), who = data.seats[p.seat].who;
      const cards = p.resources ? D.esc(fmtCards(p.resources)) + ` (${D.esc(p.hand_size)})` : D.esc(p.hand_size);
      const dev = p.development ? fmtDev(p.development, p.development_new) : p.development_count;
      // An agent's short name ("mcts"); its full spec, options and all, on hover: a
      // spec can run to hundreds of characters and would push the scores off-screen.
      const short = who.split("(")[0];
      return `<tr data-seat="${D.esc(p.seat)}"><td><span style="color:${D.esc(s.color)}">${D.esc(s.glyph)}</span> ${D.esc(s.name)}</td><td class="who" title="${D.esc(who)}">${D.esc(short)}</td>` +
        `<td>${D.esc(p.vp != null ? p.vp : p.public_vp)}</td><td>${cards}</td><td>${D.esc(dev)}</td><td>${D.esc(p.knights)}</td><td>${D.esc(p.road_length)}</td></tr>`;
    }).join("");
  const list = $("words");
  list.start = data.words_total - data.words.length + 1;
  list.innerHTML = data.words.map((w) => `<li>${D.esc(w)}</li>`).join("");
  list.scrollTop = list.scrollHeight;
  schedule();
}

// Card counts come as {kind: count} (or a list in kind order).
const count = (c, i, names) => c == null ? 0 : (Array.isArray(c) ? c[i] : c[names[i]]) || 0;

// A maritime trade's rate for the seat (4:1, or a harbor's 3:1 or 2:1).
function rate(name, v, me) {
  const m = /^maritime_trade\(give=(\w+),/.exec(name);
  const rates = v.players[me] && v.players[me].maritime_rates;
  if (!m || !rates) return "";
  const i = D.RESOURCES.indexOf(m[1]);
  return i < 0 ? "" : ` ${count(rates, i, D.RESOURCES)}:1`;
}

function fmtCards(counts) {
  return D.RESOURCES.map((r, i) => count(counts, i, D.RESOURCES) ? count(counts, i, D.RESOURCES) + " " + r : "")
    .filter(Boolean).join(", ") || "nothing";
}

function fmtDev(dev, fresh) {
  const K = D.DEV_CARDS;
  return K.map((d, i) => (count(dev, i, K) || count(fresh, i, K))
    ? `${d.replace(/_/g, " ")} ${count(dev, i, K)}${count(fresh, i, K) ? "+" + count(fresh, i, K) + " new" : ""}` : "")
    .filter(Boolean).join(", ") || "none";
}

const { schedule, advance, act } = MeeplePage.turns(C, api, show);

$("board").addEventListener("click", (e) => { const t = e.target.closest("[data-act]"); if (t) act(t.dataset.act); });
$("board").addEventListener("keydown", (e) => {
  const t = e.target.closest("[data-act]");
  if (t && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); act(t.dataset.act); }
});
$("actions").addEventListener("click", (e) => { const t = e.target.closest("button[data-act]"); if (t) act(t.dataset.act); });
$("speed").addEventListener("change", schedule);
document.addEventListener("keydown", (e) => {
  if (!C.state || e.target.tagName === "SELECT" || e.target.closest && e.target.closest("#board [data-act]")) return;
  const byName = (n) => document.querySelector(`#actions button[data-name="${n}"]`);
  if (e.key === "r" && byName("roll")) byName("roll").click();
  else if (e.key === "e" && byName("end_turn")) byName("end_turn").click();
  else if (e.key === " " && !C.state.your_turn && e.target.tagName !== "BUTTON") { e.preventDefault(); advance(); }
});

(async () => {
  const info = await api("info");
  if (!info) return;  // refused (a bad spec or agent): its message is on the page
  C.topo = info.topology;
  const data = await api("state");
  if (data) show(data);
  C.ready = true;
  performance.mark("meeple-ready");  // start-up time, docs/wasm.md
})();
