// Playing on the board: each click narrows the server's list of legal turns down
// (selection.js); hovering a turn or a choice previews it; the mode, the editor and the
// FEN box.

import { engineMoveIfItsTurn } from "./computer.js";
import { playTurn, setPosition } from "./game.js";
import { formatFen } from "./notation.js";
import { showFenError } from "./panels.js";
import { stopComputerTurn } from "./pending.js";
import { gameResult } from "./result.js";
import { candidates, endingTurn, kindEnding, nextPoints } from "./selection.js";
import { readPosition } from "./server.js";
import { $, state, update } from "./state.js";

export function onBoardClick(point) {
  if (state.mode === "edit") return editPoint(point);
  if (!state.answer || state.computer !== null || gameResult()) return;
  const selection = state.selection;
  if (selection && nextPoints(selection).includes(point)) return stepTo(point);
  // Mid-sequence (after a capture) the stone is committed; elsewhere a click picks a stone.
  if (selection && selection.points.length > 1) return;
  const movable = state.turns.some((t) => t.points[0] === point);
  update({ selection: movable && !(selection && selection.points[0] === point) ? { points: [point], kinds: [] } : null });
}

function stepTo(point) {
  const selection = { points: [...state.selection.points, point], kinds: [...state.selection.kinds] };
  const kinds = [...new Set(candidates(selection).map((t) => t.kinds[selection.points.length - 2]))];
  if (kinds.length > 1) return update({ selection: { ...selection, pendingKinds: kinds } });  // approach or withdrawal: the person chooses
  settle({ points: selection.points, kinds: [...selection.kinds, kinds[0]] });
}

export function chooseKind(kind) {
  const selection = state.selection;
  if (!selection || !selection.pendingKinds || !selection.pendingKinds.includes(kind)) return;
  settle({ points: selection.points, kinds: [...selection.kinds, kind] }, { preview: null });
}

// After a step: play the turn when nothing can follow, else wait for the next step or
// for "stop here". changes: more of the state to change with the selection.
function settle(selection, changes = {}) {
  const ending = endingTurn(selection);
  if (ending && nextPoints(selection).length === 0) return playTurn(ending);
  update({ ...changes, selection });
}

export function stopHere() {
  const ending = state.selection && endingTurn(state.selection);
  if (ending) playTurn(ending);
}

export function cancelSelection() {
  update({ selection: null, preview: null });
}

// Hovering a choice shows what it captures: the turn that takes it and stops there.
export function previewKind(kind) {
  const selection = state.selection;
  if (!selection || !selection.pendingKinds) return;
  const ending = kindEnding(selection, kind);
  update({ preview: ending ? { fen: ending.fen, points: null } : null });
}

// The turn list: a hovered turn is shown on the board (turn null: the hover ended), a
// clicked one played; not while the computer's turn is under way.
export function previewTurn(turn) {
  if (state.computer === null) update({ preview: turn });
}

export function playListedTurn(turn) {
  if (state.computer === null && state.mode === "play") playTurn(turn);
}

// Play or Edit: no answer of the computer lands in the editor.
export function setMode(mode) {
  $("editor").hidden = mode !== "edit";
  update({ ...stopComputerTurn(), mode, selection: null, preview: null });
  engineMoveIfItsTurn();
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
