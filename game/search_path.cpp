#include "game/search_path.h"

#include "game/zobrist.h"

namespace tsivy {

SearchPath::SearchPath() : newest_(kSlots, -1) {}

void SearchPath::reset(std::span<const Position> history) {
  while (!positions_.empty()) pop();
  for (const Position& p : history) push(p, position_key(p));
}

void SearchPath::push(const Position& p, std::uint64_t key) {
  std::int32_t& newest = newest_[key & (kSlots - 1)];
  older_.push_back(newest);
  newest = static_cast<std::int32_t>(positions_.size());
  positions_.push_back(p);
  keys_.push_back(key);
  stones_.push_back(count(p.us) + count(p.them));
}

void SearchPath::pop() {
  newest_[keys_.back() & (kSlots - 1)] = older_.back();
  older_.pop_back();
  positions_.pop_back();
  keys_.pop_back();
  stones_.pop_back();
}

int SearchPath::repeated_at(const Position& p, std::uint64_t key) const {
  std::int32_t i = newest_[key & (kSlots - 1)];
  if (i < 0) return -1;  // most positions: no position of the path in the slot
  const int stones = count(p.us) + count(p.them);
  for (; i >= 0; i = older_[i]) {
    // p follows the whole path, and stones only ever leave the board: an earlier
    // position with more stones than p means every one before it has more too.
    if (stones_[i] != stones) return -1;
    if (keys_[i] == key && positions_[i] == p) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace tsivy
