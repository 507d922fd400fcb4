// `tsivy prove` on the boards the tests solve whole (3x3, 3x5, 5x3): the start and
// random positions reachable from it proved with tables of at most 4 stones, or none,
// each value equal to the whole game's retrograde tables, each certificate checked.
// On 5x5, the draw proved in pieces and directly.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>

#include "game/movegen.h"
#include "game/notation.h"
#include "lookup/table_lookup.h"
#include "search/certificate.h"
#include "search/frontier.h"
#include "search/prover.h"
#include "solver/generate.h"
#include "tests/board/solved_board.h"

namespace tsivy::testing {
namespace {

#define SKIP_UNLESS_PROVED_HERE()                                                                                \
  if (!kWholeBoardTested)                                                                                         \
  GTEST_SKIP() << board_name() << ": the prover's board tests run on the boards solved whole (3x3, 3x5, 5x3); " \
                  "bench/prove_boards.sh runs the others"

struct Scratch {
  std::filesystem::path path;
  explicit Scratch(const std::string& name)
      : path(std::filesystem::temp_directory_path() / ("tsivy-prove-" + board_name() + "-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~Scratch() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

// Every class up to 4 stones: the prover's leaves.
const std::filesystem::path& four_stone_tables() {
  static const std::unique_ptr<Scratch> dir = [] {
    auto scratch = std::make_unique<Scratch>("tables4");
    GenerateOptions options;
    options.max_stones = 4;
    options.out = scratch->path;
    options.solve.threads = 2;
    generate_tables(options);
    return scratch;
  }();
  return dir->path;
}

// Proves p and checks every certificate the proof wrote, read back from its file.
Outcome prove_and_check(const Position& p, const TableLookup* leaves) {
  Scratch out("proof");
  search::ProverOptions options;
  options.root = p;
  options.tables = leaves;
  options.memory_bytes = std::size_t{64} << 20;
  options.out = out.path;
  const search::ProverResult result = search::run_prover(options);
  EXPECT_TRUE(result.finished);
  EXPECT_FALSE(result.certificates.empty());
  for (const auto& file : result.certificates) {
    const search::Certificate c = search::read_certificate(file);
    EXPECT_NO_THROW(search::check_certificate(c, leaves)) << format_position(p) << ": " << file;
  }
  // The certificates say the value too: "wins" alone is a win, both "does not lose" a draw.
  return result.value;
}

TEST(Prove, TheStartIsTheSolvedValueWithoutTablesAndWithFourStones) {
  SKIP_UNLESS_PROVED_HERE();
  const TableLookup whole(TableDirectory::open(solved_board_tables()));
  const TableLookup four(TableDirectory::open(four_stone_tables()));
  const Position start = start_position();
  const Outcome expected = whole.value(start.us, start.them).outcome;
  EXPECT_EQ(expected, Outcome::win);  // published: White wins every small board
  EXPECT_EQ(prove_and_check(start, nullptr), expected);
  EXPECT_EQ(prove_and_check(start, &four), expected);
}

// 3x7 and 7x3, whose whole game takes half an hour to solve (results/boards): the start
// proved a White win as `tsivy solve` and the papers say, without tables and with the
// 4-stone ones, in well under a second each.
TEST(Prove, TheStartOfThreeBySevenIsAWhiteWin) {
  if (kPoints != 21) GTEST_SKIP() << "for 3x7 and 7x3";
  const TableLookup four(TableDirectory::open(four_stone_tables()));
  EXPECT_EQ(prove_and_check(start_position(), nullptr), Outcome::win);
  EXPECT_EQ(prove_and_check(start_position(), &four), Outcome::win);
}

// A position reached from the start by `turns` random turns (fewer if the game ends).
Position random_reachable(std::mt19937_64& rng, int turns) {
  Position p = start_position();
  MoveList moves;
  for (int t = 0; t < turns; ++t) {
    generate_moves(p, moves);
    if (moves.empty()) break;
    p = make_move(p, moves[rng() % moves.size()]);
  }
  return p;
}

// 24 positions here; bench/prove_random.sh asks for 2,000 through TSIVY_PROVE_POSITIONS.
TEST(Prove, RandomReachablePositionsAgreeWithTheTables) {
  SKIP_UNLESS_PROVED_HERE();
  const TableLookup whole(TableDirectory::open(solved_board_tables()));
  const TableLookup four(TableDirectory::open(four_stone_tables()));
  const char* asked = std::getenv("TSIVY_PROVE_POSITIONS");
  const int positions = asked ? std::max(1, std::atoi(asked)) : 24;
  std::mt19937_64 rng(20261202);
  int by_outcome[3] = {};
  for (int k = 0; k < positions; ++k) {
    const Position p = random_reachable(rng, 1 + static_cast<int>(rng() % 12));
    const Outcome expected = whole.value(p.us, p.them).outcome;
    ++by_outcome[static_cast<int>(expected)];
    EXPECT_EQ(prove_and_check(p, k % 2 ? &four : nullptr), expected) << format_position(p);
  }
  // The sample is not all of one kind (else the comparison would say little).
  std::cout << board_name() << ": " << positions << " positions proved (half with 4-stone tables, half without): "
            << by_outcome[static_cast<int>(Outcome::win)] << " wins, " << by_outcome[static_cast<int>(Outcome::draw)]
            << " draws, " << by_outcome[static_cast<int>(Outcome::loss)] << " losses, as the tables say\n";
  EXPECT_GT(by_outcome[static_cast<int>(Outcome::win)], 0);
  EXPECT_GT(by_outcome[static_cast<int>(Outcome::loss)], 0);
}

// The 5x5 start, a draw, proved in pieces (search/frontier.h) with the 6-stone tables as
// leaves and a budget of 4,096 nodes a subproblem, small enough to force expansions:
// the same value as the direct proof, and root certificates that check through their
// references. (With the 8-stone tables the start settles in one piece.)
TEST(Prove, TheFiveByFiveDrawInPiecesAgreesWithTheDirectProof) {
  if (kPoints != 25) GTEST_SKIP() << "for 5x5";
  Scratch tables_dir("tables6");
  GenerateOptions generate;
  generate.max_stones = 6;
  generate.out = tables_dir.path;
  generate.solve.threads = 2;
  generate_tables(generate);
  const TableLookup six(TableDirectory::open(tables_dir.path));
  EXPECT_EQ(prove_and_check(start_position(), &six), Outcome::draw);
  std::size_t expanded = 0;
  for (const Colour side : {Colour::White, Colour::Black}) {
    Scratch dir(std::string("frontier-") + (side == Colour::White ? "white" : "black"));
    std::filesystem::remove_all(dir.path);
    search::create_frontier(dir.path, start_position(), side, search::Goal::does_not_lose, &six);
    search::FrontierOptions o;
    o.dir = dir.path;
    o.tables = &six;
    o.memory_bytes = std::size_t{64} << 20;
    o.budget_nodes = 4096;
    const search::FrontierRunReport r = search::work_on_frontier(o);
    EXPECT_EQ(r.root, search::NodeStatus::proved) << (side == Colour::White ? "white" : "black");
    expanded += r.expanded;
    const std::filesystem::path root = search::frontier_root_certificate(dir.path);
    ASSERT_FALSE(root.empty());
    EXPECT_NO_THROW(search::CertificateChecker(&six).check_file(root)) << root;
  }
  EXPECT_GT(expanded, 0u);
}

}  // namespace
}  // namespace tsivy::testing
