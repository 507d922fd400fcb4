#include "solver/table_files.h"

#include "io/table_reader.h"
#include "io/dont_care.h"
#include "io/table_writer.h"
#include "lookup/table_lookup.h"
#include "solver/parallel.h"

namespace tsivy {

namespace {

io::TableSpec spec_of(Material material, io::TableKind kind) {
  return {kind, static_cast<std::uint8_t>(material.us), static_cast<std::uint8_t>(material.them), index_scheme_id()};
}

}  // namespace

void write_class_table(const std::filesystem::path& dir, ClassTable&& table, unsigned threads) {
  const MaterialIndex& index = MaterialIndex::of(table.material);
  parallel_for(0, index.slots(), threads, [&](std::uint64_t first, std::uint64_t last) {
    for_each_slot(index, first, last, [&](const SlotCursor& slot) {
      const std::uint64_t s = slot.slot();
      if (!slot.canonical() || !TableLookup::reads_entry(slot.us(), slot.them())) {
        table.wdl[s] = static_cast<std::uint8_t>(io::Wdl::unused);
        table.depth[s] = io::kDontCareDepth;
      } else if (table.wdl[s] == static_cast<std::uint8_t>(Outcome::draw)) {
        table.depth[s] = io::kDontCareDepth;  // the WDL file says draw; no depth is read
      }
    });
  });
  io::WriteOptions options;
  options.threads = threads;
  io::write_table(table_file(dir, table.material, io::TableKind::wdl), spec_of(table.material, io::TableKind::wdl),
                  std::span<const std::uint8_t>(table.wdl), options);
  io::write_table(table_file(dir, table.material, io::TableKind::depth), spec_of(table.material, io::TableKind::depth),
                  std::span<const std::uint16_t>(table.depth), options);
}

ClassTable read_class_table(const std::filesystem::path& dir, Material material) {
  ClassTable table{material, {}, {}};
  const io::TableReader wdl = open_class_file(dir, material, io::TableKind::wdl);
  table.wdl.resize(wdl.size());
  wdl.read(0, std::span<std::uint8_t>(table.wdl));
  const io::TableReader depth = open_class_file(dir, material, io::TableKind::depth);
  table.depth.resize(depth.size());
  depth.read(0, std::span<std::uint16_t>(table.depth));
  return table;
}

}  // namespace tsivy
