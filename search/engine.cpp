#include "search/engine.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <mutex>
#include <thread>

#include "game/movegen.h"
#include "game/search_path.h"
#include "game/zobrist.h"
#include "search/evaluation.h"
#include "search/move_ordering.h"
#include "search/table_leaves.h"
#include "search/transposition_table.h"

namespace tsivy::search {
namespace {

using Clock = std::chrono::steady_clock;

// At the horizon, positions with a capture pending are searched on through their
// captures, at most this many turns deep (each removes stones, so it ends anyway; the
// bound keeps long exchanges cheap).
constexpr int kMaxQuiescencePly = 8;
constexpr std::uint16_t kNoMove = 0xFFFF;
constexpr int kAspirationWindow = 40;

// Forced results are stored relative to the node (plies from it, not from the root), so
// that an entry means the same wherever the position recurs.
int to_table(int score, int ply) {
  if (is_win(score)) return score + ply;
  if (is_loss(score)) return score - ply;
  return score;
}
int from_table(int score, int ply) {
  if (is_win(score)) return score - ply;
  if (is_loss(score)) return score + ply;
  return score;
}

}  // namespace

std::string score_text(int score) {
  if (is_exact_end(score)) return (score > 0 ? "win " : "loss ") + std::to_string(kWinScore - std::abs(score));
  if (is_win(score) || is_loss(score))
    return (score > 0 ? "tablewin " : "tableloss ") + std::to_string(kTableWinBase - std::abs(score));
  return "cp " + std::to_string(score);
}

// What the threads of one search share: the limits, the clock, and whether the main
// thread has finished (the helpers then stop).
struct Engine::SearchControl {
  Limits limits;
  int max_depth = kMaxPly - 1;
  const std::atomic<bool>* stop = nullptr;  // the caller's
  const Weights* weights = nullptr;         // EngineOptions::weights; none: the engine's own
  std::atomic<bool> finished{false};        // the main thread's
  Clock::time_point started;

  // The deepest iteration any thread has completed: the search's answer. A helper a ply
  // ahead of the main thread gives it a ply sooner, and one that completes max_depth
  // ends the search.
  // Written under mutex with the two below; read without it where a stale value does.
  std::atomic<int> completed_depth{0};
  std::mutex mutex;
  int deepest_score = 0;
  std::vector<Move> deepest_pv;

  void completed(int depth, int score, std::span<const Move> pv) {
    const std::lock_guard lock(mutex);
    if (depth <= completed_depth.load(std::memory_order_relaxed)) return;
    deepest_score = score;
    deepest_pv.assign(pv.begin(), pv.end());
    completed_depth.store(depth, std::memory_order_relaxed);
  }
};

// One thread's search: its own stacks, turn ordering and repetition path, the shared
// transposition table (docs/engine.md, "Threads"). Worker 0 is the main thread: it runs
// on the caller's thread, reports iterations and gives the result; the others (Lazy SMP)
// search the same root at once to fill the table, and stop when it is done.
struct Engine::Worker {
  Worker(TranspositionTable& table, int id) : table(table), id(id) {}

  TranspositionTable& table;
  const int id;

  std::array<MoveList, kMaxPly + 1> moves;
  MoveOrdering ordering{kMaxPly + 1};
  std::array<std::array<Move, kMaxPly + 1>, kMaxPly + 1> pv{};
  std::array<int, kMaxPly + 1> pv_length{};
  // The game's positions, then the search's path: for repetitions.
  SearchPath path;
  TableLeaves leaves{nullptr};
  SearchControl* control = nullptr;
  std::uint64_t nodes = 0;
  // nodes as the other threads see it (the main thread's node limit counts them all).
  std::atomic<std::uint64_t> published_nodes{0};
  std::span<const std::unique_ptr<Worker>> others;  // the main thread's view of the helpers
  std::uint64_t others_nodes = 0;                   // their nodes, as last read
  bool aborted = false;

  // The node limit counts from the first completed iteration on, so that every search
  // has at least one (a depth-1 search is cheap: the horizon search stands pat). Time
  // and `stop` end even the first. Only the main thread applies the node and depth
  // limits; a helper ends with it.
  bool first_done = false;
  bool out_of_budget() {
    const Limits& limits = control->limits;
    if (id == 0 && limits.nodes && nodes + others_nodes >= limits.nodes && first_done) return true;
    if ((nodes & 1023) == 0) {
      published_nodes.store(nodes, std::memory_order_relaxed);
      if (id == 0 && !others.empty()) {
        others_nodes = 0;
        for (const auto& w : others) others_nodes += w->published_nodes.load(std::memory_order_relaxed);
      }
      if (control->stop && control->stop->load(std::memory_order_relaxed)) return true;
      if (id != 0 && control->finished.load(std::memory_order_relaxed)) return true;
      if (control->completed_depth.load(std::memory_order_relaxed) >= control->max_depth) return true;
      if (limits.movetime.count() && Clock::now() - control->started >= limits.movetime) return true;
    }
    return false;
  }
  std::uint64_t all_nodes() const { return nodes + others_nodes; }

