// The controls of a game against the computer (whether it plays, the person's side, its
// time, the sounds): read from the page's controls, and kept for this tab as the game is
// (storage.js), so that a reload finds them again.

import { $, state, update } from "./state.js";

export const enginePlays = () => state.mode === "play" && $("computer").checked;

export const engineSide = () => ($("human-side").value === "w" ? "b" : "w");

// The computer's time a turn, in milliseconds (the strength chosen).
export const movetime = () => Number($("strength").value);

const SETTINGS_KEY = "tsivy.settings";

export function saveSettings() {
  const settings = { computer: $("computer").checked, side: $("human-side").value, strength: $("strength").value,
                     sound: $("sound").checked };
  try { window.sessionStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch (e) { /* storage off: a reload forgets them */ }
}

// Whether this tab had settings kept.
export function restoreSettings() {
  let settings = null;
  try { settings = JSON.parse(window.sessionStorage.getItem(SETTINGS_KEY)); } catch (e) { settings = null; }
  if (!settings) return false;
  $("computer").checked = Boolean(settings.computer);
  $("sound").checked = Boolean(settings.sound);
  if (["w", "b"].includes(settings.side)) $("human-side").value = settings.side;
  if ([...$("strength").options].some((o) => o.value === settings.strength)) $("strength").value = settings.strength;
  update({ flipped: $("human-side").value === "b" });
  return true;
}
