// `--memory` of `verify` and `stats`: what the block cache and the classes held
// resident may take together. Without it, the commands take most of what this machine
// (or this job's share of it) has free, so that they choose for themselves to hold a
// pair's classes in memory whenever it fits.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

namespace tsivy::cli {

// The memory this process could still take: MemAvailable of /proc/meminfo (or the
// free pages sysconf counts), less where a control group leaves less (a Slurm job's
// --mem, a container's limit: the limit less the usage that is not page cache),
// shared evenly among the MPI ranks on this machine (OMPI_COMM_WORLD_LOCAL_SIZE,
// MPI_LOCALNRANKS). nullopt when none of this can be read.
std::optional<std::uint64_t> available_memory();

// --memory's default: 90 % of available_memory() (the rest for the index tables, the
// threads' buffers and the growth of other processes); nullopt when that is unknown.
std::optional<std::uint64_t> default_memory_limit();

// Adds --memory to `command`, its help naming the default and its value here; the text
// given lands in `text` (empty when not given).
void add_memory_option(CLI::App& command, std::string& text);

// The limit `text` asks for (parse_memory_size, naming --memory when malformed), or the
// default when empty.
std::optional<std::uint64_t> memory_limit(const std::string& text);

}  // namespace tsivy::cli
