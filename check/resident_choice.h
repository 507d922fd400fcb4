// Whether a pass of `verify` or `stats` holds its classes in memory. A pass reads the
// classes its pair's captures reach (verify also the pair itself) again and again;
// from the files, every read of a capture position resolves it by search again, which
// makes the largest passes hours slower. Resident, each class costs
// TableLookup::kResidentBytesPerSlot a slot. So each pass goes resident when that fits
// the memory the command may use, and otherwise reads from the files and says so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "indexing/material_index.h"
#include "lookup/table_lookup.h"

namespace tsivy {

struct ResidentLimit {
  // `--resident`: hold each pass's classes whatever they take.
  bool forced = false;
  // `--memory`: what the resident classes and the block cache may take together;
  // nullopt: nothing is held resident unless forced.
  std::optional<std::uint64_t> memory = std::nullopt;
};

// What holding `classes` resident takes: kResidentBytesPerSlot for every index slot.
std::uint64_t resident_bytes_for(std::span<const Material> classes);

// "12.71 GiB", "3.0 MiB", "1.0 KiB", "512 bytes" (powers of 1024, as --memory reads them).
std::string format_bytes(std::uint64_t bytes);

class ResidentChoice {
 public:
  // Makes exactly `classes` resident (every other resident class dropped first), as
  // hold_resident (lookup/residents.h) does from the table files; `verify` reads them
  // from their value files instead where it can (check/verify.cpp).
  using Hold = std::function<void(std::span<const Material> classes)>;

  // `log` (may be null) gets one line per pair saying what was chosen and why;
  // `purpose` ("verify", "stats") ends make_resident's lines. `hold`: how the chosen
  // classes are made resident; nullptr: hold_resident.
  ResidentChoice(TableLookup& lookup, ResidentLimit limit, std::size_t cache_bytes, unsigned threads,
                 std::ostream* log, std::string purpose, Hold hold = nullptr);

  // Before the pass over a class of the pair of `material`, which reads `classes` again
  // and again: holds them resident (hold_resident: every other resident class is
  // dropped first) when forced or when they fit beside the block cache; otherwise drops
  // every resident class and says that the pass reads from the files. A second call
  // with the same classes (the mirror class's pass) changes and says nothing. Returns
  // whether the classes are resident.
  bool before_pass(Material material, std::vector<Material> classes);

 private:
  TableLookup& lookup_;
  const ResidentLimit limit_;
  const std::size_t cache_bytes_;
  const unsigned threads_;
  std::ostream* const log_;
  const std::string purpose_;
  const Hold hold_;
  std::optional<std::vector<Material>> last_classes_;  // sorted
  bool last_resident_ = false;
};

}  // namespace tsivy
