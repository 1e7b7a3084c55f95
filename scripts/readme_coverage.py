"""Rewrite the coverage block of docs/cards.md from ``decklab engine coverage`` (run it after
``decklab engine compile``; needs ``../shared`` for the tournament share)."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path

from decklab.cli import main

CARDS = Path(__file__).resolve().parents[1] / "docs" / "cards.md"
START = "Coverage now ("
END = "\n\nNot modelled yet"


def measured(*args: str) -> str:
    """The output of ``decklab engine coverage`` with ``args``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["engine", "coverage", *args])
    if code != 0:
        sys.exit(code)
    return out.getvalue().strip()


def block() -> str:
    """The block's text: how it was measured, the headline figures, the table."""
    rep = json.loads(measured("--json"))
    starter, decks = rep["starter"], rep["decks"]
    head = (
        "Coverage now (`decklab engine coverage --top 15`; sets by canonical card id, tokens\n"
        "excluded; tournament share over the main decks of the 595 lists in\n"
        "`../shared/data/sve/decks/individual_v2.jsonl`). Starter decks SD01-SD08: "
        f"{starter['full']} of the\n{starter['cards']} distinct cards printed in them "
        "(leaders and tokens aside) are full (goal: all).\n"
        f"Tournament card copies fully modelled: {100 * decks['full_share']:.1f}% "
        "(goal: at least 80%)."
    )
    return head + "\n\n" + measured("--top", "15")


def main_() -> None:
    """Replace the block between its start marker and the paragraph after it."""
    text = CARDS.read_text(encoding="utf-8")
    start, end = text.index(START), text.index(END)
    new = block()
    CARDS.write_text(text[:start] + new + text[end:], encoding="utf-8")
    found = re.search(r"Tournament card copies fully modelled: [\d.]+%", new)
    print(found[0] if found else "coverage block rewritten")


if __name__ == "__main__":
    main_()
