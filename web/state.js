// The page's one state and its one owner: every change goes through update() (or
// annotate(), for the analysis's marks on the game's entries), and each change is
// followed by one render() (render.js, joined by app.js). Any module reads `state`;
// none but this one writes it (tests/serve/web_modules_test.py checks).

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
  marks: 0,             // how many times the analysis marked the game's entries in place (a key of render's)
};

// The views' redraw, set once by app.js: this module is the bottom of the page's modules
// and imports none of them.
let render = () => {};

export function setRender(redraw) {
  render = redraw;
}

// Changes the state (the fields given) and redraws. Also called with nothing to change
// when a setting outside the state (the controls of the computer) changed what is drawn.
export function update(changes = {}) {
  Object.assign(state, changes);
  render();
}

// Writes the analysis of a position (fields: analysis, mistake) into its entry of the
// game, in place: the entry is shared by every game that grows from this one, so a turn
// played after the analysis keeps its marks.
export function annotate(entry, fields) {
  Object.assign(entry, fields);
  update({ marks: state.marks + 1 });
}

export const $ = (id) => document.getElementById(id);
