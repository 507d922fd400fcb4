// A turn being played on the board (state.selection: the points clicked so far and the
// kinds of their captures) against the server's list of legal turns: which turns it may
// still become, where it may step next, and whether it may stop here. Reads only.

import { state } from "./state.js";

function matchesSelection(turn, selection) {
  if (turn.points.length < selection.points.length) return false;
  for (let i = 0; i < selection.points.length; ++i) if (turn.points[i] !== selection.points[i]) return false;
  for (let i = 0; i < selection.kinds.length; ++i) if (turn.kinds[i] !== selection.kinds[i]) return false;
  return true;
}

export const candidates = (selection) => state.turns.filter((t) => matchesSelection(t, selection));

// Points the selected stone may step to next.
export function nextPoints(selection) {
  if (selection.pendingKinds) return [];
  const n = selection.points.length;
  return [...new Set(candidates(selection).filter((t) => t.points.length > n).map((t) => t.points[n]))];
}

// The turn that ends exactly where the selection stands, if the sequence may stop here.
export function endingTurn(selection) {
  if (selection.pendingKinds) return null;
  return candidates(selection).find((t) => t.points.length === selection.points.length) || null;
}

// The turn that takes by `kind` at the selection's pending step and stops there.
export function kindEnding(selection, kind) {
  return candidates({ points: selection.points, kinds: [...selection.kinds, kind] })
    .find((t) => t.points.length === selection.points.length) || null;
}
