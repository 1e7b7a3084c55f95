"""Dashboard responsiveness: first render of every page, and the odds update after a count edit.

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
import statistics
import sys
import tempfile
import time
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


def main() -> None:
    """Run the benchmark and print medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    os.environ["DECKLAB_DB"] = str(Path(tempfile.mkdtemp(prefix="bench_dashboard_")) / "db")
    sys.path.insert(0, str(ROOT))

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
