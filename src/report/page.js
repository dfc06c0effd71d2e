// The report page's script: plain JavaScript, no framework, no network. It reads the run's data from the
// JSON element `#data` (written by src/report/page.rs) and draws the summary, the time chart, the game
// list and the replay. When everything has been drawn without an error, it sets
// `<body data-rendered="ok">`, which scripts/check-report.sh looks for; an error sets `data-error`.
"use strict";

window.addEventListener("error", (event) => {
  document.body.dataset.error = String(event.message);
  const banner = document.getElementById("error");
  banner.hidden = false;
  banner.textContent = "This page hit a script error: " + event.message;
});

const DATA = JSON.parse(document.getElementById("data").textContent);
const SVG = "http://www.w3.org/2000/svg";

// ---- small helpers -------------------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : String(c));
  return node;
}

function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const pct = (x) => (100 * x).toFixed(1) + "%";
const signed = (x) => (x === null ? "±∞" : (x >= 0 ? "+" : "") + x.toFixed(1));
const ms = (x) => (x === null ? "–" : x.toFixed(1) + " ms");
const moveText = (cell) => Math.floor(cell / 9) + " " + (cell % 9);

function stat(label, value) {
  return el("div", { class: "stat" }, el("div", { class: "label" }, label), el("div", { class: "big" }, value));
}

function gameLink(id, text) {
  return el("a", { class: "game-link", onclick: () => openGame(id, 0) }, text || "game " + id);
}

// ---- summary -------------------------------------------------------------------------------------

function renderMatchSummary() {
  const s = DATA.summary;
  const body = document.getElementById("summary-body");
  document.getElementById("subtitle").textContent =
    `${s.games} games · limits ${DATA.limits.first_ms} ms first turn, ${DATA.limits.later_ms} ms later` +
    (DATA.limits.grace_ms ? ` (+${DATA.limits.grace_ms} ms grace)` : "");
  body.append(
    el("p", {}, `Scores are ${s.a}'s against ${s.b}.`),
    el(
      "div",
      { class: "stats" },
      stat("W / D / L", `${s.wins} / ${s.draws} / ${s.losses}`),
      stat("score", pct(s.score)),
      stat("Elo (95 %)", `${signed(s.elo)} (${signed(s.elo_low)} .. ${signed(s.elo_high)})`),
      stat(`Elo over ${s.pairs} game pairs`, s.pairs ? `${signed(s.pair_elo)} (${signed(s.pair_elo_low)} .. ${signed(s.pair_elo_high)})` : "–"),
      stat("SPRT", s.sprt || "none ran"),
      stat("mean length", s.mean_length.toFixed(1) + " moves"),
      stat("first player wins", pct(s.first_player_wins))
    )
  );
  const colours = el("table", {}, el("tr", {}, el("th", {}, "player"), el("th", { class: "num" }, "as first: games"),
    el("th", { class: "num" }, "score"), el("th", { class: "num" }, "as second: games"), el("th", { class: "num" }, "score")));
  [s.a, s.b].forEach((name, i) => {
    const c = s.colours[i];
    colours.append(el("tr", {}, el("td", {}, name), el("td", { class: "num" }, c.first.games), el("td", { class: "num" }, pct(c.first.score)),
      el("td", { class: "num" }, c.second.games), el("td", { class: "num" }, pct(c.second.score))));
  });
  body.append(colours, renderFaults());
}

function renderFaults() {
  const faulted = DATA.games.filter((g) => g.fault);
  const box = el("div", {}, el("h3", {}, `Faults: ${faulted.length}`));
  const byKind = {};
  for (const g of faulted) {
    const key = `${g.fault.player}: ${g.fault.kind}`;
    (byKind[key] = byKind[key] || []).push(g);
  }
  for (const [key, games] of Object.entries(byKind)) {
    const line = el("p", { class: "fault" }, `${key} ×${games.length} — `);
    games.forEach((g, i) => {
      if (i) line.append(", ");
      line.append(gameLink(g.id, `game ${g.id}`));
    });
    box.append(line);
  }
  return box;
}

