"""Keyword rules read against the comprehensive rules: Drain, Bane, Ward, Quick."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cards import CardRecord
from engine.sve import LEADER, Attack, Play
from engine.sve.actions import Choose
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Frame, Trigger
from engine.sve.effects.damage import Banish, Damage, DamageCap, Destroy, LeaderShield, NoDamage
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.search import Search
from engine.sve.effects.selectors import CardFilter, Select, Targets
from engine.sve.effects.tokens import Summon
from engine.sve.position import FILLER, OnField, follower, position, spell
from engine.sve.state import DEFAULT_SCRIPTS, Kind, State
from tests.engine.library_cards import library_scripts

LEECH = follower("Leech", 3, 5, 5, "drain")
WALL = follower("Wall", 3, 0, 9)
CAPPED = follower("Capped", 3, 0, 9)
"""Takes at most 2 damage at a time (a DamageCap of its own)."""
CAP_SCRIPTS = Scripts([CardScript(CAPPED.card_id, (Ability(Trigger.STATIC, (DamageCap(1, 2),)),))])


def _leader_shield(less: int):
    def setup(g) -> None:
        LeaderShield(less).run(g, Frame((), -1, 1))

    return setup


def _no_damage(g) -> None:
    NoDamage().run(g, Frame((), 1, 1))


@pytest.mark.parametrize(
    ("defender", "target", "setup", "healed"),
    [
        (None, LEADER, None, 5),  # the whole attack was dealt
        (None, LEADER, _leader_shield(3), 2),  # "the next damage is 3 less"
        (None, LEADER, _leader_shield(-1), 0),  # "takes no next damage": nothing dealt
        (WALL, 1, None, 5),
        (CAPPED, 1, None, 2),  # capped at 2
        (WALL, 1, _no_damage, 0),  # "takes no damage this turn"
    ],
    ids=["leader", "leader-shield-3", "leader-no-damage", "follower", "follower-cap", "prevented"],
)
def test_cr_12_13_2_drain_heals_by_the_damage_actually_dealt(
    defender, target, setup, healed: int
) -> None:
    """CR 12.13.2: Drain raises the leader's defense by the damage the attack dealt, after
    shields, caps and prevention; nothing when it was prevented."""
    enemy = [] if defender is None else [OnField(defender, engaged=True)]
    g = position(fields=([LEECH], enemy), hp=(10, 20), scripts=CAP_SCRIPTS)
    if setup is not None:
        setup(g)
    g.apply(Attack(0, target))
    assert g.players[0].hp == 10 + healed


GUARD = follower("Guard", 2, 1, 3, "ward")
CALL = spell("Call", 0)
SEEK = spell("Seek", 0)
WARD_SCRIPTS = Scripts(
    [
        CardScript(CALL.card_id, (Ability(Trigger.SPELL, (Summon(GUARD),)),)),
        CardScript(
            SEEK.card_id,
            (Ability(Trigger.SPELL, (Search(CardFilter(name="Guard"), to="field"),)),),
        ),
    ]
)


def _summoned(g) -> int:
    g.apply(Play(0))
    return len(g.cards) - 1  # the token just created


def _searched(g) -> int:
    g.apply(Play(1))
    guard = next(u for u in g.players[0].deck if g.cards[u].base.card_id == GUARD.card_id)
    g.apply(Choose(str(guard)))
    return guard


def _played(g) -> int:
    g.apply(Play(2))
    return 2


@pytest.mark.parametrize("enter", [_summoned, _searched, _played], ids=["token", "search", "play"])
@pytest.mark.parametrize("choice", ["engage", "stand"])
def test_cr_12_8_2_a_ward_follower_may_enter_engaged_however_it_enters(enter, choice) -> None:
    """CR 12.8.2: "when this follower is put onto the field standing, it may be put there
    engaged instead", whether it is played, created or put there by an effect."""
    g = position(
        hands=([CALL, SEEK, GUARD], []),
        decks=([GUARD, FILLER, FILLER], 20),
        pp=(5, 0),
        log=True,
        scripts=WARD_SCRIPTS,
    )
    uid = enter(g)
    assert g.decision is not None
    assert g.decision.kind is Kind.WARD_ENTER
    assert [str(a) for a in g.legal_actions()] == ["choose engage", "choose stand"]
    g.apply(Choose(choice))
    assert g.decision.kind is Kind.MAIN
    assert g.cards[uid].zone is Zone.FIELD
    assert g.cards[uid].engaged is (choice == "engage")
    entered = [e for e in g.log if e["ev"] == "enter" and e["uid"] == uid]
    assert [e["engaged"] for e in entered] == [choice == "engage"]


