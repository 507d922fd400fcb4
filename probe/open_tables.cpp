// Opening and checking a table directory (tsivy_open, tsivy_open_logged, tsivy_close,
// tsivy_check): this board's tables into an OwnTables, another board's through that
// board's library.
#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "indexing/material_index.h"
#include "probe/own_tables.h"
#include "table_dir/board_record.h"
#include "table_dir/manifest.h"

namespace {

using namespace tsivy::probe;
using tsivy::Outcome;
using tsivy::Value;

// libtsivy.so and libtsivy.a open another board's tables through that board's library.
// The build tree's own static tsivy_probe (the command, the server) refuses them with
// the message that names `tsivy --board`, which runs that board's build instead.
#ifdef TSIVY_FORWARD_BOARDS
constexpr bool kForwardsBoards = true;
#else
constexpr bool kForwardsBoards = false;
#endif

// A table directory opened: of this library's board (`own`), or the name of the other
// board whose tables it holds.
struct OpenedDirectory {
  std::shared_ptr<const tsivy::TableDirectory> own;
  std::string other_board;
};

// Opens `dir` once (its manifest read once), or fails with tsivy_open's and
// tsivy_check's statuses: NO_TABLES for no directory or no manifest, TABLE_CORRUPT for
// a manifest that is none.
OpenedDirectory open_directory(const std::filesystem::path& dir) {
  std::error_code ec;
  const std::string manifest = tsivy::Manifest::kFileName;
  if (!std::filesystem::is_directory(dir, ec))
    fail(TSIVY_ERROR_NO_TABLES, dir.string() + ": no such table directory (no " + manifest + ")");
  // `tsivy generate` writes the manifest last: without it the directory is no finished set of tables.
  if (!std::filesystem::exists(dir / manifest, ec))
    fail(TSIVY_ERROR_NO_TABLES, dir.string() + ": no " + manifest + ", not a table directory written by `tsivy generate`");
  try {
    return {tsivy::TableDirectory::open(dir), {}};
  } catch (const tsivy::OtherBoardError& e) {
    if (!kForwardsBoards) fail(TSIVY_ERROR_NO_TABLES, e.what());
    return {nullptr, e.board()};
  } catch (const tsivy::NotATableDirectory& e) {
    fail(TSIVY_ERROR_NO_TABLES, e.what());
  } catch (const std::runtime_error& e) {
    fail(TSIVY_ERROR_TABLE_CORRUPT, e.what());
  }
}

// The library that reads the tables of `board` in `dir`, another board than this one's.
const tsivy::probe::BoardLibrary& board_library_for(const std::filesystem::path& dir, const std::string& board) {
  try {
    return tsivy::probe::board_library(board);
  } catch (const tsivy::probe::BoardLibraryMissing& e) {
    fail(TSIVY_ERROR_NO_TABLES, dir.string() + " holds tables of the " + board + " board; " + e.what());
  }
}

// One file of tsivy_check(): the manifest's size, then every block.
struct CheckedFile {
  tsivy::Material material;
  tsivy::io::TableKind kind;
  bool present;
  const tsivy::ManifestFile* listed;  // null for a file the manifest does not list
};

void check_file(const tsivy::TableDirectory& dir, const CheckedFile& f) {
  const std::filesystem::path file = dir.table_file(f.material, f.kind);
  if (!f.present) fail(TSIVY_ERROR_TABLE_MISSING, file.string() + " is missing (the manifest lists it)");
  std::error_code ec;
  static_cast<void>(std::filesystem::file_size(file, ec));  // only whether the system can look at it
  if (ec) fail(TSIVY_ERROR_IO, file.string() + ": " + ec.message());
  if (f.listed)
    if (const auto problem = dir.differs_from_manifest(*f.listed, tsivy::ManifestCheck::size))
      fail(TSIVY_ERROR_TABLE_CORRUPT, *problem);
  try {
    dir.open_table(f.material, f.kind).verify();
  } catch (const tsivy::io::TableIoError& e) {
    fail(TSIVY_ERROR_IO, e.what());
  } catch (const tsivy::io::TableError& e) {
    fail(TSIVY_ERROR_TABLE_CORRUPT, e.what());
  }
}

int open_tables(const char* caller, const char* dir, size_t cache_bytes, tsivy_log_fn log, void* log_user,
                tsivy_tables** out) {
  if (out) *out = nullptr;
  OwnTables* opened = nullptr;
  const int status = guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(dir && out, caller, ": dir and out must not be NULL");
    const std::filesystem::path path(dir);
    OpenedDirectory directory = open_directory(path);
    if (!directory.own) {
      const tsivy::probe::BoardLibrary& library = board_library_for(path, directory.other_board);
      auto forwarding = std::make_unique<tsivy_tables>();  // before the open, so that nothing leaks
      const int inner_status = library.open_logged(dir, cache_bytes, log, log_user, &forwarding->inner);
      if (inner_status != TSIVY_OK) fail(inner_status, library.last_error());
      forwarding->foreign = &library;
      *out = forwarding.release();
      return;
    }
    tsivy::LookupOptions options;
    if (cache_bytes) options.cache_bytes = cache_bytes;
    opened = new OwnTables(std::move(directory.own), options, log, log_user);
    for (const tsivy::ClassFiles& f : opened->lookup.listing().classes())
      opened->classes.push_back({f.material.us, f.material.them, f.wdl ? 1 : 0, f.depth ? 1 : 0,
                                 opened->availability.answers(f.material, tsivy::probe::Need::wdl) ? 1 : 0,
                                 opened->availability.answers(f.material, tsivy::probe::Need::depth) ? 1 : 0});
    if (opened->classes.empty()) fail(TSIVY_ERROR_NO_TABLES, path.string() + ": no table files");
    for (const tsivy_class& c : opened->classes)
      if (!c.has_wdl || !c.has_depth)
        log_to(opened, TSIVY_LOG_WARNING,
               path.string() + ": class " + std::to_string(c.us_stones) + "v" + std::to_string(c.them_stones) +
                   " has no " + (c.has_wdl ? "depth" : "wdl") + " file");
    // A damaged file makes its class (and those whose captures reach it) unavailable,
    // as a missing one does; every other class answers. Its line was logged as found.
    for (const tsivy::DamagedFile& d : opened->lookup.directory().damaged_files())
      log_to(opened, TSIVY_LOG_WARNING,
             path.string() + ": class " + tsivy::to_string(d.material) + " unavailable: " + d.damage.reason);
    log_to(opened, TSIVY_LOG_INFO,
           path.string() + ": " + std::to_string(opened->classes.size()) + " classes, complete up to " +
               std::to_string(tsivy_max_stones(opened)) + " stones");
    *out = opened;
  });
  if (status != TSIVY_OK) delete opened;
  return status;
}

}  // namespace

