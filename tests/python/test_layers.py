"""The Python package's layers (docs/architecture.md): every import of every module, the
ones inside functions too, goes down the table's rows or stays in its own folder; there
is no circle; and the public names of the docs still reach what they named."""

from __future__ import annotations

import ast
import importlib
import pathlib
import re
import warnings

import pytest

PACKAGE = "meeple"
SURFACE = {"meeple", "meeple.__main__"}  # the public names, gathered from every layer
EXTENSION = "meeple._meeple_cffi"  # the compiled cffi module, built from meeple.h: part of _ffi


def _rows(repo_root: pathlib.Path) -> dict[str, int]:
    """Unit (a module name, or a folder written ``name/``) -> its row, from the table."""
    text = (repo_root / "docs/architecture.md").read_text(encoding="utf-8")
    rows = {m.group(2): int(m.group(1)) for m in re.finditer(r"^\| (\d+) \| `([\w/]+)` \|", text, re.MULTILINE)}
    assert len(rows) > 10, "docs/architecture.md has lost its table of the Python layers"
    return rows


def _modules(repo_root: pathlib.Path) -> dict[str, pathlib.Path]:
    root = repo_root / "bindings/python/meeple"
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _unit(module: str) -> str:
    if module == EXTENSION:
        return "_ffi"
    parts = module.split(".")
    return parts[1] if len(parts) == 2 and not _is_package[module] else parts[1] + "/"


_is_package: dict[str, bool] = {}