def test_cr_12_8_2_no_choice_without_ward() -> None:
    """A follower without Ward put onto the field by an effect just enters standing."""
    plain = follower("Plain", 2, 1, 3)
    scripts = Scripts([CardScript(CALL.card_id, (Ability(Trigger.SPELL, (Summon(plain),)),))])
    g = position(hands=([CALL], []), pp=(5, 0), scripts=scripts)
    g.apply(Play(0))
    assert g.decision.kind is Kind.MAIN
    assert not g.cards[-1].engaged


SYLVAN_JUSTICE = "SD01-016"
"""A Quick spell: the card-level icon is in the SVEN data, not in the Japanese text."""
JULIUS = "BP02-027"
"""A follower with a Quick activated ability (【Q】【起動】); the card itself is not Quick."""


@pytest.mark.parametrize(
    ("card_id", "card_type", "icon", "quick"),
    [
        (SYLVAN_JUSTICE, "spell", True, True),  # imported with the icon (SVEN)
        (SYLVAN_JUSTICE, "spell", False, False),  # the Japanese dump lost the icon
        (JULIUS, "follower", True, False),  # 'quick' read from its ability's 【Q】 marker
    ],
    ids=["icon", "no-icon", "quick-ability-only"],
)
def test_cr_12_3_2_the_card_level_quick_icon_survives_the_library(
    card_id: str, card_type: str, icon: bool, quick: bool
) -> None:
    """CR 12.3.2 / 12.3.4: a card whose data gives the Quick icon is played in the Quick
    window after an enemy attack; the compiled keywords do not drop it, and a Quick
    ability's marker does not make the card Quick."""
    scripts = library_scripts(card_id)
    rec = CardRecord(
        card_id,
        card_id,
        card_type=card_type,
        cost=2,
        attack=0 if card_type == "follower" else None,
        defense=4 if card_type == "follower" else None,
        keywords=("quick",) if icon else (),
    )
    rec = scripts.record(rec)
    assert ("quick" in rec.keywords) is quick
    ogre = follower("Ogre", 4, 4, 4)
    g = position(fields=([ogre], []), hands=([], [rec]), pp=(0, 2), scripts=scripts)
    g.apply(Attack(0, LEADER))
    if quick:
        assert g.decision is not None
        assert g.decision.kind is Kind.QUICK
        assert Play(1) in g.legal_actions()
        g.apply(Play(1))
        g.apply(Choose("0"))
        assert g.cards[0].dfn == 1  # 3 damage
    else:
        assert g.current_player() == 0  # no window: nothing playable in it


ANCIENT_HERO = "BP06-022"
"""A follower that abilities cannot destroy or banish (BP06-022); fights and ability
damage still destroy it."""


@pytest.mark.parametrize(
    ("proof", "bane_attack", "survives"),
    [
        (True, 1, True),  # CR 11.3.2.1: Bane's destruction is destruction by an ability
        (False, 1, False),  # CR 11.3.2 / 12.14.2: anything else that fought it is destroyed
        (True, 10, False),  # damage still destroys it (CR 11.3.1)
    ],
    ids=["not-destroyed-by-abilities", "ordinary", "lethal-damage"],
)
@pytest.mark.parametrize("defending", [True, False], ids=["defends", "attacks"])
def test_cr_11_3_2_1_bane_against_not_destroyed_by_abilities(
    proof: bool, bane_attack: int, survives: bool, defending: bool
) -> None:
    """A follower that abilities cannot destroy survives fighting a Bane follower."""
    scripts = library_scripts(ANCIENT_HERO)
    hero = scripts.record(
        CardRecord(ANCIENT_HERO if proof else "X-Hero", "Hero", cost=7, attack=6, defense=10)
    )
    assert ("ability_proof" in hero.keywords) is proof
    viper = follower("Viper", 2, bane_attack, 20, "bane")
    if defending:
        g = position(fields=([viper], [OnField(hero, engaged=True)]), scripts=scripts)
    else:
        g = position(fields=([hero], [OnField(viper, engaged=True)]), scripts=scripts)
    g.apply(Attack(0, 1))
    hero_uid = 1 if defending else 0
    assert (g.cards[hero_uid].zone is Zone.FIELD) is survives
    assert g.cards[1 - hero_uid].zone is Zone.FIELD  # the Bane follower took 6 of 20


