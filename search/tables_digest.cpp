#include "search/tables_digest.h"

#include <cinttypes>
#include <cstdio>

#include "indexing/material_index.h"
#include "io/format.h"
#include "lookup/table_lookup.h"
#include "table_dir/table_directory.h"

namespace tsivy::search {

std::string digest_text(std::uint64_t digest) {
  char s[17];
  std::snprintf(s, sizeof s, "%016" PRIx64, digest);
  return s;
}

std::optional<std::uint64_t> tables_digest(const TableLookup& tables, int stones) {
  // One line a class, in a fixed order: "3v2 values-checksum".
  std::string listed;
  for (const Material m : materials_up_to(stones)) {
    const ManifestClass* entry = tables.directory().manifest().find(m);
    if (!entry) return std::nullopt;
    listed += m.to_string() + " " + digest_text(entry->wdl.checksum) + "\n";
  }
  return io::format::checksum({reinterpret_cast<const std::uint8_t*>(listed.data()), listed.size()});
}

}  // namespace tsivy::search
