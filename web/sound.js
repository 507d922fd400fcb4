// Optional sounds for captures: a short knock when a turn takes stones, made in the page
// with Web Audio (nothing is loaded). Off unless "sounds" is ticked.

import { $ } from "./state.js";

let context = null;

// Plays the knock for a turn that captures (a step marked A or W); says so on the
// checkbox (data-played, a count), so that a test can see it without hearing it.
export function soundForTurn(turnText) {
  const box = $("sound");
  if (!box.checked || !/[AW](-|$)/.test(turnText)) return;
  try {
    context = context || new AudioContext();
    const now = context.currentTime;
    const tone = context.createOscillator(), volume = context.createGain();
    tone.type = "triangle";
    tone.frequency.setValueAtTime(330, now);
    tone.frequency.exponentialRampToValueAtTime(110, now + 0.15);
    volume.gain.setValueAtTime(0.25, now);
    volume.gain.exponentialRampToValueAtTime(0.001, now + 0.18);
    tone.connect(volume).connect(context.destination);
    tone.start(now);
    tone.stop(now + 0.2);
  } catch (e) {
    return;  // no audio here: the game goes on silently
  }
  box.dataset.played = String(Number(box.dataset.played || 0) + 1);
}
