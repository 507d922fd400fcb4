// Proof certificates (docs/prover.md, "Certificates"): what a finished proof writes, so
// that anyone can check it with nothing but the move generator and the tables.
//
// A certificate claims that `side` wins (or does not lose) from `root`. It is a set of
// positions with `side` to move, each with the turn `side` plays there. It holds when,
// for every position of the set, the chosen turn leads to a position that is lost for
// the opponent (no stones, no turn, or lost in the tables), or to one whose every reply
// leads into the set or to a leaf good enough for `side`; and the root is in the set
// (side to move) or all its turns lead there (the opponent to move). Endless play is a
// draw, so for "does not lose" that is all; for "wins" each position also carries a
// bound on the turns left, and every reply into the set must reach a smaller one, so
// that no cycle can hide in it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/move.h"
#include "game/position.h"
#include "search/proof_search.h"

namespace tsivy {
class TableLookup;
}

namespace tsivy::search {

// A certificate file that is damaged, truncated, of another board, or that does not
// prove what it claims: the message says which and where.
class CertificateError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Certificate {
  Colour side = Colour::White;
  Goal claim = Goal::wins;
  Position root;
  int leaf_stones = 0;  // positions of at most this many stones are leaves, valued by the tables
  struct Entry {
    Position position;  // side to move
    Move turn;
    std::uint32_t bound = 0;  // "wins": turns of `side` left at most; 0 for "does not lose"
  };
  std::vector<Entry> entries;
};

// The file's text: a header, one line a position ("FEN turn [bound]"), and a last line
// with the XXH3-64 checksum of all before it.
std::string certificate_text(const Certificate& c);
void write_certificate(const std::filesystem::path& file, const Certificate& c);  // atomically

// Parses a certificate's text: header, board, checksum, every position and turn legal.
// Throws CertificateError. Proves nothing: check_certificate does.
Certificate parse_certificate(const std::string& text);
Certificate read_certificate(const std::filesystem::path& file);

struct CheckReport {
  std::size_t positions = 0;
  std::size_t replies = 0;      // opponent replies followed
  std::size_t leaves = 0;       // leaves reached (tables or the end of the game)
  std::uint32_t max_bound = 0;  // "wins": the root's bound on the turns left
};

// Checks that the certificate proves its claim: by the move generator and the tables
// alone (which must cover leaf_stones; nullptr when leaf_stones is 0). Throws
// CertificateError naming the first position where it fails.
CheckReport check_certificate(const Certificate& c, const TableLookup* tables);

// The file name a certificate of this claim gets in a proof's output directory.
std::string certificate_file_name(Colour side, Goal claim);

}  // namespace tsivy::search
