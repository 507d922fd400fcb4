// The tsivy explorer page. It knows how to draw a position and how to read the notation
// of docs/notation.md, but not the rules: every legal turn, and whether the game has
// ended, comes from the server (/api/game), and playing on the board only narrows the
// server's list down click by click.
"use strict";

const STEP = 80;    // board units between neighbouring points
const MARGIN = 50;  // board units around the outer lines
const COMPUTER_DELAY_MS = 600;
const SVG_NS = "http://www.w3.org/2000/svg";

// ---- The board -------------------------------------------------------------------------

// The board of the server's build, from /api/info (each board is a build of its own,
// `tsivy serve --board RxC`): rows, columns, points, column letters, start position.
const board = { rows: 0, columns: 0, points: 0, letters: "", name: "", start: "", empty: "" };

function setBoard(info) {
  board.rows = info.rows;
  board.columns = info.columns;
  board.points = info.rows * info.columns;
  board.letters = "abcdefghi".slice(0, info.columns);
  board.name = info.name;
  board.start = info.start;
  board.empty = new Array(info.rows).fill(String(info.columns)).join("/");
}

// The position a page without one in its link shows: notation.md's endgame on 5x9, and
// on the other boards their start.
const defaultFen = () => (board.name === "5x9" ? "9/6B2/4W4/2W6/9 w" : board.start);

// ---- Positions and turns as text (drawing only; the server checks everything) ----------

// Point p = row_index * columns + column_index, a1 = 0 (notation.md).
const columnOf = (p) => p % board.columns;
const rowOf = (p) => Math.floor(p / board.columns);
const pointName = (p) => board.letters[columnOf(p)] + String(rowOf(p) + 1);
const pointIndex = (name) => (Number(name.slice(1)) - 1) * board.columns + board.letters.indexOf(name[0]);
// Flipped (Black at the bottom), the board turns half a turn.
const column = (p) => (state.flipped ? board.columns - 1 - columnOf(p) : columnOf(p));
const row = (p) => (state.flipped ? board.rows - 1 - rowOf(p) : rowOf(p));
const pointX = (p) => MARGIN + column(p) * STEP;
const pointY = (p) => MARGIN + (board.rows - 1 - row(p)) * STEP;

// {cells: points x ("W" | "B" | null), side: "w" | "b"}, or null when the text is not a
// position of this board.
function parseFen(text) {
  const match = /^([1-9WB/]+) ([wb])$/.exec(String(text));
  if (!match || /[1-9]{2}/.test(match[1])) return null;  // "54" is malformed (notation.md)
  const rows = match[1].split("/");  // the top row first
  if (rows.length !== board.rows) return null;
  const cells = new Array(board.points).fill(null);
  for (let r = 0; r < board.rows; ++r) {
    let column = 0;
    for (const ch of rows[r]) {
      if (ch === "W" || ch === "B") {
        if (column < board.columns) cells[(board.rows - 1 - r) * board.columns + column] = ch;
        column += 1;
      } else {
        column += Number(ch);
      }
    }
    if (column !== board.columns) return null;
  }
  return { cells, side: match[2] };
}

