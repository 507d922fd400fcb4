#include "solver/table_files.h"

#include "io/table_reader.h"
#include "io/table_writer.h"

namespace tsivy {

std::string kind_name(io::TableKind kind) { return kind == io::TableKind::wdl ? "wdl" : "depth"; }

std::filesystem::path table_file(const std::filesystem::path& dir, Material material, io::TableKind kind) {
  return dir / (to_string(material) + "." + kind_name(kind) + ".tsivy");
}

namespace {

io::TableSpec spec_of(Material material, io::TableKind kind) {
  return {kind, static_cast<std::uint8_t>(material.us), static_cast<std::uint8_t>(material.them), index_scheme_id()};
}

void check_header(const io::TableReader& reader, Material material, io::TableKind kind) {
  const io::TableHeader& h = reader.header();
  const auto problem = [&](const std::string& what) { throw io::TableError(reader.file(), what); };
  if (h.spec.kind != kind) problem("holds a " + kind_name(h.spec.kind) + " table, expected " + kind_name(kind));
  if (h.spec.m != material.us || h.spec.n != material.them)
    problem("holds class " + std::to_string(h.spec.m) + "v" + std::to_string(h.spec.n) + ", expected " + to_string(material));
  if (h.spec.index_scheme != index_scheme_id()) problem("was written with another index scheme");
  if (h.entry_count != MaterialIndex::of(material).slots())
    problem("has " + std::to_string(h.entry_count) + " entries, the index has " +
            std::to_string(MaterialIndex::of(material).slots()) + " slots");
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
  const io::TableReader wdl(table_file(dir, material, io::TableKind::wdl));
  check_header(wdl, material, io::TableKind::wdl);
  table.wdl.resize(wdl.size());
  wdl.read(0, std::span<std::uint8_t>(table.wdl));
  const io::TableReader depth(table_file(dir, material, io::TableKind::depth));
  check_header(depth, material, io::TableKind::depth);
  table.depth.resize(depth.size());
  depth.read(0, std::span<std::uint16_t>(table.depth));
  return table;
}

}  // namespace tsivy
