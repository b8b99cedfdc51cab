// meeple drawing functions: game views (the JSON of State.view) to SVG markup.
//
// Pure functions, no DOM and no network: each takes a view (and constant data such
// as Catan's topology) and returns an SVG document as a string, so the viewer, an
// export, or a later "play in the browser" page can all use them. Colours come from
// a theme object (MeepleDraw.themes.light / .dark); every seat has a name and a glyph
// as well as a colour (Okabe-Ito colours, distinguishable with colour-blindness).
"use strict";

(function (global) {
  const SEATS = [
    { name: "Blue", glyph: "●", shape: "circle", color: "#0072B2" },
    { name: "Orange", glyph: "▲", shape: "triangle", color: "#E69F00" },
    { name: "Green", glyph: "■", shape: "square", color: "#009E73" },
    { name: "Pink", glyph: "◆", shape: "diamond", color: "#CC79A7" },
  ];

  const TERRAIN = {
    brick: { fill: "#C8643B", label: "Brick" },
    lumber: { fill: "#3F7D3A", label: "Lumber" },
    wool: { fill: "#A5D46A", label: "Wool" },
    grain: { fill: "#E9C64A", label: "Grain" },
    ore: { fill: "#8E96A3", label: "Ore" },
    desert: { fill: "#E6D5A8", label: "Desert" },
  };
  const RESOURCES = ["brick", "lumber", "wool", "grain", "ore"];
  const DEV_CARDS = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"];

  const themes = {
    light: { background: "#FFFFFF", sea: "#CFE3F2", ink: "#1B1F24", muted: "#5C6672", grid: "#D0D5DB",
             empty: "#F3F4F6", dead: "#B9BEC6", filled: "#56657A", placed: "#E69F00", cleared: "#D55E00",
             highlight: "#D55E00", token: "#FFF8E7", robber: "#2B2B2B" },
    dark: { background: "#15181C", sea: "#1F3346", ink: "#E8EAED", muted: "#9AA3AD", grid: "#3A4048",
            empty: "#262B31", dead: "#0E1013", filled: "#8DA2BD", placed: "#F0B43C", cleared: "#FF7A3D",
            highlight: "#FF9F5A", token: "#F2E9D0", robber: "#0A0A0A" },
  };

  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }

  // A log is data from anywhere (a shared file, a download): every string in it, keys
  // included, is escaped once as it is parsed, so no value becomes markup wherever a
  // page puts it into HTML (numbers, booleans and null cannot carry any). Markup
  // characters then show as written, escaped again by esc() where a page calls it.
  function parseEscaped(text) {
    return JSON.parse(text, (key, value) => {
      if (typeof value === "string") return esc(value);
      if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
      const out = {};
      for (const k of Object.keys(value)) {  // defineProperty: a "__proto__" key stays a key
        Object.defineProperty(out, esc(k), { value: value[k], enumerable: true, writable: true, configurable: true });
      }
      return out;
    });
  }

  function seat(p) {
    return SEATS[p] || { name: "Seat " + esc(p), glyph: esc(p), shape: "circle", color: "#777777" };
  }

  // A seat's glyph as an SVG shape centred on (x, y) with radius r.
  function glyph(p, x, y, r, stroke, extra) {
    const s = seat(p);
    const attrs = `fill="${s.color}" stroke="${stroke}" stroke-width="${(r / 4).toFixed(2)}"${extra || ""}`;
    switch (s.shape) {
      case "triangle":
        return `<polygon points="${x},${y - r} ${x + r * 0.95},${y + r * 0.75} ${x - r * 0.95},${y + r * 0.75}" ${attrs}/>`;
      case "square":
        return `<rect x="${x - r * 0.8}" y="${y - r * 0.8}" width="${r * 1.6}" height="${r * 1.6}" ${attrs}/>`;
      case "diamond":
        return `<polygon points="${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}" ${attrs}/>`;
      default:
        return `<circle cx="${x}" cy="${y}" r="${r * 0.85}" ${attrs}/>`;
    }
  }

  function svg(width, height, body, theme, title) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ` +
      `font-family="system-ui, -apple-system, Segoe UI, sans-serif">` +
      (title ? `<title>${esc(title)}</title>` : "") +
      `<rect width="100%" height="100%" fill="${theme.background}"/>${body}</svg>`;
  }

  // ---- Catan ----

  // Topology coordinates: x in units of half a hex width, y in quarters of a hex
  // height (a hex's centre is 2 units from its top corner): scale them to a regular hex.
  function catanPoint(p, size) {
    return [p[0] * size * Math.sqrt(3) / 2, p[1] * size / 2];
  }

  function pips(n) {
    return n ? 6 - Math.abs(7 - n) : 0;
  }

  // opts: {theme, highlight: {nodes: [], edges: [], hexes: []}}
  function catanBoard(view, topo, opts) {
    const theme = opts.theme || themes.light;
    const size = 44;
    const nodes = topo.node_positions.map((p) => catanPoint(p, size));
    const xs = nodes.map((p) => p[0]), ys = nodes.map((p) => p[1]);
    const pad = 70;
    const minX = Math.min(...xs) - pad, minY = Math.min(...ys) - pad;
    const width = Math.max(...xs) - minX + pad, height = Math.max(...ys) - minY + pad;
    const P = (i) => [nodes[i][0] - minX, nodes[i][1] - minY];
    const centerOf = (h) => { const c = catanPoint(topo.hex_centers[h], size); return [c[0] - minX, c[1] - minY]; };
    const mid = [width / 2, height / 2];
    const hi = opts.highlight || {};
    let body = `<g id="sea"><circle cx="${mid[0]}" cy="${mid[1]}" r="${Math.min(width, height) / 2 - 6}" fill="${theme.sea}"/></g>`;
    // Hexes: terrain fill, a label for those who cannot tell the colours, the number token.
    body += `<g id="hexes">`;
    view.board.hexes.forEach((hex) => {
      const t = TERRAIN[hex.terrain] || { fill: "#999", label: hex.terrain };
      const corners = topo.hex_nodes[hex.hex].map(P);
      const c = centerOf(hex.hex);
      body += `<polygon data-hex="${hex.hex}" points="${corners.map((q) => q.join(",")).join(" ")}" fill="${t.fill}" stroke="${theme.background}" stroke-width="2"/>`;
      body += `<text x="${c[0]}" y="${c[1] - size * 0.48}" text-anchor="middle" font-size="10" fill="#1B1F24" opacity="0.85">${esc(t.label)}</text>`;
      if (hex.number) {
        const red = hex.number === 6 || hex.number === 8;
        body += `<circle cx="${c[0]}" cy="${c[1] + 3}" r="15" fill="${theme.token}" stroke="#1B1F24" stroke-width="1"/>`;
        body += `<text x="${c[0]}" y="${c[1] + 7}" text-anchor="middle" font-size="${red ? 15 : 13}" font-weight="${red ? 700 : 500}" fill="${red ? "#B3261E" : "#1B1F24"}">${hex.number}</text>`;
        body += `<text x="${c[0]}" y="${c[1] + 15}" text-anchor="middle" font-size="7" fill="#1B1F24">${"•".repeat(pips(hex.number))}</text>`;
      }
      if ((hi.hexes || []).includes(hex.hex)) {
        body += `<polygon points="${corners.map((q) => q.join(",")).join(" ")}" fill="none" stroke="${theme.highlight}" stroke-width="4" stroke-dasharray="6 4"/>`;
      }
    });
    body += `</g>`;
    // Harbors: a dock off the coast between its two nodes, with its rate and resource.
    body += `<g id="harbors">`;
    (view.board.harbors || []).forEach((h) => {
      const a = P(h.nodes[0]), b = P(h.nodes[1]);
      const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const d = [m[0] - mid[0], m[1] - mid[1]], len = Math.hypot(d[0], d[1]) || 1;
      const q = [m[0] + d[0] / len * 26, m[1] + d[1] / len * 26];
      const fill = h.type === "generic" ? theme.token : (TERRAIN[h.type] || {}).fill;
      body += `<line x1="${a[0]}" y1="${a[1]}" x2="${q[0]}" y2="${q[1]}" stroke="${theme.muted}" stroke-width="2"/>`;
      body += `<line x1="${b[0]}" y1="${b[1]}" x2="${q[0]}" y2="${q[1]}" stroke="${theme.muted}" stroke-width="2"/>`;
      body += `<circle cx="${q[0]}" cy="${q[1]}" r="14" fill="${fill}" stroke="${theme.ink}" stroke-width="1.2"/>`;
      const label = h.type === "generic" ? "3:1" : "2:1";
      body += `<text x="${q[0]}" y="${q[1] + (h.type === "generic" ? 4 : 1)}" text-anchor="middle" font-size="9" font-weight="600" fill="#1B1F24">${label}</text>`;
      if (h.type !== "generic") {
        body += `<text x="${q[0]}" y="${q[1] + 9}" text-anchor="middle" font-size="6" fill="#1B1F24">${esc((TERRAIN[h.type] || {}).label || h.type)}</text>`;
      }
    });
    body += `</g>`;
    // Roads, outlined so that they stand out on any terrain.
    body += `<g id="roads">`;
    view.roads.forEach((r) => {
      const [a, b] = topo.edge_nodes[r.edge].map(P);
      const s = seat(r.owner);
      const isNew = (hi.edges || []).includes(r.edge);
      if (isNew) body += `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="${theme.highlight}" stroke-width="14" stroke-linecap="round"/>`;
      body += `<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="#1B1F24" stroke-width="9" stroke-linecap="round"/>`;
      body += `<line data-edge="${r.edge}" data-owner="${r.owner}" x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="${s.color}" stroke-width="6" stroke-linecap="round"/>`;
    });
    body += `</g>`;
    // Robber.
    const rc = centerOf(view.board.robber);
    body += `<g id="robber"><circle cx="${rc[0] + 20}" cy="${rc[1] - 14}" r="9" fill="${theme.robber}" stroke="#FFFFFF" stroke-width="1.5"/>` +
      `<text x="${rc[0] + 20}" y="${rc[1] - 10.5}" text-anchor="middle" font-size="10" font-weight="700" fill="#FFFFFF">R</text></g>`;
    // Buildings: the seat's glyph; a city is larger and ringed.
    body += `<g id="buildings">`;
    view.buildings.forEach((b) => {
      const [x, y] = P(b.node);
      const city = b.kind === "city";
      if ((hi.nodes || []).includes(b.node)) body += `<circle cx="${x}" cy="${y}" r="${city ? 19 : 15}" fill="none" stroke="${theme.highlight}" stroke-width="3"/>`;
      if (city) body += `<circle cx="${x}" cy="${y}" r="14" fill="${theme.background}" stroke="#1B1F24" stroke-width="2"/>`;
      body += glyph(b.owner, x, y, city ? 11 : 8, "#1B1F24", ` data-node="${b.node}" data-kind="${b.kind}"`);
    });
    body += `</g>`;
    return svg(Math.round(width), Math.round(height), body, theme, "Catan board");
  }

  // What an action highlights on the board (node, edge or hex ids parsed from its name).
  function catanHighlight(name) {
    const out = { nodes: [], edges: [], hexes: [] };
    if (!name) return out;
    let m = /^build_road\(edge=(\d+)\)/.exec(name);
    if (m) out.edges.push(+m[1]);
    m = /^build_(?:settlement|city)\(node=(\d+)\)/.exec(name);
    if (m) out.nodes.push(+m[1]);
    m = /^move_robber\(hex=(\d+)\)/.exec(name);
    if (m) out.hexes.push(+m[1]);
    return out;
  }

  // ---- Triangle puzzle ----

  // Cell (r, c) points up when r + c is odd.
  function triangleCorners(r, c, w, h, x0, y0) {
    const left = x0 + c * w / 2, top = y0 + r * h;
    return (r + c) % 2 === 1
      ? [[left, top + h], [left + w / 2, top], [left + w, top + h]]
      : [[left, top], [left + w, top], [left + w / 2, top + h]];
  }

  // opts: {theme, placed: [[r, c]...], cleared: [[r, c]...]}
  function triangleBoard(view, opts) {
    const theme = opts.theme || themes.light;
    const w = 44, h = 38, pad = 16;
    const boardW = (view.cols + 1) * w / 2, boardH = view.rows * h;
    const previewH = 120;
    const width = Math.max(boardW + 2 * pad, 3 * 150), height = boardH + 2 * pad + previewH + 30;
    const x0 = (width - boardW) / 2, y0 = pad;
    const key = (r, c) => r + "," + c;
    const placed = new Set((opts.placed || []).map((p) => key(p[0], p[1])));
    const cleared = new Set((opts.cleared || []).map((p) => key(p[0], p[1])));
    let body = `<g id="grid">`;
    for (let r = 0; r < view.rows; ++r) {
      for (let c = 0; c < view.cols; ++c) {
        const pts = triangleCorners(r, c, w, h, x0, y0).map((q) => q.join(",")).join(" ");
        const playable = view.playable[r][c] === 1, full = view.occupied[r][c] === 1;
        let fill = playable ? (full ? theme.filled : theme.empty) : theme.dead;
        if (placed.has(key(r, c)) && full) fill = theme.placed;
        body += `<polygon data-cell="${r},${c}" points="${pts}" fill="${fill}" stroke="${theme.grid}" stroke-width="1.5"/>`;
        if (cleared.has(key(r, c))) {
          const q = triangleCorners(r, c, w, h, x0, y0);
          const cx = (q[0][0] + q[1][0] + q[2][0]) / 3, cy = (q[0][1] + q[1][1] + q[2][1]) / 3;
          body += `<polygon points="${pts}" fill="none" stroke="${theme.cleared}" stroke-width="2.5"/>`;
          body += `<text x="${cx}" y="${cy + 5}" text-anchor="middle" font-size="14" font-weight="700" fill="${theme.cleared}">×</text>`;
        } else if (placed.has(key(r, c)) && full) {
          const q = triangleCorners(r, c, w, h, x0, y0);
          const cx = (q[0][0] + q[1][0] + q[2][0]) / 3, cy = (q[0][1] + q[1][1] + q[2][1]) / 3;
          body += `<text x="${cx}" y="${cy + 4}" text-anchor="middle" font-size="11" fill="#1B1F24">+</text>`;
        }
      }
    }
    body += `</g><g id="previews">`;
    // The preview slots: each shape drawn small from its anchor.
    const slotW = width / view.shapes.length, sw = 22, sh = 19, top = y0 + boardH + 34;
    view.shapes.forEach((shape, slot) => {
      const left = slot * slotW;
      body += `<text x="${left + slotW / 2}" y="${top - 10}" text-anchor="middle" font-size="12" fill="${theme.muted}">slot ${slot}${shape ? "" : " (empty)"}</text>`;
      if (!shape) return;
      const minDc = Math.min(...shape.map((t) => t[1])), maxDc = Math.max(...shape.map((t) => t[1]));
      const offX = left + slotW / 2 - ((maxDc - minDc + 2) * sw / 2) / 2;
      shape.forEach(([dr, dc, up]) => {
        const l = offX + (dc - minDc) * sw / 2, t = top + dr * sh;
        const pts = up ? [[l, t + sh], [l + sw / 2, t], [l + sw, t + sh]] : [[l, t], [l + sw, t], [l + sw / 2, t + sh]];
        body += `<polygon data-slot="${slot}" points="${pts.map((q) => q.join(",")).join(" ")}" fill="${theme.placed}" stroke="${theme.ink}" stroke-width="1"/>`;
      });
    });
    body += `</g>`;
    return svg(Math.round(width), Math.round(height), body, theme, "Triangle puzzle");
  }

  // The cells a place(slot,r,c) action covers, from the shape the slot held before it.
  function trianglePlacement(name, before) {
    const m = /^place\((\d+),(\d+),(\d+)\)/.exec(name || "");
    if (!m || !before || !before.shapes) return [];
    const shape = before.shapes[+m[1]];
    if (!shape) return [];
    return shape.map(([dr, dc]) => [+m[2] + dr, +m[3] + dc]);
  }

  // ---- Tic-tac-toe ----

  function tictactoeBoard(view, opts) {
    const theme = opts.theme || themes.light;
    const cell = 90, pad = 20, size = 3 * cell + 2 * pad;
    const last = opts.last;  // [r, c] of the last move
    let body = "";
    for (let i = 1; i < 3; ++i) {
      body += `<line x1="${pad + i * cell}" y1="${pad}" x2="${pad + i * cell}" y2="${pad + 3 * cell}" stroke="${theme.ink}" stroke-width="4"/>`;
      body += `<line x1="${pad}" y1="${pad + i * cell}" x2="${pad + 3 * cell}" y2="${pad + i * cell}" stroke="${theme.ink}" stroke-width="4"/>`;
    }
    view.board.forEach((row, r) => row.forEach((mark, c) => {
      const x = pad + c * cell + cell / 2, y = pad + r * cell + cell / 2;
      if (last && last[0] === r && last[1] === c) {
        body += `<rect x="${pad + c * cell + 6}" y="${pad + r * cell + 6}" width="${cell - 12}" height="${cell - 12}" fill="none" stroke="${theme.highlight}" stroke-width="3" stroke-dasharray="6 4"/>`;
      }
      if (mark === "X") {
        body += `<g data-mark="X" stroke="${seat(0).color}" stroke-width="9" stroke-linecap="round"><line x1="${x - 24}" y1="${y - 24}" x2="${x + 24}" y2="${y + 24}"/><line x1="${x + 24}" y1="${y - 24}" x2="${x - 24}" y2="${y + 24}"/></g>`;
      } else if (mark === "O") {
        body += `<circle data-mark="O" cx="${x}" cy="${y}" r="26" fill="none" stroke="${seat(1).color}" stroke-width="9"/>`;
      }
    }));
    return svg(size, size, body, theme, "Tic-tac-toe");
  }

  // ---- Timeline ----

  // series: [{seat, values: [..]}], one value per step index; marker: the current index.
  function timeline(series, opts) {
    const theme = opts.theme || themes.light;
    const width = opts.width || 640, height = opts.height || 150, left = 34, right = 10, top = 10, bottom = 22;
    const n = Math.max(1, ...series.map((s) => s.values.length)) - 1 || 1;
    const maxV = Math.max(1, ...series.flatMap((s) => s.values));
    const X = (i) => left + (width - left - right) * i / n, Y = (v) => top + (height - top - bottom) * (1 - v / maxV);
    let body = `<g id="axes" font-size="10" fill="${theme.muted}">`;
    for (let v = 0; v <= maxV; v += Math.max(1, Math.ceil(maxV / 5))) {
      body += `<line x1="${left}" x2="${width - right}" y1="${Y(v)}" y2="${Y(v)}" stroke="${theme.grid}" stroke-width="1"/>`;
      body += `<text x="${left - 6}" y="${Y(v) + 3}" text-anchor="end">${v}</text>`;
    }
    body += `<text x="${left}" y="${height - 6}">step 0</text><text x="${width - right}" y="${height - 6}" text-anchor="end">${opts.label || "step"} ${n}</text></g>`;
    series.forEach((s) => {
      const d = s.values.map((v, i) => `${i ? "L" : "M"}${X(i).toFixed(1)},${Y(v).toFixed(1)}`).join("");
      const col = seat(s.seat).color;
      body += `<path data-seat="${s.seat}" d="${d}" fill="none" stroke="${col}" stroke-width="2.5" ${s.seat % 2 ? 'stroke-dasharray="7 3"' : ""}/>`;
      const lastV = s.values[s.values.length - 1] || 0;
      body += `<text x="${X(s.values.length - 1) - 4}" y="${Y(lastV) - 4}" text-anchor="end" font-size="11" fill="${col}">${seat(s.seat).glyph}</text>`;
    });
    if (opts.marker != null) {
      body += `<line id="marker" x1="${X(opts.marker)}" x2="${X(opts.marker)}" y1="${top}" y2="${height - bottom}" stroke="${theme.highlight}" stroke-width="2"/>`;
    }
    return svg(width, height, body, theme, opts.title || "Timeline");
  }

  // The step index a click at x (in SVG units) on a timeline of n steps points at.
  function timelineIndex(x, n, opts) {
    const width = (opts && opts.width) || 640, left = 34, right = 10;
    const i = Math.round((x - left) / (width - left - right) * Math.max(1, n));
    return Math.min(Math.max(i, 0), n);
  }

  global.MeepleDraw = {
    SEATS, TERRAIN, RESOURCES, DEV_CARDS, themes, seat, glyph, esc, parseEscaped,
    catanBoard, catanHighlight, triangleBoard, trianglePlacement, tictactoeBoard, timeline, timelineIndex,
  };
})(typeof window !== "undefined" ? window : globalThis);
