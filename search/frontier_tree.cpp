#include "search/frontier_tree.h"

#include <algorithm>

#include "game/notation.h"
#include "game/zobrist.h"

namespace tsivy::search {
namespace {

ProofNumber clamp(std::uint64_t x) { return static_cast<ProofNumber>(std::min(x, kInfiniteProofSum)); }

}  // namespace

FrontierTree::FrontierTree(const FrontierFiles& files) : header_(files.header()), root_key_(position_key(header_.root)) {
  for (auto& [key, node] : files.nodes()) nodes_.emplace(key, std::move(node));
  if (!nodes_.count(root_key_)) throw FrontierError(files.dir().string() + ": the root's node file is missing");
  // A worker writes an expanded node's children before the node itself, so a child
  // missing here was written after the folder was listed (another worker, just now):
  // it is read now. One missing on disk too (a copy of the folder taken while a worker
  // wrote, a child file lost) leaves its parent open here, to be expanded again.
  std::vector<std::uint64_t> missing;
  for (const auto& [key, node] : nodes_)
    for (const FrontierNode::Child& c : node.children)
      if (!nodes_.count(c.key)) missing.push_back(c.key);
  for (const std::uint64_t key : missing)
    if (!nodes_.count(key))
      if (std::optional<FrontierNode> n = files.node(key)) nodes_.emplace(key, std::move(*n));
  for (auto& [key, node] : nodes_) {
    const bool whole = std::all_of(node.children.begin(), node.children.end(),
                                   [&](const FrontierNode::Child& c) { return nodes_.count(c.key) != 0; });
    if (!whole && !node.settled()) {
      node.status = NodeStatus::open;
      node.children.clear();
      reopened_.insert(key);
    }
  }
}

const FrontierNode& FrontierTree::node(std::uint64_t key) const {
  const auto it = nodes_.find(key);
  if (it == nodes_.end()) throw FrontierError("no frontier node " + key_text(key));
  return it->second;
}

Derived FrontierTree::derived(std::uint64_t key) const {
  std::unordered_set<std::uint64_t> on_path;
  return compute(key, on_path);
}

Derived FrontierTree::compute(std::uint64_t key, std::unordered_set<std::uint64_t>& on_path) const {
  if (const auto it = derived_.find(key); it != derived_.end()) return it->second;
  const FrontierNode& n = node(key);
  Derived d;
  if (n.status == NodeStatus::proved) {
    d = {NodeStatus::proved, 0, kInfiniteProof};
  } else if (n.status == NodeStatus::disproved) {
    d = {NodeStatus::disproved, kInfiniteProof, 0};
  } else if (n.status == NodeStatus::open) {
    d = {NodeStatus::open, std::max<ProofNumber>(n.pn, 1), std::max<ProofNumber>(n.dn, 1)};
  } else {
    // Workers never close a cycle of expansions; should one be met all the same, the
    // node counts as open there (never as settled).
    if (!on_path.insert(key).second) return {NodeStatus::open, 1, 1};
    const bool is_or = or_node(n);
    std::uint64_t least = kInfiniteProofSum, sum = 0;
    for (const FrontierNode::Child& c : n.children) {
      const Derived child = compute(c.key, on_path);
      const std::uint64_t mine = is_or ? child.pn : child.dn, theirs = is_or ? child.dn : child.pn;
      least = std::min(least, mine);
      sum = std::min(kInfiniteProofSum, sum + theirs);
    }
    on_path.erase(key);
    const ProofNumber minimum = clamp(least), summed = clamp(sum);
    d.pn = is_or ? minimum : summed;
    d.dn = is_or ? summed : minimum;
    d.status = d.pn == 0 ? NodeStatus::proved : d.dn == 0 ? NodeStatus::disproved : NodeStatus::open;
  }
  derived_[key] = d;
  return d;
}

std::optional<std::uint64_t> FrontierTree::most_proving(const std::function<bool(std::uint64_t)>& available) const {
  std::unordered_set<std::uint64_t> exhausted, on_path;
  return select(root_key_, available, exhausted, on_path);
}

std::optional<std::uint64_t> FrontierTree::select(std::uint64_t key, const std::function<bool(std::uint64_t)>& available,
                                                  std::unordered_set<std::uint64_t>& exhausted,
                                                  std::unordered_set<std::uint64_t>& on_path) const {
  if (exhausted.count(key) || on_path.count(key) || derived(key).status != NodeStatus::open) return std::nullopt;
  const FrontierNode& n = node(key);
  if (n.status == NodeStatus::open) {
    if (available(key)) return key;
    exhausted.insert(key);
    return std::nullopt;
  }
  // The children by the number that decides here, least first; ties in the turns' order.
  const bool is_or = or_node(n);
  std::vector<std::pair<ProofNumber, std::uint64_t>> order;
  for (const FrontierNode::Child& c : n.children) {
    const Derived d = derived(c.key);
    if (d.status == NodeStatus::open) order.emplace_back(is_or ? d.pn : d.dn, c.key);
  }
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  on_path.insert(key);
  for (const auto& [number, child] : order)
    if (const std::optional<std::uint64_t> found = select(child, available, exhausted, on_path)) {
      on_path.erase(key);
      return found;
    }
  on_path.erase(key);
  exhausted.insert(key);
  return std::nullopt;
}

bool FrontierTree::reaches(std::uint64_t from, std::uint64_t to) const { return subtree(from).count(to) != 0; }

std::unordered_set<std::uint64_t> FrontierTree::subtree(std::uint64_t key) const {
  std::unordered_set<std::uint64_t> seen{key};
  std::vector<std::uint64_t> stack{key};
  while (!stack.empty()) {
    const std::uint64_t k = stack.back();
    stack.pop_back();
    const auto it = nodes_.find(k);
    if (it == nodes_.end()) continue;
    for (const FrontierNode::Child& c : it->second.children)
      if (seen.insert(c.key).second) stack.push_back(c.key);
  }
  return seen;
}

}  // namespace tsivy::search
