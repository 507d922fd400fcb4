// The C API's contract (tsivy.h): status codes, messages, arguments, handles, and values
// that agree with the rules and with themselves.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <vector>

#include "probe_test_support.h"
#include "tsivy/tsivy.h"
#include "tsivy/tsivy.hpp"

namespace tsivy::testing {
namespace {

constexpr const char* kEndgame = "9/6B2/4W4/2W6/9 w";  // docs/notation.md: White c2, e3 against Black g4

class OpenTables : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &tables_), TSIVY_OK) << tsivy_last_error(); }
  void TearDown() override { tsivy_close(tables_); }
  tsivy_tables* tables_ = nullptr;
};

TEST(Status, OkIsZeroAndEveryFailureHasItsOwnName) {
  EXPECT_EQ(TSIVY_OK, 0);
  std::set<std::string> names;
  for (int s = TSIVY_OK; s <= TSIVY_ERROR_INTERNAL; ++s) names.insert(tsivy_status_name(s));
  EXPECT_EQ(names.size(), static_cast<std::size_t>(TSIVY_ERROR_INTERNAL + 1));
  EXPECT_STREQ(tsivy_status_name(TSIVY_ERROR_TABLE_CORRUPT), "TSIVY_ERROR_TABLE_CORRUPT");
  EXPECT_STREQ(tsivy_status_name(-5), "TSIVY_UNKNOWN_STATUS");
  EXPECT_STREQ(tsivy_status_name(999), "TSIVY_UNKNOWN_STATUS");
}

TEST(Version, LibraryMatchesHeader) {
  EXPECT_EQ(tsivy_version(), static_cast<unsigned>(TSIVY_VERSION_NUMBER));
  EXPECT_STREQ(tsivy_version_string(), TSIVY_VERSION_STRING);
}

TEST(Fen, ParsesAndFormatsBack) {
  std::uint64_t us = 0, them = 0;
  int white = -1;
  ASSERT_EQ(tsivy_parse_fen(kEndgame, &us, &them, &white), TSIVY_OK);
  EXPECT_EQ(us, (std::uint64_t{1} << 11) | (std::uint64_t{1} << 22));  // c2, e3
  EXPECT_EQ(them, std::uint64_t{1} << 33);                              // g4
  EXPECT_EQ(white, 1);
  char text[TSIVY_FEN_MAX];
  ASSERT_EQ(tsivy_format_fen(us, them, white, text, sizeof text), TSIVY_OK);
  EXPECT_STREQ(text, kEndgame);
  ASSERT_EQ(tsivy_format_fen(them, us, 0, text, sizeof text), TSIVY_OK);
  EXPECT_STREQ(text, "9/6B2/4W4/2W6/9 b");
}

