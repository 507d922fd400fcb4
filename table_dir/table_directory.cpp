#include "table_dir/table_directory.h"

#include <system_error>

#include "io/table_file.h"
#include "table_dir/table_paths.h"

namespace tsivy {

std::shared_ptr<TableDirectory> TableDirectory::open(const std::filesystem::path& dir) {
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error))
    throw NotATableDirectory(dir.string() + ": not a table directory (no such directory, no " + Manifest::kFileName + ")");
  return std::shared_ptr<TableDirectory>(new TableDirectory(dir));
}

// The manifest first: it holds the board, and tables of another board are refused
// before anything else is looked at.
TableDirectory::TableDirectory(std::filesystem::path dir) : path_(std::move(dir)), listing_(read_manifest()) {}

const std::filesystem::path& TableDirectory::read_manifest() {
  has_manifest_ = Manifest::read(path_, manifest_);
  return path_;
}

void TableDirectory::require_classes() const {
  if (manifest_.classes().empty()) throw std::runtime_error(path_.string() + ": no manifest.json or no classes in it");
}

void TableDirectory::save_manifest() const { manifest_.save(path_); }

std::filesystem::path TableDirectory::table_file(Material material, io::TableKind kind) const {
  return tsivy::table_file(path_, material, kind);
}

std::filesystem::path TableDirectory::value_files_dir() const { return tsivy::value_files_dir(path_); }

std::filesystem::path TableDirectory::value_file(Material material, io::TableKind kind) const {
  return tsivy::table_file(value_files_dir(), material, kind);
}

std::filesystem::path TableDirectory::checkpoint_dir() const { return path_ / ".checkpoint"; }

io::TableReader TableDirectory::open_table(Material material, io::TableKind kind, io::SharedBlockCache cache) const {
  return open_class_file(table_file(material, kind), material, kind, std::move(cache));
}

io::TableReader TableDirectory::open_value_file(Material material, io::TableKind kind) const {
  return open_class_file(value_file(material, kind), material, kind);
}

std::optional<std::string> TableDirectory::differs_from_manifest(const ManifestFile& listed, ManifestCheck check) const {
  const std::filesystem::path file = path_ / listed.name;
  std::error_code ec;
  const std::uintmax_t bytes = std::filesystem::file_size(file, ec);
  if (ec) return file.string() + ": cannot read (" + ec.message() + ")";
  std::string problem;
  if (bytes != listed.bytes)
    problem = "size " + std::to_string(bytes) + " bytes where the manifest says " + std::to_string(listed.bytes);
  if (check == ManifestCheck::size_and_checksum) {
    std::uint64_t checksum = 0;
    try {
      checksum = io::file_checksum(file);
    } catch (const io::TableError& e) {
      return e.what();
    }
    if (checksum != listed.checksum) problem += std::string(problem.empty() ? "" : ", ") + "checksum differs from the manifest";
  }
  if (problem.empty()) return std::nullopt;
  return file.string() + ": " + problem;
}

std::optional<std::string> TableDirectory::class_differs_from_manifest(const ManifestClass& entry,
                                                                       ManifestCheck check) const {
  for (const ManifestFile* f : {&entry.wdl, &entry.depth})
    if (auto problem = differs_from_manifest(*f, check)) return problem;
  return std::nullopt;
}

ManifestFile TableDirectory::describe_table(Material material, io::TableKind kind) const {
  const std::filesystem::path file = table_file(material, kind);
  return {file.filename().string(), std::filesystem::file_size(file), io::file_checksum(file)};
}

ManifestValueFiles TableDirectory::describe_value_files(Material material) const {
  ManifestValueFiles files;
  for (const auto& [kind, described] : {std::pair{io::TableKind::wdl, &files.wdl}, std::pair{io::TableKind::depth, &files.depth}}) {
    const std::filesystem::path file = value_file(material, kind);
    *described = {value_files_dir().filename().string() + "/" + file.filename().string(), std::filesystem::file_size(file),
                  io::file_checksum(file)};
  }
  return files;
}

const FileDamage& TableDirectory::record_damage(Material material, io::TableKind kind, FileDamage damage,
                                                bool* first) const {
  std::lock_guard lock(damage_mutex_);
  std::atomic<const FileDamage*>& published = damaged_[slot_of(material, kind)];
  if (const FileDamage* earlier = published.load(std::memory_order_relaxed)) {
    if (first) *first = false;
    return *earlier;
  }
  damage_owned_.push_back(std::make_unique<FileDamage>(std::move(damage)));
  published.store(damage_owned_.back().get(), std::memory_order_release);
  if (first) *first = true;
  return *damage_owned_.back();
}

std::vector<DamagedFile> TableDirectory::damaged_files() const {
  std::vector<DamagedFile> found;
  for (const Material m : materials_up_to(kMaxStones))
    for (const io::TableKind kind : {io::TableKind::wdl, io::TableKind::depth})
      if (const FileDamage* d = damage(m, kind)) found.push_back({m, kind, *d});
  return found;
}

}  // namespace tsivy
