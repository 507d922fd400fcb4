# Writes OUTPUT, a C++ file defining tsivy::serve::web_assets() with the bytes of every
# file in FILES (paths separated by |), named by their file names. Run at build time:
#   cmake -DOUTPUT=web_assets_data.cpp "-DFILES=web/a.html|web/b.js" -P embed_web_files.cmake
set(entries "")
set(arrays "")
set(n 0)
string(REPLACE "|" ";" FILES "${FILES}")
foreach(path ${FILES})
  get_filename_component(name ${path} NAME)
  file(READ ${path} hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  # Two hex digits per byte -> "0xNN," with a line break every 32 bytes.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
  string(APPEND arrays "constexpr unsigned char kFile${n}[] = {\n${bytes}0};\n")
  string(APPEND entries "    {\"${name}\", {reinterpret_cast<const char*>(kFile${n}), ${size}}},\n")
  math(EXPR n "${n} + 1")
endforeach()
file(WRITE ${OUTPUT}.tmp
"// Generated from web/ by serve/embed_web_files.cmake at build time; do not edit.
#include \"serve/web_assets.h\"

namespace tsivy::serve {
namespace {
${arrays}
const WebAsset kAssets[] = {
${entries}};
}  // namespace

std::span<const WebAsset> web_assets() { return kAssets; }

}  // namespace tsivy::serve
")
# Only a changed file triggers a rebuild of what includes it.
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUTPUT}.tmp)
