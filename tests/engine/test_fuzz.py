"""Fuzz: many random-agent games end cleanly and the event log keeps its invariants.

Set ``DECKLAB_FUZZ_GAMES`` to scale the real-deck run up (default 2000 games).
"""

from __future__ import annotations

import os
import random
from collections.abc import Set
from pathlib import Path
from typing import Any

import pytest

from engine.sve import DeckSpec, new_game
from engine.sve.agents import make_agent
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Banish, Damage
from engine.sve.effects.deck import Draw
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Select, Targets
from engine.sve.effects.stats import Buff
from engine.sve.effects.tokens import Summon
from engine.sve.position import evolved, follower, spell
from engine.sve.runner import agent_rng

COUNT_KEYS = ("hand", "deck", "field", "ex", "grave", "banish", "evolve_deck")
FUZZ_GAMES = int(os.environ.get("DECKLAB_FUZZ_GAMES", "2000"))
MOVES = frozenset(
    (
        "play",
        "enter",
        "leave",
        "destroy",
        "banish",
        "draw",
        "mill",
        "discard",
        "found",
        "to_deck",
        "create",
        "move",
        "evolve",
        "control",
    )
)
"""Events that move one card between zones; every other event moves none, except the
mulligan (its whole hand to the bottom of the deck, before the four redraws)."""


def check_moves(e: dict[str, Any], prev: dict[str, list[int]], source: str | None) -> None:
    """The zone counts changed by exactly what event ``e`` says: a move event moves at most
    one card, out of ``source`` (``""``: a card in flight, counted in no zone; ``None``:
    any one zone) and into one zone (its ``to`` when it has one); any other event moves
    none. A move without its own event shows up here, on the event after it."""
    ev, s = e["ev"], e["s"]
    ups = {(k, p): s[k][p] - prev[k][p] for k in COUNT_KEYS for p in (0, 1)}
    gained = {kp: d for kp, d in ups.items() if d > 0}
    lost = {kp: -d for kp, d in ups.items() if d < 0}
    if ev == "mulligan":
        p = e["player"]
        assert set(gained) <= {("deck", p)}, e
        assert set(lost) <= {("hand", p)}, e
        assert sum(gained.values()) == sum(lost.values()), e
        return
    if ev not in MOVES:
        assert not gained, ("cards moved without an event", e, ups)
        assert not lost, ("cards moved without an event", e, ups)
        return
    assert sum(gained.values()) <= 1, ("several moves", e, ups)
    assert sum(lost.values()) <= 1, ("several moves", e, ups)
    to = e.get("to")
    if gained and to in COUNT_KEYS:
        assert next(iter(gained))[0] == to, e
    if source == "":
        assert not lost, ("a card in flight came from a zone", e, ups)
    elif source is not None:
        assert [k for k, _p in lost] == [source], ("moved from the wrong zone", e, ups)


def move_source(
    e: dict[str, Any],
    inflight: Set[int],
    on_field: dict[int, int],
    evolved: bool,
    found: bool,
) -> str | None:
    """The zone the card of move event ``e`` must leave, as far as the log tells
    (``evolved``: an evolved follower's evolved card is due to leave; ``found``: the event
    before was a card found to be put onto the field)."""
    ev = e["ev"]
    if ev in ("draw", "mill"):
        return "deck"
    if ev in ("discard", "to_deck"):
        return "hand"
    if ev == "evolve":
        return "evolve_deck"
    if ev == "control":
        return "field"  # from one field to the other
    if ev == "create":
        return ""
    if ev in ("play", "move"):
        return "" if e["from"] == "resolving" else str(e["from"])
    if (
        ev == "enter"
    ):  # played (in flight), found just before (a token too: from an EX area), or created
        if e["uid"] in inflight:
            return ""
        if found:
            return None
        assert e["token"], ("a card entered from a zone with no `found` before it", e)
        return ""
    if ev == "found" and e["to"] == "field":
        return ""  # logged before its `enter`, which moves it
    if ev in ("leave", "destroy", "banish"):
        if e["uid"] in on_field:
            return "field"
        if e["uid"] in inflight or (evolved and e.get("to") == "evolve_deck"):
            return ""
        if ev == "leave" and not found:  # (a card found for a full field leaves at once)
            return "ex"  # the only other zone a `leave` takes a card from
    return None


