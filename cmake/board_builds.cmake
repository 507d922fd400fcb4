# The other boards (TSIVY_OTHER_BOARDS): each is a build of this same source tree with
# -DTSIVY_BOARD=RxC, in build/<preset>/boards/RxC, made as part of this build. It puts
# its `tsivy-RxC` beside this build's `tsivy` (which runs it for --board RxC, see
# cli/board_dispatch.cpp), its libtsivy-RxC.so beside this build's libtsivy.so (which
# loads it for that board's tables, probe/board_library.h), and its board_tests into
# its own tree, registered below. Only the command, the library and the board tests
# are built there: the libraries' other tests are the same code, tested on 5x9 here.
include(ExternalProject)

# Under make, $(MAKE) lets the board builds share this build's -j job slots.
if(CMAKE_GENERATOR MATCHES "Makefiles")
  set(tsivy_board_build_command $(MAKE) tsivy tsivy_shared board_tests)
else()
  set(tsivy_board_build_command ${CMAKE_COMMAND} --build . --target tsivy tsivy_shared board_tests)
endif()

set(tsivy_board_list "")
# The whole build (ALL) makes every board; a build of the `tsivy` target alone (the demo,
# scripts/check-proof.sh) makes the command of this board only, and `--board` with a
# board not built says so.
add_custom_target(tsivy_boards ALL)
foreach(board IN LISTS TSIVY_OTHER_BOARDS)
  tsivy_parse_board("${board}" rows columns)
  if(board STREQUAL TSIVY_BOARD)
    continue()
  endif()
  list(APPEND tsivy_board_list ${board})
  set(board_dir ${CMAKE_BINARY_DIR}/boards/${board})
  set(forwarded
      -DTSIVY_BOARD=${board}
      -DTSIVY_BOARD_BUILD=ON
      -DTSIVY_OTHER_BOARDS=
      -DTSIVY_BUILD_BENCH=OFF
      # One translation unit per library: the board builds compile a third faster.
      -DCMAKE_UNITY_BUILD=ON
      -DTSIVY_BOARD_COMMAND_DIR=${CMAKE_BINARY_DIR}/cli
      -DTSIVY_BOARD_LIBRARY_DIR=${CMAKE_BINARY_DIR}/probe
      -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
      -DTSIVY_WERROR=${TSIVY_WERROR}
      -DTSIVY_SANITIZE=${TSIVY_SANITIZE}
      -DTSIVY_TSAN=${TSIVY_TSAN}
      -DTSIVY_NATIVE=${TSIVY_NATIVE}
      -DTSIVY_ARCH=${TSIVY_ARCH}
      "-DCMAKE_CXX_FLAGS=${CMAKE_CXX_FLAGS}")
  if(CMAKE_CXX_COMPILER_LAUNCHER)
    list(APPEND forwarded -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
         -DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER})
  endif()
  ExternalProject_Add(board_${board}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${board_dir}
    CMAKE_ARGS ${forwarded}
    BUILD_COMMAND ${tsivy_board_build_command}
    INSTALL_COMMAND ""
    # The sub-build's own make decides what is out of date.
    BUILD_ALWAYS ON
    USES_TERMINAL_BUILD OFF)
  add_dependencies(tsivy_boards board_${board})
  # The shared library needs its boards' libraries beside it, built and installed.
  add_dependencies(tsivy_shared board_${board})
  set(board_library ${CMAKE_BINARY_DIR}/probe/libtsivy-${board}.so)
  install(FILES ${board_library}.${PROJECT_VERSION} ${board_library}.${PROJECT_VERSION_MAJOR}
          DESTINATION ${CMAKE_INSTALL_LIBDIR})
  # Its command beside the installed `tsivy`, which runs it for --board (board_dispatch.cpp).
  install(PROGRAMS ${CMAKE_BINARY_DIR}/cli/tsivy-${board} DESTINATION ${CMAKE_INSTALL_BINDIR})
  add_test(NAME board.${board}.tests COMMAND ${board_dir}/tests/board/board_tests)
endforeach()
string(REPLACE ";" "," tsivy_board_names "${tsivy_board_list}")
target_compile_definitions(tsivy PRIVATE TSIVY_OTHER_BOARDS="${tsivy_board_names}")