function renderTournament() {
  document.getElementById("subtitle").textContent =
    `${DATA.players.length} players · ${DATA.games.length} games · limits ${DATA.limits.first_ms} ms first turn, ${DATA.limits.later_ms} ms later`;
  const rows = [...DATA.table].sort((a, b) => b.elo - a.elo)
    .map((r) => ({ player: r.player, values: [signed(r.elo), pct(r.score), r.games] }));
  renderMatrix(["Elo", "score", "games"], rows);
}

// The league: its own table (each rating's 95 % interval, score by colour, faults, time), the pairwise
// matrix, and each player's rating as it was over the league's life.
function renderLeague() {
  const S = DATA.standings;
  document.getElementById("subtitle").textContent =
    `${S.players.length} players · ${S.games} games · limits ${DATA.limits.first_ms} ms first turn, ${DATA.limits.later_ms} ms later`;
  const rows = S.players.map((r) => ({
    player: r.name + (r.active ? "" : " (removed)"), name: r.name,
    values: [signed(r.rating), r.margin === null ? "±∞" : "±" + r.margin.toFixed(1), r.games, pct(r.as_x.score), pct(r.as_o.score), r.faults, ms(r.later_p99_ms)],
  }));
  renderMatrix(["Elo", "95 %", "games", "as X", "as O", "faults", "p99"], rows);
  document.querySelector("#ratings .hint").textContent = "Bradley–Terry ratings on the Elo scale against the league's average game " +
    "(the mean rating weighted by games is 0), with their 95 % intervals. A cell is the row player's score against the column player; click it to list their games.";
  document.getElementById("ratings-body").append(el("h3", {}, "Ratings over time"), ...ratingChart(DATA.history),
    el("p", { class: "hint" }, "Each line is a player's rating from the league's games played by then (the same fit as the table), against their number, with the time the last of them ended (UTC) under it; the band is the rating's 95 % interval."));
}

// A table of `rows` ([{player, name?, values}], best first) with the columns `headers`, then one column
// per player: the row player's score against the column player, a click listing their games.
function renderMatrix(headers, rows) {
  document.getElementById("summary").hidden = true;
  document.getElementById("ratings").hidden = false;
  const cells = Object.fromEntries(DATA.table.map((r) => [r.player, r.cells]));
  const head = el("tr", {}, el("th", {}, "player"), ...headers.map((h) => el("th", { class: "num" }, h)));
  rows.forEach((r, k) => head.append(el("th", { class: "num", title: r.name || r.player }, String(k + 1))));
  const table = el("table", {}, head);
  rows.forEach((r, k) => {
    const name = r.name || r.player;
    const tr = el("tr", {}, el("td", {}, `${k + 1}. ${r.player}`), ...r.values.map((v) => el("td", { class: "num" }, v)));
    rows.forEach((c) => {
      const other = c.name || c.player;
      const cell = (cells[name] || [])[DATA.players.indexOf(other)];
      if (!cell) {
        tr.append(el("td", { class: "num" }, "–"));
        return;
      }
      tr.append(el("td", { class: "cell", title: `${name} vs ${other}: ${cell.games} games`,
        onclick: () => showPairing(name, other) }, pct(cell.score)));
    });
    table.append(tr);
  });
  document.getElementById("ratings-body").append(el("div", { class: "scroll" }, table), renderFaults());
}

