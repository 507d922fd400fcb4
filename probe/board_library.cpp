#include "probe/board_library.h"

#include <dlfcn.h>
#include <link.h>

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <system_error>

namespace tsivy::probe {
namespace {

// The directory of the object this code is in: the shared library, or the executable
// that a static libtsivy is linked into (whose link map has no name).
std::filesystem::path own_directory() {
  Dl_info info{};
  link_map* map = nullptr;
  if (!dladdr1(reinterpret_cast<const void*>(&own_directory), &info, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP) ||
      !map)
    return {};
  std::error_code ec;
  const std::filesystem::path object =
      map->l_name && *map->l_name ? std::filesystem::path(map->l_name) : std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path() : object.parent_path();
}

template <class Fn>
void resolve(void* handle, const std::string& file, const char* name, Fn& fn) {
  fn = reinterpret_cast<Fn>(dlsym(handle, name));
  if (!fn) throw BoardLibraryMissing(file + " has no " + name + ": not a libtsivy of this version");
}

std::unique_ptr<BoardLibrary> load(const std::string& board) {
  const std::string file = board_library_file(board);
  const std::filesystem::path dir = own_directory();
  const std::filesystem::path beside = dir / file;
  std::error_code ec;
  // RTLD_LOCAL: its tsivy_* names must not take the place of this library's for
  // anything loaded later (and -Bsymbolic keeps its own calls inside it).
  const int flags = RTLD_NOW | RTLD_LOCAL;
  void* handle = nullptr;
  if (!dir.empty() && std::filesystem::exists(beside, ec)) {
    handle = dlopen(beside.c_str(), flags);
    if (!handle) throw BoardLibraryMissing("cannot load " + beside.string() + ": " + dlerror());
  } else {
    handle = dlopen(file.c_str(), flags);
    if (!handle)
      throw BoardLibraryMissing(file + ", the library of the " + board + " board, is found neither in " +
                                (dir.empty() ? std::string("this library's directory") : dir.string()) +
                                " nor on the library search path (" + dlerror() +
                                "): this installation was built without the " + board +
                                " board (TSIVY_OTHER_BOARDS)");
  }
  auto lib = std::make_unique<BoardLibrary>();
  lib->board = board;
  decltype(&tsivy_version) version = nullptr;
  resolve(handle, file, "tsivy_version", version);
  if (version() != TSIVY_VERSION_NUMBER)
    throw BoardLibraryMissing(file + " is libtsivy " + std::to_string(version()) + ", this library " +
                              std::to_string(TSIVY_VERSION_NUMBER) + ": board libraries come from one build");
  resolve(handle, file, "tsivy_last_error", lib->last_error);
  resolve(handle, file, "tsivy_open_logged", lib->open_logged);
  resolve(handle, file, "tsivy_check", lib->check);
  resolve(handle, file, "tsivy_close", lib->close);
  resolve(handle, file, "tsivy_board", lib->board_of);
  resolve(handle, file, "tsivy_max_stones", lib->max_stones);
  resolve(handle, file, "tsivy_max_stones_wdl", lib->max_stones_wdl);
  resolve(handle, file, "tsivy_classes", lib->classes);
  resolve(handle, file, "tsivy_available", lib->available);
  resolve(handle, file, "tsivy_probe_wdl", lib->probe_wdl);
  resolve(handle, file, "tsivy_probe", lib->probe);
  resolve(handle, file, "tsivy_probe_cached", lib->probe_cached);
  resolve(handle, file, "tsivy_preload", lib->preload);
  resolve(handle, file, "tsivy_probe_root", lib->probe_root);
  resolve(handle, file, "tsivy_parse_fen_on", lib->parse_fen_on);
  resolve(handle, file, "tsivy_format_fen_on", lib->format_fen_on);
  // Never dlclose()d: the library is shared by every handle opened through it.
  return lib;
}

}  // namespace

std::string board_library_file(const std::string& board) {
  // The board comes from a manifest: only a board's name may become a file name.
  static const std::regex board_name("[3579]x[3579]");
  if (!std::regex_match(board, board_name))
    throw BoardLibraryMissing("\"" + board + "\" is no board (rows x columns, odd, from 3 to 9)");
  const std::string so = ".so." TSIVY_SOVERSION;
  return board == "5x9" ? "libtsivy" + so : "libtsivy-" + board + so;
}

const BoardLibrary& board_library(const std::string& board) {
  static std::mutex mutex;
  // Never destroyed: handles may outlive static destruction at exit.
  static auto* loaded = new std::map<std::string, std::unique_ptr<BoardLibrary>>;
  const std::lock_guard lock(mutex);
  const auto found = loaded->find(board);
  if (found != loaded->end()) return *found->second;
  return *loaded->emplace(board, load(board)).first->second;
}

}  // namespace tsivy::probe
