// Why the game is over at the shown position, if it is: from the server's "end" (the
// repetition rule and the end of the game are game/'s) or an end the players chose.

import { sideName } from "./notation.js";
import { enginePlays, engineSide } from "./settings.js";
import { state } from "./state.js";

// {text, outcome} for the banner, or null. Against the computer the banner speaks to the
// player ("You win"), and outcome says whose win it is ("you", "computer" or "draw");
// between two players it names the colour and outcome is "".
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
