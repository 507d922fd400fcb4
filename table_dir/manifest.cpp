#include "table_dir/manifest.h"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "game/geometry.h"
#include "io/atomic_file.h"
#include "table_dir/board_record.h"

namespace tsivy {
namespace {

constexpr int kManifestVersion = 1;

std::string hex(std::uint64_t v) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(v));
  return buffer;
}

nlohmann::json file_json(const ManifestFile& f) {
  return {{"name", f.name}, {"bytes", f.bytes}, {"xxh64", hex(f.checksum)}};
}

ManifestFile file_from_json(const nlohmann::json& j) {
  const std::string checksum = j.at("xxh64").get<std::string>();
  std::size_t used = 0;
  const std::uint64_t value = std::stoull(checksum, &used, 16);
  if (used != checksum.size()) throw std::invalid_argument("bad checksum " + checksum);
  return {j.at("name").get<std::string>(), j.at("bytes").get<std::uint64_t>(), value};
}

}  // namespace

bool Manifest::read(const std::filesystem::path& dir, Manifest& manifest) {
  manifest = Manifest();
  const std::filesystem::path path = dir / kFileName;
  std::ifstream in(path);
  if (!in) return false;
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": not a valid manifest: " + e.what());
  }
  // The board first: another board's manifest may differ in everything else.
  if (j.is_object()) {
    const auto board = j.find("board");
    if (board != j.end() && !board->is_string())
      throw std::runtime_error(path.string() + ": not a valid manifest: \"board\" is not a name");
    check_board(dir, board == j.end() ? std::string("5x9") : board->get<std::string>());
  }
  try {
    if (j.at("version").get<int>() != kManifestVersion)
      throw std::invalid_argument("unknown manifest version " + j.at("version").dump());
    if (j.at("index_scheme").get<std::string>() != hex(index_scheme_id()))
      throw std::invalid_argument("tables were written with another index scheme");
    for (const auto& c : j.at("classes")) {
      ManifestClass entry;
      entry.material = parse_material(c.at("class").get<std::string>());
      entry.wdl = file_from_json(c.at("files").at("wdl"));
      entry.depth = file_from_json(c.at("files").at("depth"));
      entry.canonical = c.at("canonical").get<std::uint64_t>();
      entry.wins = c.at("wins").get<std::uint64_t>();
      entry.draws = c.at("draws").get<std::uint64_t>();
      entry.losses = c.at("losses").get<std::uint64_t>();
      entry.max_depth = c.at("max_depth").get<int>();
      entry.seconds = c.at("seconds").get<double>();
      entry.seed_seconds = c.value("seed_seconds", 0.0);
      entry.propagate_seconds = c.value("propagate_seconds", 0.0);
      if (c.contains("value_files")) {
        const nlohmann::json& v = c.at("value_files");
        entry.values = ManifestValueFiles{file_from_json(v.at("wdl")), file_from_json(v.at("depth"))};
      }
      manifest.put(entry);
    }
  } catch (const std::exception& e) {
    throw std::runtime_error(path.string() + ": not a valid manifest: " + e.what());
  }
  return true;
}

void Manifest::save(const std::filesystem::path& dir) const {
  nlohmann::json classes = nlohmann::json::array();
  for (const auto& [name, c] : classes_) {
    classes.push_back({{"class", name},
                       {"files", {{"wdl", file_json(c.wdl)}, {"depth", file_json(c.depth)}}},
                       {"canonical", c.canonical},
                       {"wins", c.wins},
                       {"draws", c.draws},
                       {"losses", c.losses},
                       {"max_depth", c.max_depth},
                       {"seconds", c.seconds},
                       {"seed_seconds", c.seed_seconds},
                       {"propagate_seconds", c.propagate_seconds}});
    if (c.values) classes.back()["value_files"] = {{"wdl", file_json(c.values->wdl)}, {"depth", file_json(c.values->depth)}};
  }
  const nlohmann::json j = {{"version", kManifestVersion}, {"board", board_name()}, {"index_scheme", hex(index_scheme_id())}, {"classes", classes}};

  io::write_text_atomically(dir / kFileName, j.dump(2) + "\n");
}

const ManifestClass* Manifest::find(Material material) const {
  const auto it = classes_.find(to_string(material));
  return it == classes_.end() ? nullptr : &it->second;
}

void Manifest::put(const ManifestClass& entry) { classes_[to_string(entry.material)] = entry; }

}  // namespace tsivy
