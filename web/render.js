// The page's one redraw, called after every change of the state (state.js's update()):
// everything drawn from the state, from the state. What is cheap is redrawn each time;
// the lists are rebuilt only when what they show changed, for a row rebuilt between a
// mousedown and its mouseup loses the click (a hover's preview changes the state too).

import { placeLabelsAndHits, renderBoard } from "./drawing.js";
import { renderBar, renderGraph } from "./evaluation.js";
import { renderEngine, renderInfo, renderMoves, renderTurns } from "./panels.js";
import { state } from "./state.js";

// Whether `key` (an array of values compared by identity) differs from the one kept
// under `name`, which it then replaces.
function changed(kept, name, key) {
  const last = kept[name];
  if (last && last.length === key.length && last.every((value, i) => value === key[i])) return false;
  kept[name] = key;
  return true;
}

// The render function for handlers: onPlay(turn) and onPreview(turn | null) for the turn
// list, onPly(ply) for the move list and the graph.
export function makeRender({ onPlay, onPreview, onPly }) {
  const kept = {};
  return function render() {
    if (!state.position) return;  // nothing shown yet: the board and its first position are still coming
    if (changed(kept, "flipped", [state.flipped])) placeLabelsAndHits();
    renderBoard();
    renderInfo();
    renderEngine();
    renderBar();
    // The turns are a new array for each position's answer; the game a new array for each
    // turn played; the analysis marks the game's entries in place (state.marks).
    if (changed(kept, "turns", [state.turns])) renderTurns({ onPlay, onPreview });
    if (changed(kept, "moves", [state.game, state.ply, state.marks])) renderMoves(onPly);
    if (changed(kept, "graph", [state.game, state.ply, state.marks, state.answer])) renderGraph(onPly);
  };
}
