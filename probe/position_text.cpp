// Position text through the C API (tsivy_parse_fen, tsivy_format_fen and their *_on
// forms for a handle's board).
#include <cstring>
#include <string>
#include <string_view>

#include "game/notation.h"
#include "probe/own_tables.h"

namespace {

using namespace tsivy::probe;
using tsivy::Outcome;
using tsivy::Value;

// The longest position text of any board (tsivy.h, TSIVY_FEN_MAX): a longer one is no
// position anywhere. Not this board's own longest, so that another board's position
// still gets game/'s message naming the board it is for.
constexpr std::size_t kLongestPosition = TSIVY_FEN_MAX - 1;
// How much of a text too long to be a position its message quotes.
constexpr std::size_t kQuotedCharacters = 40;

// The first kQuotedCharacters of `text`, bytes outside printable ASCII as \xNN.
std::string quoted_start(std::string_view text) { return tsivy::printable(text.substr(0, kQuotedCharacters)); }

// Position text on this library's board; `has_tables` is false for a NULL handle
// given to the *_on calls. A text longer than any position is refused before it is
// read, so that its message quotes only its start (game/'s messages quote it whole).
int parse_fen(const char* caller, bool has_tables, const char* fen, uint64_t* us, uint64_t* them, int* white_to_move) {
  return guarded(TSIVY_ERROR_BAD_FEN, [&] {
    require(has_tables, caller, ": tables must not be NULL");
    require(fen && us && them, caller, ": fen, us and them must not be NULL");
    const std::string_view text(fen);
    if (text.size() > kLongestPosition)
      fail(TSIVY_ERROR_BAD_FEN, "bad position \"" + quoted_start(text) + "...\" (" + std::to_string(text.size()) +
                                    " characters): longer than a position of any board (" +
                                    std::to_string(kLongestPosition) + " characters at most)");
    const tsivy::Position p = tsivy::parse_position(text);
    *us = p.us;
    *them = p.them;
    if (white_to_move) *white_to_move = p.to_move == tsivy::Colour::White ? 1 : 0;
  });
}

int format_fen(const char* caller, bool has_tables, uint64_t us, uint64_t them, int white_to_move, char* buffer,
               size_t capacity) {
  return guarded(TSIVY_ERROR_BAD_POSITION, [&] {
    require(has_tables, caller, ": tables must not be NULL");
    require(buffer != nullptr, caller, ": buffer must not be NULL");
    const std::string text = tsivy::format_position(
        white_to_move ? tsivy::Position::from_colours(us, them, tsivy::Colour::White)
                      : tsivy::Position::from_colours(them, us, tsivy::Colour::Black));
    if (text.size() >= capacity)
      fail(TSIVY_ERROR_BUFFER_TOO_SMALL, std::string(caller) + ": " + std::to_string(text.size() + 1) +
                                             " bytes needed, room for " + std::to_string(capacity));
    std::memcpy(buffer, text.c_str(), text.size() + 1);
  });
}

}  // namespace

extern "C" {

int tsivy_parse_fen(const char* fen, uint64_t* us, uint64_t* them, int* white_to_move) {
  return parse_fen("tsivy_parse_fen", true, fen, us, them, white_to_move);
}

int tsivy_format_fen(uint64_t us, uint64_t them, int white_to_move, char* buffer, size_t capacity) {
  return format_fen("tsivy_format_fen", true, us, them, white_to_move, buffer, capacity);
}

int tsivy_parse_fen_on(const tsivy_tables* tables, const char* fen, uint64_t* us, uint64_t* them, int* white_to_move) {
  if (is_foreign(tables))
    return forward(*tables->foreign, tables->foreign->parse_fen_on, tables->inner, fen, us, them, white_to_move);
  return parse_fen("tsivy_parse_fen_on", tables != nullptr, fen, us, them, white_to_move);
}

int tsivy_format_fen_on(const tsivy_tables* tables, uint64_t us, uint64_t them, int white_to_move, char* buffer,
                        size_t capacity) {
  if (is_foreign(tables))
    return forward(*tables->foreign, tables->foreign->format_fen_on, tables->inner, us, them, white_to_move, buffer,
                   capacity);
  return format_fen("tsivy_format_fen_on", tables != nullptr, us, them, white_to_move, buffer, capacity);
}

}  // extern "C"
