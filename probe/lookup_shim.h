// TEMPORARY: the interface of lookup/table_lookup.h (issue 7) over today's TableProbe,
// so that the C API can be written and tested before the capture-resolving lookup
// lands on main. Removed with probe/table_probe.* once tsivy_lookup is merged.
#pragma once

#include <algorithm>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "game/position.h"
#include "indexing/material_index.h"
#include "io/table_file.h"
#include "probe/table_probe.h"
#include "solver/table_files.h"

namespace tsivy {

enum class LookupFailure { bad_position, too_many_stones, table_missing, table_corrupt, io_error, not_cached };

class LookupError : public std::runtime_error {
 public:
  LookupError(LookupFailure failure, const std::string& what) : std::runtime_error(what), failure_(failure) {}
  LookupFailure failure() const { return failure_; }

 private:
  LookupFailure failure_;
};

enum class Access { may_read, cache_only };

struct LookupOptions {
  std::size_t cache_bytes = std::size_t{64} << 20;
};

class TableLookup {
 public:
  struct Found {
    Material material;
    bool wdl = false, depth = false;
  };

  explicit TableLookup(std::filesystem::path dir, LookupOptions = {}) : dir_(dir), probe_(dir) {
    const std::regex name(R"((\d+)v(\d+)\.(wdl|depth)\.tsivy)");
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      std::smatch m;
      const std::string file = entry.path().filename().string();
      if (!std::regex_match(file, m, name)) continue;
      const Material material{std::stoi(m[1]), std::stoi(m[2])};
      if (!material.valid()) continue;
      auto it = std::find_if(found_.begin(), found_.end(), [&](const Found& f) { return f.material == material; });
      if (it == found_.end()) it = found_.insert(found_.end(), Found{material});
      (m[3] == "wdl" ? it->wdl : it->depth) = true;
    }
    std::sort(found_.begin(), found_.end(), [](const Found& a, const Found& b) {
      return a.material.stones() != b.material.stones() ? a.material.stones() < b.material.stones()
                                                        : a.material.us < b.material.us;
    });
  }

  std::vector<Found> found() const { return found_; }

  int max_complete_stones() const {
    int n = 1;
    for (int stones = 2; stones <= kMaxStones; ++stones) {
      for (const Material& m : materials_with(stones)) {
        const auto it = std::find_if(found_.begin(), found_.end(), [&](const Found& f) { return f.material == m; });
        if (it == found_.end() || !it->wdl || !it->depth) return n == 1 ? 0 : n;
      }
      n = stones;
    }
    return n;
  }

  Value value(PointSet us, PointSet them, Access = Access::may_read) const {
    if (!us) return kLostNow;
    if (!them) return {Outcome::win, 0};
    const Material material{count(us), count(them)};
    if (material.stones() > max_complete_stones())
      throw LookupError(LookupFailure::too_many_stones, std::to_string(material.stones()) + " stones, the tables in " +
                                                            dir_.string() + " hold at most " +
                                                            std::to_string(max_complete_stones()));
    try {
      return probe_.value(Position{us, them, Colour::White});
    } catch (const io::TableError& e) {
      throw LookupError(LookupFailure::table_corrupt, e.what());
    } catch (const std::out_of_range& e) {
      throw LookupError(LookupFailure::table_missing, e.what());
    }
  }

 private:
  std::filesystem::path dir_;
  TableProbe probe_;
  std::vector<Found> found_;
};

}  // namespace tsivy
