// The evaluation of each position of the game, for the bar beside the board and the
// graph over the game: the tables' value where they reach (exact), else the engine's
// score, from the analysis of the game (analysis.js) or from the computer's own search.
// A view: it reads the state; a click on the graph goes to the handler it is given.

import { parseFen } from "./notation.js";
import { $, state } from "./state.js";

// One scale for every kind of value, in hundredths of a stone for the side it is for:
// a win (of the tables, or a forced end the engine found) beyond any score.
export const WIN_POINTS = 100000;

// A search answer of /api/search (for the side to move of its position) in points.
export function searchPoints(search) {
  if (search.end) {
    if (!search.end.winner) return 0;  // a draw by repetition
    const mover = parseFen(search.fen).side === "w" ? "white" : "black";
    return search.end.winner === mover ? WIN_POINTS : -WIN_POINTS;
  }
  if (search.from_tables && search.table) return tablePoints(search.table.wdl);
  const [kind, number] = search.score_text.split(" ");
  if (kind === "cp") return Number(number);
  return kind === "win" || kind === "tablewin" ? WIN_POINTS : -WIN_POINTS;
}

const tablePoints = (wdl) => ({ win: WIN_POINTS, draw: 0, loss: -WIN_POINTS })[wdl];

const forWhite = (points, side) => (side === "w" ? points : -points);

// The evaluation of position `ply` in points for White, or null where nothing is known:
// the analysis, the tables' value (the position's own when shown, else the turn's that
// led there), the engine's score for the turn it chose.
export function whitePoints(ply) {
  const entry = state.game[ply];
  const side = parseFen(entry.fen).side, maker = side === "w" ? "b" : "w";
  if (entry.analysis) return forWhite(searchPoints(entry.analysis), side);
  if (ply === state.ply && state.answer && state.answer.in_tables) return forWhite(tablePoints(state.answer.wdl), side);
  if (entry.wdl) return forWhite(tablePoints(entry.wdl), maker);
  if (entry.engine && entry.engine.score_text) return forWhite(searchPoints(entry.engine), maker);
  return null;
}

// -1 (Black wins) to +1 (White wins): a stone is about a quarter of the way.
export const squash = (points) => Math.tanh(points / 400);

function pointsText(points) {
  if (points >= WIN_POINTS) return "White wins";
  if (points <= -WIN_POINTS) return "Black wins";
  return (points >= 0 ? "+" : "") + (points / 100).toFixed(2);
}

// The bar: White's share of it is its chance, as the evaluation says; hidden where
// nothing is known.
export function renderBar() {
  const points = state.game.length ? whitePoints(state.ply) : null;
  $("eval-bar").hidden = points === null || state.mode !== "play";
  if ($("eval-bar").hidden) return;
  $("eval-white").style.width = `${(50 * (1 + squash(points))).toFixed(1)}%`;
  $("eval-text").textContent = pointsText(points);
  $("eval-bar").dataset.points = String(points);
}

const SVG_NS = "http://www.w3.org/2000/svg";
const GRAPH_W = 600, GRAPH_H = 90;

// The graph over the game: a point for each position with an evaluation, the mistakes of
// the analysis red, the shown position marked; a click on a point calls onPly(ply).
export function renderGraph(onPly) {
  const graph = $("eval-graph");
  graph.replaceChildren();
  const known = state.game.map((_, ply) => [ply, whitePoints(ply)]).filter(([, p]) => p !== null);
  $("graph-panel").hidden = state.game.length < 2 || known.length < 2;
  if ($("graph-panel").hidden) return;
  const x = (ply) => 8 + (GRAPH_W - 16) * ply / (state.game.length - 1);
  const y = (points) => GRAPH_H / 2 - (GRAPH_H / 2 - 6) * squash(points);
  const element = (name, attributes) => {
    const e = document.createElementNS(SVG_NS, name);
    for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
    graph.appendChild(e);
    return e;
  };
  element("line", { class: "axis", x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2 });
  element("line", { class: "now", x1: x(state.ply), y1: 0, x2: x(state.ply), y2: GRAPH_H });
  element("polyline", { class: "curve", points: known.map(([ply, p]) => `${x(ply).toFixed(1)},${y(p).toFixed(1)}`).join(" ") });
  for (const [ply, p] of known)
    element("circle", { class: "dot" + (state.game[ply].mistake ? " mistake" : ""), cx: x(ply), cy: y(p), r: 4, "data-ply": ply });
  // A click anywhere goes to the position nearest it along the game.
  graph.onclick = (event) => {
    const box = graph.getBoundingClientRect();
    const units = (event.clientX - box.left) / box.width * GRAPH_W;
    const ply = Math.round((units - 8) / (GRAPH_W - 16) * (state.game.length - 1));
    onPly(Math.max(0, Math.min(state.game.length - 1, ply)));
  };
}
