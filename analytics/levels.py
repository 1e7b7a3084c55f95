"""The agent levels a user picks from: plain descriptions, expected time, the default.

The per-game costs come from ``benchmarks/bench_agents.py`` (seconds of one core per game
against the greedy agent); the default agent and the trust note from the ladder and from
``benchmarks/calibration.py`` (see docs/calibration.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.sve.agents import parse_agent
from engine.sve.agents.planner import DEFAULT_NODES
from engine.sve.agents.search import DEFAULT_SIMULATIONS


@dataclass(frozen=True, slots=True)
class Level:
    """One agent level as the dashboard offers it."""

    agent: str
    title: str
    description: str
    core_seconds: float
    """Seconds of one core per game (both sides this agent), measured by bench_agents.py
    on the 2-core reference machine, otherwise idle (search from 12 games only: an order of
    magnitude)."""


LEVELS: tuple[Level, ...] = (
    Level("random", "Random", "Plays any legal move. The floor, for sanity checks.", 0.0051),
    Level(
        "greedy", "Greedy",
        "Looks one move ahead: takes lethal, spends its points, makes good trades. Fast; "
        "misplays what needs a plan.", 0.0044,
    ),
    Level(
        "planner", "Planner",
        f"Plans its whole turn ({DEFAULT_NODES} positions searched) and checks the opponent's "
        "reply. Never misses a lethal it can see.", 0.110,
    ),
    Level(
        "search", "Search",
        f"Tree search over {DEFAULT_SIMULATIONS} imagined deals of the cards it cannot see "
        "per decision. The strongest and by far the slowest.", 0.99,
    ),
)  # fmt: skip

ROUND_ROBIN_BUDGET = 0.21
"""Core-seconds a game that an 8-deck round robin of 200 games per pairing (5,600 games)
may cost to finish in 10 minutes on two cores."""

DEFAULT_AGENT = "planner"
"""The agent of ``simulate``, ``matrix``, the studies and the dashboard unless another is
asked for.

Chosen from the ladder and the calibration: the strongest level whose cost fits
:data:`ROUND_ROBIN_BUDGET`. ``planner`` beats ``greedy`` about 7 games in 10 and gives
fewer lopsided pairings (see docs/agents.md and docs/calibration.md), and with the
copy-on-write state clone it costs about 0.12 core-seconds a game; ``search`` costs about
nine times more."""


def level(agent: str) -> Level:
    """The level of an agent name (a budget scales the cost of ``planner`` and ``search``)."""
    name, budget = parse_agent(agent)
    base = next(lv for lv in LEVELS if lv.agent == name)
    if budget is None:
        return base
    default = DEFAULT_NODES if name == "planner" else DEFAULT_SIMULATIONS
    scale = budget / default
    return Level(agent, f"{base.title} ({budget})", base.description, base.core_seconds * scale)


def players_word(agents: tuple[str, str]) -> str:
    """The AI players of a run in words.

    >>> players_word(("planner", "planner")), players_word(("greedy", "search:400"))
    ('Planner for both decks', 'Greedy (A) vs Search (400) (B)')
    """
    a, b = (level(agent).title for agent in agents)
    return f"{a} for both decks" if agents[0] == agents[1] else f"{a} (A) vs {b} (B)"


def expected_seconds(agents: tuple[str, str], games: int, cores: int = 2) -> float:
    """About how long ``games`` games take on ``cores`` cores (each side costs half its level)."""
    per_game = (level(agents[0]).core_seconds + level(agents[1]).core_seconds) / 2
    return per_game * games / max(cores, 1)
