#include "search/certificate.h"

#include <cstring>
#include <sstream>

#include "game/notation.h"
#include "io/atomic_file.h"
#include "search/checked_text.h"
#include "search/tables_digest.h"

#include <zstd.h>

namespace tsivy::search {
namespace {

constexpr const char* kFirstLine = "tsivy proof certificate 2";
constexpr const char* kFirstLineVersion1 = "tsivy proof certificate 1";  // no tables, no references


// Certificates are written once and read by every check: a high level costs little.
constexpr int kZstdLevel = 19;
// The largest certificate text a compressed file may claim (a bound against a forged
// frame header asking for all memory): far above the whole 5x9 proof's.
constexpr unsigned long long kMaxCertificateText = 1ull << 34;

// The text of a file's bytes: as they are, or decompressed when they are a zstd frame.
std::string plain_text(const std::string& bytes) {
  constexpr unsigned char kMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};
  if (bytes.size() < 4 || std::memcmp(bytes.data(), kMagic, 4) != 0) return bytes;
  const unsigned long long size = ZSTD_getFrameContentSize(bytes.data(), bytes.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN)
    throw CertificateError("a damaged zstd frame: the certificate is truncated or damaged");
  if (size > kMaxCertificateText) throw CertificateError("the compressed certificate claims an implausible size");
  std::string text(size, '\0');
  const std::size_t got = ZSTD_decompress(text.data(), text.size(), bytes.data(), bytes.size());
  if (ZSTD_isError(got) || got != size)
    throw CertificateError(std::string("cannot decompress: the certificate is truncated or damaged (") +
                           (ZSTD_isError(got) ? ZSTD_getErrorName(got) : "short") + ")");
  return text;
}

}  // namespace

const char* side_name(Colour c) { return c == Colour::White ? "white" : "black"; }

std::string claim_words(Colour side, Goal claim) {
  return std::string(side == Colour::White ? "White" : "Black") + (claim == Goal::wins ? " wins" : " does not lose");
}

std::string certificate_file_name(Colour side, Goal claim) {
  return std::string(side_name(side)) + "-" + goal_name(claim) + ".cert";
}

std::string certificate_text(const Certificate& c) {
  std::ostringstream out;
  out << kFirstLine << "\n"
      << "board " << board_name() << "\n"
      << "side " << side_name(c.side) << "\n"
      << "claim " << goal_name(c.claim) << "\n"
      << "root " << format_position(c.root) << "\n"
      << "leaves " << c.leaf_stones << "\n"
      << "tables " << (c.tables ? digest_text(*c.tables) : "none") << "\n"
      << "references " << c.references.size() << "\n";
  for (const Certificate::Reference& r : c.references) out << format_position(r.position) << " " << r.file << "\n";
  out << "positions " << c.entries.size() << "\n";
  for (const Certificate::Entry& e : c.entries) {
    out << format_position(e.position) << " " << turn_text(e.turn);
    if (c.claim == Goal::wins) out << " " << e.bound;
    out << "\n";
  }
  return with_checksum(out.str());
}

void write_certificate(const std::filesystem::path& file, const Certificate& c) {
  const std::string text = certificate_text(c);
  if (file.extension() != ".zst") {
    io::write_text_atomically(file, text);
    return;
  }
  std::string compressed(ZSTD_compressBound(text.size()), '\0');
  const std::size_t size = ZSTD_compress(compressed.data(), compressed.size(), text.data(), text.size(), kZstdLevel);
  if (ZSTD_isError(size)) throw std::runtime_error(file.string() + ": zstd compression failed: " + ZSTD_getErrorName(size));
  compressed.resize(size);
  io::write_text_atomically(file, compressed);
}