function formatFen(position) {
  const rows = [];
  for (let r = board.rows - 1; r >= 0; --r) {
    let text = "";
    let empty = 0;
    for (let c = 0; c < board.columns; ++c) {
      const cell = position.cells[r * board.columns + c];
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

// A value for the side to move or for the maker of a turn; wdl null: the tables do not
// reach the position.
function valueText(wdl, depth) {
  if (wdl === null || wdl === undefined) return "not in the tables";
  if (wdl === "draw") return "Draw";
  return (wdl === "win" ? "Win" : "Loss") + " in " + depth;
}

// ---- State ---------------------------------------------------------------------------

const state = {
  // The game on the page: its positions in order, each after the turn that led to it
  // ({fen, turn, wdl, depth}: the turn's text and its value for the side that made it;
  // the first entry has turn null). state.ply is the one shown. Every entry has a
  // history entry of its own (pushState), so Back and Forward step through the game.
  // The first position is shown once the board is known (start).
  game: [],
  ply: 0,
  fen: null,
  position: null,
  answer: null,         // the /api/game answer for the game up to state.ply, once it has come
  turns: [],            // its turns, each with parsed points and kinds
  mode: "play",
  selection: null,      // a turn being played on the board: {points, kinds, pendingKinds?}
  preview: null,        // a turn shown on the board (hovered, or about to be played)
  request: 0,           // number of the latest /api/game request; older answers are dropped
  computerTimer: null,
  flipped: false,       // Black's side at the bottom
  browsing: false,      // the position was reached by Back, Forward or the move list
  forwardByTurn: false, // the next Forward is a turn played again (playTurn)
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

// The board and the tables; false (and the reason shown) when the server cannot say.
async function loadInfo() {
  const { status, body } = await getJson("/api/info");
  if (status !== 200 || !body.board) {
    showMessage("The server could not describe its board: " + (body.error || "HTTP " + status), true);
    return false;
  }
  setBoard(body.board);
  $("tables-info").textContent = `${board.name} board: ${body.classes.length} classes, up to ${body.max_stones} stones`;
  return true;
}

// The game up to the shown position as /api/game reads it: the position after the last
// capture and the turns since. No position before a capture can occur again (captures
// are for good), so these are all the repetition rule needs, and the request stays
// short however long the game.
function gameQuery() {
  let first = state.ply;
  while (first > 0 && !/[AW]$/.test(state.game[first].turn)) --first;
  const moves = state.game.slice(first + 1, state.ply + 1).map((e) => e.turn);
  return "fen=" + encodeURIComponent(state.game[first].fen) + (moves.length ? "&moves=" + encodeURIComponent(moves.join(" ")) : "");
}

async function askServer() {
  const request = ++state.request;
  state.answer = null;
  state.turns = [];
  renderInfo();
  const { status, body } = await getJson("/api/game?" + gameQuery());
  if (request !== state.request) return;  // the position changed meanwhile
  if (status === 200) {
    state.answer = body;
    state.turns = body.turns.map((t) => ({ ...t, ...parseTurn(t.turn) }));
    showMessage(body.in_tables ? null :
      `Outside the tables: this position has ${body.stones} stones, and the tables hold positions of up to ` +
      `${body.max_stones} stones. Its legal turns are listed; those that lead into the tables have their value.`);
  } else {
    showMessage("The server could not answer: " + (body.error || "HTTP " + status), true);
  }
  renderBoard();
  renderInfo();
  engineMoveIfItsTurn();
}

// ---- The game and its history -----------------------------------------------------------

const sameEntry = (a, b) => a.fen === b.fen && a.turn === b.turn;
const isPrefix = (short, long) => short.length <= long.length && short.every((e, i) => sameEntry(e, long[i]));

// Why the game is over at the shown position, or null: {text, outcome} for the banner,
// from the server's "end" (the repetition rule and the end of the game are game/'s).
// Against the computer the banner speaks to the player ("You win"), and outcome says
// whose win it is ("you", "computer" or "draw"); between two players it names the
// colour and outcome is "".
function gameResult() {
  const end = state.mode === "play" && state.answer ? state.answer.end : null;
  if (!end) return null;
  if (end.reason === "repetition") return { text: "Draw by repetition: this position has occurred for the third time", outcome: "draw" };
  const winner = end.winner === "white" ? "w" : "b";
  const loser = winner === "w" ? "b" : "w";
  const why = end.reason === "no stones" ? `${sideName(loser)} has no stones left` : `${sideName(loser)} has no turn`;
  if (!enginePlays()) return { text: `${sideName(winner)} wins: ${why}`, outcome: "" };
  const you = winner !== engineSide();
  return { text: `${you ? "You win" : "The computer wins"}: ${why}`, outcome: you ? "you" : "computer" };
}

// Shows entry `ply` of `game`. how: "push" a new history entry, "replace" the current
// one, or "none" (Back or Forward already moved there).
function show(game, ply, how) {
  cancelComputerTurn();
  state.game = game;
  state.ply = ply;
  state.fen = game[ply].fen;
  state.position = parseFen(state.fen);
  state.selection = null;
  state.preview = null;
  state.browsing = how === "none";
  if (how !== "none") {
    const url = new URL(window.location.href);
    url.searchParams.set("fen", state.fen);
    // Each entry keeps the game up to itself; the page keeps the longer game it knows.
    const saved = { game: game.slice(0, ply + 1), ply };
    if (how === "push") window.history.pushState(saved, "", url);
    else window.history.replaceState(saved, "", url);
  }
  $("fen-input").value = state.fen;
  $("fen-error").hidden = true;
  $("line").replaceChildren();
  $("line-panel").open = false;
  renderMoves();
  renderBoard();
  saveGame();
  askServer();
}

// A position reached otherwise than by a turn (editor, FEN box, principal line) starts
// a new game there.
function setPosition(fen) {
  const position = parseFen(fen);
  if (!position) return;
  fen = formatFen(position);
  if (fen === state.fen && state.ply === 0 && state.game.length === 1) return;
  show([{ fen, turn: null }], 0, "push");
}

function playTurn(turn) {
  if (gameResult()) return;
  const next = { fen: turn.fen, turn: turn.turn, wdl: turn.wdl, depth: turn.depth };
  // Replaying the turn the game already has keeps the rest of it: Forward, which has
  // the history entries of the rest.
  const recorded = state.game[state.ply + 1];
  if (recorded && sameEntry(recorded, next)) {
    cancelComputerTurn();
    state.forwardByTurn = true;  // played, not browsed: the engine answers as it would
    window.history.go(1);
    return;
  }
  show([...state.game.slice(0, state.ply + 1), next], state.ply + 1, "push");
}

function onHistory(event) {
  const saved = event.state;
  if (!saved || !Array.isArray(saved.game) || !saved.game[saved.ply]) return startFromUrl("replace");
  const game = isPrefix(saved.game, state.game) ? state.game : saved.game;
  const played = state.forwardByTurn;
  state.forwardByTurn = false;
  show(game, saved.ply, "none");
  if (played) state.browsing = false;
}

// Going to another entry of the game goes through the browser's history, which holds
// one entry per entry of the game, so that Back and Forward agree with it.
function goToPly(ply) {
  if (ply < 0 || ply >= state.game.length || ply === state.ply) return;
  window.history.go(ply - state.ply);
}

const enginePlays = () => state.mode === "play" && $("computer").checked;
const engineSide = () => ($("human-side").value === "w" ? "b" : "w");

// Against the computer a turn and its answer go back together: to the last position
// where the person was to move.
function undo() {
  let target = state.ply - 1;
  if (enginePlays()) {
    while (target > 0 && parseFen(state.game[target].fen).side === engineSide()) --target;
  }
  goToPly(Math.max(target, 0));
}

function redo() {
  let target = state.ply + 1;
  if (enginePlays()) {
    while (target < state.game.length - 1 && parseFen(state.game[target].fen).side === engineSide()) ++target;
  }
  goToPly(Math.min(target, state.game.length - 1));
}

// "Against the computer": whenever the engine's side is to move, it plays the best
// turn, shown on the board for a moment first; but not while the person steps through
// the game with Back, Forward or the move list, unless asked (perfect play or the
// person's side just chosen).
function engineMoveIfItsTurn(asked = false) {
  if (state.computerTimer !== null || !enginePlays() || !state.answer || !state.answer.best) return;
  if (state.position.side !== engineSide() || (state.browsing && !asked) || gameResult()) return;
  const best = state.turns[0];  // perfect play: the tables' best turn
  const fen = state.fen;
  state.selection = null;
  state.preview = best;
  renderBoard();
  state.computerTimer = window.setTimeout(() => {
    state.computerTimer = null;
    // Edit mode, another position or the computer switched off meanwhile: no answer.
    if (!enginePlays() || state.fen !== fen) return;
    playTurn(best);
  }, COMPUTER_DELAY_MS);
}

function cancelComputerTurn() {
  if (state.computerTimer !== null) {
    window.clearTimeout(state.computerTimer);
    state.preview = null;
  }
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
  if (!state.answer || state.computerTimer !== null || gameResult()) return;
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

// Whether text is a position, as the server reads it: the FEN box and the link accept
// and refuse the same texts. {fen} or {error}.
async function readPosition(text) {
  text = String(text).trim();
  const { status, body } = await getJson(probeUrl(text));
  if (status === 400) return { error: body.error };
  if (!parseFen(text)) return { error: "see docs/notation.md" };
  return { fen: formatFen(parseFen(text)) };
}

function showFenError(text) {
  $("fen-error").textContent = text;
  $("fen-error").hidden = false;
}

async function loadTypedFen(event) {
  event.preventDefault();
  const read = await readPosition($("fen-input").value);
  if (read.error) return showFenError("Not a position: " + read.error);
  setPosition(read.fen);
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
function drawGrid(element) {
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
  for (let p = 0; p < board.points; ++p) if (before.cells[p] && before.cells[p] !== mover && !after.cells[p]) out.push(p);
  return out;
}

// What moves when the board flips: the labels and the hit areas.
function placeLabelsAndHits() {
  const labels = $("labels");
  labels.replaceChildren();
  const bottom = 2 * MARGIN + (board.rows - 1) * STEP - 14;
  for (let c = 0; c < board.columns; ++c) svg("text", { class: "label", x: pointX(c), y: bottom }, labels).textContent = board.letters[c];
  for (let r = 0; r < board.rows; ++r) svg("text", { class: "label", x: 18, y: pointY(r * board.columns) }, labels).textContent = String(r + 1);
  for (const hit of document.querySelectorAll("#layer-hits .hit")) {
    const p = pointIndex(hit.dataset.point);
    hit.setAttribute("x", pointX(p) - STEP / 2);
    hit.setAttribute("y", pointY(p) - STEP / 2);
  }
}

function flipBoard() {
  state.flipped = !state.flipped;
  placeLabelsAndHits();
  renderBoard();
}

function renderBoard() {
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
    captured = capturedPoints(shown, after);
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

  const last = state.game[state.ply].turn;
  if (last && !selection) {
    const played = parseTurn(last);
    drawPath(played.points, marks, "last");
    for (const p of [played.points[0], played.points[played.points.length - 1]])
      svg("circle", { class: "last-point", cx: pointX(p), cy: pointY(p), r: STEP * 0.4, "data-last": pointName(p) }, marks);
  }
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

// The turn that takes by `kind` at the pending step and stops there.
function kindEnding(kind) {
  const selection = state.selection;
  return candidates({ points: selection.points, kinds: [...selection.kinds, kind] })
    .find((t) => t.points.length === selection.points.length) || null;
}

// What a choice takes and the value of the best turn through it ("takes 2 · Win in 5"),
// on the button itself, for touch screens that have no hover.
function choiceText(kind) {
  const selection = state.selection;
  const best = candidates({ points: selection.points, kinds: [...selection.kinds, kind] })[0];  // best first
  const stop = kindEnding(kind);
  const taken = stop ? ` · takes ${capturedPoints(shownPosition(), parseFen(stop.fen)).length}` : "";
  return best ? taken + " · " + valueText(best.wdl, best.depth) : "";
}

// Hovering a choice shows what it captures: the turn that takes it and stops there.
function previewKind(kind) {
  const selection = state.selection;
  if (!selection || !selection.pendingKinds) return;
  const ending = kindEnding(kind);
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
  const answer = state.answer;
  const value = $("value");
  $("side-to-move").textContent = sideName(state.position.side) + " to move:";
  value.className = answer ? answer.wdl || "unknown" : "";
  value.dataset.wdl = answer && answer.wdl ? answer.wdl : "";
  value.dataset.depth = answer && answer.depth !== null ? String(answer.depth) : "";
  value.textContent = answer ? valueText(answer.wdl, answer.depth) : "";
  const result = gameResult();
  $("result").hidden = !result;
  $("result").textContent = result ? result.text : "";
  $("result").dataset.outcome = result ? result.outcome : "";
  $("status").hidden = Boolean(result) && !(answer && answer.turns.length && answer.end.reason !== "repetition");
  const body = $("turns").querySelector("tbody");
  body.replaceChildren();
  for (const turn of state.turns) {
    const row = document.createElement("tr");
    row.className = turn.wdl || "unknown";
    row.dataset.turn = turn.turn;
    row.dataset.wdl = turn.wdl || "";
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
    row.addEventListener("click", () => { if (state.computerTimer === null && state.mode === "play") playTurn(turn); });
    body.appendChild(row);
  }
  $("turns").hidden = Boolean(result);
  $("undo").disabled = state.ply === 0;
  $("redo").disabled = state.ply === state.game.length - 1;
  $("best-turn").disabled = !(state.answer && state.answer.best) || Boolean(result);
}

// The game's turns in notation, each with its value for the side that made it; a
// click goes back (or forward) to the position after it.
function renderMoves() {
  const list = $("moves");
  list.replaceChildren();
  state.game.forEach((entry, ply) => {
    if (!entry.turn) return;
    const item = document.createElement("li");
    item.dataset.ply = String(ply);
    item.value = ply;
    item.className = ply === state.ply ? "current" : ply > state.ply ? "ahead" : "";
    const turn = document.createElement("span");
    turn.className = "turn";
    turn.textContent = entry.turn;
    const score = document.createElement("span");
    score.className = "value " + (entry.wdl || "unknown");
    score.textContent = valueText(entry.wdl, entry.depth);
    item.append(turn, " ", score);
    item.addEventListener("click", () => goToPly(ply));
    list.appendChild(item);
  });
  $("moves-panel").hidden = state.game.length < 2;
  $("moves-start").classList.toggle("current", state.ply === 0);
  scrollToCurrent(list);
}

// Keeps the current turn in view inside the list (not the page: the list scrolls alone).
function scrollToCurrent(list) {
  const current = list.querySelector("li.current");
  if (!current) return void (state.ply === 0 && (list.scrollTop = 0));
  const top = current.offsetTop, bottom = top + current.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

async function showLine() {
  if (!$("line-panel").open) return;
  const list = $("line");
  list.replaceChildren();
  const fen = state.fen;
  const { status, body } = await getJson("/api/line?max_turns=60&fen=" + encodeURIComponent(fen));
  if (status !== 200 || fen !== state.fen) return;
  const why = { "repetition": "the last position has occurred for the third time: a draw by repetition",
                "max_turns": "cut short after 60 turns" };
  for (const step of body.line) {
    const item = document.createElement("li");
    item.textContent = `${step.turn}  (then ${valueText(step.wdl, step.depth).toLowerCase()} for the side to move)`;
    item.addEventListener("click", () => setPosition(step.fen));
    list.appendChild(item);
  }
  if (!body.line.length) list.textContent = "No turn: the game is over.";
  else if (why[body.end]) {
    const item = document.createElement("li");
    item.className = "line-end";
    item.dataset.end = body.end;
    item.textContent = "(" + why[body.end] + ")";
    list.appendChild(item);
  }
}

// ---- Start ------------------------------------------------------------------------------------

function setMode(mode) {
  state.mode = mode;
  cancelComputerTurn();  // no answer lands in the editor
  state.selection = null;
  state.preview = null;
  $("editor").hidden = mode !== "edit";
  renderBoard();
  renderInfo();
  engineMoveIfItsTurn();
}

// A new game from the start position, with the side and the opponent chosen.
function newGame() {
  if (state.mode !== "play") document.querySelector('input[name="mode"][value="play"]').click();
  show([{ fen: board.start, turn: null }], 0, "push");
}

// The whole game (also the turns after the shown one, which the history entries do not
// hold) and the settings of the opponent, kept for this tab, so that a reload finds
// them again.
const GAME_KEY = "tsivy.game", SETTINGS_KEY = "tsivy.settings";

function saveGame() {
  try { window.sessionStorage.setItem(GAME_KEY, JSON.stringify({ board: board.name, game: state.game })); } catch (e) { /* storage off: reload loses the rest */ }
}

function storedGame() {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(GAME_KEY));
    return stored && stored.board === board.name && Array.isArray(stored.game) ? stored.game : null;
  } catch (e) { return null; }
}

function saveSettings() {
  const settings = { computer: $("computer").checked, side: $("human-side").value };
  try { window.sessionStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch (e) { /* as above */ }
}

function restoreSettings() {
  let settings = null;
  try { settings = JSON.parse(window.sessionStorage.getItem(SETTINGS_KEY)); } catch (e) { settings = null; }
  if (!settings) return;
  $("computer").checked = Boolean(settings.computer);
  if (["w", "b"].includes(settings.side)) $("human-side").value = settings.side;
  if (state.flipped !== ($("human-side").value === "b")) state.flipped = !state.flipped;
}

// The position of the link (or of the history entry, on reload: then with the whole
// game this tab kept). A link's text is read as the FEN box reads it.
async function startFromUrl(how) {
  const requested = new URL(window.location.href).searchParams.get("fen");
  const saved = window.history.state;
  if (saved && Array.isArray(saved.game) && saved.game[saved.ply] && saved.game[saved.ply].fen === requested) {
    const whole = storedGame();
    return show(whole && isPrefix(saved.game, whole) ? whole : saved.game, saved.ply, "none");
  }
  if (requested === null) return show([{ fen: defaultFen(), turn: null }], 0, how);
  const read = await readPosition(requested);
  show([{ fen: read.fen || defaultFen(), turn: null }], 0, how);
  if (read.error) showFenError("The link's position is not a position (showing the default): " + read.error);
}

// The 5x9 board fills its panel (760 px for 740 units); a smaller board is drawn at the
// same scale, not with larger points.
const MAX_PIXELS_PER_UNIT = 760 / 740;

async function start() {
  if (!(await loadInfo())) return;
  const width = 2 * MARGIN + (board.columns - 1) * STEP, height = 2 * MARGIN + (board.rows - 1) * STEP;
  $("board").setAttribute("viewBox", `0 0 ${width} ${height}`);
  $("board").setAttribute("aria-label", `Fanorona board, ${board.rows} rows of ${board.columns} points`);
  $("board").style.maxWidth = `${width * MAX_PIXELS_PER_UNIT}px`;
  drawGrid($("board"));
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("best-turn").addEventListener("click", () => { if (state.answer && state.answer.best) playTurn(state.turns[0]); });
  restoreSettings();
  $("computer").addEventListener("change", () => { saveSettings(); cancelComputerTurn(); renderBoard(); renderInfo(); engineMoveIfItsTurn(true); });
  $("human-side").addEventListener("change", () => {
    saveSettings();
    if (state.flipped !== ($("human-side").value === "b")) flipBoard();
    cancelComputerTurn();
    renderBoard();
    renderInfo();
    engineMoveIfItsTurn(true);
  });
  $("new-game").addEventListener("click", newGame);
  $("flip-board").addEventListener("click", flipBoard);
  $("moves-start").addEventListener("click", () => goToPly(0));
  window.addEventListener("popstate", onHistory);
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.addEventListener("change", () => setMode(radio.value));
  $("switch-side").addEventListener("click", switchSide);
  $("clear-board").addEventListener("click", () => setPosition(board.empty + " " + state.position.side));
  $("start-position").addEventListener("click", () => setPosition(board.start));
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
    if ((event.target instanceof HTMLInputElement && event.target.type === "text") || event.target instanceof HTMLSelectElement) return;
    if (event.key === "Escape") cancelSelection();
    else if (event.key === "z") undo();
    else if (event.key === "y") redo();
    else if (event.key === "ArrowLeft") goToPly(state.ply - 1);
    else if (event.key === "ArrowRight") goToPly(state.ply + 1);
    else return;
    event.preventDefault();
  });

  placeLabelsAndHits();
  startFromUrl("replace");
}

document.addEventListener("DOMContentLoaded", start);
