#include "game/geometry.h"

namespace tsivy {

std::string board_name() { return std::to_string(kRows) + "x" + std::to_string(kColumns); }

std::string point_name(Point p) {
  return {static_cast<char>('a' + column_of(p)), static_cast<char>('1' + row_of(p))};
}

Point point_from_name(std::string_view name) {
  if (name.size() != 2) return -1;
  const int column = name[0] - 'a', row = name[1] - '1';
  if (column < 0 || column >= kColumns || row < 0 || row >= kRows) return -1;
  return point_at(column, row);
}

}  // namespace tsivy
