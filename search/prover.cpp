#include "search/prover.h"

#include <sstream>
#include <stdexcept>

#include "game/notation.h"
#include "lookup/table_lookup.h"
#include "search/certificate_extraction.h"
#include "search/certificate_pruning.h"
#include "search/deep_stack.h"
#include "search/proof_table.h"
#include "search/table_leaves.h"
#include "search/tables_digest.h"

namespace tsivy::search {
namespace {

using Clock = std::chrono::steady_clock;

struct SavedState {
  int phase = 1;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

// The saved state's header: what is being proved (checked on resume) and how far.
std::string state_header(const ProverOptions& o, int leaf_stones, const SavedState& s) {
  std::ostringstream out;
  out << "board " << board_name() << "\nroot " << format_position(o.root) << "\nleaves " << leaf_stones << "\nphase "
      << s.phase << "\nnodes " << s.nodes << "\nseconds " << s.seconds << "\n";
  return out.str();
}

SavedState parse_state_header(const std::string& header, const ProverOptions& o, int leaf_stones) {
  std::istringstream in(header);
  std::string key, board, root_rows, root_side;
  int leaves = -1;
  SavedState s;
  in >> key >> board >> key >> root_rows >> root_side >> key >> leaves >> key >> s.phase >> key >> s.nodes >> key >> s.seconds;
  if (!in) throw std::runtime_error("the saved proof state's header is malformed");
  if (board != board_name()) throw std::invalid_argument("the saved proof state is of the " + board + " board");
  if (root_rows + " " + root_side != format_position(o.root))
    throw std::invalid_argument("the saved proof state is of another position, " + root_rows + " " + root_side);
  if (leaves != leaf_stones)
    throw std::invalid_argument("the saved proof state used tables of " + std::to_string(leaves) + " stones, these cover " +
                                std::to_string(leaf_stones));
  if (s.phase != 1 && s.phase != 2) throw std::runtime_error("the saved proof state names no phase");
  return s;
}

const char* colour_word(Colour c) { return c == Colour::White ? "white" : "black"; }

}  // namespace

std::filesystem::path prover_state_file(const std::filesystem::path& out) { return out / "prove-state.bin"; }

namespace {
ProverResult prove_on_this_stack(const ProverOptions& o) {
  const int leaf_stones = o.tables ? o.tables->listing().max_complete_stones() : 0;
  const std::optional<std::uint64_t> digest = leaf_stones ? tables_digest(*o.tables, leaf_stones) : std::nullopt;
  if (leaf_stones && !digest)
    throw std::invalid_argument("the tables' manifest does not list every class up to " + std::to_string(leaf_stones) +
                                " stones: a certificate could not name them");
  TableLeaves leaves(o.tables);
  ProofTable table(o.memory_bytes);
  const std::filesystem::path state_file = prover_state_file(o.out);
  SavedState state;
  if (o.resume) {
    if (!std::filesystem::exists(state_file))
      throw std::invalid_argument("--resume: " + state_file.string() + " does not exist (nothing to resume)");
    state = parse_state_header(table.load(state_file), o, leaf_stones);
    if (o.log) o.log("resuming phase " + std::to_string(state.phase) + " after " + std::to_string(state.nodes) + " nodes with " +
                     std::to_string(table.entries_used()) + " saved entries");
  } else if (std::filesystem::exists(state_file)) {
    throw std::invalid_argument(o.out.string() + " holds a saved proof state: --resume continues it (or remove " +
                                state_file.string() + ")");
  }

  std::filesystem::create_directories(o.out);
  ProverResult result;
  const Colour mover = o.root.to_move;
  const auto began = Clock::now();
  const auto run_seconds = [&] { return std::chrono::duration<double>(Clock::now() - began).count(); };
  std::uint64_t nodes_before_phase = state.nodes;
  const std::uint64_t nodes_at_start = state.nodes;
  if (state.phase == 2) {
    // Phase 1 was settled ("wins" disproved) and its certificate written by the earlier run.
    const std::filesystem::path first = o.out / certificate_file_name(other(mover), Goal::does_not_lose);
    if (std::filesystem::exists(first)) result.certificates.push_back(first);
  }

  for (int phase = state.phase; phase <= 2; ++phase) {
    const Goal goal = phase == 1 ? Goal::wins : Goal::does_not_lose;
    if (phase != state.phase) table.clear();
    ProofSearch search(table, leaves, mover, goal);
    auto last_progress = Clock::now(), last_save = Clock::now();
    bool stopped = false;
    const auto progress = [&] {
      ProverProgress p;
      p.phase = phase;
      p.attacker = mover;
      p.goal = goal;
      p.nodes = nodes_before_phase + search.counters().nodes;
      p.seconds = state.seconds + run_seconds();
      p.nodes_per_second = static_cast<double>(p.nodes - nodes_at_start) / std::max(run_seconds(), 1e-9);
      p.root = search.root_numbers();
      p.table_hits = search.counters().table_hits;
      p.memory_bytes = table.bytes();
      p.entries = table.entries_used();
      p.first_turns = search.first_turns();
      return p;
    };
    const auto save = [&] {
      const SavedState now{phase, nodes_before_phase + search.counters().nodes, state.seconds + run_seconds()};
      table.save(state_file, state_header(o, leaf_stones, now));
    };
    const auto keep_going = [&] {
      const auto now = Clock::now();
      if (o.on_progress && now - last_progress >= o.progress_every) {
        o.on_progress(progress());
        last_progress = now;
      }
      if (now - last_save >= o.save_every) {
        save();
        last_save = Clock::now();
      }
      if (o.max_nodes && nodes_before_phase + search.counters().nodes >= o.max_nodes) stopped = true;
      return !stopped;
    };
    const ProofNumbers root = search.prove(o.root, {}, keep_going);
    result.last = progress();
    result.last.root = root;
    if (!root.settled()) {
      save();
      if (o.log) o.log("stopped unsettled; state saved in " + state_file.string());
      return result;
    }
    if (o.log) o.log(std::string("phase ") + std::to_string(phase) + ": " + colour_word(mover) + " " +
                     goal_name(goal) + (root.proved() ? ": proved" : ": disproved") + "; writing the certificate");
    Certificate certificate = extract_certificate(search, o.root, root.proved(), leaf_stones);
    prune_certificate(certificate, [&](const Position& p) { return search.leaf_value(p); });
    certificate.tables = digest;
    const std::filesystem::path file = o.out / certificate_file_name(certificate.side, certificate.claim);
    write_certificate(file, certificate);
    result.certificates.push_back(file);
    nodes_before_phase += search.counters().nodes;
    if (phase == 1 && root.proved()) {
      result.value = Outcome::win;
      break;
    }
    if (phase == 2) result.value = root.proved() ? Outcome::draw : Outcome::loss;
    if (phase == 1) {
      // Phase 1 is settled: a resumed run starts at phase 2.
      state.nodes = nodes_before_phase;
      state.phase = 2;
      table.clear();
      table.save(state_file, state_header(o, leaf_stones, {2, nodes_before_phase, state.seconds + run_seconds()}));
    }
  }
  result.finished = true;
  result.last.nodes = nodes_before_phase;
  std::filesystem::remove(state_file);
  return result;
}
}  // namespace

ProverResult run_prover(const ProverOptions& o) {
  ProverResult result;
  run_on_deep_stack([&] { result = prove_on_this_stack(o); });
  return result;
}

}  // namespace tsivy::search
