# Installs the libraries, their public headers, the fenkit program and a CMake package, so that
# find_package(fenkit) gives fenkit::fen, fenkit::io, fenkit::pgn and fenkit::epd.
include(CMakePackageConfigHelpers)

set(FENKIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fenkit)

install(TARGETS fenkit_fen fenkit_io fenkit_epd fenkit_pgn
  EXPORT fenkitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT development
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT libraries
          NAMELINK_COMPONENT development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT libraries
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(lib libfen libio libepd libpgn)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${lib}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    COMPONENT development)
endforeach()
install(FILES ${PROJECT_BINARY_DIR}/include/fenkit/version.hpp
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/fenkit COMPONENT development)

install(EXPORT fenkitTargets NAMESPACE fenkit:: DESTINATION ${FENKIT_CMAKE_DIR}
  COMPONENT development)
export(EXPORT fenkitTargets NAMESPACE fenkit:: FILE ${PROJECT_BINARY_DIR}/fenkitTargets.cmake)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fenkitConfig.cmake.in
  ${PROJECT_BINARY_DIR}/fenkitConfig.cmake
  INSTALL_DESTINATION ${FENKIT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fenkitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/fenkitConfig.cmake ${PROJECT_BINARY_DIR}/fenkitConfigVersion.cmake
  DESTINATION ${FENKIT_CMAKE_DIR} COMPONENT development)

# pkg-config: fenkit-fen, fenkit-io, fenkit-pgn and fenkit-epd, one for each library, and fenkit
# for all four. Static libraries list what they need at the final link in Libs.private.
file(RELATIVE_PATH pc_prefix_from_here /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
string(REGEX REPLACE "/$" "" pc_prefix_from_here "${pc_prefix_from_here}")
function(fenkit_pkg_config name description requires libs libs_private)
  set(pc_name ${name})
  set(pc_description ${description})
  set(pc_requires ${requires})
  set(pc_libs ${libs})
  set(pc_libs_private ${libs_private})
  configure_file(${PROJECT_SOURCE_DIR}/cmake/fenkit.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${name}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/${name}.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT development)
endfunction()
fenkit_pkg_config(fenkit-fen "fenkit positions: FEN, legal moves, SAN/UCI, Polyglot keys, perft"
  "" "-L\${libdir} -lfenkit_fen" "")
fenkit_pkg_config(fenkit-io "fenkit input and output: files, pipes, streams, compression, lines"
  "" "-L\${libdir} -lfenkit_io" "-lz -lbz2 -llzma -lzstd")
fenkit_pkg_config(fenkit-pgn "fenkit PGN: streaming reader, game tree, export writer"
  "fenkit-fen = ${PROJECT_VERSION}, fenkit-io = ${PROJECT_VERSION}" "-L\${libdir} -lfenkit_pgn"
  "-licuuc")
fenkit_pkg_config(fenkit-epd "fenkit EPD records and Polyglot opening books"
  "fenkit-io = ${PROJECT_VERSION}, fenkit-pgn = ${PROJECT_VERSION}" "-L\${libdir} -lfenkit_epd"
  "-lboost_iostreams")
fenkit_pkg_config(fenkit "fenkit libraries: positions, PGN, EPD and opening books"
  "fenkit-epd = ${PROJECT_VERSION}" "" "")
