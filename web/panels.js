// The panels beside the board: the value and the turn list, the move list of the game,
// the principal line; the messages above the turn list and under the FEN box. Views:
// they read the state and write none; what a click or a hover does is the handler
// they are given (render.js, app.js).

import { parseFen, sideName, valueText } from "./notation.js";
import { gameResult } from "./result.js";
import { getJson } from "./server.js";
import { enginePlays } from "./settings.js";
import { $, state } from "./state.js";

// The engine's score for the side it searched for: "+0.35" (stones), "wins in 7 turns"
// (to the end of the game), "wins: a won endgame in 3 turns" (a position the tables
// hold as won, reached in 3 turns; the tables then count their own turns to the end).
export function scoreText(search) {
  const [kind, number] = search.score_text.split(" ");
  const n = Number(number);
  const turns = n === 1 ? "1 turn" : `${n} turns`;
  if (kind === "cp") return (n >= 0 ? "+" : "") + (n / 100).toFixed(2);
  return { win: `wins in ${turns}`, loss: `loses in ${turns}`, tablewin: `wins: a won endgame in ${turns}`,
           tableloss: `loses: a lost endgame in ${turns}` }[kind] || search.score_text;
}

// The engine's deepest iteration (search/engine.h: kMaxPly - 1): it went that deep only
// because every line ended sooner (in the tables, or the game's end).
const SEARCH_MAX_DEPTH = 127;

// Whether what the computer said is about the position shown: the position it searched,
// or the one its turn led to. After Back, or a turn of the person, it is not.
function engineSpeaksOfShown(engine) {
  if (engine.fen === state.fen) return true;
  const previous = state.ply > 0 ? state.game[state.ply - 1] : null;
  return Boolean(previous && previous.fen === engine.fen && (!engine.turn || state.game[state.ply].turn === engine.turn));
}

// What the computer says: thinking, its evaluation and depth outside the tables, perfect
// play inside them, or why it did not answer.
export function renderEngine() {
  const box = $("engine-info");
  const engine = state.engine;
  box.hidden = !engine || state.mode !== "play" || !engineSpeaksOfShown(engine);
  box.classList.toggle("error", Boolean(engine && engine.error));
  if (box.hidden) return;
  const who = engine.by === "computer" ? "The computer" : "The engine";
  if (engine.thinking) box.textContent = `${who} is thinking (${engine.thinking / 1000} s a turn)…`;
  else if (engine.tables) box.textContent = "The computer plays perfect play from here: the position is in the tables.";
  else if (engine.error) box.textContent = `${who} did not answer: ${engine.error}`;
  else {
    const s = engine.search;
    const side = sideName(parseFen(engine.fen).side);
    const how = s.depth >= SEARCH_MAX_DEPTH ? "every line searched to its end" : `search depth ${s.depth}`;
    box.textContent = `${who} ${engine.by === "computer" ? "played" : "chose"} ${engine.turn}: ${scoreText(s)} for ` +
      `${side} (${how}, ${s.nodes.toLocaleString("en")} nodes in ${(s.time_ms / 1000).toFixed(1)} s)`;
  }
  box.dataset.depth = engine.search ? String(engine.search.depth) : "";
  box.dataset.score = engine.search ? engine.search.score_text : "";
}

// A message above the turn list: an error, a note (quiet: a game from the start
// position has one at every turn), or a warning.
export function showMessage(text, isError, isNote = false) {
  const box = $("message");
  box.hidden = !text;
  box.textContent = text || "";
  box.classList.toggle("error", Boolean(isError));
  box.classList.toggle("note", Boolean(isNote));
}

// A message under the FEN box: why a typed or linked position was not taken.
export function showFenError(text) {
  $("fen-error").textContent = text;
  $("fen-error").hidden = false;
}

// The value of the shown position, its result, and the buttons that depend on them.
export function renderInfo() {
  const answer = state.answer;
  const value = $("value");
  $("side-to-move").textContent = sideName(state.position.side) + " to move:";
  value.className = answer ? answer.wdl || "unknown" : "";
  value.dataset.wdl = answer && answer.wdl ? answer.wdl : "";
  value.dataset.depth = answer && answer.depth !== null ? String(answer.depth) : "";
  value.textContent = answer ? valueText(answer.wdl, answer.depth) : "";
  const stones = (colour) => state.position.cells.filter((c) => c === colour).length;
  $("stone-count").textContent = `White ${stones("W")} · Black ${stones("B")}`;
  const result = gameResult();
  $("result").hidden = !result;
  $("result").textContent = result ? result.text : "";
  $("result").dataset.outcome = result ? result.outcome : "";
  const boardEnd = answer ? answer.end : null;  // null also when the players ended the game
  $("status").hidden = Boolean(result) && !(boardEnd && answer.turns.length && boardEnd.reason !== "repetition");
  $("rematch").hidden = !(result && enginePlays());
  const going = state.mode === "play" && Boolean(answer) && !result;
  $("resign").disabled = !going;
  $("offer-draw").disabled = !going || state.computer !== null;
  $("turns").hidden = Boolean(result);
  // The principal line is perfect play: the tables' (/api/line), inside them only.
  $("line-panel").hidden = !(answer && answer.in_tables);
  $("undo").disabled = state.ply === 0;
  $("redo").disabled = state.ply === state.game.length - 1;
  $("best-turn").disabled = !(state.answer && state.turns.length) || Boolean(result) || state.computer !== null;
}

