#include "tests/solver/solver_test_support.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace tsivy::testing {
namespace {

pid_t spawn(const std::string& program, const std::vector<std::string>& args, const std::filesystem::path& out,
            const std::filesystem::path& err) {
  std::vector<std::string> argv_strings{program};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t child = -1;
  // posix_spawnp: a program without a slash (mpirun) is looked up in PATH.
  const int rc = posix_spawnp(&child, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw std::runtime_error("cannot start " + program + ": " + std::strerror(rc));
  return child;
}

}  // namespace

std::string join_args(const std::vector<std::string>& args) {
  std::string s = "tsivy";
  for (const std::string& a : args) s += " " + a;
  return s;
}

pid_t start_tsivy(const std::vector<std::string>& args, const std::filesystem::path& log_dir) {
  return spawn(TSIVY_CLI, args, log_dir / "stdout.txt", log_dir / "stderr.txt");
}

pid_t start_program(const std::string& program, const std::vector<std::string>& args,
                    const std::filesystem::path& log_dir) {
  return spawn(program, args, log_dir / "stdout.txt", log_dir / "stderr.txt");
}

std::string tsivy_binary() { return TSIVY_CLI; }

int wait_for(pid_t child) {
  int status = 0;
  while (::waitpid(child, &status, 0) < 0)
    if (errno != EINTR) throw std::runtime_error("waitpid failed");
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

CommandResult run_tsivy(const std::vector<std::string>& args) {
  const ScratchDir logs;
  CommandResult result;
  result.exit_code = wait_for(start_tsivy(args, logs.path()));
  result.out = read_bytes(logs / "stdout.txt");
  result.err = read_bytes(logs / "stderr.txt");
  return result;
}

std::string read_bytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

std::map<std::string, std::string> table_files(const std::filesystem::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() > 6 && name.ends_with(".tsivy") && name.front() != '.') files[name] = read_bytes(e.path());
  }
  return files;
}

std::vector<std::string> temporary_files(const std::filesystem::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.front() == '.' || name.ends_with(".tmp") || name.find(".tmp") != std::string::npos) names.push_back(name);
  }
  return names;
}

std::map<std::string, std::string> manifest_classes(const std::filesystem::path& dir) {
  std::map<std::string, std::string> out;
  const Manifest manifest = Manifest::load(dir);
  for (const auto& [name, c] : manifest.classes()) {
    std::ostringstream s;
    s << to_string(c.material) << " wdl " << c.wdl.name << " " << c.wdl.bytes << " " << std::hex << c.wdl.checksum
      << std::dec << " depth " << c.depth.name << " " << c.depth.bytes << " " << std::hex << c.depth.checksum
      << std::dec << " canonical " << c.canonical << " wins " << c.wins << " draws " << c.draws << " losses "
      << c.losses << " max_depth " << c.max_depth;
    out[name] = s.str();
  }
  return out;
}

void copy_tables(const std::filesystem::path& from, const std::filesystem::path& to) {
  std::filesystem::copy(from, to,
                        std::filesystem::copy_options::recursive | std::filesystem::copy_options::overwrite_existing);
}

const std::filesystem::path& reference_tables() {
  static const std::filesystem::path dir = [] {
    if (const char* given = std::getenv("TSIVY_SOLVER_TEST_REFERENCE"); given && *given) return std::filesystem::path(given);
    // Lives until the process ends; removed then by the static below.
    static const ScratchDir scratch;
    const CommandResult r = run_tsivy({"generate", "--max-stones", std::to_string(kEndToEndStones), "--out",
                                       scratch.path().string(), "--threads", "1", "--quiet"});
    if (r.exit_code != 0) throw std::runtime_error("reference generate failed: " + r.err);
    return scratch.path();
  }();
  return dir;
}

}  // namespace tsivy::testing
