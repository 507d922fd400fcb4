#include "cli/engine_session.h"

#include <algorithm>
#include <exception>
#include <type_traits>
#include <utility>

#include "cli/checked_tables.h"
#include "cli/hash_budget.h"
#include "cli/search_text.h"
#include "game/notation.h"
#include "tsivy/tsivy.h"

namespace tsivy::cli {

using protocol::ProtocolError;

EngineSession::EngineSession(std::ostream& out, std::size_t hash_mib, std::unique_ptr<TableLookup> tables, std::string tables_dir,
                             int threads)
    : out_(out),
      engine_(search::EngineOptions{.hash_mib = hash_mib, .tables = tables.get(), .threads = threads}),
      hash_mib_(hash_mib),
      tables_(std::move(tables)),
      tables_dir_(std::move(tables_dir)) {}

EngineSession::~EngineSession() { finish(); }

void EngineSession::finish() {
  {
    const std::lock_guard lock(stop_mutex_);
    stop_ = true;
  }
  stop_changed_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void EngineSession::write(const std::string& line) {
  const std::lock_guard lock(out_mutex_);
  out_ << line << '\n' << std::flush;
}

bool EngineSession::handle(std::string_view line) {
  try {
    const protocol::Command command = protocol::parse_command(line);
    if (std::holds_alternative<protocol::Quit>(command)) {
      finish();
      return false;
    }
    act(command);
  } catch (const ProtocolError& e) {
    write("error " + e.command() + ": " + e.what());
  } catch (const std::exception& e) {
    // Not the protocol's refusal but a failure acting on an accepted line (memory for
    // the table, say): still one error line, and the engine goes on.
    const std::size_t begin = std::min(line.size(), line.find_first_not_of(" \t"));
    const std::string_view command = line.substr(begin, line.find_first_of(" \t\r", begin) - begin);
    write("error " + std::string(command) + ": " + e.what());
  }
  return true;
}

void EngineSession::require_idle(const std::string& command) {
  if (searching_ && !stop_) throw ProtocolError(command, "a search is running; send stop first");
  // Either the last search has written its bestmove and is about to return, or it was
  // told to stop and ends soon: wait for it (so that `stop` then `go` at once works, and
  // nothing below touches the engine while the search's thread still runs).
  if (worker_.joinable()) worker_.join();
}

void EngineSession::act(const protocol::Command& command) {
  std::visit(
      [&](const auto& c) {
        using C = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<C, protocol::Handshake>) {
          handshake();
        } else if constexpr (std::is_same_v<C, protocol::IsReady>) {
          write("readyok");
        } else if constexpr (std::is_same_v<C, protocol::NewGame>) {
          require_idle("newgame");
          engine_.new_game();
        } else if constexpr (std::is_same_v<C, protocol::SetGame>) {
          // The worker searches its own copy, so a new game may be set during a search:
          // it is the one the next go searches.
          game_ = c.game;
        } else if constexpr (std::is_same_v<C, protocol::Go>) {
          go(c);
        } else if constexpr (std::is_same_v<C, protocol::Stop>) {
          {
            const std::lock_guard lock(stop_mutex_);
            stop_ = true;
          }
          stop_changed_.notify_all();
        } else if constexpr (std::is_same_v<C, protocol::SetHash>) {
          require_idle("setoption");
          set_hash(c.mib);
        } else if constexpr (std::is_same_v<C, protocol::SetTables>) {
          require_idle("setoption");
          set_tables(c.dir);
        } else if constexpr (std::is_same_v<C, protocol::SetThreads>) {
          require_idle("setoption");
          engine_.set_threads(c.threads);
        } else if constexpr (std::is_same_v<C, protocol::Show>) {
          write("fen " + format_position(game_.current()) + " turns " + std::to_string(game_.turns().size()));
        }
        // Nothing (an empty line) does nothing; Quit is handled by handle().
      },
      command);
}

void EngineSession::handshake() {
  write("id name tsivy " TSIVY_VERSION_STRING);
  write("id author The tsivy authors");
  write("option name Hash type spin default " + std::to_string(hash_mib_) + " min 1 max " + std::to_string(protocol::kMaxHashMib));
  write("option name Tables type string default " + (tables_ ? tables_dir_ : std::string("<empty>")));
  write("option name Threads type spin default " + std::to_string(engine_.threads()) + " min 1 max " + std::to_string(search::kMaxThreads));
  write("tsivyok");
}

void EngineSession::set_hash(std::size_t mib) {
  try {
    check_hash_fits(mib, hash_mib_);
  } catch (const std::invalid_argument& e) {
    throw ProtocolError("setoption", e.what());
  }
  engine_.set_hash_mib(mib);
  hash_mib_ = mib;
}

void EngineSession::set_tables(const std::string& dir) {
  if (dir.empty()) {
    engine_.set_tables(nullptr);
    tables_.reset();
    tables_dir_.clear();
    return;
  }
  std::unique_ptr<TableLookup> tables;
  try {
    tables = open_checked_tables(dir);
  } catch (const std::exception& e) {
    // The previous tables stay: the engine was given them and they still work.
    throw ProtocolError("setoption", std::string("Tables: ") + e.what() + (tables_ ? " (keeping " + tables_dir_ + ")" : ""));
  }
  engine_.set_tables(tables.get());
  tables_ = std::move(tables);
  tables_dir_ = dir;
}

void EngineSession::go(const protocol::Go& go) {
  require_idle("go");
  stop_ = false;
  searching_ = true;
  worker_ = std::thread([this, game = game_, go] { search(std::move(game), go); });
}

void EngineSession::end_search(const std::string& bestmove_line) {
  const std::lock_guard lock(out_mutex_);
  searching_ = false;
  out_ << bestmove_line << '\n' << std::flush;
}

void EngineSession::search(Game game, protocol::Go go) {
  std::string bestmove;
  if (game.ended_by_repetition()) {
    bestmove = "bestmove none reason repetition";
  } else {
    try {
      search::Limits limits = go.limits;
      if (go.clock) {
        // The side to move's clock decides this turn's time; a movetime also given still bounds it.
        const std::chrono::milliseconds budget = search::time_for_turn(go.clock->of(game.current().to_move));
        limits.movetime = limits.movetime.count() ? std::min(limits.movetime, budget) : budget;
        limits.save_time = true;
      }
      const search::SearchResult result = engine_.search(
          game.current(), game.history(), limits, [this](const search::Iteration& it) {
            if (is_searched_iteration(it)) write(info_line(it));
          }, &stop_);
      if (result.from_tables) write(table_info_line(result));
      bestmove = result.best ? "bestmove " + turn_text(*result.best) : "bestmove none reason no-turn";
    } catch (const std::exception& e) {
      write(std::string("error go: the search failed: ") + e.what());
      end_search("bestmove none reason error");
      return;
    }
  }
  if (go.infinite) {
    // As in UCI: an infinite search answers only when told to stop, even if it ended first.
    std::unique_lock lock(stop_mutex_);
    stop_changed_.wait(lock, [this] { return stop_.load(); });
  }
  end_search(bestmove);
}

}  // namespace tsivy::cli
