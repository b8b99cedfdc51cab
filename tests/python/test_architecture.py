"""The neck stays narrow: the binding reaches the library only through meeple.h, and
the header it was built from is the one in the tree."""

from __future__ import annotations

import pathlib
import re

import pytest

import meeple
from meeple import _ffi


def test_no_binding_file_includes_a_core_header(repo_root: pathlib.Path):
    bindings = repo_root / "bindings"
    offenders = []
    for path in bindings.rglob("*"):
        if path.suffix not in {".py", ".c", ".h", ".cpp", ".hpp", ".txt", ".cmake"} or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r'#\s*include\s*[<"]([^>"]+)[>"]', text):
            if m.group(1) != "meeple/meeple.h":
                offenders.append(f"{path}: includes {m.group(1)}")
        if re.search(r"\b(src|capi)/", text) and path.suffix != ".txt":
            offenders.append(f"{path}: names a core folder")
    assert not offenders, offenders


def test_the_ffi_source_includes_only_the_header(repo_root: pathlib.Path):
    text = (repo_root / "bindings/python/build_ffi.py").read_text()
    assert 'set_source("meeple._meeple_cffi", \'#include "meeple/meeple.h"\')' in text


def test_the_binding_checks_the_abi_version():
    assert _ffi.lib.MEEPLE_ABI_VERSION == _ffi.lib.meeple_abi_version() == meeple.ABI_VERSION


def test_the_binding_refuses_a_library_of_another_abi():
    with pytest.raises(ImportError, match="built for ABI version 1 but the loaded library reports ABI version 4"):
        _ffi.check_abi(1, 4)
    _ffi.check_abi(4, 4)


def test_every_header_function_is_reachable_from_python(repo_root: pathlib.Path):
    header = (repo_root / "include/meeple/meeple.h").read_text()
    names = re.findall(r"MEEPLE_API [^;(]*?\b(meeple_\w+)\s*\(", header)
    assert len(names) > 30
    missing = [n for n in names if not hasattr(_ffi.lib, n)]
    assert not missing


def test_every_function_of_the_header_is_called_from_the_cxx_wrapper(repo_root: pathlib.Path):
    header = (repo_root / "include/meeple/meeple.h").read_text()
    wrapper = (repo_root / "include/meeple/meeple.hpp").read_text()
    # Declarations: MEEPLE_API <return type> name(  (the macro's own definition aside)
    declared = set(re.findall(r"^MEEPLE_API\b[^(;]*?\b(meeple_\w+)\s*\(", header, flags=re.MULTILINE))
    assert len(declared) > 70, sorted(declared)
    # Calls in the wrapper, comments stripped so that a mention does not count.
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", wrapper, flags=re.DOTALL)
    called = set(re.findall(r"\b(meeple_\w+)\s*\(", code))
    missing = sorted(declared - called)
    assert not missing, f"meeple.hpp does not wrap: {missing}"


def test_every_string_reaches_the_library_through_c_string(repo_root: pathlib.Path):
    """One helper encodes text for the library and refuses NUL characters (the C side
    would stop reading at the first one); no module encodes strings on its own. Text
    hashed in Python (hashlib) never reaches the library and may be encoded there."""
    package = repo_root / "bindings/python/meeple"
    offenders = [
        f"{path.relative_to(package)}:{i}"
        for path in package.rglob("*.py") if path.name != "_ffi.py"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ".encode(" in line and "hashlib." not in line
    ]
    assert not offenders, offenders


def _build_ffi(repo_root: pathlib.Path):
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_ffi", repo_root / "bindings/python/build_ffi.py")
    assert spec and spec.loader
    build_ffi = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_ffi)
    return build_ffi, build_ffi.header_calls((repo_root / "include/meeple/meeple.h").read_text())


def test_every_call_that_touches_a_state_keeps_the_gil(repo_root: pathlib.Path):
    """States carry no in-use flag (batches do): the GIL keeps two Python threads off
    one state, so no call taking a meeple_state_t may release it."""
    build_ffi, calls = _build_ffi(repo_root)
    # A state passed in (not only a new one handed out through meeple_state_t **).
    touching = [name for name, params in calls.items() if re.search(r"meeple_state_t \*(?!\*)", params)]
    assert "meeple_batch_set_state" in touching and "meeple_state_apply" in touching
    assert "meeple_batch_get_state" not in touching
    releasing = [name for name in touching
                 if build_ffi.releases_gil(name, calls[name]) and name not in build_ffi.STATE_COPY_CALLS]
    assert not releasing, releasing
    # Those that do are handed a private clone of the state, never the caller's.
    agent = (repo_root / "bindings/python/meeple/agents/agent.py").read_text(encoding="utf-8")
    for name in build_ffi.STATE_COPY_CALLS:
        uses = re.findall(rf"lib\.{name}\(self\._ptr, (\w+)\._ptr", agent)
        assert uses and set(uses) == {"private"}, (name, uses)
    assert "private = state.clone()" in agent


def test_every_long_call_releases_the_gil(repo_root: pathlib.Path):
    """A long call (one that takes a control block) holding the GIL would freeze every
    other Python thread, the progress bar and Ctrl-C until it ends (search, tournaments
    and range equity did)."""
    build_ffi, calls = _build_ffi(repo_root)
    long_calls = [name for name, params in calls.items() if "meeple_control_t" in params]
    assert {"meeple_search_run", "meeple_tournament_run", "meeple_range_equity"} <= set(long_calls)
    assert [name for name in long_calls if not build_ffi.releases_gil(name, calls[name])] == []
