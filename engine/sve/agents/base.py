"""The agent interface and the registry of agents by short name."""

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


AGENTS: dict[str, Callable[[], Agent]] = {}
"""Agent factories by short name (``random``, ``greedy``)."""


def make_agent(name: str) -> Agent:
    """A new agent by short name; ``ValueError`` names the known ones."""
    try:
        factory = AGENTS[name]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise ValueError(f"unknown agent {name!r}; known agents: {known}") from None
    return factory()
