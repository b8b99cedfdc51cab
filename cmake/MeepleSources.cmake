# The sources of the core and of the C ABI layer: every .cpp under src/ and capi/.
# A new game or module needs no edit here (CONFIGURE_DEPENDS re-globs on build).
file(GLOB_RECURSE MEEPLE_CORE_SOURCES CONFIGURE_DEPENDS
  "${CMAKE_CURRENT_LIST_DIR}/../src/*.cpp"
  "${CMAKE_CURRENT_LIST_DIR}/../capi/*.cpp")
list(SORT MEEPLE_CORE_SOURCES)