  int evaluation(const Position& p) const {
    return control->weights ? evaluate(p, *control->weights) : evaluate(p);
  }

  std::optional<int> table_score(const Position& p, int ply) {
    if (!leaves.covers(count(p.us) + count(p.them))) return std::nullopt;
    const std::optional<Outcome> o = leaves.wdl(p);
    if (!o) return std::nullopt;
    if (*o == Outcome::win) return kTableWinBase - ply;
    if (*o == Outcome::loss) return -(kTableWinBase - ply);
    return 0;
  }

  // The line of the last iteration completed or cut short, from the root.
  std::span<const Move> root_pv() const { return {pv[0].data(), static_cast<std::size_t>(pv_length[0])}; }

  void update_pv(int ply, const Move& m) {
    pv[ply][ply] = m;
    for (int k = ply + 1; k < pv_length[ply + 1]; ++k) pv[ply][k] = pv[ply + 1][k];
    pv_length[ply] = std::max(pv_length[ply + 1], ply + 1);
  }

  // Sets up a search of a root that follows `history`.
  void begin(SearchControl& c, const TableLookup* tables, std::span<const Position> history) {
    control = &c;
    nodes = 0;
    others_nodes = 0;
    published_nodes.store(0, std::memory_order_relaxed);
    aborted = false;
    first_done = false;
    leaves = TableLeaves(tables);
    path.reset(history);
    ordering.new_search();
  }

  // One iteration of the deepening, `depth` deep, within an aspiration window around
  // `previous` (the last iteration's score). nullopt when the search was stopped.
  std::optional<int> iterate(const Position& root, std::uint64_t root_key, int depth, int previous);
  // The helpers' loop: deeper and deeper until the main thread is done. Odd helpers
  // start a ply deeper, so that the threads are not all on one depth.
  void help(const Position& root, std::uint64_t root_key);

  int quiesce(const Position& p, std::uint64_t key, int alpha, int beta, int ply, int qply);
  int negamax(const Position& p, std::uint64_t key, int depth, int alpha, int beta, int ply);
};

int Engine::Worker::quiesce(const Position& p, std::uint64_t key, int alpha, int beta, int ply, int qply) {
  ++nodes;
  pv_length[ply] = ply;
  if (out_of_budget()) aborted = true;
  if (aborted) return 0;
  if (!has_capture(p)) {
    // Quiet: the evaluation stands, unless the side to move cannot move at all.
    if (!has_paika(p)) return -(kWinScore - ply);
    return evaluation(p);
  }
  // A capture is pending. The rules make it compulsory, but whichever the side to move
  // takes, it gains stones: the evaluation before it is a lower bound good enough to cut
  // (the usual "stand pat"), and without it the capture exchanges of a full board would
  // multiply out of all proportion.
  const int stand_pat = evaluation(p);
  if (stand_pat >= beta || qply >= kMaxQuiescencePly || ply >= kMaxPly) return stand_pat;
  if (stand_pat > alpha) alpha = stand_pat;
  MoveList& list = moves[ply];
  generate_moves(p, list);
  ordering.score(ply, list, kNoMove);
  int best = stand_pat;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const Move& m = list[ordering.pick(ply, i)];
    const Position child = make_move(p, m);
    const std::uint64_t child_key = key ^ key_change(m, p.to_move);
    int score;
    if (const std::optional<int> t = table_score(child, ply + 1)) {
      ++nodes;
      score = -*t;
    } else {
      score = -quiesce(child, child_key, -beta, -alpha, ply + 1, qply + 1);
    }
    if (aborted) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

int Engine::Worker::negamax(const Position& p, std::uint64_t key, int depth, int alpha, int beta, int ply) {
  const bool pv_node = beta - alpha > 1;
  if (ply > 0) {
    pv_length[ply] = ply;
    if (path.repeated_at(p, key) >= 0) return 0;  // a draw by repetition is what the side to move may claim here
    if (const std::optional<int> t = table_score(p, ply)) {
      ++nodes;
      return *t;
    }
    if (depth <= 0 || ply >= kMaxPly) return quiesce(p, key, alpha, beta, ply, 0);
    ++nodes;
    if (out_of_budget()) aborted = true;
    if (aborted) return 0;
  } else {
    ++nodes;
    pv_length[0] = 0;
  }

  std::uint16_t table_move = kNoMove;
  if (const std::optional<TableEntry> e = table.find(key)) {
    table_move = e->move;
    const int score = from_table(e->score, ply);
    if (!pv_node && ply > 0 && e->depth >= depth) {
      if (e->bound == Bound::exact) return score;
      if (e->bound == Bound::lower && score >= beta) return score;
      if (e->bound == Bound::upper && score <= alpha) return score;
    }
  }

  MoveList& list = moves[ply];
  generate_moves(p, list);
  if (list.empty()) return -(kWinScore - ply);  // no stones or no turn: lost
  if (table_move >= list.size()) table_move = kNoMove;  // a key collision
  ordering.score(ply, list, table_move);
  const OnPath on_path(path, p, key);  // for the repetitions below it

  const int original_alpha = alpha;
  int best = -kInfinity;
  std::uint16_t best_move = kNoMove;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::uint16_t generated = static_cast<std::uint16_t>(ordering.pick(ply, i));
    const Move& m = list[generated];
    const Position child = make_move(p, m);
    const std::uint64_t child_key = key ^ key_change(m, p.to_move);
    if (depth > 1) table.prefetch(child_key);  // the child will probe the table
    int score;
    if (i == 0) {
      score = -negamax(child, child_key, depth - 1, -beta, -alpha, ply + 1);
    } else {
      // Principal variation search: prove the rest no better with a null window first.
      score = -negamax(child, child_key, depth - 1, -alpha - 1, -alpha, ply + 1);
      if (!aborted && score > alpha && score < beta) score = -negamax(child, child_key, depth - 1, -beta, -alpha, ply + 1);
    }
    if (aborted) return 0;
    if (score > best) {
      best = score;
      best_move = generated;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
        if (alpha >= beta) {
          if (!m.is_capture()) ordering.cut_off(ply, m, depth);
          break;
        }
      }
    }
  }
  const Bound bound = best >= beta ? Bound::lower : best > original_alpha ? Bound::exact : Bound::upper;
  table.store(key, to_table(best, ply), bound, depth, best_move);
  return best;
}

