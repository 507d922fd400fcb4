// The analysis of a game, asked for with "Analyse": every position searched by the
// server's engine in the background (inside the tables their exact value), the progress
// shown; a turn that throws away much of what its position held for the side that made
// it is marked a mistake, with the engine's better turn. It stops when the game changes
// or the page is left.

import { searchPoints } from "./evaluation.js";
import { ANALYSIS_ID, searchPosition } from "./server.js";
import { saveGame } from "./storage.js";
import { $, annotate, state } from "./state.js";

// The engine's time for each position.
const ANALYSIS_MS = 300;
// A turn that loses this much (a stone and a half), or turns a table win into a draw or a
// loss or a draw into a loss, is a mistake.
const MISTAKE_POINTS = 150;

let job = null;  // the analysis running: {abort, game}

function showStatus(text) {
  $("analysis-status").textContent = text;
}

export function cancelAnalysis() {
  if (!job) return;
  job.abort.abort();
  job = null;
  showStatus("");
  $("analyse").disabled = false;
}

// What the analysis keeps of a search answer.
const kept = (body) => ({ fen: body.fen, best: body.best, score_text: body.score_text, from_tables: body.from_tables,
                          table: body.table, end: body.end });

// Whether `turn`, from the position analysed `before` to the one analysed `after`, is a
// mistake: {better} (the engine's turn) or null; undefined when an end is not analysed.
function judgeTurn(turn, before, after) {
  if (!before || !after) return undefined;
  const lost = searchPoints(before) + searchPoints(after);  // the maker's points before, less after (= minus the opponent's)
  return turn !== before.best && lost >= MISTAKE_POINTS ? { better: before.best } : null;
}

export async function analyseGame() {
  cancelAnalysis();
  const game = state.game;
  const mine = { abort: new AbortController(), game };
  job = mine;
  $("analyse").disabled = true;
  for (let ply = 0; ply < game.length; ++ply) {
    if (job !== mine) return;
    const marks = {};  // what this position's entry gets
    if (!game[ply].analysis) {
      showStatus(`Analysing: position ${ply + 1} of ${game.length}…`);
      const { status, body } = await searchPosition(game, ply, ANALYSIS_MS, mine.abort, ANALYSIS_ID);
      if (job !== mine) return;
      if (state.game !== game) return cancelAnalysis();  // a turn was played: another game
      if (status !== 200) {
        cancelAnalysis();
        return showStatus("The analysis stopped: " + (body.error || "HTTP " + status));
      }
      marks.analysis = kept(body);
    }
    const mistake = ply > 0 ? judgeTurn(game[ply].turn, game[ply - 1].analysis, marks.analysis || game[ply].analysis) : undefined;
    if (mistake !== undefined) marks.mistake = mistake;
    annotate(game[ply], marks);
  }
  job = null;
  $("analyse").disabled = false;
  const mistakes = game.filter((entry) => entry.mistake).length;
  showStatus(`Analysed: ${mistakes} ${mistakes === 1 ? "mistake" : "mistakes"} marked`);
  saveGame();
}
