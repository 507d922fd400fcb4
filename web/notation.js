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

// The position a page without one in its link shows: notation.md's endgame on 5x9, and
// on the other boards their start.
export const defaultFen = () => (board.name === "5x9" ? "9/6B2/4W4/2W6/9 w" : board.start);

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
