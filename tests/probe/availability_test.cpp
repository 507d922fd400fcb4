// Which positions a directory answers (tsivy.h, "Which positions are answered"): class
// by class, from the files each class needs; WDL probes from the WDL files alone; and
// TOO_MANY_STONES for what the tables do not hold against TABLE_MISSING for a hole.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "io/format.h"
#include "probe_test_support.h"
#include "table_dir/manifest.h"
#include "tsivy/tsivy.h"

namespace tsivy::testing {
namespace {

std::string class_name(int us, int them) { return std::to_string(us) + "v" + std::to_string(them); }

// The first failure of a series of probes, or OK.
struct Outcome {
  int status = TSIVY_OK;
  std::string message;
};

class Directory : public ::testing::Test {
 protected:
  void TearDown() override { tsivy_close(tables_); }

  // Copies the reference files whose name `keep` accepts, and the manifest.
  void copy_files(const std::function<bool(const std::string&)>& keep) {
    for (const auto& e : std::filesystem::directory_iterator(reference_tables())) {
      const std::string name = e.path().filename().string();
      if (!e.is_regular_file()) continue;  // the value files' folder: no reader's business
      if (name == Manifest::kFileName || keep(name)) std::filesystem::copy_file(e.path(), dir_ / name);
    }
  }

  void open() { ASSERT_EQ(tsivy_open(dir_.path().c_str(), 0, &tables_), TSIVY_OK) << tsivy_last_error(); }

  // Probes random positions of us v them (with or without depth) until one fails, and
  // compares every answer with the reference tables'.
  Outcome probe_class(int us, int them, bool depth) {
    tsivy_tables* reference = nullptr;
    EXPECT_EQ(tsivy_open(reference_tables().c_str(), 0, &reference), TSIVY_OK);
    std::mt19937_64 rng(static_cast<std::uint64_t>(us * 100 + them));
    Outcome o;
    for (int i = 0; i < 300 && o.status == TSIVY_OK; ++i) {
      const RandomPosition p = random_position(rng, us, them);
      int w = 9, d = 9, rw = 8, rd = 8;
      o.status = depth ? tsivy_probe(tables_, p.us, p.them, &w, &d) : tsivy_probe_wdl(tables_, p.us, p.them, &w);
      if (o.status != TSIVY_OK) {
        o.message = tsivy_last_error();
        break;
      }
      EXPECT_EQ(tsivy_probe(reference, p.us, p.them, &rw, &rd), TSIVY_OK);
      EXPECT_EQ(w, rw) << class_name(us, them);
      if (depth) {
        EXPECT_EQ(d, rd) << class_name(us, them);
      }
    }
    tsivy_close(reference);
    return o;
  }

  const tsivy_class* listed(int us, int them) {
    classes_.resize(64);
    std::size_t n = 0;
    EXPECT_EQ(tsivy_classes(tables_, classes_.data(), classes_.size(), &n), TSIVY_OK);
    for (std::size_t k = 0; k < n; ++k)
      if (classes_[k].us_stones == us && classes_[k].them_stones == them) return &classes_[k];
    return nullptr;
  }

