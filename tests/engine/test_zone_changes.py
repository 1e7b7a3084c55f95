"""CR 4.1.4: a card that moves to another zone is a new card there."""

from __future__ import annotations

import pytest

from engine.sve import Attack, Evolve, IllegalActionError, Play
from engine.sve.actions import Choose
from engine.sve.board import Zone
from engine.sve.effects.core import Ability, CardScript, Trigger
from engine.sve.effects.damage import Destroy
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Select, Targets
from engine.sve.effects.stats import Buff
from engine.sve.effects.zones import ReturnToHand, SelfToEx
from engine.sve.position import OnField, evolved, follower, position, spell

BEAR = follower("Bear", 2, 2, 2)
BOUNCE = spell("Bounce", 0)
"""Return one of your followers to your hand."""
BOUNCE_SCRIPT = CardScript(
    BOUNCE.card_id,
    (Ability(Trigger.SPELL, (Select(Targets(side="own")), ReturnToHand())),),
)


def test_cr_4_1_4_evolved_follower_replayed_in_the_same_turn_cannot_attack_followers() -> None:
    """An evolved follower may attack followers the turn it evolved (CR 12.2, 8.4.2.1); once
    returned to the hand and played again it is a new card without that mark."""
    scripts = Scripts([BOUNCE_SCRIPT])
    g = position(
        fields=([OnField(BEAR, new=True)], [OnField(BEAR, engaged=True)]),
        hands=([BOUNCE, BEAR], []),
        evolve=([evolved(BEAR)], []),
        pp=(6, 0),
        scripts=scripts,
    )
    g.apply(Evolve(0))
    assert Attack(0, 1) in g.legal_actions()  # evolved this turn: followers only
    g.apply(Play(2))
    g.apply(Choose("0"))
    assert g.cards[0].zone is Zone.HAND
    assert (g.cards[0].face.card_id, g.cards[0].atk) == (BEAR.card_id, 2)
    g.apply(Play(0))
    assert not any(isinstance(a, Attack) for a in g.legal_actions())
    with pytest.raises(IllegalActionError, match="came under your control this turn"):
        g.apply(Attack(0, 1))


def test_cr_4_1_4_rush_is_kept_when_it_is_printed_on_the_card() -> None:
    """The printed keywords are the new card's own: a Rush follower replayed the same turn
    attacks followers."""
    rusher = follower("Rusher", 2, 2, 2, "rush")
    g = position(
        fields=([OnField(rusher, new=True)], [OnField(BEAR, engaged=True)]),
        hands=([BOUNCE], []),
        pp=(6, 0),
        scripts=Scripts([BOUNCE_SCRIPT]),
    )
    g.apply(Play(2))
    g.apply(Choose("0"))
    g.apply(Play(0))
    assert Attack(0, 1) in g.legal_actions()


def test_cr_4_1_4_buffs_granted_keywords_and_damage_are_dropped_on_leaving() -> None:
    """A follower that got +2/+2 and Storm and took damage comes back to the hand as its
    printed card."""
    tonic = spell("Tonic", 0)
    scripts = Scripts(
        [
            BOUNCE_SCRIPT,
            CardScript(
                tonic.card_id,
                (
                    Ability(
                        Trigger.SPELL,
                        (Select(Targets(side="own")), Buff(2, 2, "targets", keywords=("storm",))),
                    ),
                ),
            ),
        ]
    )
    g = position(fields=([BEAR], []), hands=([tonic, BOUNCE], []), pp=(6, 0), scripts=scripts)
    g.cards[0].dfn -= 1  # damaged
    g.apply(Play(1))
    g.apply(Choose("0"))
    assert (g.cards[0].atk, g.cards[0].dfn, g.cards[0].keywords) == (4, 3, ("storm",))
    g.apply(Play(2))
    g.apply(Choose("0"))
    card = g.cards[0]
    assert (card.atk, card.dfn, card.keywords, card.counters) == (2, 2, (), None)


NEKHBET = follower("Nekhbet", 3, 2, 2, "no_play_from_ex")
"""Like BP14-091: cannot be played from the EX area; its evolved form's Last Words put it
into the EX area."""
NEKHBET_EVO = evolved(NEKHBET)
DOOM = spell("Doom", 0)


def _last_words_to_ex(base) -> Scripts:
    """Doom destroys a follower of yours; ``base``'s evolved form puts it into the EX area."""
    return Scripts(
        [
            CardScript(
                DOOM.card_id, (Ability(Trigger.SPELL, (Select(Targets(side="own")), Destroy())),)
            ),
            CardScript(
                evolved(base).card_id, (Ability(Trigger.LAST_WORDS, (SelfToEx(optional=False),)),)
            ),
        ]
    )


@pytest.mark.parametrize(
    ("base", "playable"),
    [(NEKHBET, False), (follower("Owl", 3, 2, 2), True)],
    ids=["cannot-play-from-ex", "ordinary"],
)
def test_cr_4_1_4_own_text_applies_again_after_last_words_put_it_into_the_ex_area(
    base, playable: bool
) -> None:
    """The evolved form's keywords leave with it: in the EX area the card's own "cannot be
    played from the EX area" holds again."""
    g = position(
        fields=([OnField(base, evolved=evolved(base))], []),
        hands=([DOOM], []),
        pp=(6, 0),
        scripts=_last_words_to_ex(base),
    )
    g.apply(Play(2))
    g.apply(Choose("0"))
    assert g.cards[0].zone is Zone.EX
    assert (Play(0) in g.legal_actions()) is playable
    if not playable:
        with pytest.raises(IllegalActionError, match="cannot be played from the EX area"):
            g.apply(Play(0))


def test_cr_4_1_4_a_cost_reduction_in_the_hand_stays_in_the_hand() -> None:
    """ "This turn it costs 2 less" applies to the card in the hand; put on the deck and
    drawn again, it is a new card at its printed cost."""
    ogre = follower("Ogre", 4, 4, 4)
    g = position(hands=([ogre], []), pp=(2, 0))
    assert Play(0) not in g.legal_actions()
    g.cost_down(0, 2)
    assert Play(0) in g.legal_actions()
    g.hand_to_deck(0, top=True)
    g.draw(0)
    assert g.cards[0].zone is Zone.HAND
    assert Play(0) not in g.legal_actions()
