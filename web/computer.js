// The computer's side of a game: when it is its turn it plays, shown on the board for a
// moment first. Inside the tables it plays perfect play, the tables' best turn; outside
// them it asks the server's engine (/api/search) for the time chosen, and the page
// shows the engine's evaluation. Its settings are kept for this tab.

import { renderBoard } from "./drawing.js";
import { gameResult, playTurn } from "./game.js";
import { renderEngine } from "./panels.js";
import { searchPosition } from "./server.js";
import { $, state } from "./state.js";

// A turn of the tables comes at once: it is shown this long before it is played. A
// searched turn has taken its time already and is shown briefly.
const TABLE_TURN_SHOWN_MS = 600;
const SEARCHED_TURN_SHOWN_MS = 250;

export const enginePlays = () => state.mode === "play" && $("computer").checked;

export const engineSide = () => ($("human-side").value === "w" ? "b" : "w");

// The computer's time a turn, in milliseconds (the strength chosen).
export const movetime = () => Number($("strength").value);

// Whenever the engine's side is to move, it plays; but not while the person steps
// through the game with Back, Forward or the move list, unless asked (the computer or
// the person's side just chosen).
export function engineMoveIfItsTurn(asked = false) {
  if (!enginePlays() || !state.answer || state.position.side !== engineSide() || (state.browsing && !asked)) return;
  playBestTurn(true);
}

// Plays the best turn for the side to move: inside the tables theirs (perfect play),
// outside the engine's in the computer's time. forComputer: the computer's turn in a
// game against it (dropped if the computer is switched off meanwhile); else the person
// asked for it ("Best turn").
export function playBestTurn(forComputer) {
  if (state.computer !== null || !state.answer || !state.turns.length || gameResult()) return;
  const wanted = () => state.mode === "play" && (!forComputer || enginePlays());
  const by = forComputer ? "computer" : "engine";
  if (state.answer.in_tables) {
    if (!forComputer) return playTurn(state.turns[0]);  // best first
    state.engine = { fen: state.fen, tables: true, by };
    renderEngine();
    return showThenPlay(state.turns[0], TABLE_TURN_SHOWN_MS, null, wanted);
  }
  const fen = state.fen;
  const pending = { abort: new AbortController(), timer: null };
  state.computer = pending;
  state.engine = { fen, thinking: movetime(), by };
  renderEngine();
  searchPosition(state.game, state.ply, movetime(), pending.abort).then(({ status, body }) => {
    if (state.computer !== pending) return;  // cancelled: the page moved on
    state.computer = null;
    const turn = status === 200 && body.best ? state.turns.find((t) => t.turn === body.best) : null;
    if (!turn) {
      state.engine = { fen, error: status === 200 ? "the engine answered no legal turn" : body.error, by };
      renderEngine();
      renderBoard();
      return;
    }
    state.engine = { fen, search: body, turn: body.best, by };
    renderEngine();
    showThenPlay(turn, SEARCHED_TURN_SHOWN_MS, body, wanted);
  });
}

// Shows the turn on the board, then plays it, unless the page moved on meanwhile
// (another position, or wanted() says no: Edit mode, the computer switched off).
function showThenPlay(turn, delay, search, wanted) {
  const fen = state.fen;
  state.selection = null;
  state.preview = turn;
  renderBoard();
  const pending = { abort: null, timer: null };
  state.computer = pending;
  pending.timer = window.setTimeout(() => {
    state.computer = null;
    if (!wanted() || state.fen !== fen) return;
    playTurn(turn, search);
  }, delay);
}

// Stops the computer's turn in progress: a search is aborted (the server stops it when
// the connection closes), a turn being shown is not played.
export function cancelComputerTurn() {
  const pending = state.computer;
  if (pending) {
    if (pending.timer !== null) window.clearTimeout(pending.timer);
    if (pending.abort) pending.abort.abort();
    state.preview = null;
    if (state.engine && state.engine.thinking) {
      state.engine = null;  // no "thinking" left standing for a search that was stopped
      state.computer = null;
      renderEngine();
    }
  }
  state.computer = null;
}

// Whether the computer plays, which side the person takes, the computer's time and the sounds, kept
// for this tab as the game is (game.js), so that a reload finds them again.
const SETTINGS_KEY = "tsivy.settings";

export function saveSettings() {
  const settings = { computer: $("computer").checked, side: $("human-side").value, strength: $("strength").value,
                     sound: $("sound").checked };
  try { window.sessionStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch (e) { /* storage off: a reload forgets them */ }
}

// Whether this tab had settings kept.
export function restoreSettings() {
  let settings = null;
  try { settings = JSON.parse(window.sessionStorage.getItem(SETTINGS_KEY)); } catch (e) { settings = null; }
  if (!settings) return false;
  $("computer").checked = Boolean(settings.computer);
  $("sound").checked = Boolean(settings.sound);
  if (["w", "b"].includes(settings.side)) $("human-side").value = settings.side;
  if ([...$("strength").options].some((o) => o.value === settings.strength)) $("strength").value = settings.strength;
  if (state.flipped !== ($("human-side").value === "b")) state.flipped = !state.flipped;
  return true;
}
