"""Players for the SVE engine: each sees only an observation and the legal actions."""

from __future__ import annotations

from engine.sve.agents.base import (
    AGENTS,
    BUDGETED,
    Agent,
    agent_help,
    agent_pair,
    make_agent,
    parse_agent,
)
from engine.sve.agents.greedy import GreedyAgent
from engine.sve.agents.planner import PlannerAgent
from engine.sve.agents.random_agent import RandomAgent
from engine.sve.agents.search import SearchAgent

BUDGETED.update(("planner", "search"))

__all__ = [
    "AGENTS",
    "BUDGETED",
    "Agent",
    "GreedyAgent",
    "PlannerAgent",
    "RandomAgent",
    "SearchAgent",
    "agent_help",
    "agent_pair",
    "make_agent",
    "parse_agent",
]
