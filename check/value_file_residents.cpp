#include "check/value_file_residents.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <ostream>

#include "lookup/residents.h"
#include "lookup/value_code.h"
#include "memory/huge_pages.h"
#include "parallel/parallel.h"
#include "runtime/clock.h"
#include "lookup/class_files.h"
#include "table_dir/table_directory.h"

namespace tsivy {
namespace {

bool contains(std::span<const Material> classes, Material m) { return std::ranges::find(classes, m) != classes.end(); }

// Why the files of `material` are not what the manifest lists (its size alone: each
// block's checksum is checked as it is read), or nullopt.
std::optional<std::string> value_files_differ(const TableDirectory& dir, Material material) {
  const ManifestClass* entry = dir.manifest().find(material);
  if (!entry || !entry->values) return "the manifest lists no value files";
  for (const ManifestFile* f : {&entry->values->wdl, &entry->values->depth})
    if (auto problem = dir.differs_from_manifest(*f, ManifestCheck::size)) return problem;
  return std::nullopt;
}

// The first canonical slot whose value is none (a value file holds every canonical
// position's value), or nullopt.
std::optional<std::uint64_t> canonical_slot_without_value(Material material, std::span<const std::uint16_t> values,
                                                          unsigned threads) {
  const MaterialIndex& index = MaterialIndex::of(material);
  std::atomic<std::uint64_t> first_bad{~std::uint64_t{0}};
  parallel_for(0, index.slots(), std::max(1u, threads), [&](std::uint64_t first, std::uint64_t last) {
    for_each_slot(index, first, last, [&](const SlotCursor& slot) {
      if (!slot.canonical() || unpack_value(values[slot.slot()]).outcome != Outcome::unused) return;
      std::uint64_t seen = first_bad.load();
      while (slot.slot() < seen && !first_bad.compare_exchange_weak(seen, slot.slot())) {
      }
    });
  }, std::uint64_t{1} << 16);
  if (first_bad.load() == ~std::uint64_t{0}) return std::nullopt;
  return first_bad.load();
}

}  // namespace

ValueFileResidents::ValueFileResidents(TableLookup& lookup, Communicator& comm, unsigned threads, std::ostream* log)
    : lookup_(lookup), comm_(comm), threads_(std::max(1u, threads)), log_(log) {}

bool ValueFileResidents::from_value_files(Material material) const {
  return lookup_.is_resident(material) && contains(from_value_files_, material);
}

void ValueFileResidents::verified(Material material, bool value_files_right) {
  if (!contains(verified_, material)) verified_.push_back(material);
  std::erase(value_files_right_, material);
  if (value_files_right) value_files_right_.push_back(material);
}

bool ValueFileResidents::may_read_value_files(Material material, std::span<const Material> pair) const {
  return contains(pair, material) || contains(value_files_right_, material) || !contains(verified_, material);
}

void ValueFileResidents::hold(std::span<const Material> classes, std::span<const Material> pair) {
  std::vector<Material> order(classes.begin(), classes.end());
  std::ranges::sort(order, [](Material a, Material b) { return std::pair{a.stones(), a.us} < std::pair{b.stones(), b.us}; });
  // Drop what is not wanted now, and what was read from value files that may no longer
  // be read (found wrong since).
  for (const Material m : materials_up_to(kMaxStones)) {
    if (!lookup_.is_resident(m)) {
      std::erase(from_value_files_, m);
      continue;
    }
    const bool stale = contains(from_value_files_, m) && !may_read_value_files(m, pair);
    if (contains(order, m) && !stale) continue;
    lookup_.drop_resident(m);
    std::erase(from_value_files_, m);
  }
  for (const Material m : order) {
    if (lookup_.is_resident(m)) continue;
    std::string why = "not found right earlier in this run";
    if (may_read_value_files(m, pair)) {
      const auto start = Clock::now();
      std::vector<std::uint16_t> values;
      const auto problem = read_value_files(m, values);
      if (!problem) {
        lookup_.hold_resident_values(m, std::move(values));
        from_value_files_.push_back(m);
        if (log_) {
          char line[200];
          std::snprintf(line, sizeof line,
                        "  %-9s into memory for verify: %.1f MB, %.1f s, from its value files (all resident: %.1f MB)\n",
                        to_string(m).c_str(), static_cast<double>(MaterialIndex::of(m).slots() * 2) / 1e6,
                        seconds_since(start), static_cast<double>(lookup_.resident_bytes()) / 1e6);
          *log_ << line << std::flush;
        }
        continue;
      }
      why = "unusable: " + *problem;
    }
    if (log_)
      *log_ << "  " << to_string(m) << ": value files " << why
            << "; its values are resolved from its table files by search"
            << (contains(pair, m) ? ", and its table files are checked against their successors as before" : "")
            << "\n"
            << std::flush;
    const Material one[] = {m};
    make_resident(lookup_, one, threads_, log_, "verify");
  }
}

std::optional<std::string> ValueFileResidents::read_value_files(Material material, std::vector<std::uint16_t>& values) {
  const TableDirectory& dir = lookup_.directory();
  std::vector<std::uint8_t> said;
  if (comm_.is_root())
    if (const auto problem = value_files_differ(dir, material)) said.assign(problem->begin(), problem->end());
  comm_.broadcast(said);
  if (!said.empty()) return std::string(said.begin(), said.end());
  std::string problem;
  try {
    memory::assign_on_huge_pages(values, MaterialIndex::of(material).slots(), std::uint16_t{0});
    read_value_share(dir, material, 0, values, threads_);
    if (const auto slot = canonical_slot_without_value(material, values, threads_))
      problem = dir.value_file(material, io::TableKind::wdl).string() + ": slot " + std::to_string(*slot) +
                " of a canonical position holds no value";
  } catch (const io::TableError& e) {
    problem = e.what();
  }
  std::array<std::uint64_t, 1> failed{problem.empty() ? 0u : 1u};
  comm_.max(failed);
  if (!failed[0]) return std::nullopt;
  std::vector<std::uint16_t>().swap(values);
  return problem.empty() ? std::string("on another rank") : problem;
}

}  // namespace tsivy
