"""Check event logs (``decklab play --log``) for numbers the rules never allow.

After every event: PP maximum at most 10 (CR 3.2.4.1), PP between 0 and the maximum
(CR 3.2.4.2, 5.15.1.1), EP and SEP not below 0, at most 5 cards on a field (CR 4.4.4) and
in an EX area (CR 4.8.3). At each evolve: super-evolution only from own turn 7 going first
and 6 going second (CR 12.2.4), at most one paid evolve a turn (CR 8.3.2.1). At each
attack by a follower that entered the field that turn: Storm to attack the leader, Rush,
Storm or an evolution that turn to attack a follower (CR 8.4.2.1, 8.4.3.1, 12.10, 12.11).
A die roll shows 1 to 6 (CR 5.20.1). A leader's defense changes only at an event that says
so, by its amount: ``damage`` to that leader, ``heal`` of it, or ``pay_defense`` by its
player (a cost, CR 10.4.5, not damage).

Usage: ``python scripts/log_invariants.py LOG.jsonl [LOG.jsonl ...]``: prints one line per
break and exits 1 if there is any, 0 if none; an unreadable log exits 2.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

FIELD_LIMIT = 5
EX_LIMIT = 5
MAX_PP_CAP = 10
SUPER_FROM = {True: 7, False: 6}
"""The own turn super-evolution starts, going first (True) or second (False)."""


def breaks(events: list[dict[str, Any]]) -> list[str]:
    """Every break of the checked rules in one game's events, as readable lines."""
    out: list[str] = []
    own = [0, 0]
    first = -1
    paid = Counter[tuple[int, int]]()
    entered: dict[int, int] = {}
    evolved: dict[int, int] = {}
    hp: list[int] | None = None
    for e in events:
        where = f"event {e.get('i')} ({e.get('ev')}, turn {e.get('turn')})"
        if e.get("ev") == "game_start":
            first = int(e.get("first", -1))
        if e.get("ev") == "turn_start":
            own[e["player"]] = e["own_turn"]
        s = e.get("s")
        if s and hp is not None:
            for p in (0, 1):
                said = _defense_change(e, p)
                if s["hp"][p] - hp[p] != said:
                    out.append(
                        f"{where}: player {p} leader defense {hp[p]} -> {s['hp'][p]}, "
                        f"the event says {said:+d}"
                    )
        if s:
            hp = list(s["hp"])
            for p in (0, 1):
                pp, top = s["pp"][p], s["max_pp"][p]
                if top > MAX_PP_CAP:
                    out.append(f"{where}: player {p} PP maximum {top} > {MAX_PP_CAP}")
                if not 0 <= pp <= top:
                    out.append(f"{where}: player {p} PP {pp} outside 0..{top}")
                if s["ep"][p] < 0 or s["sep"][p] < 0:
                    out.append(f"{where}: player {p} EP/SEP below 0")
                if s["field"][p] > FIELD_LIMIT or s["ex"][p] > EX_LIMIT:
                    out.append(f"{where}: player {p} field or EX area over 5")
        if e.get("ev") == "roll" and e.get("result") not in range(1, 7):
            out.append(f"{where}: player {e.get('player')} rolls {e.get('result')}, not 1-6")
        if e.get("ev") == "enter":
            entered[e["uid"]] = e["turn"]
        if e.get("ev") == "attack" and entered.get(e["attacker"]) == e["turn"]:
            kw = set(e.get("keywords", ()))
            if e["target"] == "leader":
                allowed = "storm" in kw
            else:
                allowed = bool(kw & {"storm", "rush"}) or evolved.get(e["attacker"]) == e["turn"]
            if not allowed:
                out.append(f"{where}: follower {e['attacker']} attacks the turn it entered")
        if e.get("ev") == "evolve":
            evolved[e.get("uid", -1)] = e["turn"]
            p = e["player"]
            if e.get("super") and own[p] < SUPER_FROM[p == first]:
                out.append(f"{where}: player {p} super-evolves in own turn {own[p]}")
            if e.get("pp_paid", 0) or e.get("ep_paid", 0):
                paid[(e["turn"], p)] += 1
                if paid[(e["turn"], p)] > 1:
                    out.append(f"{where}: player {p} pays for a second evolve this turn")
    return out


def _defense_change(e: dict[str, Any], player: int) -> int:
    """How much event ``e`` says ``player``'s leader defense changes."""
    amount = int(e.get("amount", 0))
    if e.get("ev") in ("damage", "heal") and e.get("target") == f"leader{player}":
        return -amount if e["ev"] == "damage" else amount
    if e.get("ev") == "pay_defense" and e.get("player") == player:
        return -amount
    return 0


def read_log(path: Path) -> list[dict[str, Any]]:
    """The events of one JSON-lines log; ``ValueError`` naming the line if one is not JSON."""
    events = []
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if line.strip():
                try:
                    events.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}, line {number}: not JSON ({exc.msg})") from exc
    return events


def main(argv: list[str]) -> int:
    """Check each log named in ``argv``; print the breaks."""
    if not argv:
        print("log_invariants: name at least one LOG.jsonl", file=sys.stderr)
        return 2
    found = 0
    for name in argv:
        try:
            events = read_log(Path(name))
        except (OSError, ValueError) as exc:
            print(f"log_invariants: {exc}", file=sys.stderr)
            return 2
        lines = breaks(events)
        found += len(lines)
        for line in lines:
            print(f"{name}: {line}")
    print(f"{len(argv)} logs, {found} breaks")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
