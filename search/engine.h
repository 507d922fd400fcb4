// The engine: iterative-deepening principal variation search over whole turns
// (docs/engine.md, "The search"), with the tables' exact values at its leaves.
// One Engine searches one position at a time; run several Engines for several games.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "game/move.h"
#include "game/position.h"
#include "lookup/outcome.h"
#include "search/evaluation.h"

namespace tsivy {
class TableLookup;
}

namespace tsivy::search {

// Scores are for the side to move, in hundredths of a stone. A score of at least
// kTableWinBase - kMaxPly is a forced win (exact, or a won table position reached),
// at most its negative a forced loss; 0 is also what a draw scores.
inline constexpr int kMaxPly = 128;
inline constexpr int kWinScore = 30000;       // the side to move wins now: kWinScore - plies to the end
inline constexpr int kTableWinBase = 20000;   // a won table position reached after `ply` turns: kTableWinBase - ply
inline constexpr int kInfinity = 32000;
constexpr bool is_win(int score) { return score >= kTableWinBase - kMaxPly; }
constexpr bool is_loss(int score) { return score <= -(kTableWinBase - kMaxPly); }
constexpr bool is_exact_end(int score) { return score >= kWinScore - 2 * kMaxPly || score <= -(kWinScore - 2 * kMaxPly); }

// "cp 35", "win 7" / "loss 7" (the game ends after 7 more turns of both sides),
// "tablewin 3" / "tableloss 3" (a won / lost table position is reached after 3 turns).
std::string score_text(int score);

// Zero means no limit of that kind. With none at all the search runs until `stop`
// (or to kMaxPly). The first iteration always completes unless time or `stop` ends it;
// the node limit applies from then on. With one thread, a depth or node limit gives the
// same result every time.
struct Limits {
  int depth = 0;
  std::uint64_t nodes = 0;
  std::chrono::milliseconds movetime{0};
  // The movetime is a share of a clock: once half of it has gone no iteration is started
  // (it would take longer than all before it and not finish), and what is left stays on
  // the clock for later turns. Without it a movetime is searched to its end: time not
  // used is lost.
  bool save_time = false;
};

// One completed iteration of the deepening.
struct Iteration {
  int depth = 0;
  int score = 0;
  std::uint64_t nodes = 0;
  std::chrono::nanoseconds elapsed{0};
  std::vector<Move> pv;  // from the root; pv.front() is the turn the iteration prefers
};

struct SearchResult {
  // None when the side to move has no turn: the game is over. When a limit cut an
  // iteration short after it had searched a turn in full, its best turn so far (the last
  // iteration's turn, searched first, or one that beat it a ply deeper), with that
  // iteration's line in pv; score and depth stay the last completed iteration's.
  std::optional<Move> best;
  int score = 0;
  int depth = 0;  // of the last completed iteration (0 when the tables decided)
  std::uint64_t nodes = 0;
  std::chrono::nanoseconds elapsed{0};
  std::vector<Move> pv;
  // The root is inside the tables: best is a best turn of the tables (a won position
  // is never drawn or lost, a drawn one never lost) and table_value is the root's value.
  bool from_tables = false;
  Value table_value;
  // Not empty when a table file turned out damaged or unreadable during the search: what
  // the lookup said. The search went on without the tables from there.
  std::string table_error;
};

// The most threads one search may use (setoption name Threads, tsivy search --threads).
inline constexpr int kMaxThreads = 256;

struct EngineOptions {
  std::size_t hash_mib = 64;             // transposition table budget, shared by the threads
  const TableLookup* tables = nullptr;   // none: the search alone
  int threads = 1;                       // 1 to kMaxThreads
  // The evaluation's weights. None: kDefaultWeights, by the evaluation that computes only
  // the features they weigh (the engine's, the fastest); others compute every feature, at
  // some tenth of the speed: for tuning weights by games at a node limit (bench/spsa_tune).
  std::optional<Weights> weights = std::nullopt;
};

class Engine {
 public:
  explicit Engine(const EngineOptions& options = {});
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Resizes (and clears) the transposition table.
  void set_hash_mib(std::size_t mib);
  // Tables for the leaves and the root; nullptr for none. Not owned; must outlive the searches.
  void set_tables(const TableLookup* tables);
  // Threads for each search (1 to kMaxThreads; std::invalid_argument otherwise): the
  // caller's thread and threads - 1 helpers that share the transposition table (Lazy
  // SMP). The result is the deepest iteration any of them completed; with more than one
  // thread it may differ from run to run, and a node limit counts the nodes of all.
  void set_threads(int threads);
  int threads() const;
  // Forgets what earlier searches learnt (transposition table, history): a new game.
  void new_game();

  // Searches `root`. `history` is the game before it, oldest first, root not included:
  // a position that repeats one of the history or of the search's own path scores as a
  // draw (rules.md: the third occurrence is a draw). `on_iteration` is called after each
  // completed depth, on the calling thread. `stop`, when set by another thread, ends the
  // search soon after, as the limits do (SearchResult says what the result is then).
  SearchResult search(const Position& root, std::span<const Position> history, const Limits& limits,
                      const std::function<void(const Iteration&)>& on_iteration = {},
                      const std::atomic<bool>* stop = nullptr);

 private:
  struct State;
  struct SearchControl;
  struct Worker;
  std::unique_ptr<State> state_;
};

}  // namespace tsivy::search
