"""``scripts/log_invariants.py``: the numbers an event log must never show."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.scripts import load_script

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "engine" / "golden"
CHECK = load_script("log_invariants")


def _golden() -> list[dict]:
    path = sorted(GOLDEN.glob("*.jsonl"))[0]
    return CHECK.read_log(path)


def test_recorded_games_break_nothing() -> None:
    """Every golden log (real games of the example decks) passes every check."""
    for path in sorted(GOLDEN.glob("*.jsonl")):
        assert CHECK.breaks(CHECK.read_log(path)) == [], path.name


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("max_pp", [11, 0], "PP maximum 11 > 10"),
        ("pp", [3, 0], "PP 3 outside"),  # above a maximum of 2
        ("ep", [-1, 0], "EP/SEP below 0"),
        ("field", [6, 0], "field or EX area over 5"),
    ],
)
def test_a_number_the_rules_forbid_is_reported(key: str, value: list[int], words: str) -> None:
    """One event changed to a forbidden number is reported, naming the event."""
    events = _golden()
    event = next(e for e in events if e["ev"] == "turn_start" and e["turn"] == 3)
    event["s"] = dict(event["s"], max_pp=[2, 0], pp=[2, 0]) | {key: value}
    found = CHECK.breaks(events)
    assert len(found) == 1
    assert words in found[0]
    assert f"event {event['i']}" in found[0]


def test_early_super_evolution_and_second_paid_evolve_are_reported() -> None:
    """A super-evolution in own turn 3 and two paid evolves in one turn are reported."""
    events = _golden()
    start = next(e for e in events if e["ev"] == "turn_start" and e["own_turn"] == 3)
    player, turn = start["player"], start["turn"]
    evolve = {"ev": "evolve", "player": player, "turn": turn, "pp_paid": 1, "ep_paid": 0}
    at = events.index(start) + 1
    events[at:at] = [dict(evolve, i=-1, super=True), dict(evolve, i=-2, super=False)]
    found = CHECK.breaks(events)
    assert any("super-evolves in own turn 3" in line for line in found)
    assert any("second evolve" in line for line in found)


def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A log with a line that is not JSON: exit 2 and one line naming the file and line."""
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"i": 0, "ev": "game_start"}) + "\n{oops\n", encoding="utf-8")
    assert CHECK.main([str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "bad.jsonl, line 2" in err[0]


def test_clean_logs_exit_0_and_broken_ones_1(tmp_path: Path) -> None:
    """The exit code says whether anything was found."""
    good = sorted(GOLDEN.glob("*.jsonl"))[0]
    assert CHECK.main([str(good)]) == 0
    events = _golden()
    events[-1]["s"] = dict(events[-1]["s"], max_pp=[12, 0])
    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    assert CHECK.main([str(broken)]) == 1


@pytest.mark.parametrize(
    ("keywords", "target", "reported"),
    [
        ([], "leader", True),  # no Storm: not at the leader the turn it entered
        (["rush"], "leader", True),  # Rush reaches followers only
        (["storm"], "leader", False),
        ([], 99, True),  # no Rush, Storm or evolution: not at a follower either
        (["rush"], 99, False),
    ],
)
def test_attack_the_turn_a_follower_entered(
    keywords: list[str], target: object, reported: bool
) -> None:
    """A follower that entered this turn attacks the leader only with Storm and a follower
    only with Rush, Storm or an evolution this turn (CR 8.4.2.1, 8.4.3.1)."""
    events = _golden()
    start = next(e for e in events if e["ev"] == "turn_start" and e["turn"] == 3)
    turn, player = start["turn"], start["player"]
    at = events.index(start) + 1
    enter = {"ev": "enter", "i": -1, "turn": turn, "player": player, "uid": 999}
    attack = {"ev": "attack", "i": -2, "turn": turn, "player": player, "attacker": 999}
    events[at:at] = [enter, dict(attack, target=target, keywords=keywords)]
    found = [line for line in CHECK.breaks(events) if "the turn it entered" in line]
    assert bool(found) is reported


def _hp_event(events: list[dict], ev: dict, hp: list[int]) -> list[dict]:
    """``events`` with ``ev`` (and leader defenses ``hp`` from then on) after turn 3 starts."""
    start = next(e for e in events if e["ev"] == "turn_start" and e["turn"] == 3)
    at = events.index(start) + 1
    before = events[at - 1]["s"]["hp"]
    for e in events[at:]:
        if e.get("s"):
            e["s"] = dict(e["s"], hp=[h + hp[p] - before[p] for p, h in enumerate(e["s"]["hp"])])
    events.insert(at, dict(ev, i=-1, turn=3, s=dict(events[at - 1]["s"], hp=hp)))
    return events


@pytest.mark.parametrize(
    ("ev", "reported"),
    [
        ({"ev": "pay_defense", "player": 0, "amount": 2}, False),
        ({"ev": "damage", "target": "leader0", "amount": 2}, False),
        ({"ev": "damage", "target": "leader0", "amount": 1}, True),  # says 1, lost 2
        ({"ev": "damage", "target": "leader1", "amount": 2}, True),  # the other leader
        ({"ev": "pay_defense", "player": 1, "amount": 2}, True),
        ({"ev": "engage", "uid": 0}, True),  # no word for a defense change
    ],
)
def test_a_leader_defense_change_needs_an_event_that_says_it(ev: dict, reported: bool) -> None:
    """Leader defense moves only at ``damage``, ``heal`` or ``pay_defense`` (a cost), by
    their amount; the same change under another event is reported."""
    events = _golden()
    start = next(e for e in events if e["ev"] == "turn_start" and e["turn"] == 3)
    hp = list(events[events.index(start)]["s"]["hp"])
    found = CHECK.breaks(_hp_event(events, ev, [hp[0] - 2, hp[1]]))
    assert any("leader defense" in line for line in found) is reported


@pytest.mark.parametrize(("result", "reported"), [(1, False), (6, False), (0, True), (7, True)])
def test_a_die_roll_outside_1_to_6_is_reported(result: int, reported: bool) -> None:
    """CR 5.20.1: a six-sided die shows 1 to 6."""
    events = _golden()
    at = next(i for i, e in enumerate(events) if e["ev"] == "turn_start" and e["turn"] == 3)
    events.insert(at + 1, {"ev": "roll", "i": -1, "turn": 3, "player": 0, "result": result})
    assert any("not 1-6" in line for line in CHECK.breaks(events)) is reported
