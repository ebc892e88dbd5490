# fenkit_add_library(NAME SOURCES...): the target fenkit_NAME, its alias fenkit::NAME,
# the public include folder and the project's warning and optimisation flags.
function(fenkit_add_library name)
  set(target fenkit_${name})
  add_library(${target} ${ARGN})
  add_library(fenkit::${name} ALIAS ${target})
  # Only what FENKIT_API marks is exported (fenkit/fen/export.hpp); the ABI version is the
  # SONAME (see FENKIT_SOVERSION).
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name} OUTPUT_NAME fenkit_${name}
    CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON
    VERSION ${PROJECT_VERSION} SOVERSION ${FENKIT_SOVERSION})
  # FENKIT_API does not depend on whether the library is being built (export.hpp), so a shared
  # build needs no fenkit_NAME_EXPORTS macro: without it, the static libraries of the Python
  # package compile with the very commands of a shared build tree, whose objects ccache has.
  set_target_properties(${target} PROPERTIES DEFINE_SYMBOL "")
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${target} PUBLIC cxx_std_20)
  # A call from one exported function of a shared library to another goes through the PLT, and
  # cannot be inlined, unless the library promises not to let a program replace its functions
  # (interposition, which fenkit does not support). Clang promises it by default.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -fno-semantic-interposition)
  endif()
  # Visibility leaves the standard library's and Boost's instantiations exported (they are
  # vague linkage, default visibility): the version script keeps them out of the ABI.
  if(BUILD_SHARED_LIBS AND CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE
      "LINKER:--version-script=${PROJECT_SOURCE_DIR}/cmake/exports.map")
    set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/cmake/exports.map)
  endif()
  fenkit_set_flags(${target})
endfunction()

# fenkit_add_internal(NAME): the headers of libNAME/internal, which the library shares with the
# program, the Python module, the tests, benchmarks and fuzz targets of this tree (the archive
# reader, the chunker, the row writers, the thread pool), as the INTERFACE target
# fenkit::NAME_internal. They are never installed nor exported: what a program built against an
# installed fenkit may include is libNAME/include, and those headers include none of these.
function(fenkit_add_internal name)
  set(target fenkit_${name}_internal)
  add_library(${target} INTERFACE)
  add_library(fenkit::${name}_internal ALIAS ${target})
  target_include_directories(${target} INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/internal)
  target_link_libraries(${target} INTERFACE fenkit::${name})
  target_include_directories(fenkit_${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/internal)
endfunction()

# Warnings on everywhere; -march=native only where FENKIT_NATIVE asks for it.
function(fenkit_set_flags target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
    # Designated initialisers that leave members at their defaults are the point of them.
    -Wno-missing-field-initializers)
  # Calls into another shared library (the reader's into libfen's move code, a few per move)
  # load their target from the GOT instead of jumping through a PLT stub: `check` 3% faster.
  target_compile_options(${target} PRIVATE -fno-plt)
  if(FENKIT_NATIVE)
    target_compile_options(${target} PRIVATE -march=native)
  endif()
endfunction()

# The X3 grammar headers of libfen (libfen/grammar): shared with libepd and libpgn at build time,
# never installed, so that programs linking fenkit compile without Spirit. A private include
# folder rather than a target, so that nothing of it reaches the exported package.
function(fenkit_use_fen_grammar target)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/libfen/grammar)
  target_link_libraries(${target} PRIVATE Boost::headers)
endfunction()
