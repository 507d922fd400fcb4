#include "cli/board_dispatch.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>

#include "game/geometry.h"

#ifndef TSIVY_OTHER_BOARDS
#define TSIVY_OTHER_BOARDS ""  // a board's own build knows only the main one (5x9)
#endif

namespace tsivy::cli {
namespace {

constexpr std::string_view kMainBoard = "5x9";

// The value of --board (as "--board X" or "--board=X"), or empty.
std::string requested_board(int argc, char** argv) {
  std::string board;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") break;
    if (arg == "--board") {
      if (i + 1 >= argc) throw std::invalid_argument("--board needs a value, RxC (e.g. 5x5)");
      board = argv[++i];
    } else if (arg.starts_with("--board=")) {
      board = arg.substr(8);
    }
  }
  return board;
}

// The boards this installation holds a build of.
std::string known_boards() {
  std::string other = TSIVY_OTHER_BOARDS;
  std::string out(kMainBoard);
  if (board_name() != kMainBoard) out += ", " + board_name();
  if (!other.empty()) out += ", " + std::regex_replace(other, std::regex(","), ", ");
  return out;
}

void check_format(const std::string& board) {
  static const std::regex kBoard("([3579])x([3579])");
  std::smatch m;
  if (!std::regex_match(board, m, kBoard))
    throw std::invalid_argument("--board \"" + board + "\": expected RxC, rows x columns, both odd from 3 to 9 (e.g. 5x5)");
  if (std::stoi(m[1]) * std::stoi(m[2]) > 63)
    throw std::invalid_argument("--board " + board + ": more than 63 points; a position's point sets hold at most 63");
}

}  // namespace

void run_the_board_build_if_asked(int argc, char** argv) {
  const std::string board = requested_board(argc, argv);
  if (board.empty() || board == board_name()) return;
  check_format(board);
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  const std::filesystem::path build =
      self.parent_path() / (board == kMainBoard ? std::string("tsivy") : "tsivy-" + board);
  if (error || !std::filesystem::exists(build))
    throw std::invalid_argument("--board " + board + ": this installation has no build for that board (it has " +
                                known_boards() + "); configure with -DTSIVY_OTHER_BOARDS=\"...;" + board + "\"");
  ::execv(build.c_str(), argv);
  throw std::runtime_error("--board " + board + ": cannot run " + build.string() + ": " + std::strerror(errno));
}

void add_board_option(CLI::App& command) {
  command.add_option("--board", "The board, rows x columns: 5x9 (Fanoron-Tsivy, the default), 5x5 (Fanoron-Dimyand), "
                                "3x3 (Fanoron-Telo) or a small board (3x5, 5x3, 3x7, 7x3). Each board has its own tables.")
      ->default_str(std::string(kMainBoard))
      ->check([](const std::string& value) {
        return value == board_name() ? std::string() : "this is the " + board_name() + " build of tsivy";
      });
}

}  // namespace tsivy::cli
