// Talking to the server: its board (/api/info), the game's position with its legal
// turns and end (/api/game), the engine's turn (/api/search), and reading a typed
// position as the server reads it.

import { engineMoveIfItsTurn } from "./computer.js";
import { renderBoard } from "./drawing.js";
import { board, formatFen, parseFen, parseTurn, setBoard } from "./notation.js";
import { renderInfo, showMessage } from "./panels.js";
import { $, state } from "./state.js";

// {status, body}; status 0 when the server cannot be reached (stopped, say).
export async function getJson(path) {
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
export async function loadInfo() {
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

// This tab's game, for /api/search: a newer search of the same game stops the older one
// on the server, so a page that moved on never leaves a search running there.
const GAME_ID = "tab-" + Math.random().toString(36).slice(2, 12);
// The page waits for a search at most this much longer than its time, whatever the
// server does (the server's own bound is movetime + 2 s).
const SEARCH_PATIENCE_MS = 5000;

// The engine's answer for the shown position after `movetime` ms: {status, body}, as
// getJson. `controller` aborts it (the page moved on); so does a timer, past
// movetime + SEARCH_PATIENCE_MS.
export async function searchTurn(movetime, controller) {
  let late = false;
  const timer = window.setTimeout(() => { late = true; controller.abort(); }, movetime + SEARCH_PATIENCE_MS);
  try {
    const url = `/api/search?${gameQuery()}&movetime=${movetime}&game=${GAME_ID}`;
    const response = await fetch(url, { cache: "no-store", signal: controller.signal });
    let body = null;
    try { body = await response.json(); } catch (e) { body = { error: "not JSON: HTTP " + response.status }; }
    return { status: response.status, body };
  } catch (e) {
    const error = late ? `no answer within ${(movetime + SEARCH_PATIENCE_MS) / 1000} s` : "the server does not answer";
    return { status: 0, body: { error } };
  } finally {
    window.clearTimeout(timer);
  }
}

export async function askServer() {
  const request = ++state.request;
  state.answer = null;
  state.turns = [];
  renderInfo();
  const { status, body } = await getJson("/api/game?" + gameQuery());
  if (request !== state.request) return;  // the position changed meanwhile
  if (status === 200) {
    state.answer = body;
    state.turns = body.turns.map((t) => ({ ...t, ...parseTurn(t.turn) }));
    showMessage(body.in_tables ? null : `Outside the tables (${body.stones} stones; they hold up to ${body.max_stones}): ` +
      "the legal turns are listed, valued where they lead into the tables.", false, true);
  } else {
    showMessage("The server could not answer: " + (body.error || "HTTP " + status), true);
  }
  renderBoard();
  renderInfo();
  engineMoveIfItsTurn();
}

// Whether text is a position, as the server reads it: the FEN box and the link accept
// and refuse the same texts. {fen} or {error}.
export async function readPosition(text) {
  text = String(text).trim();
  const { status, body } = await getJson(probeUrl(text));
  if (status === 400) return { error: body.error };
  if (!parseFen(text)) return { error: "see docs/notation.md" };
  return { fen: formatFen(parseFen(text)) };
}
