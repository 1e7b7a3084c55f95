"""The agent interface and the registry of agents by name, with an optional budget.

An agent is named by its short name, optionally followed by its budget: ``greedy``,
``planner``, ``planner:300`` (positions searched per plan), ``search:400`` (simulations per
decision). The budget is a count, never a time, so a game depends only on its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from engine.sve.actions import Action
from engine.sve.observation import Observation


class Agent(Protocol):
    """Anything that picks one of the legal actions from what its player may see."""

    name: str

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Return one element of ``legal_actions``."""
        ...


AGENTS: dict[str, Callable[..., Agent]] = {}
"""Agent factories by short name (``random``, ``greedy``, ``planner``, ``search``); those
that take a budget accept it as their one argument."""
BUDGETED: set[str] = set()
"""The short names whose agents take a budget (``name:N``)."""
MAX_BUDGET = 1_000_000


def parse_agent(spec: str) -> tuple[str, int | None]:
    """``"search:400"`` as ``("search", 400)``; ``ValueError`` with one clear line if not valid."""
    name, colon, budget_text = spec.strip().partition(":")
    if name not in AGENTS:
        known = ", ".join(sorted(AGENTS))
        raise ValueError(f"unknown agent {name!r}; known agents: {known}")
    if not colon:
        return name, None
    if name not in BUDGETED:
        raise ValueError(f"agent {name!r} takes no budget (write {name!r} alone)")
    if not budget_text.isdigit() or not 1 <= int(budget_text) <= MAX_BUDGET:
        raise ValueError(
            f"agent {spec.strip()!r}: the budget after ':' must be a whole number "
            f"from 1 to {MAX_BUDGET}"
        )
    return name, int(budget_text)


def make_agent(name: str) -> Agent:
    """A new agent from its name and optional budget (``planner:200``); ``ValueError`` if
    unknown."""
    short, budget = parse_agent(name)
    factory = AGENTS[short]
    return factory() if budget is None else factory(budget)


def agent_help() -> str:
    """The agent names for help texts: ``greedy, planner[:N], random, search[:N]``."""
    return ", ".join(f"{n}[:N]" if n in BUDGETED else n for n in sorted(AGENTS))


def agent_pair(text: str) -> tuple[str, str]:
    """One agent for both sides (``greedy``) or two separated by a comma
    (``planner,search:400``), each checked by :func:`parse_agent`; ``ValueError`` with one
    clear line otherwise.

    >>> agent_pair("greedy"), agent_pair("planner, search:400")
    (('greedy', 'greedy'), ('planner', 'search:400'))
    """
    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or not all(names):
        raise ValueError(
            f"give one agent for both sides or two separated by a comma, from {agent_help()}"
        )
    for name in names:
        parse_agent(name)
    return names[0], names[1]
