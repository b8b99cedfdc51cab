"""A game log is data from anywhere: the viewer shows every value of a crafted log as
text and runs none of it, and each page's Content-Security-Policy runs only its own
scripts (issue 37, item 7). Headless chromium, as in test_viewer.py."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from meeple.commands import main
from meeple.records.viewer import VIEWER, inline_script_hashes

from test_viewer import browser, load, open_viewer  # noqa: F401  (the fixture and helpers)

from conftest import REPO_ROOT

PAYLOAD = '<img src=x onerror="window.__meeplePwned=1">'
KEEP = {"type", "format", "version", "action",  # what makes a line a record the viewer reads
        "data", "board", "buildings", "roads", "occupied", "playable", "shapes", "templates", "cells"}  # geometry
PAGES = [VIEWER, REPO_ROOT / "bindings/python/meeple/play/pages/play-catan.html",
         REPO_ROOT / "bindings/python/meeple/play/pages/play-triangle.html",
         REPO_ROOT / "bindings/python/meeple/play/pages/play-table.html"]


def craft(value, key=None):
    """Every number and string of a record, at any depth, replaced by the payload."""
    if isinstance(value, dict):
        return {k: (v if k in KEEP else craft(v, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [craft(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    return PAYLOAD


@pytest.mark.parametrize("spec", ["catan(vp_to_win=4)", "triangle", "tictactoe"])
def test_a_crafted_log_shows_its_markup_as_text_and_runs_nothing(browser, tmp_path, spec):  # noqa: F811
    demo = tmp_path / "demo.jsonl.gz"
    assert main(["demo", "--game", spec, "--games", "1", "--quiet", "--seed", "5", "--log", str(demo)]) == 0
    records = [json.loads(line) for line in gzip.decompress(demo.read_bytes()).decode().splitlines() if line]
    crafted = [craft(r) for r in records]
    crafted[0]["name"] = spec.split("(")[0]  # the viewer picks its drawing by this name
    path = tmp_path / "crafted.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in crafted))
    open_viewer(browser)
    load(browser, path)
    steps = browser.execute_script("return meepleViewer.game.steps.length")
    assert steps == len(records) - 2
    for k in range(steps + 1):
        browser.execute_script("try { meepleViewer.go(arguments[0]); } catch (e) {}", k)
        found = browser.execute_script("return document.querySelectorAll('img, [onerror]').length")
        assert found == 0, f"position {k}: markup from the log became elements"
    assert "<img src=x" in browser.find_element("tag name", "body").text, "the payload shows as text"
    assert browser.execute_script("return window.__meeplePwned === undefined")


def test_the_policy_refuses_inline_handlers_even_if_markup_got_in(browser):  # noqa: F811
    open_viewer(browser)
    browser.execute_script("document.body.insertAdjacentHTML('beforeend', arguments[0])", PAYLOAD)
    browser.execute_script("return new Promise((r) => setTimeout(r, 300))")
    assert browser.execute_script("return window.__meeplePwned === undefined")


def test_a_page_with_a_log_inside_it_runs_under_the_same_policy(browser, tmp_path):  # noqa: F811
    demo = tmp_path / "t.jsonl.gz"
    assert main(["demo", "--game", "tictactoe", "--games", "1", "--quiet", "--log", str(demo)]) == 0
    page = tmp_path / "t.html"
    assert main(["view", str(demo), "--no-browser", "-o", str(page)]) == 0
    text = page.read_text()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', text).group(1)
    assert all(h in policy for h in inline_script_hashes(text))
    browser.get(page.as_uri())
    assert browser.execute_script("return meepleViewer.game.steps.length") > 0


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_each_page_policy_lists_the_hash_of_each_inline_script(page):
    text = page.read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', text)
    assert policy, f"{page.name} has no Content-Security-Policy"
    assert "'unsafe-inline'" not in policy.group(1).split("script-src")[1].split(";")[0]
    for h in inline_script_hashes(text):
        assert h in policy.group(1), f"{page.name}: an inline script changed; run python tools/update_csp.py"
