// 0.4's refusals and what a search asks before it probes: refused probes return their
// status without an exception and keep a message that is right whenever it is asked
// for (also after the handle is closed); tsivy_available() agrees with tsivy_classes()
// and with the probes themselves; a long bad position text is quoted only in part.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "probe_test_support.h"
#include "tsivy/tsivy.h"
#include "tsivy/tsivy.hpp"

namespace tsivy::testing {
namespace {

class Refusals : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &tables_), TSIVY_OK) << tsivy_last_error(); }
  void TearDown() override { tsivy_close(tables_); }
  tsivy_tables* tables_ = nullptr;
};

// The same refusal asked many times gives the same status and message each time, and
// a success in between leaves the message as it was (tsivy.h).
TEST_F(Refusals, RepeatedRefusalKeepsItsStatusAndMessage) {
  std::mt19937_64 rng(3);
  const RandomPosition p = random_position(rng, 3, kTableStones - 2);  // one stone past the tables
  int wdl = 7;
  ASSERT_EQ(tsivy_probe_wdl(tables_, p.us, p.them, &wdl), TSIVY_ERROR_TOO_MANY_STONES);
  const std::string first = tsivy_last_error();
  EXPECT_NE(first.find(std::to_string(kTableStones + 1) + " stones"), std::string::npos) << first;
  EXPECT_NE(first.find("class 3v" + std::to_string(kTableStones - 2)), std::string::npos) << first;
  for (int i = 0; i < 1000; ++i) {
    const RandomPosition q = random_position(rng, 3, kTableStones - 2);
    ASSERT_EQ(tsivy_probe_wdl(tables_, q.us, q.them, &wdl), TSIVY_ERROR_TOO_MANY_STONES);
  }
  const RandomPosition inside = random_position(rng, 1, 2);
  ASSERT_EQ(tsivy_probe_wdl(tables_, inside.us, inside.them, &wdl), TSIVY_OK);
  EXPECT_EQ(first, tsivy_last_error());
  EXPECT_EQ(wdl == TSIVY_WIN || wdl == TSIVY_DRAW || wdl == TSIVY_LOSS, true);
}

// Threads refused at once on a fresh handle race to build each class's message once
// (MessageMemo); every one gets the right status and message, each in its own thread
// (ThreadSanitizer runs this in CI).
TEST(RefusalMessages, ThreadsRefusedAtOnceEachGetTheirOwnMessage) {
  const ScratchDir dir;
  copy_tables(dir.path());
  std::filesystem::remove(dir.path() / "2v1.depth.tsivy");
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(dir.path().c_str(), 0, &t), TSIVY_OK) << tsivy_last_error();
  std::vector<std::string> failures(4);
  std::vector<std::thread> threads;
  for (std::size_t k = 0; k < failures.size(); ++k) {
    threads.emplace_back([&, k] {
      std::mt19937_64 rng(100 + k);
      for (int i = 0; i < 2000 && failures[k].empty(); ++i) {
        int wdl, depth;
        const bool past = (i + static_cast<int>(k)) % 2 == 0;
        const RandomPosition p = past ? random_position(rng, 2, kTableStones) : random_position(rng, 2, 1);
        const int status = tsivy_probe(t, p.us, p.them, &wdl, &depth);
        const std::string message = tsivy_last_error();
        if (past && (status != TSIVY_ERROR_TOO_MANY_STONES || message.find(" stones on the board") == std::string::npos))
          failures[k] = std::string(tsivy_status_name(status)) + ": " + message;
        if (!past && (status != TSIVY_ERROR_TABLE_MISSING || message.find("2v1.depth.tsivy") == std::string::npos))
          failures[k] = std::string(tsivy_status_name(status)) + ": " + message;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  tsivy_close(t);
  for (const std::string& f : failures) EXPECT_EQ(f, "");
}

// A bad position's message is written when it is asked for: it still names the
// overlap after the handle is gone, and a later failure replaces it.
TEST(RefusalMessages, OutliveTheirHandleAndGiveWayToTheNextFailure) {
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &t), TSIVY_OK);
  int wdl;
  ASSERT_EQ(tsivy_probe_wdl(t, 3, 2, &wdl), TSIVY_ERROR_BAD_POSITION);
  tsivy_close(t);
  EXPECT_NE(std::string(tsivy_last_error()).find("overlap"), std::string::npos) << tsivy_last_error();

  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &t), TSIVY_OK);
  std::mt19937_64 rng(5);
  const RandomPosition p = random_position(rng, 2, kTableStones);
  ASSERT_EQ(tsivy_probe(t, p.us, p.them, &wdl, nullptr), TSIVY_ERROR_TOO_MANY_STONES);
  tsivy_close(t);  // the message is the thread's own copy
  const std::string refused = tsivy_last_error();
  EXPECT_NE(refused.find(std::to_string(kTableStones + 2) + " stones"), std::string::npos) << refused;

  ASSERT_EQ(tsivy_parse_fen("9/9 w", nullptr, nullptr, nullptr), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(std::string(tsivy_last_error()).find("overlap"), std::string::npos);  // not the bad position's
}

