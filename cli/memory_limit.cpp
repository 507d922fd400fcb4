#include "cli/memory_limit.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "check/resident_choice.h"
#include "cli/memory_size.h"

namespace tsivy::cli {
namespace {

std::optional<std::uint64_t> meminfo_available() {
  std::ifstream meminfo("/proc/meminfo");
  std::string name, unit;
  std::uint64_t kib = 0;
  while (meminfo >> name >> kib) {
    std::getline(meminfo, unit);
    if (name == "MemAvailable:") return kib * 1024;
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0) return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
  return std::nullopt;
}

// A number alone in a file ("max" or anything else: none).
std::optional<std::uint64_t> number_in(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::uint64_t value = 0;
  if (!(in >> value)) return std::nullopt;
  return value;
}

std::uint64_t stat_field(const std::filesystem::path& file, const std::string& field) {
  std::ifstream in(file);
  std::string name;
  std::uint64_t value = 0;
  while (in >> name >> value)
    if (name == field) return value;
  return 0;
}

// The files of one cgroup version's memory controller.
struct CgroupFiles {
  const char* limit;
  const char* usage;
  const char* reclaimable;  // the page cache the kernel drops before it kills (memory.stat)
};

// What the memory limits of the cgroup `leaf` and of each cgroup above it up to `root`
// leave free, the least of them; nullopt when none sets a limit. A limit counts the
// page cache too, so the inactive file pages (which the kernel frees first) are not
// counted as used, as container tools count a working set.
std::optional<std::uint64_t> headroom(std::filesystem::path root, std::filesystem::path leaf, const CgroupFiles& files) {
  // Inside a container the process's path may not exist below the mount, which is then
  // its own cgroup.
  std::error_code error;
  if (!std::filesystem::is_directory(leaf, error)) leaf = root;
  if (!leaf.has_filename()) leaf = leaf.parent_path();  // "root/" for the root cgroup itself
  std::optional<std::uint64_t> least;
  for (std::filesystem::path dir = leaf;; dir = dir.parent_path()) {
    const auto limit = number_in(dir / files.limit);
    const auto usage = number_in(dir / files.usage);
    // cgroup v1 writes "no limit" as the largest page-aligned 63-bit number.
    if (limit && usage && *limit < (std::uint64_t{1} << 62)) {
      const std::uint64_t used = *usage - std::min(*usage, stat_field(dir / "memory.stat", files.reclaimable));
      const std::uint64_t free = *limit > used ? *limit - used : 0;
      least = least ? std::min(*least, free) : free;
    }
    if (dir == root || !dir.has_relative_path() || dir == dir.parent_path()) break;
  }
  return least;
}

// /proc/self/cgroup: "0::/path" for cgroup v2, "N:memory,...:/path" for v1.
std::optional<std::uint64_t> cgroup_headroom() {
  std::ifstream self("/proc/self/cgroup");
  std::optional<std::uint64_t> least;
  const auto take = [&](std::optional<std::uint64_t> free) {
    if (free) least = least ? std::min(*least, *free) : *free;
  };
  for (std::string line; std::getline(self, line);) {
    const std::size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    const std::string relative = path.empty() ? "" : path.substr(1);
    if (line.compare(0, first, "0") == 0 && controllers.empty()) {
      for (const char* root : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"})
        take(headroom(root, std::filesystem::path(root) / relative, {"memory.max", "memory.current", "inactive_file"}));
      continue;
    }
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');)
      if (name == "memory")
        take(headroom("/sys/fs/cgroup/memory", std::filesystem::path("/sys/fs/cgroup/memory") / relative,
                      {"memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file"}));
  }
  return least;
}

// Ranks that mpirun started on this machine, which share its memory.
std::uint64_t ranks_on_this_machine() {
  for (const char* variable : {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"})
    if (const char* value = std::getenv(variable)) {
      const long ranks = std::strtol(value, nullptr, 10);
      if (ranks >= 1) return static_cast<std::uint64_t>(ranks);
    }
  return 1;
}

}  // namespace

std::optional<std::uint64_t> available_memory() {
  std::optional<std::uint64_t> free = meminfo_available();
  if (const auto in_cgroup = cgroup_headroom()) free = free ? std::min(*free, *in_cgroup) : *in_cgroup;
  if (!free) return std::nullopt;
  return *free / ranks_on_this_machine();
}

std::optional<std::uint64_t> default_memory_limit() {
  const auto free = available_memory();
  if (!free) return std::nullopt;
  return *free / 10 * 9;
}

void add_memory_option(CLI::App& command, std::string& text) {
  const auto here = default_memory_limit();
  command.add_option(
      "--memory", text,
      "What the block cache and the classes held in memory may take together, e.g. 8G (K, M, G, T: powers of 1024). "
      "Each pair whose classes fit (2 bytes a slot) is held in memory, as with --resident; one that does not is "
      "read from the files, slower, with a line saying so. Default: 90 % of the memory available at the start "
      "(MemAvailable, or less where a cgroup such as a Slurm job's --mem leaves less, shared among the MPI ranks "
      "on one machine): " +
          (here ? format_bytes(*here) + " here now" : std::string("unknown here, so nothing is held in memory")));
}

std::optional<std::uint64_t> memory_limit(const std::string& text) {
  if (text.empty()) return default_memory_limit();
  return parse_memory_size(text, "--memory");
}

}  // namespace tsivy::cli
