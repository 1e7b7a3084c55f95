"""Options shared by the commands: whole numbers within a range, the AI players; refused in
one line."""

from __future__ import annotations

import argparse
from collections.abc import Callable

MAX_SEED = 2**63 - 1
"""Seeds are stored as signed 64-bit integers."""
MAX_TURN_LIMIT = 1000
"""A real game lasts a few dozen turns; the limit only stops a stuck game."""


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, else a one-line error.

    >>> whole(1, 9)("3")
    3
    """

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            raise argparse.ArgumentTypeError(
                f"{text[:40]!r} is not a whole number from {low:,} to {high:,}"
            )
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range ({low:,} to {high:,})")
        return value

    parse.__name__ = "whole number"
    return parse


def agents(text: str) -> tuple[str, str]:
    """``--agents``: one AI player for both sides, or two separated by a comma (A's, B's).

    >>> agents("greedy"), agents("planner,search:400")
    (('greedy', 'greedy'), ('planner', 'search:400'))
    """
    from cardpool.errors import InputError
    from engine.sve.agents import agent_pair

    try:
        return agent_pair(text)
    except ValueError as err:
        raise InputError(f"--agents {text!r}: {err}") from None
