// `tsivy generate` under mpirun: every rank count writes the same files as one process
// (tests/solver/CMakeLists.txt's reference tables), over shared memory and over TCP;
// a killed rank ends the whole job; a job killed mid-class resumes from its checkpoint.
// Every mpirun started here is killed, with its ranks, by process id when a test fails.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "table_dir/manifest.h"
#include "table_dir/table_directory.h"
#include "tests/solver/solver_test_support.h"

namespace tsivy::testing {
namespace {

using namespace std::chrono_literals;

// The ranks mpirun started: its children (on one node Open MPI starts them directly).
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> out;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // pid (comm) state ppid ...: comm may hold spaces, so parse after the last ')'.
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 1));
    std::string state;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == parent) out.push_back(static_cast<pid_t>(std::stoi(name)));
  }
  return out;
}

// One mpirun job. The destructor kills what is left of it (ranks first, then mpirun).
class MpiJob {
 public:
  MpiJob(int ranks, const std::vector<std::string>& mpi_options, const std::vector<std::string>& tsivy_args) {
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    ::setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
#ifdef TSIVY_SANITIZE_BUILD
    // Open MPI keeps allocations past MPI_Finalize on purpose; LeakSanitizer would
    // report them and fail every rank at exit.
    ::setenv("ASAN_OPTIONS", "detect_leaks=0", 0);
#endif
    std::vector<std::string> args{"--oversubscribe", "-np", std::to_string(ranks)};
    args.insert(args.end(), mpi_options.begin(), mpi_options.end());
    args.push_back(tsivy_binary());
    args.insert(args.end(), tsivy_args.begin(), tsivy_args.end());
    command_ = "mpirun " + join_args(args).substr(6);
    pid_ = start_program("mpirun", args, logs_.path());
  }
  MpiJob(const MpiJob&) = delete;
  MpiJob& operator=(const MpiJob&) = delete;
  ~MpiJob() {
    if (pid_ <= 0) return;
    for (const pid_t rank : children_of(pid_)) ::kill(rank, SIGKILL);
    ::kill(pid_, SIGKILL);
    wait_for(pid_);
  }

  pid_t pid() const { return pid_; }
  const std::string& command() const { return command_; }
  std::string err() const { return read_bytes(logs_ / "stderr.txt") + read_bytes(logs_ / "stdout.txt"); }

  // The exit code (128 + signal when killed), or -1 if still running after `limit`.
  int wait(std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      }
      std::this_thread::sleep_for(20ms);
    }
    return -1;
  }

 private:
  ScratchDir logs_;
  pid_t pid_ = -1;
  std::string command_;
};

std::vector<std::string> generate_args(const std::filesystem::path& out, int threads) {
  return {"generate", "--max-stones", std::to_string(kEndToEndStones), "--out", out.string(), "--threads",
          std::to_string(threads)};
}

void expect_same_tables(const std::filesystem::path& dir) {
  const auto files = table_files(dir), expected = table_files(reference_tables());
  ASSERT_EQ(files.size(), expected.size());
  for (const auto& [name, bytes] : expected) {
    const auto it = files.find(name);
    ASSERT_NE(it, files.end()) << name << " missing";
    EXPECT_TRUE(it->second == bytes) << name << " differs";
  }
  EXPECT_EQ(manifest_classes(dir), manifest_classes(reference_tables()));
  EXPECT_EQ(temporary_files(dir), std::vector<std::string>{});
}

void run_and_compare(int ranks, int threads, const std::vector<std::string>& mpi_options = {},
                     const std::vector<std::string>& extra = {}) {
  const ScratchDir dir;
  std::vector<std::string> args = generate_args(dir.path(), threads);
  args.insert(args.end(), extra.begin(), extra.end());
  MpiJob job(ranks, mpi_options, args);
  const int code = job.wait(300s);
  ASSERT_EQ(code, 0) << job.command() << "\n" << job.err();
  expect_same_tables(dir.path());
}

TEST(Mpi, OneRankWritesTheReferenceFiles) { run_and_compare(1, 2); }
TEST(Mpi, TwoRanksWriteTheReferenceFiles) { run_and_compare(2, 1); }
// 3 does not divide the slots evenly; tiny exchange rounds force many per depth step.
TEST(Mpi, ThreeRanksWithManyExchangeRoundsWriteTheReferenceFiles) {
  run_and_compare(3, 1, {}, {"--updates-per-round", "3000"});
}
// Up to 5 stones most classes have fewer ownership units (65536 slots) than 4 ranks:
// the later ranks own nothing of them.
TEST(Mpi, FourRanksWithTwoThreadsEachWriteTheReferenceFiles) { run_and_compare(4, 2); }
// The transport messages take between nodes.
TEST(Mpi, TwoRanksOverTcpWriteTheReferenceFiles) { run_and_compare(2, 1, {"--mca", "btl", "self,tcp"}); }

