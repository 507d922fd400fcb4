// Which classes a table directory holds: the table files on disk when it is listed,
// whatever the manifest says. The lookup and the probe library answer only from files,
// so they ask this, not the manifest.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "indexing/material_index.h"

namespace tsivy {

// A class with at least one of its two files in the directory.
struct ClassFiles {
  Material material;
  bool wdl = false;
  bool depth = false;
};

class TableListing {
 public:
  // Looks for the files of every class up to kMaxStones in `dir`; opens none of them
  // (TableDirectory::open lists its directory so, once).
  explicit TableListing(const std::filesystem::path& dir);

  // The classes with at least one file, by total then m.
  const std::vector<ClassFiles>& classes() const { return classes_; }
  // The largest N such that every class of 2..N stones has both files (0 if none).
  int max_complete_stones() const { return max_complete_; }
  // The largest total of any class with a file (0 if none).
  int max_stones_found() const { return max_found_; }
  // The first file absent among the classes of 2..stones stones, by total then m (a
  // class's WDL file before its depth file); nullopt when all are present.
  std::optional<std::filesystem::path> first_missing_file(int stones) const;

 private:
  std::filesystem::path dir_;
  std::vector<ClassFiles> classes_;
  int max_complete_ = 0;
  int max_found_ = 0;
};

}  // namespace tsivy
