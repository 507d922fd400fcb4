// The checker (search/certificate.h): kept apart from the prover on purpose, it uses
// nothing of the search, only the move generator, the tables and the certificates' files.
#include <algorithm>
#include <unordered_map>

#include "game/movegen.h"
#include "game/notation.h"
#include "lookup/table_lookup.h"
#include "search/certificate.h"
#include "search/tables_digest.h"

namespace tsivy::search {
namespace {

// What a referenced certificate proves and the referring one may rely on.
struct Promise {
  Goal claim;
  std::uint32_t bound;  // "wins": the turns of the side left at most from the position
};

// One certificate's own check: its set and its references' promises.
class SetCheck {
 public:
  SetCheck(const Certificate& c, const TableLookup* tables,
           const std::unordered_map<Position, Promise, PositionHash>& promises, CheckReport& report)
      : c_(c), tables_(tables), promises_(promises), report_(report) {
    for (std::size_t i = 0; i < c.entries.size(); ++i)
      if (!index_.emplace(c.entries[i].position, i).second)
        throw CertificateError(format_position(c.entries[i].position) + ": listed twice");
  }

  // The root's bound ("wins"; 0 for "does not lose").
  std::uint32_t run() {
    report_.positions += c_.entries.size();
    const std::uint32_t root_bound = c_.root.to_move == c_.side ? side_to_move(c_.root, std::nullopt, "the root")
                                                                 : opponent_to_move(c_.root, std::nullopt, "the root");
    for (const Certificate::Entry& e : c_.entries) {
      MoveList legal;
      generate_moves(e.position, legal);
      if (std::find(legal.begin(), legal.end(), e.turn) == legal.end())
        throw CertificateError(format_position(e.position) + ": " + turn_text(e.turn) + " is no legal turn");
      opponent_to_move(make_move(e.position, e.turn), e.bound, format_position(e.position) + " " + turn_text(e.turn));
    }
    return c_.claim == Goal::wins ? root_bound : 0;
  }

 private:
  // A leaf's value for its side to move: the game is over, or the tables answer.
  std::optional<Outcome> leaf(const Position& p) { return certificate_leaf_value(p, c_.leaf_stones, tables_); }
  Outcome for_side(const Position& p, Outcome for_mover) const { return p.to_move == c_.side ? for_mover : flip(for_mover); }

  // A good leaf, or a referenced position: its bound, or nullopt when it is neither.
  std::optional<std::uint32_t> leaf_or_reference(const Position& p, const std::optional<std::uint32_t>& bound_above,
                                                 const std::string& how) {
    if (const std::optional<Outcome> o = leaf(p)) {
      ++report_.leaves;
      if (!meets(for_side(p, *o), c_.claim))
        throw CertificateError(how + " reaches " + format_position(p) + ", a leaf of value " + to_string(*o) +
                               " for its side to move: not good enough for the claim");
      return 0;
    }
    if (const auto it = promises_.find(p); it != promises_.end()) {
      if (c_.claim == Goal::wins && bound_above && !(it->second.bound < *bound_above))
        throw CertificateError(how + " reaches " + format_position(p) + ", referenced with bound " +
                               std::to_string(it->second.bound) + ", not below " + std::to_string(*bound_above));
      return it->second.bound;
    }
    return std::nullopt;
  }

  // p, side to move, reached by a reply: a good leaf, a reference, or in the set (with a
  // bound below `bound_above` for "wins").
  std::uint32_t side_to_move(const Position& p, const std::optional<std::uint32_t>& bound_above, const std::string& how) {
    if (const std::optional<std::uint32_t> b = leaf_or_reference(p, bound_above, how)) return *b;
    const auto it = index_.find(p);
    if (it == index_.end()) throw CertificateError(how + " reaches " + format_position(p) + ", which the certificate does not hold");
    const std::uint32_t bound = c_.entries[it->second].bound;
    if (c_.claim == Goal::wins && bound_above && !(bound < *bound_above))
      throw CertificateError(how + " reaches " + format_position(p) + " whose bound " + std::to_string(bound) +
                             " is not below " + std::to_string(*bound_above));
    return bound;
  }

  // p, opponent to move: a good leaf, a reference, or every reply good. The largest bound reached.
  std::uint32_t opponent_to_move(const Position& p, const std::optional<std::uint32_t>& bound_above, const std::string& how) {
    if (const std::optional<std::uint32_t> b = leaf_or_reference(p, bound_above, how)) return *b;
    MoveList replies;
    generate_moves(p, replies);
    std::uint32_t largest = 0;
    for (const Move& r : replies) {
      ++report_.replies;
      largest = std::max(largest, side_to_move(make_move(p, r), bound_above, how + " then " + turn_text(r)));
    }
    return largest;
  }

