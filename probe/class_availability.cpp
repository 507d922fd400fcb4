#include "probe/class_availability.h"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "indexing/capture_reach.h"
#include "lookup/table_lookup.h"

namespace tsivy::probe {
namespace {

constexpr Need kNeeds[] = {Need::wdl, Need::depth};

}  // namespace

ClassAvailability::ClassAvailability(const TableDirectory& directory) : directory_(directory) {
  const Manifest& manifest = directory.manifest();
  // A damaged file is as good as absent; refuse() names why.
  for (const ClassFiles& f : directory.listing().classes()) {
    wdl_found_[f.material.us][f.material.them] = f.wdl && !directory.damage(f.material, io::TableKind::wdl);
    depth_found_[f.material.us][f.material.them] = f.depth && !directory.damage(f.material, io::TableKind::depth);
  }
  // By total, ascending: every class a capture reaches is decided before the class.
  for (const Material m : materials_up_to(kMaxStones)) {
    listed_[m.us][m.them] = manifest.find(m) != nullptr;
    for (const Need need : kNeeds) {
      bool answered = has_file(m, need);
      for (const Material r : capture_targets(m)) answered = answered && answered_[need_slot(need)][r.us][r.them];
      answered_[need_slot(need)][m.us][m.them] = answered;
    }
  }
  for (const Need need : kNeeds) {
    int& max = max_stones_[need_slot(need)];
    for (int total = 2; total <= kMaxStones; ++total) {
      bool all = true;
      for (const Material m : materials_with(total)) all = all && answers(m, need);
      if (!all) break;
      max = total;
    }
  }
}

std::vector<Material> ClassAvailability::needed_classes(Material material) {
  std::vector<Material> needed{material};
  for (std::size_t k = 0; k < needed.size(); ++k)
    for (const Material r : capture_targets(needed[k]))
      if (std::ranges::find(needed, r) == needed.end()) needed.push_back(r);
  return needed;
}

bool ClassAvailability::has_file(Material material, Need need) const {
  return wdl_found_[material.us][material.them] && (need == Need::wdl || depth_found_[material.us][material.them]);
}

void ClassAvailability::refuse(Material material, Need need) const {
  const std::string complete = "the tables are complete up to " + std::to_string(max_stones(need)) + " stones" +
                               (need == Need::wdl ? " for WDL probes" : "");
  const bool in_range = material.stones() <= kMaxStones;
  const auto listed_file = [&](Material m) {
    const auto& classes = directory_.listing().classes();
    return std::ranges::any_of(classes, [&](const ClassFiles& f) { return f.material == m && (f.wdl || f.depth); });
  };
  const bool some_file = in_range && listed_file(material);
  if (!some_file && !(in_range && listed_[material.us][material.them]))
    throw LookupError(LookupFailure::too_many_stones, std::to_string(material.stones()) + " stones on the board (class " +
                                                          to_string(material) + ", not in these tables); " + complete);
  // The first absent file, breadth first from the class itself, WDL before depth.
  std::deque<Material> pending{material};
  while (!pending.empty()) {
    const Material m = pending.front();
    pending.pop_front();
    for (const io::TableKind kind : {io::TableKind::wdl, io::TableKind::depth}) {
      if (kind == io::TableKind::depth && need == Need::wdl) continue;
      if ((kind == io::TableKind::wdl ? wdl_found_ : depth_found_)[m.us][m.them]) continue;
      const std::string needed = ", needed for class " + to_string(material) + "; " + complete;
      if (const FileDamage* damage = directory_.damage(m, kind))
        throw LookupError(damage->os_refused ? LookupFailure::io_error : LookupFailure::table_corrupt, damage->reason + needed);
      throw LookupError(LookupFailure::table_missing, directory_.table_file(m, kind).string() + " is missing" + needed);
    }
    for (const Material r : capture_targets(m)) pending.push_back(r);
  }
  throw LookupError(LookupFailure::table_missing, "class " + to_string(material) + " is not answered; " + complete);
}

}  // namespace tsivy::probe
