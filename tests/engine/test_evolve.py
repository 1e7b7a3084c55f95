"""Evolution (CR 12.2, 5.16, 8.3.2) and Super-Evolution (CR 12.2.4)."""

from __future__ import annotations

import pytest

from engine.sve import LEADER, Attack, Evolve, IllegalActionError
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.deck import Draw
from engine.sve.effects.scripts import Scripts
from engine.sve.position import OnField, evolved, follower, position

BEAR = follower("Bear", 2, 2, 2)
BEAR_E = evolved(BEAR)  # 4/4
WOLF = follower("Wolf", 3, 3, 3)


def evolves(g) -> list[str]:
    return [str(a) for a in g.legal_actions() if isinstance(a, Evolve)]


def test_cr_12_2_evolve_with_pp_or_ep() -> None:
    """CR 12.2.2-12.2.3: pay the evolve cost (2) in PP, or 1 PP + 1 EP."""
    g = position(fields=([BEAR], []), evolve=([BEAR_E], []), pp=(2, 0), ep=(1, 0))
    assert evolves(g) == ["evolve 0", "evolve 0 ep"]
    g.apply(Evolve(0, ep=True))
    p = g.players[0]
    assert (p.pp, p.ep) == (1, 0)
    card = g.cards[0]
    assert (card.atk, card.dfn) == (4, 4)
    assert card.face == BEAR_E
    assert card.evo == 1
    assert g.cards[1].zone is Zone.EVOLVE_AREA
    assert p.evolve_deck == []


def test_cr_12_2_3_cannot_pay_is_refused() -> None:
    """CR 12.2.3: with 1 PP and no EP there is no way to pay; refusal names the cost."""
    g = position(fields=([BEAR], []), evolve=([BEAR_E], []), pp=(1, 0), ep=(0, 0))
    assert evolves(g) == []
    with pytest.raises(IllegalActionError, match="costs 2 PP"):
        g.apply(Evolve(0))
    with pytest.raises(IllegalActionError, match="no EP"):
        g.apply(Evolve(0, ep=True))


def test_cr_5_16_1_1_1_needs_the_same_named_evolved_card() -> None:
    """CR 5.16.1.1.1: only a face-down evolved card with the same name can be used."""
    g = position(fields=([WOLF], []), evolve=([BEAR_E], []), pp=(5, 0))
    assert evolves(g) == []
    with pytest.raises(IllegalActionError, match="no face-down evolved 'Wolf'"):
        g.apply(Evolve(0))


def test_cr_8_3_2_1_once_per_turn() -> None:
    """CR 8.3.2.1: one evolution per turn."""
    g = position(fields=([BEAR, BEAR], []), evolve=([BEAR_E, BEAR_E], []), pp=(9, 0))
    g.apply(Evolve(0))
    assert evolves(g) == []
    with pytest.raises(IllegalActionError, match=r"8\.3\.2\.1"):
        g.apply(Evolve(1))


def test_cr_5_16_2_1_damage_and_buffs_carry_over() -> None:
    """CR 5.16.2.1: differences from the printed values are kept after evolving."""
    g = position(fields=([BEAR], []), evolve=([BEAR_E], []), pp=(2, 0))
    g.cards[0].dfn = 1  # took 1 damage
    g.add_counter(0, "stack", 2)
    g.apply(Evolve(0))
    assert (g.cards[0].atk, g.cards[0].dfn) == (4, 3)
    assert g.cards[0].counters == {"stack": 2}  # counters stay


def test_cr_8_4_2_1_evolved_this_turn_may_attack_followers_only() -> None:
    """CR 8.4.2.1 / 8.4.3.1: a new follower evolved this turn attacks engaged followers only."""
    g = position(
        fields=([OnField(BEAR, new=True)], [OnField(WOLF, engaged=True)]),
        evolve=([BEAR_E], []),
        pp=(2, 0),
    )
    assert [a for a in g.legal_actions() if isinstance(a, Attack)] == []
    g.apply(Evolve(0))
    attacks = [str(a) for a in g.legal_actions() if isinstance(a, Attack)]
    assert attacks == ["attack 0>1"]
    with pytest.raises(IllegalActionError, match=r"8\.4\.3\.1"):
        g.apply(Attack(0, LEADER))


def test_cr_12_2_4_super_evolution_turns() -> None:
    """CR 12.2.4: Super-Evolution from own turn 7 (first player) / 6 (second), +1/+1, 1 SEP."""
    g = position(
        first=0,
        active=0,
        fields=([BEAR], []),
        evolve=([BEAR_E], []),
        pp=(9, 0),
        own_turns=(6, 6),
        turn=11,
    )
    assert evolves(g) == ["evolve 0"]
    with pytest.raises(IllegalActionError, match=r"own turn 7 .*12\.2\.4"):
        g.apply(Evolve(0, super_=True))
    g = position(
        first=0,
        active=0,
        fields=([BEAR], []),
        evolve=([BEAR_E], []),
        pp=(9, 0),
        own_turns=(7, 6),
        turn=13,
    )
    assert evolves(g) == ["evolve 0", "evolve 0 super"]
    g.apply(Evolve(0, super_=True))
    assert (g.cards[0].atk, g.cards[0].dfn) == (5, 5)
    assert g.players[0].sep == 0
    g = position(
        first=0,
        active=1,
        fields=([], [BEAR]),
        evolve=([], [BEAR_E]),
        pp=(0, 9),
        own_turns=(6, 6),
        turn=12,
        ep=(0, 0),
    )
    assert evolves(g) == ["evolve 0", "evolve 0 super"]
    g = position(
        first=0,
        active=1,
        fields=([], [BEAR]),
        evolve=([], [BEAR_E]),
        pp=(0, 9),
        own_turns=(6, 6),
        sep=(1, 0),
        turn=12,
        ep=(0, 0),
    )
    assert evolves(g) == ["evolve 0"]


def test_cr_11_6_1_evolved_card_returns_face_up_and_is_spent() -> None:
    """CR 5.16.3 / 11.6.1: when it leaves, the base card goes to the graveyard and the
    evolved card face up to the evolve deck, where it cannot be used again."""
    g = position(fields=([BEAR, BEAR], []), evolve=([BEAR_E], []), pp=(9, 0))
    g.apply(Evolve(0))
    g.destroy([0])
    p = g.players[0]
    assert p.grave == [0]
    assert p.evolve_used == [2]
    assert p.evolve_deck == []
    assert g.cards[0].face == BEAR  # the base card is plain again
    g.players[0].evolved_on = 0  # as if on a new turn
    assert evolves(g) == []


def test_cr_12_6_and_12_17_evolve_triggers() -> None:
    """CR 12.6 / 12.17: On Evolve goes off on evolving; On Super-Evolve only when super."""
    scripts = Scripts(
        [
            CardScript(
                BEAR_E.card_id,
                (
                    Ability(Trigger.ON_EVOLVE, (Draw(1),)),
                    Ability(Trigger.ON_SUPER_EVOLVE, (Draw(2),)),
                ),
            )
        ]
    )
    g = position(fields=([BEAR], []), evolve=([BEAR_E], []), pp=(9, 0), scripts=scripts)
    g.apply(Evolve(0))
    assert len(g.players[0].hand) == 1
    g = position(
        fields=([BEAR], []),
        evolve=([BEAR_E], []),
        pp=(9, 0),
        scripts=scripts,
        own_turns=(7, 6),
        turn=13,
    )
    g.apply(Evolve(0, super_=True))
    assert g.decision is not None
    assert g.decision.kind.name == "ORDER"
    g.apply(g.legal_actions()[0])
    assert len(g.players[0].hand) == 3
