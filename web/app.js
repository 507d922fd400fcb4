// The tsivy explorer page. It knows how to draw a position and how to read the notation
// of docs/notation.md, but not the rules: every legal turn comes from the server
// (/api/probe), and playing on the board only narrows that list down click by click.
"use strict";

const COLUMNS = "abcdefghi";
const ROWS = 5;
const POINTS = 45;
const STEP = 80;    // board units between neighbouring points
const MARGIN = 50;  // board units around the outer lines
const START_FEN = "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w";
const DEFAULT_FEN = "9/6B2/4W4/2W6/9 w";  // notation.md's endgame
const COMPUTER_DELAY_MS = 600;
const SVG_NS = "http://www.w3.org/2000/svg";

// ---- Positions and turns as text (drawing only; the server checks everything) ----------

// Point p = row_index * 9 + column_index, a1 = 0 (notation.md).
const pointName = (p) => COLUMNS[p % 9] + String(Math.floor(p / 9) + 1);
const pointIndex = (name) => (Number(name.slice(1)) - 1) * 9 + COLUMNS.indexOf(name[0]);
const pointX = (p) => MARGIN + (p % 9) * STEP;
const pointY = (p) => MARGIN + (ROWS - 1 - Math.floor(p / 9)) * STEP;

// {cells: 45 x ("W" | "B" | null), side: "w" | "b"}, or null when the text is not a position.
function parseFen(text) {
  const match = /^([1-9WB]+(?:\/[1-9WB]+){4}) ([wb])$/.exec(String(text).trim());
  if (!match) return null;
  const cells = new Array(POINTS).fill(null);
  const rows = match[1].split("/");  // row 5 first
  for (let r = 0; r < ROWS; ++r) {
    let column = 0;
    for (const ch of rows[r]) {
      if (ch === "W" || ch === "B") {
        if (column < 9) cells[(ROWS - 1 - r) * 9 + column] = ch;
        column += 1;
      } else {
        column += Number(ch);
      }
    }
    if (column !== 9) return null;
  }
  return { cells, side: match[2] };
}

function formatFen(position) {
  const rows = [];
  for (let r = ROWS - 1; r >= 0; --r) {
    let text = "";
    let empty = 0;
    for (let c = 0; c < 9; ++c) {
      const cell = position.cells[r * 9 + c];
      if (!cell) { empty += 1; continue; }
      if (empty) text += empty;
      empty = 0;
      text += cell;
    }
    if (empty) text += empty;
    rows.push(text);
  }
  return rows.join("/") + " " + position.side;
}

// "d2-e3A-e4W" -> {points: [d2, e3, e4], kinds: ["A", "W"]}; a paika's step has kind "".
function parseTurn(text) {
  const parts = text.split("-");
  return {
    points: parts.map((part) => pointIndex(part.slice(0, 2))),
    kinds: parts.slice(1).map((part) => part.slice(2)),
  };
}

const sideName = (side) => (side === "w" ? "White" : "Black");
const stoneCount = (position) => position.cells.filter(Boolean).length;

function valueText(wdl, depth) {
  if (wdl === "draw") return "Draw";
  return (wdl === "win" ? "Win" : "Loss") + " in " + depth;
}

// ---- State ---------------------------------------------------------------------------

const state = {
  fen: DEFAULT_FEN,
  position: parseFen(DEFAULT_FEN),
  probe: null,          // the /api/probe answer for state.fen, once it has come
  turns: [],            // its turns, each with parsed points and kinds
  undo: [],
  redo: [],
  mode: "play",
  selection: null,      // a turn being played on the board: {points, kinds, pendingKinds?}
  preview: null,        // a turn shown on the board (hovered, or about to be played)
  request: 0,           // number of the latest probe request; older answers are dropped
  computerTimer: null,
  maxStones: null,
};

const $ = (id) => document.getElementById(id);

// ---- Talking to the server -------------------------------------------------------------

