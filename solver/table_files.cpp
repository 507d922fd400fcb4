#include "solver/table_files.h"

#include "io/table_reader.h"
#include "io/table_writer.h"

namespace tsivy {

namespace {

io::TableSpec spec_of(Material material, io::TableKind kind) {
  return {kind, static_cast<std::uint8_t>(material.us), static_cast<std::uint8_t>(material.them), index_scheme_id()};
}

}  // namespace

void write_class_table(const std::filesystem::path& dir, const ClassTable& table, unsigned threads) {
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
