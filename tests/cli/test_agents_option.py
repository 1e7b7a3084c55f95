"""``--agents`` follows one rule in every command that plays games: one AI player for both
sides, or two separated by a comma; anything else is refused in one line, before any game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
A, B, C = (
    str(EXAMPLES / n) for n in ("forest_fairies.txt", "sword_knights.txt", "rune_golems.txt")
)
SMALL = ["--games", "2", "--workers", "1", "--quiet"]
COMMANDS: dict[str, list[str]] = {
    "play": ["play", A, B],
    "simulate": ["simulate", A, B, *SMALL],
    "matrix": ["matrix", A, B, *SMALL],
    "compare": ["compare", A, C, "--field", B, *SMALL],
    "impact": ["impact", A, "--field", B, "--card", "SD01-001", *SMALL],
    "mulligan-test": ["mulligan-test", A, "--field", B, "--policy", "never",
                      "--policy", "keep-if:SD01-005", *SMALL],
    "gauntlet": ["gauntlet", A, *SMALL],
}  # fmt: skip
PLAYS = [c for c in COMMANDS if c != "gauntlet"]  # the gauntlet also needs tournament lists
REFUSED = {
    "three agents": ("greedy,random,planner", "one agent for both sides or two"),
    "an empty side": ("greedy,", "one agent for both sides or two"),
    "an unknown agent": ("wizard", "unknown agent 'wizard'"),
    "an unknown second agent": ("greedy,wizard", "unknown agent 'wizard'"),
    "a budget on greedy": ("greedy:5", "takes no budget"),
}


@pytest.mark.parametrize("agents", ["greedy", "greedy,random"], ids=["one", "two"])
@pytest.mark.parametrize("command", PLAYS)
def test_every_command_takes_one_agent_or_two(run: Any, command: str, agents: str) -> None:
    result = run(*COMMANDS[command], "--agents", agents)
    assert result.code == 0, result.err


@pytest.mark.parametrize(("agents", "named"), list(REFUSED.values()), ids=list(REFUSED))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_refuses_a_bad_agents_option_in_one_line(
    run: Any, command: str, agents: str, named: str
) -> None:
    result = run(*COMMANDS[command], "--agents", agents)
    assert result.code == 2
    assert result.err.startswith(f"decklab: error: --agents {agents!r}: ")
    assert named in result.err
    assert len(result.err.strip().splitlines()) == 1
