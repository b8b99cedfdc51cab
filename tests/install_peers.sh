#!/usr/bin/env bash
# Installs every optional peer the differential tests compare with, into the Python that
# `python` runs (use a virtual environment; .ci/run calls this after README command 1):
#   * the requirements of every extra in pyproject.toml's [project.optional-dependencies],
#     except the extras listed in `special` below, each with its reason (torch pinned
#     to 2.13.0, the CPU build on the machines' disk: see `pins`). An extra added to
#     pyproject.toml is installed from then on with no change here. meeple itself is not
#     reinstalled (its own `meeple[...]` references are expanded instead).
#   * trianglengin 2.0.7: its Linux wheels do not import, so it is built from its source
#     distribution (the commands of docs/triangle.md) in a scratch venv, once; the wheel
#     is kept in the cache and installed from there.
#   * fastcatan 2.0.0, which needs Python 3.12: a venv made with the machine's Python 3.12,
#     kept in the cache. Its interpreter goes to the tests as MEEPLE_FASTCATAN_PYTHON.
#     Without a Python 3.12 that peer is left out, and the reason is written down.
# Usage: tests/install_peers.sh [ENV_FILE]
# ENV_FILE (default -, standard output) receives shell lines to `source` before the tests:
# `export MEEPLE_FASTCATAN_PYTHON=...`, and MEEPLE_MISSING_PEERS (names, space separated)
# with MEEPLE_MISSING_PEERS_WHY for the peers this machine cannot have.
# Cache: $MEEPLE_PEERS_CACHE (default ~/.cache/meeple-ci); pip keeps its downloads in its own.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="${MEEPLE_PEERS_CACHE:-$HOME/.cache/meeple-ci}"
env_file="${1:--}"
mkdir -p "$cache"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1

# Extras this script does not install from pyproject.toml, with the reason. An extra that
# needs special handling (a pinned index, another Python) gets a line here and its own
# step below.
declare -A special=(
  [test]="README command 1 installs it together with meeple"
  [rllib]="ray[rllib] is too heavy for CI: 3m45s to install uncached, 240 MB of ray plus pyarrow and pandas, and it pins gymnasium to 1.2 (measured in docs/envs.md); its test skips, allowed below"
)
# Requirements pinned here whatever an extra says: PyTorch's CPU build that the CI
# machines hold on local disk (any other version downloads gigabytes of CUDA).
pins="torch==2.13.0"

echo "-- extras"
skip_list="$(IFS=,; echo "${!special[*]}")"
SKIP="$skip_list" PINS="$pins" python - "$root/pyproject.toml" > "$tmp/requirements" <<'PY'
import os, re, sys, tomllib

extras = tomllib.load(open(sys.argv[1], "rb"))["project"].get("optional-dependencies", {})
skip = set(filter(None, os.environ["SKIP"].split(",")))
pins = {re.match(r"[A-Za-z0-9_.-]+", p).group(0).lower(): p for p in os.environ["PINS"].split()}
out, seen = [], set()

def add(extra):
    if extra in seen or extra in skip:  # a special extra never comes in through a reference
        return
    if extra not in extras:
        sys.exit(f"install_peers.sh: pyproject.toml has no extra named {extra!r}")
    seen.add(extra)
    for req in extras[extra]:
        own = re.fullmatch(r"\s*meeple\s*\[([^\]]*)\]\s*", req)
        if own:  # meeple[a,b] inside an extra: its extras, not meeple again
            for name in own.group(1).split(","):
                add(name.strip())
        else:
            req = pins.get(re.match(r"[A-Za-z0-9_.-]+", req).group(0).lower(), req)
            if req not in out:
                out.append(req)

for extra in extras:
    if extra not in skip:
        print(f"   extra {extra}", file=sys.stderr)
        add(extra)
print("\n".join(out))
PY
mapfile -t requirements < "$tmp/requirements"
for extra in "${!special[@]}"; do echo "   not extra $extra here: ${special[$extra]}"; done
if (( ${#requirements[@]} )); then
  python -m pip install "${requirements[@]}"
fi

echo "-- trianglengin 2.0.7 (built from source, docs/triangle.md)"
tag="$(python -c 'import sys; print(f"cp{sys.version_info[0]}{sys.version_info[1]}")')"
wheels="$cache/wheels/$tag"
wheel="$(ls "$wheels"/trianglengin-2.0.7-"$tag"-*.whl 2>/dev/null | head -1 || true)"
if [[ -z $wheel ]]; then
  scratch="$tmp/build"
  python -m venv "$scratch/venv"
  "$scratch/venv/bin/python" -m pip install pybind11 wheel "setuptools>=77" numpy pydantic typer pygame
  CMAKE_ARGS="-DPYTHON_EXECUTABLE=$scratch/venv/bin/python -DPYBIND11_FINDPYTHON=ON" \
    "$scratch/venv/bin/python" -m pip wheel --no-build-isolation --no-deps --no-binary trianglengin \
    trianglengin==2.0.7 -w "$scratch/out"
  mkdir -p "$wheels"
  mv "$scratch"/out/trianglengin-2.0.7-*.whl "$wheels/"
  wheel="$(ls "$wheels"/trianglengin-2.0.7-"$tag"-*.whl | head -1)"
else
  echo "   cached: $wheel"
fi
python -m pip install "$wheel"
python -c "import trianglengin"

echo "-- fastcatan 2.0.0 (Python 3.12, its own venv)"
# A Python 3.12 that runs: one on PATH (pyenv's shim answers only when 3.12 is selected),
# else pyenv's installed versions, else the usual system places.
py312=""
for candidate in "${MEEPLE_PYTHON312:-}" python3.12 "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.12*/bin/python3.12 \
                 /usr/local/bin/python3.12 /usr/bin/python3.12; do
  [[ -n $candidate ]] || continue
  if "$candidate" -c 'import sys, venv; assert sys.version_info[:2] == (3, 12)' >/dev/null 2>&1; then
    py312="$candidate"
    break
  fi
done
lines=("# written by tests/install_peers.sh")
# Peers left out on purpose (the extras in `special` whose tests skip), and why.
missing=(ray.rllib)
whys=("ray.rllib: ${special[rllib]}")
if [[ -z $py312 ]]; then
  why="fastcatan: no Python 3.12 on this machine (looked on PATH, in pyenv's versions, /usr/local/bin, /usr/bin; MEEPLE_PYTHON312 unset)"
  echo "   $why"
  missing+=(fastcatan)
  whys+=("$why")
else
  venv="$cache/fastcatan-py3.12"
  if [[ "$("$venv/bin/python" -c 'import fastcatan, importlib.metadata as m; print(m.version("fastcatan"))' 2>/dev/null)" \
        == 2.0.0 ]]; then
    echo "   cached: $venv"
  else
    rm -rf "$venv"
    "$py312" -m venv "$venv"
    "$venv/bin/python" -m pip install fastcatan==2.0.0
    "$venv/bin/python" -c 'import fastcatan'
  fi
  lines+=("$(printf 'export MEEPLE_FASTCATAN_PYTHON=%q' "$venv/bin/python")")
fi
lines+=("MEEPLE_MISSING_PEERS=\"${missing[*]}\"" "$(printf 'MEEPLE_MISSING_PEERS_WHY=%q' "$(IFS=';'; echo "${whys[*]}")")")
if [[ $env_file == - ]]; then
  printf '%s\n' "${lines[@]}"
else
  printf '%s\n' "${lines[@]}" > "$env_file"
fi
