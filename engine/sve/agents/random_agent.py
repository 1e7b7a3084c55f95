"""The uniform random agent."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.sve.actions import Action
from engine.sve.agents.base import AGENTS
from engine.sve.observation import Observation


class RandomAgent:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """A uniformly random legal action."""
        return legal_actions[int(rng.random() * len(legal_actions))]


AGENTS["random"] = RandomAgent
