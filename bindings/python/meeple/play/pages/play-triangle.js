// The page of the triangle puzzle: draws the game (draw.js) and sends the person's moves
// through MeepleTransport (transport.js), which is meeple play's server over HTTP or, on
// the static site of meeple web, a Web Worker running the library: one script for both.
"use strict";
const D = MeepleDraw;
const P = {
  state: null, info: null, slot: 0, cursor: [3, 7], hover: null, animMs: 400, busy: 0, lastError: "", hint: null,
};
window.meeplePlay = P;
const $ = (id) => document.getElementById(id);

const api = MeeplePage.api(P, () => refresh());

async function refresh() {
  const data = await api("state");
  if (data) setState(data);
}

function actionOf(slot, r, c) {
  const v = P.state.view;
  return slot * v.rows * v.cols + r * v.cols + c;
}

function decode(a) {
  const v = P.state.view, n = v.rows * v.cols;
  return [Math.floor(a / n), Math.floor((a % n) / v.cols), a % v.cols];
}

function placement(slot, r, c) {
  const shape = P.state.view.shapes[slot];
  return shape ? shape.map(([dr, dc]) => [r + dr, c + dc]) : [];
}

function setState(data, flash) {
  P.state = data;
  P.legal = new Set(data.legal);
  const v = data.view;
  if (!v.shapes[P.slot]) P.slot = Math.max(0, v.shapes.findIndex((s) => s));
  $("score").textContent = v.score.toFixed(3);
  $("placed").textContent = v.placed;
  $("cleared").textContent = v.cleared;
  $("move").textContent = data.move;
  $("over").textContent = data.terminal ? "Game over: no shape fits. Score " + v.score.toFixed(3) : "";
  $("undo").disabled = !data.can_undo;
  $("log").textContent = data.log || "(no log)";
  if (flash && flash.cleared.length && P.animMs > 0) {
    draw(flash);
    $("board").classList.add("flash");
    P.busy += 1;
    setTimeout(() => { $("board").classList.remove("flash"); P.busy -= 1; draw(); }, P.animMs);
  } else {
    draw();
  }
  buildSlotSetters();
}

function draw(flash) {
  const v = P.state.view;
  $("board").innerHTML = D.triangleBoard(v, { theme: D.themes.light,
    placed: flash ? flash.placed : [], cleared: flash ? flash.cleared : [] });
  document.querySelectorAll(`#board polygon[data-slot="${P.slot}"]`).forEach((p) => p.classList.add("slot-selected"));
  if (!flash) ghost();
}

function cell(r, c) {
  return document.querySelector(`#board polygon[data-cell="${r},${c}"]`);
}

function ghost() {
  const v = P.state.view;
  const at = P.hover || P.cursor;
  const status = $("status");
  status.className = "";
  if (document.body.classList.contains("debug")) { status.textContent = "debug: click cells to toggle them"; return; }
  if (P.state.terminal) { status.textContent = ""; return; }
  if (!v.shapes[P.slot]) { status.textContent = "pick a slot (keys 1–3)"; return; }
  const [r, c] = at;
  const fits = P.legal.has(actionOf(P.slot, r, c));
  for (const [rr, cc] of placement(P.slot, r, c)) {
    const el = cell(rr, cc);
    if (!el) continue;
    el.setAttribute("fill", fits ? "#009E73" : "#D55E00");
    el.setAttribute("fill-opacity", fits ? "0.85" : "0.6");
    if (!fits) el.setAttribute("stroke-dasharray", "4 3");
    el.classList.add(fits ? "ghost-fit" : "ghost-nofit");
  }
  const hint = P.hint && P.hint.move === P.state.move ? ` · hint (${P.hint.agent}): ${P.hint.name}` : "";
  status.className = fits ? "fit" : "nofit";
  status.textContent = `slot ${P.slot} at row ${r}, column ${c}: ${fits ? "fits" : "does not fit"}${hint}`;
}

async function place(r, c) {
  if (!P.state || P.state.terminal) return;
  const before = P.state.view;
  const cells = placement(P.slot, r, c);
  const data = await api("move", { move: P.state.move, action: actionOf(P.slot, r, c) });
  if (!data) return;
  const after = data.view, key = (q) => q[0] + "," + q[1];
  const had = new Set(cells.map(key));
  before.occupied.forEach((row, rr) => row.forEach((x, cc) => { if (x) had.add(rr + "," + cc); }));
  const cleared = [...had].filter((k) => { const [rr, cc] = k.split(",").map(Number); return !after.occupied[rr][cc]; })
    .map((k) => k.split(",").map(Number));
  P.hint = null;
  setState(data, { placed: cells, cleared });
}

async function undo() {
  if (!P.state || !P.state.can_undo) return;
  const data = await api("undo", { move: P.state.move });
  if (data) { P.hint = null; setState(data); }
}

