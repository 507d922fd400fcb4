# Checks TSIVY_BOARD and makes it the board of every source file (game/geometry.h).
function(tsivy_parse_board board out_rows out_columns)
  if(NOT board MATCHES "^([3579])x([3579])$")
    message(FATAL_ERROR "board \"${board}\": expected RxC with R and C odd, from 3 to 9 (e.g. 5x9)")
  endif()
  set(${out_rows} ${CMAKE_MATCH_1} PARENT_SCOPE)
  set(${out_columns} ${CMAKE_MATCH_2} PARENT_SCOPE)
endfunction()

tsivy_parse_board("${TSIVY_BOARD}" TSIVY_BOARD_ROWS TSIVY_BOARD_COLUMNS)
math(EXPR tsivy_board_points "${TSIVY_BOARD_ROWS} * ${TSIVY_BOARD_COLUMNS}")
if(tsivy_board_points GREATER 63)
  message(FATAL_ERROR "board ${TSIVY_BOARD} has ${tsivy_board_points} points; a point set holds at most 63")
endif()
add_compile_definitions(TSIVY_BOARD_ROWS=${TSIVY_BOARD_ROWS} TSIVY_BOARD_COLUMNS=${TSIVY_BOARD_COLUMNS})
# True in the builds of the other boards (cmake/board_builds.cmake passes it).
option(TSIVY_BOARD_BUILD "This build is one of the other boards' builds, made by the main build" OFF)
