#include "cli/isa_dispatch.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

// Set by cli/CMakeLists.txt: the -march level of this build ("" for the compiler's default),
// and in the portable build of an x86-64 GCC the levels built beside it
// (cmake/isa_builds.cmake), comma-separated.
#ifndef TSIVY_ISA_LEVEL
#define TSIVY_ISA_LEVEL ""
#endif
#ifndef TSIVY_ISA_BUILDS
#define TSIVY_ISA_BUILDS ""
#endif

namespace tsivy::cli {
namespace {

std::vector<std::string> isa_builds() {
  std::vector<std::string> out;
  std::string_view list = TSIVY_ISA_BUILDS;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    out.emplace_back(list.substr(0, comma));
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  return out;
}

// Whether this CPU runs code built for `level` (GCC's names, as -march takes them).
bool cpu_supports(const std::string& level) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  __builtin_cpu_init();
  if (level == "x86-64-v2") return __builtin_cpu_supports("x86-64-v2");
  if (level == "x86-64-v3") return __builtin_cpu_supports("x86-64-v3");
  if (level == "x86-64-v4") return __builtin_cpu_supports("x86-64-v4");
#endif
  (void)level;
  return false;
}

std::filesystem::path build_path(const std::string& level) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return self.parent_path() / ("tsivy-" + level);
}

bool installed(const std::filesystem::path& path) {
  return !path.empty() && ::access(path.c_str(), X_OK) == 0;
}

[[noreturn]] void run(const std::filesystem::path& build, char** argv) {
  ::execv(build.c_str(), argv);
  throw std::runtime_error("cannot run " + build.string() + ": " + std::strerror(errno));
}

}  // namespace

void run_the_best_isa_build(char** argv) {
  const std::vector<std::string> builds = isa_builds();
  const char* asked = std::getenv("TSIVY_ISA");
  if (asked && *asked) {
    const std::string level = asked;
    if (level == "portable" || level == TSIVY_ISA_LEVEL) return;
    if (std::find(builds.begin(), builds.end(), level) == builds.end())
      throw std::invalid_argument("TSIVY_ISA=" + level + ": this installation has no such build (" +
                                  (builds.empty() ? std::string("it has only this one")
                                                  : "it has portable, " + std::string(TSIVY_ISA_BUILDS)) + ")");
    if (!cpu_supports(level)) throw std::invalid_argument("TSIVY_ISA=" + level + ": this CPU does not support " + level);
    const std::filesystem::path build = build_path(level);
    if (!installed(build)) throw std::invalid_argument("TSIVY_ISA=" + level + ": " + build.string() + " is missing");
    run(build, argv);
  }
  // The newest level first: the list is in ascending order.
  for (auto level = builds.rbegin(); level != builds.rend(); ++level) {
    if (!cpu_supports(*level)) continue;
    const std::filesystem::path build = build_path(*level);
    // A missing build (a partial installation) falls back to the next level down.
    if (installed(build)) run(build, argv);
  }
}

std::string isa_description() {
  const std::string level = *TSIVY_ISA_LEVEL ? TSIVY_ISA_LEVEL : "the compiler's default";
#ifdef TSIVY_ISA_VARIANT
  return level + ", run by the portable build for this CPU (TSIVY_ISA=portable runs the portable one)";
#else
  std::string builds;
  for (const std::string& build : isa_builds()) builds += (builds.empty() ? "" : " or ") + build;
  if (builds.empty()) return level;
  return level + ", the portable build; it runs its build for " + builds + " instead where the CPU supports it";
#endif
}

}  // namespace tsivy::cli
