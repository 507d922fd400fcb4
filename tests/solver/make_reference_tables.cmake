# ctest fixture: fresh reference tables for solver_tests (see CMakeLists.txt).
# cmake -DTSIVY=<tsivy binary> -DOUT=<dir> -DSTONES=<max stones> -P make_reference_tables.cmake
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${TSIVY} generate --max-stones ${STONES} --out ${OUT} --threads 1 --quiet
                RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "tsivy generate failed: ${result}")
endif()
