"""The examples and the README's Python example run as written."""

from __future__ import annotations

import pathlib
import re
import runpy
import subprocess
import sys


def test_every_readme_python_example_runs(repo_root: pathlib.Path, capsys):
    readme = (repo_root / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert len(blocks) >= 3, "README shows Python for games, batches and poker"
    for i, block in enumerate(blocks):
        exec(compile(block, f"README.md python block {i + 1}", "exec"), {})
    assert "X" in capsys.readouterr().out


def test_solver_example_finds_the_draw(repo_root: pathlib.Path):
    out = subprocess.run([sys.executable, str(repo_root / "examples/python/solve_tictactoe.py")],
                         capture_output=True, text=True, check=True).stdout
    assert "value of the empty board for X: +0" in out
    # 5,478 legal positions are reachable in tic-tac-toe.
    assert "positions evaluated: 5478" in out


def test_every_python_example_runs(repo_root: pathlib.Path):
    for path in sorted((repo_root / "examples/python").glob("*.py")):
        runpy.run_path(str(path), run_name="__main__")
