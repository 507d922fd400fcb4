// A proof in pieces (docs/prover.md, "A proof in pieces"): the front end the checkers
// and Othello proofs used. The tree near the root is kept as an explicit AND/OR tree of
// subproblems, each a position and the folder's claim ("White does not lose", say). A
// worker takes the most proving open subproblem (by the tree's proof and disproof
// numbers), gives it to df-pn with a budget, and either settles it (writing its
// certificate) or, when the budget runs out, expands it a level: its children become
// subproblems. An expanded node settles when its children do, and its certificate is
// then a small one that refers to theirs (search/certificate.h), so the root's
// certificate checks the whole proof through references.
//
// The state is small text files (search/frontier_files.h) meant to be kept in git, so a
// proof advances across sessions and machines. Any number of workers (processes, MPI
// ranks, Slurm array tasks) may work on one folder at once: a subproblem is claimed
// before it is taken and the claim is renewed while it runs, so no two workers take one
// subproblem, and a killed worker's claim runs out; what was settled is on disk.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "game/position.h"
#include "search/frontier_files.h"
#include "search/proof_search.h"

namespace tsivy {
class TableLookup;
}

namespace tsivy::search {

// Creates a frontier for `side` proving `claim` from `root` with these tables (nullptr:
// none) as leaves. Throws FrontierError when the folder holds one already.
void create_frontier(const std::filesystem::path& dir, const Position& root, Colour side, Goal claim,
                     const TableLookup* tables);

struct FrontierOptions {
  std::filesystem::path dir;
  const TableLookup* tables = nullptr;  // must be the tables the frontier names
  std::size_t memory_bytes = std::size_t{256} << 20;  // the worker's proof table
  std::uint64_t budget_nodes = 1000000;  // a subproblem's df-pn run (doubled for each run it had); 0: none
  double budget_seconds = 0;             // the same in seconds; 0: none
  double stop_after_seconds = 0;         // this worker's whole run; 0: until the root is settled
  std::uint64_t stop_after_runs = 0;     // this worker's df-pn runs; 0: no limit
  std::string owner;                     // the claims' owner; "" for host:pid
  std::chrono::seconds claim_lease{120};  // a claim not renewed for this long is free again
  std::function<void(const std::string&)> log;
};

struct FrontierRunReport {
  NodeStatus root = NodeStatus::open;  // where the root stands at the end
  std::size_t runs = 0;                // df-pn runs this worker made
  std::size_t settled = 0, expanded = 0;
  std::uint64_t nodes = 0;             // this worker's
  double seconds = 0;
};

// Works on the frontier until the root is settled or a stop is reached. Throws
// FrontierError for a damaged folder or tables other than those it names.
FrontierRunReport work_on_frontier(const FrontierOptions& options);

// Where the frontier stands, as text: the claim, the root's status and numbers, the
// counts, the work spent, and a table of the root's turns.
std::string frontier_status(const std::filesystem::path& dir);

// The root's certificate, once it is settled; "" before.
std::filesystem::path frontier_root_certificate(const std::filesystem::path& dir);

}  // namespace tsivy::search
