#include "search/frontier.h"

#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <memory>
#include <sstream>
#include <thread>

#include "game/movegen.h"
#include "game/notation.h"
#include "game/zobrist.h"
#include "lookup/table_lookup.h"
#include "search/certificate.h"
#include "search/certificate_extraction.h"
#include "search/certificate_pruning.h"
#include "search/deep_stack.h"
#include "search/frontier_tree.h"
#include "search/proof_table.h"
#include "search/table_leaves.h"
#include "search/tables_digest.h"

namespace tsivy::search {
namespace {

using Clock = std::chrono::steady_clock;
using Wall = std::chrono::system_clock;

std::string default_owner() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) std::snprintf(host, sizeof host, "unknown");
  return std::string(host) + ":" + std::to_string(::getpid());
}

// The tables a frontier names, for its leaves.
int leaf_stones_of(const TableLookup* tables) { return tables ? tables->listing().max_complete_stones() : 0; }

class Worker {
 public:
  explicit Worker(const FrontierOptions& o)
      : o_(o),
        files_(o.dir),
        header_(files_.header()),
        owner_(o.owner.empty() ? default_owner() : o.owner),
        leaves_(o.tables),
        table_(o.memory_bytes),
        search_(table_, leaves_, header_.side, header_.claim),
        checker_(o.tables) {
    check_tables();
  }

  FrontierRunReport run() {
    const auto began = Clock::now();
    began_ = began;
    report_ = {};
    for (;;) {
      FrontierTree tree(files_);
      settle_expanded(tree);
      // The root's status is derived from its children's: what settle_expanded just wrote
      // down, the tree already says.
      const Derived root = tree.derived(tree.root_key());
      report_.root = root.status;
      if (root.status != NodeStatus::open) {
        log("the root is " + std::string(status_name(root.status)) + ": " + frontier_root_certificate(o_.dir).string());
        break;
      }
      if (out_of_time(began) || (o_.stop_after_runs && report_.runs >= o_.stop_after_runs)) break;
      const std::optional<std::uint64_t> key = claim_next(tree);
      if (!key) {
        // Every open subproblem is another worker's now: wait for one to finish or to die.
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        continue;
      }
      work_on(*key, began);
    }
    report_.seconds = std::chrono::duration<double>(Clock::now() - began).count();
    return report_;
  }

 private:
  void log(const std::string& line) const {
    if (o_.log) o_.log(line);
  }

  void check_tables() {
    // Deeper tables than the frontier's would give leaves its certificates cannot name.
    leaves_.limit(header_.leaf_stones);
    const int stones = leaf_stones_of(o_.tables);
    if (header_.leaf_stones == 0) return;
    if (stones < header_.leaf_stones)
      throw FrontierError(o_.dir.string() + ": the frontier's leaves are positions of up to " +
                          std::to_string(header_.leaf_stones) + " stones: it needs tables (--tables) that cover them");
    const std::optional<std::uint64_t> digest = tables_digest(*o_.tables, header_.leaf_stones);
    if (digest != header_.tables)
      throw FrontierError(o_.dir.string() + ": the frontier was begun with other tables (digest " +
                          (header_.tables ? digest_text(*header_.tables) : "none") + "; these: " +
                          (digest ? digest_text(*digest) : "no manifest") + ")");
  }

  bool out_of_time(Clock::time_point began) const {
    return o_.stop_after_seconds > 0 && std::chrono::duration<double>(Clock::now() - began).count() >= o_.stop_after_seconds;
  }

  FrontierFiles::Claim my_claim() const {
    return {owner_, Wall::now() + o_.claim_lease};
  }

  bool free_to_take(std::uint64_t key) const {
    const std::optional<FrontierFiles::Claim> c = files_.claim_of(key);
    return !c || c->deadline < Wall::now() || c->owner == owner_;
  }

