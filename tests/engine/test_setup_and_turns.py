"""Game setup (CR 6.2) and the turn procedure (CR 7)."""

from __future__ import annotations

import pytest

from engine.sve import DeckError, DeckSpec, End, IllegalActionError, Mulligan, new_game
from engine.sve.actions import KEEP, REDRAW, Choose, Discard
from engine.sve.position import OnField, follower, position
from engine.sve.state import Kind

DECK = [follower(f"U{i}", 9, 1, 1) for i in range(40)]


def fresh(seed: int = 1, first: int | None = 0):
    return new_game(DeckSpec(main=list(DECK)), DeckSpec(main=list(DECK)), seed, first=first)


def test_cr_6_2_setup_numbers() -> None:
    """CR 6.2.1.7-6.2.1.12: 4 cards, PP 0, EP 0/3, SEP 1, leader defense 20."""
    g = fresh(first=1)
    g.apply(KEEP)
    g.apply(KEEP)
    first, second = g.players[1], g.players[0]
    assert [len(p.hand) for p in (first, second)] == [4, 4]  # first player has not drawn
    assert (first.ep, second.ep) == (0, 3)
    assert (first.sep, second.sep) == (1, 1)
    assert (first.hp, second.hp) == (20, 20)
    assert (first.max_pp, second.max_pp) == (1, 0)  # first turn started: CR 7.2.1


def test_cr_6_2_1_6_first_player_is_seeded_or_forced() -> None:
    """CR 6.2.1.6: the first player comes from the game's seed unless forced."""
    firsts = {fresh(seed, first=None).first for seed in range(20)}
    assert firsts == {0, 1}
    assert fresh(3, first=None).first == fresh(3, first=None).first
    assert fresh(3, first=1).first == 1


def test_cr_6_2_1_4_shuffle_is_seeded() -> None:
    """CR 6.2.1.4: the same seed gives the same deck order; another seed another order."""

    def order(seed: int) -> list[str]:
        g = fresh(seed)
        return [g.cards[u].base.card_id for u in g.players[0].deck]

    assert order(5) == order(5)
    assert order(5) != order(6)


def test_cr_6_2_1_8_mulligan_first_player_first() -> None:
    """CR 6.2.1.8: the first player decides first, then the second; once each."""
    g = fresh(first=1)
    assert g.current_player() == 1
    assert g.legal_actions() == [KEEP, REDRAW]
    g.apply(KEEP)
    assert g.current_player() == 0
    g.apply(REDRAW)
    assert g.decision is not None
    assert g.decision.kind is Kind.MAIN
    with pytest.raises(IllegalActionError, match="main phase"):
        g.apply(Mulligan(True))


def test_cr_6_2_1_8_redraw_puts_hand_at_bottom_without_shuffle() -> None:
    """CR 6.2.1.8: redraw sends the 4 cards to the bottom and draws the next 4."""
    g = fresh(first=0)
    p = g.players[0]
    old_hand = list(p.hand)
    next_four = list(reversed(p.deck[-4:]))
    g.apply(REDRAW)
    assert sorted(p.hand) == sorted(next_four)
    assert sorted(p.deck[:4]) == sorted(old_hand)


def test_cr_6_2_1_8_keep_keeps_hand() -> None:
    """CR 6.2.1.8: keeping changes nothing."""
    g = fresh(first=0)
    hand = list(g.players[0].hand)
    g.apply(KEEP)
    assert g.players[0].hand == hand


def test_bad_decks_are_refused() -> None:
    """CR 6.1.1.3: evolve decks hold only evolved/advance cards; a game needs cards."""
    with pytest.raises(DeckError, match="at least 4"):
        new_game(DeckSpec(main=DECK[:2]), DeckSpec(main=DECK), 0)
    with pytest.raises(DeckError, match=r"CR 6\.1\.1\.3"):
        new_game(DeckSpec(main=DECK, evolve=[DECK[0]]), DeckSpec(main=DECK), 0)


def _end_turn(g) -> None:
    g.apply(End())
    while g.decision is not None and g.decision.kind is not Kind.MAIN:
        g.apply(g.legal_actions()[0])


def test_cr_7_2_start_phase() -> None:
    """CR 7.2.1-7.2.4: max PP +1, PP refilled, everything stands, the turn player draws."""
    bear = follower("Bear", 2, 2, 2)
    g = position(first=0, active=0, turn=1, fields=([], [OnField(bear, engaged=True)]), pp=(0, 0))
    hand_before = len(g.players[1].hand)
    _end_turn(g)
    p = g.players[1]
    assert (g.turn, g.active) == (2, 1)
    assert (p.max_pp, p.pp) == (1, 1)
    assert not g.cards[p.field[0]].engaged
    assert len(p.hand) == hand_before + 1


def test_cr_7_2_4_1_first_player_skips_first_draw() -> None:
    """CR 7.2.4.1: no draw on the first player's first turn; the second player draws."""
    g = fresh(first=0)
    g.apply(KEEP)
    g.apply(KEEP)
    assert len(g.players[0].hand) == 4
    _end_turn(g)
    assert len(g.players[1].hand) == 5


def test_cr_3_2_4_1_max_pp_caps_at_10() -> None:
    """CR 7.2.1 / 3.2.4.1: max PP grows by 1 per own turn and stops at 10."""
    g = position(first=0, active=0, turn=3, pp=(0, 0), max_pp=(9, 10))
    _end_turn(g)
    assert g.players[1].max_pp == 10
    _end_turn(g)
    assert g.players[0].max_pp == 10


def test_cr_7_4_7_discard_down_to_seven() -> None:
    """CR 7.4.7: with more than 7 cards the turn player discards the excess; with 7, none."""
    many = [follower(f"H{i}", 9) for i in range(9)]
    g = position(hands=(many, []))
    g.apply(End())
    assert g.decision is not None
    assert g.decision.kind is Kind.DISCARD
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert len(g.players[0].hand) == 7
    assert g.active == 1

    g = position(hands=(many[:7], []))
    g.apply(End())
    assert g.active == 1
    assert len(g.players[0].hand) == 7


def test_discard_refuses_a_card_not_in_hand() -> None:
    """CR 5.12.1: only cards in your own hand can be discarded."""
    g = position(hands=([follower(f"H{i}", 9) for i in range(8)], []))
    g.apply(End())
    with pytest.raises(IllegalActionError, match="not in player 0's hand"):
        g.apply(Discard(999))


def test_cr_7_4_3_ward_followers_may_engage_at_end_phase() -> None:
    """CR 7.4.3 / 12.8.2: standing Ward followers may be engaged; others are not offered."""
    wall = follower("Wall", 2, 1, 4, "ward")
    bear = follower("Bear", 2, 2, 2)
    g = position(fields=([wall, bear], []))
    g.apply(End())
    assert g.decision is not None
    assert g.decision.kind is Kind.WARD_END
    assert [str(a) for a in g.legal_actions()] == ["choose 0", "choose done"]
    g.apply(Choose("0"))
    assert g.cards[0].engaged

    g = position(fields=([wall], []))
    g.apply(End())
    g.apply(Choose("done"))
    assert not g.cards[0].engaged
    assert g.active == 1


def test_turn_limit_ends_in_a_draw() -> None:
    """A runaway game ends as a draw with reason turn_limit."""
    g = position(turn=4, turn_limit=4)
    g.apply(End())
    out = g.outcome()
    assert out is not None
    assert out.winner is None
    assert out.reason.value == "turn_limit"
    assert g.legal_actions() == []
    g = position(turn=4, turn_limit=5)
    g.apply(End())
    assert g.outcome() is None