  ScratchDir dir_;
  tsivy_tables* tables_ = nullptr;
  std::vector<tsivy_class> classes_;
};

bool is_wdl(const std::string& name) { return name.ends_with(".wdl.tsivy"); }

#define EXPECT_REFUSED(outcome, code, text)                                                    \
  do {                                                                                         \
    const Outcome o_ = (outcome);                                                              \
    EXPECT_EQ(o_.status, code) << tsivy_status_name(o_.status) << ": " << o_.message;          \
    EXPECT_NE(o_.message.find(text), std::string::npos) << o_.message << "\nexpected: " << (text); \
  } while (0)

// About 1/7 of the bytes: the WDL files alone serve the search's probe, for every class.
TEST_F(Directory, WdlFilesAloneAnswerWdlProbes) {
  copy_files(is_wdl);
  open();
  EXPECT_EQ(tsivy_max_stones(tables_), 0);
  EXPECT_EQ(tsivy_max_stones_wdl(tables_), kTableStones);
  for (const Material m : materials_up_to(kTableStones)) {
    const tsivy_class* c = listed(m.us, m.them);
    ASSERT_NE(c, nullptr) << to_string(m);
    EXPECT_EQ(c->answers_wdl, 1);
    EXPECT_EQ(c->answers_depth, 0);
    EXPECT_EQ(probe_class(m.us, m.them, false).status, TSIVY_OK) << to_string(m);
  }
  int wdl = 9, depth = 9;
  std::mt19937_64 rng(2);
  const RandomPosition p = random_position(rng, 1, kTableStones - 1);
  EXPECT_EQ(tsivy_probe(tables_, p.us, p.them, &wdl, nullptr), TSIVY_OK) << tsivy_last_error();  // no depth wanted
  EXPECT_EQ(tsivy_probe(tables_, p.us, p.them, &wdl, &depth), TSIVY_ERROR_TABLE_MISSING);
  EXPECT_NE(std::string(tsivy_last_error()).find(".depth.tsivy is missing"), std::string::npos) << tsivy_last_error();
}

// Depth files whose every block is damaged: WDL probes never notice, since they read
// none of them; probes that want a depth do.
TEST_F(Directory, WdlProbeReadsNoDepthFile) {
  copy_tables(dir_.path());
  for (const Material m : materials_up_to(kTableStones)) {
    const auto file = dir_ / (to_string(m) + ".depth.tsivy");
    std::ifstream in(file, std::ios::binary);
    std::vector<std::uint8_t> b{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    in.close();
    using namespace io::format;
    const auto blocks = load_le<std::uint32_t>(&b[kBlockCountAt]);
    const auto index = block_index_offset(load_le<std::uint32_t>(&b[kValueCountsLenAt]));
    for (std::uint32_t k = 0; k < blocks; ++k) b[load_le<std::uint64_t>(&b[index + kIndexEntrySize * k]) + 3] ^= 0x10;
    std::ofstream(file, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(b.data()),
                                                                  static_cast<std::streamsize>(b.size()));
  }
  open();
  for (const Material m : materials_up_to(kTableStones))
    EXPECT_EQ(probe_class(m.us, m.them, false).status, TSIVY_OK) << to_string(m);
  EXPECT_REFUSED(probe_class(1, kTableStones - 1, true), TSIVY_ERROR_TABLE_CORRUPT, "checksum mismatch");
}

// The case, one total down: without 2v2's depth file (3v2's in a 5-stone
// directory) 2v2 is refused, yet 1v3 and 3v1 (1v4 ...) need nothing of 2v2 and are
// answered, and 2v2 still is for WDL probes.
TEST_F(Directory, ClassIsAnsweredWhenTheFilesItNeedsAreThere) {
  const int us = kTableStones / 2, them = kTableStones - us;
  const std::string gone = class_name(us, them) + ".depth.tsivy";
  copy_files([&](const std::string& name) { return name != gone; });
  open();
  EXPECT_EQ(tsivy_max_stones(tables_), kTableStones - 1);
  EXPECT_EQ(tsivy_max_stones_wdl(tables_), kTableStones);
  EXPECT_EQ(probe_class(1, kTableStones - 1, true).status, TSIVY_OK);
  EXPECT_EQ(probe_class(kTableStones - 1, 1, true).status, TSIVY_OK);
  EXPECT_REFUSED(probe_class(us, them, true), TSIVY_ERROR_TABLE_MISSING, gone + " is missing");
  EXPECT_EQ(probe_class(us, them, false).status, TSIVY_OK);
  ASSERT_NE(listed(us, them), nullptr);
  EXPECT_EQ(listed(us, them)->answers_depth, 0);
  EXPECT_EQ(listed(us, them)->answers_wdl, 1);
  EXPECT_EQ(listed(1, kTableStones - 1)->answers_depth, 1);
}

// A class with no file that the manifest lists is a hole (TABLE_MISSING), and so is
// every class whose captures reach it; the rest are answered.
TEST_F(Directory, ClassWithoutFilesIsAHoleForEveryClassThatNeedsIt) {
  const std::string hole = class_name(kTableStones - 2, 1);  // 2v1: reached by 1v3's captures
  copy_files([&](const std::string& name) { return !name.starts_with(hole + "."); });
  open();
  EXPECT_REFUSED(probe_class(kTableStones - 2, 1, true), TSIVY_ERROR_TABLE_MISSING, hole + ".wdl.tsivy is missing");
  EXPECT_REFUSED(probe_class(1, kTableStones - 1, false), TSIVY_ERROR_TABLE_MISSING, hole + ".wdl.tsivy is missing");
  EXPECT_EQ(probe_class(kTableStones - 1, 1, true).status, TSIVY_OK);
  EXPECT_EQ(probe_class(1, 1, true).status, TSIVY_OK);
}

// A directory generated one total down, with a stray file of the next total copied in:
// the stray class is answered as far as its files go, and every other class of that
// total has too many stones, not a missing table.
TEST_F(Directory, StrayFileAboveTheTablesLeavesTheOthersTooManyStones) {
  const int below = kTableStones - 1;
  const int us = kTableStones / 2, them = kTableStones - us;
  const std::string stray = class_name(us, them) + ".wdl.tsivy";
  copy_files([&](const std::string& name) {
    return name == stray || (name.size() > 1 && name[0] - '0' + name[2] - '0' <= below);
  });
  Manifest smaller;  // the manifest of a directory generated up to `below` stones
  const Manifest full = Manifest::load(reference_tables());
  for (const auto& [name, entry] : full.classes())
    if (entry.material.stones() <= below) smaller.put(entry);
  smaller.save(dir_.path());
  open();
  EXPECT_EQ(tsivy_max_stones(tables_), below);
  EXPECT_REFUSED(probe_class(1, kTableStones - 1, false), TSIVY_ERROR_TOO_MANY_STONES,
                 std::to_string(kTableStones) + " stones");
  EXPECT_REFUSED(probe_class(1, kTableStones - 1, true), TSIVY_ERROR_TOO_MANY_STONES,
                 std::to_string(kTableStones) + " stones");
  EXPECT_EQ(probe_class(us, them, false).status, TSIVY_OK);
  EXPECT_REFUSED(probe_class(us, them, true), TSIVY_ERROR_TABLE_MISSING, class_name(us, them) + ".depth.tsivy is missing");
  EXPECT_REFUSED(probe_class(1, kTableStones, false), TSIVY_ERROR_TOO_MANY_STONES,
                 std::to_string(kTableStones + 1) + " stones");
}

}  // namespace
}  // namespace tsivy::testing