// A class with a missing file: the probes that need it are refused with the file's
// name, each time, and the cache-only probe's NOT_CACHED names its file too.
TEST(RefusalMessages, MissingFileAndNotCachedNameTheirFile) {
  const ScratchDir dir;
  copy_tables(dir.path());
  std::filesystem::remove(dir.path() / "2v1.depth.tsivy");
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(dir.path().c_str(), 0, &t), TSIVY_OK) << tsivy_last_error();
  std::mt19937_64 rng(7);
  for (int i = 0; i < 50; ++i) {
    const RandomPosition p = random_position(rng, 2, 1);
    int wdl, depth;
    ASSERT_EQ(tsivy_probe(t, p.us, p.them, &wdl, &depth), TSIVY_ERROR_TABLE_MISSING);
    EXPECT_NE(std::string(tsivy_last_error()).find("2v1.depth.tsivy is missing"), std::string::npos) << tsivy_last_error();
    EXPECT_EQ(tsivy_probe_wdl(t, p.us, p.them, &wdl), TSIVY_OK) << tsivy_last_error();
  }
  const RandomPosition quiet = [&] {
    for (;;) {
      const RandomPosition p = random_position(rng, 1, 3);
      int wdl;
      // cached on a fresh handle means the position needed no block: not what is wanted
      if (tsivy_probe_cached(t, p.us, p.them, &wdl, nullptr) == TSIVY_ERROR_NOT_CACHED) return p;
    }
  }();
  int wdl;
  EXPECT_EQ(tsivy_probe_cached(t, quiet.us, quiet.them, &wdl, nullptr), TSIVY_ERROR_NOT_CACHED);
  EXPECT_NE(std::string(tsivy_last_error()).find(".wdl.tsivy"), std::string::npos) << tsivy_last_error();
  tsivy_close(t);
}

// tsivy_available says what tsivy_classes says, class by class, for both kinds of
// probe; and a refusal it reports is the probe's own status and message.
TEST(Available, AgreesWithTheClassesAndWithTheProbes) {
  const ScratchDir dir;
  copy_tables(dir.path());
  std::filesystem::remove(dir.path() / "2v1.depth.tsivy");
  std::filesystem::remove(dir.path() / "1v2.wdl.tsivy");
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(dir.path().c_str(), 0, &t), TSIVY_OK) << tsivy_last_error();
  std::size_t n = 0;
  ASSERT_EQ(tsivy_classes(t, nullptr, 0, &n), TSIVY_ERROR_BUFFER_TOO_SMALL);
  std::vector<tsivy_class> classes(n);
  ASSERT_EQ(tsivy_classes(t, classes.data(), n, &n), TSIVY_OK);
  int refused_wdl = 0, refused_depth = 0;
  std::mt19937_64 rng(9);
  for (const tsivy_class& c : classes) {
    for (const int with_depth : {0, 1}) {
      const int status = tsivy_available(t, c.us_stones, c.them_stones, with_depth);
      const std::string message = tsivy_last_error();
      EXPECT_EQ(status == TSIVY_OK, (with_depth ? c.answers_depth : c.answers_wdl) != 0)
          << c.us_stones << "v" << c.them_stones << " with_depth " << with_depth;
      (with_depth ? refused_depth : refused_wdl) += status != TSIVY_OK;
      const RandomPosition p = random_position(rng, c.us_stones, c.them_stones);
      int wdl, depth;
      const int probed = with_depth ? tsivy_probe(t, p.us, p.them, &wdl, &depth) : tsivy_probe_wdl(t, p.us, p.them, &wdl);
      EXPECT_EQ(probed, status) << c.us_stones << "v" << c.them_stones << ": " << tsivy_last_error();
      if (status != TSIVY_OK) {
        EXPECT_EQ(message, tsivy_last_error());
      }
    }
  }
  EXPECT_GT(refused_wdl, 0);             // 1v2 and what captures into it
  EXPECT_GT(refused_depth, refused_wdl);  // and 2v1 besides
  // Past the tables, and a side without stones.
  EXPECT_EQ(tsivy_available(t, 2, kTableStones, 0), TSIVY_ERROR_TOO_MANY_STONES);
  EXPECT_EQ(tsivy_available(t, 0, 5, 1), TSIVY_OK);
  EXPECT_EQ(tsivy_available(t, 22, 0, 1), TSIVY_OK);
  // Not a class.
  EXPECT_EQ(tsivy_available(t, -1, 2, 0), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_EQ(tsivy_available(t, 23, 1, 0), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_NE(std::string(tsivy_last_error()).find("tsivy_available: "), std::string::npos);
  EXPECT_EQ(tsivy_available(nullptr, 1, 1, 0), TSIVY_ERROR_BAD_ARGUMENT);
  tsivy_close(t);
}

// A damaged file (here truncated) makes its class unavailable at open, with its reason:
// tsivy_available says so with the status and message its probes are refused with, and
// the other classes stay available.
TEST(Available, TellsAClassWhoseFileIsDamaged) {
  const ScratchDir dir;
  copy_tables(dir.path());
  std::filesystem::resize_file(dir.path() / "2v1.wdl.tsivy", 60);
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(dir.path().c_str(), 0, &t), TSIVY_OK) << tsivy_last_error();
  const int status = tsivy_available(t, 2, 1, 0);
  const std::string message = tsivy_last_error();
  EXPECT_EQ(status, TSIVY_ERROR_TABLE_CORRUPT) << message;
  EXPECT_NE(message.find("2v1.wdl.tsivy"), std::string::npos) << message;
  std::mt19937_64 rng(12);
  const RandomPosition p = random_position(rng, 2, 1);
  int wdl;
  EXPECT_EQ(tsivy_probe_wdl(t, p.us, p.them, &wdl), status);
  EXPECT_EQ(message, tsivy_last_error());
  EXPECT_EQ(tsivy_available(t, 1, 1, 1), TSIVY_OK);
  EXPECT_EQ(tsivy_available(t, 1, 2, 1), TSIVY_OK);  // its captures reach 1v1 only
  EXPECT_NE(tsivy_available(t, 1, 3, 0), TSIVY_OK);  // 1v3's captures reach 2v1
  tsivy_close(t);
}