  // Claims the most proving open subproblem free to take.
  std::optional<std::uint64_t> claim_next(const FrontierTree& tree) {
    const std::optional<std::uint64_t> key = tree.most_proving([&](std::uint64_t k) { return free_to_take(k); });
    if (!key) return std::nullopt;
    FrontierFiles::Lock lock(files_);
    const std::optional<FrontierNode> now = files_.node(*key);
    const bool open = now && (now->status == NodeStatus::open || (now->status == NodeStatus::expanded && tree.reopened(*key)));
    if (!open || !free_to_take(*key)) return std::nullopt;
    files_.write_claim(*key, my_claim());
    return key;
  }

  // Renews the claim; false when it was lost (it ran out and another worker took it).
  bool renew(std::uint64_t key) {
    FrontierFiles::Lock lock(files_);
    const std::optional<FrontierFiles::Claim> c = files_.claim_of(key);
    if (c && c->owner != owner_ && c->deadline >= Wall::now()) return false;
    files_.write_claim(key, my_claim());
    return true;
  }

  // The claim on the subproblem being worked on, renewed every quarter lease through all
  // of its work (its df-pn run, the extraction of certificates, the expansion, which
  // extracts its children's): false from the moment it was lost, and then the work is
  // dropped, never written over another worker's.
  bool keep_claim() {
    if (lost_) return false;
    const auto now = Clock::now();
    if (now - last_renewal_ >= o_.claim_lease / 4) {
      if (!renew(working_on_)) lost_ = true;
      last_renewal_ = now;
    }
    return !lost_;
  }
  // Under the lock, before the work is written: the claim is still this worker's.
  bool still_mine(std::uint64_t key) const {
    const std::optional<FrontierFiles::Claim> c = files_.claim_of(key);
    return c && c->owner == owner_;
  }

  std::string certificate_name(std::uint64_t key, Colour side, Goal claim) const {
    return key_text(key) + "-" + side_name(side) + "-" + goal_name(claim) + ".cert.zst";
  }

  // Writes and checks a certificate of a settled subproblem; its file name (in certs/) and bound.
  std::pair<std::string, std::uint32_t> write_checked(std::uint64_t key, Certificate c) {
    c.tables = header_.tables;
    prune_certificate(c, [&](const Position& p) { return search_.leaf_value(p); });
    const std::string name = certificate_name(key, c.side, c.claim);
    const std::filesystem::path file = files_.certificates_dir() / name;
    write_certificate(file, c);
    const CheckReport report = checker_.check_file(file);
    return {name, report.max_bound};
  }

  // A settled position's certificate, from the search's table: it searches what it must
  // (results that relied on the path were not stored), up to a subproblem's budget. When
  // that fails, once more from a search of the position alone in a small table of its
  // own: the worker's table lives across subproblems, and its entries, made by searches
  // at other times and partly replaced, need not agree along a line (a "wins" strategy
  // then runs back into its own way), where a fresh search's do. On 9-stone endgames of
  // the 5x9 proof that took extractions of more than 2 M nodes down to a tenth of a
  // second. nullopt when both fail (the position is then worked on as unsettled).
  std::optional<Certificate> extracted(const Position& p, bool proved) {
    if (std::optional<Certificate> c = extracted_from(search_, p, proved)) return c;
    if (lost_ || out_of_time(began_)) return std::nullopt;
    if (!fresh_table_) fresh_table_ = std::make_unique<ProofTable>(kFreshTableBytes);
    fresh_table_->clear();
    ProofSearch fresh(*fresh_table_, leaves_, search_.attacker(), search_.goal());
    ProofNumbers n;
    run_on_deep_stack([&] {
      n = fresh.prove(p, {}, [&] { return fresh.counters().nodes < extraction_budget() && !out_of_time(began_) && keep_claim(); });
    });
    report_.nodes += fresh.counters().nodes;
    if (!n.settled()) return std::nullopt;
    if (n.proved() != proved) {
      log("the fresh search of " + format_position(p) + " settled it the other way: a bug; the position stays open");
      return std::nullopt;
    }
    return extracted_from(fresh, p, proved);
  }

