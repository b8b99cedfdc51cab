"""The repository's documentation stands on its own: every relative link in README.md
and docs/*.md resolves to a file in the repository, nothing points outside it (the
project's private notes), and the docs/ pages that docstrings and the header name
exist."""

from __future__ import annotations

import pathlib
import re

import pytest

# [text](target) and [text](target "title"); images too. Targets with a scheme
# (https:, mailto:) and pure anchors are not files.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def markdown_files(root: pathlib.Path) -> list[pathlib.Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def relative_links(path: pathlib.Path) -> list[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    links = []
    for target in LINK.findall(text):
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("#"):
            continue
        links.append(target.split("#", 1)[0])
    return links


def test_every_relative_link_in_readme_and_docs_resolves(repo_root: pathlib.Path):
    broken = []
    checked = 0
    for md in markdown_files(repo_root):
        for target in relative_links(md):
            resolved = (md.parent / target).resolve()
            checked += 1
            if not resolved.exists():
                broken.append(f"{md.relative_to(repo_root)}: {target}")
            elif repo_root.resolve() not in resolved.parents and resolved != repo_root.resolve():
                broken.append(f"{md.relative_to(repo_root)}: {target} leads outside the repository")
    assert checked > 20, "the link pattern found almost no links"
    assert not broken, broken


@pytest.mark.parametrize("needle", ["../shared", "specs/", "DESIGN.md"])
def test_no_document_points_outside_the_repository(repo_root: pathlib.Path, needle: str):
    files = markdown_files(repo_root) + sorted((repo_root / "bindings/python/meeple").rglob("*.py")) + [
        repo_root / "include/meeple/meeple.h", repo_root / "include/meeple/meeple.hpp"]
    offenders = [str(f.relative_to(repo_root)) for f in files if needle in f.read_text(encoding="utf-8")]
    assert not offenders, f"{needle!r} appears in {offenders}"


def test_docs_pages_named_in_docstrings_and_the_header_exist(repo_root: pathlib.Path):
    files = sorted((repo_root / "bindings/python/meeple").rglob("*.py")) + [
        repo_root / "include/meeple/meeple.h", repo_root / "include/meeple/meeple.hpp"]
    named = set()
    for f in files:
        named |= set(re.findall(r"docs/([a-z0-9_-]+\.md)", f.read_text(encoding="utf-8")))
    assert {"catan.md", "triangle.md", "tictactoe.md"} <= named
    missing = sorted(n for n in named if not (repo_root / "docs" / n).exists())
    assert not missing, missing


def test_every_game_has_its_page(repo_root: pathlib.Path):
    import meeple

    for name in meeple.games():
        page = repo_root / "docs" / f"{name}.md"
        assert page.exists(), f"docs/{name}.md is missing"
        assert f"(`{name}`)" in page.read_text(encoding="utf-8").splitlines()[0]