// {status, body}; status 0 when the server cannot be reached (stopped, say).
async function getJson(path) {
  let response;
  try {
    response = await fetch(path, { cache: "no-store" });
  } catch (e) {
    return { status: 0, body: { error: "the server does not answer (is tsivy serve still running?)" } };
  }
  let body = null;
  try { body = await response.json(); } catch (e) { body = { error: "not JSON: HTTP " + response.status }; }
  return { status: response.status, body };
}

const probeUrl = (fen) => "/api/probe?fen=" + encodeURIComponent(fen);

async function loadInfo() {
  const { status, body } = await getJson("/api/info");
  if (status !== 200) return;
  state.maxStones = body.max_stones;
  $("tables-info").textContent = `tables: ${body.classes.length} classes, complete up to ${body.max_stones} stones`;
}

async function probeCurrent(answerAfter) {
  const request = ++state.request;
  const fen = state.fen;
  state.probe = null;
  state.turns = [];
  renderInfo();
  const { status, body } = await getJson(probeUrl(fen));
  if (request !== state.request) return;  // the position changed meanwhile
  if (status === 200) {
    state.probe = body;
    state.turns = body.turns.map((t) => ({ ...t, ...parseTurn(t.turn) }));
    showMessage(null);
  } else if (status === 422) {
    const stones = stoneCount(state.position);
    showMessage(`Outside the tables: this position has ${stones} stones, and the tables hold positions ` +
                `of up to ${body.max_stones ?? state.maxStones} stones. Remove stones in the editor to look it up.`);
  } else {
    showMessage("The server could not answer: " + (body.error || "HTTP " + status), true);
  }
  renderBoard();
  renderInfo();
  if (answerAfter) scheduleComputerTurn();
}

// ---- Changing the position ------------------------------------------------------------

// Every change of position goes through here: it is recorded for undo, lives in the URL
// (so the link shares it), and is looked up.
function setPosition(fen, { record = true, answer = false } = {}) {
  const position = parseFen(fen);
  if (!position) return;
  fen = formatFen(position);
  cancelComputerTurn();
  if (record && fen !== state.fen) {
    state.undo.push(state.fen);
    state.redo = [];
  }
  state.fen = fen;
  state.position = position;
  state.selection = null;
  state.preview = null;
  const url = new URL(window.location.href);
  url.searchParams.set("fen", fen);
  window.history.replaceState(null, "", url);
  $("fen-input").value = fen;
  $("fen-error").hidden = true;
  $("line").replaceChildren();
  $("line-panel").open = false;
  renderBoard();
  probeCurrent(answer);
}

function playTurn(turn, { byHuman = true } = {}) {
  setPosition(turn.fen, { answer: byHuman && $("perfect-play").checked });
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(state.fen);
  setPosition(state.undo.pop(), { record: false });
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(state.fen);
  setPosition(state.redo.pop(), { record: false });
}

// "Play against perfect play": after a turn of the person, the best turn for the other
// side, shown on the board for a moment first.
function scheduleComputerTurn() {
  if (!state.probe || !state.turns.length) return;
  const best = state.turns[0];
  state.preview = best;
  renderBoard();
  state.computerTimer = window.setTimeout(() => {
    state.computerTimer = null;
    playTurn(best, { byHuman: false });
  }, COMPUTER_DELAY_MS);
}

function cancelComputerTurn() {
  if (state.computerTimer !== null) window.clearTimeout(state.computerTimer);
  state.computerTimer = null;
}

// ---- Playing on the board: narrowing the server's turn list ---------------------------

function matchesSelection(turn, selection) {
  if (turn.points.length < selection.points.length) return false;
  for (let i = 0; i < selection.points.length; ++i) if (turn.points[i] !== selection.points[i]) return false;
  for (let i = 0; i < selection.kinds.length; ++i) if (turn.kinds[i] !== selection.kinds[i]) return false;
  return true;
}

const candidates = (selection) => state.turns.filter((t) => matchesSelection(t, selection));

// Points the selected stone may step to next.
function nextPoints(selection) {
  if (selection.pendingKinds) return [];
  const n = selection.points.length;
  return [...new Set(candidates(selection).filter((t) => t.points.length > n).map((t) => t.points[n]))];
}

