// Drawing the board (SVG): the lines, the stones, the turn being played or hovered, the
// last turn, and the choice bar of a capture sequence. A view: it reads the state and
// writes none; a click on a point goes to the handler drawGrid is given (app.js).

import { board, columnOf, parseFen, parseTurn, pointIndex, pointName, rowOf, valueText } from "./notation.js";
import { gameResult } from "./result.js";
import { candidates, endingTurn, kindEnding, nextPoints } from "./selection.js";
import { $, state } from "./state.js";

export const STEP = 80;    // board units between neighbouring points

// Board units around the outer lines: room for the coordinates outside the stones of the
// edge rows (a stone's radius is 0.3 STEP, a label on a phone 32 units high).
export const MARGIN = 62;

const SVG_NS = "http://www.w3.org/2000/svg";

// Flipped (Black at the bottom), the board turns half a turn.
const screenColumn = (p) => (state.flipped ? board.columns - 1 - columnOf(p) : columnOf(p));

const screenRow = (p) => (state.flipped ? board.rows - 1 - rowOf(p) : rowOf(p));

const pointX = (p) => MARGIN + screenColumn(p) * STEP;

const pointY = (p) => MARGIN + (board.rows - 1 - screenRow(p)) * STEP;

function svg(name, attributes, parent) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

// The lines of the board, drawn once: every row and column, and the diagonals, which
// join strong points only (column + row even, rules.md); and the points' hit areas, whose
// click calls onPoint(point).
export function drawGrid(element, onPoint) {
  const grid = svg("g", { class: "grid" }, element);
  const line = (a, b) => svg("line", { x1: pointX(a), y1: pointY(a), x2: pointX(b), y2: pointY(b) }, grid);
  const C = board.columns;
  for (let r = 0; r < board.rows; ++r) line(r * C, r * C + C - 1);
  for (let c = 0; c < C; ++c) line(c, (board.rows - 1) * C + c);
  for (let p = 0; p < board.points; ++p) {
    const c = columnOf(p);
    const r = rowOf(p);
    if ((c + r) % 2 !== 0 || r === board.rows - 1) continue;
    if (c < C - 1) line(p, p + C + 1);  // up and right
    if (c > 0) line(p, p + C - 1);      // up and left
  }
  const labels = svg("g", {}, element);
  svg("g", { id: "labels" }, element);
  svg("g", { id: "layer-marks" }, element);
  svg("g", { id: "layer-stones" }, element);
  svg("g", { id: "layer-overlay" }, element);
  const hits = svg("g", { id: "layer-hits" }, element);
  for (let p = 0; p < board.points; ++p) {
    // As large as the spacing of the points: a finger may land anywhere near one.
    const hit = svg("rect", { class: "hit", width: STEP, height: STEP, "data-point": pointName(p) }, hits);
    hit.addEventListener("click", () => onPoint(p));
  }
}

// The stones as they stand partway through a capture sequence: the position after the
// turn that would stop here (stopping is allowed after every capturing step).
function shownPosition() {
  const selection = state.selection;
  if (selection && selection.points.length > 1) {
    const settled = { points: selection.points.slice(0, selection.kinds.length + 1), kinds: selection.kinds };
    const ending = endingTurn(settled);
    if (ending) return parseFen(ending.fen);
  }
  return state.position;
}

function drawPath(points, parent, extraClass) {
  const d = points.map((p, i) => (i ? "L" : "M") + pointX(p) + " " + pointY(p)).join(" ");
  svg("path", { class: "path " + (extraClass || ""), d }, parent);
}

// The opponent's stones that `before` has and `after` lacks: the ones a turn of `side`
// captures.
function capturedPoints(before, after, side) {
  const mover = side === "w" ? "W" : "B";
  const out = [];
  for (let p = 0; p < board.points; ++p) if (before.cells[p] && before.cells[p] !== mover && !after.cells[p]) out.push(p);
  return out;
}

// What moves when the board flips: the labels and the hit areas.
export function placeLabelsAndHits() {
  const labels = $("labels");
  labels.replaceChildren();
  const bottom = 2 * MARGIN + (board.rows - 1) * STEP - 17;
  for (let c = 0; c < board.columns; ++c) svg("text", { class: "label", x: pointX(c), y: bottom }, labels).textContent = board.letters[c];
  for (let r = 0; r < board.rows; ++r) svg("text", { class: "label", x: 19, y: pointY(r * board.columns) }, labels).textContent = String(r + 1);
  for (const hit of document.querySelectorAll("#layer-hits .hit")) {
    const p = pointIndex(hit.dataset.point);
    hit.setAttribute("x", pointX(p) - STEP / 2);
    hit.setAttribute("y", pointY(p) - STEP / 2);
  }
}