async function hint(agent) {
  if (!P.state || P.state.terminal) return;
  $("status").textContent = "thinking…";
  const data = await api("hint", { move: P.state.move, agent });
  if (!data) return;
  const [slot, r, c] = decode(data.hint);
  P.slot = slot; P.cursor = [r, c]; P.hover = null;
  P.hint = { move: data.move, agent, name: data.hint_name };
  setState(data);
}

async function newGame() {
  const data = await api("new", {});
  if (data) { P.hint = null; setState(data); }
}

async function setPosition(occupied, shapes, colors) {
  const data = await api("position", { move: P.state.move, occupied, shapes, colors });
  if (data) { P.hint = null; setState(data); }
}

function toggleCell(r, c) {
  const v = P.state.view;
  if (!v.playable[r][c]) { $("error").textContent = `cell ${r},${c} is a death cell: nothing can lie there`; return; }
  const occ = v.occupied.map((row) => row.slice());
  occ[r][c] = occ[r][c] ? 0 : 1;
  setPosition(occ, v.shapes, v.colors);
}

function buildSlotSetters() {
  const box = $("slot-setters");
  if (!P.info || box.dataset.move === String(P.state.move) + ":" + P.state.games_started) return;
  box.dataset.move = String(P.state.move) + ":" + P.state.games_started;
  box.innerHTML = "";
  P.state.view.shapes.forEach((shape, slot) => {
    const sel = document.createElement("select");
    sel.id = "set-slot-" + slot;
    sel.setAttribute("aria-label", "shape of slot " + slot);
    sel.innerHTML = `<option value="">slot ${D.esc(slot)}: empty</option>` +
      P.info.templates.map((t, i) => `<option value="${i}">slot ${D.esc(slot)}: template ${i} (${D.esc(t.length)} triangle${t.length > 1 ? "s" : ""})</option>`).join("");
    const tpl = P.state.view.templates[slot];
    sel.value = tpl == null ? "" : String(tpl);
    sel.addEventListener("change", () => {
      const v = P.state.view;
      const shapes = v.shapes.slice();
      shapes[slot] = sel.value === "" ? null : P.info.templates[+sel.value];
      setPosition(v.occupied, shapes, v.colors.map((x) => x == null ? 0 : x));
    });
    box.appendChild(sel);
    box.appendChild(document.createElement("br"));
  });
}

$("board").addEventListener("mouseover", (e) => {
  const t = e.target.closest("polygon[data-cell]");
  if (!t || !P.state) return;
  const at = t.dataset.cell.split(",").map(Number);
  if (P.hover && P.hover[0] === at[0] && P.hover[1] === at[1]) return;
  P.hover = at;
  P.cursor = at;
  draw();
});
$("board").addEventListener("mouseleave", () => { P.hover = null; if (P.state) draw(); });
$("board").addEventListener("click", (e) => {
  if (!P.state) return;
  const s = e.target.closest("polygon[data-slot]");
  if (s) { P.slot = +s.dataset.slot; draw(); return; }
  const t = e.target.closest("polygon[data-cell]");
  if (!t) return;
  const [r, c] = t.dataset.cell.split(",").map(Number);
  if (document.body.classList.contains("debug")) toggleCell(r, c); else place(r, c);
});
$("undo").addEventListener("click", undo);
$("hint-heuristic").addEventListener("click", () => hint("heuristic"));
$("hint-mcts").addEventListener("click", () => hint("mcts"));
$("new").addEventListener("click", newGame);
$("debug").addEventListener("change", () => { document.body.classList.toggle("debug", $("debug").checked); draw(); });
$("clear-board").addEventListener("click", () => {
  const v = P.state.view;
  setPosition(v.occupied.map((row) => row.map(() => 0)), v.shapes, v.colors.map((x) => x == null ? 0 : x));
});
document.addEventListener("keydown", (e) => {
  if (!P.state || e.target.tagName === "SELECT" || e.target.tagName === "INPUT" && e.target.type !== "checkbox") return;
  const v = P.state.view;
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  if (moves[e.key]) {
    const [dr, dc] = moves[e.key];
    P.hover = null;
    P.cursor = [Math.min(v.rows - 1, Math.max(0, P.cursor[0] + dr)), Math.min(v.cols - 1, Math.max(0, P.cursor[1] + dc))];
    draw();
  } else if (/^[1-9]$/.test(e.key) && +e.key <= v.shapes.length) {
    P.slot = +e.key - 1; draw();
  } else if (e.key === "Enter" || e.key === " ") {
    place(P.cursor[0], P.cursor[1]);
  } else if (e.key === "u" || (e.key === "z" && (e.ctrlKey || e.metaKey))) {
    undo();
  } else if (e.key === "h") { hint("heuristic"); } else if (e.key === "m") { hint("mcts"); }
  else if (e.key === "n") { newGame(); } else if (e.key === "d") { $("debug").click(); }
  else return;
  e.preventDefault();
});

(async () => {
  P.info = await api("info");
  if (!P.info) return;  // refused (a bad spec): its message is on the page
  await refresh();
  P.ready = true;
  performance.mark("meeple-ready");  // start-up time, docs/wasm.md
})();
