// One `tsivy engine` session (docs/engine.md): acts on the commands parse_command
// reads, searching on a worker thread so that stop, isready and quit are read while
// it searches. Every line goes through one lock, so that lines never interleave.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

#include "cli/engine_protocol.h"
#include "lookup/table_lookup.h"
#include "search/engine.h"

namespace tsivy::cli {

class EngineSession {
 public:
  // `tables` (may be null) and `tables_dir` (its name, for the handshake) are the
  // starting Tables option, `hash_mib` the starting Hash, `threads` the starting Threads.
  EngineSession(std::ostream& out, std::size_t hash_mib, std::unique_ptr<TableLookup> tables, std::string tables_dir,
                int threads = 1);
  // Stops a running search and waits for it (its bestmove is written).
  ~EngineSession();
  EngineSession(const EngineSession&) = delete;
  EngineSession& operator=(const EngineSession&) = delete;

  // Acts on one line of input. Returns false once the session is over (quit); a
  // refused line writes one error line and returns true.
  bool handle(std::string_view line);
  // Stops a running search and waits until its bestmove is written (end of input, quit).
  void finish();

 private:
  void act(const protocol::Command& command);
  void write(const std::string& line);
  void handshake();
  void go(const protocol::Go& go);
  void search(Game game, protocol::Go go);  // on the worker thread
  void end_search(const std::string& bestmove_line);
  // Throws ProtocolError(command, ...) while a search runs and has not been told to stop;
  // otherwise waits for the search's thread to end.
  void require_idle(const std::string& command);
  void set_hash(std::size_t mib);
  void set_tables(const std::string& dir);

  std::ostream& out_;
  std::mutex out_mutex_;  // one line at a time; also orders searching_ with the bestmove line
  search::Engine engine_;
  std::size_t hash_mib_;
  std::unique_ptr<TableLookup> tables_;
  std::string tables_dir_;
  Game game_ = protocol::start_game();

  std::thread worker_;
  // True from an accepted go until just before its bestmove line is written, so that a
  // driver that has read bestmove and sends go at once finds the engine idle.
  std::atomic<bool> searching_{false};
  std::atomic<bool> stop_{false};
  std::mutex stop_mutex_;  // with stop_changed_: `go infinite` waits for stop after its search
  std::condition_variable stop_changed_;
};

}  // namespace tsivy::cli
