"""The agent picker of the simulation pages: every level, in plain words, with its cost."""

from __future__ import annotations

from typing import Any

from analytics.levels import DEFAULT_AGENT, LEVELS, expected_seconds, level

CORES = 2
"""The cores the expected times assume (a small machine)."""


def pick(where: Any, label: str, key: str) -> str:
    """A select box of the agent levels (the default agent first chosen); returns its name."""
    names = [lv.agent for lv in LEVELS]
    return str(
        where.selectbox(
            label, names, index=names.index(DEFAULT_AGENT), key=key,
            format_func=lambda name: level(name).title,
            help="\n\n".join(f"**{lv.title}**: {lv.description}" for lv in LEVELS),
        )
    )  # fmt: skip


def duration(seconds: float) -> str:
    """A rough duration in words.

    >>> duration(20), duration(200), duration(20_000)
    ('under a minute', 'about 3 minutes', 'about 5.6 hours')
    """
    if seconds < 60:
        return "under a minute"
    if seconds < 5400:
        return f"about {round(seconds / 60)} minutes"
    return f"about {seconds / 3600:.1f} hours"


def cost_note(agents: tuple[str, str], games: int) -> str:
    """What the chosen agents do and how long ``games`` games take on two cores."""
    names = dict.fromkeys(agents)
    said = " ".join(f"{level(a).title}: {level(a).description}" for a in names)
    took = duration(expected_seconds(agents, games, CORES))
    return f"{said} Expected time for {games:,} games on {CORES} cores: {took}."
