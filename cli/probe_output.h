// What `tsivy probe` and `tsivy play` share for their text output; their JSON is built
// in serve/probe_json.h, which the web API uses too.
#pragma once

#include <string>

#include "lookup/outcome.h"
#include "tsivy/tsivy.hpp"

namespace tsivy::cli {

// "WIN 3", "DRAW", "LOSS 0": lookup/outcome.h's to_string of the C API's numbers.
inline std::string value_text(int wdl, int depth) { return to_string(value_of_wdl(wdl, depth)); }

}  // namespace tsivy::cli
