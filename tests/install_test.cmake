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
# The manual pages come with the program when help2man made them.
find_program(HELP2MAN help2man)
if(HELP2MAN AND EXISTS ${prefix}/bin/fenkit)
  foreach(page fenkit fenkit-book fenkit-check fenkit-epd fenkit-perft fenkit-pgn fenkit-replay)
    if(NOT EXISTS ${prefix}/share/man/man1/${page}.1)
      message(FATAL_ERROR "the manual page ${page}(1) is not installed")
    endif()
  endforeach()
  file(READ ${prefix}/share/man/man1/fenkit-replay.1 page)
  if(NOT page MATCHES "each game.s start position")
    message(FATAL_ERROR "fenkit-replay(1) does not describe the replay options")
  endif()
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

# The shared libraries export fenkit's names only (cmake/exports.map): no instantiation of the
# standard library's or Boost's templates is part of their ABI.
find_program(NM nm)
file(GLOB shared_libraries ${prefix}/lib*/libfenkit_*.so ${prefix}/lib/*/libfenkit_*.so)
if(NM AND shared_libraries)
  foreach(library ${shared_libraries})
    execute_process(COMMAND ${NM} -DC --defined-only ${library} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
    string(REGEX REPLACE "\n$" "" symbols "${symbols}")
    string(REPLACE "\n" ";" symbols "${symbols}")
    list(LENGTH symbols count)
    if(rc OR count LESS 20)
      message(FATAL_ERROR "nm could not list the symbols of ${library}")
    endif()
    foreach(line IN LISTS symbols)
      if(NOT line MATCHES "^[0-9a-f]+ [A-Za-z] (fenkit::|typeinfo for fenkit::|typeinfo name for fenkit::|vtable for fenkit::|VTT for fenkit::)")
        message(FATAL_ERROR "${library} exports a name that is not fenkit's: ${line}")
      endif()
    endforeach()
  endforeach()
endif()

# The games of standard input, read one at a time (GameReader).
execute_process(COMMAND ${consumer}/game_list INPUT_FILE ${SOURCE_DIR}/examples/sample.pgn
                RESULT_VARIABLE rc OUTPUT_VARIABLE listed ERROR_VARIABLE err)
if(rc OR NOT listed MATCHES "\n?1  Morphy, Paul - Duke Karl / Count Isouard  1-0  1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17\n")
  message(FATAL_ERROR "unexpected output of game_list (${rc}):\n${listed}${err}")
endif()

# Every position of every game, walked (GameReader::walk): the FEN, SAN and UCI of each move as
# the program replays them, and the Polyglot key after 1. e4 that the book format's
# specification gives.
execute_process(COMMAND ${consumer}/game_positions ${SOURCE_DIR}/examples/sample.pgn
                RESULT_VARIABLE rc OUTPUT_VARIABLE walked ERROR_VARIABLE err)
execute_process(COMMAND ${prefix}/bin/fenkit replay -q --ep legal --san --uci
                        ${SOURCE_DIR}/examples/sample.pgn
                RESULT_VARIABLE replay_rc OUTPUT_VARIABLE replayed)
string(REGEX REPLACE "\t[0-9a-f]+\t[-0-9]+\n" "\n" walked_moves "${walked}")
if(rc OR replay_rc OR NOT walked_moves STREQUAL replayed OR replayed STREQUAL ""
   OR NOT walked MATCHES "^rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\te4\te2e4\t823c9b50fd114196\t-\n")
  message(FATAL_ERROR "game_positions and fenkit replay differ (${rc}, ${replay_rc}):\n${walked}${err}\n--\n${replayed}")
endif()

# The input and output library is a component of its own, for programs that read or write
# files through it without games.
set(io_only ${BINARY_DIR}/install-test/io-component)
file(WRITE ${io_only}/CMakeLists.txt "cmake_minimum_required(VERSION 3.25)\nproject(m LANGUAGES CXX)\n"
     "find_package(fenkit REQUIRED COMPONENTS io)\n"
     "if(NOT TARGET fenkit::io)\n  message(FATAL_ERROR \"no fenkit::io\")\nendif()\n")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${io_only} -B ${io_only}/build
                        -DCMAKE_PREFIX_PATH=${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "find_package(fenkit COMPONENTS io) failed:\n${err}")
endif()

# A component the package does not have fails a REQUIRED search.
set(missing ${BINARY_DIR}/install-test/missing-component)
file(WRITE ${missing}/CMakeLists.txt "cmake_minimum_required(VERSION 3.25)\nproject(m LANGUAGES CXX)\n"
     "find_package(fenkit REQUIRED COMPONENTS pgn nosuch)\n")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${missing} -B ${missing}/build
                        -DCMAKE_PREFIX_PATH=${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc)
  message(FATAL_ERROR "find_package(fenkit COMPONENTS nosuch) did not fail")
endif()

# The position index example on its own against the installed package, where SQLite is.
find_path(SQLITE_HEADER sqlite3.h PATHS /usr/include /usr/local/include)
if(SQLITE_HEADER)
  set(index ${BINARY_DIR}/install-test/position_index)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/position_index -B ${index}
                          -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release ${compiler}
                          "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}"
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc)
    execute_process(COMMAND ${CMAKE_COMMAND} --build ${index} RESULT_VARIABLE rc OUTPUT_QUIET)
  endif()
  if(rc)
    message(FATAL_ERROR "building examples/position_index against the installed package failed")
  endif()
  execute_process(COMMAND ${index}/position_index import ${index}/games.sqlite
                          ${SOURCE_DIR}/examples/sample.pgn RESULT_VARIABLE rc ERROR_QUIET)
  execute_process(COMMAND ${index}/position_index moves ${index}/games.sqlite
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
                  RESULT_VARIABLE rc2 OUTPUT_VARIABLE index_out)
  # The Opera game (1. e4) is one of the sample's games.
  if(rc OR rc2 OR NOT index_out MATCHES "\ne2e4\t")
    message(FATAL_ERROR "the installed position index answered (${rc}, ${rc2}):\n${index_out}")
  endif()
endif()

# The same program built with pkg-config instead of CMake, as a Makefile would build it.
find_program(PKG_CONFIG pkg-config)
if(NOT PKG_CONFIG)
  if(DEFINED ENV{FENKIT_REQUIRE_ORACLES} AND "$ENV{FENKIT_REQUIRE_ORACLES}" STREQUAL "1")
    message(FATAL_ERROR "pkg-config is missing")
  endif()
  message(STATUS "pkg-config is missing: the pkg-config build is not tried")
  return()
endif()
file(GLOB pc_dirs ${prefix}/lib*/pkgconfig ${prefix}/lib/*/pkgconfig)
string(JOIN ":" pc_path ${pc_dirs})
execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_path}
                        ${PKG_CONFIG} --cflags --libs fenkit-pgn
                RESULT_VARIABLE rc OUTPUT_VARIABLE pc_flags OUTPUT_STRIP_TRAILING_WHITESPACE)
if(rc)
  message(FATAL_ERROR "pkg-config does not know fenkit-pgn (PKG_CONFIG_PATH=${pc_path})")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS} ${LINKER_FLAGS}")
set(compiler_program c++)
if(CXX_COMPILER)
  set(compiler_program ${CXX_COMPILER})
endif()
file(GLOB lib_dirs LIST_DIRECTORIES true ${prefix}/lib ${prefix}/lib/*-linux-gnu)
list(TRANSFORM lib_dirs PREPEND "-Wl,-rpath,")
# With pkg-config's -I, the headers are the consumer's own to the compiler: strict flags too.
set(strict -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Werror)
if(NOT compiler_program MATCHES "clang")
  list(APPEND strict -Wuseless-cast)
endif()
execute_process(COMMAND ${compiler_program} -std=c++20 -O1 ${cxx_flags} ${strict}
                        ${SOURCE_DIR}/examples/consumer/last_positions.cpp ${pc_flags} ${lib_dirs}
                        -o ${consumer}/last_positions_pc
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "building the consumer with pkg-config failed:\n${err}")
endif()
execute_process(COMMAND ${consumer}/last_positions_pc ${SOURCE_DIR}/examples/sample.pgn
                RESULT_VARIABLE rc OUTPUT_VARIABLE out_pc)
if(rc OR NOT out_pc STREQUAL out)
  message(FATAL_ERROR "the pkg-config build printed other output (${rc}):\n${out_pc}")
endif()

# Every installed header, included with -I as a project's own, compiles without a warning under
# the strict flags, with g++ and with clang++: a consumer may include any of them with either.
file(GLOB_RECURSE headers RELATIVE ${prefix}/include ${prefix}/include/fenkit/*.hpp)
list(LENGTH headers header_count)
if(header_count LESS 40)
  message(FATAL_ERROR "only ${header_count} headers are installed")
endif()
set(every_header ${consumer}/every_header.cpp)
file(WRITE ${every_header} "// Generated: includes every installed header.\n")
foreach(header ${headers})
  file(APPEND ${every_header} "#include \"${header}\"\n")
endforeach()
file(APPEND ${every_header} "int main() { return 0; }\n")
foreach(name g++ clang++)
  find_program(header_compiler_${name} ${name})
  set(header_compiler ${header_compiler_${name}})
  if(NOT header_compiler)
    message(STATUS "${name} is missing: the installed headers are not compiled with it")
    continue()
  endif()
  set(flags -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow -Werror)
  if(name STREQUAL "g++")
    list(APPEND flags -Wuseless-cast)
  endif()
  execute_process(COMMAND ${header_compiler} -std=c++20 -fsyntax-only ${flags}
                          -I${prefix}/include ${every_header}
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc)
    message(FATAL_ERROR "the installed headers do not compile cleanly with ${name}:\n${err}")
  endif()
endforeach()