Certificate parse_certificate(const std::string& text) {
  std::istringstream in(checked_body<CertificateError>(text));
  std::string line;
  int line_number = 0;
  const auto next = [&](const std::string& key) {
    ++line_number;
    if (!std::getline(in, line) || line.rfind(key, 0) != 0)
      throw CertificateError("line " + std::to_string(line_number) + ": expected '" + key + "'");
    return line.substr(key.size());
  };
  ++line_number;
  if (!std::getline(in, line) || (line != kFirstLine && line != kFirstLineVersion1))
    throw CertificateError("line 1: not a tsivy proof certificate of version 1 or 2");
  const bool version1 = line == kFirstLineVersion1;
  Certificate c;
  if (const std::string board = next("board "); board != board_name())
    throw CertificateError("the certificate is for the " + board + " board, this is the " + board_name() + " build (use --board " + board + ")");
  const std::string side = next("side ");
  if (side != "white" && side != "black") throw CertificateError("line 3: side must be white or black");
  c.side = side == "white" ? Colour::White : Colour::Black;
  const std::string claim = next("claim ");
  if (claim != "wins" && claim != "does-not-lose") throw CertificateError("line 4: claim must be wins or does-not-lose");
  c.claim = claim == "wins" ? Goal::wins : Goal::does_not_lose;
  try {
    c.root = parse_position(next("root "));
    c.leaf_stones = std::stoi(next("leaves "));
    if (c.leaf_stones < 0 || c.leaf_stones > 2 * kStonesPerSide) throw CertificateError("line 6: leaves out of range");
    if (!version1) {
      if (const std::string digest = next("tables "); digest != "none") {
        char* end = nullptr;
        c.tables = std::strtoull(digest.c_str(), &end, 16);
        if (digest.size() != 16 || end != digest.c_str() + 16)
          throw CertificateError("line " + std::to_string(line_number) + ": tables must be 16 hexadecimal digits or none");
      }
      const unsigned long long references = std::stoull(next("references "));
      for (unsigned long long i = 0; i < references; ++i) {
        ++line_number;
        if (!std::getline(in, line)) throw CertificateError("fewer references than the header says");
        std::istringstream fields(line);
        std::string rows, mover, file, extra;
        if (!(fields >> rows >> mover >> file) || (fields >> extra))
          throw CertificateError("line " + std::to_string(line_number) + ": expected 'FEN file'");
        // A reference stays inside the folder tree of the proof: no absolute paths.
        if (std::filesystem::path(file).is_absolute())
          throw CertificateError("line " + std::to_string(line_number) + ": a reference must be a relative path");
        c.references.push_back({parse_position(rows + " " + mover), file});
      }
    }
    const unsigned long long positions = std::stoull(next("positions "));
    c.entries.reserve(static_cast<std::size_t>(std::min<unsigned long long>(positions, 1u << 24)));
    for (unsigned long long i = 0; i < positions; ++i) {
      ++line_number;
      if (!std::getline(in, line)) throw CertificateError("fewer positions than the header says");
      std::istringstream fields(line);
      std::string rows, mover, turn;
      Certificate::Entry e;
      if (!(fields >> rows >> mover >> turn)) throw CertificateError("line " + std::to_string(line_number) + ": expected 'FEN turn'");
      e.position = parse_position(rows + " " + mover);
      if (e.position.to_move != c.side)
        throw CertificateError("line " + std::to_string(line_number) + ": the position has the other side to move");
      e.turn = parse_turn(e.position, turn);
      if (c.claim == Goal::wins && !(fields >> e.bound))
        throw CertificateError("line " + std::to_string(line_number) + ": a 'wins' position needs its bound");
      std::string extra;
      if (fields >> extra) throw CertificateError("line " + std::to_string(line_number) + ": unexpected '" + extra + "'");
      c.entries.push_back(e);
    }
  } catch (const std::invalid_argument& e) {  // InvalidPosition, InvalidTurn, stoi
    throw CertificateError("line " + std::to_string(line_number) + ": " + e.what());
  } catch (const std::out_of_range&) {
    throw CertificateError("line " + std::to_string(line_number) + ": number out of range");
  }
  if (std::getline(in, line)) throw CertificateError("more lines than the header says");
  return c;
}

Certificate read_certificate(const std::filesystem::path& file) {
  const std::string bytes = file_contents<CertificateError>(file);
  try {
    return parse_certificate(plain_text(bytes));
  } catch (const CertificateError& e) {
    throw CertificateError(file.string() + ": " + e.what());
  }
}

}  // namespace tsivy::search
