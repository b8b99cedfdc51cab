# Installs the built library into a scratch prefix, then configures, builds and runs
# examples/c and examples/cpp against it through find_package(meeple).
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
foreach(lang c cpp)
  set(bin "${WORK_DIR}/${lang}")
  execute_process(COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}/examples/${lang}" -B "${bin}"
                          -G "${GENERATOR}" "-DCMAKE_PREFIX_PATH=${prefix}"
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "configuring examples/${lang} against ${prefix} failed")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build "${bin}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "building examples/${lang} failed")
  endif()
  execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --output-on-failure WORKING_DIRECTORY "${bin}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "running examples/${lang} failed")
  endif()
endforeach()
