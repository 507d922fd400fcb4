// Position notation (docs/notation.md): round trips, the documented examples, malformed
// text rejected with a message that says what is wrong, and Position::from_colours.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "game/notation.h"
#include "game/position.h"
#include "tests/game/reference_generator.h"
#include "tests/game/test_support.h"

namespace tsivy {
namespace {

// Text with unprintable bytes written as \xNN, for our own output.
std::string escaped(std::string_view text) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= ' ' && c <= '~') {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

TEST(Notation, DocumentedExamples) {
  const Position start = parse_position("BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW w");
  EXPECT_TRUE(start == start_position());
  // White to move with c2 and e3 against Black on g4.
  const Position endgame = parse_position("9/6B2/4W4/2W6/9 w");
  EXPECT_EQ(endgame.to_move, Colour::White);
  EXPECT_EQ(endgame.us, bit(point_from_name("c2")) | bit(point_from_name("e3")));
  EXPECT_EQ(endgame.them, bit(point_from_name("g4")));
  EXPECT_EQ(format_position(endgame), "9/6B2/4W4/2W6/9 w");
  // Black to move: us is Black's stones.
  const Position black = parse_position("9/6B2/4W4/2W6/9 b");
  EXPECT_EQ(black.to_move, Colour::Black);
  EXPECT_EQ(black.us, bit(point_from_name("g4")));
  EXPECT_EQ(black.white(), endgame.white());
  // Row 5 comes first, a1 is bit 0, i5 is bit 44.
  EXPECT_EQ(parse_position("9/9/9/9/W8 w").us, PointSet{1});
  EXPECT_EQ(parse_position("8W/9/9/9/9 w").us, PointSet{1} << 44);
  EXPECT_EQ(parse_position("9/9/9/9/9 b"), (Position{0, 0, Colour::Black}));
  EXPECT_EQ(format_position(Position{0, 0, Colour::White}), "9/9/9/9/9 w");
}

TEST(Notation, RoundTripOnRandomPositions) {
  test::Rng rng(1234);
  const long n = test::scaled(20000);
  for (long i = 0; i < n; ++i) {
    const int max_side = (kPoints - 1) / 2;
    const int white = std::uniform_int_distribution<int>(0, max_side)(rng);
    const int black = std::uniform_int_distribution<int>(0, max_side)(rng);
    const Position p = test::random_position(rng, white, black, i % 2 ? Colour::Black : Colour::White);
    const std::string text = reference::format(p);
    ASSERT_EQ(format_position(p), text);
    const Position back = parse_position(text);
    ASSERT_TRUE(back == p) << text;
    ASSERT_EQ(format_position(back), text);
  }
}

TEST(Notation, FullBoardRoundTrip) {
  // 22 White, 22 Black and one empty point, the most a position can hold.
  for (const char* text : {"WBWBWBWBW/BWBWBWBWB/WBWB1BWBW/BWBWBWBWB/WBWBWBWBW w"}) {
    // Count the stones to make sure the example is at the limit.
    const Position p = parse_position(text);
    EXPECT_EQ(count(p.white()), 22);
    EXPECT_EQ(count(p.black()), 22);
    EXPECT_EQ(format_position(p), text);
  }
}

struct Malformed {
  std::string text;
  std::vector<std::string> any_of;  // the message must mention one of these (any case)
};

std::vector<Malformed> malformed_inputs() {
  return {
      {"", {"empty", "row", "end"}},
      {"9/9/9/9 w", {"row"}},                                          // four rows
      {"9/9/9/9/9/9 w", {"row"}},                                      // six rows
      {"8/9/9/9/9 w", {"point", "column", "short"}},                   // 8 points in row 5
      {"9/9/9/9/4W3 w", {"point", "column", "short"}},                 // 8 points in row 1
      {"9W/9/9/9/9 w", {"point", "column", "long", "many"}},           // 10 points
      {"9/9/WWWWWWWWWW/9/9 w", {"point", "column", "long", "many"}},   // 10 stones
      {"9/9/8W1/9/9 w", {"point", "column", "long", "many"}},          // 10 points
      {"9/9/55/9/9 w", {"point", "column", "long", "many", "digit"}},  // two digits past 9
      {"9/9/4X4/9/9 w", {"character", "'x'", "\"x\""}},
      {"9/9/4w4/9/9 w", {"character", "'w'", "\"w\""}},
      {"9/9/4.4/9/9 w", {"character", "'.'", "\".\""}},
      {"9/9/4W04/9/9 w", {"0", "zero", "digit"}},
      {"9/9/0/9/9 w", {"0", "zero", "digit"}},
      {"WWWWWWWWW/WWWWWWWWW/WWWWW4/9/9 w", {"22", "too many", "stones"}},  // 23 White
      {"9/9/4BBBBB/BBBBBBBBB/BBBBBBBBB b", {"22", "too many", "stones"}},  // 23 Black
      {"9/9/9/9/9", {"side to move", "side"}},
      {"9/9/9/9/9 ", {"side to move", "side"}},
      {"9/9/9/9/9 x", {"side to move", "side"}},
      {"9/9/9/9/9 W", {"side to move", "side"}},
      {"9/9/9/9/9 w x", {"trailing", "extra", "after", "end", "unexpected"}},
      {"9/9/9/9/9 wb", {"trailing", "extra", "after", "end", "unexpected"}},
      {"9/9/9/9/9 w ", {"trailing", "extra", "after", "end", "unexpected"}},
      {"9/9/9/9/9 w\n", {"trailing", "extra", "after", "end", "unexpected"}},
      {"9/9/9/9/9  w", {"space", "side"}},
      {"9/9/9/9/9\tw", {"space", "side", "character", "tab"}},
      {"9 9 9 9 9 w", {"row", "/", "separator"}},
      {"9/9//9/9/9 w", {"row", "empty", "point"}},
      {"9/9/9/9/9/ w", {"row"}},
      // docs/notation.md: two digits never follow each other, even when they add up to 9.
      {"54/9/9/9/9 w", {"two digits", "one digit"}},
      {"9/9/4W13/9/9 w", {"two digits", "one digit"}},
      {"9/9/4\xc3\xa9" "4/9/9 w", {"character", "byte"}},
  };
}

TEST(Notation, MalformedPositionsAreRejectedWithAClearMessage) {
  const std::vector<Malformed> cases = malformed_inputs();
  EXPECT_GE(cases.size(), 20u);
  for (const Malformed& m : cases) {
    SCOPED_TRACE("input \"" + escaped(m.text) + "\"");
    try {
      const Position p = parse_position(m.text);
      ADD_FAILURE() << "accepted as " << test::show(p);
    } catch (const InvalidPosition& e) {
      const std::string message = lower(e.what());
      const bool mentions = std::any_of(m.any_of.begin(), m.any_of.end(),
                                        [&](const std::string& key) { return message.find(lower(key)) != std::string::npos; });
      EXPECT_TRUE(mentions) << "message does not say what is wrong: \"" << e.what() << "\"";
      std::cout << "[ message  ] \"" << escaped(m.text) << "\" -> " << escaped(e.what()) << "\n";
    } catch (const std::exception& e) {
      ADD_FAILURE() << "threw something other than InvalidPosition: " << e.what();
    }
  }
}

// Checks that parsing `text` throws InvalidPosition whose whole message (as seen
// through what(), a C string) mentions one of `any_of` and holds printable ASCII only,
// so that it survives being printed or logged.
void expect_clear_message(const std::string& text, const std::vector<std::string>& any_of) {
  SCOPED_TRACE("input \"" + escaped(text) + "\" (" + std::to_string(text.size()) + " bytes)");
  try {
    const Position p = parse_position(text);
    ADD_FAILURE() << "accepted as " << test::show(p);
  } catch (const InvalidPosition& e) {
    const std::string message = e.what();
    const bool mentions = std::any_of(any_of.begin(), any_of.end(), [&](const std::string& key) {
      return lower(message).find(lower(key)) != std::string::npos;
    });
    EXPECT_TRUE(mentions) << "message does not say what is wrong: \"" << escaped(message) << "\"";
    const bool printable = std::all_of(message.begin(), message.end(), [](char c) { return c >= ' ' && c <= '~'; });
    EXPECT_TRUE(printable) << "message holds raw unprintable bytes of the input: \"" << escaped(message) << "\"";
  }
}

TEST(Notation, TwoDigitsNeverFollowEachOther) {
  // docs/notation.md: an empty run is one digit; "54" describes nine points but is malformed.
  expect_clear_message("54/9/9/9/9 w", {"two digits"});
  expect_clear_message("9/9/9/9/WWWW11W w", {"two digits"});
  EXPECT_NO_THROW(parse_position("9/9/9/9/WWWW4W w"));
}

TEST(Notation, LeadingSpaceIsReportedAsSuch) {
  // A leading space is the error; "row 5 describes 0 points" sends the reader to the
  // wrong place.
  expect_clear_message(" 9/9/9/9/9 w", {"space", "character", "' '"});
}

TEST(Notation, MessagesSurviveUnprintableInput) {
  using namespace std::string_literals;
  // A NUL inside the text must not cut the message short (what() is a C string), and
  // raw control or non-ASCII bytes should be escaped, not copied into the message.
  expect_clear_message("9/9/4\0" "4/9/9 w"s, {"character", "byte", "nul"});
  expect_clear_message("9/9/4\x01" "4/9/9 w", {"character", "byte"});
  expect_clear_message("9/9/4\xc3\xa9" "4/9/9 w", {"character", "byte"});
  expect_clear_message("9/9/9/9/9 w\n", {"trailing", "extra", "after", "end", "unexpected"});
}

TEST(Notation, MessagesSayWhere) {
  // docs/notation.md: the message says what is wrong and where. A bad character in row 3
  // should name row 3 (the row label as written, 5 for the first one).
  try {
    parse_position("9/9/4X4/9/9 w");
    ADD_FAILURE() << "accepted";
  } catch (const InvalidPosition& e) {
    const std::string message = lower(e.what());
    EXPECT_NE(message.find("row"), std::string::npos) << e.what();
    EXPECT_NE(message.find('3'), std::string::npos) << e.what();
  }
  try {
    parse_position("8/9/9/9/9 w");
    ADD_FAILURE() << "accepted";
  } catch (const InvalidPosition& e) {
    const std::string message = lower(e.what());
    EXPECT_NE(message.find("row"), std::string::npos) << e.what();
    EXPECT_NE(message.find('5'), std::string::npos) << e.what();
  }
}

TEST(Notation, MutatedTextIsRejectedOrReadCorrectly) {
  // Never crash, never guess: random edits of valid text either parse to what the
  // reference reads or throw InvalidPosition.
  test::Rng rng(555);
  const std::string alphabet = "WBwb0123456789/ -xX\t";
  const long n = test::scaled(20000);
  long accepted = 0;
  for (long i = 0; i < n; ++i) {
    std::string text = reference::format(test::random_position(rng));
    const int edits = std::uniform_int_distribution<int>(1, 3)(rng);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = std::uniform_int_distribution<std::size_t>(0, text.size())(rng);
      const char ch = alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
      switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
        case 0: text.insert(at, 1, ch); break;
        case 1: if (at < text.size()) text.erase(at, 1); break;
        default: if (at < text.size()) text[at] = ch; break;
      }
    }
    bool reference_reads = true;
    Position want;
    try {
      want = reference::parse(text);
    } catch (const std::runtime_error&) {
      reference_reads = false;
    }
    const bool canonical = reference_reads && reference::format(want) == text &&
                           count(want.white()) <= kStonesPerSide && count(want.black()) <= kStonesPerSide;
    try {
      const Position got = parse_position(text);
      ++accepted;
      ASSERT_TRUE(reference_reads) << "accepted malformed \"" << text << "\" as " << test::show(got);
      ASSERT_LE(count(got.white()), kStonesPerSide) << "\"" << text << "\"";
      ASSERT_LE(count(got.black()), kStonesPerSide) << "\"" << text << "\"";
      ASSERT_TRUE(got == want) << "\"" << text << "\" read as " << test::show(got);
    } catch (const InvalidPosition&) {
      ASSERT_FALSE(canonical) << "rejected well-formed \"" << text << "\"";
    }
  }
  EXPECT_GT(accepted, 0);
}

