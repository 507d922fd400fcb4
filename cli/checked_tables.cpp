#include "cli/checked_tables.h"

#include <stdexcept>

namespace tsivy::cli {

std::unique_ptr<TableLookup> open_checked_tables(const std::string& dir) {
  auto tables = std::make_unique<TableLookup>(dir);
  // An empty or mistyped directory would otherwise be accepted and make no difference.
  if (tables->listing().classes().empty()) throw std::invalid_argument(dir + ": no table files (written by `tsivy generate`) in it");
  tables->open_listed_files();
  return tables;
}

}  // namespace tsivy::cli