// verify divides every class over the ranks: together they check every position once,
// and the statistics they gather add up to those of `tsivy stats` in one process.
TEST(Mpi, VerifyOnThreeRanksChecksEveryPositionOnce) {
  std::uint64_t canonical = 0;
  const Manifest manifest = Manifest::load(reference_tables());
  for (const auto& [name, entry] : manifest.classes()) canonical += entry.canonical;
  const ScratchDir out;
  const std::filesystem::path stats_file = out.path() / "stats.jsonl";
  MpiJob job(3, {}, {"verify", "--tables", reference_tables().string(), "--threads", "1", "--stats-json", stats_file.string()});
  const int code = job.wait(300s);
  ASSERT_EQ(code, 0) << job.command() << "\n" << job.err();
  const std::string summary = std::to_string(canonical) + " positions: 0 mismatches";
  EXPECT_NE(job.err().find(summary), std::string::npos) << job.err();

  const CommandResult stats = run_tsivy({"stats", "--tables", reference_tables().string(), "--json"});
  ASSERT_EQ(stats.exit_code, 0) << stats.err;
  std::ifstream gathered(stats_file);
  std::size_t lines = 0;
  for (std::string line; std::getline(gathered, line); ++lines)
    EXPECT_NE(stats.out.find(line + "\n"), std::string::npos) << line;
  EXPECT_EQ(lines, manifest.classes().size());
}

int listed_classes(const std::filesystem::path& dir) {
  try {
    return static_cast<int>(Manifest::load(dir).classes().size());
  } catch (const std::exception&) {
    return -1;
  }
}

// A rank killed with SIGKILL ends the job within seconds, non-zero, and mpirun names
// the rank; what the manifest lists is complete, and a new run finishes the rest and
// removes the temporary files the killed one left.
TEST(Mpi, KilledRankEndsTheJob) {
  const ScratchDir dir;
  {
    // Killed once the first class is listed, so that most of the work is still ahead.
    MpiJob job(2, {}, generate_args(dir.path(), 1));
    while (listed_classes(dir.path()) < 1) {
      ASSERT_EQ(job.wait(0s), -1) << "the job ended before a rank could be killed\n" << job.err();
      std::this_thread::sleep_for(5ms);
    }
    std::vector<pid_t> ranks;
    for (int tries = 0; ranks.size() < 2 && tries < 100; ++tries) ranks = children_of(job.pid());
    ASSERT_EQ(ranks.size(), 2u);
    ::kill(ranks[1], SIGKILL);
    const auto killed = std::chrono::steady_clock::now();
    const int code = job.wait(30s);
    EXPECT_NE(code, 0) << job.err();
    EXPECT_NE(code, -1) << "the job did not end";
    EXPECT_LT(std::chrono::steady_clock::now() - killed, 20s);
    EXPECT_NE(job.err().find("rank"), std::string::npos) << job.err();
  }
  const Manifest listed = Manifest::load(dir.path());
  for (const auto& [name, entry] : listed.classes())
    EXPECT_FALSE(TableDirectory::open(dir.path())->class_differs_from_manifest(entry, ManifestCheck::size_and_checksum)) << name;
  MpiJob again(2, {}, generate_args(dir.path(), 1));
  ASSERT_EQ(again.wait(300s), 0) << again.err();
  expect_same_tables(dir.path());
}

bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return false;
  const auto close = line.rfind(')');
  return close != std::string::npos && line.size() > close + 2 && line[close + 2] != 'Z';
}

// SIGKILL to mpirun part way through the last pair, after a checkpoint of it: its ranks
// go too; a start with another rank count is refused; one with the same rank count
// (and another thread count) resumes from the checkpoint and ends with the same files.
TEST(Mpi, ResumesFromACheckpointAfterMpirunIsKilled) {
  Material last{};
  for (const Material m : materials_with(kEndToEndStones))
    if (m.us <= m.them) last = m;
  const ScratchDir dir;
  const std::filesystem::path latest = dir / (".checkpoint/" + to_string(last) + ".latest");
  std::vector<std::string> args = generate_args(dir.path(), 1);
  args.insert(args.end(), {"--checkpoint-every", "0.02"});
  {
    MpiJob job(2, {}, args);
    while (!std::filesystem::exists(latest)) {
      ASSERT_EQ(job.wait(0s), -1) << "the job ended before it could be interrupted\n" << job.err();
      std::this_thread::sleep_for(2ms);
    }
    const std::vector<pid_t> ranks = children_of(job.pid());
    ::kill(job.pid(), SIGKILL);
    EXPECT_EQ(job.wait(10s), 128 + SIGKILL);
    for (const pid_t rank : ranks) {
      for (int k = 0; k < 500 && alive(rank); ++k) std::this_thread::sleep_for(20ms);
      EXPECT_FALSE(alive(rank)) << "rank process " << rank << " outlived mpirun";
      if (alive(rank)) ::kill(rank, SIGKILL);
    }
  }
  ASSERT_TRUE(std::filesystem::exists(latest)) << "the pair finished before the kill";
  {
    MpiJob other(3, {}, args);
    const int code = other.wait(120s);
    EXPECT_TRUE(code != 0 && code != -1) << code << "\n" << other.err();
    EXPECT_NE(other.err().find("was written by 2 rank(s)"), std::string::npos) << other.err();
  }
  std::vector<std::string> again = generate_args(dir.path(), 2);
  again.insert(again.end(), {"--checkpoint-every", "0.02"});
  MpiJob resumed(2, {}, again);
  ASSERT_EQ(resumed.wait(300s), 0) << resumed.err();
  EXPECT_NE(resumed.err().find("resuming from the checkpoint"), std::string::npos) << resumed.err();
  expect_same_tables(dir.path());
  EXPECT_FALSE(std::filesystem::exists(dir / ".checkpoint"));
}

}  // namespace
}  // namespace tsivy::testing
