// The files of a proof in pieces (search/frontier.h), one folder a root claim:
//
//   frontier.txt        what is proved: the board, the root, the side and its claim, the
//                       leaves' stones and the tables' digest
//   nodes/KEY.txt       one subproblem a file (KEY: the position's Zobrist key in hex):
//                       its position, status, the work spent on it, its last proof and
//                       disproof numbers, its children once expanded, its certificate
//                       once settled
//   certs/KEY.cert.zst  the certificate of each settled subproblem
//   claims/KEY          who works on an open subproblem now, until when (not kept in git)
//   .lock               taken (flock) around every change, so that workers on one folder
//                       (processes, ranks, array tasks) never take one subproblem twice
//
// Every text file ends with a checksum line (search/checked_text.h) and is written
// atomically: a killed worker leaves each file whole, old or new. A damaged or cut file
// is refused with an error naming it (FrontierError).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "game/move.h"
#include "game/position.h"
#include "search/proof_search.h"

namespace tsivy::search {

class FrontierError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct FrontierHeader {
  Position root;
  Colour side = Colour::White;
  Goal claim = Goal::does_not_lose;
  int leaf_stones = 0;
  std::optional<std::uint64_t> tables;  // tables_digest, when leaf_stones > 0
};

enum class NodeStatus : std::uint8_t { open, expanded, proved, disproved };
const char* status_name(NodeStatus s);

struct FrontierNode {
  Position position;
  NodeStatus status = NodeStatus::open;
  int attempts = 0;            // df-pn runs given to it
  std::uint64_t nodes = 0;     // their nodes, in all
  double seconds = 0;          // their time, in all
  ProofNumber pn = 1, dn = 1;  // for the folder's claim: the last run's, or the proof table's at expansion
  struct Child {
    Move turn;
    std::uint64_t key = 0;
  };
  std::vector<Child> children;   // expanded (and settled after expansion)
  std::string certificate;       // settled: the file, relative to certs/
  std::uint32_t bound = 0;       // settled: the certificate's bound (CheckReport::max_bound)

  bool settled() const { return status == NodeStatus::proved || status == NodeStatus::disproved; }
};

class FrontierFiles {
 public:
  explicit FrontierFiles(std::filesystem::path dir) : dir_(std::move(dir)) {}
  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path certificates_dir() const { return dir_ / "certs"; }

  bool exists() const;
  // Creates the folder, its header and its root's node; throws FrontierError when it exists.
  void create(const FrontierHeader& header);
  FrontierHeader header() const;

  // The node of this key; nullopt when there is none. Throws FrontierError when its file is
  // damaged or holds another position (a key collision, refused rather than mixed up).
  std::optional<FrontierNode> node(std::uint64_t key) const;
  // Every node, by key.
  std::vector<std::pair<std::uint64_t, FrontierNode>> nodes() const;
  void write_node(std::uint64_t key, const FrontierNode& node) const;

  // Claims, under the lock. A claim lasts until its deadline; its owner renews it.
  struct Claim {
    std::string owner;
    std::chrono::system_clock::time_point deadline;
  };
  std::optional<Claim> claim_of(std::uint64_t key) const;
  void write_claim(std::uint64_t key, const Claim& claim) const;
  void remove_claim(std::uint64_t key) const;

  // Holds the folder's lock while it lives.
  class Lock {
   public:
    explicit Lock(const FrontierFiles& files);
    ~Lock();
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;

   private:
    int fd_ = -1;
  };

 private:
  std::filesystem::path node_file(std::uint64_t key) const;
  std::filesystem::path dir_;
};

std::string key_text(std::uint64_t key);  // 16 hexadecimal digits

}  // namespace tsivy::search
