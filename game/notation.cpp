#include "game/notation.h"

#include <string>

#include "game/movegen.h"

// An empty run is written as one digit, so a row may hold at most 9 points.
static_assert(tsivy::kColumns <= 9);

namespace tsivy {

std::string printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if (byte >= ' ' && byte <= '~') {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

namespace {

[[noreturn]] void reject(const std::string& what, std::string_view text) {
  throw InvalidPosition("bad position \"" + printable(text) + "\": " + what);
}

// "3 rows of 3 points (board 3x3)": each build reads the positions of its own board only,
// so a message about the size of the text says which board that is.
std::string this_board() {
  return std::to_string(kRows) + " rows of " + std::to_string(kColumns) + " points (board " + board_name() + ")";
}

// The board the rows describe, "5 rows of 9 points (board 5x9)", when every row is made
// of stones and single digits, all describe the same number of points, and that number
// and the number of rows are the size of some board other than this one; empty otherwise. A
// position of another board (a 5x9 text given to the 3x3 build, say) is then named as
// such instead of as a row that happens to be too long.
std::string other_board_shape(std::string_view rows) {
  int described = 0, columns = -1, row_count = 1;
  for (std::size_t i = 0; i <= rows.size(); ++i) {
    const char ch = i < rows.size() ? rows[i] : '/';
    if (ch == '/') {
      if (columns != -1 && described != columns) return {};
      columns = described;
      described = 0;
      if (i < rows.size()) ++row_count;
    } else if (ch == 'W' || ch == 'B') {
      ++described;
    } else if (ch >= '1' && ch <= '9' && !(i > 0 && rows[i - 1] >= '1' && rows[i - 1] <= '9')) {
      described += ch - '0';
    } else {
      return {};
    }
  }
  // Only a size some board has (odd, 3 to 9: rules.md): "4 rows" is a mistake in the text.
  const auto board_size = [](int n) { return n % 2 == 1 && n >= 3 && n <= 9; };
  if (!board_size(row_count) || !board_size(columns) || (row_count == kRows && columns == kColumns)) return {};
  return std::to_string(row_count) + " rows of " + std::to_string(columns) + " points (board " +
         std::to_string(row_count) + "x" + std::to_string(columns) + ")";
}

// Rejects a text whose rows have the wrong size: as a position of another board when
// they describe one, else with `what` (which says where); either way naming this board.
[[noreturn]] void reject_size(const std::string& what, std::string_view rows, std::string_view text) {
  if (const std::string shape = other_board_shape(rows); !shape.empty())
    reject(shape + ": a position of another board; this build's board has " + this_board(), text);
  reject(what + "; a position here has " + this_board(), text);
}

}  // namespace

Position parse_position(std::string_view text) {
  if (text.empty()) reject("empty text; expected " + this_board() + " and the side to move", text);
  const std::size_t space = text.find(' ');
  if (space == 0) reject("unexpected space ' ' at character 1; the text starts with the top row", text);
  if (space == std::string_view::npos) reject("missing side to move (expected ' w' or ' b' after the rows)", text);
  const std::string_view rows = text.substr(0, space), side = text.substr(space + 1);

  PointSet white = 0, black = 0;
  int row = kRows - 1, column = 0;  // the text starts with the top row
  int rows_seen = 1;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const char ch = rows[i];
    const std::string where = " at character " + std::to_string(i + 1);
    if (ch == '/') {
      if (column != kColumns)
        reject_size("row " + std::to_string(row + 1) + " describes " + std::to_string(column) + " points, not " + std::to_string(kColumns), rows, text);
      if (++rows_seen > kRows) reject_size("more than " + std::to_string(kRows) + " rows", rows, text);
      --row;
      column = 0;
    } else if (ch >= '1' && ch <= '9') {
      // One empty run is one digit (notation.md): "54" is malformed, "9" is meant.
      if (i > 0 && rows[i - 1] >= '1' && rows[i - 1] <= '9')
        reject("two digits in a row" + where + "; write an empty run as one digit", text);
      column += ch - '0';
      if (column > kColumns) reject_size("row " + std::to_string(row + 1) + " describes more than " + std::to_string(kColumns) + " points" + where, rows, text);
    } else if (ch == 'W' || ch == 'B') {
      if (column >= kColumns) reject_size("row " + std::to_string(row + 1) + " describes more than " + std::to_string(kColumns) + " points" + where, rows, text);
      (ch == 'W' ? white : black) |= bit(point_at(column, row));
      ++column;
    } else {
      reject("bad character '" + printable(std::string_view(&ch, 1)) + "' (byte " + std::to_string(static_cast<unsigned char>(ch)) +
                 ") in row " + std::to_string(row + 1) + where + "; expected W, B, 1-9 or /",
             text);
    }
  }
  if (column != kColumns)
    reject_size("row " + std::to_string(row + 1) + " describes " + std::to_string(column) + " points, not " + std::to_string(kColumns), rows, text);
  if (rows_seen != kRows) reject_size(std::to_string(rows_seen) + " rows, expected " + std::to_string(kRows), rows, text);

  Colour to_move;
  if (side == "w") to_move = Colour::White;
  else if (side == "b") to_move = Colour::Black;
  else if (side.empty()) reject("missing side to move (expected 'w' or 'b')", text);
  else if (side.size() > 1 && (side[0] == 'w' || side[0] == 'b')) reject("trailing characters after the side to move", text);
  else reject("bad side to move \"" + std::string(side) + "\" (expected 'w' or 'b')", text);

  for (const auto& [stones, name] : {std::pair{white, "white"}, std::pair{black, "black"}})
    if (count(stones) > kStonesPerSide)
      reject(std::to_string(count(stones)) + " " + name + " stones, at most " + std::to_string(kStonesPerSide) + " allowed", text);
  return Position::from_colours(white, black, to_move);
}

std::string format_position(const Position& position) {
  std::string out;
  const PointSet white = position.white(), black = position.black();
  for (int row = kRows - 1; row >= 0; --row) {
    int empty_run = 0;
    for (int column = 0; column < kColumns; ++column) {
      const PointSet b = bit(point_at(column, row));
      if (!((white | black) & b)) {
        ++empty_run;
        continue;
      }
      if (empty_run) out += static_cast<char>('0' + empty_run);
      empty_run = 0;
      out += (white & b) ? 'W' : 'B';
    }
    if (empty_run) out += static_cast<char>('0' + empty_run);
    if (row) out += '/';
  }
  out += position.to_move == Colour::White ? " w" : " b";
  return out;
}

std::string turn_text(const Move& move) {
  std::string text = point_name(move.from);
  Point at = move.from;
  for (int k = 0; k < move.steps; ++k) {
    at = neighbour(at, move.direction(k));
    text += '-';
    text += point_name(at);
    if (move.is_capture()) text += move.kind(k) == CaptureKind::Approach ? 'A' : 'W';
  }
  return text;
}

namespace {

// Whether text has the shape of a turn: points joined by '-', each after the first
// followed by nothing, A or W (notation.md, "Turn"). Says what is wrong otherwise.
std::string turn_shape_problem(std::string_view text) {
  if (text.empty()) return "empty";
  std::size_t at = 0;
  int points = 0;
  for (;;) {
    const std::size_t end = text.find('-', at);
    std::string_view part = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (points > 0 && !part.empty() && (part.back() == 'A' || part.back() == 'W')) part.remove_suffix(1);
    if (point_from_name(part) < 0) {
      // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "..." + std::string.
      std::string problem(1, '"');
      problem += printable(part);
      problem += "\" is not a point of the " + board_name() + " board";
      return problem;
    }
    ++points;
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  if (points < 2) return "a turn names its starting point and at least one point it steps to";
  return "";
}

}  // namespace

Move parse_turn(const Position& position, std::string_view text) {
  if (text.size() > 4 * kPoints) throw InvalidTurn("bad turn: longer than any turn of this board");
  if (const std::string problem = turn_shape_problem(text); !problem.empty())
    throw InvalidTurn("bad turn \"" + printable(text) + "\": " + problem + " (turns read like d2-e3A-e4W, notation.md)");
  MoveList moves;
  generate_moves(position, moves);
  std::string legal;
  for (const Move& m : moves) {
    const std::string candidate = turn_text(m);
    if (candidate == text) return m;
    if (legal.size() < 200) legal += (legal.empty() ? "" : " ") + candidate;
  }
  if (moves.empty())
    throw InvalidTurn("illegal turn \"" + std::string(text) + "\": the side to move has no turn in " + format_position(position));
  throw InvalidTurn("illegal turn \"" + std::string(text) + "\" in " + format_position(position) + "; legal turns: " + legal +
                    (legal.size() >= 200 ? " ..." : ""));
}

}  // namespace tsivy
