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
#include <unordered_set>

#include "search/certificate.h"
#include "search/certificate_extraction.h"
#include "search/certificate_pruning.h"
#include "search/deep_stack.h"
#include "search/proof_search.h"
#include "search/prover.h"
#include "game/notation.h"
#include "tests/search/search_test_support.h"

namespace tsivy::search {
namespace {

using testing::random_position;
using testing::tables;

// The textbook mistake the prover avoids: a memo of values by position alone, where a
// value found through a repetition of the path (a draw there) is stored and then served
// on paths where no repetition is at hand. Plain minimax over whole turns, no tables.
class NaiveMemo {
 public:
  Outcome value(const Position& p) {
    Outcome v{};
    run_on_deep_stack([&] { v = search(p); });
    return v;
  }

 private:
  Outcome search(const Position& p) {
    if (on_path_.contains(p)) return Outcome::draw;
    if (const auto it = memo_.find(p); it != memo_.end()) return it->second;
    MoveList moves;
    generate_moves(p, moves);
    BestOfSuccessors best;
    on_path_.insert(p);
    for (const Move& m : moves) best.add({search(make_move(p, m)), 0});
    on_path_.erase(p);
    const Outcome v = moves.empty() ? Outcome::loss : best.value().outcome;
    memo_[p] = v;
    return v;
  }

