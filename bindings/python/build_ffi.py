"""Generate the cffi API-mode extension source from meeple.h.

The cdef is the header itself with comments, the export macro and preprocessor lines
removed; integer ``#define``s become ``#define NAME ...`` so their values come from the
compiled header. Usage: build_ffi.py path/to/meeple.h out.c
"""

import re
import sys

import cffi

# Calls that may run long keep cffi's default of releasing the GIL, so that other Python
# threads run meanwhile, Ctrl-C reaches the waiting thread of meeple._long_call and a
# progress bar moves: every long call (one that takes a meeple_control_t *, as the
# header defines them), the batch calls and the poker batch evaluations. Every other call
# is a few hundred nanoseconds of work, for which releasing and retaking the GIL (and
# saving errno, which meeple does not use) would cost as much again: those run with the
# GIL held. So does every call that reads or writes a state (meeple_batch_set_state
# among the batch calls): states carry no in-use flag, and the GIL is what keeps two
# Python threads off one state.
RELEASE_GIL_BY_NAME = re.compile(r"meeple_(batch_(?!set_state$)\w+|poker_\w*batch\w*)$")
# The long calls that read a state (a search agent's decision): the binding hands them a
# clone made for the call, which no other thread can reach, so they release the GIL as
# every long call does (tests/python/test_architecture.py checks the clone).
STATE_COPY_CALLS = frozenset({"meeple_agent_act_controlled", "meeple_agent_policy_controlled"})

_CALL_WITHOUT_GIL = re.compile(
    r"  Py_BEGIN_ALLOW_THREADS\n"
    r"  _cffi_restore_errno\(\);\n"
    r"  (\{ (?:result = )?(\w+)\(.*?\); \})\n"
    r"  _cffi_save_errno\(\);\n"
    r"  Py_END_ALLOW_THREADS\n"
)


def header_calls(header: str) -> dict[str, str]:
    """Every function of the header, by name, with its parameter list."""
    text = re.sub(r"/\*.*?\*/", "", header, flags=re.S)
    return dict(re.findall(r"MEEPLE_API [^;(]*?\b(meeple_\w+)\s*\(([^;]*?)\)\s*;", text, flags=re.S))


def releases_gil(name: str, params: str) -> bool:
    return "meeple_control_t" in params or bool(RELEASE_GIL_BY_NAME.match(name))


def keep_gil_for_short_calls(source: str, calls: dict[str, str]) -> tuple[str, int]:
    """Removes the GIL release around calls of short functions in cffi's output.
    Returns the new source and how many calls were changed (0 if cffi's output
    format differs from the one expected: then every call keeps the release)."""
    changed = 0

    def edit(m: re.Match[str]) -> str:
        nonlocal changed
        if releases_gil(m.group(2), calls.get(m.group(2), "")):
            return m.group(0)
        changed += 1
        return f"  {m.group(1)}\n"

    return _CALL_WITHOUT_GIL.sub(edit, source), changed


def header_to_cdef(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out = []
    depth = 0  # nesting of skipped #if blocks (the include guard is kept)
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            directive = stripped[1:].strip()
            if directive.startswith("ifndef MEEPLE_H") or directive.startswith("define MEEPLE_H"):
                continue
            if directive.startswith(("if", "ifdef", "ifndef")):
                depth += 1
            elif directive.startswith("endif"):
                depth = max(depth - 1, 0)
            elif depth == 0:
                m = re.match(r"define\s+(MEEPLE_\w+)\s+\(?-?\d+\)?\s*$", directive)
                if m:
                    out.append(f"#define {m.group(1)} ...")
            continue
        if depth == 0:
            out.append(line.replace("MEEPLE_API ", ""))
    return "\n".join(out)


def main() -> None:
    header, target = sys.argv[1], sys.argv[2]
    with open(header, encoding="utf-8") as f:
        text = f.read()
    cdef = header_to_cdef(text)
    ffi = cffi.FFI()
    ffi.cdef(cdef)
    ffi.set_source("meeple._meeple_cffi", '#include "meeple/meeple.h"')
    ffi.emit_c_code(target)
    with open(target, encoding="utf-8") as f:
        source, changed = keep_gil_for_short_calls(f.read(), header_calls(text))
    if changed == 0:
        print("build_ffi.py: cffi's output has an unexpected form; all calls release the GIL", file=sys.stderr)
    with open(target, "w", encoding="utf-8") as f:
        f.write(source)


if __name__ == "__main__":
    main()
