#include "serve/web_api.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <random>

#include "game/geometry.h"
#include "game/notation.h"
#include "indexing/material_index.h"
#include "lookup/table_lookup.h"
#include "probe/own_lookup.h"
#include "search/engine.h"
#include "serve/game_json.h"
#include "serve/game_record.h"
#include "serve/probe_json.h"
#include "serve/record_json.h"
#include "serve/search_json.h"
#include "serve/search_pool.h"
#include "table_dir/manifest.h"

namespace tsivy::serve {
namespace {

// Longer than any position text (TSIVY_FEN_MAX); refused before parsing.
constexpr std::size_t kMaxFenParameter = 256;
constexpr int kDefaultLineTurns = 200;  // as `tsivy play`
constexpr int kMaxLineTurns = 1000;
// Random positions are drawn until one has the value asked for: enough tries for a
// value with a share of 0.1 % (a miss then 1 in 10^9), and still a fraction of a
// second of probes.
constexpr int kRandomTries = 20000;

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

// The board of this build (each board is a build of its own, `tsivy --board RxC`), so that
// the page draws it and names its points: the page knows no board size of its own.
nlohmann::json board_json() {
  return {{"rows", kRows}, {"columns", kColumns}, {"name", board_name()}, {"start", format_position(start_position())}};
}

nlohmann::json info_json(const Tables& tables, const Manifest& manifest,
                         const std::map<std::string, std::string>& deepest) {
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
    if (const auto found = deepest.find(name); found != deepest.end()) entry["deepest"] = found->second;
    classes.push_back(entry);
  }
  return {{"version", tsivy_version_string()},
          {"board", board_json()},
          {"max_stones", tables.max_stones()},
          {"classes", classes}};
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
  return {http_status, {{"error", message}, {"status", tsivy_status}}};
}

const TableLookup& search_lookup(const Tables& tables) {
  if (const TableLookup* lookup = probe::own_lookup(tables.get())) return *lookup;
  const Board board = tables.board();
  const std::string name = std::to_string(board.rows) + "x" + std::to_string(board.columns);
  throw std::invalid_argument("the tables are of board " + name + ", this is the " + board_name() +
                              " build: serve them with `tsivy --board " + name + " serve`");
}

namespace {
const Manifest& required_manifest(const Tables& tables) {
  const TableDirectory& directory = search_lookup(tables).directory();
  directory.require_classes();
  return directory.manifest();
}
}  // namespace

WebApi::WebApi(Tables tables, unsigned probe_threads, const std::map<std::string, std::string>& deepest,
               unsigned search_workers, int threads_per_search)
    : tables_(std::move(tables)),
      info_(info_json(tables_, required_manifest(tables_), deepest)),
      probe_slots_(static_cast<std::ptrdiff_t>(std::clamp(probe_threads, 1u, 1024u))),
      random_state_(std::random_device{}()),
      searches_(std::make_unique<SearchPool>(&search_lookup(tables_), SearchPoolOptions{.workers = search_workers, .threads_per_search = threads_per_search})) {}

WebApi::~WebApi() = default;

std::optional<Position> WebApi::read_position(const std::optional<std::string>& fen, ApiAnswer& error) const {
  if (!fen) {
    error = error_answer(400, "missing parameter: fen (a position, e.g. the start \"" + format_position(start_position()) + "\")",
                         tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT));
    return std::nullopt;
  }
  // The C API reads a NUL-terminated string: a NUL inside would silently cut it short.
  if (fen->size() > kMaxFenParameter || fen->find('\0') != std::string::npos) {
    error = error_answer(400, "fen: not a position (too long, or a NUL byte)", tsivy_status_name(TSIVY_ERROR_BAD_FEN));
    return std::nullopt;
  }
  try {
    return parse_position(*fen);
  } catch (const InvalidPosition& e) {
    error = error_answer(400, e.what(), tsivy_status_name(TSIVY_ERROR_BAD_FEN));
    return std::nullopt;
  }
}

