// Small text files that must not be trusted when damaged (certificates, the frontier's
// state): the text, then a last line "checksum HEX" with the XXH3-64 of all before it.
#pragma once

#include <filesystem>
#include <string>

namespace tsivy::search {

// `text` (ending in a newline) with its checksum line added.
std::string with_checksum(std::string text);

// Whether `text` ends in a matching checksum line: then `body` is what comes before it;
// else `problem` says how the text is truncated or damaged.
bool checksum_matches(const std::string& text, std::string& body, std::string& problem);
// A file's whole contents; false when it cannot be read.
bool read_whole_file(const std::filesystem::path& file, std::string& contents);

// The same, throwing the caller's error type (a std::runtime_error) instead.
template <class Error>
std::string checked_body(const std::string& text) {
  std::string body, problem;
  if (!checksum_matches(text, body, problem)) throw Error(problem);
  return body;
}

template <class Error>
std::string file_contents(const std::filesystem::path& file) {
  std::string contents;
  if (!read_whole_file(file, contents)) throw Error(file.string() + ": cannot open");
  return contents;
}

}  // namespace tsivy::search
