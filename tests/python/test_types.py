"""The package is fully typed: ``mypy --strict`` over ``meeple`` finds nothing (it ships
``py.typed``, so users' type checkers rely on these annotations).

The check runs on what is installed. An optional package that is absent (torch without
``meeple[net]``, gymnasium without ``meeple[gym]``, ...) has no types to check against:
its imports are let through (``ignore_missing_imports``), and the meeple modules that
import it may subclass its classes, decorate with its decorators and carry ``type:
ignore`` comments that only the full environment needs. Everything else stays strict,
and with every extra installed nothing is relaxed at all."""

from __future__ import annotations

import ast
import importlib.util
import pathlib
import sys

import pytest

# Imports that every install has: the package's own dependencies and itself.
REQUIRED = {"meeple", "numpy", "cffi", "_cffi_backend"}


def optional_imports(package: pathlib.Path) -> dict[str, set[str]]:
    """For each meeple module (dotted name), the top-level names of the optional
    packages it imports (anything not in the standard library nor required)."""
    found: dict[str, set[str]] = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        names -= REQUIRED | set(sys.stdlib_module_names)
        if names:
            found[module] = names
    return found


def mypy_config(package: pathlib.Path) -> tuple[str, list[str]]:
    """The configuration text for this environment and the optional packages absent."""
    imports = optional_imports(package)
    absent = sorted({n for names in imports.values() for n in names if importlib.util.find_spec(n) is None})
    lines = ["[mypy]", "strict = True"]
    if absent:
        lines += [f"[mypy-{','.join(f'{n}.*' for n in absent)}]", "ignore_missing_imports = True"]
        users = sorted(m for m, names in imports.items() if names & set(absent))
        lines += [f"[mypy-{','.join(users)}]", "disallow_subclassing_any = False",
                  "disallow_untyped_decorators = False", "warn_unused_ignores = False"]
    return "\n".join(lines) + "\n", absent


def test_optional_imports_are_found_where_they_are():
    package = pathlib.Path(__file__).resolve().parents[2] / "bindings/python/meeple"
    imports = optional_imports(package)
    assert "torch" in imports["meeple.net.model"] and "gymnasium" in imports["meeple.envs.gym"]
    assert "meeple.game" not in imports  # the core needs nothing optional


def test_the_package_passes_mypy_strict(repo_root: pathlib.Path, tmp_path: pathlib.Path):
    api = pytest.importorskip("mypy.api", reason='mypy is not installed; pip install "meeple[test]" brings it')
    package = repo_root / "bindings/python/meeple"
    config, absent = mypy_config(package)
    (tmp_path / "mypy.ini").write_text(config, encoding="utf-8")
    cache = repo_root / "build" / ("mypy_cache_bare" if absent else "mypy_cache")
    stdout, stderr, status = api.run([
        "--config-file", str(tmp_path / "mypy.ini"), "--cache-dir", str(cache), "--no-error-summary", str(package)])
    assert status == 0, f"optional packages absent here: {absent or 'none'}\n{stdout}{stderr}"
