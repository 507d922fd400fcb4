#include "lookup/outcome.h"

namespace tsivy {

std::string to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::loss: return "LOSS";
    case Outcome::draw: return "DRAW";
    case Outcome::win: return "WIN";
    default: return "UNUSED";
  }
}

std::string to_string(const Value& value) {
  if (value.outcome == Outcome::win || value.outcome == Outcome::loss)
    return to_string(value.outcome) + " " + std::to_string(value.depth);
  return to_string(value.outcome);
}

}  // namespace tsivy