TEST(FromColours, BuildsThePositionOfTheSideToMove) {
  const PointSet white = bit(point_from_name("c2")) | bit(point_from_name("e3"));
  const PointSet black = bit(point_from_name("g4"));
  EXPECT_EQ(Position::from_colours(white, black, Colour::White), (Position{white, black, Colour::White}));
  EXPECT_EQ(Position::from_colours(white, black, Colour::Black), (Position{black, white, Colour::Black}));
  EXPECT_EQ(Position::from_colours(0, 0, Colour::White), (Position{0, 0, Colour::White}));
  const Position start = start_position();
  EXPECT_EQ(Position::from_colours(start.white(), start.black(), Colour::White), start);
}

TEST(FromColours, RejectsInvalidStoneSets) {
  const PointSet a1 = bit(point_from_name("a1")), e3 = bit(point_from_name("e3"));
  PointSet twenty_three = 0;
  for (Point p = 0; p < 23; ++p) twenty_three |= bit(p);
  const PointSet off_board = PointSet{1} << kPoints;
  const PointSet top_bit = PointSet{1} << 63;
  struct Case {
    PointSet white, black;
    const char* what;
  };
  for (const Case& c : {Case{a1 | e3, e3, "overlap"}, Case{a1, a1, "overlap"}, Case{a1 | off_board, e3, "off board"},
                        Case{a1, e3 | top_bit, "off board"}, Case{twenty_three, 0, "23 White"},
                        Case{0, twenty_three, "23 Black"}, Case{kBoard & ~twenty_three, twenty_three, "23 Black"}}) {
    for (Colour to_move : {Colour::White, Colour::Black}) {
      EXPECT_THROW(Position::from_colours(c.white, c.black, to_move), InvalidPosition) << c.what;
    }
  }
  // 22 each is fine.
  PointSet w = 0, b = 0;
  for (Point p = 0; p < 22; ++p) w |= bit(p);
  for (Point p = 22; p < 44; ++p) b |= bit(p);
  EXPECT_NO_THROW(Position::from_colours(w, b, Colour::Black));
}

TEST(FromColours, MessagesSayWhatIsWrong) {
  auto message = [](PointSet white, PointSet black) -> std::string {
    try {
      Position::from_colours(white, black, Colour::White);
    } catch (const InvalidPosition& e) {
      return lower(e.what());
    }
    return "(accepted)";
  };
  PointSet many = 0;
  for (Point p = 0; p < 23; ++p) many |= bit(p);
  const std::string overlap = message(1, 1), board = message(PointSet{1} << 50, 0), count23 = message(many, 0);
  std::cout << "[ message  ] overlap: " << overlap << "\n[ message  ] off board: " << board
            << "\n[ message  ] 23 stones: " << count23 << "\n";
  EXPECT_TRUE(overlap.find("overlap") != std::string::npos || overlap.find("both") != std::string::npos) << overlap;
  EXPECT_TRUE(board.find("board") != std::string::npos || board.find("outside") != std::string::npos) << board;
  EXPECT_TRUE(count23.find("22") != std::string::npos || count23.find("too many") != std::string::npos) << count23;
}

}  // namespace
}  // namespace tsivy
