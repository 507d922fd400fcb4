#include "search/frontier_files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "game/movegen.h"
#include "game/notation.h"
#include "game/zobrist.h"
#include "io/atomic_file.h"
#include "search/certificate.h"
#include "search/checked_text.h"
#include "search/tables_digest.h"

namespace tsivy::search {
namespace {

constexpr const char* kHeaderLine = "tsivy proof frontier 1";
constexpr const char* kNodeLine = "tsivy frontier node 1";

// Reads "key value" lines in order; every error names the file and the line.
class Lines {
 public:
  Lines(const std::filesystem::path& file, const std::string& body) : file_(file), in_(body) {}
  std::string next(const std::string& key) {
    ++number_;
    std::string line;
    if (!std::getline(in_, line) || line.rfind(key, 0) != 0) fail("expected '" + key + "'");
    return line.substr(key.size());
  }
  std::string raw() {
    ++number_;
    std::string line;
    if (!std::getline(in_, line)) fail("the file ends early");
    return line;
  }
  void end() {
    std::string line;
    if (std::getline(in_, line)) fail("more lines than expected");
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw FrontierError(file_.string() + ": line " + std::to_string(number_) + ": " + what);
  }

 private:
  std::filesystem::path file_;
  std::istringstream in_;
  int number_ = 0;
};

std::string checked_file(const std::filesystem::path& file) {
  const std::string text = file_contents<FrontierError>(file);
  try {
    return checked_body<FrontierError>(text);
  } catch (const FrontierError& e) {
    throw FrontierError(file.string() + ": " + e.what());
  }
}

template <class Number>
Number number(Lines& lines, const std::string& text) {
  std::istringstream in(text);
  Number n{};
  std::string extra;
  if (!(in >> n) || (in >> extra)) lines.fail("'" + text + "' is not a number");
  return n;
}

}  // namespace

std::string key_text(std::uint64_t key) { return digest_text(key); }

const char* status_name(NodeStatus s) {
  switch (s) {
    case NodeStatus::open: return "open";
    case NodeStatus::expanded: return "expanded";
    case NodeStatus::proved: return "proved";
    case NodeStatus::disproved: return "disproved";
  }
  return "?";
}

bool FrontierFiles::exists() const { return std::filesystem::exists(dir_ / "frontier.txt"); }

std::filesystem::path FrontierFiles::node_file(std::uint64_t key) const { return dir_ / "nodes" / (key_text(key) + ".txt"); }

void FrontierFiles::create(const FrontierHeader& h) {
  if (exists()) throw FrontierError(dir_.string() + " already holds a frontier");
  std::filesystem::create_directories(dir_ / "nodes");
  std::filesystem::create_directories(certificates_dir());
  std::filesystem::create_directories(dir_ / "claims");
  // Claims and the lock are this machine's business, never the proof's.
  io::write_text_atomically(dir_ / ".gitignore", "claims/\n.lock\n");
  std::ostringstream out;
  out << kHeaderLine << "\nboard " << board_name() << "\nroot " << format_position(h.root) << "\nside " << side_name(h.side)
      << "\nclaim " << goal_name(h.claim) << "\nleaves " << h.leaf_stones << "\ntables "
      << (h.tables ? digest_text(*h.tables) : "none") << "\n";
  FrontierNode root;
  root.position = h.root;
  write_node(position_key(h.root), root);
  io::write_text_atomically(dir_ / "frontier.txt", with_checksum(out.str()));
}

FrontierHeader FrontierFiles::header() const {
  const std::filesystem::path file = dir_ / "frontier.txt";
  if (!std::filesystem::exists(file)) throw FrontierError(dir_.string() + ": no frontier here (no frontier.txt)");
  Lines lines(file, checked_file(file));
  if (lines.raw() != kHeaderLine) lines.fail("not a tsivy proof frontier of version 1");
  FrontierHeader h;
  if (const std::string board = lines.next("board "); board != board_name())
    lines.fail("the frontier is for the " + board + " board, this is the " + board_name() + " build (use --board " + board + ")");
  try {
    h.root = parse_position(lines.next("root "));
  } catch (const std::invalid_argument& e) {
    lines.fail(e.what());
  }
  const std::string side = lines.next("side ");
  if (side != "white" && side != "black") lines.fail("side must be white or black");
  h.side = side == "white" ? Colour::White : Colour::Black;
  const std::string claim = lines.next("claim ");
  if (claim != "wins" && claim != "does-not-lose") lines.fail("claim must be wins or does-not-lose");
  h.claim = claim == "wins" ? Goal::wins : Goal::does_not_lose;
  h.leaf_stones = number<int>(lines, lines.next("leaves "));
  if (const std::string digest = lines.next("tables "); digest != "none") {
    char* end = nullptr;
    h.tables = std::strtoull(digest.c_str(), &end, 16);
    if (digest.size() != 16 || end != digest.c_str() + 16) lines.fail("tables must be 16 hexadecimal digits or none");
  }
  lines.end();
  return h;
}

std::optional<FrontierNode> FrontierFiles::node(std::uint64_t key) const {
  const std::filesystem::path file = node_file(key);
  if (!std::filesystem::exists(file)) return std::nullopt;
  Lines lines(file, checked_file(file));
  if (lines.raw() != kNodeLine) lines.fail("not a tsivy frontier node of version 1");
  FrontierNode n;
  try {
    n.position = parse_position(lines.next("position "));
  } catch (const std::invalid_argument& e) {
    lines.fail(e.what());
  }
  if (position_key(n.position) != key) lines.fail("holds a position of another key (a key collision or a renamed file)");
  const std::string status = lines.next("status ");
  bool known = false;
  for (NodeStatus s : {NodeStatus::open, NodeStatus::expanded, NodeStatus::proved, NodeStatus::disproved})
    if (status == status_name(s)) {
      n.status = s;
      known = true;
    }
  if (!known) lines.fail("unknown status '" + status + "'");
  n.attempts = number<int>(lines, lines.next("attempts "));
  n.nodes = number<std::uint64_t>(lines, lines.next("nodes "));
  n.seconds = number<double>(lines, lines.next("seconds "));
  {
    std::istringstream in(lines.next("numbers "));
    std::string extra;
    if (!(in >> n.pn >> n.dn) || (in >> extra)) lines.fail("expected 'numbers PN DN'");
  }
  {
    std::istringstream in(lines.next("certificate "));
    std::string extra;
    if (!(in >> n.certificate >> n.bound) || (in >> extra)) lines.fail("expected 'certificate FILE BOUND'");
    if (n.certificate == "none") n.certificate.clear();
    if (n.certificate.find('/') != std::string::npos) lines.fail("a certificate is named within certs/");
  }
  if (n.settled() != !n.certificate.empty()) lines.fail("a settled node names its certificate, an unsettled one none");
  const int children = number<int>(lines, lines.next("children "));
  if (children < 0 || children > 100000) lines.fail("implausible number of children");
  for (int i = 0; i < children; ++i) {
    std::istringstream in(lines.raw());
    std::string turn, child, extra;
    if (!(in >> turn >> child) || (in >> extra) || child.size() != 16) lines.fail("expected 'TURN KEY'");
    FrontierNode::Child c;
    try {
      c.turn = parse_turn(n.position, turn);
    } catch (const std::invalid_argument& e) {
      lines.fail(e.what());
    }
    c.key = std::strtoull(child.c_str(), nullptr, 16);
    if (c.key != position_key(make_move(n.position, c.turn))) lines.fail("the child's key is not its turn's position's");
    n.children.push_back(c);
  }
  if ((n.status == NodeStatus::expanded) && n.children.empty()) lines.fail("an expanded node without children");
  lines.end();
  return n;
}

std::vector<std::pair<std::uint64_t, FrontierNode>> FrontierFiles::nodes() const {
  std::vector<std::pair<std::uint64_t, FrontierNode>> out;
  for (const auto& entry : std::filesystem::directory_iterator(dir_ / "nodes")) {
    const std::string name = entry.path().filename().string();
    if (name.size() != 20 || name.substr(16) != ".txt") continue;  // temporaries and strays
    char* end = nullptr;
    const std::uint64_t key = std::strtoull(name.c_str(), &end, 16);
    if (end != name.c_str() + 16) continue;
    out.emplace_back(key, *node(key));
  }
  return out;
}

void FrontierFiles::write_node(std::uint64_t key, const FrontierNode& n) const {
  std::ostringstream out;
  out << kNodeLine << "\nposition " << format_position(n.position) << "\nstatus " << status_name(n.status) << "\nattempts "
      << n.attempts << "\nnodes " << n.nodes << "\nseconds " << n.seconds << "\nnumbers " << n.pn << " " << n.dn
      << "\ncertificate " << (n.certificate.empty() ? "none" : n.certificate) << " " << n.bound << "\nchildren "
      << n.children.size() << "\n";
  for (const FrontierNode::Child& c : n.children) out << turn_text(c.turn) << " " << key_text(c.key) << "\n";
  io::write_text_atomically(node_file(key), with_checksum(out.str()));
}

std::optional<FrontierFiles::Claim> FrontierFiles::claim_of(std::uint64_t key) const {
  const std::filesystem::path file = dir_ / "claims" / key_text(key);
  std::string text;
  if (!read_whole_file(file, text)) return std::nullopt;
  std::istringstream in(text);
  Claim c;
  long long seconds = 0;
  // A claim cut short (its writer killed) is no claim: the subproblem is free again.
  if (!(in >> c.owner >> seconds)) return std::nullopt;
  c.deadline = std::chrono::system_clock::time_point(std::chrono::seconds(seconds));
  return c;
}

void FrontierFiles::write_claim(std::uint64_t key, const Claim& c) const {
  std::filesystem::create_directories(dir_ / "claims");
  const long long seconds = std::chrono::duration_cast<std::chrono::seconds>(c.deadline.time_since_epoch()).count();
  io::write_text_atomically(dir_ / "claims" / key_text(key), c.owner + " " + std::to_string(seconds) + "\n");
}

void FrontierFiles::remove_claim(std::uint64_t key) const {
  std::error_code ignored;
  std::filesystem::remove(dir_ / "claims" / key_text(key), ignored);
}

FrontierFiles::Lock::Lock(const FrontierFiles& files) {
  const std::filesystem::path file = files.dir() / ".lock";
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw FrontierError(file.string() + ": cannot open the lock: " + std::strerror(errno));
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int error = errno;
    ::close(fd_);
    throw FrontierError(file.string() + ": cannot take the lock: " + std::strerror(error));
  }
}

FrontierFiles::Lock::~Lock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace tsivy::search
