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
#pragma once

#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <semaphore>
#include <string>

#include "tsivy/tsivy.hpp"

namespace tsivy::serve {

struct ApiAnswer {
  int status = 200;
  nlohmann::json body;
};

// {"error": message, "status": tsivy_status}: every error names a C API status, the
// C API's own where it decided, else the one that fits (TSIVY_ERROR_BAD_ARGUMENT for a
// request the client got wrong: a missing or bad parameter, path or method).
ApiAnswer error_answer(int http_status, const std::string& message, const char* tsivy_status);

class WebApi {
 public:
  // Reads the directory's manifest now, so that a directory without one fails at start.
  // At most probe_threads probes run at once, however many connections are open.
  // deepest: one position of each class's greatest depth (FEN, by class name "MvN"), as
  // `tsivy stats` finds them; /api/info gives "deepest" for the classes it names.
  WebApi(const Tables& tables, const std::filesystem::path& dir, unsigned probe_threads,
         const std::map<std::string, std::string>& deepest = {});

  ApiAnswer probe(const std::optional<std::string>& fen) const;
  ApiAnswer line(const std::optional<std::string>& fen, const std::optional<std::string>& max_turns) const;
  ApiAnswer info() const { return {200, info_}; }
  ApiAnswer random_position(const std::optional<std::string>& material, const std::optional<std::string>& wdl) const;
  // fen: the game's first position; moves: its turns from there, separated by spaces.
  ApiAnswer game(const std::optional<std::string>& fen, const std::optional<std::string>& moves) const;

 private:
  template <class Answer>
  ApiAnswer answer_for_position(const std::optional<std::string>& fen, Answer&& answer) const;

  const Tables& tables_;
  nlohmann::json info_;
  mutable std::counting_semaphore<1024> probe_slots_;
  mutable std::mutex random_mutex_;
  mutable std::uint64_t random_state_;
};

}  // namespace tsivy::serve
