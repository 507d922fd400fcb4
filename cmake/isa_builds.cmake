# The portable build's faster twins (cli/isa_dispatch.h): the command built again for
# newer x86-64 levels, each a build of this same source tree in build/<preset>/isa/LEVEL
# with -march=LEVEL, put beside `tsivy` as `tsivy-LEVEL`. At start-up the portable
# `tsivy` runs the newest one the CPU supports. Only the command is built there: the
# libraries are the same code, tested here, and libtsivy stays portable on its own
# (indexing/combinatorics.h chooses pext/pdep at load time).
include(ExternalProject)

if(CMAKE_GENERATOR MATCHES "Makefiles")
  set(tsivy_isa_build_command $(MAKE) tsivy)
else()
  set(tsivy_isa_build_command ${CMAKE_COMMAND} --build . --target tsivy)
endif()

foreach(level IN LISTS TSIVY_ISA_BUILDS)
  set(forwarded
      -DTSIVY_BOARD=${TSIVY_BOARD}
      -DTSIVY_ISA_VARIANT=ON
      -DTSIVY_ARCH=${level}
      -DTSIVY_OTHER_BOARDS=
      -DTSIVY_BUILD_BENCH=OFF
      -DTSIVY_ISA_BUILDS=
      # One translation unit per library: these builds compile a third faster.
      -DCMAKE_UNITY_BUILD=ON
      -DTSIVY_BOARD_COMMAND_DIR=${CMAKE_BINARY_DIR}/cli
      -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
      -DTSIVY_WERROR=${TSIVY_WERROR}
      "-DCMAKE_CXX_FLAGS=${CMAKE_CXX_FLAGS}")
  if(CMAKE_CXX_COMPILER_LAUNCHER)
    list(APPEND forwarded -DCMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER}
         -DCMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER})
  endif()
  ExternalProject_Add(isa_${level}
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${CMAKE_BINARY_DIR}/isa/${level}
    CMAKE_ARGS ${forwarded}
    BUILD_COMMAND ${tsivy_isa_build_command}
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    USES_TERMINAL_BUILD OFF)
  add_dependencies(tsivy isa_${level})
  install(PROGRAMS ${CMAKE_BINARY_DIR}/cli/tsivy-${level} DESTINATION ${CMAKE_INSTALL_BINDIR})
endforeach()
string(REPLACE ";" "," tsivy_isa_names "${TSIVY_ISA_BUILDS}")
target_compile_definitions(tsivy PRIVATE TSIVY_ISA_BUILDS="${tsivy_isa_names}")
