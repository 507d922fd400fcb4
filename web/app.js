// The tsivy explorer page (ES modules, see each file's first lines). It knows how to draw a
// position and how to read the notation of docs/notation.md, but not the rules: every
// legal turn, and whether the game has ended, comes from the server (/api/game), and
// playing on the board only narrows the server's list down click by click. This file
// starts the page and joins the controls to what they do, and the modules to each other
// where one may not import another: the views (drawing.js, panels.js, evaluation.js, joined
// in render.js) get the actions their clicks call; game.js gets the computer's answer.

import { analyseGame, cancelAnalysis } from "./analysis.js";
import { engineMoveIfItsTurn, playBestTurn } from "./computer.js";
import { MARGIN, STEP, drawGrid } from "./drawing.js";
import { offerDraw, rematch, resign } from "./ending.js";
import { goToPly, newGame, redo, setAfterAnswer, setPosition, startFromUrl, undo } from "./game.js";
import { cancelSelection, chooseKind, copyFen, loadTypedFen, onBoardClick, playListedTurn, previewKind, previewTurn, setMode,
         stopHere, switchSide } from "./input.js";
import { board, setBoard } from "./notation.js";
import { showLine, showMessage } from "./panels.js";
import { stopComputerTurn } from "./pending.js";
import { copyLink, copyRecord, loadRecordText } from "./record.js";
import { makeRender } from "./render.js";
import { fetchInfo } from "./server.js";
import { restoreSettings, saveSettings } from "./settings.js";
import { $, setRender, state, update } from "./state.js";

// The 5x9 board fills its panel (760 px for its 764 units); a smaller board is drawn at
// the same scale, not with larger points.
const MAX_PIXELS_PER_UNIT = 760 / 764;

export async function start() {
  const { info, error } = await fetchInfo();
  if (error) return showMessage(error, true);
  setBoard(info.board);
  $("tables-info").textContent = `${board.name} board: ${info.classes.length} classes, up to ${info.max_stones} stones`;
  const width = 2 * MARGIN + (board.columns - 1) * STEP, height = 2 * MARGIN + (board.rows - 1) * STEP;
  $("board").setAttribute("viewBox", `0 0 ${width} ${height}`);
  $("board").setAttribute("aria-label", `Fanorona board, ${board.rows} rows of ${board.columns} points`);
  $("board").style.maxWidth = `${width * MAX_PIXELS_PER_UNIT}px`;
  setRender(makeRender({ onPlay: playListedTurn, onPreview: previewTurn, onPly: goToPly }));
  setAfterAnswer(() => engineMoveIfItsTurn());
  drawGrid($("board"), onBoardClick);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("best-turn").addEventListener("click", () => playBestTurn(false));
  // A first visit to the bare address is someone come to play: the computer takes
  // Black at once. A link to a position opens it for two players, as before.
  const bare = !new URL(window.location.href).search;
  if (!restoreSettings() && bare) {
    $("computer").checked = true;
    saveSettings();
  }
  $("computer").addEventListener("change", () => {
    saveSettings();
    update(stopComputerTurn());
    engineMoveIfItsTurn(true);
  });
  $("strength").addEventListener("change", saveSettings);
  $("sound").addEventListener("change", saveSettings);
  $("human-side").addEventListener("change", () => {
    saveSettings();
    update({ ...stopComputerTurn(), flipped: $("human-side").value === "b" });
    engineMoveIfItsTurn(true);
  });
  $("new-game").addEventListener("click", newGame);
  $("resign").addEventListener("click", resign);
  $("offer-draw").addEventListener("click", offerDraw);
  $("rematch").addEventListener("click", rematch);
  $("flip-board").addEventListener("click", () => update({ flipped: !state.flipped }));
  $("moves-start").addEventListener("click", () => goToPly(0));
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.addEventListener("change", () => setMode(radio.value));
  $("switch-side").addEventListener("click", switchSide);
  $("clear-board").addEventListener("click", () => setPosition(board.empty + " " + state.position.side));
  $("start-position").addEventListener("click", () => setPosition(board.start));
  $("fen-form").addEventListener("submit", loadTypedFen);
  $("fen-copy").addEventListener("click", copyFen);
  for (const id of ["choose-approach", "choose-withdrawal"]) {
    const button = $(id);
    button.addEventListener("click", () => chooseKind(button.dataset.kind));
    button.addEventListener("mouseenter", () => previewKind(button.dataset.kind));
    button.addEventListener("mouseleave", () => update({ preview: null }));
  }
  $("stop-here").addEventListener("click", stopHere);
  $("cancel-turn").addEventListener("click", cancelSelection);
  $("line-panel").addEventListener("toggle", () => showLine(setPosition));
  $("analyse").addEventListener("click", analyseGame);
  window.addEventListener("pagehide", cancelAnalysis);
  $("record-copy").addEventListener("click", copyRecord);
  $("record-link").addEventListener("click", copyLink);
  $("record-load").addEventListener("click", loadRecordText);
  document.addEventListener("keydown", (event) => {
    if ((event.target instanceof HTMLInputElement && event.target.type === "text") || event.target instanceof HTMLSelectElement ||
        event.target instanceof HTMLTextAreaElement) return;
    if (event.key === "Escape") cancelSelection();
    else if (event.key === "z") undo();
    else if (event.key === "y") redo();
    else if (event.key === "ArrowLeft") goToPly(state.ply - 1);
    else if (event.key === "ArrowRight") goToPly(state.ply + 1);
    else return;
    event.preventDefault();
  });

  startFromUrl();
}

document.addEventListener("DOMContentLoaded", start);