  const Certificate& c_;
  const TableLookup* tables_;
  const std::unordered_map<Position, Promise, PositionHash>& promises_;
  CheckReport& report_;
  std::unordered_map<Position, std::size_t, PositionHash> index_;
};

}  // namespace

std::optional<Outcome> certificate_leaf_value(const Position& p, int leaf_stones, const TableLookup* tables) {
  MoveList turns;
  generate_moves(p, turns);
  if (turns.empty()) return Outcome::loss;
  if (count(p.us) + count(p.them) <= leaf_stones) return tables->value(p.us, p.them, Access::wdl_only).outcome;
  return std::nullopt;
}

void CertificateChecker::check_tables(const Certificate& c) {
  if (c.leaf_stones == 0) return;
  if (!tables_ || tables_->listing().max_complete_stones() < c.leaf_stones)
    throw CertificateError("the certificate's leaves are positions of up to " + std::to_string(c.leaf_stones) +
                           " stones: it needs tables (--tables) that cover them");
  if (!c.tables) return;  // version 1 named no tables
  auto it = digests_.find(c.leaf_stones);
  if (it == digests_.end()) it = digests_.emplace(c.leaf_stones, tables_digest(*tables_, c.leaf_stones)).first;
  if (!it->second)
    throw CertificateError("the certificate was proved with the tables of digest " + digest_text(*c.tables) +
                           "; these tables have no manifest listing every class up to " + std::to_string(c.leaf_stones) +
                           " stones, so they cannot be named");
  if (*it->second != *c.tables)
    throw CertificateError("the certificate was proved with other tables: their digest is " + digest_text(*c.tables) +
                           ", these tables' (up to " + std::to_string(c.leaf_stones) + " stones) is " +
                           digest_text(*it->second));
}

CheckReport CertificateChecker::check_file_once(const std::filesystem::path& file) {
  const std::filesystem::path key = std::filesystem::weakly_canonical(file);
  if (in_progress_.count(key)) throw CertificateError(file.string() + ": the references go round in a circle back to it");
  const Certificate c = read_certificate(file);
  in_progress_.insert(key);
  CheckReport report;
  try {
    report = check(c, file.parent_path());
  } catch (...) {
    in_progress_.erase(key);
    throw;
  }
  in_progress_.erase(key);
  report.bytes += std::filesystem::file_size(file);
  checked_.insert_or_assign(key, Checked{c.side, c.claim, c.root, report.max_bound});
  return report;
}

const CertificateChecker::Checked& CertificateChecker::referenced(const std::filesystem::path& file, CheckReport& total) {
  const std::filesystem::path key = std::filesystem::weakly_canonical(file);
  if (const auto it = checked_.find(key); it != checked_.end()) return it->second;
  CheckReport mine;
  try {
    mine = check_file_once(file);
  } catch (const CertificateError& e) {
    throw CertificateError("in " + file.string() + ": " + e.what());
  }
  total.certificates += mine.certificates;
  total.positions += mine.positions;
  total.replies += mine.replies;
  total.leaves += mine.leaves;
  total.bytes += mine.bytes;
  return checked_.at(key);
}

CheckReport CertificateChecker::check(const Certificate& c, const std::filesystem::path& folder) {
  check_tables(c);
  CheckReport report;
  std::unordered_map<Position, Promise, PositionHash> promises;
  for (const Certificate::Reference& r : c.references) {
    const std::filesystem::path file = folder / r.file;
    if (!std::filesystem::exists(file))
      throw CertificateError("the reference for " + format_position(r.position) + " names " + file.string() +
                             ", which does not exist");
    const Checked& other = referenced(file, report);  // a file met before counts once
    if (other.root != r.position)
      throw CertificateError("the reference " + file.string() + " proves from " + format_position(other.root) + ", not from " +
                             format_position(r.position));
    // "Wins" proves "does not lose" too, not the other way round.
    if (other.side != c.side || (c.claim == Goal::wins && other.claim != Goal::wins))
      throw CertificateError("the reference " + file.string() + " proves that " + claim_words(other.side, other.claim) +
                             ": not what this certificate claims (" + claim_words(c.side, c.claim) + ")");
    if (!promises.emplace(r.position, Promise{other.claim, other.bound}).second)
      throw CertificateError(format_position(r.position) + ": referenced twice");
  }
  report.max_bound = SetCheck(c, tables_, promises, report).run();
  return report;
}

CheckReport CertificateChecker::check_file(const std::filesystem::path& file) { return check_file_once(file); }

CheckReport check_certificate(const Certificate& c, const TableLookup* tables) {
  if (!c.references.empty())
    throw CertificateError("the certificate refers to others: check it by its file, where the references are found");
  CertificateChecker checker(tables);
  return checker.check(c, {});
}

}  // namespace tsivy::search