extern "C" {

int tsivy_open_logged(const char* dir, size_t cache_bytes, tsivy_log_fn log, void* log_user, tsivy_tables** out) {
  return open_tables("tsivy_open_logged", dir, cache_bytes, log, log_user, out);
}

int tsivy_open(const char* dir, size_t cache_bytes, tsivy_tables** out) {
  return open_tables("tsivy_open", dir, cache_bytes, nullptr, nullptr, out);
}

void tsivy_close(tsivy_tables* tables) {
  if (is_foreign(tables)) {
    tables->foreign->close(tables->inner);
    delete tables;
  } else {
    delete static_cast<OwnTables*>(tables);
  }
}

int tsivy_check(const char* dir, tsivy_check_fn progress, void* progress_user) {
  return guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] {
    require(dir != nullptr, "tsivy_check: dir must not be NULL");
    const std::filesystem::path path(dir);
    const OpenedDirectory directory = open_directory(path);
    if (!directory.own) {
      const tsivy::probe::BoardLibrary& library = board_library_for(path, directory.other_board);
      const int status = library.check(dir, progress, progress_user);
      if (status != TSIVY_OK) fail(status, library.last_error());
      return;
    }
    const tsivy::Manifest& manifest = directory.own->manifest();
    const tsivy::TableListing& listing = directory.own->listing();
    std::vector<CheckedFile> files;
    for (const tsivy::Material m : tsivy::materials_up_to(tsivy::kMaxStones)) {
      const auto found = std::ranges::find_if(listing.classes(), [&](const tsivy::ClassFiles& f) { return f.material == m; });
      const tsivy::ManifestClass* listed = manifest.find(m);
      for (const tsivy::io::TableKind kind : {tsivy::io::TableKind::wdl, tsivy::io::TableKind::depth}) {
        const bool wdl = kind == tsivy::io::TableKind::wdl;
        const bool present = found != listing.classes().end() && (wdl ? found->wdl : found->depth);
        if (present || listed) files.push_back({m, kind, present, listed ? (wdl ? &listed->wdl : &listed->depth) : nullptr});
      }
    }
    if (files.empty()) fail(TSIVY_ERROR_NO_TABLES, path.string() + ": no table files");
    std::vector<std::uint64_t> sizes;
    std::uint64_t bytes_total = 0;
    for (const CheckedFile& f : files) {
      std::error_code ec;
      const std::uintmax_t bytes = f.present ? std::filesystem::file_size(directory.own->table_file(f.material, f.kind), ec) : 0;
      sizes.push_back(ec ? 0 : bytes);
      bytes_total += sizes.back();
    }
    int first_status = TSIVY_OK;
    std::string first_message;
    tsivy_check_progress report{nullptr, TSIVY_OK, "", 0, files.size(), 0, bytes_total};
    for (std::size_t k = 0; k < files.size(); ++k) {
      const int status = guarded(TSIVY_ERROR_BAD_ARGUMENT, [&] { check_file(*directory.own, files[k]); });
      if (status != TSIVY_OK && first_status == TSIVY_OK) first_status = status, first_message = last_message();
      const std::string file = directory.own->table_file(files[k].material, files[k].kind).string();
      report.file = file.c_str();
      report.status = status;
      report.message = status == TSIVY_OK ? "" : last_message().c_str();
      report.files_done = k + 1;
      report.bytes_done += sizes[k];
      if (progress) progress(progress_user, &report);
    }
    if (first_status != TSIVY_OK) fail(first_status, first_message);
  });
}

}  // extern "C"