  // Nodes an extraction, or the fresh search behind it, may spend: a subproblem's budget.
  std::uint64_t extraction_budget() const { return std::max<std::uint64_t>(o_.budget_nodes, 100000); }

  std::optional<Certificate> extracted_from(ProofSearch& search, const Position& p, bool proved) {
    const std::uint64_t before = search.counters().nodes;
    // The claim is kept meanwhile: a large strategy can take long with few nodes.
    const auto keep_going = [&] {
      return search.counters().nodes - before < extraction_budget() && !out_of_time(began_) && keep_claim();
    };
    std::optional<Certificate> c;
    run_on_deep_stack([&] {
      try {
        c = extract_certificate(search, p, proved, header_.leaf_stones, keep_going);
      } catch (const ExtractionStopped&) {
        c.reset();
      } catch (const std::logic_error& e) {
        // The extraction found no strategy where the search's table said there was one
        // (evicted entries, a "wins" strategy that would cycle): no certificate is ever
        // written without passing the checker.
        log(std::string("certificate extraction failed: ") + e.what());
        c.reset();
      }
    });
    report_.nodes += search.counters().nodes - before;
    return c;
  }

  void work_on(std::uint64_t key, Clock::time_point began) {
    FrontierNode node = *files_.node(key);
    const std::uint64_t budget = o_.budget_nodes ? o_.budget_nodes << std::min(node.attempts, 20) : 0;
    const double budget_seconds = o_.budget_seconds > 0 ? o_.budget_seconds * static_cast<double>(1u << std::min(node.attempts, 20)) : 0;
    const auto start = Clock::now();
    const std::uint64_t nodes_before = search_.counters().nodes;
    working_on_ = key;
    last_renewal_ = Clock::now();
    lost_ = false;
    bool out_of_budget = false, stopped = false;
    const auto keep_going = [&] {
      const auto now = Clock::now();
      const std::uint64_t spent = search_.counters().nodes - nodes_before;
      const double seconds = std::chrono::duration<double>(now - start).count();
      if ((budget && spent >= budget) || (budget_seconds > 0 && seconds >= budget_seconds)) out_of_budget = true;
      if (out_of_time(began)) stopped = true;
      return keep_claim() && !(out_of_budget || stopped);
    };
    ProofNumbers numbers;
    run_on_deep_stack([&] { numbers = search_.prove(node.position, {}, keep_going); });
    const std::uint64_t spent = search_.counters().nodes - nodes_before;
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    ++report_.runs;
    report_.nodes += spent;
    const auto dropped = [&] {
      log("subproblem " + key_text(key) + ": its claim ran out and another worker took it; this run is dropped");
    };
    if (lost_) return dropped();
    node.nodes += spent;
    node.seconds += seconds;
    node.pn = numbers.pn;
    node.dn = numbers.dn;
    std::ostringstream what;
    what << "subproblem " << key_text(key) << " " << format_position(node.position) << ": " << spent << " nodes, "
         << static_cast<long>(seconds * 10) / 10.0 << " s";
    std::optional<Certificate> certificate;
    if (numbers.settled()) {
      certificate = extracted(node.position, numbers.proved());
      if (lost_) return dropped();
      if (!certificate) {
        log(what.str() + ": settled, but its certificate took more than a budget to extract: expanded instead");
        out_of_budget = true;
      }
    }
    if (certificate) {
      const auto [name, bound] = write_checked(key, std::move(*certificate));
      node.status = numbers.proved() ? NodeStatus::proved : NodeStatus::disproved;
      node.certificate = name;
      node.bound = bound;
      ++node.attempts;
      FrontierFiles::Lock lock(files_);
      if (!still_mine(key)) return dropped();
      files_.write_node(key, node);
      files_.remove_claim(key);
      ++report_.settled;
      log(what.str() + ": " + status_name(node.status) + ", certificate " + name);
      return;
    }
    if (!out_of_budget) {
      // Stopped from outside: what was spent is kept; the subproblem waits for the next run.
      FrontierFiles::Lock lock(files_);
      if (!still_mine(key)) return dropped();
      files_.write_node(key, node);
      files_.remove_claim(key);
      log(what.str() + ": stopped (pn " + std::to_string(numbers.pn) + " dn " + std::to_string(numbers.dn) + ")");
      return;
    }
    ++node.attempts;
    expand(key, node, what.str());
  }

