#include "search/certificate.h"

#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "game/movegen.h"
#include "game/notation.h"
#include "io/atomic_file.h"
#include "io/format.h"
#include "lookup/table_lookup.h"

namespace tsivy::search {
namespace {

constexpr const char* kFirstLine = "tsivy proof certificate 1";

std::uint64_t text_checksum(std::string_view text) {
  return io::format::checksum({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

std::string hex(std::uint64_t x) {
  char s[17];
  std::snprintf(s, sizeof s, "%016" PRIx64, x);
  return s;
}

const char* colour_name(Colour c) { return c == Colour::White ? "white" : "black"; }

}  // namespace

std::string certificate_file_name(Colour side, Goal claim) {
  return std::string(colour_name(side)) + "-" + goal_name(claim) + ".cert";
}

std::string certificate_text(const Certificate& c) {
  std::ostringstream out;
  out << kFirstLine << "\n"
      << "board " << board_name() << "\n"
      << "side " << colour_name(c.side) << "\n"
      << "claim " << goal_name(c.claim) << "\n"
      << "root " << format_position(c.root) << "\n"
      << "leaves " << c.leaf_stones << "\n"
      << "positions " << c.entries.size() << "\n";
  for (const Certificate::Entry& e : c.entries) {
    out << format_position(e.position) << " " << turn_text(e.turn);
    if (c.claim == Goal::wins) out << " " << e.bound;
    out << "\n";
  }
  std::string text = out.str();
  text += "checksum " + hex(text_checksum(text)) + "\n";
  return text;
}

void write_certificate(const std::filesystem::path& file, const Certificate& c) {
  io::write_text_atomically(file, certificate_text(c));
}

Certificate parse_certificate(const std::string& text) {
  // The checksum first: a damaged or cut file is refused before anything is read from it.
  const std::size_t last = text.rfind("checksum ");
  if (last == std::string::npos || (last != 0 && text[last - 1] != '\n'))
    throw CertificateError("no checksum line: the certificate is truncated or not a certificate");
  std::uint64_t stated = 0;
  {
    const std::string line = text.substr(last + 9);
    char* end = nullptr;
    stated = std::strtoull(line.c_str(), &end, 16);
    if (end != line.c_str() + 16 || (*end != '\n' && *end != '\0') || (*end == '\n' && end[1] != '\0'))
      throw CertificateError("malformed checksum line: the certificate is truncated or damaged");
  }
  if (text_checksum(std::string_view(text).substr(0, last)) != stated)
    throw CertificateError("checksum mismatch: the certificate is damaged");

  std::istringstream in(text.substr(0, last));
  std::string line;
  int line_number = 0;
  const auto next = [&](const std::string& key) {
    ++line_number;
    if (!std::getline(in, line) || line.rfind(key, 0) != 0)
      throw CertificateError("line " + std::to_string(line_number) + ": expected '" + key + "'");
    return line.substr(key.size());
  };
  if (next(kFirstLine) != "") throw CertificateError("line 1: not a tsivy proof certificate of version 1");
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
    const unsigned long long positions = std::stoull(next("positions "));
    if (c.leaf_stones < 0 || c.leaf_stones > 2 * kStonesPerSide) throw CertificateError("line 6: leaves out of range");
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
  std::ifstream in(file, std::ios::binary);
  if (!in) throw CertificateError(file.string() + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return parse_certificate(text.str());
  } catch (const CertificateError& e) {
    throw CertificateError(file.string() + ": " + e.what());
  }
}

// The checker: kept apart from the prover on purpose, it uses nothing of the search.
CheckReport check_certificate(const Certificate& c, const TableLookup* tables) {
  if (c.leaf_stones > 0 && (!tables || tables->listing().max_complete_stones() < c.leaf_stones))
    throw CertificateError("the certificate's leaves are positions of up to " + std::to_string(c.leaf_stones) +
                           " stones: it needs tables (--tables) that cover them");
  std::unordered_map<Position, std::size_t, PositionHash> index;
  for (std::size_t i = 0; i < c.entries.size(); ++i)
    if (!index.emplace(c.entries[i].position, i).second)
      throw CertificateError(format_position(c.entries[i].position) + ": listed twice");

  CheckReport report;
  report.positions = c.entries.size();
  // A leaf's value for its side to move: the game is over, or the tables answer.
  MoveList scratch;
  const auto leaf = [&](const Position& p) -> std::optional<Outcome> {
    generate_moves(p, scratch);
    if (scratch.empty()) return Outcome::loss;
    if (count(p.us) + count(p.them) <= c.leaf_stones) return tables->value(p.us, p.them, Access::wdl_only).outcome;
    return std::nullopt;
  };
  const auto for_side = [&](const Position& p, Outcome for_mover) { return p.to_move == c.side ? for_mover : flip(for_mover); };
  // The position, side to move, reached by a reply: a good leaf or in the set (with a
  // bound below `bound_above` for "wins").
  const auto check_side_to_move = [&](const Position& p, const std::optional<std::uint32_t>& bound_above, const std::string& how) {
    if (const std::optional<Outcome> o = leaf(p)) {
      ++report.leaves;
      if (!meets(for_side(p, *o), c.claim))
        throw CertificateError(how + " reaches " + format_position(p) + ", a leaf of value " + to_string(*o) +
                               " for its side to move: not good enough for the claim");
      return;
    }
    const auto it = index.find(p);
    if (it == index.end()) throw CertificateError(how + " reaches " + format_position(p) + ", which the certificate does not hold");
    if (c.claim == Goal::wins && bound_above && !(c.entries[it->second].bound < *bound_above))
      throw CertificateError(how + " reaches " + format_position(p) + " whose bound " + std::to_string(c.entries[it->second].bound) +
                             " is not below " + std::to_string(*bound_above));
  };
  // The position, opponent to move: lost for the opponent, or every reply good.
  MoveList replies;
  const auto check_opponent_to_move = [&](const Position& p, const std::optional<std::uint32_t>& bound_above, const std::string& how) {
    if (const std::optional<Outcome> o = leaf(p)) {
      ++report.leaves;
      if (!meets(for_side(p, *o), c.claim))
        throw CertificateError(how + " leads to " + format_position(p) + ", a leaf of value " + to_string(*o) +
                               " for the opponent: not good enough for the claim");
      return;
    }
    generate_moves(p, replies);
    const MoveList mine = replies;
    for (const Move& r : mine) {
      ++report.replies;
      check_side_to_move(make_move(p, r), bound_above, how + " then " + turn_text(r));
    }
  };

  if (c.root.to_move == c.side) {
    check_side_to_move(c.root, std::nullopt, "the root");
  } else {
    check_opponent_to_move(c.root, std::nullopt, "the root");
  }
  for (const Certificate::Entry& e : c.entries) {
    MoveList legal;
    generate_moves(e.position, legal);
    if (std::find(legal.begin(), legal.end(), e.turn) == legal.end())
      throw CertificateError(format_position(e.position) + ": " + turn_text(e.turn) + " is no legal turn");
    check_opponent_to_move(make_move(e.position, e.turn), e.bound, format_position(e.position) + " " + turn_text(e.turn));
  }
  if (c.claim == Goal::wins) {
    if (c.root.to_move == c.side) {
      if (const auto it = index.find(c.root); it != index.end()) report.max_bound = c.entries[it->second].bound;
    } else {
      for (const Certificate::Entry& e : c.entries) report.max_bound = std::max(report.max_bound, e.bound);
    }
  }
  return report;
}

}  // namespace tsivy::search
