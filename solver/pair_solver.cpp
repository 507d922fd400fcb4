#include "solver/pair_solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstring>
#include <exception>
#include <mutex>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "game/movegen.h"
#include "memory/huge_pages.h"
#include "parallel/parallel.h"
#include "solver/checkpoint.h"
#include "solver/partition.h"

namespace tsivy {
namespace {

// Working state, one byte per slot: a loss in d is 2d, a win in d is 2d + 1 for
// d <= kMaxCodedDepth; deeper values live in a side table (`deep`, rare: no class up
// to 7 stones is deeper than 98). The rest are markers.
constexpr std::uint8_t kMaxCodedDepth = 125;
constexpr std::uint8_t kDeep = 252, kDraw = 253, kUnused = 254, kUnknown = 255;

constexpr std::uint8_t code_of(Outcome outcome, int depth) {
  return static_cast<std::uint8_t>(2 * depth + (outcome == Outcome::win ? 1 : 0));
}

constexpr Value decode(std::uint8_t code) {
  if (code == kDraw) return {Outcome::draw, 0};
  return {code & 1 ? Outcome::win : Outcome::loss, static_cast<std::uint16_t>(code >> 1)};
}

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// An update names a slot of the pair: the class in the top bit, the slot below.
constexpr std::uint64_t kClassBit = std::uint64_t{1} << 63;

// This rank's part of one class.
struct WorkingClass {
  Material material;
  const MaterialIndex* index = nullptr;
  Ownership owners;
  std::uint64_t first = 0, last = 0;  // this rank's slots
  std::vector<std::uint8_t> codes;    // value codes, [first, last)
  std::vector<std::uint8_t> counter;  // unresolved distinct successors; 0: not counted yet
  std::vector<std::uint64_t> frontier, next;  // bit per slot: resolved at depth d / d + 1
  int other = 0;                      // the class a paika move leads to
};
// The figures `tsivy plan` predicts from (pair_solver.h) are these members' sizes.
static_assert(sizeof(decltype(WorkingClass::codes)::value_type) == kValueBytesPerSlot);
static_assert(sizeof(decltype(WorkingClass::counter)::value_type) == kCounterBytesPerSlot);
static_assert(sizeof(decltype(WorkingClass::frontier)::value_type) == sizeof(std::uint64_t));
static_assert(sizeof(kClassBit) == kUpdateBytes);

// What each thread owns of each class and buffers for the others.
struct alignas(64) Worker {
  std::array<std::uint64_t, 2> first{}, last{};  // this thread's slots of each class
  std::array<std::uint64_t, 2> cursor{};          // frontier word the current pass resumes at
  std::unordered_map<std::uint64_t, Value> deep[2];
  std::vector<std::vector<std::uint64_t>> out;    // updates per destination worker
  std::vector<std::uint64_t> frontier_slots;
  std::vector<Position> positions, buffer;
  std::vector<std::uint64_t> slots;
  std::uint64_t processed = 0, resolved = 0, canonical = 0;
  double frontier_seconds = 0;
  std::vector<std::uint64_t> seed_depths;  // seeds (wins and losses) per depth
};

class PairSolver {
 public:
  PairSolver(Material material, const TableLookup& smaller, Communicator& comm, const SolveOptions& options)
      : smaller_(smaller), comm_(comm), options_(options), threads_(std::max(1u, options.threads)),
        rank_(static_cast<unsigned>(comm.rank())), ranks_(static_cast<unsigned>(comm.size())) {
    const Material mirror = material.flipped();
    add_class(material);
    if (mirror.us != material.us) {
      add_class(mirror);
      classes_[0].other = 1;
      classes_[1].other = 0;
    }
    workers_.resize(threads_);
    for (unsigned t = 0; t < threads_; ++t) {
      Worker& w = workers_[t];
      for (std::size_t c = 0; c < classes_.size(); ++c) {
        w.first[c] = classes_[c].owners.first(rank_ * threads_ + t);
        w.last[c] = classes_[c].owners.last(rank_ * threads_ + t);
      }
      w.out.resize(std::size_t{ranks_} * threads_);
    }
  }