export function renderBoard() {
  $("board").classList.toggle("editing", state.mode === "edit");
  const marks = $("layer-marks");
  const stones = $("layer-stones");
  const overlay = $("layer-overlay");
  marks.replaceChildren();
  stones.replaceChildren();
  overlay.replaceChildren();

  const shown = shownPosition();
  const selection = state.selection;
  const preview = state.preview;
  let captured = [];
  if (preview) {
    const after = parseFen(preview.fen);
    captured = capturedPoints(shown, after, state.position.side);
  }
  for (let p = 0; p < board.points; ++p) {
    const cell = shown.cells[p];
    if (!cell) continue;
    const stone = svg("circle", { class: "stone " + cell, cx: pointX(p), cy: pointY(p), r: STEP * 0.3, "data-point": pointName(p), "data-stone": cell }, stones);
    if (captured.includes(p)) stone.classList.add("captured");
  }
  for (const p of captured) {
    const x = pointX(p), y = pointY(p), s = STEP * 0.2;
    svg("path", { class: "cross", d: `M${x - s} ${y - s}L${x + s} ${y + s}M${x + s} ${y - s}L${x - s} ${y + s}` }, overlay);
  }

  if (state.game[state.ply].turn && !selection) drawLastTurn(marks, stones, overlay);
  if (state.mode === "play" && state.answer && !selection && !preview && !gameResult()) {
    for (const p of new Set(state.turns.map((t) => t.points[0])))
      svg("circle", { class: "movable", cx: pointX(p), cy: pointY(p), r: STEP * 0.38 }, marks);
  }
  if (selection) {
    const here = selection.points[selection.points.length - 1];
    if (selection.points.length > 1) drawPath(selection.points, overlay);
    svg("circle", { class: "selected", cx: pointX(here), cy: pointY(here), r: STEP * 0.38 }, marks);
    for (const p of nextPoints(selection))
      svg("circle", { class: "target", cx: pointX(p), cy: pointY(p), r: STEP * 0.14, "data-target": pointName(p) }, marks);
  }
  if (preview && preview.points) drawPath(preview.points, overlay, "preview");
  renderSequenceBar();
}

// The turn that led to the shown position, whole, until the next one: its path with a
// dot at each step, its ends ringed, and the stones it took drawn faint and crossed out
// where they stood (a 9-stone sweep by the computer must not just vanish).
function drawLastTurn(marks, stones, overlay) {
  const played = parseTurn(state.game[state.ply].turn);
  drawPath(played.points, marks, "last");
  for (const p of played.points.slice(1, -1))
    svg("circle", { class: "last-step", cx: pointX(p), cy: pointY(p), r: STEP * 0.09 }, marks);
  for (const p of [played.points[0], played.points[played.points.length - 1]])
    svg("circle", { class: "last-point", cx: pointX(p), cy: pointY(p), r: STEP * 0.4, "data-last": pointName(p) }, marks);
  const before = parseFen(state.game[state.ply - 1].fen);
  for (const p of capturedPoints(before, state.position, before.side)) {
    const colour = before.cells[p];
    svg("circle", { class: "stone taken " + colour, cx: pointX(p), cy: pointY(p), r: STEP * 0.3, "data-taken": pointName(p) }, stones);
    const x = pointX(p), y = pointY(p), s = STEP * 0.14;
    svg("path", { class: "cross taken", d: `M${x - s} ${y - s}L${x + s} ${y + s}M${x + s} ${y - s}L${x - s} ${y + s}` }, overlay);
  }
}

function renderSequenceBar() {
  const selection = state.selection;
  const active = Boolean(selection && selection.points.length > 1);
  $("sequence-bar").hidden = !active;
  if (!active) return;
  const parts = selection.points.map((p, i) => pointName(p) + (i > 0 ? selection.kinds[i - 1] || "" : ""));
  $("sequence-text").textContent = parts.join("-") + (selection.pendingKinds ? " ?" : "");
  const pending = selection.pendingKinds || [];
  for (const [id, kind, name] of [["choose-approach", "A", "Approach"], ["choose-withdrawal", "W", "Withdrawal"]]) {
    $(id).hidden = !pending.includes(kind);
    if (pending.includes(kind)) $(id).textContent = name + choiceText(kind);
  }
  const ending = endingTurn(selection);
  $("stop-here").hidden = !ending;
  if (ending) $("stop-here").textContent = "Stop here · " + valueText(ending.wdl, ending.depth);
}

// What a choice takes and the value of the best turn through it ("takes 2 · Win in 5"),
// on the button itself, for touch screens that have no hover.
function choiceText(kind) {
  const selection = state.selection;
  const best = candidates({ points: selection.points, kinds: [...selection.kinds, kind] })[0];  // best first
  const stop = kindEnding(selection, kind);
  const taken = stop ? ` · takes ${capturedPoints(shownPosition(), parseFen(stop.fen), state.position.side).length}` : "";
  return best ? taken + " · " + valueText(best.wdl, best.depth) : "";
}