// The turn that ends exactly where the selection stands, if the sequence may stop here.
function endingTurn(selection) {
  if (selection.pendingKinds) return null;
  return candidates(selection).find((t) => t.points.length === selection.points.length) || null;
}

function onBoardClick(point) {
  if (state.mode === "edit") return editPoint(point);
  if (!state.probe || state.computerTimer !== null) return;
  const selection = state.selection;
  if (selection && nextPoints(selection).includes(point)) return stepTo(point);
  // Mid-sequence (after a capture) the stone is committed; elsewhere a click picks a stone.
  if (selection && selection.points.length > 1) return;
  const movable = state.turns.some((t) => t.points[0] === point);
  state.selection = movable && !(selection && selection.points[0] === point) ? { points: [point], kinds: [] } : null;
  renderBoard();
}

function stepTo(point) {
  const selection = { points: [...state.selection.points, point], kinds: [...state.selection.kinds] };
  const kinds = [...new Set(candidates(selection).map((t) => t.kinds[selection.points.length - 2]))];
  if (kinds.length > 1) {
    selection.pendingKinds = kinds;  // approach or withdrawal: the person chooses
    state.selection = selection;
    renderBoard();
    return;
  }
  selection.kinds.push(kinds[0]);
  settle(selection);
}

function chooseKind(kind) {
  const selection = state.selection;
  if (!selection || !selection.pendingKinds || !selection.pendingKinds.includes(kind)) return;
  delete selection.pendingKinds;
  selection.kinds.push(kind);
  state.preview = null;
  settle(selection);
}

// After a step: play the turn when nothing can follow, else wait for the next step or
// for "stop here".
function settle(selection) {
  const ending = endingTurn(selection);
  if (ending && nextPoints(selection).length === 0) return playTurn(ending);
  state.selection = selection;
  renderBoard();
}

function stopHere() {
  const ending = state.selection && endingTurn(state.selection);
  if (ending) playTurn(ending);
}

function cancelSelection() {
  state.selection = null;
  state.preview = null;
  renderBoard();
}

// ---- Editing -----------------------------------------------------------------------------

function editPoint(point) {
  const brush = document.querySelector('input[name="brush"]:checked').value;
  const cells = [...state.position.cells];
  cells[point] = brush === "." || cells[point] === brush ? null : brush;
  setPosition(formatFen({ cells, side: state.position.side }));
}

function switchSide() {
  setPosition(formatFen({ cells: state.position.cells, side: state.position.side === "w" ? "b" : "w" }));
}

async function loadTypedFen(event) {
  event.preventDefault();
  const text = $("fen-input").value.trim();
  const { status, body } = await getJson(probeUrl(text));
  if (status === 400 || !parseFen(text)) {
    $("fen-error").textContent = "Not a position: " + (status === 400 ? body.error : "see docs/notation.md");
    $("fen-error").hidden = false;
    return;
  }
  setPosition(text);
}

async function copyFen() {
  const input = $("fen-input");
  input.value = state.fen;
  try {
    await navigator.clipboard.writeText(state.fen);
  } catch (e) {
    input.select();
    document.execCommand("copy");
  }
  $("fen-copy").textContent = "Copied";
  window.setTimeout(() => { $("fen-copy").textContent = "Copy"; }, 1200);
}

// ---- Drawing the board -------------------------------------------------------------------

function svg(name, attributes, parent) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.appendChild(element);
  return element;
}

