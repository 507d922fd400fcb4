#include "lookup/class_walk.h"

namespace tsivy {

ClassWalk::ClassWalk(const TableLookup& lookup, Material material, ClassEntries entries)
    : lookup_(lookup), entries_(entries), index_(MaterialIndex::of(material)) {
  if (entries == ClassEntries::every) {
    own_wdl_.emplace(lookup.directory().open_value_file(material, io::TableKind::wdl));
    own_depth_.emplace(lookup.directory().open_value_file(material, io::TableKind::depth));
    wdl_ = &*own_wdl_;
    depth_ = &*own_depth_;
  } else {
    wdl_ = &lookup.file(material, io::TableKind::wdl);
    depth_ = &lookup.file(material, io::TableKind::depth);
  }
}

}  // namespace tsivy
