// The game: the positions played, stepped through by the page itself (not the browser's
// history); its result (from the server); what a reload finds again (sessionStorage).

import { cancelComputerTurn, engineMoveIfItsTurn, enginePlays, engineSide } from "./computer.js";
import { cancelAnalysis } from "./analysis.js";
import { renderBoard } from "./drawing.js";
import { showFenError } from "./input.js";
import { board, defaultFen, formatFen, parseFen, parseTurn, sideName } from "./notation.js";
import { renderEngine, renderInfo, renderMoves, showMessage } from "./panels.js";
import { fetchGame, readPosition, readRecord } from "./server.js";
import { soundForTurn } from "./sound.js";
import { $, state } from "./state.js";

const sameEntry = (a, b) => a.fen === b.fen && a.turn === b.turn;

// Why the game is over at the shown position, or null: {text, outcome} for the banner,
// from the server's "end" (the repetition rule and the end of the game are game/'s).
// Against the computer the banner speaks to the player ("You win"), and outcome says
// whose win it is ("you", "computer" or "draw"); between two players it names the
// colour and outcome is "".
export function gameResult() {
  if (state.mode !== "play") return null;
  const agreed = state.ply === state.game.length - 1 ? state.game[state.ply].end : null;
  if (agreed) return agreedResult(agreed);
  const end = state.answer ? state.answer.end : null;
  if (!end) return null;
  if (end.reason === "repetition") return { text: "Draw by repetition: this position has occurred for the third time", outcome: "draw" };
  const winner = end.winner === "white" ? "w" : "b";
  const loser = winner === "w" ? "b" : "w";
  const why = end.reason === "no stones" ? `${sideName(loser)} has no stones left` : `${sideName(loser)} has no turn`;
  if (!enginePlays()) return { text: `${sideName(winner)} wins: ${why}`, outcome: "" };
  const you = winner !== engineSide();
  return { text: `${you ? "You win" : "The computer wins"}: ${why}`, outcome: you ? "you" : "computer" };
}

// An end the players chose (web/ending.js), kept on the game's last entry: a side
// resigned, or both agreed a draw.
function agreedResult(end) {
  if (end.reason === "agreed") return { text: "Draw agreed", outcome: enginePlays() ? "draw" : "" };
  const loser = end.loser, winner = loser === "w" ? "b" : "w";
  if (!enginePlays()) return { text: `${sideName(loser)} resigned: ${sideName(winner)} wins`, outcome: "" };
  return { text: "You resigned: the computer wins", outcome: "computer" };  // the computer plays on
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
// pushed, so that Back leaves the page and a copied link opens the position.
function show(game, ply, browsing) {
  cancelComputerTurn();
  if (game !== state.game) cancelAnalysis();
  state.game = game;
  state.ply = ply;
  state.fen = game[ply].fen;
  state.position = parseFen(state.fen);
  state.selection = null;
  state.preview = null;
  state.browsing = browsing;
  const url = new URL(window.location.href);
  url.searchParams.set("fen", state.fen);
  url.searchParams.delete("moves");
  window.history.replaceState(null, "", url);
  $("fen-input").value = state.fen;
  $("fen-error").hidden = true;
  $("draw-answer").hidden = true;
  $("line").replaceChildren();
  $("line-panel").open = false;
  renderMoves();
  renderBoard();
  renderEngine();
  saveGame();
  askServer();
}

// Asks the server for the shown position of the game: its value, its legal turns and
// whether the game has ended; an answer for a position no longer shown is dropped.
async function askServer() {
  const request = ++state.request;
  state.answer = null;
  state.turns = [];
  renderInfo();
  const { status, body } = await fetchGame(state.game, state.ply);
  if (request !== state.request) return;  // the position changed meanwhile
  if (status === 200) {
    state.answer = body;
    state.turns = body.turns.map((t) => ({ ...t, ...parseTurn(t.turn) }));
    showMessage(body.in_tables || body.end ? null : `Outside the tables (${body.stones} stones; they hold up to ` +
      `${body.max_stones}): the legal turns are listed, valued where they lead into the tables.`, false, true);
  } else {
    showMessage("The server could not answer: " + (body.error || "HTTP " + status), true);
  }
  renderBoard();
  renderInfo();
  engineMoveIfItsTurn();
}

// A position reached otherwise than by a turn (editor, FEN box, principal line) starts
// a new game there.
export function setPosition(fen) {
  const position = parseFen(fen);
  if (!position) return;
  fen = formatFen(position);
  if (fen === state.fen && state.ply === 0 && state.game.length === 1) return;
  state.engine = null;
  show([{ fen, turn: null }], 0, false);
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
  state.engine = null;
  const game = positions.map((p) => ({ fen: p.fen, turn: p.turn, wdl: p.wdl, depth: p.depth }));
  show(game, game.length - 1, false);
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

export function setMode(mode) {
  state.mode = mode;
  cancelComputerTurn();  // no answer lands in the editor
  state.selection = null;
  state.preview = null;
  $("editor").hidden = mode !== "edit";
  renderBoard();
  renderInfo();
  renderEngine();
  engineMoveIfItsTurn();
}

// A new game from the start position, with the side and the opponent chosen.
export function newGame() {
  if (state.mode !== "play") document.querySelector('input[name="mode"][value="play"]').click();
  state.engine = null;
  show([{ fen: board.start, turn: null }], 0, false);
}

// The whole game and the turn shown, kept for this tab, so that a reload finds them again.
const GAME_KEY = "tsivy.game";

export function saveGame() {
  try {
    window.sessionStorage.setItem(GAME_KEY, JSON.stringify({ board: board.name, game: state.game, ply: state.ply }));
  } catch (e) { /* storage off: a reload keeps only the position */ }
}

function storedGame() {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(GAME_KEY));
    if (!stored || stored.board !== board.name || !Array.isArray(stored.game) || !stored.game[stored.ply]) return null;
    return stored;
  } catch (e) { return null; }
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
