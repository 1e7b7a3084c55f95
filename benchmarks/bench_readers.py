"""Deck-list readers on adversarial pastes of 1 MB: every reader runs in linear time.

Each paste is as large as the upload limit allows (1 MiB) and built to make a
backtracking line pattern stall: long runs of blanks inside section headers and card
lines, runs of digits, unclosed brackets. Prints the median time to read each paste (over
repeated runs) with the SVE and the Riftbound reader; bad pastes are refused with an
``InputError``, which is timed like a successful read.

    python benchmarks/bench_readers.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from cardpool import decklist
from cardpool.errors import InputError
from cardpool.readers import MAX_DECK_BYTES, MAX_LINES
from cardpool.riftbound import decklist as riftbound_decklist

PER_LINE = MAX_DECK_BYTES // MAX_LINES - 2
"""Characters per line when a paste is spread over the most lines a list may have."""


def _fill(head: str, tail: str, width: int, pad: str = " ") -> str:
    gap = width - len(head) - len(tail)
    return head + (pad * gap)[:gap] + tail


def pastes() -> dict[str, str]:
    """Adversarial pastes of just under 1 MiB each, by name."""
    one = MAX_DECK_BYTES - 16
    many = MAX_LINES - 1
    return {
        "one line: Main + blanks + x": _fill("Main", "x", one),
        "one line: Main + tabs and blanks + deck": _fill("Main", "deck", one, " \t"),
        "one line: 3 + blanks + code": _fill("3", "BP01-001", one),
        "one line: a run of digits": _fill("", " BP01-001", one, "7"),
        "one line: unclosed brackets": "2 Cleave " + "[OGN-1" * (one // 6),
        "500 lines: headers padded with blanks": "\n".join(
            _fill("Main", "deck", PER_LINE) for _ in range(many)
        ),
        "500 lines: card lines padded with blanks": "\n".join(
            _fill("3", "BP01-001", PER_LINE) if i % 2 else _fill("Main", "deck", PER_LINE)
            for i in range(many)
        ),
    }


def _time(read: Callable[[str], object], text: str, runs: int) -> tuple[float, str]:
    samples: list[float] = []
    outcome = ""
    for _ in range(runs):
        start = time.perf_counter()
        try:
            read(text)
            outcome = "read"
        except InputError:
            outcome = "refused"
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000, outcome


def main() -> None:
    """Print the median read time of every adversarial paste with both readers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    readers: dict[str, Callable[[str], object]] = {
        "sve": decklist.parse_text,
        "riftbound": riftbound_decklist.parse_text,
    }
    worst = 0.0
    for name, text in pastes().items():
        size = len(text.encode("utf-8"))
        for game, read in readers.items():
            ms, outcome = _time(read, text, args.runs)
            worst = max(worst, ms)
            print(f"{game:9s} {name:42s} {size:>9,} bytes  {outcome:7s}  median {ms:8.1f} ms")
    print(f"slowest 1 MB adversarial paste: median {worst:.1f} ms")


if __name__ == "__main__":
    main()
