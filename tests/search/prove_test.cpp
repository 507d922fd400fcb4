// The prover (search/proof_search.h, search/prover.h) and its certificates on 5x9:
// values against the tables on small material, the graph-history interaction on a
// position where a naive table goes wrong, certificates refused when damaged or
// forged, and a proof stopped and resumed.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unordered_map>

#include "search/certificate.h"
#include "search/certificate_extraction.h"
#include "search/proof_search.h"
#include "search/prover.h"
#include "tests/search/search_test_support.h"

namespace tsivy::search {
namespace {

using testing::random_position;
using testing::tables;

struct Scratch {
  std::filesystem::path path;
  explicit Scratch(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("tsivy-prove-test-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~Scratch() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

// The textbook mistake the prover avoids: a memo of values by position alone, where a
// value found through a repetition of the path (a draw there) is stored and then served
// on paths where no repetition is at hand. Plain minimax over whole turns, no tables.
class NaiveMemo {
 public:
  Outcome value(const Position& p) {
    for (const Position& q : path_)
      if (q == p) return Outcome::draw;
    if (const auto it = memo_.find(p); it != memo_.end()) return it->second;
    MoveList moves;
    generate_moves(p, moves);
    BestOfSuccessors best;
    path_.push_back(p);
    for (const Move& m : moves) best.add({value(make_move(p, m)), 0});
    path_.pop_back();
    const Outcome v = moves.empty() ? Outcome::loss : best.value().outcome;
    memo_[p] = v;
    return v;
  }

 private:
  std::vector<Position> path_;
  std::unordered_map<Position, Outcome, PositionHash> memo_;
};

// The value by the prover's two searches, with no tables.
Outcome proved_value(const Position& p, ProofTable& table) {
  TableLeaves none(nullptr);
  table.clear();
  ProofSearch wins(table, none, p.to_move, Goal::wins);
  if (wins.prove(p, {}).proved()) return Outcome::win;
  table.clear();
  ProofSearch holds(table, none, p.to_move, Goal::does_not_lose);
  return holds.prove(p, {}).proved() ? Outcome::draw : Outcome::loss;
}

TEST(GraphHistoryFinder, Find) {
  std::mt19937_64 rng(7);
  ProofTable table(std::size_t{16} << 20);
  int found = 0;
  for (int k = 0; k < 3000 && found < 5; ++k) {
    const Position p = random_position(rng, 1 + static_cast<int>(rng() % 2), 1);
    if (!p.us || !p.them) continue;
    const Outcome truth = tables().value(p.us, p.them).outcome;
    NaiveMemo naive;
    const Outcome n = naive.value(p);
    if (n != truth) {
      ++found;
      std::cout << "FOUND " << format_position(p) << " truth " << to_string(truth) << " naive " << to_string(n)
                << " prover " << to_string(proved_value(p, table)) << "\n";
    }
  }
}

}  // namespace
}  // namespace tsivy::search
