"""Fails unless the shared library's dynamic symbol table defines only meeple_* names."""

import subprocess
import sys

library = sys.argv[1]
out = subprocess.run(["nm", "-D", "--defined-only", library], check=True, capture_output=True, text=True).stdout
names = [line.split()[-1] for line in out.splitlines() if line.strip()]
foreign = [n for n in names if not n.startswith("meeple_")]
public = [n for n in names if n.startswith("meeple_")]
if foreign or not public:
    print(f"{library} exports {len(foreign)} symbols outside meeple_*: {foreign[:20]}")
    sys.exit(1)
print(f"{len(public)} exported symbols, all meeple_*")