  std::vector<SolvedSlice> run(SolveStats* stats) {
    const auto start = Clock::now();
    int first_depth = 0;
    if (!resume(first_depth)) seed();
    stats_.seed_seconds = seconds_since(start);
    // The checkpoint clock runs from the start of the pair, seeding included: an 8-stone
    // pair seeds for most of an hour, and that work is saved at the first depth step.
    propagate(first_depth);
    stats_.propagate_seconds = seconds_since(start) - stats_.seed_seconds;
    for (const Worker& w : workers_) stats_.frontier_seconds = std::max(stats_.frontier_seconds, w.frontier_seconds);
    std::vector<SolvedSlice> out = finish();
    if (stats) *stats = stats_;
    return out;
  }

 private:
  void add_class(Material m) {
    WorkingClass c;
    c.material = m;
    c.index = &MaterialIndex::of(m);
    c.owners = Ownership(c.index->slots(), ranks_, threads_);
    c.first = c.owners.rank_first(rank_);
    c.last = c.owners.rank_last(rank_);
    const std::uint64_t n = c.last - c.first;
    // Touched at random by every step: on huge pages (memory/huge_pages.h says why).
    memory::assign_on_huge_pages(c.codes, n, kUnknown);
    memory::assign_on_huge_pages(c.counter, n, std::uint8_t{0});
    memory::assign_on_huge_pages(c.frontier, (n + 63) / 64, std::uint64_t{0});
    memory::assign_on_huge_pages(c.next, (n + 63) / 64, std::uint64_t{0});
    stats_.owned_slots += n;
    stats_.working_bytes += working_state_bytes(n);
    classes_.push_back(std::move(c));
  }

  void report(const std::string& phase, int depth) {
    if (options_.on_progress) options_.on_progress({phase, depth, resolved_, canonical_});
  }

  void set(WorkingClass& c, Worker& w, std::size_t class_id, std::uint64_t slot, const Value& v) {
    std::uint8_t& code = c.codes[slot - c.first];
    if (v.outcome == Outcome::draw) {
      code = kDraw;
    } else if (v.depth <= kMaxCodedDepth) {
      code = code_of(v.outcome, v.depth);
    } else {
      code = kDeep;
      w.deep[class_id][slot] = v;
    }
  }

  // Slots scanned by seeding so far, per thread; thread 0 of rank 0 reports them now and
  // then (SolveProgress, "seeding"). Each thread publishes its count once per chunk.
  class SeedingProgress {
   public:
    explicit SeedingProgress(const PairSolver& solver)
        : options_(solver.options_), scanned_(solver.threads_), local_(solver.threads_),
          reports_(solver.comm_.is_root() && solver.options_.on_progress) {
      for (const WorkingClass& c : solver.classes_) owned_ += c.last - c.first;
    }
    void count(unsigned thread) {
      if ((++local_[thread].value & (kChunk - 1)) != 0) return;
      scanned_[thread].store(local_[thread].value, std::memory_order_relaxed);
      if (thread != 0 || !reports_ || seconds_since(last_report_) < options_.seeding_progress_every) return;
      last_report_ = Clock::now();
      std::uint64_t all = 0;
      for (const std::atomic<std::uint64_t>& s : scanned_) all += s.load(std::memory_order_relaxed);
      options_.on_progress({"seeding", 0, all, owned_});
    }

   private:
    static constexpr std::uint64_t kChunk = 1 << 16;
    struct alignas(64) Count {  // one cache line per thread: counted at every slot
      std::uint64_t value = 0;
    };
    const SolveOptions& options_;
    std::vector<std::atomic<std::uint64_t>> scanned_;
    std::vector<Count> local_;
    bool reports_;
    std::uint64_t owned_ = 0;
    Clock::time_point last_report_ = Clock::now();
  };

