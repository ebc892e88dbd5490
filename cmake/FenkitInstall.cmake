# Installs the libraries, their public headers, the fenkit program and a CMake package, so that
# find_package(fenkit) gives fenkit::fen, fenkit::epd and fenkit::pgn.
include(CMakePackageConfigHelpers)

set(FENKIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/fenkit)

install(TARGETS fenkit_fen fenkit_epd fenkit_pgn
  EXPORT fenkitTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(lib libfen libepd libpgn)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${lib}/include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()

install(EXPORT fenkitTargets NAMESPACE fenkit:: DESTINATION ${FENKIT_CMAKE_DIR})
export(EXPORT fenkitTargets NAMESPACE fenkit:: FILE ${PROJECT_BINARY_DIR}/fenkitTargets.cmake)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/fenkitConfig.cmake.in
  ${PROJECT_BINARY_DIR}/fenkitConfig.cmake
  INSTALL_DESTINATION ${FENKIT_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/fenkitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/fenkitConfig.cmake ${PROJECT_BINARY_DIR}/fenkitConfigVersion.cmake
  DESTINATION ${FENKIT_CMAKE_DIR})
