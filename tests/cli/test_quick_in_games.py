"""Quick cards of the example decks are played in the opponent's turn in simulated games,
on a database built from the embedded snapshot alone (CR 12.3.2.1: the icon the Japanese
card text lost, which the snapshot carries)."""

from __future__ import annotations

import json
from pathlib import Path

from cardpool.decklist import read_deck_file
from cardpool.snapshot import load_sve_pool
from engine.sve.state import DEFAULT_SCRIPTS
from tests.cli.conftest import Run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DECKS = (EXAMPLES / "sword_knights.txt", EXAMPLES / "rune_golems.txt")


def quick_cards(deck: Path) -> set[str]:
    """The deck's cards that have the card-level Quick icon."""
    pool = load_sve_pool()
    out = set()
    for code in read_deck_file(deck).main:
        rec = pool.record(code)
        if rec is not None and "quick" in DEFAULT_SCRIPTS.record(rec).keywords:
            out.add(rec.card_id)
    return out


def test_the_examples_quick_cards_are_played_in_the_opponents_turn(
    run: Run, tmp_path: Path
) -> None:
    """Random players over ten seeds in both seats: every Quick card of the two decks is
    played at least once by the player whose turn it is not (an event log ``play`` whose
    ``active`` is the other player), and no other card ever is."""
    expected = quick_cards(DECKS[0]) | quick_cards(DECKS[1])
    assert {"SD02-016", "BP01-049", "SD03-005"} <= expected
    seen: set[str] = set()
    log = tmp_path / "game.jsonl"
    for seed in range(1, 11):
        for a, b in (DECKS, DECKS[::-1]):
            args = ("play", str(a), str(b), "--agents", "random,random", "--seed", str(seed))
            result = run(*args, "--log", str(log))
            assert result.code == 0, result.err
            events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
            seen |= {e["card"] for e in events if e["ev"] == "play" and e["player"] != e["active"]}
    assert seen == expected
