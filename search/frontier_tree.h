// The frontier's AND/OR tree as read from its folder (search/frontier_files.h): each
// node's numbers and status derived from its children's, and the most proving open
// subproblem. Read-only: the worker (search/frontier.cpp) changes the files.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "search/frontier_files.h"

namespace tsivy::search {

struct Derived {
  NodeStatus status = NodeStatus::open;  // open, proved or disproved (an expanded node settles when its children do)
  ProofNumber pn = 1, dn = 1;
};

class FrontierTree {
 public:
  explicit FrontierTree(const FrontierFiles& files);

  const FrontierHeader& header() const { return header_; }
  std::uint64_t root_key() const { return root_key_; }
  const std::unordered_map<std::uint64_t, FrontierNode>& nodes() const { return nodes_; }
  const FrontierNode& node(std::uint64_t key) const;

  // At an OR node the claim's side is to move: one child settling the claim is enough.
  bool or_node(const FrontierNode& n) const { return n.position.to_move == header_.side; }

  // The node's status and numbers from its own file (open, settled) or its children's.
  Derived derived(std::uint64_t key) const;

  // The most proving open subproblem that `available` accepts (not claimed by another
  // worker): down from the root by the least proof number at OR nodes and the least
  // disproof number at AND nodes, past subtrees with nothing available.
  std::optional<std::uint64_t> most_proving(const std::function<bool(std::uint64_t)>& available) const;

  // Whether the node's file says "expanded" but a child's file is missing: it is taken as
  // open, to be expanded again.
  bool reopened(std::uint64_t key) const { return reopened_.count(key) != 0; }

  // Whether `to` can be reached from `from` through expanded nodes (or is `from`).
  bool reaches(std::uint64_t from, std::uint64_t to) const;

  // The keys of the nodes below `key` (itself included), each once.
  std::unordered_set<std::uint64_t> subtree(std::uint64_t key) const;

 private:
  std::optional<std::uint64_t> select(std::uint64_t key, const std::function<bool(std::uint64_t)>& available,
                                      std::unordered_set<std::uint64_t>& exhausted,
                                      std::unordered_set<std::uint64_t>& on_path) const;
  Derived compute(std::uint64_t key, std::unordered_set<std::uint64_t>& on_path) const;

  FrontierHeader header_;
  std::uint64_t root_key_ = 0;
  std::unordered_map<std::uint64_t, FrontierNode> nodes_;
  std::unordered_set<std::uint64_t> reopened_;
  mutable std::unordered_map<std::uint64_t, Derived> derived_;
};

}  // namespace tsivy::search
