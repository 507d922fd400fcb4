// The explorer's JSON API, free of HTTP: each call takes the request's parameters and
// returns a status code and a JSON body. Bad input is a 4xx answer with
// {"error": "..."} (never an exception); the web server only carries the answers.
//   GET /api/probe?fen=F            the object of `tsivy probe --json`
//   GET /api/line?fen=F[&max_turns=N]  the object of `tsivy play --json`
//   GET /api/info                   the board (rows, columns, name, start position), classes present,
//                                   largest complete total, manifest statistics (and each class's
//                                   deepest position, when counted at start)
//   GET /api/random?class=MvN&wdl=V  a random position of the class with value V for the side to move
//   GET /api/game?fen=F&moves=T1+T2  the position after the turns, its legal turns (also
//                                   outside the tables) and whether the game has ended (game_json.h)
//   GET /api/record?fen=F&moves=T1+T2  the whole game: the position after each turn and the
//                                   turn's value, every turn checked (record_json.h)
//   GET /api/search?fen=F&moves=T1+T2&movetime=MS[&game=ID]  the engine's best turn there
//                                   (search_pool.h: a worker pool, each search stoppable)
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <semaphore>
#include <string>

#include "lookup/table_lookup.h"
#include "tsivy/tsivy.hpp"

namespace tsivy::serve {

class SearchPool;

struct ApiAnswer {
  int status = 200;
  nlohmann::json body;
};

// {"error": message, "status": tsivy_status}: every error names a C API status, the
// C API's own where it decided, else the one that fits (TSIVY_ERROR_BAD_ARGUMENT for a
// request the client got wrong: a missing or bad parameter, path or method).
ApiAnswer error_answer(int http_status, const std::string& message, const char* tsivy_status);

// The lookup inside `tables` (probe/own_lookup.h), through which the engines search the
// tables the probes read: one reader. Throws std::invalid_argument for tables of another
// board than this build's (`tsivy --board RxC serve` serves those).
const TableLookup& search_lookup(const Tables& tables);

class WebApi {
 public:
  // Serves `tables`: probes through libtsivy's handle, the engines' searches through
  // the lookup inside it (search_lookup): the directory is read once, with one block
  // cache and one record of damaged files. Refuses tables of another board, and a
  // directory whose manifest lists no class, so that it fails at start. At most probe_threads probes run at once, however many connections are open.
  // deepest: one position of each class's greatest depth (FEN, by class name "MvN"), as
  // `tsivy stats` finds them; /api/info gives "deepest" for the classes it names.
  // search_workers: engine searches run at once (each with its own engine); more wait
  // in a short queue. threads_per_search: the threads of each of them (Lazy SMP).
  WebApi(Tables tables, unsigned probe_threads, const std::map<std::string, std::string>& deepest = {},
         unsigned search_workers = 2, int threads_per_search = 1);
  ~WebApi();

  const Tables& tables() const { return tables_; }

  ApiAnswer probe(const std::optional<std::string>& fen) const;
  ApiAnswer line(const std::optional<std::string>& fen, const std::optional<std::string>& max_turns) const;
  ApiAnswer info() const { return {200, info_}; }
  ApiAnswer random_position(const std::optional<std::string>& material, const std::optional<std::string>& wdl) const;
  // fen: the game's first position; moves: its turns from there, separated by spaces.
  ApiAnswer game(const std::optional<std::string>& fen, const std::optional<std::string>& moves) const;
  // The same game, every position of it (a game record loaded by the page).
  ApiAnswer record(const std::optional<std::string>& fen, const std::optional<std::string>& moves) const;
  // The engine's best turn after the game's moves, searched for movetime milliseconds
  // (kMinMovetime..kMaxMovetime, default kDefaultMovetime). game: an id of the page's
  // game (letters, digits, - and _, up to 64): a newer search of it stops this one (409).
  // client_gone says whether the client has left (the search then stops). Blocks for
  // about movetime.
  ApiAnswer search(const std::optional<std::string>& fen, const std::optional<std::string>& moves,
                   const std::optional<std::string>& movetime, const std::optional<std::string>& game,
                   const std::function<bool()>& client_gone) const;
  // Stops every search and refuses new ones (the server is stopping).
  void stop_searches() const;

  static constexpr int kMinMovetime = 50, kMaxMovetime = 10000, kDefaultMovetime = 1000;

 private:
  template <class Answer>
  ApiAnswer answer_for_position(const std::optional<std::string>& fen, Answer&& answer) const;
  // The same for a game: its first position and turns replayed (serve/game_record.h),
  // answer(tables, game) the body; a turn that is not legal is 400 naming it.
  template <class Answer>
  ApiAnswer answer_for_game(const std::optional<std::string>& fen, const std::optional<std::string>& moves,
                            Answer&& answer) const;
  // The position of a fen parameter, or the error answer for it.
  std::optional<Position> read_position(const std::optional<std::string>& fen, ApiAnswer& error) const;

  const Tables tables_;
  nlohmann::json info_;
  mutable std::counting_semaphore<1024> probe_slots_;
  mutable std::mutex random_mutex_;
  mutable std::uint64_t random_state_;
  std::unique_ptr<SearchPool> searches_;  // thread-safe; after tables_, so destroyed first
};

}  // namespace tsivy::serve
