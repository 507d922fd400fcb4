// The explorer's page, its CSS and JavaScript (web/), compiled into the binary so that
// `tsivy serve` needs nothing installed beside it and serves nothing from the disk.
#pragma once

#include <span>
#include <string_view>

namespace tsivy::serve {

struct WebAsset {
  std::string_view name;   // file name in web/, e.g. "app.js"
  std::string_view bytes;  // its contents
};

// Every file of web/ (generated at build time by serve/embed_web_files.cmake).
std::span<const WebAsset> web_assets();

// The asset a URL path names: "/" is index.html, "/app.js" is app.js; nullptr for any
// other path. Only exact names match, so no path can reach outside web/.
const WebAsset* find_web_asset(std::string_view url_path);

// The Content-Type header for a file name, from its extension.
std::string_view content_type(std::string_view name);

}  // namespace tsivy::serve
