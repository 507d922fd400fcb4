#include "search/transposition_table.h"

#include <algorithm>
#include <bit>

namespace tsivy::search {
namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

std::uint32_t pack_more(int depth, Bound bound, std::uint8_t age) {
  return static_cast<std::uint8_t>(depth) | (static_cast<std::uint32_t>(bound) << 8) | (static_cast<std::uint32_t>(age) << 10);
}

}  // namespace

TranspositionTable::TranspositionTable(std::size_t mib) { resize(mib); }

void TranspositionTable::resize(std::size_t mib) {
  // A power of two of buckets, the largest within the budget (at least one).
  const std::size_t wanted = std::max<std::size_t>(1, (mib << 20) / sizeof(Bucket));
  count_ = std::bit_floor(wanted);
  buckets_ = std::make_unique<Bucket[]>(count_);  // value-initialised: every slot empty
  mask_ = count_ - 1;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i)
    for (Slot& s : buckets_[i].slots) {
      s.lock.store(0, kRelaxed);
      s.data.store(0, kRelaxed);
      s.more.store(0, kRelaxed);
    }
}

TranspositionTable::Read TranspositionTable::read(const Slot& slot) {
  const std::uint32_t lock = slot.lock.load(kRelaxed);
  const std::uint32_t data = slot.data.load(kRelaxed);
  const std::uint32_t more = slot.more.load(kRelaxed);
  return {lock ^ data ^ more, data, more};
}

TableEntry TranspositionTable::decode(const Read& r) {
  TableEntry e;
  e.score = static_cast<std::int16_t>(r.data & 0xFFFFu);
  e.move = static_cast<std::uint16_t>(r.data >> 16);
  e.depth = static_cast<std::int8_t>(r.more & 0xFFu);
  e.bound = static_cast<Bound>((r.more >> 8) & 3u);
  e.age = static_cast<std::uint8_t>((r.more >> 10) & 63u);
  return e;
}

std::optional<TableEntry> TranspositionTable::find(std::uint64_t key) const {
  const std::uint32_t check = static_cast<std::uint32_t>(key >> 32);
  for (const Slot& slot : bucket_of(key).slots) {
    const Read r = read(slot);
    if (r.check != check) continue;
    const TableEntry e = decode(r);
    if (e.bound != Bound::none) return e;
  }
  return std::nullopt;
}

void TranspositionTable::store(std::uint64_t key, int score, Bound bound, int depth, std::uint16_t move) {
  const std::uint32_t check = static_cast<std::uint32_t>(key >> 32);
  Bucket& b = bucket_of(key);
  // Each slot's words read once: the position's own entry if it has one, else the
  // entry worth least (empty first, then by depth, an entry of an earlier search
  // counting as eight plies shallower).
  Slot* slot = nullptr;
  int worst = 1 << 30;
  for (Slot& s : b.slots) {
    const Read r = read(s);
    const TableEntry e = decode(r);
    if (r.check == check && e.bound != Bound::none) {
      // The same position: keep a deeper result of this search unless the new one is exact.
      if (e.age == age_ && e.depth > depth && bound != Bound::exact) return;
      if (move == 0xFFFF) move = e.move;
      slot = &s;
      break;
    }
    const int worth = e.bound == Bound::none ? -(1 << 20) : e.depth - (e.age == age_ ? 0 : 8);
    if (worth < worst) {
      worst = worth;
      slot = &s;
    }
  }
  const std::uint32_t data = static_cast<std::uint16_t>(score) | (static_cast<std::uint32_t>(move) << 16);
  const std::uint32_t more = pack_more(depth, bound, age_);
  slot->data.store(data, kRelaxed);
  slot->more.store(more, kRelaxed);
  slot->lock.store(check ^ data ^ more, kRelaxed);
}

}  // namespace tsivy::search
