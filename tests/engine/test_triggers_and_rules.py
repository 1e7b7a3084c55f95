"""Auto abilities and check timing (CR 10.5, 10.7), rule processing (CR 11)."""

from __future__ import annotations

import pytest

from engine.sve import LEADER, Attack, End, IllegalActionError, Play
from engine.sve.actions import Choose
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Banish, Damage, HealLeader
from engine.sve.effects.deck import Draw
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Select, Targets
from engine.sve.effects.stats import Buff
from engine.sve.effects.tokens import Summon
from engine.sve.position import OnField, follower, position, spell
from engine.sve.state import Kind

BEAR = follower("Bear", 2, 2, 2)
OGRE = follower("Ogre", 4, 4, 4)


def scripted(card, *abilities: Ability) -> Scripts:
    return Scripts([CardScript(card.card_id, abilities)])


def test_cr_12_4_fanfare_with_a_chosen_target() -> None:
    """CR 12.4 / 10.6.2.3: Fanfare goes off on entering; its target is asked of the player."""
    archer = follower("Archer", 2, 1, 1)
    scripts = scripted(archer, Ability(Trigger.FANFARE, (Select(Targets()), Damage(2))))
    g = position(fields=([], [BEAR, OGRE]), hands=([archer], []), pp=(2, 0), scripts=scripts)
    g.apply(Play(2))
    assert g.decision is not None
    assert g.decision.kind is Kind.TARGET
    assert [str(a) for a in g.legal_actions()] == ["choose 0", "choose 1"]
    with pytest.raises(IllegalActionError, match="not one of the options"):
        g.apply(Choose("2"))
    g.apply(Choose("0"))
    assert g.players[1].field == [1]  # Bear destroyed at the check timing (CR 11.3.1)
    assert g.decision.kind is Kind.MAIN


def test_cr_12_4_fanfare_with_no_target_does_nothing() -> None:
    """CR 10.6.2.3.1: with nothing to choose the effect is skipped, no decision asked."""
    archer = follower("Archer", 2, 1, 1)
    scripts = scripted(archer, Ability(Trigger.FANFARE, (Select(Targets()), Damage(2))))
    g = position(hands=([archer], []), pp=(2, 0), scripts=scripts)
    g.apply(Play(0))
    assert g.decision is not None
    assert g.decision.kind is Kind.MAIN


def test_up_to_selection_may_stop_early() -> None:
    """CR 10.6.2.3.2: 'up to N' lets the player choose fewer, with ``done``."""
    cleric = follower("Cleric", 2, 1, 1)
    scripts = scripted(
        cleric,
        Ability(
            Trigger.FANFARE, (Select(Targets(side="own"), 2, up_to=True), Buff(1, 1, "targets"))
        ),
    )
    g = position(fields=([BEAR, OGRE], []), hands=([cleric], []), pp=(2, 0), scripts=scripts)
    g.apply(Play(2))
    g.apply(Choose("0"))
    assert "choose done" in [str(a) for a in g.legal_actions()]
    g.apply(Choose("done"))
    assert (g.cards[0].atk, g.cards[1].atk) == (3, 4)


def test_cr_12_5_last_words_on_destroy_not_on_banish() -> None:
    """CR 12.5.3: Last Words goes off when put from the field into the graveyard only."""
    martyr = follower("Martyr", 1, 1, 1)
    scripts = scripted(martyr, Ability(Trigger.LAST_WORDS, (Draw(1),)))
    g = position(fields=([martyr], [OnField(OGRE, engaged=True)]), scripts=scripts)
    g.apply(Attack(0, 1))
    assert len(g.players[0].hand) == 1
    g = position(fields=([martyr], []), scripts=scripts)
    g.banish(0)
    g.apply(End())
    assert len(g.players[0].hand) == 0


def test_cr_12_7_strike_resolves_before_combat_damage() -> None:
    """CR 12.7 / 8.4.6: Strike resolves at the check timing after the attack, before damage."""
    lancer = follower("Lancer", 2, 2, 2)
    scripts = scripted(lancer, Ability(Trigger.STRIKE, (Buff(2, 0, until_end_of_turn=True),)))
    g = position(fields=([lancer], [OnField(OGRE, engaged=True)]), scripts=scripts)
    g.apply(Attack(0, 1))
    assert g.players[1].field == []  # 4 damage thanks to Strike
    g.apply(End())
    assert g.players[0].field == []  # the Ogre hit back for 4; the Lancer died


def test_cr_7_4_8_until_end_of_turn_effects_end() -> None:
    """CR 7.4.8: '+X until end of turn' is removed at the end of the turn; permanent stays."""
    g = position(fields=([BEAR], []))
    g.modify(0, 2, 2, ("storm",), until_eot=True)
    g.modify(0, 1, 0, (), until_eot=False)
    assert (g.cards[0].atk, g.cards[0].dfn) == (5, 4)
    assert "storm" in g.cards[0].keywords
    g.apply(End())
    assert (g.cards[0].atk, g.cards[0].dfn) == (3, 2)
    assert "storm" not in g.cards[0].keywords


