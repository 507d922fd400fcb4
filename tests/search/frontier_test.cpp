// A proof in pieces (search/frontier.h) on 5x9, with the 4-stone tables as leaves:
// budgets small enough to force expansions give the direct proof's value and a root
// certificate that checks through its references; two workers on one folder never run a
// subproblem twice; a claim left by a killed worker runs out; damaged files and
// certificates, circular references and other tables are refused.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <thread>

#include "game/notation.h"
#include "game/zobrist.h"
#include "search/certificate.h"
#include "search/frontier.h"
#include "search/prover.h"
#include "search/tables_digest.h"
#include "tests/search/search_test_support.h"

namespace tsivy::search {
namespace {

using testing::random_position;
using testing::tables;

// The direct proof's value and nodes; nullopt when it takes more than a few hundred
// thousand nodes (some drawn positions do: the test does without them).
std::optional<std::pair<Outcome, std::uint64_t>> proved_directly(const Position& p) {
  tsivy::testing::ScratchDir out;
  ProverOptions options;
  options.root = p;
  options.tables = &tables();
  options.memory_bytes = std::size_t{64} << 20;
  options.out = out.path();
  options.max_nodes = 300000;
  const ProverResult r = run_prover(options);
  if (!r.finished) return std::nullopt;
  return std::pair{r.value, r.last.nodes};
}

// Positions of 3 against 3 stones whose direct proof takes over 120,000 nodes, many
// times the frontier's smallest budget (4,096 nodes: the search asks whether to go on
// that often); found among random ones (seed 20261203, all proofs of at most 300,000
// nodes, the first two of 100,000 or more). Their values by the direct proof, once.
constexpr const char* kHardFens[] = {"5B1B1/2W6/9/4B4/3W3W1 w", "5W3/6B2/3W5/1BB3W2/9 w"};
const std::vector<std::pair<Position, Outcome>>& hard_positions() {
  static const std::vector<std::pair<Position, Outcome>> found = [] {
    std::vector<std::pair<Position, Outcome>> out;
    for (const char* fen : kHardFens) {
      const Position p = parse_position(fen);
      const auto direct = proved_directly(p);
      if (!direct) throw std::runtime_error(std::string(fen) + ": the direct proof did not finish");
      out.emplace_back(p, direct->first);
    }
    return out;
  }();
  return found;
}

FrontierOptions small_budget(const std::filesystem::path& dir) {
  FrontierOptions o;
  o.dir = dir;
  o.tables = &tables();
  o.memory_bytes = std::size_t{64} << 20;
  o.budget_nodes = 4096;
  return o;
}

// A position and claim whose frontier is still open after three runs of the small
// budget: the proof needs pieces.
std::pair<Position, Goal> split_proof() {
  static const std::pair<Position, Goal> found = [] {
    for (const auto& [p, value] : hard_positions())
      for (const Goal claim : {Goal::does_not_lose, Goal::wins}) {
        tsivy::testing::ScratchDir dir;
        create_frontier(dir.path(), p, p.to_move, claim, &tables());
        FrontierOptions o = small_budget(dir.path());
        o.stop_after_runs = 3;
        if (work_on_frontier(o).root == NodeStatus::open) return std::pair{p, claim};
      }
    throw std::runtime_error("no position here needs more than three runs of 4,096 nodes");
  }();
  return found;
}

// The frontier's claim settled as the value says: proved when the claim holds.
bool claim_holds(Outcome value_for_mover, Goal claim) { return meets(value_for_mover, claim); }

TEST(Frontier, SmallBudgetsExpandAndGiveTheDirectValueWithACheckedRootCertificate) {
  std::size_t expanded = 0;
  for (const auto& [p, value] : hard_positions()) {
    for (const Goal claim : {Goal::wins, Goal::does_not_lose}) {
      tsivy::testing::ScratchDir dir;
      create_frontier(dir.path(), p, p.to_move, claim, &tables());
      const FrontierRunReport r = work_on_frontier(small_budget(dir.path()));
      expanded += r.expanded;
      EXPECT_EQ(r.root, claim_holds(value, claim) ? NodeStatus::proved : NodeStatus::disproved)
          << format_position(p) << " " << goal_name(claim);
      const std::filesystem::path root = frontier_root_certificate(dir.path());
      ASSERT_FALSE(root.empty());
      const Certificate c = read_certificate(root);
      EXPECT_EQ(c.root, p);
      EXPECT_EQ(c.side, claim_holds(value, claim) ? p.to_move : other(p.to_move));
      const CheckReport checked = CertificateChecker(&tables()).check_file(root);
      // An expanded root refers to its children's certificates.
      if (r.expanded) {
        EXPECT_GT(checked.certificates, 1u);
      }
    }
  }
  EXPECT_GT(expanded, 2u);  // the budgets did force the proof into pieces
}

// The work recorded in the nodes' files is exactly the runs the workers made: had two
// workers run one subproblem, one's record would have overwritten the other's.
TEST(Frontier, TwoWorkersOnOneFolderNeverRunOneSubproblemTwice) {
  const auto [p, claim] = split_proof();
  tsivy::testing::ScratchDir dir;
  create_frontier(dir.path(), p, p.to_move, claim, &tables());
  FrontierRunReport reports[2];
  std::string errors[2];
  std::thread workers[2];
  for (int i = 0; i < 2; ++i)
    workers[i] = std::thread([&, i] {
      FrontierOptions o = small_budget(dir.path());
      o.owner = "worker-" + std::to_string(i);
      try {
        reports[i] = work_on_frontier(o);
      } catch (const std::exception& e) {
        errors[i] = e.what();
      }
    });
  for (auto& w : workers) w.join();
  EXPECT_EQ(errors[0], "");
  EXPECT_EQ(errors[1], "");
  EXPECT_NE(reports[0].root, NodeStatus::open);
  EXPECT_EQ(reports[0].root, reports[1].root);
  // (Which worker ran how much is up to the scheduler: one may find every open node
  // claimed by the other for a while.)
  EXPECT_GT(reports[0].runs + reports[1].runs, 3u);
  std::size_t attempts = 0;
  for (const auto& [key, node] : FrontierFiles(dir.path()).nodes()) attempts += static_cast<std::size_t>(node.attempts);
  EXPECT_EQ(attempts, reports[0].runs + reports[1].runs);
  EXPECT_NO_THROW(CertificateChecker(&tables()).check_file(frontier_root_certificate(dir.path())));
}

// A worker killed mid-run leaves its claim and nothing half-written; another worker
// leaves the claimed subproblem alone until the claim runs out, then takes it.
TEST(Frontier, AClaimOfAKilledWorkerRunsOutAndNothingSettledIsLost) {
  const auto [p, claim] = split_proof();
  tsivy::testing::ScratchDir dir;
  create_frontier(dir.path(), p, p.to_move, claim, &tables());
  FrontierOptions first = small_budget(dir.path());
  first.stop_after_runs = 3;
  first.owner = "first";
  EXPECT_EQ(work_on_frontier(first).runs, 3u);
  const FrontierFiles files(dir.path());
  std::size_t settled_before = 0;
  for (const auto& [key, node] : files.nodes()) settled_before += node.settled();
  // A live claim on every open node, as workers killed mid-run would leave them.
  std::vector<std::uint64_t> open;
  for (const auto& [key, node] : files.nodes())
    if (node.status == NodeStatus::open) open.push_back(key);
  ASSERT_FALSE(open.empty());
  for (const std::uint64_t key : open) files.write_claim(key, {"dead", std::chrono::system_clock::now() + std::chrono::hours(1)});
  FrontierOptions waiting = small_budget(dir.path());
  waiting.owner = "second";
  waiting.stop_after_seconds = 1;
  EXPECT_EQ(work_on_frontier(waiting).runs, 0u);  // everything open is claimed
  // The claims run out: the work goes on to the end, and what was settled stays so.
  for (const std::uint64_t key : open) files.write_claim(key, {"dead", std::chrono::system_clock::now() - std::chrono::seconds(1)});
  waiting.stop_after_seconds = 0;
  EXPECT_NE(work_on_frontier(waiting).root, NodeStatus::open);
  std::size_t settled_after = 0;
  for (const auto& [key, node] : files.nodes()) settled_after += node.settled();
  EXPECT_GE(settled_after, settled_before);
}

// Flips one byte of a file in place.
void damage(const std::filesystem::path& file) {
  std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(static_cast<std::streamoff>(std::filesystem::file_size(file) / 2));
  char c = 0;
  f.get(c);
  f.seekp(static_cast<std::streamoff>(std::filesystem::file_size(file) / 2));
  f.put(static_cast<char>(c ^ 0x20));
}

void expect_error_naming(const std::function<void()>& f, const std::string& what) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one naming " << what;
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(Frontier, DamagedOrTruncatedFilesAreRefusedByName) {
  const Position p = parse_position(kHardFens[0]);
  tsivy::testing::ScratchDir dir;
  create_frontier(dir.path(), p, p.to_move, Goal::does_not_lose, &tables());
  EXPECT_THROW(create_frontier(dir.path(), p, p.to_move, Goal::does_not_lose, &tables()), FrontierError);
  FrontierOptions o = small_budget(dir.path());
  o.stop_after_runs = 2;
  work_on_frontier(o);
  const FrontierFiles files(dir.path());
  const std::filesystem::path node = dir.path() / "nodes" / (key_text(position_key(p)) + ".txt");
  damage(node);
  expect_error_naming([&] { work_on_frontier(o); }, node.string());
  expect_error_naming([&] { frontier_status(dir.path()); }, "checksum mismatch");
  std::filesystem::resize_file(dir.path() / "frontier.txt", 20);
  expect_error_naming([&] { files.header(); }, "frontier.txt");
}

TEST(Frontier, OtherTablesThanTheFrontierNamesAreRefused) {
  const Position p = parse_position(kHardFens[0]);
  tsivy::testing::ScratchDir dir;
  FrontierHeader h;
  h.root = p;
  h.side = p.to_move;
  h.leaf_stones = 4;
  h.tables = *tables_digest(tables(), 4) ^ 1;  // as if begun with other tables
  FrontierFiles(dir.path()).create(h);
  expect_error_naming([&] { work_on_frontier(small_budget(dir.path())); }, "other tables");
  FrontierOptions without = small_budget(dir.path());
  without.tables = nullptr;
  expect_error_naming([&] { work_on_frontier(without); }, "needs tables");
}

// The certificates of a settled frontier, tampered with: each way is refused.
TEST(Frontier, ReferencesThatAreDamagedCircularOrOfAnotherClaimAreRefused) {
  const auto [p, claim] = split_proof();
  tsivy::testing::ScratchDir dir;
  create_frontier(dir.path(), p, p.to_move, claim, &tables());
  work_on_frontier(small_budget(dir.path()));
  const std::filesystem::path root = frontier_root_certificate(dir.path());
  ASSERT_FALSE(root.empty());
  Certificate c = read_certificate(root);
  ASSERT_FALSE(c.references.empty());
  const std::filesystem::path certs = root.parent_path();

  // A reference to itself: a circle.
  Certificate circular = c;
  circular.references[0].file = "circular.cert.zst";
  circular.references[0].position = c.root;
  write_certificate(certs / "circular.cert.zst", circular);
  expect_error_naming([&] { CertificateChecker(&tables()).check_file(certs / "circular.cert.zst"); }, "circle");

  // A reference to a missing file.
  Certificate missing = c;
  missing.references[0].file = "nowhere.cert.zst";
  write_certificate(certs / "missing.cert.zst", missing);
  expect_error_naming([&] { CertificateChecker(&tables()).check_file(certs / "missing.cert.zst"); }, "does not exist");

  // Tables of another digest.
  Certificate other_tables = c;
  other_tables.tables = *c.tables ^ 1;
  write_certificate(certs / "other.cert.zst", other_tables);
  expect_error_naming([&] { CertificateChecker(&tables()).check_file(certs / "other.cert.zst"); }, "other tables");

  // A referenced file damaged: the root's check names it.
  const std::filesystem::path child = certs / c.references[0].file;
  damage(child);
  expect_error_naming([&] { CertificateChecker(&tables()).check_file(root); }, child.filename().string());
}

TEST(Certificate, CompressedAndPlainFilesReadTheSame) {
  Certificate c;
  c.side = Colour::White;
  c.claim = Goal::wins;
  c.root = parse_position("9/6W2/3B5/6W2/9 w");
  c.leaf_stones = 4;
  c.tables = tables_digest(tables(), 4);
  ASSERT_TRUE(c.tables);
  tsivy::testing::ScratchDir dir;
  std::filesystem::create_directories(dir.path());
  write_certificate(dir.path() / "a.cert", c);
  write_certificate(dir.path() / "a.cert.zst", c);
  EXPECT_EQ(certificate_text(read_certificate(dir.path() / "a.cert")), certificate_text(read_certificate(dir.path() / "a.cert.zst")));
  std::filesystem::resize_file(dir.path() / "a.cert.zst", std::filesystem::file_size(dir.path() / "a.cert.zst") - 3);
  EXPECT_THROW(read_certificate(dir.path() / "a.cert.zst"), CertificateError);
}

}  // namespace
}  // namespace tsivy::search