std::optional<int> Engine::Worker::iterate(const Position& root, std::uint64_t root_key, int depth, int previous) {
  int window = kAspirationWindow;
  int alpha = -kInfinity, beta = kInfinity;
  if (depth >= 4 && !is_win(previous) && !is_loss(previous)) {
    alpha = previous - window;
    beta = previous + window;
  }
  for (;;) {
    const int score = negamax(root, root_key, depth, alpha, beta, 0);
    if (aborted) return std::nullopt;
    // Outside the window: widen it on that side and search again.
    if (score <= alpha) {
      alpha = std::max(-kInfinity, score - window);
    } else if (score >= beta) {
      beta = std::min(kInfinity, score + window);
    } else {
      return score;
    }
    window *= 4;
    if (window > 1000) alpha = -kInfinity, beta = kInfinity;
  }
}

void Engine::Worker::help(const Position& root, std::uint64_t root_key) {
  int previous = 0;
  for (int depth = 1 + (id & 1); depth <= control->max_depth; ++depth) {
    // Past what another thread has completed already, odd helpers a ply further than
    // the main thread will go next, so that the threads are not all on one depth.
    depth = std::max(depth, control->completed_depth.load(std::memory_order_relaxed) + 1 + (id & 1));
    if (depth > control->max_depth) return;
    const std::optional<int> score = iterate(root, root_key, depth, previous);
    if (!score) return;
    previous = *score;
    control->completed(depth, *score, root_pv());
  }
}

struct Engine::State {
  explicit State(const EngineOptions& options)
      : table(options.hash_mib), tables(options.tables), weights(options.weights) {
    set_threads(1);
  }

  void set_threads(int threads) {
    workers.resize(static_cast<std::size_t>(threads));
    for (int i = 0; i < threads; ++i)
      if (!workers[static_cast<std::size_t>(i)]) workers[static_cast<std::size_t>(i)] = std::make_unique<Worker>(table, i);
  }

  TranspositionTable table;
  const TableLookup* tables;
  std::optional<Weights> weights;
  std::vector<std::unique_ptr<Worker>> workers;  // workers[0] is the main thread
};

Engine::Engine(const EngineOptions& options) : state_(std::make_unique<State>(options)) {
  set_threads(options.threads);
}
Engine::~Engine() = default;

void Engine::set_hash_mib(std::size_t mib) { state_->table.resize(mib); }
void Engine::set_tables(const TableLookup* tables) { state_->tables = tables; }
void Engine::set_threads(int threads) {
  if (threads < 1 || threads > kMaxThreads)
    throw std::invalid_argument("threads must be 1 to " + std::to_string(kMaxThreads) + ", not " + std::to_string(threads));
  state_->set_threads(threads);
}
int Engine::threads() const { return static_cast<int>(state_->workers.size()); }
void Engine::new_game() {
  state_->table.clear();
  for (const auto& w : state_->workers) w->ordering.clear();
}