  // Seeds: capture positions get their value from smaller classes, positions without a
  // turn lose now. Successor counters are filled lazily (see apply), because most
  // quiet positions are resolved as wins before any successor needs counting.
  void seed() {
    SeedingProgress progress(*this);
    on_threads(threads_, [&](unsigned t) {
      Worker& w = workers_[t];
      for (std::size_t ci = 0; ci < classes_.size(); ++ci) {
        WorkingClass& c = classes_[ci];
        for_each_slot(*c.index, w.first[ci], w.last[ci], [&](const SlotCursor& slot) {
          progress.count(t);
          const std::uint64_t s = slot.slot();
          if (!slot.canonical()) {
            c.codes[s - c.first] = kUnused;
            return;
          }
          ++w.canonical;
          const Position position{slot.us(), slot.them(), Colour::White};
          Value v;
          if (has_capture(position)) {
            // The lookup resolves a capture position by its capture sequences into the
            // smaller classes on disk: the seed is exactly what any reader will see.
            v = smaller_.value(position.us, position.them);
          } else if (!has_paika(position)) {
            v = kLostNow;
          } else {
            return;
          }
          set(c, w, ci, s, v);
          ++w.resolved;
          if (v.outcome == Outcome::draw) return;
          if (w.seed_depths.size() <= v.depth) w.seed_depths.resize(v.depth + 1u, 0);
          ++w.seed_depths[v.depth];
        });
      }
    });
    // Seeds join the frontier at their own depth: a step scans for them only where
    // this rank has some of that depth.
    std::array<std::uint64_t, 3> totals{};
    for (Worker& w : workers_) {
      totals[0] += w.resolved;
      w.resolved = 0;  // propagation counts from here on; seeds are in resolved_ already
      totals[1] += w.canonical;
      totals[2] = std::max<std::uint64_t>(totals[2], w.seed_depths.size());
      if (seed_depths_.size() < w.seed_depths.size()) seed_depths_.resize(w.seed_depths.size(), 0);
      for (std::size_t d = 0; d < w.seed_depths.size(); ++d) seed_depths_[d] += w.seed_depths[d];
    }
    std::array<std::uint64_t, 1> deepest{totals[2]};
    comm_.sum(std::span(totals).first(2));
    comm_.max(deepest);
    resolved_ = totals[0];
    canonical_ = totals[1];
    seed_depth_limit_ = deepest[0];  // one past the deepest seed of any rank
    report("seed", 0);
  }

  // Depth by depth: first every predecessor of a position lost in d becomes won in
  // d + 1; then predecessors of positions won in d lose one successor, and those
  // left with none lose in d + 1. Doing losses first means a position with both kinds
  // of news in one step is a win, as it must be. Each half is done in rounds of at
  // most about updates_per_round updates per thread: generate, exchange, apply.
  void propagate(int first_depth) {
    for (int d = first_depth;; ++d) {
      add_seeds(d);
      std::uint64_t processed = 0;
      for (Outcome kind : {Outcome::loss, Outcome::win}) {
        for (Worker& w : workers_)
          for (std::size_t ci = 0; ci < classes_.size(); ++ci) w.cursor[ci] = word_begin(w, ci);
        for (;;) {
          std::array<std::uint64_t, 1> unfinished{0};
          on_threads(threads_, [&](unsigned t) { generate(workers_[t], kind); });
          for (const Worker& w : workers_)
            for (std::size_t ci = 0; ci < classes_.size(); ++ci)
              if (w.cursor[ci] < word_end(w, ci)) unfinished[0] = 1;
          exchange();
          on_threads(threads_, [&](unsigned t) { apply(t, d, kind); });
          for (Worker& w : workers_)
            for (auto& buffer : w.out) buffer.clear();
          comm_.max(unfinished);
          if (unfinished[0] == 0) break;
        }
      }
      for (WorkingClass& c : classes_) std::swap(c.frontier, c.next);
      std::array<std::uint64_t, 2> totals{};
      for (Worker& w : workers_) {
        totals[0] += w.processed;
        totals[1] += w.resolved;
        w.processed = w.resolved = 0;
      }
      comm_.sum(totals);
      processed = totals[0];
      resolved_ += totals[1];
      stats_.resolved = resolved_;
      report("propagate", d);
      if (processed == 0 && static_cast<std::uint64_t>(d) + 1 >= seed_depth_limit_) break;
      maybe_save(d + 1);
    }
  }

