# The sources of the core and of the C ABI layer. A new game adds its folder's files.
set(MEEPLE_CORE_SOURCES
  src/core/any_game.cpp
  src/core/json.cpp
  src/core/options.cpp
  src/core/registry.cpp
  src/core/snapshot.cpp
  src/games/all_games.cpp
  src/games/tictactoe/tictactoe.cpp
  capi/library.cpp
  capi/game.cpp
  capi/state.cpp
)
list(TRANSFORM MEEPLE_CORE_SOURCES PREPEND "${CMAKE_CURRENT_LIST_DIR}/../")
