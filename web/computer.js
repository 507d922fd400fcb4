// The computer's side of a game: when it is its turn it plays, shown on the board for a
// moment first. Inside the tables it plays perfect play, the tables' best turn; outside
// them it asks the server's engine (/api/search) for the time chosen, and the page
// shows the engine's evaluation. Its settings are settings.js's.

import { playTurn } from "./game.js";
import { gameResult } from "./result.js";
import { searchPosition } from "./server.js";
import { enginePlays, engineSide, movetime } from "./settings.js";
import { state, update } from "./state.js";

// A turn of the tables comes at once: it is shown this long before it is played. A
// searched turn has taken its time already and is shown briefly.
const TABLE_TURN_SHOWN_MS = 600;
const SEARCHED_TURN_SHOWN_MS = 250;

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
    return showThenPlay(state.turns[0], TABLE_TURN_SHOWN_MS, null, wanted, { engine: { fen: state.fen, tables: true, by } });
  }
  const fen = state.fen;
  const pending = { abort: new AbortController(), timer: null };
  update({ computer: pending, engine: { fen, thinking: movetime(), by } });
  searchPosition(state.game, state.ply, movetime(), pending.abort).then(({ status, body }) => {
    if (state.computer !== pending) return;  // cancelled: the page moved on
    const turn = status === 200 && body.best ? state.turns.find((t) => t.turn === body.best) : null;
    if (!turn) {
      update({ computer: null, engine: { fen, error: status === 200 ? "the engine answered no legal turn" : body.error, by } });
      return;
    }
    showThenPlay(turn, SEARCHED_TURN_SHOWN_MS, body, wanted, { engine: { fen, search: body, turn: body.best, by } });
  });
}

// Shows the turn on the board, then plays it, unless the page moved on meanwhile
// (another position, or wanted() says no: Edit mode, the computer switched off).
// changes: more of the state to change with it (what the computer says).
function showThenPlay(turn, delay, search, wanted, changes) {
  const fen = state.fen;
  const pending = { abort: null, timer: null };
  update({ ...changes, selection: null, preview: turn, computer: pending });
  pending.timer = window.setTimeout(() => {
    update({ computer: null });
    if (!wanted() || state.fen !== fen) return;
    playTurn(turn, search);
  }, delay);
}
