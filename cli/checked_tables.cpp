#include "cli/checked_tables.h"

#include <stdexcept>

namespace tsivy::cli {

std::unique_ptr<TableLookup> open_checked_tables(const std::string& dir) {
  auto tables = std::make_unique<TableLookup>(TableDirectory::open(dir));
  // An empty or mistyped directory would otherwise be accepted and make no difference.
  if (tables->listing().classes().empty()) throw std::invalid_argument(dir + ": no table files (written by `tsivy generate`) in it");
  // The engine reads whatever its search meets: every file must be sound.
  if (const std::vector<LookupError> damaged = tables->open_listed_files(); !damaged.empty()) throw damaged.front();
  return tables;
}

}  // namespace tsivy::cli
