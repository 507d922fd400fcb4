// The manifest of a table directory (manifest.json): every finished class with its
// files, sizes, checksums and value counts. A class is listed only once its files are
// durably on disk, so the manifest is what a resumed run trusts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

#include "indexing/material_index.h"

namespace tsivy {

struct ManifestFile {
  std::string name;  // relative to the directory
  std::uint64_t bytes = 0;
  std::uint64_t checksum = 0;  // io::file_checksum (xxHash64 of the whole file)
};

// A class's generation-side value files (value_files_dir), named relative to the table
// directory ("values/3v2.wdl.tsivy"). Optional: readers of the tables never need them.
struct ManifestValueFiles {
  ManifestFile wdl, depth;
};

struct ManifestClass {
  Material material{};
  ManifestFile wdl, depth;
  std::optional<ManifestValueFiles> values;
  std::uint64_t canonical = 0, wins = 0, draws = 0, losses = 0;
  int max_depth = 0;
  double seconds = 0;          // solving the pair this class belongs to
  double seed_seconds = 0;     // of which seeding
  double propagate_seconds = 0;  // of which propagation and draws
};

class Manifest {
 public:
  static constexpr const char* kFileName = "manifest.json";

  // Reads DIR/manifest.json into `manifest`, opening it once; returns false (and leaves
  // `manifest` empty) when there is none. Throws OtherBoardError (board_record.h) when
  // it names another board, std::runtime_error naming the file when it is not a valid
  // manifest. TableDirectory::open reads it so; nothing else does.
  static bool read(const std::filesystem::path& dir, Manifest& manifest);
  // The same, returning the manifest (empty when absent): for tests and tools that look
  // at a manifest alone.
  static Manifest load(const std::filesystem::path& dir) {
    Manifest manifest;
    read(dir, manifest);
    return manifest;
  }
  // Writes DIR/manifest.json atomically: temp file, fsync, rename, fsync of the directory.
  void save(const std::filesystem::path& dir) const;

  const ManifestClass* find(Material material) const;
  void put(const ManifestClass& entry);
  const std::map<std::string, ManifestClass>& classes() const { return classes_; }

 private:
  std::map<std::string, ManifestClass> classes_;  // keyed by "MvN"
};

}  // namespace tsivy
