// From a settled proof search to its certificate (search/certificate.h): the positions
// of a strategy for the side whose claim the search settled. Each turn is chosen by
// asking the same search about the position it leads to, with no path before it: an
// answer without a path is the position's value under the rules (docs/prover.md), so
// every position taken keeps the claim and the strategy closes. Most answers come
// straight from the search's table. For "wins" the turn chosen is the one whose
// settling tree is shallowest, so that the strategy makes progress and cannot cycle;
// the bounds are then the longest way on to a leaf within the certificate.
#pragma once

#include <functional>
#include <stdexcept>

#include "search/certificate.h"
#include "search/proof_search.h"

namespace tsivy::search {

// The certificate of what `search` settled at `root` (no history): the attacker's
// claim when `proved`, the opponent's dual claim otherwise. Throws std::logic_error
// when the search's answers contradict one another (a bug, never a wrong certificate:
// the certificate is checked on its own anyway). When `keep_going` (asked every few
// thousand nodes of the searches it makes) says stop, throws ExtractionStopped.
class ExtractionStopped : public std::runtime_error {
 public:
  ExtractionStopped() : std::runtime_error("certificate extraction stopped") {}
};
Certificate extract_certificate(ProofSearch& search, const Position& root, bool proved, int leaf_stones,
                                const std::function<bool()>& keep_going = {});

}  // namespace tsivy::search