  // --- Checkpoints: each rank its slice, at the boundary before depth step `step`.

  std::string pair_tag() const { return to_string(classes_[0].material); }
  std::filesystem::path slice_file(int step, unsigned rank) const {
    return options_.checkpoint_dir /
           (pair_tag() + ".step" + std::to_string(step) + ".rank" + std::to_string(rank) + "of" + std::to_string(ranks_));
  }
  std::filesystem::path latest_file() const { return options_.checkpoint_dir / (pair_tag() + ".latest"); }
  static constexpr std::uint64_t kMagic = 0x3150'4B43'5956'5354;  // "TSVYCKP1"

  // Rank 0 decides (the ranks' clocks differ), everyone saves, then rank 0 moves the
  // "latest" pointer, then the previous step's files go: a kill at any moment leaves
  // one complete checkpoint.
  void maybe_save(int step) {
    if (options_.checkpoint_dir.empty() || options_.checkpoint_every <= 0) return;
    std::vector<std::uint8_t> due{0};
    if (comm_.is_root()) due[0] = seconds_since(last_checkpoint_) >= options_.checkpoint_every;
    comm_.broadcast(due);
    if (!due[0]) return;
    if (comm_.is_root()) std::filesystem::create_directories(options_.checkpoint_dir);
    comm_.barrier();
    save(step);
    comm_.barrier();
    if (comm_.is_root()) write_text_atomically(latest_file(), std::to_string(step) + " " + std::to_string(ranks_) + "\n");
    comm_.barrier();
    if (saved_step_ >= 0) std::filesystem::remove(slice_file(saved_step_, rank_));
    saved_step_ = step;
    last_checkpoint_ = Clock::now();
  }

  void save(int step) {
    CheckpointWriter out(slice_file(step, rank_));
    out.put(kMagic);
    out.put(static_cast<std::int32_t>(classes_[0].material.us));
    out.put(static_cast<std::int32_t>(classes_[0].material.them));
    out.put(ranks_);
    out.put(rank_);
    out.put(static_cast<std::int32_t>(step));
    out.put(resolved_);
    out.put(canonical_);
    out.put(seed_depth_limit_);
    out.put_vector(seed_depths_);
    for (std::size_t ci = 0; ci < classes_.size(); ++ci) {
      const WorkingClass& c = classes_[ci];
      out.put(c.first);
      out.put(c.last);
      out.put_vector(c.codes);
      out.put_vector(c.counter);
      out.put_vector(c.frontier);
      std::vector<std::uint64_t> slots;
      std::vector<std::uint16_t> values;  // depth << 2 | outcome
      for (const Worker& w : workers_)
        for (const auto& [slot, v] : w.deep[ci]) {
          slots.push_back(slot);
          values.push_back(static_cast<std::uint16_t>(v.depth << 2 | static_cast<int>(v.outcome)));
        }
      out.put_vector(slots);
      out.put_vector(values);
    }
    out.put(kMagic);
    out.commit();
  }

