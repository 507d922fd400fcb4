// The explorer's JSON API, free of HTTP: each call takes the request's parameters and
// returns a status code and a JSON body. Bad input is a 4xx answer with
// {"error": "..."} (never an exception); the web server only carries the answers.
//   GET /api/probe?fen=F            the object of `tsivy probe --json`
//   GET /api/line?fen=F[&max_turns=N]  the object of `tsivy play --json`
//   GET /api/info                   classes present, largest complete total, manifest statistics
#pragma once

#include <filesystem>
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

// {"error": message}, with "status" (the C API's status name) when there is one.
ApiAnswer error_answer(int http_status, const std::string& message, const char* tsivy_status = nullptr);

class WebApi {
 public:
  // Reads the directory's manifest now, so that a directory without one fails at start.
  // At most probe_threads probes run at once, however many connections are open.
  WebApi(const Tables& tables, const std::filesystem::path& dir, unsigned probe_threads);

  ApiAnswer probe(const std::optional<std::string>& fen) const;
  ApiAnswer line(const std::optional<std::string>& fen, const std::optional<std::string>& max_turns) const;
  ApiAnswer info() const { return {200, info_}; }

 private:
  template <class Answer>
  ApiAnswer answer_for_position(const std::optional<std::string>& fen, Answer&& answer) const;

  const Tables& tables_;
  nlohmann::json info_;
  mutable std::counting_semaphore<1024> probe_slots_;
};

}  // namespace tsivy::serve
