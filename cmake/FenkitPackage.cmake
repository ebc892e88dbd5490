# Debian packages by `cpack -G DEB` from a build configured with -DCMAKE_INSTALL_PREFIX=/usr:
#   libfenkit<SOVERSION>  the shared libraries
#   libfenkit-dev         headers, the CMake package, pkg-config files, the .so links
#   fenkit                the program and its manual pages
#   python3-fenkit        the Python module (when built)
# Dependencies on system libraries come from dpkg-shlibdeps.
set(CPACK_PACKAGE_NAME fenkit)
set(CPACK_PACKAGE_VENDOR "fenkit")
set(CPACK_PACKAGE_CONTACT "fenkit maintainers <fenkit@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The program needs the libraries of its sibling package, found in this build.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS
  ${PROJECT_BINARY_DIR}/libfen ${PROJECT_BINARY_DIR}/libio ${PROJECT_BINARY_DIR}/libpgn
  ${PROJECT_BINARY_DIR}/libepd)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION science)

set(CPACK_DEBIAN_LIBRARIES_PACKAGE_NAME libfenkit${FENKIT_SOVERSION})
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME libfenkit-dev)
set(CPACK_DEBIAN_PROGRAM_PACKAGE_NAME fenkit)
set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-fenkit)
set(CPACK_DEBIAN_LIBRARIES_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3-numpy")

set(CPACK_COMPONENT_DEVELOPMENT_DEPENDS libraries)
set(CPACK_COMPONENT_PROGRAM_DEPENDS libraries)
set(CPACK_COMPONENT_PYTHON_DEPENDS libraries)
set(CPACK_COMPONENT_LIBRARIES_DESCRIPTION "fenkit libraries: positions, PGN, EPD, opening books")
set(CPACK_COMPONENT_DEVELOPMENT_DESCRIPTION "fenkit libraries: headers, CMake and pkg-config files")
set(CPACK_COMPONENT_PROGRAM_DESCRIPTION "fenkit: replay, check, select and export chess games")
set(CPACK_COMPONENT_PYTHON_DESCRIPTION "fenkit for Python: positions, games and data sets")
include(CPack)
