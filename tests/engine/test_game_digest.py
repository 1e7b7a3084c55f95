"""``scripts/game_digest.py``: one digest per agent of seeded games, to compare checkouts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.scripts import load_script

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "game_digest.py"


DIGEST = load_script("game_digest")


def test_the_same_games_give_the_same_digest_and_other_games_another() -> None:
    """Digests depend on the games only: played twice, equal; another agent, different."""
    assert DIGEST.digest("greedy", 3) == DIGEST.digest("greedy", 3)
    assert DIGEST.digest("greedy", 3) != DIGEST.digest("random", 3)
    assert DIGEST.digest("greedy", 3) != DIGEST.digest("greedy", 4)


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("greedy:5", [("greedy", 5)]),
        ("random:2, search:16:1", [("random", 2), ("search:16", 1)]),
    ],
)
def test_agent_and_game_counts_are_read(text: str, plan: list[tuple[str, int]]) -> None:
    """``AGENT:GAMES`` items; an agent's own budget stays with its name."""
    assert DIGEST.parse_plan(text) == plan


@pytest.mark.parametrize(
    ("text", "named"),
    [("greedy", "'greedy' is not AGENT:GAMES"), ("greedy:0", "'greedy:0'"), ("who:3", "'who'")],
)
def test_bad_agent_lists_exit_2_naming_the_item(text: str, named: str) -> None:
    """A missing or zero game count, or an unknown agent: exit code 2 and one line naming it."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--agents", text], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert named in done.stderr
