// The page's one state, shared by its modules.

export const state = {
  // The game on the page: its positions in order, each after the turn that led to it
  // ({fen, turn, wdl, depth}: the turn's text and its value for the side that made it;
  // the first entry has turn null). state.ply is the one shown; the page steps through
  // the game itself (game.js). The first position is shown once the board is known.
  game: [],
  ply: 0,
  fen: null,
  position: null,
  answer: null,         // the /api/game answer for the game up to state.ply, once it has come
  turns: [],            // its turns, each with parsed points and kinds
  mode: "play",
  selection: null,      // a turn being played on the board: {points, kinds, pendingKinds?}
  preview: null,        // a turn shown on the board (hovered, or about to be played)
  request: 0,           // number of the latest /api/game request; older answers are dropped
  computer: null,       // the computer's turn in progress: {abort (a search), timer (a turn shown)}
  engine: null,         // what the computer said last: {fen, thinking | search | tables | error}
  flipped: false,       // Black's side at the bottom
  browsing: false,      // the position was reached by stepping through the game (arrow keys, Undo, the move list)
};

export const $ = (id) => document.getElementById(id);
