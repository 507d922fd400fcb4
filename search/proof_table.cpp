#include "search/proof_table.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "game/zobrist.h"
#include "io/atomic_file.h"
#include "io/format.h"
#include "memory/huge_pages.h"

namespace tsivy::search {
namespace {

constexpr char kMagic[8] = {'t', 's', 'v', 'p', 'r', 'o', 'o', 'f'};
constexpr std::uint32_t kVersion = 1;

// What replacement keeps longest: settled results, then the most searched.
std::uint64_t keep_priority(const ProofEntry& e) {
  if (!e.used) return 0;
  return (e.settled() ? std::uint64_t{1} << 40 : 0) + e.work + 1;
}

std::uint64_t checksum_of(const void* data, std::size_t size) {
  return io::format::checksum({static_cast<const std::uint8_t*>(data), size});
}

}  // namespace

ProofTable::ProofTable(std::size_t bytes) {
  const std::size_t buckets = std::max<std::size_t>(1, std::bit_floor(std::max<std::size_t>(bytes / sizeof(Bucket), 1)));
  // Every probe is at random over the whole table: on 4 KiB pages nearly each is a TLB
  // miss too (a page walk, even for a prefetch), on 2 MiB pages few are.
  memory::assign_on_huge_pages(buckets_, buckets, Bucket{});
  mask_ = buckets - 1;
}

void ProofTable::clear() {
  std::fill(buckets_.begin(), buckets_.end(), Bucket{});
  used_ = 0;
}

const ProofEntry* ProofTable::find(std::uint64_t key, const Position& p) const {
  const Bucket& b = buckets_[key & mask_];
  for (const ProofEntry& e : b.entries)
    if (e.holds(p)) return &e;
  return nullptr;
}

void ProofTable::store(std::uint64_t key, const Position& p, ProofNumber pn, ProofNumber dn, std::uint64_t work, std::uint16_t depth) {
  Bucket& b = buckets_[key & mask_];
  ProofEntry* slot = nullptr;
  for (ProofEntry& e : b.entries)
    if (e.holds(p)) slot = &e;
  if (!slot) {
    slot = &b.entries[0];
    for (ProofEntry& e : b.entries)
      if (keep_priority(e) < keep_priority(*slot)) slot = &e;
    if (!slot->used) ++used_;
    *slot = ProofEntry{};
    slot->us = p.us;
    slot->them = p.them;
    slot->black_to_move = p.to_move == Colour::Black;
    slot->used = 1;
  } else if (slot->settled()) {
    return;  // a settled result holds on every path: never overwritten
  }
  slot->pn = pn;
  slot->dn = dn;
  slot->depth = depth;
  slot->work = static_cast<std::uint32_t>(std::min<std::uint64_t>(work + slot->work, 0xFFFFFFFFu));
}

// File: magic, version, header length, header, entry count, the entries, then the
// size of the checksummed pieces and the checksum (XXH3-64) of the pieces' checksums:
// the body is checksummed in pieces of kPiece bytes, so that a large table is written
// as it is read out, never copied whole.
constexpr std::size_t kPiece = std::size_t{1} << 22;

void ProofTable::save(const std::filesystem::path& file, const std::string& header) const {
  io::AtomicFile out(file);
  std::vector<std::uint8_t> pending;
  std::uint64_t offset = 0;
  std::vector<std::uint64_t> sums;
  const auto write_piece = [&](std::size_t size) {
    out.write_at(offset, pending.data(), size);
    sums.push_back(checksum_of(pending.data(), size));
    offset += size;
    pending.erase(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(size));
  };
  const auto put = [&](const void* data, std::size_t size) {
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    pending.insert(pending.end(), bytes, bytes + size);
    while (pending.size() >= kPiece) write_piece(kPiece);
  };
  put(kMagic, sizeof kMagic);
  put(&kVersion, sizeof kVersion);
  const std::uint64_t header_size = header.size();
  put(&header_size, sizeof header_size);
  put(header.data(), header.size());
  put(&used_, sizeof used_);
  std::uint64_t written = 0;
  for (const Bucket& b : buckets_)
    for (const ProofEntry& e : b.entries)
      if (e.used) {
        put(&e, sizeof e);
        ++written;
      }
  if (written != used_) throw std::logic_error("proof table: entry count out of step");
  if (!pending.empty()) write_piece(pending.size());
  const std::uint64_t piece = kPiece;
  const std::uint64_t total = checksum_of(sums.data(), sums.size() * sizeof(std::uint64_t));
  out.write_at(offset, &piece, sizeof piece);
  out.write_at(offset + 8, &total, sizeof total);
  out.commit();
}

std::string ProofTable::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error(file.string() + ": cannot open the saved proof state");
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto bad = [&](const std::string& why) {
    return std::runtime_error(file.string() + ": not a usable saved proof state: " + why);
  };
  constexpr std::size_t kFixedStart = sizeof kMagic + 4 + 8;
  if (bytes.size() < kFixedStart + 8 + 16 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    throw bad("wrong magic or too short");
  const std::size_t body = bytes.size() - 16;
  std::uint64_t piece = 0, total = 0;
  std::memcpy(&piece, bytes.data() + body, 8);
  std::memcpy(&total, bytes.data() + body + 8, 8);
  if (piece != kPiece) throw bad("bad trailer (truncated?)");
  std::vector<std::uint64_t> sums;
  for (std::size_t at = 0; at < body; at += kPiece) sums.push_back(checksum_of(bytes.data() + at, std::min(kPiece, body - at)));
  if (checksum_of(sums.data(), sums.size() * sizeof(std::uint64_t)) != total) throw bad("checksum mismatch");
  std::uint32_t version = 0;
  std::memcpy(&version, bytes.data() + sizeof kMagic, 4);
  if (version != kVersion) throw bad("version " + std::to_string(version));
  std::uint64_t header_size = 0;
  std::memcpy(&header_size, bytes.data() + sizeof kMagic + 4, 8);
  if (header_size > body || kFixedStart + header_size + 8 > body) throw bad("header size");
  const std::size_t entries_at = kFixedStart + header_size + 8;
  std::uint64_t count = 0;
  std::memcpy(&count, bytes.data() + kFixedStart + header_size, 8);
  if ((body - entries_at) % sizeof(ProofEntry) != 0 || count != (body - entries_at) / sizeof(ProofEntry))
    throw bad("entry count does not match the size");

  clear();
  std::vector<ProofEntry> entries(count);
  if (count) std::memcpy(entries.data(), bytes.data() + entries_at, count * sizeof(ProofEntry));
  // Most searched first, so that what does not fit is what cost least.
  std::sort(entries.begin(), entries.end(), [](const ProofEntry& a, const ProofEntry& b) { return keep_priority(a) > keep_priority(b); });
  for (const ProofEntry& e : entries) {
    const Position p{e.us, e.them, e.black_to_move ? Colour::Black : Colour::White};
    Bucket& b = buckets_[position_key(p) & mask_];
    for (ProofEntry& slot : b.entries)
      if (!slot.used) {
        slot = e;
        ++used_;
        break;
      }
  }
  return std::string(reinterpret_cast<const char*>(bytes.data() + kFixedStart), header_size);
}

}  // namespace tsivy::search
