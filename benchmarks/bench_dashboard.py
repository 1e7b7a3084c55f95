"""Dashboard responsiveness: the first page in a real browser from server start, the first
render of every page, and the odds update after a count edit.

The first page is measured the way a user meets it: ``decklab dashboard`` starts on a
database that exists already (as ``scripts/dashboard.sh`` leaves it), Debian's Chromium
(through Playwright, already running) opens the address as soon as the server answers its
health check, and the clock stops when the Card pool page is drawn and its script has
finished. Printed: server start to health check, to the page drawn, and the same page in a
second browser session of the same server (what a later visitor waits). Needs Playwright and
Chromium (``--skip-browser`` leaves it out); wall time, so an otherwise idle machine.

Every page listed in ``dashboard/app.py`` is rendered through Streamlit's AppTest in a fresh
session holding the example deck (``examples/forest_fairies.txt``); the time is that of the
session's first script run on the page. The database connection and the card pool are
built once beforehand, as on a running server; the memoised odds arithmetic is cleared
before every run so each one computes from scratch.

The update is the rerun after the copies of the chosen card change on the Curve and odds
page (3 -> 2 and back): the page recomputes the histogram, the odds table of the chosen
card by turn and seat, and the curve, and redraws. It is timed under the never and the
optimal mulligan. Medians over repeated runs, in milliseconds.

    python benchmarks/bench_dashboard.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "dashboard" / "app.py"
EXAMPLE = ROOT / "examples" / "forest_fairies.txt"
CARD = "SD01-005"
"""A 3-of of the example deck."""
TIMEOUT = 120
"""Seconds an AppTest run may take on a busy shared machine."""


def pages() -> list[str]:
    """The page scripts registered in ``dashboard/app.py``, in navigation order."""
    return re.findall(r'st\.Page\(\s*"(app_pages/[a-z_]+\.py)"', APP.read_text(encoding="utf-8"))


CHROMIUM_ARGS = [
    "--no-sandbox", "--headless", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
"""As the browser tests launch it."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _healthy(url: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as resp:
                if resp.read() == b"ok":
                    return
        except OSError:
            time.sleep(0.02)
    raise SystemExit("the dashboard never answered its health check")


def _cpu(pid: int) -> float:
    """CPU seconds process ``pid`` has used so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def browser_first_page(runs: int) -> None:
    """Server start to the first page drawn in Chromium; medians over ``runs`` servers."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        chromium = None
    if chromium is None:
        print("first page in a browser: skipped (needs Playwright and Chromium)")
        return
    subprocess.run(
        [sys.executable, "-m", "decklab", "db", "init"], check=True, capture_output=True
    )  # as scripts/dashboard.sh does before it starts the server
    healthy, drawn, again, cpu_healthy, cpu_drawn = [], [], [], [], []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for _ in range(runs):
            port = _free_port()
            url = f"http://127.0.0.1:{port}"
            start = time.perf_counter()
            server = subprocess.Popen(
                [sys.executable, "-m", "decklab", "dashboard", "--port", str(port)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            try:
                _healthy(url, time.monotonic() + TIMEOUT)
                healthy.append(time.perf_counter() - start)
                cpu_healthy.append(_cpu(server.pid))
                for times in (drawn, again):
                    page = browser.new_page()
                    opened = time.perf_counter()
                    page.goto(url)
                    page.get_by_role("heading", name="Card pool").wait_for(timeout=TIMEOUT * 1000)
                    page.locator("[data-test-script-state='notRunning']").wait_for(
                        state="attached", timeout=TIMEOUT * 1000
                    )
                    times.append(time.perf_counter() - (start if times is drawn else opened))
                    if times is drawn:
                        cpu_drawn.append(_cpu(server.pid))
                    page.close()
            finally:
                server.terminate()
                server.wait(timeout=30)
        browser.close()
    print(f"first page in Chromium (median of {runs} fresh servers, database built):")
    print(
        f"  server start to health check   {1000 * statistics.median(healthy):6.0f} ms"
        f"  (server CPU {1000 * statistics.median(cpu_healthy):5.0f} ms)"
    )
    print(
        f"  server start to page drawn     {1000 * statistics.median(drawn):6.0f} ms"
        f"  (server CPU {1000 * statistics.median(cpu_drawn):5.0f} ms)"
    )
    print(f"  same page, a second session    {1000 * statistics.median(again):6.0f} ms")


def main() -> None:
    """Run the benchmark and print medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--browser-runs", type=int, default=5)
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--browser-only", action="store_true")
    args = parser.parse_args()
    os.environ["DECKLAB_DB"] = str(Path(tempfile.mkdtemp(prefix="bench_dashboard_")) / "db")
    sys.path.insert(0, str(ROOT))
    if not args.skip_browser:
        browser_first_page(args.browser_runs)
    if args.browser_only:
        return

    from streamlit.testing.v1 import AppTest

    from analytics.odds import clear_caches
    from cardpool.decklist import parse_deck
    from cardpool.legality import assign_sections
    from dashboard import data

    def session(page: str, state: dict[str, object] | None = None) -> AppTest:
        at = AppTest.from_file(APP, default_timeout=TIMEOUT)
        deck = parse_deck(EXAMPLE.read_text(encoding="utf-8"), path=str(EXAMPLE))
        at.session_state["deck"] = assign_sections(deck, data.pool("sve"))
        for key, value in (state or {}).items():
            at.session_state[key] = value
        at.switch_page(page)
        return at

    def checked(at: AppTest) -> AppTest:
        if at.exception:
            raise SystemExit(f"the page raised: {at.exception}")
        return at

    start = time.perf_counter()
    checked(session("app_pages/card_pool.py").run())  # builds the database and the pool
    print(f"database and pool, once per server: {1000 * (time.perf_counter() - start):.0f} ms")
    print(f"first render per page (median of {args.runs} fresh sessions, example deck):")
    for page in pages():
        times = []
        title = ""
        for _ in range(args.runs):
            at = session(page)
            clear_caches()
            start = time.perf_counter()
            checked(at.run())
            times.append(time.perf_counter() - start)
            title = at.title[0].value if at.title else "(no title)"
        print(
            f"  {Path(page).stem:<12} median {1000 * statistics.median(times):6.0f} ms"
            f"  (min {1000 * min(times):.0f} ms)  shows {title!r}"
        )

    print(f"Curve and odds: rerun after the copies of {CARD} change (median of {args.runs}):")
    for policy in ("never", "optimal"):
        state: dict[str, object] = {"odds_cards": [CARD], "odds_mulligan": policy}
        at = checked(session("app_pages/curve_odds.py", state).run())
        times = []
        for i in range(args.runs):
            copies = 2 if i % 2 == 0 else 3
            widget = at.number_input(key=f"odds_copies_{CARD}").set_value(copies)
            clear_caches()
            start = time.perf_counter()
            checked(widget.run())
            times.append(time.perf_counter() - start)
            assert at.session_state["deck"].main[CARD] == copies
        print(
            f"  mulligan {policy:<8} median {1000 * statistics.median(times):6.0f} ms"
            f"  (min {1000 * min(times):.0f} ms)"
        )


if __name__ == "__main__":
    main()
