// The computer's side of a game: when it is its turn, it plays, shown on the board for
// a moment first; and its settings, kept for this tab.

import { renderBoard } from "./drawing.js";
import { gameResult, playTurn } from "./game.js";
import { $, state } from "./state.js";

const COMPUTER_DELAY_MS = 600;

export const enginePlays = () => state.mode === "play" && $("computer").checked;

export const engineSide = () => ($("human-side").value === "w" ? "b" : "w");

// "Against the computer": whenever the engine's side is to move, it plays the best
// turn, shown on the board for a moment first; but not while the person steps through
// the game with Back, Forward or the move list, unless asked (perfect play or the
// person's side just chosen).
export function engineMoveIfItsTurn(asked = false) {
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

export function cancelComputerTurn() {
  if (state.computerTimer !== null) {
    window.clearTimeout(state.computerTimer);
    state.preview = null;
  }
  state.computerTimer = null;
}

// Whether the computer plays and which side the person takes, kept for this tab as the
// game is (game.js), so that a reload finds them again.
const SETTINGS_KEY = "tsivy.settings";

export function saveSettings() {
  const settings = { computer: $("computer").checked, side: $("human-side").value };
  try { window.sessionStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch (e) { /* storage off: a reload forgets them */ }
}

export function restoreSettings() {
  let settings = null;
  try { settings = JSON.parse(window.sessionStorage.getItem(SETTINGS_KEY)); } catch (e) { settings = null; }
  if (!settings) return;
  $("computer").checked = Boolean(settings.computer);
  if (["w", "b"].includes(settings.side)) $("human-side").value = settings.side;
  if (state.flipped !== ($("human-side").value === "b")) state.flipped = !state.flipped;
}