def check_events(events: list[dict[str, Any]], totals: tuple[int, int]) -> None:
    """The invariants of a game's event log, checked after every event."""
    inflight: dict[int, int] = {}  # played cards still resolving -> player
    on_field: dict[int, int] = {}  # uid -> controller
    tokens: set[int] = set()
    ex_tokens: dict[int, int] = {}  # tokens created in an EX area -> player
    evolved_uids: set[int] = set()
    evo_leaving: list[int] = []  # the evolved card of a follower that left, until its event
    last: dict[str, Any] | None = None
    flying: set[int] = set()  # tokens played from an EX area, until they enter or leave
    prev: dict[str, list[int]] | None = None
    dealt = totals[0] + totals[1]

    def owner(uid: int) -> int:
        """Player 0's cards are made first, then player 1's (tokens come after both)."""
        return 0 if uid < totals[0] else 1

    assert events[-1]["ev"] == "game_end"
    for e in events:
        ev, s = e["ev"], e["s"]
        if prev is not None:
            found = last is not None and last["ev"] == "found" and last["to"] == "field"
            resolving = inflight.keys() | flying
            source = move_source(e, resolving, on_field, bool(evo_leaving), found)
            check_moves(e, prev, source)
        last = e
        if ev == "create":
            ex_tokens[e["uid"]] = e["player"]
        elif ev == "play":
            if ex_tokens.pop(e["uid"], None) is None:
                inflight[e["uid"]] = owner(e["uid"])  # an enemy card played stays theirs
            else:
                flying.add(e["uid"])  # a token played from the EX area (counted in no zone)
        elif ev == "enter":
            inflight.pop(e["uid"], None)
            ex_tokens.pop(e["uid"], None)  # an EX-area token an ability put onto the field
            on_field[e["uid"]] = e["player"]
            if e["token"]:
                tokens.add(e["uid"])
        elif ev == "control":
            assert e["uid"] in on_field, ("a card changed control off the field", e)
            on_field[e["uid"]] = e["player"]
        elif ev == "evolve":
            assert e["uid"] in on_field, ("a follower evolved off the field", e)
            evolved_uids.add(e["uid"])
        elif ev in ("destroy", "banish", "leave"):
            uid = e["uid"]
            inflight.pop(uid, None)
            ex_tokens.pop(uid, None)  # a token banished from the EX area (a Lesson) is gone
            if ev == "leave" and e["to"] == "evolve_deck" and evo_leaving:
                evo_leaving.pop()  # the evolved card of the follower that just left
            who = on_field.pop(uid, None)
            if who is not None:
                tokens.discard(uid)
                if uid in evolved_uids:  # its evolved card's `leave` comes next
                    evolved_uids.discard(uid)
                    evo_leaving.append(owner(uid) if uid < dealt else who)  # to its owner
        elif ev == "damage" and isinstance(e["target"], str) and prev is not None:
            who = int(e["target"][-1])
            assert s["hp"][who] == prev["hp"][who] - e["amount"]
        elif ev == "pay_defense" and prev is not None:  # a cost, not damage (CR 10.4.5)
            who = e["player"]
            assert s["hp"][who] == prev["hp"][who] - e["amount"]
        elif ev == "turn_end":
            assert s["hand"][e["player"]] <= 7, e  # CR 7.4.7
        for p in (0, 1):
            n = sum(s[k][p] for k in COUNT_KEYS)
            n -= sum(1 for u in tokens if on_field[u] == p)
            n -= sum(1 for who in ex_tokens.values() if who == p)
            # an evolved follower is two cards, both its owner's (also when another controls it)
            n += sum(1 for u in evolved_uids if (owner(u) if u < dealt else on_field[u]) == p)
            n += sum(1 for who in inflight.values() if who == p)
            n += sum(1 for who in evo_leaving if who == p)
            for u, who in on_field.items():  # cards on the field of a player not their owner
                if u < dealt and owner(u) != who:
                    n += 1 if owner(u) == p else -1 if who == p else 0
            assert n == totals[p], (e, n, totals)
            assert s["field"][p] <= 5, e  # CR 4.4.4.1
            assert s["ex"][p] <= 5, e  # CR 4.8.3.1
            assert 0 <= s["pp"][p] <= s["max_pp"][p] <= 10, e  # CR 3.2.4
        prev = s


def run_random_game(
    a: DeckSpec, b: DeckSpec, seed: int, scripts: Scripts | None = None
) -> list[dict[str, Any]]:
    """A random-vs-random game with the event log on; returns the log records."""
    g = new_game(a, b, seed, log=True, scripts=scripts)
    agent = make_agent("random")
    rngs = (agent_rng(seed, 0), agent_rng(seed, 1))
    steps = 0
    while not g.is_terminal():
        who = g.current_player()
        legal = g.legal_actions()
        assert legal, "a live game always offers an action"
        g.apply_unchecked(agent.choose(g.observation(who), legal, rngs[who]))
        steps += 1
        assert steps < 20_000
    assert g.log is not None
    return g.log


