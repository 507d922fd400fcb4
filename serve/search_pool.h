// The explorer's engine searches (GET /api/search): a fixed set of worker threads, each
// with an Engine of its own (one Engine searches one position at a time), and a short
// queue in front of them. Every search has a time limit and a stop flag: it stops at its
// movetime, when a newer search of the same game arrives, when its client goes away, or
// when the server stops; and the request waiting for it never waits past a bound, even
// on an engine that does not stop.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "game/position.h"
#include "search/engine.h"

namespace tsivy {
class TableLookup;
}

namespace tsivy::serve {

struct SearchRequest {
  Position root;
  std::vector<Position> history;  // the game before root, oldest first (for repetition)
  std::chrono::milliseconds movetime{1000};
  std::string game;  // "" or an id of the page's game: a newer search of it stops this one
};

enum class SearchEnd {
  done,           // result holds the search's answer
  superseded,     // a newer search of the same game arrived
  client_gone,    // the client closed its connection
  busy,           // every worker busy and the queue full, or no worker free in time
  stalled,        // the engine did not stop within its grace time after its movetime
  shutting_down,  // the server is stopping
  failed,         // the search threw (damaged tables, say): error says what
};

struct SearchOutcome {
  SearchEnd end = SearchEnd::done;
  search::SearchResult result;  // when done
  std::string error;            // when failed
};

struct SearchPoolOptions {
  unsigned workers = 2;
  int threads_per_search = 1;     // each worker's search threads (search::Engine::set_threads)
  std::size_t hash_mib = 16;      // each worker's transposition table
  std::size_t max_waiting = 16;   // searches queued for a worker; beyond that, busy
  // A search's stop flag is set this long after its movetime if it has not returned,
  // and the request gives up on it this much later again (stalled).
  std::chrono::milliseconds grace{1000};
  // How long a search may wait in the queue for a worker before it is answered busy.
  std::chrono::milliseconds max_queue_wait{10000};
};

class SearchPool {
 public:
  // tables: the one lookup the engines read (nullptr: the search alone); must outlive the pool.
  SearchPool(const TableLookup* tables, const SearchPoolOptions& options);
  // Stops every search and joins the workers.
  ~SearchPool();
  SearchPool(const SearchPool&) = delete;
  SearchPool& operator=(const SearchPool&) = delete;

  // Runs the search on a worker and waits for it, checking `client_gone` every few
  // milliseconds (a search whose client left is stopped). Thread-safe.
  SearchOutcome run(const SearchRequest& request, const std::function<bool()>& client_gone);

  // Stops every search, running or waiting, and refuses new ones (server shutdown).
  void stop_all();

 private:
  struct Job;
  void work(search::Engine& engine);

  SearchPoolOptions options_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::deque<std::shared_ptr<Job>> waiting_;
  std::map<std::string, std::weak_ptr<Job>> latest_by_game_;  // each game's newest search
  std::vector<std::shared_ptr<Job>> running_;
  bool stopping_ = false;
  std::vector<std::unique_ptr<search::Engine>> engines_;
  std::vector<std::thread> workers_;
};

}  // namespace tsivy::serve
