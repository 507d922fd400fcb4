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

const char* outcome_word(Outcome outcome) {
  switch (outcome) {
    case Outcome::loss: return "loss";
    case Outcome::draw: return "draw";
    case Outcome::win: return "win";
    default: return "unknown";
  }
}

std::string to_words(const Value& value) {
  if (value.outcome == Outcome::win || value.outcome == Outcome::loss)
    return std::string(outcome_word(value.outcome)) + " " + std::to_string(value.depth);
  return outcome_word(value.outcome);
}

Value turn_value(const Value& after) {
  switch (after.outcome) {
    case Outcome::loss: return {Outcome::win, static_cast<std::uint16_t>(after.depth + 1)};
    case Outcome::win: return {Outcome::loss, static_cast<std::uint16_t>(after.depth + 1)};
    default: return after;
  }
}

long best_first(const Value& turn) {
  // Depths are below 65536, so the four kinds never overlap.
  switch (turn.outcome) {
    case Outcome::win: return -100000L + turn.depth;
    case Outcome::unused: return -1;
    case Outcome::draw: return 0;
    default: return 100000L - turn.depth;
  }
}

Value value_of_wdl(int wdl, int depth) {
  if (wdl == 0) return {Outcome::draw, 0};
  return {wdl > 0 ? Outcome::win : Outcome::loss, static_cast<std::uint16_t>(depth)};
}

}  // namespace tsivy