  // A child's first state: settled at once when it is a leaf or the search's table holds
  // it settled (with its certificate), else its numbers from the table, if any.
  struct NewChild {
    std::uint64_t key;
    FrontierNode node;
    std::optional<Certificate> certificate;
  };
  NewChild first_state(const Position& p) {
    NewChild c{position_key(p), {}, std::nullopt};
    c.node.position = p;
    std::optional<ProofNumbers> n;
    MoveList turns;
    generate_moves(p, turns);
    if (turns.empty()) {
      n = search_.leaf_numbers(p, Outcome::loss);
    } else if (const std::optional<Outcome> o = search_.leaf_value(p)) {
      n = search_.leaf_numbers(p, *o);
    } else {
      n = search_.numbers_in_table(p);
    }
    if (n) {
      c.node.pn = std::max<ProofNumber>(n->pn, n->settled() ? 0 : 1);
      c.node.dn = std::max<ProofNumber>(n->dn, n->settled() ? 0 : 1);
      if (n->settled()) c.certificate = extracted(p, n->proved());
      if (n->settled() && !c.certificate) c.node.pn = c.node.dn = 1;  // settled, but unproven here: open
    }
    return c;
  }

  void expand(std::uint64_t key, FrontierNode node, const std::string& what) {
    MoveList turns;
    generate_moves(node.position, turns);
    std::vector<NewChild> fresh;
    std::unordered_set<std::uint64_t> seen;
    node.children.clear();
    for (const Move& m : turns) {
      const Position child = make_move(node.position, m);
      const std::uint64_t child_key = position_key(child);
      node.children.push_back({m, child_key});
      if (seen.insert(child_key).second && !files_.node(child_key)) fresh.push_back(first_state(child));
    }
    FrontierFiles::Lock lock(files_);
    if (lost_ || !still_mine(key)) {
      log("subproblem " + key_text(key) + ": its claim ran out while it was expanded and another worker took it; "
          "this expansion is dropped");
      return;
    }
    // Under the lock, on the files as they are now: no expansion may close a cycle (a
    // certificate cannot refer to itself), so a node whose child reaches it again stays
    // open and gets a larger budget next time instead.
    const FrontierTree tree(files_);
    for (const FrontierNode::Child& c : node.children)
      if (c.key == key || (tree.nodes().count(c.key) && tree.reaches(c.key, key))) {
        node.children.clear();
        files_.write_node(key, node);
        files_.remove_claim(key);
        log(what + ": unsettled; not expanded (a turn leads back to it), its next run gets twice the budget");
        return;
      }
    int settled = 0;
    for (NewChild& c : fresh) {
      if (files_.node(c.key)) continue;  // another worker made it meanwhile: theirs stands
      if (c.certificate) {
        const auto [name, bound] = write_checked(c.key, std::move(*c.certificate));
        c.node.status = c.node.pn == 0 ? NodeStatus::proved : NodeStatus::disproved;
        c.node.certificate = name;
        c.node.bound = bound;
        ++settled;
      }
      files_.write_node(c.key, c.node);
    }
    node.status = NodeStatus::expanded;
    files_.write_node(key, node);
    files_.remove_claim(key);
    ++report_.expanded;
    log(what + ": unsettled (pn " + std::to_string(node.pn) + " dn " + std::to_string(node.dn) + "), expanded into " +
        std::to_string(node.children.size()) + " turns, " + std::to_string(settled) + " settled at once");
  }

