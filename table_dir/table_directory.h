// A table directory, opened once. Opening it checks that it is a directory, reads its
// manifest once (and with it the board its tables are for, refusing another board's),
// and lists which class files are there (looking at none of them). From then on every
// reader and the solver ask it: where each file lives (tables, value files,
// checkpoints), what the manifest says, whether a file is what the manifest says, and
// which files were found damaged and why. Nothing below it takes a bare path to a
// table directory (docs/architecture.md, "The table directory").
#pragma once

#include <array>
#include <atomic>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "indexing/material_index.h"
#include "io/table_reader.h"
#include "table_dir/listing.h"
#include "table_dir/manifest.h"

namespace tsivy {

// Why a file of the directory cannot be read: found when it was opened (header, block
// index) or when a block of it was read.
struct FileDamage {
  bool os_refused = false;  // the operating system refused to open or read it; else it is no valid table of its class
  std::string reason;       // naming the file
};

// A file found damaged, with its class and kind (TableDirectory::damaged_files).
struct DamagedFile {
  Material material;
  io::TableKind kind;
  FileDamage damage;
};

// How closely a file is compared with its manifest entry: its size alone (cheap: a
// stat), or its size and its checksum (reads the whole file).
enum class ManifestCheck { size, size_and_checksum };

class TableDirectory {
 public:
  // Opens `dir`. Throws std::invalid_argument (OtherBoardError, board_record.h) for
  // another board's tables, NotATableDirectory when `dir` is no directory, and
  // std::runtime_error naming the file when its manifest.json is not a valid manifest.
  // An absent manifest is an empty one (has_manifest() says which).
  static std::shared_ptr<TableDirectory> open(const std::filesystem::path& dir);

  TableDirectory(const TableDirectory&) = delete;
  TableDirectory& operator=(const TableDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // The manifest as read at open, with what record() added since.
  const Manifest& manifest() const { return manifest_; }
  bool has_manifest() const { return has_manifest_; }
  // Throws std::runtime_error when the manifest lists no class (a reader of finished
  // tables: verify, stats, serve).
  void require_classes() const;
  // For `tsivy generate`: lists a finished class, and writes the manifest atomically.
  void record(const ManifestClass& entry) { manifest_.put(entry); }
  void save_manifest() const;

  // The class files there were at open (TableListing: what readers answer from).
  const TableListing& listing() const { return listing_; }

  // Where things live: "<dir>/3v2.wdl.tsivy", "<dir>/values/3v2.wdl.tsivy" (the
  // generation-side value files, solver/table_files.h), "<dir>/.checkpoint".
  std::filesystem::path table_file(Material material, io::TableKind kind) const;
  std::filesystem::path value_files_dir() const;
  std::filesystem::path value_file(Material material, io::TableKind kind) const;
  std::filesystem::path checkpoint_dir() const;

  // Opens the class's table (or value) file and checks that its header describes this
  // class, this kind, this index scheme and the index's slot count (a file renamed into
  // another class's place is refused). Blocks are cached in `cache` when given, else in
  // a cache of the reader's own. Throws io::TableError naming the file.
  io::TableReader open_table(Material material, io::TableKind kind, io::SharedBlockCache cache = nullptr) const;
  io::TableReader open_value_file(Material material, io::TableKind kind) const;

  // "This file is what the manifest says", the one place it is decided: why the file
  // `listed` names is not as listed (cannot be read, other size, other checksum), naming
  // it; nullopt when it is.
  std::optional<std::string> differs_from_manifest(const ManifestFile& listed, ManifestCheck check) const;
  // The same for both table files of a class (the WDL file first).
  std::optional<std::string> class_differs_from_manifest(const ManifestClass& entry, ManifestCheck check) const;
  // The manifest's entries for files as they are on disk now: name, size and checksum
  // (reads each file whole). Throws io::TableError or std::filesystem::filesystem_error.
  ManifestFile describe_table(Material material, io::TableKind kind) const;
  ManifestValueFiles describe_value_files(Material material) const;

  // Files found damaged, each recorded once by whichever reader found it first; the
  // record is kept for as long as the directory is open, so that no later reader opens
  // or reads the file again. Thread-safe. record_damage returns the record that holds:
  // the earlier one when the file was already recorded (`first` says whether this call
  // recorded it).
  const FileDamage& record_damage(Material material, io::TableKind kind, FileDamage damage, bool* first = nullptr) const;
  const FileDamage* damage(Material material, io::TableKind kind) const {
    return damaged_[slot_of(material, kind)].load(std::memory_order_acquire);
  }
  std::vector<DamagedFile> damaged_files() const;

 private:
  explicit TableDirectory(std::filesystem::path dir);
  // Reads the manifest into manifest_ before the listing is made; returns path_.
  const std::filesystem::path& read_manifest();
  static constexpr std::size_t slot_of(Material m, io::TableKind kind) {
    return (static_cast<std::size_t>(m.us) * (kMaxStones + 1) + static_cast<std::size_t>(m.them)) * 2 +
           static_cast<std::size_t>(kind);
  }
  static constexpr std::size_t kFileSlots = (kMaxStones + 1) * (kMaxStones + 1) * 2;

  std::filesystem::path path_;
  Manifest manifest_;
  bool has_manifest_ = false;
  TableListing listing_;  // after the manifest: made once it is read (read_manifest)
  mutable std::mutex damage_mutex_;
  mutable std::array<std::atomic<const FileDamage*>, kFileSlots> damaged_{};
  mutable std::vector<std::unique_ptr<FileDamage>> damage_owned_;
};

// `dir` is not a directory (tsivy_open's TSIVY_ERROR_NO_TABLES).
class NotATableDirectory : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tsivy
