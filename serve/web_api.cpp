#include "serve/web_api.h"

#include <algorithm>
#include <charconv>

#include "serve/probe_json.h"
#include "table_dir/manifest.h"

namespace tsivy::serve {
namespace {

// Longer than any position text (TSIVY_FEN_MAX); refused before parsing.
constexpr std::size_t kMaxFenParameter = 256;
constexpr int kDefaultLineTurns = 200;  // as `tsivy play`
constexpr int kMaxLineTurns = 1000;

// The HTTP status for a failure of the C API: the client's fault (its text, or a
// position the tables do not cover) or the server's (its tables).
int http_status_of(int tsivy_status) {
  switch (tsivy_status) {
    case TSIVY_ERROR_BAD_FEN:
    case TSIVY_ERROR_BAD_POSITION:
    case TSIVY_ERROR_BAD_ARGUMENT:
      return 400;
    case TSIVY_ERROR_TOO_MANY_STONES:
      return 422;  // well-formed, but outside the tables
    default:
      return 500;
  }
}

nlohmann::json info_json(const Tables& tables, const Manifest& manifest) {
  nlohmann::json classes = nlohmann::json::array();
  for (const tsivy_class& c : tables.classes()) {
    const std::string name = std::to_string(c.us_stones) + "v" + std::to_string(c.them_stones);
    nlohmann::json entry = {{"class", name},
                            {"stones", c.us_stones + c.them_stones},
                            {"wdl_file", c.has_wdl != 0},
                            {"depth_file", c.has_depth != 0}};
    const auto listed = manifest.classes().find(name);
    entry["in_manifest"] = listed != manifest.classes().end();
    if (listed != manifest.classes().end()) {
      const ManifestClass& m = listed->second;
      entry["canonical"] = m.canonical;
      entry["wins"] = m.wins;
      entry["draws"] = m.draws;
      entry["losses"] = m.losses;
      entry["max_depth"] = m.max_depth;
      entry["wdl_bytes"] = m.wdl.bytes;
      entry["depth_bytes"] = m.depth.bytes;
    }
    classes.push_back(entry);
  }
  return {{"version", tsivy_version_string()}, {"max_stones", tables.max_stones()}, {"classes", classes}};
}

// Holds one of the probe slots for its lifetime.
class ProbeSlot {
 public:
  explicit ProbeSlot(std::counting_semaphore<1024>& slots) : slots_(slots) { slots_.acquire(); }
  ~ProbeSlot() { slots_.release(); }
  ProbeSlot(const ProbeSlot&) = delete;
  ProbeSlot& operator=(const ProbeSlot&) = delete;

 private:
  std::counting_semaphore<1024>& slots_;
};

}  // namespace

ApiAnswer error_answer(int http_status, const std::string& message, const char* tsivy_status) {
  nlohmann::json body = {{"error", message}};
  if (tsivy_status) body["status"] = tsivy_status;
  return {http_status, body};
}

WebApi::WebApi(const Tables& tables, const std::filesystem::path& dir, unsigned probe_threads)
    : tables_(tables),
      info_(info_json(tables, Manifest::load_required(dir))),
      probe_slots_(static_cast<std::ptrdiff_t>(std::clamp(probe_threads, 1u, 1024u))) {}

template <class Answer>
ApiAnswer WebApi::answer_for_position(const std::optional<std::string>& fen, Answer&& answer) const {
  if (!fen) return error_answer(400, "missing parameter: fen (a position, e.g. \"9/6B2/4W4/2W6/9 w\")");
  // The C API reads a NUL-terminated string: a NUL inside would silently cut it short.
  if (fen->size() > kMaxFenParameter || fen->find('\0') != std::string::npos)
    return error_answer(400, "fen: not a position (too long, or a NUL byte)", tsivy_status_name(TSIVY_ERROR_BAD_FEN));
  try {
    const Sets position = parse_fen(*fen);
    ProbeSlot slot(probe_slots_);
    return {200, answer(position)};
  } catch (const Error& e) {
    ApiAnswer out = error_answer(http_status_of(e.status()), e.message(), tsivy_status_name(e.status()));
    if (e.status() == TSIVY_ERROR_TOO_MANY_STONES) out.body["max_stones"] = tables_.max_stones();
    return out;
  }
}

ApiAnswer WebApi::probe(const std::optional<std::string>& fen) const {
  return answer_for_position(fen, [this](const Sets& position) { return probe_json(tables_, position); });
}

ApiAnswer WebApi::line(const std::optional<std::string>& fen, const std::optional<std::string>& max_turns) const {
  int turns = kDefaultLineTurns;
  if (max_turns) {
    const char* end = max_turns->data() + max_turns->size();
    const auto [stop, problem] = std::from_chars(max_turns->data(), end, turns);
    if (problem != std::errc() || stop != end || turns < 1 || turns > kMaxLineTurns)
      return error_answer(400, "max_turns: expected a whole number from 1 to " + std::to_string(kMaxLineTurns));
  }
  return answer_for_position(fen, [this, turns](const Sets& position) { return line_json(tables_, position, turns); });
}

}  // namespace tsivy::serve
