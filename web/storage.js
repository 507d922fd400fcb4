// The whole game and the turn shown, kept for this tab, so that a reload finds them again.

import { board } from "./notation.js";
import { state } from "./state.js";

const GAME_KEY = "tsivy.game";

export function saveGame() {
  try {
    window.sessionStorage.setItem(GAME_KEY, JSON.stringify({ board: board.name, game: state.game, ply: state.ply }));
  } catch (e) { /* storage off: a reload keeps only the position */ }
}

// The game kept, if it is one of this board: {game, ply}, or null.
export function storedGame() {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(GAME_KEY));
    if (!stored || stored.board !== board.name || !Array.isArray(stored.game) || !stored.game[stored.ply]) return null;
    return stored;
  } catch (e) { return null; }
}
