#include "probe/class_availability.h"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "lookup/table_lookup.h"
#include "table_dir/table_paths.h"

namespace tsivy::probe {
namespace {

// The classes a capture from `material` can land in: the side that captured is the
// opponent there, and the side captured from, k stones fewer, is to move. Every k is
// counted (a capture may stop after any of its steps); k = them leaves a side without
// stones, which needs no table.
std::vector<Material> capture_classes(Material material) {
  std::vector<Material> reached;
  for (int k = 1; k < material.them; ++k) reached.push_back({material.them - k, material.us});
  return reached;
}

constexpr Need kNeeds[] = {Need::wdl, Need::depth};

}  // namespace

ClassAvailability::ClassAvailability(std::filesystem::path dir, const TableListing& listing, const Manifest& manifest)
    : dir_(std::move(dir)) {
  for (const ClassFiles& f : listing.classes()) {
    wdl_found_[f.material.us][f.material.them] = f.wdl;
    depth_found_[f.material.us][f.material.them] = f.depth;
  }
  // By total, ascending: every class a capture reaches is decided before the class.
  for (const Material m : materials_up_to(kMaxStones)) {
    listed_[m.us][m.them] = manifest.find(m) != nullptr;
    for (const Need need : kNeeds) {
      bool answered = has_file(m, need);
      for (const Material r : capture_classes(m)) answered = answered && answered_[need_slot(need)][r.us][r.them];
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
    for (const Material r : capture_classes(needed[k]))
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
  const bool some_file = in_range && (wdl_found_[material.us][material.them] || depth_found_[material.us][material.them]);
  if (!some_file && !(in_range && listed_[material.us][material.them]))
    throw LookupError(LookupFailure::too_many_stones, std::to_string(material.stones()) + " stones on the board (class " +
                                                          to_string(material) + ", not in these tables); " + complete);
  // The first absent file, breadth first from the class itself, WDL before depth.
  std::deque<Material> pending{material};
  while (!pending.empty()) {
    const Material m = pending.front();
    pending.pop_front();
    if (!wdl_found_[m.us][m.them]) {
      throw LookupError(LookupFailure::table_missing, table_file(dir_, m, io::TableKind::wdl).string() +
                                                          " is missing, needed for class " + to_string(material) + "; " + complete);
    }
    if (need == Need::depth && !depth_found_[m.us][m.them]) {
      throw LookupError(LookupFailure::table_missing, table_file(dir_, m, io::TableKind::depth).string() +
                                                          " is missing, needed for class " + to_string(material) + "; " + complete);
    }
    for (const Material r : capture_classes(m)) pending.push_back(r);
  }
  throw LookupError(LookupFailure::table_missing, "class " + to_string(material) + " is not answered; " + complete);
}

}  // namespace tsivy::probe
