// Where a class's table files live in a table directory, and how they are read back.
#pragma once

#include <filesystem>
#include <string>

#include "indexing/material_index.h"
#include "io/table_file.h"
#include "solver/class_table.h"

namespace tsivy {

// "<dir>/3v2.wdl.tsivy" and "<dir>/3v2.depth.tsivy".
std::filesystem::path table_file(const std::filesystem::path& dir, Material material, io::TableKind kind);
std::string kind_name(io::TableKind kind);

// Writes both files of a solved class atomically (io/ writes temp, fsync, rename).
void write_class_table(const std::filesystem::path& dir, const ClassTable& table, unsigned threads);

// Reads both files of a class through io::TableReader, checking that their headers
// describe this class, this index scheme and this slot count. Throws io::TableError.
ClassTable read_class_table(const std::filesystem::path& dir, Material material);

}  // namespace tsivy
