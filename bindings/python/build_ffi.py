"""Generate the cffi API-mode extension source from meeple.h.

The cdef is the header itself with comments, the export macro and preprocessor lines
removed; integer ``#define``s become ``#define NAME ...`` so their values come from the
compiled header. Usage: build_ffi.py path/to/meeple.h out.c
"""

import re
import sys

import cffi


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
        cdef = header_to_cdef(f.read())
    ffi = cffi.FFI()
    ffi.cdef(cdef)
    ffi.set_source("meeple._meeple_cffi", '#include "meeple/meeple.h"')
    ffi.emit_c_code(target)


if __name__ == "__main__":
    main()
