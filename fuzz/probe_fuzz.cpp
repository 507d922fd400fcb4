// libFuzzer target over opening a table directory and probing it (issue 7).
//
// The fuzzer's input replaces one file of a small, valid table directory: the first
// byte picks the file (manifest.json or one of the table files), the rest is its new
// content. The directory is then opened through the C API and probed at fixed
// positions of every class, with root probes at some of them. Every call must return
// a status (crashes, leaks, undefined behaviour and hangs are the findings). A first
// byte of 0xFF instead feeds the rest to tsivy_parse_fen.
//
// TSIVY_FUZZ_TABLES names the valid directory (fuzz/run.sh generates it).
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "tsivy/tsivy.h"

namespace {

namespace fs = std::filesystem;

struct Setup {
  fs::path base, work;
  std::vector<std::string> files;  // sorted names in the base directory
  std::vector<std::pair<std::uint64_t, std::uint64_t>> positions;
};

Setup* setup = nullptr;

void copy_back(const std::string& name) {
  fs::copy_file(setup->base / name, setup->work / name, fs::copy_options::overwrite_existing);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  const char* env = std::getenv("TSIVY_FUZZ_TABLES");
  if (!env || !fs::is_directory(env)) {
    std::fprintf(stderr, "probe_fuzz: set TSIVY_FUZZ_TABLES to a table directory (fuzz/run.sh does)\n");
    std::exit(2);
  }
  setup = new Setup;
  setup->base = env;
  setup->work = fs::temp_directory_path() / ("tsivy-fuzz-" + std::to_string(::getpid()));
  fs::remove_all(setup->work);
  fs::create_directories(setup->work);
  for (const auto& e : fs::directory_iterator(setup->base)) {
    if (!e.is_regular_file()) continue;  // the value files' folder: libtsivy never reads it
    setup->files.push_back(e.path().filename().string());
    copy_back(setup->files.back());
  }
  std::sort(setup->files.begin(), setup->files.end());
  // Fixed positions of every small class (and a few with no stones on one side).
  std::mt19937_64 rng(1);
  for (int i = 0; i < 48; ++i) {
    const int total = 2 + i % 3, us = 1 + static_cast<int>(rng() % static_cast<unsigned>(total - 1));
    std::uint64_t a = 0, b = 0, taken = 0;
    for (int k = 0; k < total; ++k) {
      std::uint64_t bit;
      do bit = std::uint64_t{1} << (rng() % 45);
      while (taken & bit);
      taken |= bit;
      (k < us ? a : b) |= bit;
    }
    setup->positions.emplace_back(a, b);
  }
  setup->positions.emplace_back(0, 7);
  setup->positions.emplace_back(7, 0);
  std::atexit([] { fs::remove_all(setup->work); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  if (data[0] == 0xFF) {
    const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::uint64_t us, them;
    int white;
    if (tsivy_parse_fen(text.c_str(), &us, &them, &white) == TSIVY_OK) {
      char back[TSIVY_FEN_MAX];
      if (tsivy_format_fen(us, them, white, back, sizeof back) != TSIVY_OK) std::abort();
    }
    return 0;
  }
  const std::string& name = setup->files[data[0] % setup->files.size()];
  {
    std::ofstream out(setup->work / name, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  tsivy_tables* tables = nullptr;
  if (tsivy_open(setup->work.c_str(), 1 << 16, &tables) == TSIVY_OK) {
    std::vector<tsivy_class> classes(64);
    std::size_t n = 0;
    tsivy_classes(tables, classes.data(), classes.size(), &n);
    tsivy_turn turns[64];
    for (std::size_t i = 0; i < setup->positions.size(); ++i) {
      const auto [us, them] = setup->positions[i];
      int wdl = 0, depth = 0;
      const int status = tsivy_probe(tables, us, them, &wdl, &depth);
      if (status == TSIVY_OK && (wdl < -1 || wdl > 1 || (wdl == 0) != (depth == -1))) std::abort();
      if (status == TSIVY_ERROR_INTERNAL) std::abort();  // a library bug, not a damaged file
      if (i % 6 == 0) tsivy_probe_root(tables, us, them, turns, 64, &n);
    }
    tsivy_close(tables);
  }
  copy_back(name);
  return 0;
}
