# monotable_module(): one folder of the source tree as one library target.
#
# A module sees only its own folder and the folders of the modules it declares as
# dependencies: its include root is a directory of the build tree that holds a single
# link, <root>/<DIR> -> <source>/<DIR>. Includes are still written from the top of the
# tree ("engine/base/status.h"), but an include of a folder the module does not depend
# on fails to compile, so the layering is checked on every build.
#
#   monotable_module(NAME <target> DIR <folder> [RECURSE] [FILES <header> ...]
#                    [DEPS <public targets>] [PRIVATE_DEPS <targets>]
#                    [EXCLUDE <regex>] [TEST_DEPS <targets>] [TEST_NAME <ctest name>])
#
# FILES: link these files instead of the whole folder (a folder that also holds other
# modules, such as engine/ for the facade). *_test.cc files of the folder build one test
# executable, registered as one CTest entry (TEST_NAME, default unit_<folder name>).
function(monotable_module)
  cmake_parse_arguments(M "RECURSE" "NAME;DIR;TEST_NAME"
                        "FILES;DEPS;PRIVATE_DEPS;EXCLUDE;TEST_DEPS" ${ARGN})
  set(src ${CMAKE_SOURCE_DIR}/${M_DIR})
  if(M_RECURSE)
    file(GLOB_RECURSE all_sources CONFIGURE_DEPENDS ${src}/*.cc)
  elseif(M_FILES)
    set(all_sources)
    foreach(f ${M_FILES})
      if(f MATCHES "\\.cc$")
        list(APPEND all_sources ${src}/${f})
      endif()
    endforeach()
  else()
    file(GLOB all_sources CONFIGURE_DEPENDS ${src}/*.cc)
  endif()
  foreach(regex ${M_EXCLUDE})
    list(FILTER all_sources EXCLUDE REGEX "${regex}")
  endforeach()
  set(sources ${all_sources})
  list(FILTER sources EXCLUDE REGEX "_test\\.cc$")
  set(tests ${all_sources})
  list(FILTER tests INCLUDE REGEX "_test\\.cc$")

  # The include root: links to this module's folder (or files) only.
  set(root ${CMAKE_BINARY_DIR}/include_roots/${M_NAME})
  if(M_FILES)
    file(MAKE_DIRECTORY ${root}/${M_DIR})
    foreach(f ${M_FILES})
      if(f MATCHES "\\.h$")
        file(CREATE_LINK ${src}/${f} ${root}/${M_DIR}/${f} SYMBOLIC)
      endif()
    endforeach()
  else()
    get_filename_component(parent ${root}/${M_DIR} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${src} ${root}/${M_DIR} SYMBOLIC)
  endif()

  if(sources)
    add_library(${M_NAME} STATIC ${sources})
    target_include_directories(${M_NAME} PUBLIC ${root})
    target_link_libraries(${M_NAME} PUBLIC ${M_DEPS} PRIVATE ${M_PRIVATE_DEPS})
    target_compile_options(${M_NAME} PRIVATE ${MONOTABLE_WARNINGS})
  else()
    add_library(${M_NAME} INTERFACE)
    target_include_directories(${M_NAME} INTERFACE ${root})
    target_link_libraries(${M_NAME} INTERFACE ${M_DEPS})
  endif()

  if(tests AND MONOTABLE_TESTS)
    if(NOT M_TEST_NAME)
      get_filename_component(leaf ${M_DIR} NAME)
      set(M_TEST_NAME unit_${leaf})
    endif()
    add_executable(${M_NAME}_tests ${tests})
    target_link_libraries(${M_NAME}_tests PRIVATE ${M_NAME} ${M_PRIVATE_DEPS} ${M_TEST_DEPS}
                          GTest::gtest_main)
    # The tests' own code at -O0 in a release build: the code under test keeps -O3,
    # and a test file's gtest macros are most of its compile time at any level above
    # -O0 for nothing (a batch of the expr tests: 35 s of CPU at -O1, 10-12 s at -O0).
    target_compile_options(${M_NAME}_tests PRIVATE ${MONOTABLE_WARNINGS}
                           $<$<CONFIG:Release>:-O0>)
    add_test(NAME ${M_TEST_NAME} COMMAND ${M_NAME}_tests)
  endif()
endfunction()
