// The naming rule of a table directory's files, and opening one with the checks that it
// really is that class's file. Readers and the solver ask TableDirectory
// (table_dir/table_directory.h), which names every path through these.
#pragma once

#include <filesystem>
#include <string>

#include "indexing/material_index.h"
#include "io/table_reader.h"

namespace tsivy {

// "<dir>/3v2.wdl.tsivy" and "<dir>/3v2.depth.tsivy".
std::filesystem::path table_file(const std::filesystem::path& dir, Material material, io::TableKind kind);
std::string kind_name(io::TableKind kind);  // "wdl", "depth"

// "<dir>/values": the generation-side value files (solver/table_files.h), a table
// directory of its own whose files hold a true value in every canonical entry,
// capture positions included. Optional: `tsivy generate`, `stats` and `verify` read it,
// and each does without it.
std::filesystem::path value_files_dir(const std::filesystem::path& dir);

// Opens `file`, the file of this class and kind, and checks that its header describes
// this class, this kind, this index scheme and the index's slot count (a file renamed
// into another class's place is refused). Blocks are cached in `cache` when given, else
// in a cache of the reader's own. Throws io::TableError naming the file.
io::TableReader open_class_file(const std::filesystem::path& file, Material material, io::TableKind kind,
                                io::SharedBlockCache cache = nullptr);

}  // namespace tsivy
