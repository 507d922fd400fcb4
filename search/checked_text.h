// Small text files that must not be trusted when damaged (certificates, the frontier's
// state): the text, then a last line "checksum HEX" with the XXH3-64 of all before it.
#pragma once

#include <filesystem>
#include <string>

namespace tsivy::search {

// `text` (ending in a newline) with its checksum line added.
std::string with_checksum(std::string text);

// The text before the checksum line, once the checksum matches; throws `Error` (a
// std::runtime_error) with a message saying the text is truncated or damaged.
template <class Error>
std::string checked_body(const std::string& text);

// A file's whole contents; throws `Error` "FILE: cannot open" when it cannot be read.
template <class Error>
std::string file_contents(const std::filesystem::path& file);

// Defined for these only.
bool checksum_matches(const std::string& text, std::string& body, std::string& problem);
bool read_whole_file(const std::filesystem::path& file, std::string& contents);

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
