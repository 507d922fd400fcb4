// The page of the classes: one row per class of /api/info, with its shares of wins,
// draws and losses, its greatest depth, and links into the explorer (index.html): its
// deepest position (when the server counted them, `tsivy serve --stats`) and a random
// position of each value (/api/random).
"use strict";

const $ = (id) => document.getElementById(id);
const explorerLink = (fen) => "/?fen=" + encodeURIComponent(fen);

function percent(part, whole) {
  if (!whole) return "-";
  const share = (100 * part) / whole;
  return (share > 0 && share < 0.1 ? "<0.1" : share.toFixed(1)) + " %";
}

function cell(row, text, className) {
  const td = document.createElement("td");
  if (className) td.className = className;
  td.textContent = text;
  row.appendChild(td);
  return td;
}

function link(text, href, data) {
  const a = document.createElement("a");
  a.textContent = text;
  a.href = href;
  Object.assign(a.dataset, data);
  return a;
}

// Asks the server for a random position of the class with that value and opens it.
async function openRandom(event) {
  event.preventDefault();
  const a = event.currentTarget;
  const response = await fetch(`/api/random?class=${a.dataset.class}&wdl=${a.dataset.wdl}`, { cache: "no-store" });
  const body = await response.json();
  if (response.status !== 200) {
    $("classes-error").textContent = body.error;
    $("classes-error").hidden = false;
    return;
  }
  window.location.href = explorerLink(body.fen);
}

async function start() {
  const response = await fetch("/api/info", { cache: "no-store" });
  const info = await response.json();
  $("tables-info").textContent = `${info.board.name} board: ${info.classes.length} classes, up to ${info.max_stones} stones`;
  const body = $("classes").querySelector("tbody");
  const stones = (c) => c.class.split("v").map(Number);
  const sorted = [...info.classes].sort((a, b) => a.stones - b.stones || stones(b)[0] - stones(a)[0]);
  for (const c of sorted) {
    const row = document.createElement("tr");
    row.dataset.class = c.class;
    cell(row, c.class, "class");
    const known = c.in_manifest;
    cell(row, known ? c.canonical.toLocaleString("en") : "-", "number");
    for (const [key, wdl] of [["wins", "win"], ["draws", "draw"], ["losses", "loss"]])
      cell(row, known ? percent(c[key], c.canonical) : "-", "number " + wdl).dataset.share = wdl;
    cell(row, known ? String(c.max_depth) : "-", "number");
    const deepest = cell(row, "");
    if (c.deepest) deepest.appendChild(link(c.deepest, explorerLink(c.deepest), { deepest: c.class }));
    else deepest.textContent = "-";
    const random = cell(row, "");
    for (const [key, wdl] of [["wins", "win"], ["draws", "draw"], ["losses", "loss"]]) {
      if (known && !c[key]) continue;  // none of this value in the class
      const a = link(wdl, "#", { class: c.class, wdl });
      a.className = wdl;
      a.addEventListener("click", openRandom);
      random.append(a, " ");
    }
    body.appendChild(row);
  }
  // Each cell names its column, for a narrow screen, where the rows become cards and
  // the header row is hidden (style.css).
  const headers = [...$("classes").querySelectorAll("thead th")].map((th) => th.textContent);
  for (const row of body.rows) [...row.cells].forEach((td, i) => { td.dataset.label = headers[i]; });
}

document.addEventListener("DOMContentLoaded", start);
