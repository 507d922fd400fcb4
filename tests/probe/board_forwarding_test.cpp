// libtsivy.so (5x9) on 3x3 tables: it opens them through libtsivy-3x3.so and forwards
// every call, so positions, values and turn texts are those of the 3x3 board. Linked
// against the shared library, as an outside program is, so that both libraries, with
// the same tsivy_* names, are in the process at once.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/scratch_dir.h"
#include "tsivy/tsivy.h"

namespace {

// The 3x3 start: WIN 11 for White (results/boards).
constexpr const char* kStart = "BBB/B1W/WWW w";
constexpr int kStartDepth = 11;

#ifdef TSIVY_TEST_BOARD_3X3
constexpr bool kBoardBuilt = true;
#else
constexpr bool kBoardBuilt = false;
#endif

std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw std::runtime_error("cannot run " + command);
  std::string out;
  std::array<char, 4096> buffer{};
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) out.append(buffer.data(), n);
  return out;
}

// "WIN 3", "DRAW", "LOSS 0", as `tsivy probe` writes values.
std::string value_text(int wdl, int depth) {
  if (wdl == TSIVY_DRAW) return "DRAW";
  return std::string(wdl > 0 ? "WIN " : "LOSS ") + std::to_string(depth);
}

class BoardForwarding : public ::testing::Test {
 protected:
  // Every 3x3 class: the ctest fixture's directory, or one made here for a binary run
  // alone.
  static void SetUpTestSuite() {
    if (!kBoardBuilt) return;
    if (const char* env = std::getenv("TSIVY_PROBE_TEST_3X3_TABLES");
        env && std::filesystem::exists(std::filesystem::path(env) / "manifest.json")) {
      dir_ = env;
      return;
    }
    made_ = new tsivy::testing::ScratchDir;
    dir_ = made_->path().string();
    const std::string command =
        std::string(TSIVY_CLI) + " --board 3x3 generate --threads 2 --max-stones 8 --out " + dir_ + " >/dev/null 2>&1";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
  }
  static void TearDownTestSuite() {
    delete made_;
    made_ = nullptr;
  }
  void SetUp() override {
    if (!kBoardBuilt) GTEST_SKIP() << "the 3x3 board is not built (TSIVY_OTHER_BOARDS has no 3x3)";
    ASSERT_EQ(tsivy_open(dir().c_str(), 0, &handle_), TSIVY_OK) << tsivy_last_error();
  }
  void TearDown() override { tsivy_close(handle_); }

  static const std::string& dir() { return dir_; }

  std::vector<tsivy_turn> turns(uint64_t us, uint64_t them) const {
    std::vector<tsivy_turn> out(64);
    std::size_t n = 0;
    EXPECT_EQ(tsivy_probe_root(handle_, us, them, out.data(), out.size(), &n), TSIVY_OK) << tsivy_last_error();
    out.resize(n);
    return out;
  }

  std::string fen(uint64_t us, uint64_t them, bool white) const {
    char text[TSIVY_FEN_MAX];
    EXPECT_EQ(tsivy_format_fen_on(handle_, us, them, white ? 1 : 0, text, sizeof text), TSIVY_OK) << tsivy_last_error();
    return text;
  }

  // What `tsivy probe` writes for the position, from this library.
  std::string probe_text(const std::string& position) const {
    uint64_t us = 0, them = 0;
    EXPECT_EQ(tsivy_parse_fen_on(handle_, position.c_str(), &us, &them, nullptr), TSIVY_OK) << tsivy_last_error();
    int wdl = 0, depth = 0;
    EXPECT_EQ(tsivy_probe(handle_, us, them, &wdl, &depth), TSIVY_OK) << tsivy_last_error();
    std::string out = position + ": " + value_text(wdl, depth) + " for the side to move\n";
    for (const tsivy_turn& t : turns(us, them)) out += std::string("  ") + t.text + "  " + value_text(t.wdl, t.depth) + "\n";
    return out;
  }

  static inline tsivy::testing::ScratchDir* made_ = nullptr;
  static inline std::string dir_;
  tsivy_tables* handle_ = nullptr;
};

