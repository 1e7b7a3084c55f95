"""Playing cards (CR 8.2, 10.6), field and EX limits (CR 4.4.4, 4.8.3), tokens (CR 9.1)."""

from __future__ import annotations

import pytest

from engine.sve import IllegalActionError, Play
from engine.sve.actions import Choose
from engine.sve.board import Zone
from engine.sve.position import OnField, add_card, amulet, follower, position, spell
from engine.sve.state import Kind

BEAR = follower("Bear", 2, 2, 2)


def plays(g) -> list[str]:
    return [str(a) for a in g.legal_actions() if isinstance(a, Play)]


def test_cr_8_2_1_play_pays_pp_and_enters_the_field() -> None:
    """CR 8.2.1 / 10.6.2.8.1: pay the cost; the follower enters standing and cannot attack."""
    g = position(hands=([BEAR], []), pp=(3, 0))
    g.apply(Play(0))
    assert g.players[0].pp == 1
    assert g.players[0].field == [0]
    card = g.cards[0]
    assert card.zone is Zone.FIELD
    assert not card.engaged
    assert not [a for a in g.legal_actions() if str(a).startswith("attack")]


def test_cr_8_2_1_not_enough_pp_is_refused() -> None:
    """CR 8.2.1: a card costing more than the PP left cannot be played."""
    g = position(hands=([BEAR], []), pp=(1, 0))
    assert plays(g) == []
    with pytest.raises(IllegalActionError, match=r"costs 2 PP and player 0 has 1"):
        g.apply(Play(0))


def test_cr_10_6_2_6_field_limit_refuses_followers_not_spells() -> None:
    """CR 4.4.4.1 / 10.6.2.6: with 5 cards on the field no follower or amulet can be played."""
    full = [follower(f"F{i}") for i in range(5)]
    g = position(fields=(full, []), hands=([BEAR, amulet("Totem"), spell("Zap")], []), pp=(5, 0))
    assert plays(g) == ["play 7"]
    with pytest.raises(IllegalActionError, match=r"CR 4\.4\.4"):
        g.apply(Play(5))
    g = position(fields=(full[:4], []), hands=([BEAR], []), pp=(5, 0))
    assert plays(g) == ["play 4"]


def test_cr_10_6_2_8_3_spell_resolves_then_goes_to_graveyard() -> None:
    """CR 10.6.2.8.3: a spell ends in its owner's graveyard; an amulet stays on the field."""
    g = position(hands=([spell("Zap"), amulet("Totem")], []), pp=(5, 0))
    g.apply(Play(0))
    assert g.players[0].grave == [0]
    assert g.cards[0].zone is Zone.GRAVE
    g.apply(Play(1))
    assert g.players[0].field == [1]


def test_cr_8_2_1_play_from_ex_area() -> None:
    """CR 8.2.1: cards in the EX area can be played like cards in hand."""
    g = position(ex=([BEAR], []), pp=(2, 0))
    assert plays(g) == ["play 0"]
    g.apply(Play(0))
    assert g.players[0].ex == []
    assert g.players[0].field == [0]


def test_cr_4_8_3_2_ex_area_limit() -> None:
    """CR 4.8.3.1-4.8.3.2: a sixth card is not moved into the EX area."""
    g = position(ex=([follower(f"E{i}") for i in range(5)], []))
    extra = add_card(g, 0, BEAR, Zone.HAND)
    assert not g.put_in_ex(extra)
    assert len(g.players[0].ex) == 5
    assert g.cards[extra].zone is Zone.HAND
    g = position(ex=([follower(f"E{i}") for i in range(4)], []))
    extra = add_card(g, 0, BEAR, Zone.HAND)
    assert g.put_in_ex(extra)
    assert len(g.players[0].ex) == 5


def test_cr_12_8_2_ward_may_enter_engaged() -> None:
    """CR 12.8.2: a Ward follower may be put onto the field engaged instead of standing."""
    wall = follower("Wall", 2, 1, 4, "ward")
    for choice, engaged in (("engage", True), ("stand", False)):
        g = position(hands=([wall], []), pp=(2, 0))
        g.apply(Play(0))
        assert g.decision is not None
        assert g.decision.kind is Kind.WARD_ENTER
        g.apply(Choose(choice))
        assert g.cards[0].engaged is engaged
        assert g.players[0].field == [0]


def test_cr_9_1_tokens_respect_the_field_limit_and_vanish() -> None:
    """CR 4.4.4.2 / 9.1.4.3: tokens that do not fit are not created; a dead token vanishes."""
    knight = follower("Knight", 1, 1, 1)
    g = position(fields=([follower(f"F{i}") for i in range(4)], []))
    first = g.create_token(0, knight)
    assert first >= 0
    assert g.cards[first].token
    assert g.create_token(0, knight) == -1
    assert len(g.players[0].field) == 5
    g.destroy([first])
    assert g.cards[first].zone is Zone.ERASED
    assert g.players[0].grave == []


def test_cr_5_7_banish_zone() -> None:
    """CR 5.7.1: a banished card goes to its owner's banish zone (not the graveyard)."""
    g = position(fields=([], [OnField(BEAR)]))
    g.banish(0)
    assert g.players[1].banish == [0]
    assert g.players[1].grave == []


def _rod_scripts(card, **cost):
    from engine.sve.effects.core import Ability, CardScript, Trigger
    from engine.sve.effects.damage import Damage
    from engine.sve.effects.scripts import Scripts

    ability = Ability(Trigger.ACTIVATED, (Damage(1, "enemy_leader"),), **cost)
    return Scripts([CardScript(card.card_id, (ability,))])


def test_cr_8_3_activated_ability_pays_its_costs() -> None:
    """CR 8.3.1 / 10.4.4 / 10.4.6: pay PP and engage this card, then the effect resolves."""
    from engine.sve import Activate

    rod = amulet("Rod", 1)
    g = position(
        fields=([rod], []), pp=(2, 0), scripts=_rod_scripts(rod, pp_cost=1, engage_cost=True)
    )
    assert "act 0 0" in [str(a) for a in g.legal_actions()]
    g.apply(Activate(0, 0))
    assert g.players[1].hp == 19
    assert g.players[0].pp == 1
    assert g.cards[0].engaged
    assert "act 0 0" not in [str(a) for a in g.legal_actions()]
    with pytest.raises(IllegalActionError, match=r"already engaged.*10\.4\.6"):
        g.apply(Activate(0, 0))
    g = position(fields=([rod], []), pp=(0, 0), scripts=_rod_scripts(rod, pp_cost=1))
    with pytest.raises(IllegalActionError, match=r"costs 1 PP.*10\.4\.4"):
        g.apply(Activate(0, 0))


def test_cr_12_3_3_quick_ability_in_the_opponents_window() -> None:
    """CR 12.3.3-12.3.4: a Quick activated ability can be played after an enemy attack; a
    plain one cannot."""
    from engine.sve import LEADER, Activate, Attack

    rod = amulet("Rod", 1)
    ogre = follower("Ogre", 4, 4, 4)
    g = position(
        fields=([ogre], [rod]), pp=(0, 1), scripts=_rod_scripts(rod, pp_cost=1, quick=True)
    )
    g.apply(Attack(0, LEADER))
    assert [str(a) for a in g.legal_actions()] == ["pass", "act 1 0"]
    g.apply(Activate(1, 0))
    assert g.players[0].hp == 19
    g = position(fields=([ogre], [rod]), pp=(0, 1), scripts=_rod_scripts(rod, pp_cost=1))
    g.apply(Attack(0, LEADER))
    assert g.current_player() == 0  # no Quick option, no window
