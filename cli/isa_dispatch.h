// The portable build's choice of instruction set at start-up. The shipped `tsivy` is
// compiled for a baseline every x86-64 CPU of the last fifteen years runs (x86-64-v2,
// CMakeLists.txt's TSIVY_ARCH), so that it runs on any node of a cluster; beside it,
// `cmake/isa_builds.cmake` puts the same program built for newer levels (tsivy-x86-64-v3,
// tsivy-x86-64-v4). At start-up the baseline runs the newest of them this CPU supports,
// with the same arguments, so the solver's hot code (index, un-moves, capture tests:
// pext/pdep, tzcnt, wider vectors) runs at the speed of a -march=native build.
//
// Whole programs and not single functions, because translation units compiled for
// different levels share the inline functions of the headers: the linker keeps one copy
// of each, possibly a v3 one called from v2 code, which crashes on an older CPU.
//
// TSIVY_ISA chooses by hand: "portable" keeps the baseline, a level name (x86-64-v3)
// asks for that build and is an error when this CPU or this installation lacks it.
#pragma once

#include <string>

namespace tsivy::cli {

// Runs the best build for this CPU in place of this process (and does not return), or
// returns when this build is the one to run. Throws std::invalid_argument for a TSIVY_ISA
// this CPU or installation cannot honour.
void run_the_best_isa_build(char** argv);

// The instruction set this process was built for, and whether it is the portable build
// or one it chose, for --version.
std::string isa_description();

}  // namespace tsivy::cli
