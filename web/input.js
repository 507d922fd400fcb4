// Playing on the board: each click narrows the server's list of legal turns down; the
// editor; the FEN box.

import { renderBoard } from "./drawing.js";
import { gameResult, playTurn, setPosition } from "./game.js";
import { formatFen } from "./notation.js";
import { readPosition } from "./server.js";
import { $, state } from "./state.js";

function matchesSelection(turn, selection) {
  if (turn.points.length < selection.points.length) return false;
  for (let i = 0; i < selection.points.length; ++i) if (turn.points[i] !== selection.points[i]) return false;
  for (let i = 0; i < selection.kinds.length; ++i) if (turn.kinds[i] !== selection.kinds[i]) return false;
  return true;
}

export const candidates = (selection) => state.turns.filter((t) => matchesSelection(t, selection));

// Points the selected stone may step to next.
export function nextPoints(selection) {
  if (selection.pendingKinds) return [];
  const n = selection.points.length;
  return [...new Set(candidates(selection).filter((t) => t.points.length > n).map((t) => t.points[n]))];
}

// The turn that ends exactly where the selection stands, if the sequence may stop here.
export function endingTurn(selection) {
  if (selection.pendingKinds) return null;
  return candidates(selection).find((t) => t.points.length === selection.points.length) || null;
}

export function onBoardClick(point) {
  if (state.mode === "edit") return editPoint(point);
  if (!state.answer || state.computer !== null || gameResult()) return;
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

export function chooseKind(kind) {
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

export function stopHere() {
  const ending = state.selection && endingTurn(state.selection);
  if (ending) playTurn(ending);
}

export function cancelSelection() {
  state.selection = null;
  state.preview = null;
  renderBoard();
}

function editPoint(point) {
  const brush = document.querySelector('input[name="brush"]:checked').value;
  const cells = [...state.position.cells];
  cells[point] = brush === "." || cells[point] === brush ? null : brush;
  setPosition(formatFen({ cells, side: state.position.side }));
}

export function switchSide() {
  setPosition(formatFen({ cells: state.position.cells, side: state.position.side === "w" ? "b" : "w" }));
}

export function showFenError(text) {
  $("fen-error").textContent = text;
  $("fen-error").hidden = false;
}

export async function loadTypedFen(event) {
  event.preventDefault();
  const read = await readPosition($("fen-input").value);
  if (read.error) return showFenError("Not a position: " + read.error);
  setPosition(read.fen);
}

export async function copyFen() {
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
