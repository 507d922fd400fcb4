// `tsivy generate` end to end: resuming after a kill, independence of the thread
// count, and bad input.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <regex>
#include <sstream>
#include <thread>

#include "table_dir/manifest.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> generate_args(const std::filesystem::path& out, int threads) {
  return {"generate", "--max-stones", std::to_string(kEndToEndStones), "--out", out.string(), "--threads",
          std::to_string(threads)};
}

void expect_same_tables(const std::filesystem::path& dir, const std::filesystem::path& expected) {
  const auto files = table_files(dir), expected_files = table_files(expected);
  EXPECT_EQ(files.size(), 2 * materials_up_to(kEndToEndStones).size());
  ASSERT_EQ(files.size(), expected_files.size());
  for (const auto& [name, bytes] : expected_files) {
    const auto it = files.find(name);
    ASSERT_NE(it, files.end()) << name << " missing";
    EXPECT_TRUE(it->second == bytes) << name << " differs (" << it->second.size() << " vs " << bytes.size() << " bytes)";
  }
  EXPECT_EQ(manifest_classes(dir), manifest_classes(expected));
}

// Classes listed in the manifest, or -1 while it cannot be read.
int listed_classes(const std::filesystem::path& dir) {
  try {
    return static_cast<int>(Manifest::load(dir).classes().size());
  } catch (const std::exception&) {
    return -1;
  }
}

// The progress lines count each position once: "resolved R / T" never exceeds the
// pair's canonical total T, and every pair ends with all T resolved (draws included).
void expect_progress_counts_every_position_once(const std::string& progress) {
  const std::regex line(R"(^  (\S+)\s+(seed|propagate|draws)\s+depth\s+\d+\s+resolved\s+(\d+) / (\d+))");
  std::istringstream err(progress);
  int pairs_finished = 0;
  for (std::string text; std::getline(err, text);) {
    std::smatch m;
    if (!std::regex_search(text, m, line)) continue;
    const std::uint64_t resolved = std::stoull(m[3]), total = std::stoull(m[4]);
    EXPECT_LE(resolved, total) << text;
    if (m[2] == "draws") {
      EXPECT_EQ(resolved, total) << text;
      ++pairs_finished;
    }
  }
  const auto materials = materials_up_to(kEndToEndStones);  // a pair: m v n with m <= n, and its mirror
  EXPECT_EQ(pairs_finished, std::count_if(materials.begin(), materials.end(), [](Material m) { return m.us <= m.them; }))
      << progress;
}

TEST(Generate, ThreadCountDoesNotChangeTheFiles) {
  const ScratchDir dir;
  const CommandResult r = run_tsivy(generate_args(dir.path(), 2));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_same_tables(dir.path(), reference_tables());  // written with --threads 1
  expect_progress_counts_every_position_once(r.err);
}

// A run killed with SIGKILL part way, then run again, ends with the same files as an
// uninterrupted run, and solves again only what the killed run had not finished.
TEST(Generate, ResumesAfterBeingKilled) {
  const int all = static_cast<int>(materials_up_to(kEndToEndStones).size());
  const int smaller = static_cast<int>(materials_up_to(kEndToEndStones - 1).size());
  for (int attempt = 1;; ++attempt) {
    const ScratchDir dir, logs;
    std::vector<std::string> args = generate_args(dir.path(), 1);
    args.push_back("--quiet");
    const pid_t child = start_tsivy(args, logs.path());
    // Kill once every smaller class is listed, a little way into the largest total.
    bool finished = false;
    for (;;) {
      int status = 0;
      if (::waitpid(child, &status, WNOHANG) == child) {
        finished = true;
        break;
      }
      if (listed_classes(dir.path()) >= smaller) {
        std::this_thread::sleep_for(50ms);
        ::kill(child, SIGKILL);
        break;
      }
      std::this_thread::sleep_for(2ms);
    }
    if (!finished) {
      const int code = wait_for(child);
      finished = code == 0;  // it may have ended just before the kill
      if (!finished) {
        EXPECT_EQ(code, 128 + SIGKILL);
      }
    }
    const int listed = listed_classes(dir.path());
    if (finished || listed == all) {
      // The run ended before the kill: nothing was interrupted, so try again.
      ASSERT_LT(attempt, 3) << "generate finished before it could be interrupted";
      continue;
    }
    ASSERT_GE(listed, smaller);
    // Each finished pair is listed whole; the resumed run must skip every one of them.
    std::size_t finished_pairs = 0;
    const Manifest killed = Manifest::load(dir.path());
    for (const auto& [name, entry] : killed.classes()) {
      EXPECT_NE(killed.find(entry.material.flipped()), nullptr) << name << " listed without its mirror";
      if (entry.material.us <= entry.material.them) ++finished_pairs;
    }

    // Finished with two threads, to keep the test quick; ThreadCountDoesNotChangeTheFiles
    // checks that the thread count alone changes nothing.
    const CommandResult resumed = run_tsivy(generate_args(dir.path(), 2));
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    std::size_t skipped = 0;
    for (std::size_t at = 0; (at = resumed.err.find("complete on disk, skipped", at)) != std::string::npos; ++at) ++skipped;
    EXPECT_EQ(skipped, finished_pairs) << resumed.err;
    expect_same_tables(dir.path(), reference_tables());
    EXPECT_EQ(temporary_files(dir.path()), std::vector<std::string>{});
    return;
  }
}

// What a kill while a table file is being written leaves behind: the class missing
// from the manifest, and the writer's hidden temporary file. Resuming must finish the
// class and leave no temporary file.
TEST(Generate, ResumeRemovesTheTemporaryFileOfAKilledWrite) {
  const ScratchDir dir;
  copy_tables(reference_tables(), dir.path());
  Manifest full = Manifest::load(dir.path()), partial;
  for (const auto& [name, entry] : full.classes())
    if (entry.material.stones() > 2) partial.put(entry);  // 1v1 not finished
  partial.save(dir.path());
  std::filesystem::remove(dir / "1v1.depth.tsivy");
  write_bytes(dir / ".1v1.depth.tsivy.4242.0.tmp", "TSIVY half a file");

  const CommandResult r = run_tsivy(generate_args(dir.path(), 1));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_same_tables(dir.path(), reference_tables());
  EXPECT_EQ(temporary_files(dir.path()), std::vector<std::string>{});
}

void expect_one_line_error(const CommandResult& r, const std::string& mentioning) {
  EXPECT_NE(r.exit_code, 0);
  EXPECT_LT(r.exit_code, 128) << "killed by a signal";
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(mentioning), std::string::npos) << r.err;
}

TEST(Generate, RejectsMoreStonesThanTheIndexCovers) {
  const ScratchDir dir;
  const CommandResult r = run_tsivy({"generate", "--max-stones", "11", "--out", (dir / "t").string()});
  expect_one_line_error(r, "max-stones");
  EXPECT_FALSE(std::filesystem::exists(dir / "t"));
}

TEST(Generate, RejectsFewerThanTwoStones) {
  const ScratchDir dir;
  const CommandResult r = run_tsivy({"generate", "--max-stones", "1", "--out", (dir / "t").string()});
  expect_one_line_error(r, "max-stones");
  EXPECT_FALSE(std::filesystem::exists(dir / "t"));
}

TEST(Verify, MissingDirectoryIsAnError) {
  const CommandResult r = run_tsivy({"verify", "--tables", "/nonexistent"});
  expect_one_line_error(r, "/nonexistent");
}

}  // namespace
}  // namespace tsivy::testing