TEST_F(BoardForwarding, TheHandleIsOnTheTablesBoard) {
  int rows = 0, columns = 0;
  ASSERT_EQ(tsivy_board(handle_, &rows, &columns), TSIVY_OK);
  EXPECT_EQ(rows, 3);
  EXPECT_EQ(columns, 3);
  EXPECT_EQ(tsivy_max_stones(handle_), 8);
  EXPECT_EQ(tsivy_max_stones_wdl(handle_), 8);
  std::size_t count = 0;
  EXPECT_EQ(tsivy_classes(handle_, nullptr, 0, &count), TSIVY_ERROR_BUFFER_TOO_SMALL);
  EXPECT_EQ(count, 16u);  // m v n with 1 <= m, n <= 4 (3x3: 4 stones a side)
}

// tsivy_available forwards too: the 3x3 library answers with its board's classes (4
// stones a side at most, where 5x9 has 22).
TEST_F(BoardForwarding, AvailableIsTheBoardLibrarys) {
  for (int m = 0; m <= 4; ++m)
    for (int n = 0; n <= 4; ++n) EXPECT_EQ(tsivy_available(handle_, m, n, 1), TSIVY_OK) << m << "v" << n;
  EXPECT_EQ(tsivy_available(handle_, 5, 1, 0), TSIVY_ERROR_BAD_ARGUMENT);
  EXPECT_NE(std::string(tsivy_last_error()).find("0 to 4 stones a side"), std::string::npos) << tsivy_last_error();
}

TEST_F(BoardForwarding, TheStartIsAWinInElevenOnThreeByThree) {
  uint64_t us = 0, them = 0;
  int white = 0;
  ASSERT_EQ(tsivy_parse_fen_on(handle_, kStart, &us, &them, &white), TSIVY_OK) << tsivy_last_error();
  EXPECT_EQ(white, 1);
  // 3x3 numbering: a1 = bit 0, c1 = bit 2, c2 = bit 5; White holds a1 b1 c1 c2.
  EXPECT_EQ(us, 0b000'100'111u);
  EXPECT_EQ(them, 0b111'001'000u);
  int wdl = 0, depth = 0;
  ASSERT_EQ(tsivy_probe(handle_, us, them, &wdl, &depth), TSIVY_OK) << tsivy_last_error();
  EXPECT_EQ(wdl, TSIVY_WIN);
  EXPECT_EQ(depth, kStartDepth);
  ASSERT_EQ(tsivy_probe_wdl(handle_, us, them, &wdl), TSIVY_OK) << tsivy_last_error();
  EXPECT_EQ(wdl, TSIVY_WIN);
  ASSERT_EQ(tsivy_preload(handle_, 4, 4, 1), TSIVY_OK) << tsivy_last_error();
  ASSERT_EQ(tsivy_probe_cached(handle_, us, them, &wdl, &depth), TSIVY_OK) << tsivy_last_error();
  EXPECT_EQ(depth, kStartDepth);
  EXPECT_EQ(fen(us, them, true), kStart);
  // The library's own position text stays 5x9.
  EXPECT_EQ(tsivy_parse_fen(kStart, &us, &them, nullptr), TSIVY_ERROR_BAD_FEN);
}

TEST_F(BoardForwarding, TurnTextsAreThreeByThreeNotation) {
  uint64_t us = 0, them = 0;
  ASSERT_EQ(tsivy_parse_fen_on(handle_, kStart, &us, &them, nullptr), TSIVY_OK);
  const std::vector<tsivy_turn> start_turns = turns(us, them);
  ASSERT_FALSE(start_turns.empty());
  const std::regex on_3x3("[a-c][1-3](-[a-c][1-3][AW]?)+");
  for (const tsivy_turn& t : start_turns) {
    EXPECT_TRUE(std::regex_match(t.text, on_3x3)) << t.text;
    EXPECT_EQ(t.us & ~uint64_t{0x1ff}, 0u) << t.text;  // the position after it is on 9 points
  }
  EXPECT_EQ(start_turns.front().wdl, TSIVY_WIN);
  EXPECT_EQ(start_turns.front().depth, kStartDepth);
}

