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
//
// A proof in pieces (search/frontier.h) adds references: positions whose claim another
// certificate proves, named by its file. A reply that reaches a referenced position is
// as good as one into the set; the checker checks the referenced file too (each once,
// and refuses references that go round in a circle). A certificate with table leaves
// names the tables by a digest of their manifest's checksums (search/tables_digest.h),
// and the checker refuses other tables.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
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
  // The digest of the tables the leaves were valued with (tables_digest); nullopt for a
  // certificate without table leaves, or one of version 1, which did not name them.
  std::optional<std::uint64_t> tables;
  struct Reference {
    Position position;  // either side to move
    std::string file;   // the certificate that proves the same claim from it, relative to this one's folder
  };
  std::vector<Reference> references;
  struct Entry {
    Position position;  // side to move
    Move turn;
    std::uint32_t bound = 0;  // "wins": turns of `side` left at most; 0 for "does not lose"
  };
  std::vector<Entry> entries;
};

// The file's text: a header, one line a reference ("FEN file"), one line a position
// ("FEN turn [bound]"), and a last line with the XXH3-64 checksum of all before it.
std::string certificate_text(const Certificate& c);
// Atomically; zstd-compressed when the name ends in ".zst".
void write_certificate(const std::filesystem::path& file, const Certificate& c);

// Parses a certificate's text (version 1 or 2): header, board, checksum, every position
// and turn legal. Throws CertificateError. Proves nothing: the checker does.
Certificate parse_certificate(const std::string& text);
// Reads a file as write_certificate wrote it, compressed or not.
Certificate read_certificate(const std::filesystem::path& file);

struct CheckReport {
  std::size_t certificates = 1;  // files checked: this one and every one it refers to, each once
  std::size_t positions = 0;     // over all of them
  std::size_t replies = 0;       // opponent replies followed
  std::size_t leaves = 0;        // leaves reached (tables or the end of the game)
  std::uint32_t max_bound = 0;   // "wins": the root's bound on the turns of the side left
  std::uintmax_t bytes = 0;      // the files' sizes, as stored (check_file only)
};

// Checks certificates by the move generator and the tables alone (which must cover the
// leaves; nullptr for none), following references: each file once, whatever refers to
// it. Throws CertificateError naming the file and the first position where one fails.
class CertificateChecker {
 public:
  explicit CertificateChecker(const TableLookup* tables) : tables_(tables) {}
  // The file and everything it refers to (what this checker checked before, once).
  CheckReport check_file(const std::filesystem::path& file);
  // A certificate whose references are relative to `folder`.
  CheckReport check(const Certificate& c, const std::filesystem::path& folder);

 private:
  struct Checked {
    Colour side;
    Goal claim;
    Position root;
    std::uint32_t bound;
  };
  CheckReport check_file_once(const std::filesystem::path& file);
  // A referenced file's promise, checked on first use; adds its counts to `total`.
  const Checked& referenced(const std::filesystem::path& file, CheckReport& total);
  void check_tables(const Certificate& c);

  const TableLookup* tables_;
  std::map<std::filesystem::path, Checked> checked_;
  std::set<std::filesystem::path> in_progress_;
  std::map<int, std::optional<std::uint64_t>> digests_;  // the tables' digest up to so many stones
};

// A position's value for its side to move when it is a certificate's leaf: no turn (a
// loss), or at most `leaf_stones` stones (the tables' value); nullopt otherwise. What
// the checker holds a leaf to be; `tables` may be nullptr when `leaf_stones` is 0.
std::optional<Outcome> certificate_leaf_value(const Position& p, int leaf_stones, const TableLookup* tables);

// A certificate without references (CertificateChecker for the others).
CheckReport check_certificate(const Certificate& c, const TableLookup* tables);

// "white", "black": as files and file names say a side.
const char* side_name(Colour c);
// "White does not lose", "Black wins": as messages say a claim.
std::string claim_words(Colour side, Goal claim);

// The file name a certificate of this claim gets in a proof's output directory.
std::string certificate_file_name(Colour side, Goal claim);

}  // namespace tsivy::search