def _imports(module: str, path: pathlib.Path, known: set[str]) -> list[tuple[int, str]]:
    """(line, imported module) for every import of the package in ``module``'s source; a
    name imported from a package resolves to its submodule when it is one."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == PACKAGE]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != PACKAGE:
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                found.append((node.lineno, sub if sub in known else target))
    return found


@pytest.fixture
def graph(repo_root: pathlib.Path) -> tuple[dict[str, int], dict[str, list[tuple[int, str]]]]:
    modules = _modules(repo_root)
    for name, path in modules.items():
        _is_package[name] = path.name == "__init__.py"
    edges = {name: _imports(name, path, set(modules)) for name, path in modules.items()}
    return _rows(repo_root), edges


def test_every_module_has_a_row(graph):
    rows, edges = graph
    missing = sorted({_unit(m) for m in edges if m not in SURFACE} - set(rows))
    assert not missing, f"modules in no row of docs/architecture.md's table: {missing}"


def _upward(rows: dict[str, int], edges: dict[str, list[tuple[int, str]]]) -> list[str]:
    bad = []
    for module, imports in edges.items():
        if module in SURFACE:
            continue
        own = _unit(module)
        for line, target in imports:
            if target in SURFACE:
                bad.append(f"{module}:{line} imports the package's surface ({target}); import the defining module")
                continue
            unit = _unit(target)
            if unit != own and rows[unit] >= rows[own]:
                bad.append(f"{module}:{line} (row {rows[own]}) imports {target} (row {rows[unit]})")
    return bad


def _circle(edges: dict[str, list[tuple[int, str]]]) -> list[str] | None:
    targets = {m: sorted({t for _, t in imports if t != m}) for m, imports in edges.items()}
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for t in targets.get(m, []):
            if state.get(t) == 1:
                return path[path.index(t):] + [t]
            if t not in state and (cycle := visit(t)):
                return cycle
        path.pop()
        state[m] = 2
        return None

    for m in sorted(targets):
        if m not in state and (cycle := visit(m)):
            return cycle
    return None


def test_imports_go_down_the_rows(graph):
    rows, edges = graph
    bad = _upward(rows, edges)
    assert not bad, "\n".join(bad)


def test_no_import_circles(graph):
    _, edges = graph
    cycle = _circle(edges)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_checks_see_a_circle_and_an_upward_import(tmp_path: pathlib.Path):
    """The checks above can fail: a made-up package with both faults, one of them in a
    function body, and an import of the surface."""
    pkg = tmp_path / "bindings/python/meeple"
    (pkg / "poker").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "game.py").write_text("from .poker import cards\n")
    (pkg / "batch.py").write_text("import meeple\n")
    (pkg / "poker/__init__.py").write_text("")
    (pkg / "poker/cards.py").write_text("def f():\n    from ..game import Game\n")
    modules = _modules(tmp_path)
    for name, path in modules.items():
        _is_package[name] = path.name == "__init__.py"
    edges = {name: _imports(name, path, set(modules)) for name, path in modules.items()}
    assert sorted(_upward({"game": 3, "batch": 4, "poker/": 6}, edges)) == [
        "meeple.batch:1 imports the package's surface (meeple); import the defining module",
        "meeple.game:1 (row 3) imports meeple.poker.cards (row 6)"]
    assert _circle(edges) == ["meeple.game", "meeple.poker.cards", "meeple.game"]


# The public names that README.md and docs/ used when the package was split into
# subpackages; each still reaches its object from ``import meeple``. Names of modules that
# moved (meeple.events, meeple.gamelog, meeple.datagen, meeple.catanatron_bridge) reach
# their new places with a DeprecationWarning.
DOCUMENTED_NAMES = """
meeple.ALL meeple.Agent meeple.Batch meeple.BusyError meeple.CHANCE meeple.Game meeple.IllegalActionError
meeple.NotActiveError meeple.OutOfRangeError meeple.PUBLIC meeple.Search meeple.agents.make_agent
meeple.arena.tournament meeple.batch.derive_seed meeple.catan meeple.catan.ACTION_LAYOUT_VERSION
meeple.catan.BUILD_SETTLEMENT meeple.catan.FEATURE_VERSION meeple.catan.OBSERVATION_VERSION meeple.catan.features
meeple.catan.position_of meeple.catan.symmetries meeple.catan.topology meeple.datagen meeple.datagen.FORMAT_VERSION
meeple.datagen.generate_rows meeple.datagen.load meeple.envs meeple.envs.render.draw meeple.events
meeple.events.EVLOG_VERSION meeple.events.EventLogWriter meeple.events.ReplayError meeple.events.read_event_log
meeple.events.replay meeple.game meeple.gamelog meeple.gamelog.BatchSlotRecorder meeple.gamelog.GAME_LOG_VERSION
meeple.gamelog.GameLogWriter meeple.gamelog.read_game_log meeple.holdem meeple.holdem.from_phh meeple.holdem.payoffs
meeple.holdem.raise_to meeple.holdem.to_phh meeple.net meeple.net.ValueNet meeple.net.ValueNet.values
meeple.net.export.FORMAT_VERSION meeple.net.export.numpy_forward meeple.net.metrics meeple.net.testing.write_model
meeple.net.train.train meeple.poker meeple.poker.Range meeple.poker.equity meeple.poker.holdem_raise meeple.poker.phh
meeple.run_random_games meeple.selfplay meeple.triangle.TEMPLATES meeple.triangle.action meeple.triangle.position
""".split()
NEEDS = {"meeple.net.export": "torch", "meeple.net.train": "torch", "meeple.net.testing": "onnx"}


def _resolve(name: str) -> object:
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
            break
        except ModuleNotFoundError as e:
            if e.name and not e.name.startswith(PACKAGE):
                raise
    for attr in parts[i:]:
        obj = getattr(obj, attr)
    return obj


@pytest.mark.parametrize("name", DOCUMENTED_NAMES)
def test_a_documented_name_still_imports(name: str):
    for prefix, extra in NEEDS.items():
        if name.startswith(prefix):
            pytest.importorskip(extra, reason=f"{prefix} needs {extra} (the net extra: pip install \"meeple[net]\")")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert _resolve(name) is not None


def test_a_moved_module_warns_and_names_its_new_place():
    import meeple

    with pytest.warns(DeprecationWarning, match=r"meeple\.events moved to meeple\.records\.events"):
        events = meeple.events
    from meeple.records import events as new

    assert events is new
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        meeple.nonsense  # noqa: B018
