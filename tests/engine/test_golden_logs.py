"""Golden event logs: fixed games over the example decks play out byte for byte as recorded.

The logs under ``tests/engine/golden/`` were written by ``scripts/record_golden_logs.py``.
Speed work on the engine (clone, caches, indexes) must leave every one of them unchanged; a
rule change that is meant to change play re-records them with that script.
"""

from __future__ import annotations

import pytest

from tests.scripts import load_script

REC = load_script("record_golden_logs")
GAMES = REC.golden_games()


def test_the_golden_set_is_recorded_and_nothing_else() -> None:
    """Every game of the set has its log, there is no stale log, and the set spans all agents."""
    names = {g.name for g in GAMES}
    assert len(names) == len(GAMES) >= 12
    assert {p.name for p in REC.GOLDEN.glob("*.jsonl")} == names
    assert {a for g in GAMES for a in g.agents} == {"random", "greedy"}


@pytest.mark.parametrize("game", GAMES, ids=[g.name.removesuffix(".jsonl") for g in GAMES])
def test_game_replays_its_golden_log_byte_for_byte(game: object) -> None:
    """The same decks, seed and agents give exactly the recorded event log."""
    recorded = REC.read_log(REC.GOLDEN / game.name)  # type: ignore[attr-defined]
    played = REC.play_logged(game)
    if played != recorded:
        ours, theirs = played.splitlines(), recorded.splitlines()
        line = next(
            (i for i, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
            min(len(ours), len(theirs)),
        )
        pytest.fail(
            f"{game.name}: event {line + 1} differs ({len(ours)} events played, "  # type: ignore[attr-defined]
            f"{len(theirs)} recorded); re-record only if a rule change is meant to change play"
        )


def test_the_comparison_sees_a_changed_game() -> None:
    """Another seed for the same decks and agents gives a different log (the check can fail)."""
    game = GAMES[0]
    other = type(game)(game.deck_a, game.deck_b, game.agents, game.seed + 1)
    assert REC.play_logged(other) != REC.read_log(REC.GOLDEN / game.name)
