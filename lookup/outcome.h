// Values of solved positions, from the side to move (docs/architecture.md, "Values").
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace tsivy {

// The codes match io::Wdl (asserted in lookup/value_code.h), so solved arrays are
// written to table files unchanged.
// `unused` marks index slots that are no position (non-canonical slots).
enum class Outcome : std::uint8_t { loss = 0, draw = 1, win = 2, unused = 3 };

struct Value {
  Outcome outcome = Outcome::unused;
  std::uint16_t depth = 0;  // turns to the end of the game with best play; 0 for draws
  friend bool operator==(const Value&, const Value&) = default;
};

inline constexpr Value kLostNow{Outcome::loss, 0};  // no stones or no legal turn

std::string to_string(Outcome outcome);
std::string to_string(const Value& value);  // "WIN 3", "DRAW", "LOSS 0"
// "win", "draw", "loss" ("unknown" for unused): how JSON and the engine's lines say an outcome.
const char* outcome_word(Outcome outcome);
// "win 3", "draw", "loss 0": to_string in the words of outcome_word.
std::string to_words(const Value& value);

// The value of a turn for the side that makes it, from the value of the position it
// leads to (the opponent's): turned round and one turn longer. The one place where a
// successor's value becomes the mover's, except inside BestOfSuccessors, which keeps
// only what the best of them needs.
Value turn_value(const Value& after);

// The order of turns by their values (each for the side making the turn), best first:
// the smaller, the better. A win first (the quickest first), then a value not known
// (`unused`: outside the tables, it may be anything), then a draw, then a loss (the
// longest first). tsivy.h promises this order for tsivy_probe_root's turns; the engine's
// choice at a root in the tables and the explorer's list follow it too.
long best_first(const Value& turn);

// A value as libtsivy gives it (tsivy.h: wdl TSIVY_WIN 1, TSIVY_DRAW 0, TSIVY_LOSS -1;
// the depth of a draw -1) as a Value; probe/tsivy.cpp asserts that the numbers agree.
Value value_of_wdl(int wdl, int depth);

// The value of a position from the values of the positions its turns lead to (each
// seen by the opponent): win fastest through any lost successor, else draw through
// any drawn one, else lose as slowly as possible. No successor at all is a loss now.
class BestOfSuccessors {
 public:
  void add(const Value& successor) {
    switch (successor.outcome) {
      case Outcome::loss:
        if (!has_loss_ || successor.depth < min_loss_depth_) min_loss_depth_ = successor.depth;
        has_loss_ = true;
        break;
      case Outcome::draw: has_draw_ = true; break;
      default:
        if (successor.depth > max_win_depth_) max_win_depth_ = successor.depth;
        has_win_ = true;
    }
  }
  Value value() const {
    if (has_loss_) return {Outcome::win, static_cast<std::uint16_t>(min_loss_depth_ + 1)};
    if (has_draw_) return {Outcome::draw, 0};
    if (has_win_) return {Outcome::loss, static_cast<std::uint16_t>(max_win_depth_ + 1)};
    return kLostNow;
  }

 private:
  bool has_loss_ = false, has_draw_ = false, has_win_ = false;
  std::uint16_t min_loss_depth_ = 0, max_win_depth_ = 0;
};

}  // namespace tsivy
