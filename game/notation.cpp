#include "game/notation.h"

#include <string>

// An empty run is written as one digit, so a row may hold at most 9 points.
static_assert(tsivy::kColumns <= 9);

namespace tsivy {
namespace {

// The input as printable ASCII: messages must survive NUL bytes (what() is a C string)
// and must not copy raw control or non-ASCII bytes to the user's terminal.
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

[[noreturn]] void reject(const std::string& what, std::string_view text) {
  throw InvalidPosition("bad position \"" + printable(text) + "\": " + what);
}

}  // namespace

Position parse_position(std::string_view text) {
  if (text.empty()) reject("empty text; expected five rows and the side to move", text);
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
        reject("row " + std::to_string(row + 1) + " describes " + std::to_string(column) + " points, not " + std::to_string(kColumns), text);
      if (++rows_seen > kRows) reject("more than " + std::to_string(kRows) + " rows", text);
      --row;
      column = 0;
    } else if (ch >= '1' && ch <= '9') {
      // One empty run is one digit (notation.md): "54" is malformed, "9" is meant.
      if (i > 0 && rows[i - 1] >= '1' && rows[i - 1] <= '9')
        reject("two digits in a row" + where + "; write an empty run as one digit", text);
      column += ch - '0';
      if (column > kColumns) reject("row " + std::to_string(row + 1) + " describes more than " + std::to_string(kColumns) + " points" + where, text);
    } else if (ch == 'W' || ch == 'B') {
      if (column >= kColumns) reject("row " + std::to_string(row + 1) + " describes more than " + std::to_string(kColumns) + " points" + where, text);
      (ch == 'W' ? white : black) |= bit(point_at(column, row));
      ++column;
    } else {
      reject("bad character '" + printable(std::string_view(&ch, 1)) + "' (byte " + std::to_string(static_cast<unsigned char>(ch)) +
                 ") in row " + std::to_string(row + 1) + where + "; expected W, B, 1-9 or /",
             text);
    }
  }
  if (column != kColumns)
    reject("row " + std::to_string(row + 1) + " describes " + std::to_string(column) + " points, not " + std::to_string(kColumns), text);
  if (rows_seen != kRows) reject(std::to_string(rows_seen) + " rows, expected " + std::to_string(kRows), text);

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

}  // namespace tsivy
