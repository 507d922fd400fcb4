#include "lookup/class_files.h"

#include <algorithm>
#include <string>
#include <vector>

#include "io/table_reader.h"
#include "io/table_writer.h"
#include "lookup/value_code.h"
#include "parallel/parallel.h"

namespace tsivy {

void read_value_share(const TableDirectory& dir, Material material, std::uint64_t first,
                      std::span<std::uint16_t> out, unsigned threads) {
  // Read once, start to end: through the readers' own small caches.
  const io::TableReader wdl = dir.open_value_file(material, io::TableKind::wdl);
  const io::TableReader depth = dir.open_value_file(material, io::TableKind::depth);
  if (first + out.size() > wdl.size()) throw io::TableError(wdl.file(), "fewer entries than the share read");
  const unsigned workers = std::max(1u, threads);
  std::vector<std::vector<std::uint8_t>> outcomes(workers);
  std::vector<std::vector<std::uint16_t>> depths(workers);
  // Chunks of whole blocks (shares start at block boundaries): no block read twice.
  parallel_for(0, out.size(), workers, [&](std::uint64_t begin, std::uint64_t end, unsigned t) {
    outcomes[t].resize(end - begin);
    depths[t].resize(end - begin);
    wdl.read(first + begin, std::span<std::uint8_t>(outcomes[t]));
    depth.read(first + begin, std::span<std::uint16_t>(depths[t]));
    for (std::uint64_t k = 0; k < end - begin; ++k) {
      const auto outcome = static_cast<Outcome>(outcomes[t][k]);
      const std::uint16_t d = outcome == Outcome::win || outcome == Outcome::loss ? depths[t][k] : 0;
      if (d >= kPackedDepthLimit) throw io::TableError(depth.file(), "depth " + std::to_string(d) + " out of range");
      out[begin + k] = pack_value({outcome, d});
    }
  }, io::kWholeBlocksAlignment);
}

ClassTable read_class_table(const TableDirectory& dir, Material material) {
  ClassTable table{material, {}, {}};
  const io::TableReader wdl = dir.open_table(material, io::TableKind::wdl);
  table.wdl.resize(wdl.size());
  wdl.read(0, std::span<std::uint8_t>(table.wdl));
  const io::TableReader depth = dir.open_table(material, io::TableKind::depth);
  table.depth.resize(depth.size());
  depth.read(0, std::span<std::uint16_t>(table.depth));
  return table;
}

}  // namespace tsivy
