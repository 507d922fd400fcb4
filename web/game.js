// The game: the positions played, stepped through by the page itself (not the browser's
// history); each position's answer from the server; turns played, the game ended, a game
// loaded, and what a reload finds again (storage.js).

import { cancelAnalysis } from "./analysis.js";
import { board, defaultFen, formatFen, parseFen, parseTurn } from "./notation.js";
import { showFenError, showMessage } from "./panels.js";
import { stopComputerTurn } from "./pending.js";
import { gameResult } from "./result.js";
import { fetchGame, readPosition, readRecord } from "./server.js";
import { enginePlays, engineSide } from "./settings.js";
import { soundForTurn } from "./sound.js";
import { saveGame, storedGame } from "./storage.js";
import { $, state, update } from "./state.js";

const sameEntry = (a, b) => a.fen === b.fen && a.turn === b.turn;

// What follows each answer for the shown position: the computer's turn, when it is its
// turn (app.js joins computer.js here: computer.js plays through playTurn, so this module
// cannot import it).
let afterAnswer = () => {};

export function setAfterAnswer(listener) {
  afterAnswer = listener;
}

// Ends the game at its last position as the players chose ({reason: "resigned", loser}
// or {reason: "agreed"}), shown at once.
export function endGame(end) {
  const game = state.game.slice(0, state.ply + 1);
  game[state.ply] = { ...game[state.ply], end };
  show(game, state.ply, false);
}

// Shows entry `ply` of `game`. browsing: reached by stepping through the game (the
// arrow keys, Undo, the move list), where the computer does not answer unless asked.
// The game's navigation is the page's own: a browser keeps some 50 history entries a
// page, too few for a long game. The link mirrors the position shown, replaced, never
// pushed, so that Back leaves the page and a copied link opens the position. changes:
// more of the state to change with it (the engine's last words dropped).
function show(game, ply, browsing, changes = {}) {
  const stopped = stopComputerTurn();
  if (game !== state.game) cancelAnalysis();
  const fen = game[ply].fen;
  // Its answer is asked for at once; until it comes the position has no turns.
  const request = state.request + 1;
  update({ ...stopped, ...changes, game, ply, fen, position: parseFen(fen), selection: null, preview: null, browsing,
           request, answer: null, turns: [] });
  const url = new URL(window.location.href);
  url.searchParams.set("fen", fen);
  url.searchParams.delete("moves");
  window.history.replaceState(null, "", url);
  $("fen-input").value = fen;
  $("fen-error").hidden = true;
  $("draw-answer").hidden = true;
  $("line").replaceChildren();
  $("line-panel").open = false;
  saveGame();
  askServer(request);
}

// Asks the server for the shown position of the game: its value, its legal turns and
// whether the game has ended; an answer for a position no longer shown is dropped.
async function askServer(request) {
  const { status, body } = await fetchGame(state.game, state.ply);
  if (request !== state.request) return;  // the position changed meanwhile
  if (status === 200) {
    showMessage(body.in_tables || body.end ? null : `Outside the tables (${body.stones} stones; they hold up to ` +
      `${body.max_stones}): the legal turns are listed, valued where they lead into the tables.`, false, true);
    update({ answer: body, turns: body.turns.map((t) => ({ ...t, ...parseTurn(t.turn) })) });
  } else {
    showMessage("The server could not answer: " + (body.error || "HTTP " + status), true);
    update();
  }
  afterAnswer();
}

// A position reached otherwise than by a turn (editor, FEN box, principal line) starts
// a new game there.
export function setPosition(fen) {
  const position = parseFen(fen);
  if (!position) return;
  fen = formatFen(position);
  if (fen === state.fen && state.ply === 0 && state.game.length === 1) return;
  show([{ fen, turn: null }], 0, false, { engine: null });
}

// Plays a turn of the list; search: the engine's answer that chose it, if it did (its
// evaluation goes into the move list).
export function playTurn(turn, search = null) {
  if (gameResult()) return;
  const next = { fen: turn.fen, turn: turn.turn, wdl: turn.wdl, depth: turn.depth };
  if (search && next.wdl === null) next.engine = { score_text: search.score_text, depth: search.depth };
  // Replaying the turn the game already has keeps the rest of the game (as Forward
  // would), but as a turn played: the computer answers as it would.
  soundForTurn(next.turn);
  const recorded = state.game[state.ply + 1];
  if (recorded && sameEntry(recorded, next)) return show(state.game, state.ply + 1, false);
  show([...state.game.slice(0, state.ply + 1), next], state.ply + 1, false);
}

export function goToPly(ply) {
  if (ply < 0 || ply >= state.game.length || ply === state.ply) return;
  show(state.game, ply, true);
}

// A game loaded whole (a game record: its positions from the server, every turn checked),
// shown at its end.
export function loadGame(positions) {
  const game = positions.map((p) => ({ fen: p.fen, turn: p.turn, wdl: p.wdl, depth: p.depth }));
  show(game, game.length - 1, false, { engine: null });
}

// Against the computer a turn and its answer go back together: to the last position
// where the person was to move.
export function undo() {
  let target = state.ply - 1;
  if (enginePlays()) {
    while (target > 0 && parseFen(state.game[target].fen).side === engineSide()) --target;
  }
  goToPly(Math.max(target, 0));
}

export function redo() {
  let target = state.ply + 1;
  if (enginePlays()) {
    while (target < state.game.length - 1 && parseFen(state.game[target].fen).side === engineSide()) ++target;
  }
  goToPly(Math.min(target, state.game.length - 1));
}

// A new game from the start position, with the side and the opponent chosen.
export function newGame() {
  if (state.mode !== "play") document.querySelector('input[name="mode"][value="play"]').click();
  show([{ fen: board.start, turn: null }], 0, false, { engine: null });
}

// What the link asks for: a game record (fen, the game's first position, and moves, its
// turns), a position (fen), or nothing: on a reload the game this tab kept, on a first
// visit the start position. A link's text is read as the FEN box reads it.
export async function startFromUrl() {
  const params = new URL(window.location.href).searchParams;
  const requested = params.get("fen"), moves = params.get("moves");
  if (moves !== null) {
    const read = await readRecord(requested === null ? board.start : requested, moves.split(/\s+/).filter(Boolean));
    if (read.positions) return loadGame(read.positions);
    show([{ fen: defaultFen(), turn: null }], 0, false);
    return showFenError("The link's game was not loaded: " + read.error);
  }
  const stored = storedGame();
  if (stored && (requested === null || stored.game[stored.ply].fen === requested)) {
    // Reloaded at the end of the game, not stepped back into it: a computer whose turn
    // it is plays on (its answer is asked for once the position's answer has come).
    return show(stored.game, stored.ply, stored.ply !== stored.game.length - 1);
  }
  if (requested === null) return show([{ fen: defaultFen(), turn: null }], 0, false);
  const read = await readPosition(requested);
  show([{ fen: read.fen || defaultFen(), turn: null }], 0, false);
  if (read.error) showFenError("The link's position is not a position (showing the default): " + read.error);
}
