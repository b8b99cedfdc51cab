#!/usr/bin/env bash
# Installs a built wheel into a fresh venv of the given Python (nothing else installed
# but the wheel's own dependencies), then, outside the checkout so that only the
# installed package can be imported: `meeple demo`, and the C example compiled against
# the header and library inside the wheel (meeple/include, meeple/libmeeple.so).
# Usage: tools/smoke_wheel.sh WHEEL PYTHON     e.g. tools/smoke_wheel.sh dist/meeple-*.whl python3.13
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wheel="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
python="$2"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1

"$python" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q "$wheel"
cd "$tmp"
"$tmp/venv/bin/python" -c 'import sys; print("python", sys.version.split()[0])'
"$tmp/venv/bin/meeple" demo --games 2 --quiet
pkg="$("$tmp/venv/bin/python" -c 'import meeple, os; print(os.path.dirname(meeple.__file__))')"
"${CC:-cc}" -std=c11 -o "$tmp/play_tictactoe" "$root/examples/c/play_tictactoe.c" -I"$pkg/include" \
  "$pkg/libmeeple.so" -Wl,-rpath,"$pkg"
"$tmp/play_tictactoe"
echo "smoke test passed: $(basename "$wheel") on $("$tmp/venv/bin/python" -c 'import sys; print(sys.version.split()[0])')"