// Values and turns through libtsivy.so agree with `tsivy --board 3x3 probe` (the 3x3
// build's own library) along a few lines of play from the start.
TEST_F(BoardForwarding, AgreesWithTheThreeByThreeCommand) {
  std::vector<std::string> positions{kStart};
  std::set<std::string> seen{kStart};
  for (std::size_t k = 0; k < positions.size() && positions.size() < 8; ++k) {
    uint64_t us = 0, them = 0;
    int white = 0;
    ASSERT_EQ(tsivy_parse_fen_on(handle_, positions[k].c_str(), &us, &them, &white), TSIVY_OK);
    for (const tsivy_turn& t : turns(us, them))
      if (t.us && t.them && seen.insert(fen(t.us, t.them, !white)).second) positions.push_back(fen(t.us, t.them, !white));
  }
  ASSERT_GE(positions.size(), 6u);
  for (const std::string& position : positions) {
    const std::string reference =
        run(std::string(TSIVY_CLI) + " --board 3x3 probe --tables " + dir() + " --fen '" + position + "'");
    EXPECT_EQ(probe_text(position), reference);
  }
}

TEST_F(BoardForwarding, AFailedForwardedCallLeavesTheBoardLibrarysMessage) {
  uint64_t us = 0, them = 0;
  EXPECT_EQ(tsivy_parse_fen("not a position", &us, &them, nullptr), TSIVY_ERROR_BAD_FEN);
  const std::string before = tsivy_last_error();
  int wdl = 0;
  // Bit 9 is a2 on 5x9 but off the 3x3 board.
  EXPECT_EQ(tsivy_probe_wdl(handle_, uint64_t{1} << 9, 1, &wdl), TSIVY_ERROR_BAD_POSITION);
  EXPECT_STRNE(tsivy_last_error(), "");
  EXPECT_NE(tsivy_last_error(), before);
  EXPECT_EQ(tsivy_parse_fen_on(handle_, "9/9/9/9/9 w", &us, &them, nullptr), TSIVY_ERROR_BAD_FEN);
  EXPECT_STRNE(tsivy_last_error(), "");
}

// The 3x3 library's calls to its own tsivy_* functions stay in it: its open logs
// "complete up to N stones" from its tsivy_max_stones(); bound to libtsivy.so's, that
// would read a 3x3 handle as a 5x9 one.
TEST_F(BoardForwarding, TheBoardLibrarysOwnCallsStayInIt) {
  std::vector<std::string> messages;
  tsivy_tables* logged = nullptr;
  const tsivy_log_fn keep = [](void* user, int, const char* message) {
    static_cast<std::vector<std::string>*>(user)->emplace_back(message);
  };
  ASSERT_EQ(tsivy_open_logged(dir().c_str(), 0, keep, &messages, &logged), TSIVY_OK) << tsivy_last_error();
  tsivy_close(logged);
  ASSERT_FALSE(messages.empty());
  EXPECT_NE(messages.back().find("16 classes, complete up to 8 stones"), std::string::npos) << messages.back();
}

TEST_F(BoardForwarding, TheCheckForwardsToo) {
  std::size_t files = 0;
  const tsivy_check_fn count = [](void* user, const tsivy_check_progress* p) {
    EXPECT_EQ(p->status, TSIVY_OK) << p->message;
    *static_cast<std::size_t*>(user) = p->files_total;
  };
  EXPECT_EQ(tsivy_check(dir().c_str(), count, &files), TSIVY_OK) << tsivy_last_error();
  EXPECT_EQ(files, 32u);  // 16 classes, a WDL and a depth file each
}

TEST_F(BoardForwarding, ABoardWithoutItsLibraryIsRefusedSayingWhatIsMissing) {
  const tsivy::testing::ScratchDir other;
  std::ifstream in(std::filesystem::path(dir()) / "manifest.json");
  std::stringstream manifest;
  manifest << in.rdbuf();
  const std::string text = std::regex_replace(manifest.str(), std::regex("\"3x3\""), "\"7x9\"");
  ASSERT_NE(text, manifest.str());
  std::ofstream(other / "manifest.json") << text;
  tsivy_tables* none = nullptr;
  EXPECT_EQ(tsivy_open(other.path().c_str(), 0, &none), TSIVY_ERROR_NO_TABLES);
  EXPECT_EQ(none, nullptr);
  const std::string message = tsivy_last_error();
  EXPECT_NE(message.find("libtsivy-7x9.so."), std::string::npos) << message;
  EXPECT_NE(message.find("built without the 7x9 board"), std::string::npos) << message;
  EXPECT_EQ(tsivy_check(other.path().c_str(), nullptr, nullptr), TSIVY_ERROR_NO_TABLES);
  EXPECT_NE(std::string(tsivy_last_error()).find("libtsivy-7x9.so."), std::string::npos) << tsivy_last_error();
}

}  // namespace