def synthetic_deck(rng: random.Random) -> DeckSpec:
    kws = [
        (),
        (),
        ("ward",),
        ("storm",),
        ("rush",),
        ("bane",),
        ("drain",),
        ("intimidate",),
        ("assail",),
        ("aura",),
        ("quick",),
    ]
    units = [
        follower(f"S{i}", rng.randint(0, 9), rng.randint(0, 8), rng.randint(1, 8), *rng.choice(kws))
        for i in range(14)
    ]
    cards = [*units, spell("Q", 1, "quick"), spell("P", 2)]
    return DeckSpec(
        main=[rng.choice(cards) for _ in range(40)], evolve=[evolved(u) for u in units[:10]]
    )


TOKEN = follower("Tok", 1, 1, 1, "ward")
SCRIPTS = Scripts(
    [
        CardScript("X-S0", (Ability(Trigger.FANFARE, (Select(Targets()), Damage(2))),)),
        CardScript("X-S1", (Ability(Trigger.LAST_WORDS, (Summon(TOKEN, 2),)),)),
        CardScript("X-S2", (Ability(Trigger.STRIKE, (Buff(1, 1, until_end_of_turn=True),)),)),
        CardScript(
            "X-S3",
            (Ability(Trigger.ACTIVATED, (Draw(1),), pp_cost=1, engage_cost=True, quick=True),),
        ),
        CardScript(
            "X-S4",
            (Ability(Trigger.FANFARE, (Draw(1),)), Ability(Trigger.FANFARE, (Summon(TOKEN),))),
        ),
        CardScript(
            "X-S5E", (Ability(Trigger.ON_EVOLVE, (Select(Targets(leaders=True), 1), Damage(3))),)
        ),
        CardScript(
            "X-P", (Ability(Trigger.SPELL, (Select(Targets(side="any"), 2, up_to=True), Banish())),)
        ),
    ]
)


def test_the_log_check_catches_a_missing_move_event() -> None:
    """Dropping any one move event from a real game's log fails the check; the whole log
    passes."""
    rng = random.Random(7)
    a, b = synthetic_deck(rng), synthetic_deck(rng)
    log = run_random_game(a, b, 3, SCRIPTS)
    totals = (len(a.main) + len(a.evolve), len(b.main) + len(b.evolve))
    check_events(log, totals)
    moves = [i for i, e in enumerate(log) if e["ev"] in MOVES]
    assert {log[i]["ev"] for i in moves} >= {"draw", "play", "enter", "leave", "destroy"}
    for i in moves:
        with pytest.raises(AssertionError):
            check_events(log[:i] + log[i + 1 :], totals)


def test_fuzz_synthetic_decks() -> None:
    """Random games over random synthetic decks with every rule keyword and scripted
    triggers, targets, tokens and activated abilities end cleanly."""
    rng = random.Random(99)
    for seed in range(200):
        a, b = synthetic_deck(rng), synthetic_deck(rng)
        log = run_random_game(a, b, seed, SCRIPTS)
        check_events(log, (len(a.main) + len(a.evolve), len(b.main) + len(b.evolve)))


@pytest.mark.shared
def test_fuzz_real_tournament_decks(sve_data: Path) -> None:
    """Random games over the 595 real tournament decks, each deck in at least one game
    (evolve decks built from their evolvable followers), end without an exception and keep
    every log invariant."""
    from cardpool.snapshot import load_sve_pool
    from decklab.commands.play import tournament_decks

    decks = tournament_decks(sve_data / "decks" / "individual_v2.jsonl", load_sve_pool())
    assert len(decks) > 500
    assert sum(1 for d in decks if d.evolve) > len(decks) // 2
    rng = random.Random(2026)
    reasons: dict[str, int] = {}
    for seed in range(FUZZ_GAMES):  # every deck plays (2000 games > 595 decks)
        a, b = decks[seed % len(decks)], rng.choice(decks)
        log = run_random_game(a, b, seed)
        check_events(log, (len(a.main) + len(a.evolve), len(b.main) + len(b.evolve)))
        reason = log[-1]["reason"]
        reasons[reason] = reasons.get(reason, 0) + 1
    assert reasons.get("leader_defense", 0) > FUZZ_GAMES // 2
