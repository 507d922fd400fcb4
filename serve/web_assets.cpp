#include "serve/web_assets.h"

namespace tsivy::serve {

const WebAsset* find_web_asset(std::string_view url_path) {
  if (url_path == "/") url_path = "/index.html";
  if (!url_path.starts_with('/')) return nullptr;
  url_path.remove_prefix(1);
  for (const WebAsset& asset : web_assets())
    if (asset.name == url_path) return &asset;
  return nullptr;
}

std::string_view content_type(std::string_view name) {
  if (name.ends_with(".html")) return "text/html; charset=utf-8";
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".svg")) return "image/svg+xml";
  if (name.ends_with(".png")) return "image/png";
  return "application/octet-stream";
}

}  // namespace tsivy::serve
