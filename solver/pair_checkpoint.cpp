#include "solver/pair_checkpoint.h"

#include <ostream>
#include <sstream>
#include <vector>

#include "lookup/value_code.h"
#include "solver/checkpoint.h"

namespace tsivy {
namespace {

// "TSVYCKP2": the second format, with a checksum (solver/checkpoint.h); a slice of the
// first is refused as not belonging.
constexpr std::uint64_t kMagic = 0x3250'4B43'5956'5354;

}  // namespace

PairCheckpoint::PairCheckpoint(Material material, Communicator& comm, const SolveOptions& options)
    : material_(material), tag_(to_string(material)), comm_(comm), options_(options),
      rank_(static_cast<unsigned>(comm.rank())), ranks_(static_cast<unsigned>(comm.size())) {}

std::filesystem::path PairCheckpoint::slice_file(int step, unsigned rank) const {
  return options_.checkpoint_dir /
         (tag_ + ".step" + std::to_string(step) + ".rank" + std::to_string(rank) + "of" + std::to_string(ranks_));
}

std::filesystem::path PairCheckpoint::latest_file() const { return options_.checkpoint_dir / (tag_ + ".latest"); }

// Rank 0 decides (the ranks' clocks differ), everyone saves, then rank 0 moves the
// "latest" pointer, then the previous step's files go: a kill at any moment leaves
// one complete checkpoint.
void PairCheckpoint::maybe_save(int step, const PairState& state) {
  if (options_.checkpoint_dir.empty() || options_.checkpoint_every <= 0) return;
  std::vector<std::uint8_t> due{0};
  if (comm_.is_root()) due[0] = seconds_since(last_checkpoint_) >= options_.checkpoint_every;
  comm_.broadcast(due);
  if (!due[0]) return;
  if (comm_.is_root()) std::filesystem::create_directories(options_.checkpoint_dir);
  comm_.barrier();
  save(step, state);
  comm_.barrier();
  if (comm_.is_root()) write_text_atomically(latest_file(), std::to_string(step) + " " + std::to_string(ranks_) + "\n");
  comm_.barrier();
  if (saved_step_ >= 0) std::filesystem::remove(slice_file(saved_step_, rank_));
  saved_step_ = step;
  last_checkpoint_ = Clock::now();
}

void PairCheckpoint::save(int step, const PairState& state) const {
  CheckpointWriter out(slice_file(step, rank_));
  out.put(kMagic);
  out.put(static_cast<std::int32_t>(material_.us));
  out.put(static_cast<std::int32_t>(material_.them));
  out.put(ranks_);
  out.put(rank_);
  out.put(static_cast<std::int32_t>(step));
  out.put(state.resolved);
  out.put(state.canonical);
  out.put(state.seed_depth_limit);
  out.put_vector(state.seed_depths);
  for (std::size_t ci = 0; ci < state.classes.size(); ++ci) {
    const WorkingClass& c = state.classes[ci];
    out.put(c.first);
    out.put(c.last);
    out.put_vector(c.codes);
    out.put_vector(c.counter);
    out.put_vector(c.frontier);
    std::vector<std::uint64_t> slots;
    std::vector<std::uint16_t> values;
    for (const Worker& w : state.workers)
      for (const auto& [slot, v] : w.deep[ci]) {
        slots.push_back(slot);
        values.push_back(pack_value(v));
      }
    out.put_vector(slots);
    out.put_vector(values);
  }
  out.put(kMagic);
  out.commit();
}

std::optional<int> PairCheckpoint::resume(PairState& state) {
  if (options_.checkpoint_dir.empty()) return std::nullopt;
  std::vector<std::uint8_t> latest;
  if (comm_.is_root()) {
    const std::optional<std::string> text = read_text(latest_file());
    if (text) latest.assign(text->begin(), text->end());
  }
  comm_.broadcast(latest);
  if (latest.empty()) return std::nullopt;
  std::istringstream in(std::string(latest.begin(), latest.end()));
  int step = 0;
  unsigned saved_ranks = 0;
  if (!(in >> step >> saved_ranks) || step < 0)
    throw CheckpointError("checkpoint " + latest_file().string() + " is damaged; remove " +
                          options_.checkpoint_dir.string() + " to start the pair afresh");
  if (saved_ranks != ranks_)
    throw CheckpointError("the checkpoint of " + tag_ + " in " + options_.checkpoint_dir.string() +
                          " was written by " + std::to_string(saved_ranks) + " rank(s), this job has " +
                          std::to_string(ranks_) + ": run with " + std::to_string(saved_ranks) +
                          " ranks, or remove the directory to start the pair afresh");
  CheckpointReader file(slice_file(step, rank_));
  const auto expect = [&](bool ok) {
    if (!ok) file.fail("does not belong to this pair, rank or step");
  };
  expect(file.get<std::uint64_t>() == kMagic);
  expect(file.get<std::int32_t>() == material_.us);
  expect(file.get<std::int32_t>() == material_.them);
  expect(file.get<unsigned>() == ranks_);
  expect(file.get<unsigned>() == rank_);
  expect(file.get<std::int32_t>() == step);
  state.resolved = file.get<std::uint64_t>();
  state.canonical = file.get<std::uint64_t>();
  state.seed_depth_limit = file.get<std::uint64_t>();
  file.get_vector(state.seed_depths);
  const unsigned threads = static_cast<unsigned>(state.workers.size());
  for (std::size_t ci = 0; ci < state.classes.size(); ++ci) {
    WorkingClass& c = state.classes[ci];
    expect(file.get<std::uint64_t>() == c.first);
    expect(file.get<std::uint64_t>() == c.last);
    file.get_vector(c.codes, c.last - c.first);
    file.get_vector(c.counter, c.last - c.first);
    file.get_vector(c.frontier, c.next.size());
    std::vector<std::uint64_t> slots;
    std::vector<std::uint16_t> values;
    file.get_vector(slots);
    file.get_vector(values, slots.size());
    // Deep values go to the thread owning their slot now: the thread count may differ
    // from the run that saved them.
    for (std::size_t k = 0; k < slots.size(); ++k) {
      expect(slots[k] >= c.first && slots[k] < c.last);
      const unsigned owner = c.owners.owner(slots[k]) - rank_ * threads;
      state.workers[owner].deep[ci][slots[k]] = unpack_value(values[k]);
    }
  }
  expect(file.get<std::uint64_t>() == kMagic);
  file.finish();
  saved_step_ = step;
  if (options_.log) *options_.log << "  " << tag_ << ": resuming from the checkpoint before depth step " << step << "\n";
  return step;
}

void remove_pair_checkpoint(const std::filesystem::path& checkpoint_dir, Material material) {
  std::error_code ignored;
  if (!std::filesystem::is_directory(checkpoint_dir, ignored)) return;
  const std::string tag = to_string(material) + ".";
  for (const auto& entry : std::filesystem::directory_iterator(checkpoint_dir)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(tag) || name.starts_with("." + tag)) std::filesystem::remove(entry.path(), ignored);
  }
}

}  // namespace tsivy