// Each player's rating (a line) and its interval (a band) against the games played by then; the dates
// under the axis when the league's log has them.
function ratingChart(history) {
  const W = 860, H = 320, L = 50, R = 16, T = 16, B = 40;
  const points = history.points;
  const values = points.flatMap((p) => p.ratings.filter((r) => r).map((r) => r[0]));
  const yMin = Math.min(-100, ...values) - 20, yMax = Math.max(100, ...values) + 20;
  const xMax = Math.max(1, ...points.map((p) => p.games));
  const X = (x) => L + (x / xMax) * (W - L - R);
  const Y = (y) => H - B - ((y - yMin) / (yMax - yMin)) * (H - T - B);
  const clampY = (y) => Math.max(T, Math.min(H - B, Y(y)));
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img", id: "rating-chart" });
  const step = [25, 50, 100, 200, 250, 500, 1000].find((s) => (yMax - yMin) / s <= 8) || 2000;
  for (let y = Math.ceil(yMin / step) * step; y <= yMax; y += step) {
    svg.append(svgEl("line", { x1: L, x2: W - R, y1: Y(y), y2: Y(y), stroke: y === 0 ? "#b8b8c0" : "#e3e3e8" }));
    svg.append(svgEl("text", { x: L - 6, y: Y(y) + 4, "text-anchor": "end", "font-size": 11, fill: "#6b6b70" }, (y > 0 ? "+" : "") + y.toFixed(0)));
  }
  const every = Math.max(1, Math.ceil(points.length / 8));
  const lastX = X(xMax);
  const ticks = points.filter((p, i) => i === points.length - 1 || (i % every === 0 && lastX - X(p.games) >= 80));
  for (const p of ticks) {
    const anchor = p === points[points.length - 1] ? "end" : "middle";
    svg.append(svgEl("text", { x: X(p.games), y: H - B + 15, "text-anchor": anchor, "font-size": 11, fill: "#6b6b70" }, p.games));
    if (p.ended) {
      const when = new Date(p.ended * 1000).toISOString().slice(5, 16).replace("T", " ");
      svg.append(svgEl("text", { x: X(p.games), y: H - B + 28, "text-anchor": anchor, "font-size": 10, fill: "#9a9aa0" }, when));
    }
  }
  svg.append(svgEl("text", { x: L - 6, y: 11, "text-anchor": "end", "font-size": 12 }, "Elo"));
  const legend = el("p", { class: "legend" });
  history.players.forEach((name, i) => {
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length];
    const mine = points.filter((p) => p.ratings[i]).map((p) => [p.games, p.ratings[i][0], p.ratings[i][1]]);
    if (!mine.length) return;
    // The band from where the interval is narrower than a quarter of the chart (the first games' are
    // wider than anything they would show).
    const first = mine.findIndex((p) => p[2] !== null && 4 * p[2] < yMax - yMin);
    const bounded = first < 0 ? [] : mine.slice(first).filter((p) => p[2] !== null);
    if (bounded.length > 1) {
      const upper = bounded.map((p) => `${X(p[0]).toFixed(1)},${clampY(p[1] + p[2]).toFixed(1)}`);
      const lower = bounded.map((p) => `${X(p[0]).toFixed(1)},${clampY(p[1] - p[2]).toFixed(1)}`).reverse();
      svg.append(svgEl("polygon", { points: upper.concat(lower).join(" "), fill: colour, opacity: 0.08 }));
    }
    const d = mine.map((p, k) => `${k ? "L" : "M"}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(" ");
    svg.append(svgEl("path", { d, fill: "none", stroke: colour, "stroke-width": 2 }));
    legend.append(el("span", {}, el("span", { class: "swatch", style: `background:${colour}` }), name));
  });
  return [svg, legend];
}

// The profile's rows under the later turns' limit (each player's first turn has a larger one).
function laterTurns() {
  const limit = Math.min(...DATA.rows.map((r) => r.limit_ms));
  return DATA.rows.filter((r) => r.limit_ms === limit);
}

function renderProfileSummary() {
  const rows = DATA.rows;
  const used = laterTurns().map((r) => r.used_ms).sort((a, b) => a - b);
  const firsts = rows.filter((r) => !laterTurns().includes(r)).map((r) => ms(r.used_ms));
  const q = (p) => (used.length ? used[Math.min(used.length - 1, Math.floor(p * used.length))] : null);
  const over = rows.filter((r) => r.used_ms > r.limit_ms).length;
  document.getElementById("subtitle").textContent = `${rows.length} moves of a self-play game under the arena's limits`;
  document.getElementById("summary-body").append(
    el("div", { class: "stats" },
      stat("moves", rows.length),
      stat("first turns", firsts.join(", ") || "–"),
      stat("later turns p50 / p99", `${ms(q(0.5))} / ${ms(q(0.99))}`),
      stat("later turns max", ms(used.length ? used[used.length - 1] : null)),
      stat("over the limit", over),
      stat("iterations", rows.reduce((s, r) => s + r.iterations, 0).toLocaleString("en"))));
}

// ---- time chart ----------------------------------------------------------------------------------

const SERIES_COLOURS = ["var(--x)", "var(--o)", "#2a9d5c", "#8e44ad", "#d18f1f", "#16a0a8", "#555"];

// A line chart of series `[{name, colour, dash, points: [[x, y], …]}]` with a dashed limit line at `limit`.
function lineChart(series, limit, xLabel) {
  const W = 860, H = 300, L = 50, R = 16, T = 24, B = 36;
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const xMax = Math.max(2, ...xs);
  const yMax = Math.max(limit * 1.15, ...ys) || 1;
  const X = (x) => L + ((x - 1) / (xMax - 1)) * (W - L - R);
  const Y = (y) => H - B - (y / yMax) * (H - T - B);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", role: "img" });
  for (let k = 0; k <= 5; k++) {
    const y = (yMax * k) / 5;
    svg.append(svgEl("line", { x1: L, x2: W - R, y1: Y(y), y2: Y(y), stroke: "#e3e3e8" }));
    svg.append(svgEl("text", { x: L - 6, y: Y(y) + 4, "text-anchor": "end", "font-size": 11, fill: "#6b6b70" }, y.toFixed(0)));
  }
  for (let x = 1; x <= xMax; x += Math.max(1, Math.ceil(xMax / 12))) {
    svg.append(svgEl("text", { x: X(x), y: H - B + 16, "text-anchor": "middle", "font-size": 11, fill: "#6b6b70" }, x));
  }
  svg.append(svgEl("text", { x: (L + W - R) / 2, y: H - 4, "text-anchor": "middle", "font-size": 12 }, xLabel));
  svg.append(svgEl("text", { x: L - 6, y: 12, "text-anchor": "end", "font-size": 12 }, "ms"));
  svg.append(svgEl("line", { x1: L, x2: W - R, y1: Y(limit), y2: Y(limit), stroke: "var(--limit)", "stroke-width": 1.5, "stroke-dasharray": "6 4", class: "limit-line" }));
  svg.append(svgEl("text", { x: W - R, y: Y(limit) - 5, "text-anchor": "end", "font-size": 11, fill: "var(--limit)" }, `limit ${limit} ms`));
  for (const s of series) {
    if (!s.points.length) continue;
    const d = s.points.map((p, i) => `${i ? "L" : "M"}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join(" ");
    svg.append(svgEl("path", { d, fill: "none", stroke: s.colour, "stroke-width": s.width || 1.6, "stroke-dasharray": s.dash || "", opacity: s.opacity || 1 }));
  }
  const legend = el("p", { class: "legend" });
  for (const s of series) {
    legend.append(el("span", {}, el("span", { class: "swatch", style: `background:${s.colour};opacity:${s.opacity || 1}` }), s.name));
  }
  return [svg, legend];
}

function renderMatchTimes() {
  const series = [];
  const notes = [];
  DATA.times.forEach((t, i) => {
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length];
    // The first turn has its own, larger limit: it is reported in words so the chart keeps its scale.
    const later = t.points.filter((p) => p[0] >= 2);
    series.push({ name: `${t.player} p50`, colour, points: later.map((p) => [p[0], p[1]]), width: 2 });
    series.push({ name: `${t.player} p99`, colour, dash: "4 3", points: later.map((p) => [p[0], p[2]]) });
    series.push({ name: `${t.player} max`, colour, opacity: 0.45, points: later.map((p) => [p[0], p[3]]) });
    const first = t.points.find((p) => p[0] === 1);
    if (first) notes.push(`${t.player}'s first turn: p50 ${ms(first[1])}, p99 ${ms(first[2])}, max ${ms(first[3])} (limit ${DATA.limits.first_ms} ms)`);
  });
  document.getElementById("time-chart").append(...lineChart(series, DATA.limits.later_ms, "the player's own move number (from its second turn)"));
  document.getElementById("time-note").textContent = notes.join(" · ") + ". Late moves are in fewer games, so their lines are noisier.";
}

function renderProfileTimes() {
  const rows = laterTurns();
  const series = [
    { name: "time used", colour: "var(--x)", width: 2, points: rows.map((r) => [r.ply, r.used_ms]) },
    { name: "budget", colour: "#2a9d5c", dash: "3 3", points: rows.map((r) => [r.ply, r.budget_ms]) },
  ];
  const limit = rows.length ? rows[0].limit_ms : 100;
  document.getElementById("time-chart").append(...lineChart(series, limit, "ply (the players' first turns, with their larger limit, are in the summary)"));
  const table = el("table", {}, el("tr", {}, ...["ply", "move", "budget", "used", "slack", "iterations", "iters/ms", "reused"].map((h) => el("th", { class: "num" }, h))));
  for (const r of DATA.rows) {
    table.append(el("tr", {}, ...[r.ply, moveText(r.move), r.budget_ms.toFixed(0), r.used_ms.toFixed(1), (r.limit_ms - r.used_ms).toFixed(1),
      r.iterations, (r.iterations / Math.max(r.used_ms, 0.001)).toFixed(0), r.reused].map((v) => el("td", { class: "num" }, v))));
  }
  document.getElementById("time-note").append(el("div", { class: "scroll" }, table));
}

// ---- game list -----------------------------------------------------------------------------------

const COLUMNS = [
  ["#", (g) => g.id, true],
  ["X (first)", (g) => g.x],
  ["O", (g) => g.o],
  ["result", (g) => (g.winner ? g.winner + " won" : "draw")],
  ["moves", (g) => g.moves.length - g.opening, true],
  ["opening", (g) => g.opening, true],
  ["fault", (g) => (g.fault ? `${g.fault.player}: ${g.fault.kind}` : "")],
];
let sortColumn = 0, sortDescending = false, selectedGame = null;

function renderGameListControls() {
  const player = document.getElementById("filter-player");
  const first = document.getElementById("filter-first");
  for (const p of DATA.players) {
    player.append(el("option", { value: p }, p));
    first.append(el("option", { value: p }, p));
  }
  for (const id of ["filter-player", "filter-result", "filter-first", "filter-faults"]) {
    document.getElementById(id).addEventListener("change", renderGameList);
  }
  const head = el("tr");
  COLUMNS.forEach(([name, , numeric], i) => {
    head.append(el("th", { class: numeric ? "num" : "", onclick: () => {
      sortDescending = sortColumn === i ? !sortDescending : false;
      sortColumn = i;
      renderGameList();
    } }, name));
  });
  document.querySelector("#game-list thead").append(head);
}

function visibleGames() {
  const player = document.getElementById("filter-player").value;
  const result = document.getElementById("filter-result").value;
  const first = document.getElementById("filter-first").value;
  const faultsOnly = document.getElementById("filter-faults").checked;
  const pairing = document.getElementById("games").dataset.pairing;
  return DATA.games.filter((g) => {
    if (player && g.x !== player && g.o !== player) return false;
    if (pairing) {
      const [a, b] = JSON.parse(pairing);
      if (!((g.x === a && g.o === b) || (g.x === b && g.o === a))) return false;
    }
    if (result === "draw" && g.winner !== null) return false;
    if (result === "win" && (g.winner === null || (player && g.winner !== player))) return false;
    if (result === "loss" && (g.winner === null || (player && g.winner === player))) return false;
    if (first && g.x !== first) return false;
    if (faultsOnly && !g.fault) return false;
    return true;
  });
}

function renderGameList() {
  const key = COLUMNS[sortColumn][1];
  const games = visibleGames().sort((a, b) => {
    const [p, q] = [key(a), key(b)];
    const order = p < q ? -1 : p > q ? 1 : a.id - b.id;
    return sortDescending ? -order : order;
  });
  const body = document.querySelector("#game-list tbody");
  body.replaceChildren();
  for (const g of games) {
    const tr = el("tr", { onclick: () => openGame(g.id, 0), "data-game": g.id });
    if (g.id === selectedGame) tr.className = "selected";
    COLUMNS.forEach(([, value, numeric]) => tr.append(el("td", { class: numeric ? "num" : g.fault && value === COLUMNS[6][1] ? "fault" : "" }, value(g))));
    body.append(tr);
  }
  const pairing = document.getElementById("games").dataset.pairing;
  document.getElementById("game-count").textContent =
    `${games.length} of ${DATA.games.length} games` + (pairing ? ` (${JSON.parse(pairing).join(" vs ")}; change a filter to see all)` : "");
}

function showPairing(a, b) {
  document.getElementById("games").dataset.pairing = JSON.stringify([a, b]);
  renderGameList();
  document.getElementById("games").scrollIntoView();
}

// ---- replay --------------------------------------------------------------------------------------

// The position after the first `ply` moves: cells (0 empty, 1 X, 2 O), small boards (0 open, 1 X won,
// 2 O won, 3 drawn) and the small board the next move must go to (-1: any open board).
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const boardOf = (cell) => 3 * Math.floor(Math.floor(cell / 9) / 3) + Math.floor((cell % 9) / 3);
const placeIn = (cell) => 3 * (Math.floor(cell / 9) % 3) + ((cell % 9) % 3);
const cellAt = (board, place) => 9 * (3 * Math.floor(board / 3) + Math.floor(place / 3)) + 3 * (board % 3) + (place % 3);

function position(moves, ply) {
  const cells = new Array(81).fill(0);
  const small = new Array(9).fill(0);
  let forced = -1;
  for (let i = 0; i < ply; i++) {
    const cell = moves[i];
    const b = boardOf(cell);
    cells[cell] = (i % 2) + 1;
    const marks = [...Array(9).keys()].map((p) => cells[cellAt(b, p)]);
    if (LINES.some((l) => marks[l[0]] && marks[l[0]] === marks[l[1]] && marks[l[1]] === marks[l[2]])) small[b] = (i % 2) + 1;
    else if (marks.every((m) => m)) small[b] = 3;
    const next = placeIn(cell);
    forced = small[next] === 0 ? next : -1;
  }
  return { cells, small, forced };
}

let replayGame = null, replayPly = 0;

function drawBoard() {
  const g = replayGame;
  const { cells, small, forced } = position(g.moves, replayPly);
  const svg = document.getElementById("board");
  svg.replaceChildren();
  const S = 50, over = replayPly === g.moves.length;
  for (let b = 0; b < 9; b++) {
    const [bx, by] = [(b % 3) * 3 * S, Math.floor(b / 3) * 3 * S];
    const fill = small[b] === 1 ? "var(--x)" : small[b] === 2 ? "var(--o)" : small[b] === 3 ? "var(--draw)" : "none";
    if (fill !== "none") svg.append(svgEl("rect", { x: bx, y: by, width: 3 * S, height: 3 * S, fill, opacity: 0.18 }));
    const playable = !over && small[b] === 0 && (forced === -1 || forced === b);
    if (playable) svg.append(svgEl("rect", { x: bx + 3, y: by + 3, width: 3 * S - 6, height: 3 * S - 6, fill: "#f7d64a", opacity: forced === b ? 0.35 : 0.12, class: "playable" }));
  }
  for (let k = 1; k < 9; k++) {
    const wide = k % 3 === 0;
    const attrs = { stroke: wide ? "#1d1d1f" : "#c4c4cc", "stroke-width": wide ? 3 : 1 };
    svg.append(svgEl("line", { x1: k * S, x2: k * S, y1: 0, y2: 9 * S, ...attrs }));
    svg.append(svgEl("line", { y1: k * S, y2: k * S, x1: 0, x2: 9 * S, ...attrs }));
  }
  for (let cell = 0; cell < 81; cell++) {
    if (!cells[cell]) continue;
    const [x, y] = [(cell % 9) * S + S / 2, Math.floor(cell / 9) * S + S / 2];
    const colour = cells[cell] === 1 ? "var(--x)" : "var(--o)";
    svg.append(svgEl("text", { x, y: y + 11, "text-anchor": "middle", "font-size": 32, "font-weight": 700, fill: colour }, cells[cell] === 1 ? "×" : "○"));
  }
  for (let b = 0; b < 9; b++) {
    if (small[b] === 1 || small[b] === 2) {
      const [x, y] = [(b % 3) * 3 * S + 1.5 * S, Math.floor(b / 3) * 3 * S + 1.5 * S];
      svg.append(svgEl("text", { x, y: y + 40, "text-anchor": "middle", "font-size": 120, fill: small[b] === 1 ? "var(--x)" : "var(--o)", opacity: 0.35 }, small[b] === 1 ? "×" : "○"));
    }
  }
  if (replayPly > 0) {
    const last = g.moves[replayPly - 1];
    svg.append(svgEl("circle", { cx: (last % 9) * S + S / 2, cy: Math.floor(last / 9) * S + S / 2, r: S / 2 - 3, fill: "none", stroke: "#1d1d1f", "stroke-width": 2.5, class: "last-move" }));
  }
  const opening = replayPly <= g.opening && replayPly > 0 ? " (opening book)" : "";
  document.getElementById("replay-position").textContent =
    `position after ${replayPly} of ${g.moves.length} moves` + (over ? ` — ${g.winner ? g.winner + " won" : "draw"}` + (g.fault ? ` (${g.fault.player}: ${g.fault.detail})` : "") : "");
  const mover = replayPly % 2 === 1 ? g.x : g.o;
  document.getElementById("replay-move").textContent = replayPly === 0 ? `${g.x} (X) to move` :
    `move ${replayPly}: ${mover} played ${moveText(g.moves[replayPly - 1])}` + opening +
    (replayPly > g.opening && g.times[replayPly - 1] !== undefined ? ` in ${ms(g.times[replayPly - 1])}` : "");
  const note = replayPly > 0 ? g.notes[replayPly - 1] : "";
  document.getElementById("replay-note").textContent = note || (replayPly > 0 ? "(the log has no stderr line for this move)" : "");
  history.replaceState(null, "", `#game=${g.id}&ply=${replayPly}`);
}

function openGame(id, ply, scroll = true) {
  const g = DATA.games.find((x) => x.id === id);
  if (!g) return;
  replayGame = g;
  selectedGame = id;
  replayPly = Math.max(0, Math.min(ply, g.moves.length));
  const section = document.getElementById("replay");
  section.hidden = false;
  document.getElementById("replay-title").textContent =
    `Replay of game ${g.id}: ${g.x} (X) vs ${g.o} (O)` + (g.notes_cut ? " — stderr cut in the log" : "");
  drawBoard();
  renderGameList();
  if (scroll) section.scrollIntoView({ block: "nearest" });
}

function step(to) {
  if (!replayGame) return;
  replayPly = Math.max(0, Math.min(to, replayGame.moves.length));
  drawBoard();
}

function renderReplayControls() {
  document.getElementById("to-start").addEventListener("click", () => step(0));
  document.getElementById("back").addEventListener("click", () => step(replayPly - 1));
  document.getElementById("forward").addEventListener("click", () => step(replayPly + 1));
  document.getElementById("to-end").addEventListener("click", () => step(Infinity));
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLInputElement) return;
    const moves = { ArrowLeft: replayPly - 1, ArrowRight: replayPly + 1, Home: 0, End: Infinity };
    if (e.key in moves) {
      step(moves[e.key]);
      e.preventDefault();
    }
  });
}

// ---- start ---------------------------------------------------------------------------------------

function main() {
  if (DATA.kind === "match") renderMatchSummary();
  else if (DATA.kind === "tournament") renderTournament();
  else if (DATA.kind === "league") renderLeague();
  else renderProfileSummary();
  if (DATA.kind === "profile") renderProfileTimes();
  else renderMatchTimes();
  renderGameListControls();
  renderGameList();
  renderReplayControls();
  // `#game=ID&ply=N` opens a replay at a position (links, and the screenshots of check-report.sh).
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.has("game")) {
    // A link to a position shows the replay first.
    document.body.classList.add("replay-first");
    openGame(Number(wanted.get("game")), Number(wanted.get("ply") || 0), false);
  } else if (DATA.kind === "profile") openGame(0, 0, false);
  document.body.dataset.rendered = "ok";
}

main();