  // Expanded nodes whose children settle them get their certificate, referring to the
  // children's: deepest first, so a parent finds its children's files.
  void settle_expanded(const FrontierTree& tree) {
    std::vector<std::uint64_t> order;
    std::unordered_set<std::uint64_t> seen;
    const std::function<void(std::uint64_t)> visit = [&](std::uint64_t k) {
      if (!seen.insert(k).second) return;
      const FrontierNode& n = tree.node(k);
      if (n.status != NodeStatus::expanded) return;
      for (const FrontierNode::Child& c : n.children) visit(c.key);
      order.push_back(k);
    };
    visit(tree.root_key());
    std::unordered_map<std::uint64_t, FrontierNode> written;
    const auto current = [&](std::uint64_t k) -> const FrontierNode& {
      const auto it = written.find(k);
      return it != written.end() ? it->second : tree.node(k);
    };
    for (const std::uint64_t k : order) {
      const Derived d = tree.derived(k);
      if (d.status == NodeStatus::open) continue;
      FrontierNode n = tree.node(k);
      const bool proved = d.status == NodeStatus::proved;
      Certificate c;
      c.side = proved ? header_.side : other(header_.side);
      c.claim = proved ? header_.claim : dual(header_.claim);
      c.root = n.position;
      c.leaf_stones = header_.leaf_stones;
      const NodeStatus good = d.status;
      std::unordered_set<std::uint64_t> referenced;
      if (n.position.to_move == c.side) {
        // One good turn: the child settled the same way with the least bound.
        const FrontierNode::Child* best = nullptr;
        for (const FrontierNode::Child& child : n.children) {
          const FrontierNode& cn = current(child.key);
          if (cn.status == good && (!best || cn.bound < current(best->key).bound)) best = &child;
        }
        if (!best) continue;  // its children's files are not all settled yet
        const FrontierNode& cn = current(best->key);
        c.entries.push_back({n.position, best->turn, c.claim == Goal::wins ? cn.bound + 1 : 0});
        c.references.push_back({cn.position, cn.certificate});
      } else {
        bool all = true;
        for (const FrontierNode::Child& child : n.children) {
          const FrontierNode& cn = current(child.key);
          if (cn.status != good) all = false;
          if (all && referenced.insert(child.key).second) c.references.push_back({cn.position, cn.certificate});
        }
        if (!all) continue;
      }
      FrontierFiles::Lock lock(files_);
      const std::optional<FrontierNode> now = files_.node(k);
      if (!now || now->status != NodeStatus::expanded) continue;  // another worker settled it
      const auto [name, bound] = write_checked(k, std::move(c));
      n.status = good;
      n.certificate = name;
      n.bound = bound;
      files_.write_node(k, n);
      written[k] = n;
      log("node " + key_text(k) + " " + format_position(n.position) + ": " + status_name(good) + " by its children, certificate " + name);
    }
  }

  const FrontierOptions& o_;
  FrontierFiles files_;
  FrontierHeader header_;
  std::string owner_;
  TableLeaves leaves_;
  ProofTable table_;
  ProofSearch search_;
  CertificateChecker checker_;
  FrontierRunReport report_;
  Clock::time_point began_ = Clock::now();
  // The table of the fresh searches that extract what the worker's table could not.
  static constexpr std::size_t kFreshTableBytes = std::size_t{256} << 20;
  std::unique_ptr<ProofTable> fresh_table_;
  // The subproblem this worker holds a claim on, and that claim's state (keep_claim).
  std::uint64_t working_on_ = 0;
  Clock::time_point last_renewal_ = Clock::now();
  bool lost_ = false;
};

}  // namespace

void create_frontier(const std::filesystem::path& dir, const Position& root, Colour side, Goal claim, const TableLookup* tables) {
  FrontierHeader h;
  h.root = root;
  h.side = side;
  h.claim = claim;
  h.leaf_stones = leaf_stones_of(tables);
  if (h.leaf_stones) {
    h.tables = tables_digest(*tables, h.leaf_stones);
    if (!h.tables)
      throw FrontierError("the tables' manifest does not list every class up to " + std::to_string(h.leaf_stones) +
                          " stones: the frontier's certificates could not name them");
  }
  FrontierFiles(dir).create(h);
}