template <class Answer>
ApiAnswer WebApi::answer_for_position(const std::optional<std::string>& fen, Answer&& answer) const {
  ApiAnswer error;
  const std::optional<Position> position = read_position(fen, error);
  if (!position) return error;
  try {
    ProbeSlot slot(probe_slots_);
    return {200, answer(*position)};
  } catch (const Error& e) {
    ApiAnswer out = error_answer(http_status_of(e.status()), e.message(), tsivy_status_name(e.status()));
    if (e.status() == TSIVY_ERROR_TOO_MANY_STONES) out.body["max_stones"] = tables_.max_stones();
    return out;
  }
}

ApiAnswer WebApi::probe(const std::optional<std::string>& fen) const {
  return answer_for_position(fen, [this](const Position& position) { return probe_json(tables_, position); });
}

ApiAnswer WebApi::line(const std::optional<std::string>& fen, const std::optional<std::string>& max_turns) const {
  int turns = kDefaultLineTurns;
  if (max_turns) {
    const char* end = max_turns->data() + max_turns->size();
    const auto [stop, problem] = std::from_chars(max_turns->data(), end, turns);
    if (problem != std::errc() || stop != end || turns < 1 || turns > kMaxLineTurns)
      return error_answer(400, "max_turns: expected a whole number from 1 to " + std::to_string(kMaxLineTurns),
                          tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT));
  }
  return answer_for_position(fen, [this, turns](const Position& position) { return line_json(tables_, position, turns); });
}

template <class Answer>
ApiAnswer WebApi::answer_for_game(const std::optional<std::string>& fen, const std::optional<std::string>& moves,
                                  Answer&& answer) const {
  try {
    return answer_for_position(fen, [this, &moves, &answer](const Position& first) {
      return answer(tables_, read_game(first, moves));
    });
  } catch (const BadGame& e) {
    return error_answer(400, e.what(), tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT));
  }
}

ApiAnswer WebApi::game(const std::optional<std::string>& fen, const std::optional<std::string>& moves) const {
  return answer_for_game(fen, moves, game_json);
}

ApiAnswer WebApi::record(const std::optional<std::string>& fen, const std::optional<std::string>& moves) const {
  return answer_for_game(fen, moves, record_json);
}

namespace {

// A whole number from min to max, or nullopt.
std::optional<int> whole_number(const std::string& text, int min, int max) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, problem] = std::from_chars(text.data(), end, value);
  if (problem != std::errc() || stop != end || value < min || value > max) return std::nullopt;
  return value;
}

// A game id: what the page makes up (letters, digits, - and _), short.
bool is_game_id(const std::string& id) {
  return !id.empty() && id.size() <= 64 &&
         std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isalnum(c) || c == '-' || c == '_'; });
}

}  // namespace