// The legal turns of the shown position, each with its value: a hover calls
// onPreview(turn) (onPreview(null) when it ends), a click onPlay(turn). Rebuilt only when
// the turns changed (render.js): a row rebuilt under the mouse would lose its click.
export function renderTurns({ onPlay, onPreview }) {
  const body = $("turns").querySelector("tbody");
  body.replaceChildren();
  for (const turn of state.turns) {
    const row = document.createElement("tr");
    row.className = turn.wdl || "unknown";
    row.dataset.turn = turn.turn;
    row.dataset.wdl = turn.wdl || "";
    row.dataset.depth = turn.depth === null ? "" : String(turn.depth);
    const name = document.createElement("td");
    name.className = "turn";
    name.textContent = turn.turn;
    const score = document.createElement("td");
    score.className = "value";
    score.textContent = valueText(turn.wdl, turn.depth);
    row.append(name, score);
    row.addEventListener("mouseenter", () => onPreview(turn));
    row.addEventListener("mouseleave", () => onPreview(null));
    row.addEventListener("click", () => onPlay(turn));
    body.appendChild(row);
  }
}

// The game's turns in notation, each with its value for the side that made it; a
// click calls onPly(ply), to go back (or forward) to the position after it.
export function renderMoves(onPly) {
  const list = $("moves");
  list.replaceChildren();
  state.game.forEach((entry, ply) => {
    if (!entry.turn) return;
    const item = document.createElement("li");
    item.dataset.ply = String(ply);
    item.value = ply;
    item.className = ply === state.ply ? "current" : ply > state.ply ? "ahead" : "";
    const turn = document.createElement("span");
    turn.className = "turn";
    turn.textContent = entry.turn;
    const score = document.createElement("span");
    score.className = "value " + (entry.wdl || "unknown");
    score.textContent = entry.engine ? "engine " + scoreText(entry.engine) : valueText(entry.wdl, entry.depth);
    item.append(turn, " ", score);
    if (entry.mistake) {
      item.classList.add("mistake");
      const better = document.createElement("span");
      better.className = "better";
      better.textContent = entry.mistake.better ? `mistake: better ${entry.mistake.better}` : "mistake";
      item.append(" ", better);
    }
    item.addEventListener("click", () => onPly(ply));
    list.appendChild(item);
  });
  $("moves-panel").hidden = state.game.length < 2;
  $("moves-start").classList.toggle("current", state.ply === 0);
  scrollToCurrent(list);
}

// Keeps the current turn in view inside the list (not the page: the list scrolls alone).
function scrollToCurrent(list) {
  const current = list.querySelector("li.current");
  if (!current) return void (state.ply === 0 && (list.scrollTop = 0));
  const top = current.offsetTop, bottom = top + current.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

// The principal line, when its panel is open; a click on a turn of it calls
// onPosition(fen) with the position after it.
export async function showLine(onPosition) {
  if (!$("line-panel").open) return;
  const list = $("line");
  list.replaceChildren();
  const fen = state.fen;
  const { status, body } = await getJson("/api/line?max_turns=60&fen=" + encodeURIComponent(fen));
  if (status !== 200 || fen !== state.fen) return;
  const why = { "repetition": "the last position has occurred for the third time: a draw by repetition",
                "max_turns": "cut short after 60 turns" };
  for (const step of body.line) {
    const item = document.createElement("li");
    item.textContent = `${step.turn}  (then ${valueText(step.wdl, step.depth).toLowerCase()} for the side to move)`;
    item.addEventListener("click", () => onPosition(step.fen));
    list.appendChild(item);
  }
  if (!body.line.length) list.textContent = "No turn: the game is over.";
  else if (why[body.end]) {
    const item = document.createElement("li");
    item.className = "line-end";
    item.dataset.end = body.end;
    item.textContent = "(" + why[body.end] + ")";
    list.appendChild(item);
  }
}
