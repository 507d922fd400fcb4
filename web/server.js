// Talking to the server: its board (/api/info), a game's position with its legal turns
// and end (/api/game), a whole game (/api/record), the engine's turn (/api/search), and
// reading a typed position as the server reads it. Data only: nothing here reads or
// writes the page's state or draws; the callers (game.js, computer.js, ...) do.

import { board, formatFen, parseFen } from "./notation.js";

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

// The server's board and tables (/api/info): {info} or {error}.
export async function fetchInfo() {
  const { status, body } = await getJson("/api/info");
  if (status !== 200 || !body.board) return { error: "The server could not describe its board: " + (body.error || "HTTP " + status) };
  return { info: body };
}

// A game (entries {fen, turn}, as state.game) up to position `ply` as /api/game reads
// it: the position after the last capture and the turns since. No position before a
// capture can occur again (captures are for good), so these are all the repetition rule
// needs, and the request stays short however long the game.
function gameQuery(game, ply) {
  let first = ply;
  while (first > 0 && !/[AW]$/.test(game[first].turn)) --first;
  const moves = game.slice(first + 1, ply + 1).map((e) => e.turn);
  return "fen=" + encodeURIComponent(game[first].fen) + (moves.length ? "&moves=" + encodeURIComponent(moves.join(" ")) : "");
}

// /api/game for position `ply` of `game`: {status, body}, as getJson.
export const fetchGame = (game, ply) => getJson("/api/game?" + gameQuery(game, ply));

// This tab's game, for /api/search: a newer search of the same game stops the older one
// on the server, so a page that moved on never leaves a search running there. The
// analysis of a game searches under an id of its own, beside the computer's turns.
const GAME_ID = "tab-" + Math.random().toString(36).slice(2, 12);
export const ANALYSIS_ID = GAME_ID + "-analysis";
// The page waits for a search at most this much longer than its time, whatever the
// server does (the server's own bound is movetime + 2 s).
const SEARCH_PATIENCE_MS = 5000;

// The engine's answer for position `ply` of `game` after `movetime` ms: {status, body},
// as getJson. `controller` aborts it (the page moved on); so does a timer, past
// movetime + SEARCH_PATIENCE_MS.
export async function searchPosition(game, ply, movetime, controller, id = GAME_ID) {
  let late = false;
  const timer = window.setTimeout(() => { late = true; controller.abort(); }, movetime + SEARCH_PATIENCE_MS);
  try {
    const url = `/api/search?${gameQuery(game, ply)}&movetime=${movetime}&game=${id}`;
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

// What a position is, for a person who typed something else (docs/notation.md).
const POSITION_HELP = "a position is its rows from the top, separated by /, each with W and B for the stones and " +
  "a digit for each run of empty points, then one space and w or b for the side to move, as in 9/6B2/4W4/2W6/9 w";

// Whether text is a position, as the server reads it: the FEN box and the link accept
// and refuse the same texts. {fen} or {error}.
export async function readPosition(text) {
  text = String(text).trim();
  // Longer than any position of the board (every point a stone, the row separators, the
  // side to move): said here, not sent in a request line that could not hold it.
  const longest = board.points + board.rows - 1 + 2;
  if (text.length > longest) {
    return { error: `${text.length.toLocaleString("en")} characters, more than a position of this board can have ` +
                    `(${longest}): ${POSITION_HELP}` };
  }
  const { status, body } = await getJson(probeUrl(text));
  if (status === 400) return { error: body.error + ": " + POSITION_HELP };
  if (!parseFen(text)) return { error: POSITION_HELP };
  return { fen: formatFen(parseFen(text)) };
}

// A whole game as the server reads it: its positions (/api/record: every turn checked),
// or {error} naming the turn that is not legal.
export async function readRecord(fen, moves) {
  const query = "fen=" + encodeURIComponent(fen) + (moves.length ? "&moves=" + encodeURIComponent(moves.join(" ")) : "");
  const { status, body } = await getJson("/api/record?" + query);
  if (status !== 200) return { error: body.error || "HTTP " + status };
  return { positions: body.positions };
}