TEST(Available, TheCppWrapperAsksItAndProbesWdl) {
  const Tables t(reference_tables().string());
  EXPECT_TRUE(t.available(2, 1));
  EXPECT_TRUE(t.available(2, 1, true));
  EXPECT_FALSE(t.available(kTableStones, 1));
  EXPECT_THROW(t.available(-1, 1), Error);
  const Sets endgame = parse_fen("9/6B2/4W4/2W6/9 w");
  EXPECT_EQ(t.probe_wdl(endgame), t.probe(endgame).wdl);
  EXPECT_EQ(t.probe_wdl(endgame.us, endgame.them), TSIVY_WIN);
  try {
    std::mt19937_64 rng(1);
    const RandomPosition p = random_position(rng, 1, kTableStones);
    t.probe_wdl(p.us, p.them);
    FAIL() << "no refusal";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), TSIVY_ERROR_TOO_MANY_STONES);
  }
}

// tsivy.h, "Error texts": a text far longer than any position is refused with its
// length and only its start quoted; a merely wrong one is quoted whole as before.
TEST(LongFen, MessageQuotesOnlyItsStart) {
  const std::string huge(100000, 'W');
  uint64_t us, them;
  for (const std::string& text : {huge, "9/6B2/4W4/2W6/9 w" + std::string(1000, ' '), huge + " w"}) {
    ASSERT_EQ(tsivy_parse_fen(text.c_str(), &us, &them, nullptr), TSIVY_ERROR_BAD_FEN);
    const std::string message = tsivy_last_error();
    EXPECT_LE(message.size(), 200u) << message;
    EXPECT_NE(message.find(std::to_string(text.size()) + " characters"), std::string::npos) << message;
  }
  const std::string wrong = "9/6B2/4W4/2W6/9 x";
  ASSERT_EQ(tsivy_parse_fen(wrong.c_str(), &us, &them, nullptr), TSIVY_ERROR_BAD_FEN);
  EXPECT_NE(std::string(tsivy_last_error()).find(wrong), std::string::npos) << tsivy_last_error();
  // The longest text of the board is still read: every point a stone.
  const std::string full = "WWWWWWWWW/WWWWWWWWW/WWWWBBBBB/BBBBBBBBB/BBBBBBBBB w";
  ASSERT_EQ(tsivy_parse_fen(full.c_str(), &us, &them, nullptr), TSIVY_ERROR_BAD_FEN);  // 22 a side at most
  EXPECT_EQ(std::string(tsivy_last_error()).find("characters):"), std::string::npos) << tsivy_last_error();
  tsivy_tables* t = nullptr;
  ASSERT_EQ(tsivy_open(reference_tables().c_str(), 0, &t), TSIVY_OK);
  ASSERT_EQ(tsivy_parse_fen_on(t, huge.c_str(), &us, &them, nullptr), TSIVY_ERROR_BAD_FEN);
  EXPECT_LE(std::strlen(tsivy_last_error()), 200u);
  tsivy_close(t);
}

}  // namespace
}  // namespace tsivy::testing
