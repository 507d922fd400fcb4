// Which classes an open table directory answers (tsivy.h, tsivy_classes): a class is
// answered when its own files and those of every class its captures reach are there,
// since those are all the lookup reads for its positions. WDL probes need the WDL files
// only; depth probes need both kinds. Decided once at open from the files found, so that
// a position is answered or refused by its class alone, not by whether it happens to
// have a capture; a refusal is TOO_MANY_STONES or TABLE_MISSING by the rule in tsivy.h,
// or TABLE_CORRUPT naming why, when a file it needs was found damaged at open (such a
// file counts as absent: the class is unavailable, every other class answers).
#pragma once

#include <array>
#include <vector>

#include "indexing/material_index.h"
#include "table_dir/table_directory.h"

namespace tsivy::probe {

enum class Need { wdl, depth };  // the WDL files alone, or both kinds

class ClassAvailability {
 public:
  // From the files `directory` lists, less those it has recorded damaged (after
  // TableLookup::open_listed_files), and its manifest. Keeps a reference to it.
  explicit ClassAvailability(const TableDirectory& directory);

  bool answers(Material material, Need need) const {
    return material.stones() <= kMaxStones && answered_[need_slot(need)][material.us][material.them];
  }
  // The class and every class its captures reach, each once.
  static std::vector<Material> needed_classes(Material material);

  // The largest N such that every class of 2..N stones is answered (0 when none is).
  int max_stones(Need need) const { return max_stones_[need_slot(need)]; }

  // Returns for a class answered (us, them >= 1 stones); otherwise throws LookupError:
  // too_many_stones when the class has no file and the manifest does not list it either
  // (the tables do not go there), table_missing naming the first file it needs that is
  // absent (a hole: the manifest lists the class, or some file of it is there), or
  // table_corrupt / io_error with the reason when that file was found damaged.
  void require(int us, int them, Need need) const {
    if (us + them > kMaxStones || !answered_[need_slot(need)][us][them]) refuse({us, them}, need);
  }

 private:
  static constexpr std::size_t need_slot(Need need) { return need == Need::wdl ? 0 : 1; }
  bool has_file(Material material, Need need) const;
  [[noreturn]] void refuse(Material material, Need need) const;

  using Table = std::array<std::array<bool, kMaxStones + 1>, kMaxStones + 1>;
  const TableDirectory& directory_;
  Table wdl_found_{}, depth_found_{}, listed_{};
  std::array<Table, 2> answered_{};
  std::array<int, 2> max_stones_{};
};

}  // namespace tsivy::probe
