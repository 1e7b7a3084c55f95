"""Attacks (CR 8.4) and the combat keywords of chapter 12."""

from __future__ import annotations

import pytest

from engine.sve import LEADER, Attack, End, IllegalActionError, Pass, Play
from engine.sve.actions import Choose
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Damage
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Select, Targets
from engine.sve.position import OnField, follower, position, spell
from engine.sve.state import Kind

BEAR = follower("Bear", 2, 2, 2)
OGRE = follower("Ogre", 4, 4, 4)


def attack_strings(g) -> list[str]:
    return [str(a) for a in g.legal_actions() if isinstance(a, Attack)]


@pytest.mark.parametrize(
    ("attacker", "expected"),
    [
        # CR 8.4.2.1: a follower that came under your control this turn cannot attack...
        (OnField(BEAR, new=True), []),
        # ... CR 12.9 Storm: it can, any target; CR 12.10 Rush: followers only.
        (OnField(follower("Storm", 2, 2, 2, "storm"), new=True), ["attack 0>2", "attack 0>leader"]),
        (OnField(follower("Rush", 2, 2, 2, "rush"), new=True), ["attack 0>2"]),
        # CR 8.4.3.1: a veteran attacks the leader or an engaged follower.
        (BEAR, ["attack 0>2", "attack 0>leader"]),
        # CR 8.4.2: an engaged follower cannot attack.
        (OnField(BEAR, engaged=True), []),
    ],
)
def test_cr_8_4_attacker_and_targets(attacker: object, expected: list[str]) -> None:
    """CR 8.4.2-8.4.3: who may attack what (standing enemy 1 is never a target)."""
    g = position(fields=([attacker], [BEAR, OnField(OGRE, engaged=True)]))  # type: ignore[list-item]
    assert attack_strings(g) == expected


def test_cr_8_4_3_1_standing_followers_are_not_targets() -> None:
    """CR 8.4.3.1: only engaged enemy followers can be attacked; refusal names the rule."""
    g = position(fields=([BEAR], [BEAR]))
    assert attack_strings(g) == ["attack 0>leader"]
    with pytest.raises(IllegalActionError, match=r"standing.*8\.4\.3\.1"):
        g.apply(Attack(0, 1))


def test_cr_8_4_2_1_new_follower_refusal_names_the_rule() -> None:
    """CR 8.4.2.1: attacking with a follower played this turn is refused."""
    g = position(fields=([OnField(BEAR, new=True)], []))
    with pytest.raises(IllegalActionError, match=r"8\.4\.2\.1"):
        g.apply(Attack(0, LEADER))


def test_cr_8_4_9_combat_damage_both_ways_and_destruction() -> None:
    """CR 8.4.9 / 11.3.1: both deal damage; followers at 0 or less are destroyed."""
    g = position(fields=([OGRE], [OnField(BEAR, engaged=True)]))
    g.apply(Attack(0, 1))
    assert g.cards[0].dfn == 2
    assert g.cards[0].engaged
    assert g.players[1].field == []
    assert g.players[1].grave == [1]


def test_cr_8_4_9_leader_damage_and_cr_11_2_1_win() -> None:
    """CR 8.4.9 / 11.2.1: damage to the leader; at 0 or less its player loses."""
    g = position(fields=([OGRE], []), hp=(20, 5))
    g.apply(Attack(0, LEADER))
    assert g.players[1].hp == 1
    assert not g.is_terminal()
    g = position(fields=([OGRE], []), hp=(20, 4))
    g.apply(Attack(0, LEADER))
    out = g.outcome()
    assert out is not None
    assert out.winner == 0
    assert out.reason.value == "leader_defense"


def test_cr_12_8_ward_must_be_attacked_first() -> None:
    """CR 12.8.2: an engaged Ward follower must be the target; a standing one does not bind."""
    wall = follower("Wall", 2, 1, 4, "ward")
    g = position(fields=([OGRE], [OnField(wall, engaged=True), OnField(BEAR, engaged=True)]))
    assert attack_strings(g) == ["attack 0>1"]
    with pytest.raises(IllegalActionError, match=r"Ward.*12\.8\.2"):
        g.apply(Attack(0, LEADER))
    g = position(fields=([OGRE], [wall, OnField(BEAR, engaged=True)]))
    assert attack_strings(g) == ["attack 0>2", "attack 0>leader"]


