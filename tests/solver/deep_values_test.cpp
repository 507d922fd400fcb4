// The side table of deep values (SolveOptions::max_coded_depth): values deeper than the
// one-byte code holds are kept apart, which up to 8 stones only 4v4 needs. A low
// limit sends small classes down that path; it must change nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "runtime/communicator.h"
#include "solver/generate.h"
#include "solver/pair_solver.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy {
namespace {

using testing::kEndToEndStones;
using testing::manifest_classes;
using testing::reference_tables;
using testing::ScratchDir;
using testing::table_files;

constexpr int kLowLimit = 3;

void expect_same_slices(const std::vector<SolvedSlice>& got, const std::vector<SolvedSlice>& expected) {
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t k = 0; k < got.size(); ++k) {
    const SolvedSlice &a = got[k], &b = expected[k];
    SCOPED_TRACE(to_string(b.material));
    ASSERT_EQ(a.material, b.material);
    ASSERT_EQ(a.first, b.first);
    ASSERT_EQ(a.last, b.last);
    EXPECT_EQ(a.wins, b.wins);
    EXPECT_EQ(a.draws, b.draws);
    EXPECT_EQ(a.losses, b.losses);
    EXPECT_EQ(a.max_depth, b.max_depth);
    std::uint64_t differing = 0;
    for (std::uint64_t s = a.first; s < a.last; ++s) differing += a.at(s) != b.at(s);
    EXPECT_EQ(differing, 0u);
  }
}

std::size_t deep_values(const std::vector<SolvedSlice>& slices) {
  std::size_t n = 0;
  for (const SolvedSlice& slice : slices) n += slice.deep.size();
  return n;
}

TEST(DeepValues, TablesAreTheSameAsWithTheOneByteCode) {
  const ScratchDir dir;
  GenerateOptions options;
  options.max_stones = kEndToEndStones;
  options.out = dir.path();
  options.solve.threads = 2;
  options.solve.max_coded_depth = kLowLimit;
  const std::vector<ManifestClass> classes = generate_tables(options);
  // The limit is low enough that many classes go past it.
  EXPECT_GT(std::count_if(classes.begin(), classes.end(), [](const ManifestClass& c) { return c.max_depth > kLowLimit; }),
            3);
  EXPECT_TRUE(table_files(dir.path()) == table_files(reference_tables()));  // written with the default limit
  EXPECT_EQ(manifest_classes(dir.path()), manifest_classes(reference_tables()));
}

TEST(DeepValues, CheckpointResumesThroughTheSideTable) {
  const Material material{1, 3};  // with 3v1: depths well past the low limit
  const TableLookup smaller(TableDirectory::open(reference_tables()));
  const std::unique_ptr<Communicator> comm = make_local_communicator();
  const std::vector<SolvedSlice> expected = solve_pair(material, smaller, *comm, SolveOptions{});
  const std::uint64_t deepest = std::max(expected[0].max_depth, expected[1].max_depth);
  ASSERT_GT(deepest, 2u * kLowLimit);
  EXPECT_EQ(deep_values(expected), 0u);

  // Interrupted after a depth step past the limit, with a checkpoint at every step: the
  // last one holds values of the side table.
  const ScratchDir checkpoints;
  struct Interrupted : std::runtime_error {
    using std::runtime_error::runtime_error;
  };
  SolveOptions interrupted;
  interrupted.threads = 2;
  interrupted.max_coded_depth = kLowLimit;
  interrupted.checkpoint_dir = checkpoints.path();
  interrupted.checkpoint_every = 1e-9;
  interrupted.on_progress = [](const SolveProgress& p) {
    if (p.phase == SolvePhase::propagate && p.depth == 2 * kLowLimit) throw Interrupted("interrupted");
  };
  EXPECT_THROW(solve_pair(material, smaller, *comm, interrupted), Interrupted);

  // Resumed with the low limit, and with the default one (the saved side table holds
  // values the codes could hold now): both finish as an uninterrupted run.
  for (const int limit : {kLowLimit, int{slot_code::kMaxCodedDepth}}) {
    SCOPED_TRACE(limit);
    SolveOptions resumed;
    resumed.threads = 3;
    resumed.max_coded_depth = limit;
    resumed.checkpoint_dir = checkpoints.path();
    std::ostringstream log;
    resumed.log = &log;
    const std::vector<SolvedSlice> slices = solve_pair(material, smaller, *comm, resumed);
    EXPECT_NE(log.str().find("resuming from the checkpoint before depth step " + std::to_string(2 * kLowLimit)),
              std::string::npos)
        << log.str();
    EXPECT_GT(deep_values(slices), 0u);
    expect_same_slices(slices, expected);
  }
}

TEST(DeepValues, LimitBeyondTheCodeIsRefused) {
  const TableLookup smaller(TableDirectory::open(reference_tables()));
  const std::unique_ptr<Communicator> comm = make_local_communicator();
  SolveOptions options;
  options.max_coded_depth = slot_code::kMaxCodedDepth + 1;
  EXPECT_THROW(solve_pair(Material{1, 1}, smaller, *comm, options), std::invalid_argument);
}

}  // namespace
}  // namespace tsivy