  // The positions of the path (a set: the path runs thousands of turns deep).
  std::unordered_set<Position, PositionHash> on_path_;
  std::unordered_map<Position, Outcome, PositionHash> memo_;
};

// The value by the prover's two searches, with no tables.
Outcome proved_value_here(const Position& p, ProofTable& table) {
  TableLeaves none(nullptr);
  table.clear();
  ProofSearch wins(table, none, p.to_move, Goal::wins);
  if (wins.prove(p, {}).proved()) return Outcome::win;
  table.clear();
  ProofSearch holds(table, none, p.to_move, Goal::does_not_lose);
  return holds.prove(p, {}).proved() ? Outcome::draw : Outcome::loss;
}
Outcome proved_value(const Position& p, ProofTable& table) {
  Outcome value{};
  run_on_deep_stack([&] { value = proved_value_here(p, table); });
  return value;
}

// Proves p with run_prover (no tables unless given) and checks what it wrote.
ProverResult prove_and_check(const Position& p, const TableLookup* leaves, const std::filesystem::path& out,
                             std::uint64_t max_nodes = 0, bool resume = false) {
  ProverOptions options;
  options.root = p;
  options.tables = leaves;
  options.memory_bytes = std::size_t{16} << 20;
  options.out = out;
  options.max_nodes = max_nodes;
  options.resume = resume;
  ProverResult result = run_prover(options);
  for (const auto& file : result.certificates) EXPECT_NO_THROW(check_certificate(read_certificate(file), leaves)) << file;
  return result;
}

// White to move, two stones against one: a win in the tables. Searched with a memo by
// position, the draw a repetition gives on one path is served to another where it is
// not at hand, and the win is lost; the prover keeps path-dependent results out of its
// table (search/proof_search.h) and proves the win, with a certificate that checks.
TEST(GraphHistory, ANaiveMemoDrawsThisWonPositionAndTheProverDoesNot) {
  const Position p = parse_position("9/6W2/3B5/6W2/9 w");
  ASSERT_EQ(tables().value(p.us, p.them).outcome, Outcome::win);
  NaiveMemo naive;
  EXPECT_EQ(naive.value(p), Outcome::draw);  // the mistake this test is about
  ProofTable table(std::size_t{16} << 20);
  EXPECT_EQ(proved_value(p, table), Outcome::win);
  tsivy::testing::ScratchDir out;
  const ProverResult r = prove_and_check(p, nullptr, out.path());
  EXPECT_EQ(r.value, Outcome::win);
  ASSERT_EQ(r.certificates.size(), 1u);
  EXPECT_EQ(r.certificates[0].filename(), "white-wins.cert");
}

// Positions of three stones, proved without tables (to the end of the game, through
// every cycle), against the 4-stone tables' values.
TEST(Prove, ThreeStonesWithoutTablesAgreeWithTheTables) {
  std::mt19937_64 rng(32);
  ProofTable table(std::size_t{16} << 20);
  int by_outcome[3] = {};
  for (int k = 0; k < 100 / testing::kScale; ++k) {
    const int us = 1 + static_cast<int>(rng() % 2);
    const Position p = random_position(rng, us, 3 - us);
    const Outcome truth = tables().value(p.us, p.them).outcome;
    ++by_outcome[static_cast<int>(truth)];
    EXPECT_EQ(proved_value(p, table), truth) << format_position(p);
  }
  EXPECT_GT(by_outcome[static_cast<int>(Outcome::win)], 0);
  EXPECT_GT(by_outcome[static_cast<int>(Outcome::draw)] + by_outcome[static_cast<int>(Outcome::loss)], 0);
}

// The tables as leaves: a 5-stone position whose every turn captures reaches the 4-stone
// tables in one turn, so its proved value must be the best of its successors' values.
TEST(Prove, TheTablesAtTheLeavesGiveTheSuccessorsBest) {
  std::mt19937_64 rng(33);
  tsivy::testing::ScratchDir out;
  int checked = 0;
  for (int k = 0; k < 40 && checked < 6; ++k) {
    const int us = 2 + static_cast<int>(rng() % 2);
    const Position p = random_position(rng, us, 5 - us);
    MoveList moves;
    generate_moves(p, moves);
    // Only positions whose every turn captures reach the tables in one turn.
    bool all_capture = !moves.empty();
    for (const Move& m : moves) all_capture = all_capture && m.is_capture();
    if (!all_capture) continue;
    BestOfSuccessors best;
    for (const Move& m : moves) {
      const Position c = make_move(p, m);
      best.add(tables().value(c.us, c.them));
    }
    const ProverResult r = prove_and_check(p, &tables(), out.path() / std::to_string(k));
    EXPECT_TRUE(r.finished);
    EXPECT_EQ(r.value, best.value().outcome) << format_position(p);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// The game over at the root: no turn (White's one stone is walled in), or no stones.
TEST(Prove, APositionWithNoTurnOrNoStonesIsLost) {
  tsivy::testing::ScratchDir out;
  for (const char* fen : {"9/9/9/BB7/WB7 w", "9/9/9/9/1B7 w"}) {
    const ProverResult r = prove_and_check(parse_position(fen), nullptr, out.path() / (fen[6] == 'B' ? "walled" : "empty"));
    EXPECT_TRUE(r.finished) << fen;
    EXPECT_EQ(r.value, Outcome::loss) << fen;
    EXPECT_FALSE(r.certificates.empty()) << fen;
  }
}

// A certificate read back: damaged, cut, or forged, it is refused with a clear error.
TEST(Certificate, DamagedTruncatedOrForgedCertificatesAreRefused) {
  tsivy::testing::ScratchDir out;
  const Position p = parse_position("9/6W2/3B5/6W2/9 w");
  const ProverResult r = prove_and_check(p, nullptr, out.path());
  ASSERT_EQ(r.certificates.size(), 1u);
  std::ifstream in(r.certificates[0]);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const Certificate c = parse_certificate(text);
  ASSERT_GT(c.entries.size(), 2u);
  EXPECT_NO_THROW(check_certificate(c, nullptr));

  std::string damaged = text;
  damaged[text.size() / 2] ^= 1;
  EXPECT_THROW(parse_certificate(damaged), CertificateError);
  EXPECT_THROW(parse_certificate(text.substr(0, text.size() / 2)), CertificateError);
  EXPECT_THROW(parse_certificate(text.substr(0, text.size() - 5)), CertificateError);
  EXPECT_THROW(parse_certificate(""), CertificateError);

  // Forged, with a fresh checksum: a position left out, a bound that does not fall, a
  // claim made stronger than it is.
  Certificate missing = c;
  missing.entries.pop_back();
  EXPECT_THROW(check_certificate(parse_certificate(certificate_text(missing)), nullptr), CertificateError);
  Certificate flat = c;
  for (auto& e : flat.entries) e.bound = 7;
  EXPECT_THROW(check_certificate(parse_certificate(certificate_text(flat)), nullptr), CertificateError);
  // A turn that throws the win away: every other legal turn of the root in its place.
  MoveList moves;
  generate_moves(c.root, moves);
  int refused = 0;
  for (const Move& m : moves) {
    if (m == c.entries[0].turn) continue;
    Certificate other_turn = c;
    other_turn.entries[0].turn = m;
    try {
      check_certificate(other_turn, nullptr);
    } catch (const CertificateError&) {
      ++refused;
    }
  }
  EXPECT_GT(refused, 0);
  // Tables the certificate needs but is not given.
  Certificate with_leaves = c;
  with_leaves.leaf_stones = 2;
  EXPECT_THROW(check_certificate(with_leaves, nullptr), CertificateError);
}

// Pruning (search/certificate_pruning.h) on the certificates extracted from proofs of 6-
// and 7-stone positions with the 4-stone tables at the leaves, both claims: every pruned
// certificate still checks ("wins" keeps its falling bounds: the checker refuses a bound
// that does not fall), none grows, and over the sample they shrink. Pruning again
// changes nothing.
TEST(Pruning, APrunedCertificateStillChecksAndIsNeverLarger) {
  std::mt19937_64 rng(35);
  TableLeaves leaves(&tables());
  ProofTable table(std::size_t{16} << 20);
  std::size_t before = 0, after = 0;
  int by_claim[2] = {};
  const auto leaf = [&](const Position& q) { return certificate_leaf_value(q, 4, &tables()); };
  // Under the sanitizers the first 6 positions: among them one whose certificate shrinks.
  const int positions = testing::kScale > 1 ? 6 : 24;
  for (int k = 0; k < positions; ++k) {
    const int stones = 6 + k % 2;
    const int us = 2 + static_cast<int>(rng() % 2);
    const Position p = random_position(rng, us, stones - us);
    for (const Goal goal : {Goal::wins, Goal::does_not_lose}) {
      table.clear();
      ProofSearch search(table, leaves, p.to_move, goal);
      std::optional<Certificate> c;
      run_on_deep_stack([&] {
        const ProofNumbers n = search.prove(p, {}, [&] { return search.counters().nodes < 150000; });
        if (n.settled()) c = extract_certificate(search, p, n.proved(), 4);
      });
      if (!c) continue;
      const std::size_t extracted = c->entries.size();
      const PruneReport report = prune_certificate(*c, leaf);
      EXPECT_NO_THROW(check_certificate(*c, &tables())) << format_position(p);
      EXPECT_EQ(report.positions_before, extracted);
      EXPECT_EQ(report.positions_after, c->entries.size());
      EXPECT_LE(c->entries.size(), extracted) << format_position(p);
      Certificate again = *c;
      prune_certificate(again, leaf);
      EXPECT_EQ(again.entries.size(), c->entries.size()) << format_position(p);
      before += extracted;
      after += c->entries.size();
      ++by_claim[c->claim == Goal::wins ? 0 : 1];
    }
  }
  EXPECT_GT(by_claim[0], 0);
  EXPECT_GT(by_claim[1], 0);
  EXPECT_LT(after, before) << "no certificate of the sample shrank";
}

// A certificate that does not hold is not made to: pruning a forged one (a turn that
// throws the win away) leaves one the checker still refuses or one that holds by the
// checker's own judgement, never a silently accepted forgery.
TEST(Pruning, PruningAForgedCertificateLeavesItToTheChecker) {
  tsivy::testing::ScratchDir out;
  const ProverResult r = prove_and_check(parse_position("9/6W2/3B5/6W2/9 w"), nullptr, out.path());
  ASSERT_EQ(r.certificates.size(), 1u);
  const Certificate c = read_certificate(r.certificates[0]);
  const auto no_tables = [](const Position& q) { return certificate_leaf_value(q, 0, nullptr); };
  Certificate flat = c;
  for (auto& e : flat.entries) e.bound = 7;
  ASSERT_THROW(check_certificate(flat, nullptr), CertificateError);
  prune_certificate(flat, no_tables);
  EXPECT_THROW(check_certificate(flat, nullptr), CertificateError);
}

// A proof stopped after a few nodes saves its state; a second run without --resume is
// refused, and --resume finishes it with the value of an uninterrupted run.
TEST(Prove, AStoppedProofResumes) {
  const Position p = parse_position("9/6W2/3B5/6W2/9 w");
  tsivy::testing::ScratchDir whole, parts;
  const ProverResult uninterrupted = prove_and_check(p, nullptr, whole.path());
  ASSERT_TRUE(uninterrupted.finished);
  ASSERT_GT(uninterrupted.last.nodes, 8192u);
  const ProverResult stopped = prove_and_check(p, nullptr, parts.path(), 4096);
  EXPECT_FALSE(stopped.finished);
  EXPECT_TRUE(std::filesystem::exists(prover_state_file(parts.path())));
  EXPECT_THROW(prove_and_check(p, nullptr, parts.path()), std::invalid_argument);
  const ProverResult resumed = prove_and_check(p, nullptr, parts.path(), 0, true);
  EXPECT_TRUE(resumed.finished);
  EXPECT_EQ(resumed.value, uninterrupted.value);
  EXPECT_FALSE(std::filesystem::exists(prover_state_file(parts.path())));
  // Another position's state is refused.
  const ProverResult again = prove_and_check(p, nullptr, parts.path(), 4096);
  ASSERT_FALSE(again.finished);
  EXPECT_THROW(prove_and_check(parse_position("9/6W2/3B5/7W1/9 w"), nullptr, parts.path(), 0, true), std::invalid_argument);
  // A damaged state is refused.
  {
    std::fstream f(prover_state_file(parts.path()), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(40);
    f.put('\x7f');
  }
  EXPECT_THROW(prove_and_check(p, nullptr, parts.path(), 0, true), std::runtime_error);
}

}  // namespace
}  // namespace tsivy::search
