"""``meeple web DIR`` without a browser: the files it writes, the worker script it builds
from the ES modules, and what it says when the build or the folder is wrong."""

from __future__ import annotations

import json
import re

import pytest

from meeple.commands.main import main
from meeple.play import site


def test_it_writes_the_site_with_the_play_pages_and_their_scripts_unchanged(require_wasm, tmp_path, capsys):
    out = tmp_path / "site"
    assert main(["web", str(out)]) == 0
    assert "open " in capsys.readouterr().out
    names = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert names == sorted(["index.html", "viewer.html", "draw.js", "play-page.js", "transport.js", "lib/meeple.mjs", "lib/errors.mjs",
                            "lib/wasm/meeple.mjs", "lib/wasm/meeple.wasm"]
                           + [f"play-{n}.{e}" for n in ("catan", "triangle", "table") for e in ("html", "js")])
    for name in ("catan", "triangle", "table"):
        # The page's own script is meeple play's file, byte for byte; the page differs
        # only in its policy: a worker from a Blob, WebAssembly, no server.
        assert (out / f"play-{name}.js").read_bytes() == (site.PAGES / f"play-{name}.js").read_bytes()
        assert (out / "play-page.js").read_bytes() == (site.PAGES / "play-page.js").read_bytes()
        page = (out / f"play-{name}.html").read_text()
        original = (site.PAGES / f"play-{name}.html").read_text()
        assert page.replace("script-src 'self' 'wasm-unsafe-eval'", "script-src 'self'").replace(
            "connect-src 'none'; worker-src blob:", "connect-src 'self'") == original
        assert "<script>" not in page  # no inline script: the policy runs only files
    assert (out / "lib/wasm/meeple.wasm").read_bytes() == require_wasm.wasm.read_bytes()
    transport = (out / "transport.js").read_text()
    source = json.loads(transport[len("const MEEPLE_WORKER_SOURCE = "):transport.index(";\n")])
    assert "MEEPLE_WASM_BASE64" in source and "MeepleSessions" in source and "self.onmessage" in source
    assert not re.search(r"^\s*(import|export)\b", source, re.M) and "import.meta" not in source
    # Written again into the same folder: allowed (a site is there).
    assert main(["web", str(out)]) == 0


def test_classic_module_drops_exports_and_refuses_imports_it_cannot_inline():
    code, names = site.classic_module('import { A } from "./errors.mjs";\nexport * from "./errors.mjs";\n'
                                      "export const X = 1;\nexport async function load() { return import.meta.url; }\n"
                                      "export class Game {}\n")
    assert names == ["X", "load", "Game"]
    assert code == "const X = 1;\nasync function load() { return self.location.href; }\nclass Game {}"
    with pytest.raises(ValueError, match="imports ./other.mjs"):
        site.classic_module('import { B } from "./other.mjs";\n')
    with pytest.raises(ValueError, match="import or export statements"):
        site.classic_module("export { X as Y };\n")


def test_without_the_build_it_says_how_to_make_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(site, "_candidates", lambda: [(tmp_path / "nowhere", tmp_path / "nowhere" / "js")])
    assert main(["web", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert "the WebAssembly build of meeple is not here" in err and "tools/build_wasm.sh" in err
    assert str(tmp_path / "nowhere") in err
    assert not (tmp_path / "site").exists()


def test_a_file_or_a_folder_of_other_files_is_refused(tmp_path, capsys):
    afile = tmp_path / "f.txt"
    afile.write_text("x")
    assert main(["web", str(afile)]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    assert main(["web", str(busy)]) == 2
    assert "holds other files" in capsys.readouterr().err and (busy / "notes.txt").read_text() == "mine"
