# Installs fenkit into a scratch prefix, builds examples/consumer against it with
# find_package(fenkit), and runs it on the sample PGN: what database software linking the
# libraries will do. The consumer is built with the compiler, flags and linker flags of the
# build under test (CXX_COMPILER, CXX_FLAGS, LINKER_FLAGS), as a program linking libraries
# built with the sanitizers must be.
set(prefix ${BINARY_DIR}/install-test/prefix)
set(consumer ${BINARY_DIR}/install-test/consumer)
file(REMOVE_RECURSE ${BINARY_DIR}/install-test)

execute_process(COMMAND ${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "install failed")
endif()
set(compiler)
if(CXX_COMPILER)
  set(compiler -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/consumer -B ${consumer}
                        -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release ${compiler}
                        "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "configuring the consumer against the installed package failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${consumer} RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "building the consumer failed")
endif()
execute_process(COMMAND ${consumer}/last_positions ${SOURCE_DIR}/examples/sample.pgn
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
# The Opera game ends with 17. Rd8#; pgn-extract --fencomments gives this position after it.
if(rc OR NOT out MATCHES "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17")
  message(FATAL_ERROR "unexpected output (${rc}):\n${out}")
endif()
