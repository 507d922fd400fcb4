// The game and its history: the positions played, one browser history entry each, so
// that Back and Forward step through the game; its result (from the server); what a
// reload finds again (sessionStorage).

import { cancelComputerTurn, engineMoveIfItsTurn, enginePlays, engineSide } from "./computer.js";
import { renderBoard } from "./drawing.js";
import { showFenError } from "./input.js";
import { board, defaultFen, formatFen, parseFen, sideName } from "./notation.js";
import { renderEngine, renderInfo, renderMoves } from "./panels.js";
import { askServer, readPosition } from "./server.js";
import { $, state } from "./state.js";

const sameEntry = (a, b) => a.fen === b.fen && a.turn === b.turn;

const isPrefix = (short, long) => short.length <= long.length && short.every((e, i) => sameEntry(e, long[i]));

// Why the game is over at the shown position, or null: {text, outcome} for the banner,
// from the server's "end" (the repetition rule and the end of the game are game/'s).
// Against the computer the banner speaks to the player ("You win"), and outcome says
// whose win it is ("you", "computer" or "draw"); between two players it names the
// colour and outcome is "".
export function gameResult() {
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
export function setPosition(fen) {
  const position = parseFen(fen);
  if (!position) return;
  fen = formatFen(position);
  if (fen === state.fen && state.ply === 0 && state.game.length === 1) return;
  state.engine = null;
  show([{ fen, turn: null }], 0, "push");
}

// Plays a turn of the list; search: the engine's answer that chose it, if it did (its
// evaluation goes into the move list).
export function playTurn(turn, search = null) {
  if (gameResult()) return;
  const next = { fen: turn.fen, turn: turn.turn, wdl: turn.wdl, depth: turn.depth };
  if (search && next.wdl === null) next.engine = { score_text: search.score_text, depth: search.depth };
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

export function onHistory(event) {
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
export function goToPly(ply) {
  if (ply < 0 || ply >= state.game.length || ply === state.ply) return;
  window.history.go(ply - state.ply);
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
  show([{ fen: board.start, turn: null }], 0, "push");
}

// The whole game (also the turns after the shown one, which the history entries do not
// hold), kept for this tab, so that a reload finds it again.
const GAME_KEY = "tsivy.game";

function saveGame() {
  try { window.sessionStorage.setItem(GAME_KEY, JSON.stringify({ board: board.name, game: state.game })); } catch (e) { /* storage off: reload loses the rest */ }
}

function storedGame() {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(GAME_KEY));
    return stored && stored.board === board.name && Array.isArray(stored.game) ? stored.game : null;
  } catch (e) { return null; }
}

// The position of the link (or of the history entry, on reload: then with the whole
// game this tab kept). A link's text is read as the FEN box reads it.
export async function startFromUrl(how) {
  const requested = new URL(window.location.href).searchParams.get("fen");
  const saved = window.history.state;
  if (saved && Array.isArray(saved.game) && saved.game[saved.ply] && saved.game[saved.ply].fen === requested) {
    const whole = storedGame();
    const game = whole && isPrefix(saved.game, whole) ? whole : saved.game;
    show(game, saved.ply, "none");
    // Reloaded at the end of the game, not stepped back into it: a computer whose turn
    // it is plays on (its answer is asked for once the position's answer has come).
    if (saved.ply === game.length - 1) state.browsing = false;
    return;
  }
  if (requested === null) return show([{ fen: defaultFen(), turn: null }], 0, how);
  const read = await readPosition(requested);
  show([{ fen: read.fen || defaultFen(), turn: null }], 0, how);
  if (read.error) showFenError("The link's position is not a position (showing the default): " + read.error);
}
