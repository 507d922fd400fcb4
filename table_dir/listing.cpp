#include "table_dir/listing.h"

#include <algorithm>
#include <system_error>

#include "table_dir/table_paths.h"

namespace tsivy {

TableListing::TableListing(const std::filesystem::path& dir) : dir_(dir) {
  std::error_code error;  // a file that cannot be looked at counts as absent
  for (const Material m : materials_up_to(kMaxStones)) {
    const ClassFiles f{m, std::filesystem::exists(table_file(dir_, m, io::TableKind::wdl), error),
                       std::filesystem::exists(table_file(dir_, m, io::TableKind::depth), error)};
    if (!f.wdl && !f.depth) continue;
    classes_.push_back(f);
    max_found_ = std::max(max_found_, m.stones());
  }
  for (int total = 2; total <= kMaxStones && !first_missing_file(total); ++total) max_complete_ = total;
}

std::optional<std::filesystem::path> TableListing::first_missing_file(int stones) const {
  for (const Material m : materials_up_to(stones)) {
    const auto found = std::ranges::find_if(classes_, [&](const ClassFiles& f) { return f.material == m; });
    if (found == classes_.end() || !found->wdl) return table_file(dir_, m, io::TableKind::wdl);
    if (!found->depth) return table_file(dir_, m, io::TableKind::depth);
  }
  return std::nullopt;
}

}  // namespace tsivy