  // Whether a checkpoint of this pair was found and loaded; `step` is where it resumes.
  bool resume(int& step) {
    if (options_.checkpoint_dir.empty()) return false;
    std::vector<std::uint8_t> latest;
    if (comm_.is_root()) {
      const std::optional<std::string> text = read_text(latest_file());
      if (text) latest.assign(text->begin(), text->end());
    }
    comm_.broadcast(latest);
    if (latest.empty()) return false;
    std::istringstream in(std::string(latest.begin(), latest.end()));
    unsigned saved_ranks = 0;
    if (!(in >> step >> saved_ranks) || step < 0)
      throw CheckpointError("checkpoint " + latest_file().string() + " is damaged; remove " +
                            options_.checkpoint_dir.string() + " to start the pair afresh");
    if (saved_ranks != ranks_)
      throw CheckpointError("the checkpoint of " + pair_tag() + " in " + options_.checkpoint_dir.string() +
                            " was written by " + std::to_string(saved_ranks) + " rank(s), this job has " +
                            std::to_string(ranks_) + ": run with " + std::to_string(saved_ranks) +
                            " ranks, or remove the directory to start the pair afresh");
    CheckpointReader file(slice_file(step, rank_));
    const auto expect = [&](bool ok) {
      if (!ok) file.fail("does not belong to this pair, rank or step");
    };
    expect(file.get<std::uint64_t>() == kMagic);
    expect(file.get<std::int32_t>() == classes_[0].material.us);
    expect(file.get<std::int32_t>() == classes_[0].material.them);
    expect(file.get<unsigned>() == ranks_);
    expect(file.get<unsigned>() == rank_);
    expect(file.get<std::int32_t>() == step);
    resolved_ = file.get<std::uint64_t>();
    canonical_ = file.get<std::uint64_t>();
    seed_depth_limit_ = file.get<std::uint64_t>();
    file.get_vector(seed_depths_);
    for (std::size_t ci = 0; ci < classes_.size(); ++ci) {
      WorkingClass& c = classes_[ci];
      expect(file.get<std::uint64_t>() == c.first);
      expect(file.get<std::uint64_t>() == c.last);
      file.get_vector(c.codes, c.last - c.first);
      file.get_vector(c.counter, c.last - c.first);
      file.get_vector(c.frontier, c.next.size());
      std::vector<std::uint64_t> slots;
      std::vector<std::uint16_t> values;
      file.get_vector(slots);
      file.get_vector(values, slots.size());
      for (std::size_t k = 0; k < slots.size(); ++k) {
        expect(slots[k] >= c.first && slots[k] < c.last);
        const unsigned owner = c.owners.owner(slots[k]) - rank_ * threads_;
        workers_[owner].deep[ci][slots[k]] = Value{static_cast<Outcome>(values[k] & 3), static_cast<std::uint16_t>(values[k] >> 2)};
      }
    }
    expect(file.get<std::uint64_t>() == kMagic && file.at_end());
    saved_step_ = step;
    if (options_.log) *options_.log << "  " << pair_tag() << ": resuming from the checkpoint before depth step " << step << "\n";
    report("seed", 0);
    return true;
  }

  std::uint64_t word_begin(const Worker& w, std::size_t ci) const { return (w.first[ci] - classes_[ci].first) / 64; }
  std::uint64_t word_end(const Worker& w, std::size_t ci) const { return (w.last[ci] - classes_[ci].first + 63) / 64; }

  // Puts this rank's seeds of depth d into the frontier: one byte compare per slot,
  // only at the depths where this rank has seeds.
  void add_seeds(int d) {
    if (static_cast<std::size_t>(d) >= seed_depths_.size() || seed_depths_[d] == 0) return;
    on_threads(threads_, [&](unsigned t) {
      Worker& w = workers_[t];
      const auto start = Clock::now();
      for (std::size_t ci = 0; ci < classes_.size(); ++ci) {
        WorkingClass& c = classes_[ci];
        if (d <= kMaxCodedDepth) {
          const std::uint8_t loss = code_of(Outcome::loss, d), win = code_of(Outcome::win, d);
          const std::uint8_t* codes = c.codes.data();
          for (std::uint64_t word = word_begin(w, ci); word < word_end(w, ci); ++word) {
            const std::uint64_t base = word * 64, n = std::min<std::uint64_t>(64, c.codes.size() - base);
            std::uint64_t bits = 0;
            for (std::uint64_t k = 0; k < n; ++k)
              bits |= static_cast<std::uint64_t>((codes[base + k] == loss) | (codes[base + k] == win)) << k;
            c.frontier[word] |= bits;
          }
        } else {
          for (const auto& [slot, v] : w.deep[ci])
            if (v.depth == d) c.frontier[(slot - c.first) / 64] |= std::uint64_t{1} << ((slot - c.first) % 64);
        }
      }
      w.frontier_seconds += seconds_since(start);
    });
  }