SearchResult Engine::search(const Position& root, std::span<const Position> history, const Limits& limits,
                            const std::function<void(const Iteration&)>& on_iteration, const std::atomic<bool>* stop) {
  State& s = *state_;
  SearchControl control;
  control.started = Clock::now();
  control.limits = limits;
  control.stop = stop;
  control.weights = s.weights ? &*s.weights : nullptr;
  Worker& main = *s.workers.front();
  main.others = std::span(s.workers).subspan(1);
  control.max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  for (const auto& w : s.workers) w->begin(control, s.tables, history);
  const std::uint64_t root_key = position_key(root);
  s.table.new_search();

  SearchResult result;
  const auto elapsed = [&] { return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - control.started); };

  MoveList root_moves;
  generate_moves(root, root_moves);
  if (root_moves.empty()) {
    result.score = -kWinScore;
    result.elapsed = elapsed();
    return result;
  }
  // Inside the tables the root plays a best turn of the tables: exact, and quicker than any search.
  if (const std::optional<TableLeaves::RootChoice> choice = main.leaves.best_turn(root, history)) {
    result.best = choice->move;
    result.from_tables = true;
    result.table_value = choice->root;
    const int turns = choice->root.depth;
    result.score = choice->root.outcome == Outcome::win    ? kWinScore - turns
                   : choice->root.outcome == Outcome::loss ? -(kWinScore - turns)
                                                           : 0;
    result.pv = {choice->move};
    result.nodes = 1;
    result.elapsed = elapsed();
    result.table_error = main.leaves.error();
    if (on_iteration) on_iteration({0, result.score, result.nodes, result.elapsed, result.pv});
    return result;
  }

  // The helpers search until the main thread is done, also when it throws.
  struct Helpers {
    SearchControl& control;
    std::vector<std::jthread> threads;
    void join() {
      control.finished.store(true, std::memory_order_relaxed);
      threads.clear();  // joins them: their node counts are final
    }
    ~Helpers() { join(); }
  } helpers{control, {}};
  for (const auto& w : main.others)
    helpers.threads.emplace_back([&root, root_key, worker = w.get()] {
      try {
        worker->help(root, root_key);
      } catch (...) {
        // A helper only fills the table: the main thread's search goes on without it.
      }
    });

  // The result is the deepest iteration completed by any thread, reported on this
  // thread when it sees it (after each of its own iterations, and at the end).
  const auto report_deepest = [&] {
    {
      const std::lock_guard lock(control.mutex);
      const int depth = control.completed_depth.load(std::memory_order_relaxed);
      if (depth <= result.depth) return;
      result.depth = depth;
      result.score = control.deepest_score;
      result.pv = control.deepest_pv;
    }
    result.best = result.pv.empty() ? root_moves.front() : result.pv.front();
    result.nodes = main.all_nodes();
    result.elapsed = elapsed();
    if (on_iteration) on_iteration({result.depth, result.score, result.nodes, result.elapsed, result.pv});
  };
  int cut_depth = 0;  // the main thread's iteration that a limit or `stop` cut short
  for (int depth = 1; depth <= control.max_depth; ++depth) {
    depth = std::max(depth, control.completed_depth.load(std::memory_order_relaxed) + 1);  // a helper is ahead
    if (depth > control.max_depth) break;
    const std::optional<int> score = main.iterate(root, root_key, depth, result.score);
    if (!score) {
      cut_depth = depth;
      break;
    }
    control.completed(depth, *score, main.root_pv());
    report_deepest();
    main.first_done = true;
    // A forced end within the horizon is final: deeper searches find the same.
    if (is_exact_end(result.score) && kWinScore - std::abs(result.score) <= result.depth) break;
    if (main.out_of_budget()) break;
    // On a clock, another iteration takes longer than all before it: not worth starting
    // late, the time is kept for later turns.
    if (limits.save_time && limits.movetime.count() && Clock::now() - control.started >= limits.movetime / 2) break;
  }
  helpers.join();
  report_deepest();  // one a helper completed while this thread was in its own
  // Cut short inside an iteration deeper than any completed, after a turn was searched in
  // full: its best turn so far. The first turn it searched is the last iteration's (the
  // table's move), and another replaced it only by scoring better a ply deeper.
  if (cut_depth > result.depth && main.pv_length[0] > 0) {
    result.pv.assign(main.pv[0].begin(), main.pv[0].begin() + main.pv_length[0]);
    result.best = result.pv.front();
  }
  // Cut short inside the first iteration before any turn: the first one ordered.
  if (!result.best) {
    result.best = root_moves.front();
    result.pv = {*result.best};
  }
  if (result.depth == 0) result.score = main.evaluation(root);
  result.nodes = 0;
  for (const auto& w : s.workers) {
    result.nodes += w->nodes;
    if (result.table_error.empty()) result.table_error = w->leaves.error();
  }
  result.elapsed = elapsed();
  return result;
}

}  // namespace tsivy::search
