#include "solver/resident_shares.h"

#include <algorithm>
#include <cstdio>
#include <ostream>
#include <string>

#include "lookup/value_code.h"
#include "memory/huge_pages.h"
#include "parallel/parallel.h"
#include "runtime/clock.h"
#include "lookup/class_files.h"
#include "solver/table_files.h"
#include "table_dir/table_directory.h"

namespace tsivy {

ResidentShares::ResidentShares(std::span<const Material> classes, const TableLookup& lookup,
                               bool value_files, Communicator& comm, unsigned threads,
                               std::ostream* log) {
  for (auto& row : ids_) row.fill(-1);
  const auto rank = static_cast<unsigned>(comm.rank());
  for (const Material m : classes) {
    const auto start = Clock::now();
    Share& share = shares_.emplace_back();
    ids_[static_cast<std::size_t>(m.us)][static_cast<std::size_t>(m.them)] = static_cast<int>(shares_.size() - 1);
    share.material = m;
    share.index = &MaterialIndex::of(m);
    share.owners = Ownership(share.index->slots(), static_cast<unsigned>(comm.size()), 1);
    share.first = share.owners.rank_first(rank);
    share.last = share.owners.rank_last(rank);
    // Read at random by seeding: on huge pages (memory/huge_pages.h says why).
    memory::assign_on_huge_pages(share.values, share.last - share.first, std::uint16_t{0});
    const char* how = "read from value files";
    if (!value_files || !read_value_files(share, lookup.directory(), comm, threads, log)) {
      resolve_by_search(share, lookup, threads);
      how = "resolved by search";
      if (value_files) {
        write_value_files(lookup.directory(), m, share.first, share.last, share.values, comm, threads);
        how = "resolved by search, value files written";
      }
    }
    if (!log) continue;
    char line[240];
    std::snprintf(line, sizeof line, "  %-9s share for seeding: %.1f MB of %.1f MB, %.1f s, %s\n", to_string(m).c_str(),
                  static_cast<double>(share.values.size() * sizeof(std::uint16_t)) / 1e6,
                  static_cast<double>(share.index->slots() * sizeof(std::uint16_t)) / 1e6, seconds_since(start), how);
    *log << line << std::flush;
  }
}

std::uint64_t ResidentShares::bytes() const {
  std::uint64_t total = 0;
  for (const Share& s : shares_) total += s.values.size() * sizeof(std::uint16_t);
  return total;
}

// Rank 0 decides whether both files are there, so that all ranks take the same path; a
// damaged file on any rank sends every rank to the search.
bool ResidentShares::read_value_files(Share& share, const TableDirectory& dir, Communicator& comm,
                                      unsigned threads, std::ostream* log) {
  std::vector<std::uint8_t> present{0};
  if (comm.is_root()) {
    std::error_code error;
    present[0] = std::filesystem::exists(dir.value_file(share.material, io::TableKind::wdl), error) &&
                 std::filesystem::exists(dir.value_file(share.material, io::TableKind::depth), error);
  }
  comm.broadcast(present);
  if (!present[0]) return false;
  std::array<std::uint64_t, 1> failed{0};
  std::string problem;
  try {
    read_value_share(dir, share.material, share.first, share.values, threads);
  } catch (const std::exception& e) {
    failed[0] = 1;
    problem = e.what();
  }
  comm.max(failed);
  if (!failed[0]) return true;
  if (log) {
    *log << "  " << to_string(share.material) << ": value files unusable ("
         << (problem.empty() ? "on another rank" : problem) << "): resolving by search and writing them again\n";
  }
  return false;
}

// Canonical slots get their value from the lookup, which resolves capture positions by
// search; the others are never asked for.
void ResidentShares::resolve_by_search(Share& share, const TableLookup& lookup, unsigned threads) {
  parallel_for(share.first, share.last, std::max(1u, threads), [&](std::uint64_t first, std::uint64_t last) {
    for_each_slot(*share.index, first, last, [&](const SlotCursor& slot) {
      if (!slot.canonical()) return;
      share.values[slot.slot() - share.first] = pack_value(lookup.value(slot.us(), slot.them()));
    });
  }, std::uint64_t{1} << 16);
}

}  // namespace tsivy
