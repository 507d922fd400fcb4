// The computer's turn in progress (state.computer): a search, or its turn being shown
// before it is played. Stopping it is needed by every action that moves the page on,
// below computer.js, which plays through game.js.

import { state } from "./state.js";

// Stops the computer's turn in progress: a search is aborted (the server stops it when
// the connection closes), a turn being shown is not played. Returns the changes of the
// state that go with it, for the caller's update().
export function stopComputerTurn() {
  const pending = state.computer;
  if (!pending) return {};
  if (pending.timer !== null) window.clearTimeout(pending.timer);
  if (pending.abort) pending.abort.abort();
  const changes = { computer: null, preview: null };
  if (state.engine && state.engine.thinking) changes.engine = null;  // no "thinking" left standing for a search that was stopped
  return changes;
}
