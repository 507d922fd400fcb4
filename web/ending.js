// Ending a game otherwise than on the board: resigning, a draw offered (the computer
// accepts when the tables or its evaluation say the position is drawn or lost for it;
// two players at one screen agree at once), and a rematch with the colours swapped.

import { engineMoveIfItsTurn } from "./computer.js";
import { endGame, newGame } from "./game.js";
import { stopComputerTurn } from "./pending.js";
import { gameResult } from "./result.js";
import { searchPosition } from "./server.js";
import { enginePlays, engineSide, saveSettings } from "./settings.js";
import { $, state, update } from "./state.js";

// A search score (hundredths of a stone, for the side to move) at most this good for
// the computer counts as drawn: it takes the draw.
const DRAWISH_CP = 10;
// How long the computer thinks about an offer outside the tables.
const OFFER_THINK_MS = 500;

const inGame = () => state.mode === "play" && state.answer !== null && !gameResult();

// The person resigns (against the computer), or the side to move does (two players).
export function resign() {
  if (!inGame()) return;
  update(stopComputerTurn());
  endGame({ reason: "resigned", loser: enginePlays() ? (engineSide() === "w" ? "b" : "w") : state.position.side });
}

// The computer's answer to a draw offer, from its side: in the tables their value; outside,
// a short search's score. {accept, why}.
async function considerDraw() {
  const mover = state.position.side;
  const forComputer = (score) => (mover === engineSide() ? score : -score);
  if (state.answer.in_tables) {
    const wdl = { win: 1, draw: 0, loss: -1 }[state.answer.wdl];
    const mine = forComputer(wdl);
    return { accept: mine <= 0, why: mine > 0 ? "the tables say it wins" : "" };
  }
  const controller = new AbortController();
  const pending = { abort: controller, timer: null };
  update({ computer: pending, engine: { fen: state.fen, thinking: OFFER_THINK_MS, by: "computer" } });
  const { status, body } = await searchPosition(state.game, state.ply, OFFER_THINK_MS, controller);
  if (state.computer !== pending) return null;  // the page moved on
  update({ computer: null, engine: null });
  if (status !== 200 || typeof body.score !== "number") return { accept: false, why: "it could not evaluate the position" };
  const mine = forComputer(body.score);
  return { accept: mine <= DRAWISH_CP, why: `it evaluates the position ${(mine / 100).toFixed(2)} for itself` };
}

export async function offerDraw() {
  if (!inGame()) return;
  if (!enginePlays()) return endGame({ reason: "agreed" });
  update(stopComputerTurn());
  const fen = state.fen;
  const answer = await considerDraw();
  if (!answer || state.fen !== fen) return;
  if (answer.accept) return endGame({ reason: "agreed" });
  $("draw-answer").textContent = "The computer declines the draw: " + answer.why + ".";
  $("draw-answer").hidden = false;
  engineMoveIfItsTurn(true);  // its own turn, if the offer came while it was thinking
}

// A new game against the computer with the colours swapped.
export function rematch() {
  const side = $("human-side");
  side.value = side.value === "w" ? "b" : "w";
  saveSettings();
  update({ flipped: side.value === "b" });
  newGame();
}
