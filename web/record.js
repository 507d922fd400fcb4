// The game record: the whole game copied as text (notation.md, "Game record") or as a
// link that carries its turns, and a record pasted back, every turn checked by the
// server, which names the first one that is not legal.

import { loadGame } from "./game.js";
import { formatRecord, parseRecord } from "./notation.js";
import { readRecord } from "./server.js";
import { $, state } from "./state.js";

// The link that opens this game (at its end): its first position and its turns.
export function gameLink() {
  const url = new URL(window.location.href);
  url.search = "";
  url.searchParams.set("fen", state.game[0].fen);
  const turns = state.game.slice(1).map((entry) => entry.turn);
  if (turns.length) url.searchParams.set("moves", turns.join(" "));
  return url.toString();
}

// Puts text in the record box and on the clipboard (where the page may write there).
async function copy(text, button, done) {
  $("record-text").value = text;
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    $("record-text").select();
    document.execCommand("copy");
  }
  const label = button.textContent;
  button.textContent = done;
  window.setTimeout(() => { button.textContent = label; }, 1200);
}

export const copyRecord = () => copy(formatRecord(state.game), $("record-copy"), "Copied");

export const copyLink = () => copy(gameLink(), $("record-link"), "Copied");

function showRecordError(text) {
  $("record-error").textContent = text || "";
  $("record-error").hidden = !text;
}

// Loads the game in the record box: a record, or a link of the page.
export async function loadRecordText() {
  let text = $("record-text").value.trim();
  if (!text) return showRecordError("Paste a game first: its first position on a line, then its turns.");
  if (/^https?:\/\//.test(text)) {
    let params = null;
    try { params = new URL(text).searchParams; } catch (e) { return showRecordError("Not a link the page can read: " + text); }
    text = (params.get("fen") || "") + "\n" + (params.get("moves") || "");
  }
  const { fen, moves } = parseRecord(text);
  const read = await readRecord(fen, moves);
  if (read.error) return showRecordError("The game was not loaded: " + read.error);
  showRecordError(null);
  loadGame(read.positions);
}