def test_cr_12_12_intimidate_cannot_be_attacked() -> None:
    """CR 12.12.2: Intimidate followers are not attack targets, even engaged with Ward."""
    scary = follower("Scary", 2, 2, 2, "intimidate", "ward")
    g = position(fields=([OGRE], [OnField(scary, engaged=True)]))
    assert attack_strings(g) == ["attack 0>leader"]
    with pytest.raises(IllegalActionError, match=r"Intimidate.*12\.12"):
        g.apply(Attack(0, 1))


def test_cr_12_11_assail_attacks_standing_followers() -> None:
    """CR 12.11.2: Assail may target a standing follower as if engaged."""
    hunter = follower("Hunter", 3, 3, 3, "assail")
    g = position(fields=([hunter], [BEAR]))
    assert attack_strings(g) == ["attack 0>1", "attack 0>leader"]
    g = position(fields=([OGRE], [BEAR]))
    assert attack_strings(g) == ["attack 0>leader"]


def test_cr_12_14_bane_destroys_even_without_damage() -> None:
    """CR 12.14.2.1: a follower that fought a Bane follower is destroyed, 0 damage or not."""
    snake = follower("Snake", 1, 0, 1, "bane")
    g = position(fields=([snake], [OnField(OGRE, engaged=True)]))
    g.apply(Attack(0, 1))
    assert g.players[1].field == []  # Ogre destroyed by Bane
    assert g.players[0].field == []  # Snake died to 4 damage
    g = position(fields=([BEAR], [OnField(OGRE, engaged=True)]))
    g.apply(Attack(0, 1))
    assert g.players[1].field == [1]  # without Bane the Ogre lives


def test_cr_12_14_bane_on_the_defender() -> None:
    """CR 12.14.2: a Bane defender destroys its attacker too."""
    snake = follower("Snake", 1, 0, 9, "bane")
    g = position(fields=([OGRE], [OnField(snake, engaged=True)]))
    g.apply(Attack(0, 1))
    assert g.players[0].field == []


def test_cr_12_13_drain_heals_by_attack_damage_only() -> None:
    """CR 12.13.2: Drain heals by its attack damage; CR 12.13.2.2: not when defending."""
    leech = follower("Leech", 3, 3, 5, "drain")
    g = position(fields=([leech], []), hp=(10, 20))
    g.apply(Attack(0, LEADER))
    assert (g.players[0].hp, g.players[1].hp) == (13, 17)
    g = position(fields=([BEAR], [OnField(leech, engaged=True)]), hp=(20, 10))
    g.apply(Attack(0, 1))
    assert g.players[1].hp == 10


def test_cr_12_15_aura_blocks_enemy_targeting_not_attacks() -> None:
    """CR 12.15.2: Aura cannot be chosen by enemy abilities but can be attacked."""
    bolt = spell("Bolt", 1)
    scripts = Scripts(
        [CardScript(bolt.card_id, (Ability(Trigger.SPELL, (Select(Targets()), Damage(3))),))]
    )
    aura = follower("Aura", 2, 2, 2, "aura")
    g = position(
        fields=([OGRE], [OnField(aura, engaged=True)]),
        hands=([bolt], []),
        pp=(5, 0),
        scripts=scripts,
    )
    assert "play 2" not in [str(a) for a in g.legal_actions()]  # CR 10.6.2.3.3: no target
    assert "attack 0>1" in attack_strings(g)
    g = position(
        fields=([OGRE], [OnField(BEAR, engaged=True)]),
        hands=([bolt], []),
        pp=(5, 0),
        scripts=scripts,
    )
    g.apply(Play(2))
    assert [str(a) for a in g.legal_actions()] == ["choose 1"]
    g.apply(Choose("1"))
    assert g.players[1].field == []
    assert g.players[0].grave == [2]