// The lines of the board, drawn once: every row and column, and the diagonals, which
// join strong points only (column + row even, rules.md).
function drawGrid(board) {
  const grid = svg("g", { class: "grid" }, board);
  const line = (a, b) => svg("line", { x1: pointX(a), y1: pointY(a), x2: pointX(b), y2: pointY(b) }, grid);
  for (let r = 0; r < ROWS; ++r) line(r * 9, r * 9 + 8);
  for (let c = 0; c < 9; ++c) line(c, 36 + c);
  for (let p = 0; p < POINTS; ++p) {
    const c = p % 9;
    const r = Math.floor(p / 9);
    if ((c + r) % 2 !== 0 || r === ROWS - 1) continue;
    if (c < 8) line(p, p + 10);  // up and right
    if (c > 0) line(p, p + 8);   // up and left
  }
  const labels = svg("g", {}, board);
  for (let c = 0; c < 9; ++c) svg("text", { class: "label", x: pointX(c), y: 2 * MARGIN + 4 * STEP - 14 }, labels).textContent = COLUMNS[c];
  for (let r = 0; r < ROWS; ++r) svg("text", { class: "label", x: 16, y: pointY(r * 9) }, labels).textContent = String(r + 1);
  svg("g", { id: "layer-marks" }, board);
  svg("g", { id: "layer-stones" }, board);
  svg("g", { id: "layer-overlay" }, board);
  const hits = svg("g", { id: "layer-hits" }, board);
  for (let p = 0; p < POINTS; ++p) {
    const hit = svg("circle", { class: "hit", cx: pointX(p), cy: pointY(p), r: STEP * 0.45, "data-point": pointName(p) }, hits);
    hit.addEventListener("click", () => onBoardClick(p));
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

// The opponent's stones that `before` has and `after` lacks: the ones a turn captures.
function capturedPoints(before, after) {
  const mover = state.position.side === "w" ? "W" : "B";
  const out = [];
  for (let p = 0; p < POINTS; ++p) if (before.cells[p] && before.cells[p] !== mover && !after.cells[p]) out.push(p);
  return out;
}

function renderBoard() {
  const board = $("board");
  board.classList.toggle("editing", state.mode === "edit");
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
    captured = capturedPoints(shown, after);
  }
  for (let p = 0; p < POINTS; ++p) {
    const cell = shown.cells[p];
    if (!cell) continue;
    const stone = svg("circle", { class: "stone " + cell, cx: pointX(p), cy: pointY(p), r: STEP * 0.3, "data-point": pointName(p), "data-stone": cell }, stones);
    if (captured.includes(p)) stone.classList.add("captured");
  }
  for (const p of captured) {
    const x = pointX(p), y = pointY(p), s = STEP * 0.2;
    svg("path", { class: "cross", d: `M${x - s} ${y - s}L${x + s} ${y + s}M${x + s} ${y - s}L${x - s} ${y + s}` }, overlay);
  }

  if (state.mode === "play" && state.probe && !selection && !preview) {
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

function renderSequenceBar() {
  const selection = state.selection;
  const active = Boolean(selection && selection.points.length > 1);
  $("sequence-bar").hidden = !active;
  if (!active) return;
  const parts = selection.points.map((p, i) => pointName(p) + (i > 0 ? selection.kinds[i - 1] || "" : ""));
  $("sequence-text").textContent = parts.join("-") + (selection.pendingKinds ? " ?" : "");
  const pending = selection.pendingKinds || [];
  $("choose-approach").hidden = !pending.includes("A");
  $("choose-withdrawal").hidden = !pending.includes("W");
  $("stop-here").hidden = !endingTurn(selection);
}

// Hovering a choice shows what it captures: the turn that takes it and stops there.
function previewKind(kind) {
  const selection = state.selection;
  if (!selection || !selection.pendingKinds) return;
  const ending = candidates({ points: selection.points, kinds: [...selection.kinds, kind] })
    .find((t) => t.points.length === selection.points.length);
  state.preview = ending ? { fen: ending.fen, points: null } : null;
  renderBoard();
}

// ---- The value and the turn list ------------------------------------------------------------

function showMessage(text, isError) {
  const box = $("message");
  box.hidden = !text;
  box.textContent = text || "";
  box.classList.toggle("error", Boolean(isError));
}

function renderInfo() {
  const probe = state.probe;
  const value = $("value");
  $("side-to-move").textContent = sideName(state.position.side) + " to move:";
  value.className = probe ? probe.wdl : "";
  value.dataset.wdl = probe ? probe.wdl : "";
  value.dataset.depth = probe && probe.depth !== null ? String(probe.depth) : "";
  value.textContent = probe ? valueText(probe.wdl, probe.depth) : "";
  if (probe && !probe.turns.length) {
    const us = state.position.cells.filter((c) => c && c.toLowerCase() === state.position.side).length;
    value.textContent += us === 0 ? " (no stones left)" : stoneCount(state.position) === us ? " (the other side has no stones)" : " (no legal turn)";
  }
  const body = $("turns").querySelector("tbody");
  body.replaceChildren();
  for (const turn of state.turns) {
    const row = document.createElement("tr");
    row.className = turn.wdl;
    row.dataset.turn = turn.turn;
    row.dataset.wdl = turn.wdl;
    row.dataset.depth = turn.depth === null ? "" : String(turn.depth);
    const name = document.createElement("td");
    name.className = "turn";
    name.textContent = turn.turn;
    const score = document.createElement("td");
    score.className = "value";
    score.textContent = valueText(turn.wdl, turn.depth);
    row.append(name, score);
    row.addEventListener("mouseenter", () => { if (state.computerTimer === null) { state.preview = turn; renderBoard(); } });
    row.addEventListener("mouseleave", () => { if (state.computerTimer === null) { state.preview = null; renderBoard(); } });
    row.addEventListener("click", () => { if (state.computerTimer === null) playTurn(turn); });
    body.appendChild(row);
  }
  $("undo").disabled = !state.undo.length;
  $("redo").disabled = !state.redo.length;
  $("best-turn").disabled = !state.turns.length;
}

async function showLine() {
  if (!$("line-panel").open) return;
  const list = $("line");
  list.replaceChildren();
  const fen = state.fen;
  const { status, body } = await getJson("/api/line?max_turns=60&fen=" + encodeURIComponent(fen));
  if (status !== 200 || fen !== state.fen) return;
  for (const step of body.line) {
    const item = document.createElement("li");
    item.textContent = `${step.turn}  (then ${valueText(step.wdl, step.depth).toLowerCase()} for the side to move)`;
    item.addEventListener("click", () => setPosition(step.fen));
    list.appendChild(item);
  }
  if (!body.line.length) list.textContent = "No turn: the game is over.";
}

// ---- Start ------------------------------------------------------------------------------------

function setMode(mode) {
  state.mode = mode;
  state.selection = null;
  state.preview = null;
  $("editor").hidden = mode !== "edit";
  renderBoard();
}

function start() {
  drawGrid($("board"));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("best-turn").addEventListener("click", () => { if (state.turns.length) playTurn(state.turns[0], { byHuman: false }); });
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.addEventListener("change", () => setMode(radio.value));
  $("switch-side").addEventListener("click", switchSide);
  $("clear-board").addEventListener("click", () => setPosition("9/9/9/9/9 " + state.position.side));
  $("start-position").addEventListener("click", () => setPosition(START_FEN));
  $("fen-form").addEventListener("submit", loadTypedFen);
  $("fen-copy").addEventListener("click", copyFen);
  for (const id of ["choose-approach", "choose-withdrawal"]) {
    const button = $(id);
    button.addEventListener("click", () => chooseKind(button.dataset.kind));
    button.addEventListener("mouseenter", () => previewKind(button.dataset.kind));
    button.addEventListener("mouseleave", () => { state.preview = null; renderBoard(); });
  }
  $("stop-here").addEventListener("click", stopHere);
  $("cancel-turn").addEventListener("click", cancelSelection);
  $("line-panel").addEventListener("toggle", showLine);
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === "text") return;
    if (event.key === "Escape") cancelSelection();
    else if (event.key === "z") undo();
    else if (event.key === "y") redo();
  });

  const requested = new URL(window.location.href).searchParams.get("fen");
  const initial = requested && parseFen(requested) ? requested : DEFAULT_FEN;
  loadInfo();
  setPosition(initial, { record: false });
  if (requested && !parseFen(requested)) {
    $("fen-error").textContent = "The link's position is not in the notation (showing the default): " + requested;
    $("fen-error").hidden = false;
  }
}

document.addEventListener("DOMContentLoaded", start);
