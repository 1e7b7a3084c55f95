"""Players for the SVE engine: each sees only an observation and the legal actions."""

from __future__ import annotations

from engine.sve.agents.base import AGENTS, Agent, make_agent
from engine.sve.agents.greedy import GreedyAgent
from engine.sve.agents.random_agent import RandomAgent

__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