  // One round of a thread's frontier positions of outcome `kind` (losses in the first
  // half of a step, wins in the second): the distinct predecessor slots of each, as
  // updates per owner. Processed positions leave the frontier bitmap.
  void generate(Worker& w, Outcome kind) {
    std::uint64_t buffered = 0;
    for (std::size_t ci = 0; ci < classes_.size(); ++ci) {
      WorkingClass& c = classes_[ci];
      const WorkingClass& pred_class = classes_[c.other];
      const std::uint64_t pred_tag = c.other ? kClassBit : 0;
      while (w.cursor[ci] < word_end(w, ci) && buffered < options_.updates_per_round) {
        // Collect a batch of frontier slots from the bitmap (timed: the frontier
        // finding), then expand them.
        const auto start = Clock::now();
        w.frontier_slots.clear();
        const std::uint64_t stop = std::min(word_end(w, ci), w.cursor[ci] + 1024);
        for (; w.cursor[ci] < stop; ++w.cursor[ci]) {
          std::uint64_t& word = c.frontier[w.cursor[ci]];
          for (std::uint64_t bits = word; bits; bits &= bits - 1) {
            const std::uint64_t local = w.cursor[ci] * 64 + static_cast<unsigned>(std::countr_zero(bits));
            const std::uint8_t code = c.codes[local];
            const bool is_win = code == kDeep ? w.deep[ci].at(c.first + local).outcome == Outcome::win : (code & 1);
            if (is_win != (kind == Outcome::win)) continue;
            w.frontier_slots.push_back(c.first + local);
            word &= ~(std::uint64_t{1} << (local % 64));
          }
        }
        w.frontier_seconds += seconds_since(start);
        for (const std::uint64_t s : w.frontier_slots) {
          ++w.processed;
          const auto [us, them] = c.index->unindex_unchecked(s);
          paika_unmoves(Position{us, them, Colour::White}, w.positions);
          w.slots.clear();
          for (const Position& p : w.positions) w.slots.push_back(pred_class.index->index_unchecked(p.us, p.them));
          // A symmetric position can reach one stored predecessor by several un-moves;
          // it is still one successor of that predecessor (architecture.md, "Pitfall").
          std::sort(w.slots.begin(), w.slots.end());
          w.slots.erase(std::unique(w.slots.begin(), w.slots.end()), w.slots.end());
          for (const std::uint64_t q : w.slots) w.out[pred_class.owners.owner(q)].push_back(pred_tag | q);
          buffered += w.slots.size();
        }
      }
    }
  }

  // Moves the updates for other ranks' workers to them: one message per rank, holding
  // for each of its threads a count and that thread's updates.
  void exchange() {
    if (ranks_ == 1) return;
    const auto start = Clock::now();
    std::vector<std::vector<std::uint8_t>> send(ranks_);
    for (unsigned r = 0; r < ranks_; ++r) {
      if (r == rank_) continue;
      std::vector<std::uint64_t> words(threads_, 0);
      for (unsigned j = 0; j < threads_; ++j)
        for (const Worker& w : workers_) words[j] += w.out[r * threads_ + j].size();
      for (unsigned j = 0; j < threads_; ++j)
        for (const Worker& w : workers_) {
          const auto& part = w.out[r * threads_ + j];
          words.insert(words.end(), part.begin(), part.end());
        }
      send[r].resize(words.size() * sizeof(std::uint64_t));
      std::memcpy(send[r].data(), words.data(), send[r].size());
      stats_.exchanged_bytes += send[r].size();
    }
    comm_.all_to_all(send, received_);
    received_words_.assign(ranks_, {});
    for (unsigned r = 0; r < ranks_; ++r) {
      if (r == rank_ || received_[r].empty()) continue;
      auto& words = received_words_[r];
      words.resize(received_[r].size() / sizeof(std::uint64_t));
      std::memcpy(words.data(), received_[r].data(), received_[r].size());
      received_[r] = {};
    }
    stats_.exchange_seconds += seconds_since(start);
  }