TEST(Fen, MalformedTextIsBadFenWithAMessage) {
  std::uint64_t us = 7, them = 7;
  for (const char* bad : {"", "9/9/9/9 w", "9/9/9/9/9 x", "54/9/9/9/9 w", "9/9/4X4/9/9 w", "9/9/9/9/9"}) {
    EXPECT_EQ(tsivy_parse_fen(bad, &us, &them, nullptr), TSIVY_ERROR_BAD_FEN) << bad;
    EXPECT_STRNE(tsivy_last_error(), "") << bad;
  }
  EXPECT_EQ(us, 7u);  // outputs untouched on failure
  EXPECT_EQ(tsivy_parse_fen(nullptr, &us, &them, nullptr), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(tsivy_parse_fen(kEndgame, nullptr, &them, nullptr), TSIVY_ERROR_BAD_ARGUMENT);
}

TEST(Fen, FormatRefusesBadSetsAndShortBuffers) {
  char text[TSIVY_FEN_MAX] = "unchanged";
  EXPECT_EQ(tsivy_format_fen(1, 1, 1, text, sizeof text), TSIVY_ERROR_BAD_POSITION);
  EXPECT_EQ(tsivy_format_fen(std::uint64_t{1} << 45, 1, 1, text, sizeof text), TSIVY_ERROR_BAD_POSITION);
  EXPECT_EQ(tsivy_format_fen(1, 2, 1, text, 5), TSIVY_ERROR_BUFFER_TOO_SMALL);
  EXPECT_STREQ(text, "unchanged");
  EXPECT_EQ(tsivy_format_fen(1, 2, 1, nullptr, 64), TSIVY_ERROR_BAD_ARGUMENT);
}

TEST(Open, MissingDirectoryIsNoTables) {
  tsivy_tables* t = reinterpret_cast<tsivy_tables*>(&t);
  EXPECT_EQ(tsivy_open("/nonexistent/tsivy-tables", 0, &t), TSIVY_ERROR_NO_TABLES);
  EXPECT_EQ(t, nullptr);
  EXPECT_NE(std::string(tsivy_last_error()).find("/nonexistent/tsivy-tables"), std::string::npos);
  EXPECT_EQ(tsivy_open(nullptr, 0, &t), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(tsivy_open(reference_tables().c_str(), 0, nullptr), TSIVY_ERROR_BAD_ARGUMENT);
}

TEST(Open, EmptyDirectoryIsNoTables) {
  ScratchDir dir;
  tsivy_tables* t = nullptr;
  EXPECT_EQ(tsivy_open(dir.path().c_str(), 0, &t), TSIVY_ERROR_NO_TABLES);
  EXPECT_EQ(t, nullptr);
}

TEST(Open, SeveralHandlesAtOnceAndOpenCloseOpenAgain) {
  ScratchDir copy;
  copy_tables(copy.path());
  const RandomPosition p{(std::uint64_t{1} << 11) | (std::uint64_t{1} << 22), std::uint64_t{1} << 33};
  int expected_wdl = 9, expected_depth = 9;
  for (int round = 0; round < 3; ++round) {
    tsivy_tables *a = nullptr, *b = nullptr;
    ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &a), TSIVY_OK);
    ASSERT_EQ(tsivy_open(copy.path().c_str(), 1 << 16, &b), TSIVY_OK);
    int wa, da, wb, db;
    ASSERT_EQ(tsivy_probe(a, p.us, p.them, &wa, &da), TSIVY_OK);
    ASSERT_EQ(tsivy_probe(b, p.us, p.them, &wb, &db), TSIVY_OK);
    EXPECT_EQ(wa, wb);
    EXPECT_EQ(da, db);
    if (round == 0) expected_wdl = wa, expected_depth = da;
    EXPECT_EQ(wa, expected_wdl);
    EXPECT_EQ(da, expected_depth);
    tsivy_close(a);
    ASSERT_EQ(tsivy_probe(b, p.us, p.them, &wb, &db), TSIVY_OK);  // b lives on without a
    tsivy_close(b);
  }
  tsivy_close(nullptr);
}

TEST_F(OpenTables, ListsEveryClassWithBothKinds) {
  EXPECT_EQ(tsivy_max_stones(tables_), kTableStones);
  EXPECT_EQ(tsivy_max_stones_wdl(tables_), kTableStones);
  std::size_t n = 0;
  EXPECT_EQ(tsivy_classes(tables_, nullptr, 0, &n), TSIVY_ERROR_BUFFER_TOO_SMALL);
  std::size_t expected = 0;
  for (int s = 2; s <= kTableStones; ++s) expected += static_cast<std::size_t>(s - 1);
  ASSERT_EQ(n, expected);
  std::vector<tsivy_class> classes(n);
  ASSERT_EQ(tsivy_classes(tables_, classes.data(), classes.size(), &n), TSIVY_OK);
  EXPECT_EQ(classes.front().us_stones + classes.front().them_stones, 2);
  for (const tsivy_class& c : classes) {
    EXPECT_TRUE(c.has_wdl && c.has_depth) << c.us_stones << "v" << c.them_stones;
    EXPECT_TRUE(c.answers_wdl && c.answers_depth) << c.us_stones << "v" << c.them_stones;
    EXPECT_LE(c.us_stones + c.them_stones, kTableStones);
  }
  EXPECT_EQ(tsivy_classes(nullptr, nullptr, 0, &n), TSIVY_ERROR_BAD_ARGUMENT);
}