def test_cr_8_4_7_quick_window_after_an_attack() -> None:
    """CR 8.4.7 / 12.3.4: the defender may play a Quick card after the attack is declared."""
    trick = spell("Trick", 1, "quick")
    g = position(fields=([OGRE], []), hands=([], [trick, trick]), pp=(3, 2))
    g.apply(Attack(0, LEADER))
    assert g.current_player() == 1
    assert g.decision is not None
    assert g.decision.kind is Kind.QUICK
    assert [str(a) for a in g.legal_actions()] == ["pass", "play 1", "play 2"]
    g.apply(Play(1))
    assert g.players[1].pp == 1
    assert g.players[1].grave == [1]
    assert g.current_player() == 1  # CR 8.4.8: the window comes back
    g.apply(Pass())
    assert g.players[1].hp == 16
    assert g.current_player() == 0


def test_cr_12_3_no_window_without_quick() -> None:
    """CR 8.4.7: without a playable Quick card there is no window (nothing to decide)."""
    plain = spell("Plain", 1)
    g = position(fields=([OGRE], []), hands=([], [plain]), pp=(3, 2))
    g.apply(Attack(0, LEADER))
    assert g.current_player() == 0
    assert g.players[1].hp == 16
    trick = spell("Trick", 3, "quick")
    g = position(fields=([OGRE], []), hands=([], [trick]), pp=(3, 2))
    g.apply(Attack(0, LEADER))  # the Quick card costs more than the PP left
    assert g.current_player() == 0


def test_cr_7_4_5_quick_window_at_end_phase() -> None:
    """CR 7.4.5: the non-turn player may play Quick cards in the end phase."""
    trick = spell("Trick", 1, "quick")
    g = position(hands=([], [trick]), pp=(3, 2))
    g.apply(End())
    assert g.current_player() == 1
    assert [str(a) for a in g.legal_actions()] == ["pass", "play 0"]
    g.apply(Pass())
    assert g.active == 1


WALL = follower("Wall", 2, 1, 4, "ward")


@pytest.mark.parametrize(
    ("mine", "theirs", "attack", "why"),
    [
        ([OnField(BEAR, new=True)], [], Attack(0, LEADER), r"came under your control.*8\.4\.2\.1"),
        ([OnField(follower("Rush", 2, 2, 2, "rush"), new=True)], [], Attack(0, LEADER), "came"),
        (
            [OnField(follower("Rush", 2, 2, 2, "rush"), new=True)],
            [OnField(BEAR, engaged=True)],
            Attack(0, LEADER),
            r"cannot attack the leader this turn \(CR 8\.4\.3\.1, 12\.10\)",
        ),
        ([OnField(BEAR, engaged=True)], [], Attack(0, LEADER), r"engaged \(CR 8\.4\.2\)"),
        ([BEAR], [BEAR], Attack(0, 1), r"standing.*8\.4\.3\.1"),
        ([BEAR], [], Attack(0, 7), r"not an enemy follower.*8\.4\.3\.1"),
        ([OGRE], [OnField(WALL, engaged=True), OnField(BEAR, engaged=True)], Attack(0, 2), "Ward"),
        ([OGRE], [OnField(WALL, engaged=True)], Attack(0, LEADER), r"Ward.*12\.8\.2"),
    ],
)
def test_a_refused_attack_is_not_offered_and_says_why(mine, theirs, attack, why) -> None:  # type: ignore[no-untyped-def]
    """One predicate decides attack legality: what the legal-action list leaves out is what
    the refusal explains (CR 8.4.2-8.4.3, 12.8-12.12), and an offered attack is accepted."""
    g = position(fields=(mine, theirs))
    assert str(attack) not in attack_strings(g)
    with pytest.raises(IllegalActionError, match=why):
        g.apply(attack)
    offered = [a for a in g.legal_actions() if isinstance(a, Attack)]
    for a in offered:
        position(fields=(mine, theirs)).apply(a)