FrontierRunReport work_on_frontier(const FrontierOptions& options) {
  Worker worker(options);
  return worker.run();
}

std::filesystem::path frontier_root_certificate(const std::filesystem::path& dir) {
  const FrontierFiles files(dir);
  const std::optional<FrontierNode> root = files.node(position_key(files.header().root));
  if (!root || root->certificate.empty()) return {};
  return files.certificates_dir() / root->certificate;
}

std::string frontier_status(const std::filesystem::path& dir) {
  const FrontierFiles files(dir);
  const FrontierTree tree(files);
  const FrontierHeader& h = tree.header();
  std::ostringstream out;
  out << dir.string() << ": " << claim_words(h.side, h.claim) << " from " << format_position(h.root) << " (" << board_name()
      << "), leaves " << (h.leaf_stones ? "up to " + std::to_string(h.leaf_stones) + " stones" : "none") << "\n";
  const Derived root = tree.derived(tree.root_key());
  out << "root: " << status_name(root.status) << ", pn " << root.pn << " dn " << root.dn << "\n";
  std::size_t by_status[4] = {};
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const auto& [key, n] : tree.nodes()) {
    ++by_status[static_cast<int>(n.status)];
    nodes += n.nodes;
    seconds += n.seconds;
  }
  out << "subproblems: " << tree.nodes().size() << " (" << by_status[0] << " open, " << by_status[1] << " expanded, "
      << by_status[2] << " proved, " << by_status[3] << " disproved)\n";
  char line[256];
  std::snprintf(line, sizeof line, "work: %" PRIu64 " nodes, %.0f s (%.0f nodes/s)\n", nodes, seconds,
                seconds > 0 ? static_cast<double>(nodes) / seconds : 0.0);
  out << line;
  // What the folder weighs in the repository (a proof's size is meant to stay small).
  std::uintmax_t certificate_bytes = 0;
  std::size_t certificate_files = 0;
  for (const auto& [key, n] : tree.nodes()) {
    if (n.certificate.empty()) continue;
    std::error_code ignored;
    const std::uintmax_t bytes = std::filesystem::file_size(files.certificates_dir() / n.certificate, ignored);
    if (!ignored) {
      certificate_bytes += bytes;
      ++certificate_files;
    }
  }
  out << "certificates: " << certificate_files << " files, " << certificate_bytes << " bytes\n";
  if (const std::filesystem::path cert = frontier_root_certificate(dir); !cert.empty()) out << "certificate: " << cert.string() << "\n";
  const FrontierNode& r = tree.node(tree.root_key());
  if (r.children.empty()) return out.str();
  out << "\n| turn | status | pn | dn | subproblems | nodes | time (s) | certificate |\n|---|---|---:|---:|---:|---:|---:|---|\n";
  for (const FrontierNode::Child& c : r.children) {
    const Derived d = tree.derived(c.key);
    std::uint64_t below = 0;
    double time = 0;
    const auto keys = tree.subtree(c.key);
    for (const std::uint64_t k : keys) {
      below += tree.node(k).nodes;
      time += tree.node(k).seconds;
    }
    const FrontierNode& cn = tree.node(c.key);
    std::string cert = "-";
    if (!cn.certificate.empty()) {
      std::error_code ignored;
      const auto bytes = std::filesystem::file_size(files.certificates_dir() / cn.certificate, ignored);
      cert = "`" + cn.certificate + "` (" + std::to_string(bytes) + " bytes)";
    }
    std::snprintf(line, sizeof line, "| %s | %s | %u | %u | %zu | %" PRIu64 " | %.0f | ", turn_text(c.turn).c_str(),
                  status_name(d.status), d.pn, d.dn, keys.size(), below, time);
    out << line << cert << " |\n";
  }
  return out.str();
}

}  // namespace tsivy::search
