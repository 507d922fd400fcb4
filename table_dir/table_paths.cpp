#include "table_dir/table_paths.h"

namespace tsivy {

std::string kind_name(io::TableKind kind) { return kind == io::TableKind::wdl ? "wdl" : "depth"; }

std::filesystem::path table_file(const std::filesystem::path& dir, Material material, io::TableKind kind) {
  return dir / (to_string(material) + "." + kind_name(kind) + ".tsivy");
}

std::filesystem::path value_files_dir(const std::filesystem::path& dir) { return dir / "values"; }

io::TableReader open_class_file(const std::filesystem::path& file, Material material, io::TableKind kind,
                                io::SharedBlockCache cache) {
  io::TableReader reader = cache ? io::TableReader(file, std::move(cache)) : io::TableReader(file);
  const io::TableHeader& h = reader.header();
  const auto problem = [&](const std::string& what) { throw io::TableError(reader.file(), what); };
  if (h.spec.kind != kind) problem("holds a " + kind_name(h.spec.kind) + " table, expected " + kind_name(kind));
  if (h.spec.m != material.us || h.spec.n != material.them)
    problem("holds class " + std::to_string(h.spec.m) + "v" + std::to_string(h.spec.n) + ", expected " + to_string(material));
  if (h.spec.index_scheme != index_scheme_id()) problem("was written with another index scheme (tables of another board or of another tsivy version)");
  if (h.entry_count != MaterialIndex::of(material).slots())
    problem("has " + std::to_string(h.entry_count) + " entries, the index has " +
            std::to_string(MaterialIndex::of(material).slots()) + " slots");
  return reader;
}

}  // namespace tsivy
