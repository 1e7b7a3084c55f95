"""The agent levels a user picks from: plain descriptions, expected time, the default.

The per-game costs are the one cost table ``benchmarks/bench_agents.py --write`` measures
and writes (``analytics/data/agent_costs.json``: seconds of one core per game, each agent
playing itself, on the compiled and on the plain Python engine); docs/speed.md and
docs/agents.md show the same table (:func:`costs_markdown`). The default agent and the trust
note come from the ladder and from ``benchmarks/calibration.py`` (see docs/calibration.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

import engine
from engine.sve.agents import parse_agent
from engine.sve.agents.planner import DEFAULT_NODES
from engine.sve.agents.search import DEFAULT_SIMULATIONS

COSTS_FILE = "agent_costs.json"
"""The cost table in ``analytics/data`` (written by ``benchmarks/bench_agents.py --write``)."""
ENGINES = ("compiled", "plain")
"""The engine builds the table measures: compiled ahead of time, and the plain sources."""


def cost_table() -> dict[str, Any]:
    """The committed cost table: ``{"engines": {engine: {agent: {"core_seconds_per_game",
    "games_per_core_second"}}}, ...}`` and how it was measured."""
    text = resources.files("analytics").joinpath("data", COSTS_FILE).read_text(encoding="utf-8")
    table: dict[str, Any] = json.loads(text)
    return table


def running_engine() -> str:
    """The build of the engine this process plays on: ``compiled`` or ``plain``."""
    return "compiled" if engine.compiled() else "plain"


def core_seconds(agent: str, build: str | None = None) -> float:
    """Seconds of one core per game of ``agent`` (both sides) on ``build`` (default: the
    running engine's; the plain figure where the table has no compiled one)."""
    engines = cost_table()["engines"]
    measured = engines.get(build or running_engine()) or engines["plain"]
    return float(measured[agent]["core_seconds_per_game"])


def costs_markdown(table: dict[str, Any]) -> str:
    """The cost table as the docs show it: one row per agent, both engine builds."""
    builds = [b for b in ENGINES if b in table["engines"]]
    head = "| agent | " + " | ".join(
        f"{b}: core-seconds per game | {b}: games per core-second" for b in builds
    )
    lines = [head + " |", "|---" * (1 + 2 * len(builds)) + "|"]
    for agent in table["engines"][builds[0]]:
        cells = []
        for b in builds:
            cost = table["engines"][b][agent]
            cells.append(f"{cost['core_seconds_per_game']:.4f}")
            cells.append(f"{cost['games_per_core_second']:.1f}")
        lines.append(f"| `{agent}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class Level:
    """One agent level as the dashboard offers it."""

    agent: str
    title: str
    description: str
    scale: float = 1.0
    """The budget asked over the default budget (the cost grows with it)."""

    @property
    def core_seconds(self) -> float:
        """Seconds of one core per game (both sides this agent) on the running engine, from
        the cost table (search scaled from its default budget: an order of magnitude)."""
        name, _ = parse_agent(self.agent)
        return core_seconds(name) * self.scale


LEVELS: tuple[Level, ...] = (
    Level("random", "Random", "Plays any legal move. The floor, for sanity checks."),
    Level(
        "greedy", "Greedy",
        "Looks one move ahead: takes lethal, spends its points, makes good trades. Fast; "
        "misplays what needs a plan.",
    ),
    Level(
        "planner", "Planner",
        f"Plans its whole turn ({DEFAULT_NODES} positions searched) and checks the opponent's "
        "reply. Never misses a lethal it can see.",
    ),
    Level(
        "search", "Search",
        f"Tree search over {DEFAULT_SIMULATIONS} imagined deals of the cards it cannot see "
        "per decision. The strongest and by far the slowest.",
    ),
)  # fmt: skip

ROUND_ROBIN_BUDGET = 0.21
"""Core-seconds a game that an 8-deck round robin of 200 games per pairing (5,600 games)
may cost to finish in 10 minutes on two cores."""

DEFAULT_AGENT = "planner"
"""The agent of ``simulate``, ``matrix``, the studies and the dashboard unless another is
asked for.

Chosen from the ladder and the calibration: the strongest level whose cost fits
:data:`ROUND_ROBIN_BUDGET` (on the plain engine too). ``planner`` beats ``greedy`` about 7
games in 10 and gives fewer lopsided pairings (see docs/agents.md and docs/calibration.md);
its cost and that of ``search`` are in the cost table."""


def level(agent: str) -> Level:
    """The level of an agent name (a budget scales the cost of ``planner`` and ``search``)."""
    name, budget = parse_agent(agent)
    base = next(lv for lv in LEVELS if lv.agent == name)
    if budget is None:
        return base
    default = DEFAULT_NODES if name == "planner" else DEFAULT_SIMULATIONS
    return Level(agent, f"{base.title} ({budget})", base.description, budget / default)


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