  // Applies every update for thread j's slots, from its own rank's threads and from
  // the other ranks: marks wins (first half of a step) or counts down (second half).
  void apply(unsigned j, int d, Outcome kind) {
    Worker& w = workers_[j];
    const auto apply_all = [&](std::span<const std::uint64_t> updates) {
      for (const std::uint64_t u : updates) {
        const std::size_t ci = (u & kClassBit) ? 1 : 0;
        const std::uint64_t q = u & ~kClassBit;
        WorkingClass& c = classes_[ci];
        const std::uint64_t local = q - c.first;
        if (c.codes[local] != kUnknown) continue;
        if (kind == Outcome::loss) {
          resolve(c, w, ci, q, Outcome::win, d + 1);
        } else {
          std::uint8_t& counter = c.counter[local];
          if (counter == 0) counter = distinct_successors(c, q, w);
          if (--counter == 0) resolve(c, w, ci, q, Outcome::loss, d + 1);
        }
      }
    };
    for (const Worker& from : workers_) apply_all(from.out[rank_ * threads_ + j]);
    for (unsigned r = 0; r < ranks_; ++r) {
      if (r == rank_ || received_words_.size() <= r || received_words_[r].empty()) continue;
      const std::vector<std::uint64_t>& words = received_words_[r];
      std::uint64_t offset = threads_;
      for (unsigned k = 0; k < j; ++k) offset += words[k];
      apply_all(std::span(words).subspan(offset, words[j]));
    }
  }

  void resolve(WorkingClass& c, Worker& w, std::size_t ci, std::uint64_t q, Outcome outcome, int depth) {
    set(c, w, ci, q, Value{outcome, static_cast<std::uint16_t>(depth)});
    const std::uint64_t local = q - c.first;
    c.next[local / 64] |= std::uint64_t{1} << (local % 64);
    ++w.resolved;
  }

  // Paika moves from different points can reach one stored successor (symmetry), so
  // successors are counted as distinct slots (architecture.md, "Pitfall"). The count
  // is exact when first needed: an earlier won successor would have counted it then.
  // q is unresolved, so it has no capture (those are seeds): its turns are exactly the
  // paika steps, every stone to every empty neighbour along a line, which are built here
  // directly instead of by successors(), which would first search for captures.
  std::uint8_t distinct_successors(const WorkingClass& c, std::uint64_t q, Worker& w) const {
    const MaterialIndex& target = *classes_[c.other].index;
    const auto [us, them] = c.index->unindex_unchecked(q);
    const PointSet empty = kBoard & ~(us | them);
    w.slots.clear();
    for (const Direction d : kAllDirections) {
      const int offset = kPointOffsets[static_cast<int>(d)];
      for (PointSet to = shift(us, d) & empty; to;) {
        const Point t = pop_first(to);
        w.slots.push_back(target.index_unchecked(them, us ^ bit(t) ^ bit(t - offset)));
      }
    }
    std::sort(w.slots.begin(), w.slots.end());
    return static_cast<std::uint8_t>(std::unique(w.slots.begin(), w.slots.end()) - w.slots.begin());
  }

