// Pruning a certificate (docs/prover.md, "Pruning"): a df-pn proof is far from the
// smallest strategy. The extraction chooses each turn from the search's table, one
// position at a time; many positions have other turns that reach only leaves or
// positions the certificate already holds. Pruning walks the strategy from the root and
// at each position takes the turn that brings in the fewest positions not yet reached,
// then keeps only what was reached. It never adds a position, so the result is never
// larger, and the checker checks it as any other.
#pragma once

#include <functional>
#include <optional>

#include "search/certificate.h"

namespace tsivy::search {

// A position's value for its side to move when it is a leaf (no turn, or covered by the
// tables the certificate names); nullopt otherwise. ProofSearch::leaf_value is one.
using LeafValue = std::function<std::optional<Outcome>(const Position&)>;

struct PruneReport {
  std::size_t positions_before = 0, positions_after = 0;
  std::size_t turns_changed = 0;
};

// Prunes `c` in place: the same claim from the same root, on a subset of its positions
// and references. For "wins" a turn is only changed for one whose replies reach bounds
// below the position's own, so the bounds still fall along every line; references, whose
// bounds live in other files, are kept where they were for "wins".
PruneReport prune_certificate(Certificate& c, const LeafValue& leaf);

}  // namespace tsivy::search