ApiAnswer WebApi::search(const std::optional<std::string>& fen, const std::optional<std::string>& moves,
                         const std::optional<std::string>& movetime, const std::optional<std::string>& game,
                         const std::function<bool()>& client_gone) const {
  const char* bad = tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT);
  const std::optional<int> ms = movetime ? whole_number(*movetime, kMinMovetime, kMaxMovetime) : kDefaultMovetime;
  if (!ms)
    return error_answer(400, "movetime: expected a whole number of milliseconds from " + std::to_string(kMinMovetime) +
                                 " to " + std::to_string(kMaxMovetime), bad);
  if (game && !is_game_id(*game))
    return error_answer(400, "game: expected an id of 1 to 64 letters, digits, - or _", bad);
  ApiAnswer error;
  const std::optional<Position> first = read_position(fen, error);
  if (!first) return error;
  std::optional<Game> record;
  try {
    record = read_game(*first, moves);
  } catch (const BadGame& e) {
    return error_answer(400, e.what(), bad);
  }
  // A finished game has nothing to search: the answer says how it ended.
  if (nlohmann::json end = game_end_json(*record); !end.is_null())
    return {200, {{"fen", format_position(record->current())}, {"best", nullptr}, {"end", std::move(end)}}};

  SearchRequest request;
  request.root = record->current();
  request.history.assign(record->history().begin(), record->history().end());
  request.movetime = std::chrono::milliseconds(*ms);
  request.game = game.value_or("");
  SearchOutcome outcome = searches_->run(request, client_gone);
  const char* internal = tsivy_status_name(TSIVY_ERROR_INTERNAL);
  switch (outcome.end) {
    case SearchEnd::done: return {200, search_json(request.root, outcome.result)};
    case SearchEnd::superseded: return error_answer(409, "search stopped: a newer search of this game arrived", bad);
    case SearchEnd::client_gone: return error_answer(499, "search stopped: the client closed the connection", bad);
    case SearchEnd::busy: return error_answer(503, "every search worker is busy; try again", internal);
    case SearchEnd::stalled: return error_answer(503, "the engine did not stop in time", internal);
    case SearchEnd::shutting_down: return error_answer(503, "the server is stopping", internal);
    case SearchEnd::failed: return error_answer(500, outcome.error, internal);
  }
  return error_answer(500, "search: unknown outcome", internal);
}

void WebApi::stop_searches() const { searches_->stop_all(); }

namespace {

// The class "MvN" as (stones of the side to move, of the other side), or nullopt when
// it is no class of these tables.
std::optional<std::pair<int, int>> class_stones(const nlohmann::json& info, const std::string& name) {
  for (const nlohmann::json& c : info["classes"])
    // Compared as a string: json == std::string builds a json of `name` first, in which
    // GCC 12 sees a false out-of-bounds read (-Warray-bounds).
    if (c["class"].get_ref<const std::string&>() == name) {
      const Material material = Material::parse(name);
      return std::pair{material.us, material.them};
    }
  return std::nullopt;
}

// us stones, then them stones, on distinct points drawn uniformly; White to move.
Position random_placement(std::mt19937_64& random, int us, int them) {
  std::array<int, kPoints> points{};
  for (int p = 0; p < kPoints; ++p) points[p] = p;
  Position s{0, 0, Colour::White};
  for (int i = 0; i < us + them; ++i) {
    std::swap(points[i], points[std::uniform_int_distribution<int>(i, kPoints - 1)(random)]);
    (i < us ? s.us : s.them) |= std::uint64_t{1} << points[i];
  }
  return s;
}

}  // namespace

ApiAnswer WebApi::random_position(const std::optional<std::string>& material, const std::optional<std::string>& wdl) const {
  const char* bad = tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT);
  const std::optional<std::pair<int, int>> stones = material ? class_stones(info_, *material) : std::nullopt;
  if (!stones) return error_answer(400, "class: expected a class of these tables, e.g. \"2v1\"", bad);
  if (!wdl || (*wdl != "win" && *wdl != "draw" && *wdl != "loss"))
    return error_answer(400, "wdl: expected win, draw or loss", bad);
  std::mt19937_64 random;
  {
    std::lock_guard lock(random_mutex_);
    random.seed(random_state_++);
  }
  ProbeSlot slot(probe_slots_);
  try {
    for (int tries = 0; tries < kRandomTries; ++tries) {
      const Position position = random_placement(random, stones->first, stones->second);
      const ProbeValue value = tables_.probe(position.us, position.them);
      if (wdl_name(value.wdl) == *wdl) {
        nlohmann::json out = value_json(value.wdl, value.depth);
        out["fen"] = format_position(position);
        out["class"] = *material;
        return {200, out};
      }
    }
  } catch (const Error& e) {
    return error_answer(http_status_of(e.status()), e.message(), tsivy_status_name(e.status()));
  }
  return error_answer(404, "no " + *wdl + " in " + std::to_string(kRandomTries) + " random positions of " + *material,
                      tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT));
}

}  // namespace tsivy::serve
