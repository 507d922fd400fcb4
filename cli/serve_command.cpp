// `tsivy serve`: the web explorer. Opens the tables and binds the port first, so that a
// bad directory or a port in use is a one-line error at start; then serves until
// SIGINT or SIGTERM, which stop it cleanly (connections finished, tables closed).
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <ctime>
#include <iostream>
#include <map>
#include <string>
#include <thread>

#include "check/stats.h"
#include "cli/commands.h"
#include "cli/stats_json.h"
#include "game/geometry.h"
#include "serve/web_api.h"
#include "serve/web_server.h"

namespace tsivy::cli {
namespace {

// SIGINT and SIGTERM are blocked in every thread (the server's threads inherit the
// mask) and taken by one thread with sigtimedwait, which may then call stop() safely;
// a signal handler could not.
class StopOnSignal {
 public:
  explicit StopOnSignal(serve::WebServer& server) {
    sigemptyset(&signals_);
    sigaddset(&signals_, SIGINT);
    sigaddset(&signals_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
    waiter_ = std::thread([this, &server] {
      const timespec poll{0, 200'000'000};
      while (!done_) {
        if (sigtimedwait(&signals_, nullptr, &poll) > 0) {
          server.stop();
          return;
        }
      }
    });
  }
  ~StopOnSignal() {
    done_ = true;
    waiter_.join();
  }
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;

 private:
  sigset_t signals_;
  std::atomic<bool> done_{false};
  std::thread waiter_;
};

// One deepest position of each class, found as `tsivy stats` finds it (from the value
// files where generate left them: seconds up to 6 stones; otherwise a scan that resolves
// every capture position, hours at 8).
std::map<std::string, std::string> deepest_positions(const std::shared_ptr<const TableDirectory>& dir, unsigned threads) {
  StatsOptions options;
  options.threads = threads;
  std::map<std::string, std::string> deepest;
  for (const ClassStats& s : table_stats(dir, options))
    if (const nlohmann::json fen = deepest_fen(s); !fen.is_null()) deepest[to_string(s.material)] = fen.get<std::string>();
  return deepest;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "serve",
      "Web explorer: look positions up, and play whole games in a browser, two players or against the\n"
      "computer (the engine, perfect play inside the tables), on the board of the tables (--board RxC\n"
      "for another board than 5x9; the page draws the board it is told).\n"
      "Open the address it prints (default http://127.0.0.1:8080/); Ctrl-C stops it.\n"
      "JSON API: /api/probe?fen=F (as `probe --json`), /api/line?fen=F (as `play --json`),\n"
      "/api/info (the board: rows, columns, name, start; the classes), /api/random?class=MvN&wdl=win|draw|loss,\n"
      "/api/game?fen=F&moves=T1+T2 (legal turns and the end of the game, also outside the tables),\n"
      "/api/search?fen=F&moves=T1+T2&movetime=MS[&game=ID] (the engine's turn)");
  auto dir = std::make_shared<std::string>();
  auto host = std::make_shared<std::string>("127.0.0.1");
  auto port = std::make_shared<int>(8080);
  auto threads = std::make_shared<unsigned>();
  auto stats = std::make_shared<bool>(false);
  auto searches = std::make_shared<unsigned>(2);
  auto threads_per_search = std::make_shared<int>(1);
  cmd->add_option("--tables", *dir, "Table directory written by `tsivy generate`")->required();
  cmd->add_option("--host", *host, "Address to listen on (default 127.0.0.1: this machine only)");
  cmd->add_option("--port", *port, "Port (default 8080; 0 picks a free one and prints it)")->check(CLI::Range(0, 65535));
  add_threads_option(*cmd, *threads);
  cmd->get_option("--threads")->description(
      "Probes answered at once (default: all cores); open connections are not limited by it");
  cmd->add_flag("--stats", *stats,
                "Before serving, scan the tables as `tsivy stats` does, so that the page of classes links each "
                "class's deepest position (seconds up to 6 stones from the value files that `tsivy generate` leaves; "
                "from tables without them, minutes at 6 stones, hours at 8)");
  cmd->add_option("--search-threads", *searches,
                  "Engine searches run at once for the pages' games (/api/search; default 2), each on a thread with "
                  "an engine of its own (16 MiB of hash); more wait in a queue of 16, beyond it they are refused (503)")
      ->check(CLI::Range(1, 64));
  cmd->add_option("--threads-per-search", *threads_per_search,
                  "Threads of each of those searches (default 1), sharing its hash (Lazy SMP): more than one for a "
                  "server with more cores than searches at once")
      ->check(CLI::Range(1, 64));
  cmd->callback([dir, host, port, threads, stats, searches, threads_per_search] {
    Tables opened(*dir);
    const std::map<std::string, std::string> deepest =
        *stats ? deepest_positions(serve::search_lookup(opened).shared_directory(), *threads) : std::map<std::string, std::string>{};
    const serve::WebApi api(std::move(opened), *threads, deepest, *searches, *threads_per_search);
    const Tables& tables = api.tables();
    serve::WebServer server(api);
    const int bound = server.bind(*host, *port);
    {
      StopOnSignal stop(server);
      std::cout << "tsivy serve: http://" << (host->find(':') != std::string::npos ? "[" + *host + "]" : *host) << ":"
                << bound << "/ (board " << board_name() << ", tables " << *dir << ", up to " << tables.max_stones()
                << " stones; Ctrl-C stops)" << std::endl;
      server.run();
    }
    std::cout << "tsivy serve: stopped" << std::endl;
  });
}

}  // namespace tsivy::cli
