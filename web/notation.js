// Positions and turns as text (docs/notation.md), and the board they are on (from
// /api/info): for drawing only. The page has no rules: the server checks every text
// and says which turns are legal.

// The board of the server's build, from /api/info (each board is a build of its own,
// `tsivy serve --board RxC`): rows, columns, points, column letters, start position.
export const board = { rows: 0, columns: 0, points: 0, letters: "", name: "", start: "", empty: "" };

export function setBoard(info) {
  board.rows = info.rows;
  board.columns = info.columns;
  board.points = info.rows * info.columns;
  board.letters = "abcdefghi".slice(0, info.columns);
  board.name = info.name;
  board.start = info.start;
  board.empty = new Array(info.rows).fill(String(info.columns)).join("/");
}

// The position a page without one in its link shows: the start, where a game begins.
export const defaultFen = () => board.start;

// Point p = row_index * columns + column_index, a1 = 0 (notation.md).
export const columnOf = (p) => p % board.columns;

export const rowOf = (p) => Math.floor(p / board.columns);

export const pointName = (p) => board.letters[columnOf(p)] + String(rowOf(p) + 1);

export const pointIndex = (name) => (Number(name.slice(1)) - 1) * board.columns + board.letters.indexOf(name[0]);

// {cells: points x ("W" | "B" | null), side: "w" | "b"}, or null when the text is not a
// position of this board.
export function parseFen(text) {
  const match = /^([1-9WB/]+) ([wb])$/.exec(String(text));
  if (!match || /[1-9]{2}/.test(match[1])) return null;  // "54" is malformed (notation.md)
  const rows = match[1].split("/");  // the top row first
  if (rows.length !== board.rows) return null;
  const cells = new Array(board.points).fill(null);
  for (let r = 0; r < board.rows; ++r) {
    let column = 0;
    for (const ch of rows[r]) {
      if (ch === "W" || ch === "B") {
        if (column < board.columns) cells[(board.rows - 1 - r) * board.columns + column] = ch;
        column += 1;
      } else {
        column += Number(ch);
      }
    }
    if (column !== board.columns) return null;
  }
  return { cells, side: match[2] };
}

export function formatFen(position) {
  const rows = [];
  for (let r = board.rows - 1; r >= 0; --r) {
    let text = "";
    let empty = 0;
    for (let c = 0; c < board.columns; ++c) {
      const cell = position.cells[r * board.columns + c];
      if (!cell) { empty += 1; continue; }
      if (empty) text += empty;
      empty = 0;
      text += cell;
    }
    if (empty) text += empty;
    rows.push(text);
  }
  return rows.join("/") + " " + position.side;
}

// "d2-e3A-e4W" -> {points: [d2, e3, e4], kinds: ["A", "W"]}; a paika's step has kind "".
export function parseTurn(text) {
  const parts = text.split("-");
  return {
    points: parts.map((part) => pointIndex(part.slice(0, 2))),
    kinds: parts.slice(1).map((part) => part.slice(2)),
  };
}

export const sideName = (side) => (side === "w" ? "White" : "Black");

// A value for the side to move or for the maker of a turn; wdl null: the tables do not
// reach the position.
export function valueText(wdl, depth) {
  if (wdl === null || wdl === undefined) return "not in the tables";
  if (wdl === "draw") return "Draw";
  return (wdl === "win" ? "Win" : "Loss") + " in " + depth;
}

// A game record (notation.md, "Game record"): the first position on a line of its own,
// then the turns, numbered as pairs ("1." before White's turn, "1..." when Black's comes
// first).
export function formatRecord(game) {
  let side = parseFen(game[0].fen).side;
  let number = 1;
  const words = [];
  game.slice(1).forEach((entry, i) => {
    if (side === "w") words.push(`${number}.`);
    else if (i === 0) words.push(`${number}...`);
    words.push(entry.turn);
    if (side === "b") number += 1;
    side = side === "w" ? "b" : "w";
  });
  return game[0].fen + "\n" + words.join(" ");
}

// A game record's first position and turns, as texts for the server to check: {fen,
// moves}. The turn numbers are skipped, whatever they say.
export function parseRecord(text) {
  const lines = String(text).trim().split(/\r?\n/);
  const moves = lines.slice(1).join(" ").split(/\s+/).filter((word) => word && !/^\d+\.+$/.test(word));
  return { fen: lines[0].trim(), moves };
}
