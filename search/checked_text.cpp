#include "search/checked_text.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "io/format.h"
#include "search/tables_digest.h"

namespace tsivy::search {
namespace {

std::uint64_t text_checksum(std::string_view text) {
  return io::format::checksum({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

}  // namespace

std::string with_checksum(std::string text) {
  text += "checksum " + digest_text(text_checksum(text)) + "\n";
  return text;
}

bool checksum_matches(const std::string& text, std::string& body, std::string& problem) {
  // The checksum first: a damaged or cut file is refused before anything is read from it.
  const std::size_t last = text.rfind("checksum ");
  if (last == std::string::npos || (last != 0 && text[last - 1] != '\n')) {
    problem = "no checksum line: truncated, or not a file of this kind";
    return false;
  }
  const std::string line = text.substr(last + 9);
  char* end = nullptr;
  const std::uint64_t stated = std::strtoull(line.c_str(), &end, 16);
  if (end != line.c_str() + 16 || (*end != '\n' && *end != '\0') || (*end == '\n' && end[1] != '\0')) {
    problem = "malformed checksum line: truncated or damaged";
    return false;
  }
  if (text_checksum(std::string_view(text).substr(0, last)) != stated) {
    problem = "checksum mismatch: damaged";
    return false;
  }
  body = text.substr(0, last);
  return true;
}

bool read_whole_file(const std::filesystem::path& file, std::string& contents) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  contents = bytes.str();
  return true;
}

}  // namespace tsivy::search