  // Whatever no frontier reached is a draw: neither side can force a win from it.
  std::vector<SolvedSlice> finish() {
    std::vector<SolvedSlice> out;
    for (std::size_t ci = 0; ci < classes_.size(); ++ci) {
      WorkingClass& c = classes_[ci];
      SolvedSlice slice;
      slice.material = c.material;
      slice.first = c.first;
      slice.last = c.last;
      for (std::uint8_t& code : c.codes)
        if (code == kUnknown) code = kDraw;
      // True counts first, then capture positions become don't-care (kUnknown, free
      // again now): no reader looks at their entries (TableLookup::reads_entry).
      std::vector<std::array<std::uint64_t, 4>> counts(threads_);
      on_threads(threads_, [&](unsigned t) {
        const Worker& w = workers_[t];
        for_each_slot(*c.index, w.first[ci], w.last[ci], [&](const SlotCursor& slot) {
          std::uint8_t& code = c.codes[slot.slot() - c.first];
          if (code == kUnused) return;
          const Value v = code == kDeep ? w.deep[ci].at(slot.slot()) : decode(code);
          ++counts[t][static_cast<int>(v.outcome)];
          counts[t][3] = std::max<std::uint64_t>(counts[t][3], v.depth);
          if (!TableLookup::reads_entry(slot.us(), slot.them())) code = kUnknown;
        });
      });
      for (const auto& k : counts) {
        slice.losses += k[static_cast<int>(Outcome::loss)];
        slice.draws += k[static_cast<int>(Outcome::draw)];
        slice.wins += k[static_cast<int>(Outcome::win)];
        slice.max_depth = std::max(slice.max_depth, k[3]);
      }
      slice.codes = std::move(c.codes);
      for (Worker& w : workers_) slice.deep.merge(w.deep[ci]);
      c.counter = {};
      c.frontier = {};
      c.next = {};
      out.push_back(std::move(slice));
    }
    resolved_ = canonical_;  // every position left is a draw: all have their value now
    report("draws", 0);
    return out;
  }

  const TableLookup& smaller_;
  Communicator& comm_;
  const SolveOptions& options_;
  unsigned threads_, rank_, ranks_;
  std::vector<WorkingClass> classes_;
  std::vector<Worker> workers_;
  std::vector<std::uint64_t> seed_depths_;
  std::uint64_t seed_depth_limit_ = 0;
  std::uint64_t resolved_ = 0, canonical_ = 0;
  std::vector<std::vector<std::uint8_t>> received_;
  std::vector<std::vector<std::uint64_t>> received_words_;
  SolveStats stats_;
  Clock::time_point last_checkpoint_ = Clock::now();
  int saved_step_ = -1;
};

}  // namespace

Value SolvedSlice::at(std::uint64_t slot) const {
  const std::uint8_t code = codes[slot - first];
  switch (code) {
    case kDraw: return {Outcome::draw, 0};
    case kUnused:
    case kUnknown: return {Outcome::unused, 0};
    case kDeep: return deep.at(slot);
    default: return {code & 1 ? Outcome::win : Outcome::loss, static_cast<std::uint16_t>(code >> 1)};
  }
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

ClassTable to_class_table(const SolvedSlice& slice) {
  if (slice.first != 0 || slice.last != MaterialIndex::of(slice.material).slots())
    throw std::logic_error("to_class_table: not the whole class");
  ClassTable table{slice.material, std::vector<std::uint8_t>(slice.codes.size()), std::vector<std::uint16_t>(slice.codes.size())};
  for (std::uint64_t s = 0; s < slice.codes.size(); ++s) {
    const Value v = slice.at(s);
    table.wdl[s] = static_cast<std::uint8_t>(v.outcome);
    table.depth[s] = v.depth;
  }
  return table;
}

std::vector<SolvedSlice> solve_pair(Material material, const TableLookup& smaller, Communicator& comm,
                                    const SolveOptions& options, SolveStats* stats) {
  return PairSolver(material, smaller, comm, options).run(stats);
}

}  // namespace tsivy
