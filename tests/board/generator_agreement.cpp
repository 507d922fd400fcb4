#include "tests/board/generator_agreement.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "game/movegen.h"
#include "tests/game/reference_generator.h"

namespace tsivy::board_test {
namespace {

using TurnList = std::vector<std::pair<std::string, std::string>>;

// (notation, resulting position in the reference's notation), sorted.
template <class Turns>
TurnList sorted(const Turns& turns) {
  TurnList out;
  for (const auto& t : turns) out.emplace_back(t.notation, reference::format(t.result));
  std::sort(out.begin(), out.end());
  return out;
}

std::string describe(const TurnList& turns) {
  std::string out;
  for (const auto& [notation, result] : turns) out += "  " + notation + " -> " + result + "\n";
  return out;
}

std::vector<Position> sorted_positions(std::vector<Position> positions) {
  std::sort(positions.begin(), positions.end(), reference::PositionLess{});
  return positions;
}

}  // namespace

bool generators_agree(const Position& p) {
  const std::string shown = reference::format(p) + " (board " + board_name() + ")";
  const TurnList fast = sorted(generate_turns(p)), slow = sorted(reference::turns(p));
  if (fast != slow) {
    ADD_FAILURE() << "generate_turns differs from the reference for " << shown << "\nfast:\n"
                  << describe(fast) << "reference:\n"
                  << describe(slow);
    return false;
  }
  std::vector<Position> successors_found;
  successors(p, successors_found);
  if (sorted_positions(successors_found) != reference::distinct_results(p)) {
    ADD_FAILURE() << "successors() differs from the reference's distinct results for " << shown;
    return false;
  }
  if (has_capture(p) != reference::has_capture(p)) {
    ADD_FAILURE() << "has_capture differs from the reference for " << shown;
    return false;
  }
  // A side without stones ended the game before the last turn, so nothing led there by
  // play (the reference finds no predecessor); the solver never asks, its classes have
  // stones on both sides.
  if (p.us == 0 || p.them == 0) return true;
  std::vector<Position> unmoves;
  paika_unmoves(p, unmoves);
  if (sorted_positions(unmoves) != reference::paika_predecessors(p)) {
    ADD_FAILURE() << "paika_unmoves differs from the reference's paika predecessors for " << shown << " ("
                  << unmoves.size() << " against " << reference::paika_predecessors(p).size() << ")";
    return false;
  }
  return true;
}

}  // namespace tsivy::board_test
