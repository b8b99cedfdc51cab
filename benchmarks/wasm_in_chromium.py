"""The static site of ``meeple web`` in headless Chromium (Debian's chromium and
chromium-driver through selenium), opened from disk: page start-up time, and the
library's speed in the page's Web Worker against the native library on the same
machine, one thread each (the cases of benchmarks/wasm_vs_native.mjs).

Start-up: from navigation to the page's ``meeple-ready`` performance mark (the first
position drawn and clickable; the worker has compiled the WebAssembly and answered),
median of ``--repeat`` fresh loads of each page. Speed: best of ``--repeat`` runs.

Run: tools/build_wasm.sh && PYTHONPATH=build/test/stage/python python benchmarks/wasm_in_chromium.py
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import meeple
from meeple.play.site import write_site

CASES = [
    {"what": "random Catan games/s", "game": "catan", "games": 300},
    {"what": "MCTS Catan iterations/s", "game": "catan", "search": "mcts(iterations=200,seed=1)"},
    {"what": "MCTS tic-tac-toe iterations/s", "game": "tictactoe", "search": "mcts(iterations=50000,seed=1)"},
]
PAGES = [("Catan (3 heuristic opponents)", "play-catan.html", "meepleCatan"),
         ("triangle puzzle", "play-triangle.html", "meeplePlay"),
         ("tic-tac-toe", "play-table.html?spec=tictactoe", "meepleTable")]


def native_rate(case: dict) -> float:
    if "games" in case:
        t0 = time.perf_counter()
        meeple.run_random_games(case["game"], case["games"], seed=1, threads=1)
        return case["games"] / (time.perf_counter() - t0)
    g = meeple.Game(case["game"])
    s = meeple.Search(case["search"], g, threads=1)
    s.set_root(g.new_state(1))
    s.run()
    st = s.stats()
    return st.iterations / st.seconds


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(300)
    return driver


def ready_ms(driver, url: str, obj: str) -> float:
    driver.get(url)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        ms = driver.execute_script(
            f"return window.{obj} && {obj}.ready && performance.getEntriesByName('meeple-ready')[0].startTime")
        if ms:
            return float(ms)
        time.sleep(0.01)
    raise RuntimeError(f"{url} was not ready in 30 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    site = Path(tempfile.mkdtemp(prefix="meeple-web-bench-"))
    write_site(site)
    version = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True).stdout.strip()
    driver = browser()
    try:
        print(f"| page ({version}, from file://) | interactive (median of {args.repeat}) |")
        print("|---|---:|")
        for what, page, obj in PAGES:
            times = [ready_ms(driver, (site / page.split("?")[0]).as_uri() + (page[page.index("?"):] if "?" in page else ""),
                              obj) for _ in range(args.repeat)]
            print(f"| {what} | {statistics.median(times):.0f} ms |")
        ready_ms(driver, (site / "play-triangle.html").as_uri(), "meeplePlay")
        wasm = [0.0] * len(CASES)
        for _ in range(args.repeat):
            rates = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "MeepleTransport.bench(arguments[0]).then((r) => done(r.data));", CASES)
            wasm = [max(a, b) for a, b in zip(wasm, rates)]
    finally:
        driver.quit()
    native = [max(native_rate(c) for _ in range(args.repeat)) for c in CASES]
    print()
    print("| what | WebAssembly (Chromium worker) | native | wasm/native |")
    print("|---|---:|---:|---:|")
    for c, w, n in zip(CASES, wasm, native):
        print(f"| {c['what']} | {w:,.0f} | {n:,.0f} | {100 * w / n:.0f}% |")


if __name__ == "__main__":
    main()
