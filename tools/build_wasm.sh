#!/usr/bin/env bash
# Builds the library for WebAssembly: build/wasm/meeple.mjs (an ES module factory, the
# emscripten glue) and build/wasm/meeple.wasm, from the same sources and the same
# header as the native library. The JavaScript binding (bindings/js/) loads them.
#
# Needs Debian 12's emscripten (apt-get install emscripten: 3.1.6, clang 14, libc++
# 13). Why emscripten and not clang's wasm32-wasi target: the library reports errors
# with C++ exceptions, and Debian's wasi libc++ is built without them; emscripten
# ships libc++ with exception support. Its libc++ 13 lacks floating-point
# to_chars/from_chars, which src/core/real_chars.* supply. Single-threaded: emscripten
# without -pthread defines no pthreads, and MEEPLE_SINGLE_THREADED (thread_pool.hpp)
# runs every thread count on the calling thread, with unchanged results.
#
# Usage: tools/build_wasm.sh [-jN]   (default: the number of cores). Incremental: only
# sources newer than their object (or than any header) are recompiled.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
for a in "$@"; do
  case "$a" in
    -j*) jobs=${a#-j} ;;
    *) echo "usage: tools/build_wasm.sh [-jN]" >&2; exit 2 ;;
  esac
done
command -v em++ >/dev/null || { echo "em++ not found: apt-get install emscripten" >&2; exit 1; }
# emscripten's JavaScript optimizer needs acorn (Debian's node-acorn, a dependency of
# its emscripten package) where a Node that is not Debian's own may not look.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

out=build/wasm
mkdir -p "$out/obj"
version=$(sed -n 's/^project(meeple VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
# -fexceptions: emscripten's JavaScript-based exception catching (its prebuilt libc++
# has it); the C layer turns every exception into a status code.
cxxflags=(-std=c++20 -O3 -fexceptions -DNDEBUG -DMEEPLE_SINGLE_THREADED=1
  "-DMEEPLE_VERSION=\"$version\"" -DMEEPLE_BUILDING_LIBRARY
  -Isrc -I. -Iinclude -Wall -Wextra -Wno-unused-command-line-argument)

newest_header=$(find src capi include -name '*.hpp' -o -name '*.h' | xargs stat -c %Y | sort -n | tail -1)
mapfile -t sources < <(find src capi -name '*.cpp' | sort)
stale=()
for s in "${sources[@]}"; do
  o="$out/obj/$(echo "$s" | tr / _).o"
  if [[ ! -f "$o" || "$s" -nt "$o" || $(stat -c %Y "$o") -lt $newest_header ]]; then stale+=("$s"); fi
done
if ((${#stale[@]})); then
  echo "compiling ${#stale[@]} of ${#sources[@]} sources with $jobs jobs"
  printf '%s\n' "${stale[@]}" | xargs -P "$jobs" -I{} sh -c \
    'o="$1/obj/$(echo "$2" | tr / _).o"; shift 2; em++ "$@" -c "$0" -o "$o" || exit 255' {} "$out" {} "${cxxflags[@]}"
fi

# ENVIRONMENT=web,worker: in Node the binding hands the glue the .wasm bytes itself
# (emscripten 3.1.6's Node branch calls require, which an ES module lacks).
# WASM_BIGINT: 64-bit arguments (seeds, masks) travel as BigInt, not split in halves.
# Every function the header declares, and malloc/free for the binding's buffers.
exports=$(sed -n 's/^MEEPLE_API .*[ *]\(meeple_[a-z0-9_]*\)(.*/_\1/p' include/meeple/meeple.h | sort -u | paste -sd, -)
em++ -O3 -fexceptions "$out"/obj/*.o -o "$out/meeple.mjs" \
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createMeeple \
  -sENVIRONMENT=web,worker -sWASM_BIGINT=1 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 \
  -sDISABLE_EXCEPTION_CATCHING=0 -sFILESYSTEM=0 \
  "-sEXPORTED_FUNCTIONS=[$exports,_malloc,_free]" \
  "-sEXPORTED_RUNTIME_METHODS=[HEAPU8,HEAP32,HEAPU32,HEAPF32,HEAPF64,UTF8ToString]"
wasm=$(stat -c %s "$out/meeple.wasm"); glue=$(stat -c %s "$out/meeple.mjs")
gz=$(( $(gzip -9c "$out/meeple.wasm" | wc -c) + $(gzip -9c "$out/meeple.mjs" | wc -c) ))
echo "built $out/meeple.wasm ($wasm bytes) and $out/meeple.mjs ($glue bytes): $gz bytes gzipped together"

# The Python package ships the build for `meeple web` (meeple/play/site.py): a copy in
# its data folder (not in git), installed with the package when present.
pkg=bindings/python/meeple/play/wasm
mkdir -p "$pkg/js"
cp "$out/meeple.wasm" "$out/meeple.mjs" "$pkg/"
cp bindings/js/meeple.mjs bindings/js/errors.mjs "$pkg/js/"
echo "copied them and the binding into $pkg for meeple web"