@pytest.mark.shared
def test_the_sven_sample_quick_spell_is_played_in_a_quick_window(sve_data: Path) -> None:
    """SD01-016 imported from the SVEN sample carries the card-level Quick icon; with the
    committed library it is offered in the Quick window after an enemy attack."""
    from cardpool.importers.sven import read_document
    from cardpool.pool import PoolIndex

    sample = sve_data / "samples" / "sven_SD01_trilingual.json"
    data = read_document(json.loads(sample.read_text(encoding="utf-8")), path=sample)
    rec = PoolIndex.from_data("sve", data).record(SYLVAN_JUSTICE)
    assert rec is not None
    rec = DEFAULT_SCRIPTS.record(rec)
    assert "quick" in rec.keywords
    ogre = follower("Ogre", 4, 4, 4)
    g = position(fields=([ogre], []), hands=([], [rec]), pp=(0, rec.cost or 0))
    g.apply(Attack(0, LEADER))
    assert g.decision is not None
    assert g.decision.kind is Kind.QUICK
    assert Play(1) in g.legal_actions()


SHION = "BP14-090"
"""A Ward follower that abilities cannot destroy; it can be banished."""
BEAST = "BP18-075"
"""A follower that takes no ability damage."""
BOLT = CardScript("X-Bolt", (Ability(Trigger.SPELL, (Select(Targets()), Damage(3))),))
KILL = CardScript("X-Kill", (Ability(Trigger.SPELL, (Select(Targets()), Destroy())),))
EXILE = CardScript("X-Exile", (Ability(Trigger.SPELL, (Select(Targets()), Banish())),))


def _cast(card_id: str, spell_id: str, own: bool = True) -> tuple[State, int]:
    """Player 0 casts ``spell_id`` (cost 1) at player 1's follower (the real ``card_id`` or
    an ordinary one with the same stats), which is 2/3."""
    library = library_scripts(card_id)
    scripts = Scripts([*(s for s in (library.get(card_id),) if s is not None),
                       BOLT, KILL, EXILE])  # fmt: skip
    target = scripts.record(CardRecord(card_id if own else "X-Plain", "T", cost=2, attack=2,
                                       defense=3))  # fmt: skip
    g = position(fields=([], [target]), hands=([spell(spell_id[2:])], []), pp=(1, 0),
                 scripts=scripts)  # fmt: skip
    g.apply(Play(g.players[0].hand[0]))
    g.apply(Choose(str(g.players[1].field[0])))
    return g, g.players[1].field[0] if g.players[1].field else -1


@pytest.mark.parametrize("own", [True, False], ids=["its-own-ability", "ordinary"])
def test_no_ability_damage_but_combat_damage(own: bool) -> None:
    """エストレアビースト (BP18-075): a 3-damage spell leaves it whole; an ordinary 2/3 dies.
    An attack still damages it (only ability damage is prevented, CR 5.14.3.3)."""
    g, uid = _cast(BEAST, "X-Bolt", own)
    assert (uid >= 0 and g.cards[uid].dfn == 3) is own
    scripts = library_scripts(BEAST)
    beast = scripts.record(CardRecord(BEAST, "T", cost=2, attack=2, defense=3))
    g = position(fields=([follower("Ogre", 4, 2, 9)], [OnField(beast, engaged=True)]),
                 scripts=scripts)  # fmt: skip
    g.apply(Attack(0, 1))
    assert g.cards[1].dfn == 1


@pytest.mark.parametrize(
    ("spell_id", "own", "stays"),
    [
        ("X-Kill", True, True),  # not destroyed by an ability
        ("X-Kill", False, False),
        ("X-Exile", True, False),  # but banished (unlike "not destroyed and not banished")
        ("X-Exile", False, False),
    ],
)
def test_not_destroyed_by_abilities_but_banished(spell_id: str, own: bool, stays: bool) -> None:
    """永久の盾・シオン (BP14-090): a destroy spell leaves it where an ordinary follower goes;
    a banish spell removes it all the same."""
    g, uid = _cast(SHION, spell_id, own)
    assert (uid >= 0 and g.cards[uid].zone is Zone.FIELD) is stays


def test_not_destroyed_by_abilities_still_dies_at_zero_defense() -> None:
    """Rule processing destroys it at 0 defense (CR 11.3.1): a fight it loses ends it."""
    scripts = library_scripts(SHION)
    shion = scripts.record(CardRecord(SHION, "T", cost=2, attack=1, defense=3))
    g = position(fields=([follower("Ogre", 4, 9, 9)], [OnField(shion, engaged=True)]),
                 scripts=scripts)  # fmt: skip
    g.apply(Attack(0, 1))
    assert g.cards[1].zone is not Zone.FIELD
