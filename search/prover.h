// `tsivy prove` (docs/prover.md): a position's value by two proof searches, "the side
// to move wins" and, when it does not, "the side to move does not lose", each ending
// in a certificate (search/certificate.h). The state is saved every few minutes, so a
// long proof resumes after a kill.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "game/position.h"
#include "lookup/outcome.h"
#include "search/proof_search.h"

namespace tsivy {
class TableLookup;
}

namespace tsivy::search {

struct ProverProgress {
  int phase = 1;  // 1: "wins", 2: "does not lose"
  Colour attacker = Colour::White;
  Goal goal = Goal::wins;
  std::uint64_t nodes = 0;  // in all, over every phase and earlier runs
  double seconds = 0;       // the same
  double nodes_per_second = 0;  // this run's
  ProofNumbers root;
  std::uint64_t table_hits = 0;
  std::size_t memory_bytes = 0;  // the proof table's
  std::uint64_t entries = 0;
  ProofSearch::FirstTurns first_turns;
};

struct ProverOptions {
  Position root;
  const TableLookup* tables = nullptr;
  std::size_t memory_bytes = std::size_t{1} << 30;
  std::filesystem::path out;  // certificates and the saved state
  bool resume = false;
  std::chrono::seconds save_every{300};
  std::chrono::milliseconds progress_every{5000};
  std::uint64_t max_nodes = 0;  // stop, state saved, after this many nodes in all; 0: no limit
  std::function<void(const ProverProgress&)> on_progress;
  std::function<void(const std::string&)> log;
};

struct ProverResult {
  bool finished = false;
  Outcome value = Outcome::unused;  // for the root's side to move
  std::vector<std::filesystem::path> certificates;
  ProverProgress last;
};

// The saved state's file in the output directory.
std::filesystem::path prover_state_file(const std::filesystem::path& out);

// Throws std::invalid_argument for a state that does not match (another root, board or
// tables), std::runtime_error for an unreadable or damaged one.
ProverResult run_prover(const ProverOptions& options);

}  // namespace tsivy::search