def test_cr_7_2_and_7_4_phase_triggers() -> None:
    """CR 7.2.5 / 7.4.1: start-phase and end-phase abilities of the turn player go off."""
    clock = follower("Clock", 1, 1, 1)
    scripts = scripted(
        clock,
        Ability(Trigger.END_PHASE, (Damage(1, "enemy_leader"),)),
        Ability(Trigger.START_PHASE, (HealLeader(2),)),
    )
    g = position(fields=([clock], []), scripts=scripts, hp=(10, 20))
    g.apply(End())
    assert g.players[1].hp == 19
    g.apply(End())  # player 1 ends; player 0's start phase heals
    assert g.players[0].hp == 12


def test_cr_10_7_3_1_order_of_simultaneous_triggers_is_chosen() -> None:
    """CR 10.7.3.1: with several waiting abilities the player chooses which goes first."""
    twin = follower("Twin", 1, 1, 1)
    scripts = scripted(
        twin,
        Ability(Trigger.FANFARE, (Draw(1),), name="draw"),
        Ability(Trigger.FANFARE, (Summon(follower("Token", 1, 1, 1)),), name="token"),
    )
    g = position(hands=([twin], []), pp=(1, 0), scripts=scripts)
    g.apply(Play(0))
    assert g.decision is not None
    assert g.decision.kind is Kind.ORDER
    assert [str(a) for a in g.legal_actions()] == ["choose 0", "choose 1"]
    g.apply(Choose("1"))
    assert len(g.players[0].field) == 2
    assert len(g.players[0].hand) == 1


def test_cr_10_6_2_3_3_spell_needs_its_mandatory_target() -> None:
    """CR 10.6.2.3.3: a spell that must choose a target cannot be played without one."""
    purge = spell("Purge", 1)
    scripts = scripted(purge, Ability(Trigger.SPELL, (Select(Targets()), Banish())))
    g = position(hands=([purge], []), pp=(1, 0), scripts=scripts)
    with pytest.raises(IllegalActionError, match=r"no legal target"):
        g.apply(Play(0))
    g = position(fields=([], [BEAR]), hands=([purge], []), pp=(1, 0), scripts=scripts)
    g.apply(Play(1))
    g.apply(Choose("0"))
    assert g.players[1].banish == [0]


def test_cr_11_2_1_both_leaders_at_zero_is_a_draw() -> None:
    """CR 11.2.1 / 11.1.3: both losing at once is a draw."""
    bomb = spell("Bomb", 1)
    scripts = scripted(
        bomb, Ability(Trigger.SPELL, (Damage(5, "enemy_leader"), Damage(5, "own_leader")))
    )
    g = position(hands=([bomb], []), pp=(1, 0), hp=(5, 5), scripts=scripts)
    g.apply(Play(0))
    out = g.outcome()
    assert out is not None
    assert out.winner is None
    assert out.reason.value == "leader_defense"
    g = position(hands=([bomb], []), pp=(1, 0), hp=(6, 5), scripts=scripts)
    g.apply(Play(0))
    out = g.outcome()
    assert out is not None
    assert out.winner == 0


def test_cr_11_2_2_drawing_from_an_empty_deck_loses() -> None:
    """CR 5.10.1.1 / 11.2.2: a player who must draw from an empty deck loses."""
    g = position(decks=(5, 0))
    g.apply(End())
    out = g.outcome()
    assert out is not None
    assert out.winner == 0
    assert out.reason.value == "deck_out"
    g = position(decks=(5, 1))
    g.apply(End())
    assert g.outcome() is None


def test_cr_11_3_1_zero_defense_followers_are_destroyed() -> None:
    """CR 11.3.1: a follower with defense 0 or less is destroyed at the check timing."""
    g = position(fields=([BEAR], [OnField(BEAR, engaged=True)]))
    g.apply(Attack(0, 1))
    assert g.players[0].field == []
    assert g.players[1].field == []
    g = position(fields=([BEAR], [OnField(OGRE, engaged=True)]))
    g.apply(Attack(0, 1))
    assert g.players[1].field == [1]
    assert g.cards[1].dfn == 2


def test_attack_on_the_leader_after_the_attacker_left() -> None:
    """CR 8.4.9: if the attacker has left the field by the damage step, no damage is dealt."""
    trap = spell("Trap", 1, "quick")
    scripts = scripted(trap, Ability(Trigger.SPELL, (Select(Targets()), Banish())))
    g = position(fields=([OGRE], []), hands=([], [trap]), pp=(0, 1), scripts=scripts)
    g.apply(Attack(0, LEADER))
    g.apply(Play(1))
    g.apply(Choose("0"))
    assert g.players[1].hp == 20
    assert g.cards[0].zone is Zone.BANISH