TEST_F(OpenTables, ProbeNeedsItsArguments) {
  int wdl = 5;
  EXPECT_EQ(tsivy_probe(nullptr, 1, 2, &wdl, nullptr), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(tsivy_probe(tables_, 1, 2, nullptr, nullptr), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(wdl, 5);
  EXPECT_EQ(tsivy_probe(tables_, 1, 2, &wdl, nullptr), TSIVY_OK);  // depth is optional
}

// tsivy.h: a failure's message starts with the name of the function that was called.
TEST_F(OpenTables, MessagesNameTheFunctionCalled) {
  int wdl, depth;
  EXPECT_EQ(tsivy_probe_cached(nullptr, 1, 2, &wdl, &depth), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(std::string(tsivy_last_error()).rfind("tsivy_probe_cached: ", 0), 0u) << tsivy_last_error();
  EXPECT_EQ(tsivy_probe_wdl(nullptr, 1, 2, &wdl), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(std::string(tsivy_last_error()).rfind("tsivy_probe_wdl: ", 0), 0u) << tsivy_last_error();
  EXPECT_EQ(tsivy_probe(tables_, 1, 2, nullptr, &depth), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(std::string(tsivy_last_error()).rfind("tsivy_probe: ", 0), 0u) << tsivy_last_error();
}

// The search's probe gives the same win, draw or loss as the full one, capture
// positions included (where it stops at the first winning capture); and a depth asked
// for after it is the same as on a handle that never ran a WDL probe (the capture
// memo must not hand out the depth a WDL probe did not compute).
TEST_F(OpenTables, WdlProbeAgreesWithTheFullProbe) {
  tsivy_tables* fresh = nullptr;
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &fresh), TSIVY_OK);
  std::mt19937_64 rng(11);
  for (int i = 0; i < 3000; ++i) {
    const RandomPosition p = random_position(rng);
    int w = 9, full_w = 8, d = 7, fresh_w = 6, fresh_d = 5;
    ASSERT_EQ(tsivy_probe_wdl(tables_, p.us, p.them, &w), TSIVY_OK) << tsivy_last_error();
    ASSERT_EQ(tsivy_probe(tables_, p.us, p.them, &full_w, &d), TSIVY_OK) << tsivy_last_error();
    ASSERT_EQ(tsivy_probe(fresh, p.us, p.them, &fresh_w, &fresh_d), TSIVY_OK) << tsivy_last_error();
    EXPECT_EQ(w, fresh_w);
    EXPECT_EQ(full_w, fresh_w);
    EXPECT_EQ(d, fresh_d);
  }
  tsivy_close(fresh);
}

TEST_F(OpenTables, OverlappingOrOffBoardSetsAreBadPositions) {
  int wdl, depth;
  EXPECT_EQ(tsivy_probe(tables_, 3, 2, &wdl, &depth), TSIVY_ERROR_BAD_POSITION);
  EXPECT_NE(std::string(tsivy_last_error()).find("overlap"), std::string::npos);
  EXPECT_EQ(tsivy_probe(tables_, std::uint64_t{1} << 45, 1, &wdl, &depth), TSIVY_ERROR_BAD_POSITION);
  EXPECT_EQ(tsivy_probe(tables_, std::uint64_t{1} << 63, 1, &wdl, &depth), TSIVY_ERROR_BAD_POSITION);
  std::size_t n;
  EXPECT_EQ(tsivy_probe_root(tables_, 3, 2, nullptr, 0, &n), TSIVY_ERROR_BAD_POSITION);
}

TEST_F(OpenTables, MoreStonesThanTheTablesHoldIsTooManyStones) {
  std::mt19937_64 rng(1);
  const RandomPosition p = random_position(rng, 2, kTableStones - 1);
  int wdl, depth;
  EXPECT_EQ(tsivy_probe(tables_, p.us, p.them, &wdl, &depth), TSIVY_ERROR_TOO_MANY_STONES);
  EXPECT_NE(std::string(tsivy_last_error()).find(std::to_string(kTableStones + 1) + " stones"), std::string::npos)
      << tsivy_last_error();
  std::size_t n;
  EXPECT_EQ(tsivy_probe_root(tables_, p.us, p.them, nullptr, 0, &n), TSIVY_ERROR_TOO_MANY_STONES);
}

// docs/rules.md: a position where either side has no stones has no turns.
TEST_F(OpenTables, SideToMoveWithoutStonesHasLostInZero) {
  int wdl = 9, depth = 9;
  ASSERT_EQ(tsivy_probe(tables_, 0, 0x7, &wdl, &depth), TSIVY_OK);
  EXPECT_EQ(wdl, TSIVY_LOSS);
  EXPECT_EQ(depth, 0);
  ASSERT_EQ(tsivy_probe(tables_, 0, (std::uint64_t{1} << 20) - 1, &wdl, &depth), TSIVY_OK);  // 20 stones: no table needed
  EXPECT_EQ(wdl, TSIVY_LOSS);
  std::size_t n = 9;
  ASSERT_EQ(tsivy_probe_root(tables_, 0, 0x7, nullptr, 0, &n), TSIVY_OK);
  EXPECT_EQ(n, 0u);
}

TEST_F(OpenTables, OpponentWithoutStonesMeansWinInZero) {
  int wdl = 9, depth = 9;
  ASSERT_EQ(tsivy_probe(tables_, 0x7, 0, &wdl, &depth), TSIVY_OK);
  EXPECT_EQ(wdl, TSIVY_WIN);
  EXPECT_EQ(depth, 0);
  std::size_t n = 9;
  ASSERT_EQ(tsivy_probe_root(tables_, 0x7, 0, nullptr, 0, &n), TSIVY_OK);
  EXPECT_EQ(n, 0u);
}

TEST_F(OpenTables, RootTurnsNeedRoomForEveryTurn) {
  std::uint64_t us, them;
  ASSERT_EQ(tsivy_parse_fen(kEndgame, &us, &them, nullptr), TSIVY_OK);
  std::size_t n = 0;
  ASSERT_EQ(tsivy_probe_root(tables_, us, them, nullptr, 0, &n), TSIVY_ERROR_BUFFER_TOO_SMALL);
  ASSERT_GT(n, 1u);
  std::vector<tsivy_turn> turns(n - 1);
  std::size_t m = 0;
  EXPECT_EQ(tsivy_probe_root(tables_, us, them, turns.data(), turns.size(), &m), TSIVY_ERROR_BUFFER_TOO_SMALL);
  EXPECT_EQ(m, n);
  turns.resize(n);
  ASSERT_EQ(tsivy_probe_root(tables_, us, them, turns.data(), turns.size(), &m), TSIVY_OK);
  EXPECT_EQ(m, n);
  EXPECT_EQ(tsivy_probe_root(tables_, us, them, nullptr, 3, &m), TSIVY_ERROR_BAD_ARGUMENT);
}

// The value of every position is the best of its turns' values, and the turns come
// best first: the fastest win, then draws, then the slowest loss.
TEST_F(OpenTables, ValueIsTheBestTurnAndTurnsComeBestFirst) {
  std::mt19937_64 rng(7);
  tsivy_turn turns[256];
  for (int i = 0; i < 400; ++i) {
    const RandomPosition p = random_position(rng);
    int wdl, depth;
    ASSERT_EQ(tsivy_probe(tables_, p.us, p.them, &wdl, &depth), TSIVY_OK) << tsivy_last_error();
    std::size_t n = 0;
    ASSERT_EQ(tsivy_probe_root(tables_, p.us, p.them, turns, 256, &n), TSIVY_OK) << tsivy_last_error();
    if (n == 0) {
      EXPECT_EQ(wdl, TSIVY_LOSS);
      EXPECT_EQ(depth, 0);
      continue;
    }
    EXPECT_EQ(turns[0].wdl, wdl);
    EXPECT_EQ(turns[0].depth, depth);
    auto rank = [](const tsivy_turn& t) { return t.wdl == TSIVY_WIN ? -1000 + t.depth : t.wdl == TSIVY_DRAW ? 0 : 1000 - t.depth; };
    for (std::size_t k = 0; k < n; ++k) {
      if (k > 0) {
        EXPECT_LE(rank(turns[k - 1]), rank(turns[k]));
      }
      int w, d;
      ASSERT_EQ(tsivy_probe(tables_, turns[k].us, turns[k].them, &w, &d), TSIVY_OK);
      EXPECT_EQ(turns[k].wdl, -w) << turns[k].text;
      EXPECT_EQ(turns[k].depth, w == TSIVY_DRAW ? -1 : d + 1) << turns[k].text;
      EXPECT_EQ(turns[k].us & turns[k].them, 0u);
      EXPECT_LT(std::strlen(turns[k].text), sizeof turns[k].text);
    }
  }
}

// For probes inside a search: nothing is read from disk; a block not yet in memory is
// TSIVY_ERROR_NOT_CACHED, and once a normal probe has read it the answer is the same.
TEST(CacheOnly, AnswersFromMemoryOrSaysNotCached) {
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &t), TSIVY_OK);
  std::uint64_t us, them;
  ASSERT_EQ(tsivy_parse_fen(kEndgame, &us, &them, nullptr), TSIVY_OK);
  int wdl = 9, depth = 9;
  EXPECT_EQ(tsivy_probe_cached(t, us, them, &wdl, &depth), TSIVY_ERROR_NOT_CACHED);
  EXPECT_EQ(wdl, 9);
  EXPECT_STRNE(tsivy_last_error(), "");
  int w, d;
  ASSERT_EQ(tsivy_probe(t, us, them, &w, &d), TSIVY_OK);
  ASSERT_EQ(tsivy_probe_cached(t, us, them, &wdl, &depth), TSIVY_OK);
  EXPECT_EQ(wdl, w);
  EXPECT_EQ(depth, d);
  EXPECT_EQ(tsivy_probe_cached(t, 0, them, &wdl, &depth), TSIVY_OK);  // no table needed
  EXPECT_EQ(wdl, TSIVY_LOSS);
  tsivy_close(t);
}

// tsivy_preload fills the cache that tsivy_probe_cached answers from: a fresh handle
// answers nothing from memory, a preloaded class everything (WDL alone, or with depth).
TEST(CacheOnly, PreloadedClassIsAnsweredFromMemory) {
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &t), TSIVY_OK);
  const int us = 1, them = kTableStones - 1;
  std::mt19937_64 rng(4);
  const RandomPosition first = random_position(rng, us, them);
  int wdl = 9;
  EXPECT_EQ(tsivy_probe_cached(t, first.us, first.them, &wdl, nullptr), TSIVY_ERROR_NOT_CACHED);
  for (const int with_depth : {0, 1}) {
    ASSERT_EQ(tsivy_preload(t, us, them, with_depth), TSIVY_OK) << tsivy_last_error();
    for (int i = 0; i < 2000; ++i) {
      const RandomPosition p = random_position(rng, us, them);
      int w, d, rw, rd;
      ASSERT_EQ(tsivy_probe_cached(t, p.us, p.them, &w, with_depth ? &d : nullptr), TSIVY_OK) << tsivy_last_error();
      ASSERT_EQ(tsivy_probe(t, p.us, p.them, &rw, &rd), TSIVY_OK);
      EXPECT_EQ(w, rw);
      if (with_depth) {
        EXPECT_EQ(d, rd);
      }
    }
  }
  EXPECT_EQ(tsivy_preload(t, 0, 2, 0), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(tsivy_preload(nullptr, 1, 2, 0), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(tsivy_preload(t, 1, kTableStones, 0), TSIVY_ERROR_TOO_MANY_STONES);
  tsivy_close(t);
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 4096, &t), TSIVY_OK);  // room for no class
  EXPECT_EQ(tsivy_preload(t, us, them, 1), TSIVY_ERROR_BUFFER_TOO_SMALL);
  EXPECT_NE(std::string(tsivy_last_error()).find("bytes of cache"), std::string::npos) << tsivy_last_error();
  tsivy_close(t);
}

TEST(CppWrapper, ThrowsErrorWithStatusAndMessage) {
  try {
    Tables t("/nonexistent/tsivy-tables");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), TSIVY_ERROR_NO_TABLES);
    EXPECT_NE(e.message().find("/nonexistent/tsivy-tables"), std::string::npos);
  }
  Tables t(reference_tables().string());
  Tables moved = std::move(t);
  const Sets s = parse_fen(kEndgame);
  EXPECT_EQ(format_fen(s), kEndgame);
  const ProbeValue v = moved.probe(s);
  const auto turns = moved.turns(s);
  ASSERT_FALSE(turns.empty());
  EXPECT_EQ(turns.front().wdl, v.wdl);
  EXPECT_EQ(moved.classes().size(), static_cast<std::size_t>((kTableStones - 1) * kTableStones / 2));
  EXPECT_THROW(parse_fen("9/9 w"), Error);
}

}  // namespace
}  // namespace tsivy::testing
