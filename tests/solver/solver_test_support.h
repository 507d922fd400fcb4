// Shared helpers for the solver tests: scratch directories, running the `tsivy`
// binary as a child process, comparing table directories, and one set of reference
// tables per test process.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "table_dir/manifest.h"
#include "tests/support/scratch_dir.h"

namespace tsivy::testing {

// The largest total the end-to-end tests generate: 5 stones normally, 4 under the
// sanitizers' slowdown (set in CMakeLists.txt).
inline constexpr int kEndToEndStones = TSIVY_END_TO_END_STONES;


struct CommandResult {
  int exit_code = -1;  // the exit status, or 128 + signal when killed by a signal
  std::string out, err;
};

// Runs the tsivy binary with `args` and waits for it; stdout and stderr are captured.
CommandResult run_tsivy(const std::vector<std::string>& args);

// Starts the tsivy binary with `args` (output to files in `log_dir`) without waiting.
pid_t start_tsivy(const std::vector<std::string>& args, const std::filesystem::path& log_dir);
// Starts any program (looked up in PATH unless it names a path), as start_tsivy.
pid_t start_program(const std::string& program, const std::vector<std::string>& args,
                    const std::filesystem::path& log_dir);
// The path of the tsivy binary under test.
std::string tsivy_binary();
// Waits for a child started by start_tsivy; returns its exit code or 128 + signal.
int wait_for(pid_t child);

std::string read_bytes(const std::filesystem::path& file);
void write_bytes(const std::filesystem::path& file, const std::string& bytes);

// file name -> bytes of every *.tsivy file in `dir`.
std::map<std::string, std::string> table_files(const std::filesystem::path& dir);
// Names of files in `dir` that look temporary (a ".tmp" suffix or a hidden name).
std::vector<std::string> temporary_files(const std::filesystem::path& dir);

// The manifest's classes as text, every field but the solving time.
std::map<std::string, std::string> manifest_classes(const std::filesystem::path& dir);

// A directory of tables up to kEndToEndStones written by `tsivy generate --threads 1`,
// generated once per test process (or taken from TSIVY_SOLVER_TEST_REFERENCE, which
// the ctest fixture sets). Tests must not modify it: copy it first.
const std::filesystem::path& reference_tables();

// Copies every file of `from` into `to` (which must exist), value files (DIR/values) included.
void copy_tables(const std::filesystem::path& from, const std::filesystem::path& to);

// The arguments joined by spaces, for failure messages.
std::string join_args(const std::vector<std::string>& args);

}  // namespace tsivy::testing
