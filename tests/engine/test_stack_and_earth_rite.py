"""Stack and Earth Rite (CR 13.3.2, 13.3.3, 11.7): a Stack amulet enters with a stack
counter, loses a counter instead of leaving the field, goes to the graveyard with none
left, and can move its counters onto another Stack amulet; "+N to a Stack" puts counters
on one; Earth Rite removes stack counters as an optional cost of what follows it, or as a
cost of an activated ability.

Rule tests build positions with made-up cards (a card a position puts on the field has not
entered it, so it starts with no stack counter); card tests use the committed library's
encodings of real card ids.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Evolve, Play
from engine.sve.actions import Choose
from engine.sve.board import STACK_COUNTERS, Kind, Zone
from engine.sve.effects.core import Frame
from engine.sve.effects.stats import StackUp
from engine.sve.position import position
from engine.sve.state import State
from tests.engine.library_cards import library_record, library_scripts, resolve_in_order

STACKED = CardRecord("X-Sed", "Sediment", card_type="amulet", cost=1, keywords=("stack",))
PLAIN = CardRecord("X-Am", "Amulet", card_type="amulet", cost=1)
FOE = CardRecord("X-Foe", "Foe", cost=1, attack=1, defense=9)


def _stacks(game: State, uid: int) -> int:
    counters = game.cards[uid].counters
    return 0 if counters is None else counters.get(STACK_COUNTERS, 0)


@pytest.mark.parametrize(("record", "counters"), [(STACKED, 1), (PLAIN, 0)])
def test_cr_13_3_2_2_a_stack_amulet_enters_with_a_stack_counter(
    record: CardRecord, counters: int
) -> None:
    """A card with Stack enters the field with one stack counter; another amulet, none."""
    game = position(hands=([record], []), pp=(9, 0))
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    assert game.cards[uid].zone is Zone.FIELD
    assert _stacks(game, uid) == counters


@pytest.mark.parametrize(("counters", "stays"), [(2, True), (1, False)])
def test_cr_13_3_2_2_a_stack_counter_goes_instead_of_the_amulet(counters: int, stays: bool) -> None:
    """Destroyed with 2 counters, it loses one and stays; with 1 it loses the last and
    goes to the graveyard (CR 13.3.2.3, 11.7). A plain amulet just goes."""
    game = position(fields=([STACKED, PLAIN], []))
    uid, plain = game.players[0].field
    game.add_counter(uid, STACK_COUNTERS, counters)
    game.destroy([uid, plain])
    assert (game.cards[uid].zone is Zone.FIELD) is stays
    assert _stacks(game, uid) == (counters - 1 if stays else 0)
    assert game.cards[plain].zone is Zone.GRAVE


def test_cr_13_3_2_2_its_act_moves_every_counter_and_it_goes() -> None:
    """Engage a Stack amulet: all its stack counters move to another Stack amulet of
    yours; left with none, it goes to the graveyard."""
    scripts = library_scripts("BP01-T10")
    sediment = library_record(scripts, "BP01-T10", card_type="amulet")
    game = position(fields=([sediment, STACKED], []), scripts=scripts)
    mover, keeper = game.players[0].field
    game.add_counter(mover, STACK_COUNTERS, 3)
    game.add_counter(keeper, STACK_COUNTERS, 1)
    game.apply(Activate(mover, 0))
    assert game.decision is not None
    game.apply(Choose(str(keeper)))
    assert _stacks(game, keeper) == 4
    assert game.cards[mover].zone is Zone.GRAVE


def test_the_move_needs_another_stack_amulet() -> None:
    """With no other Stack amulet there is nothing to choose: the act cannot be used."""
    scripts = library_scripts("BP01-T10")
    sediment = library_record(scripts, "BP01-T10", card_type="amulet")
    game = position(fields=([sediment, PLAIN], []), scripts=scripts)
    assert Activate(game.players[0].field[0], 0) not in game.legal_actions()


@pytest.mark.parametrize("holders", [0, 1, 2])
def test_cr_13_3_2_4_plus_n_puts_counters_on_one_stack_card(holders: int) -> None:
    """``自分の場の【スタック】を+2する``: one Stack card of yours gets 2 counters (the player
    chooses among several); with none, nothing happens."""
    game = position(fields=([STACKED] * holders + [PLAIN], []))
    field = game.players[0].field
    frame = Frame((StackUp(2),), -1, 0)
    done = StackUp(2).run(game, frame)
    if holders == 2:
        assert not done
        frame.choice = str(field[1])
        assert StackUp(2).run(game, frame)
    counts = [_stacks(game, u) for u in field]
    expected = {0: [0], 1: [2, 0], 2: [0, 2, 0]}[holders]
    assert counts == expected


def test_bp21_046_adds_a_stack_counter_on_evolve() -> None:
    """BP21-046 (On Evolve): +1 to the Stack card on your field."""
    scripts = library_scripts("BP21-046")
    base = CardRecord("X-B", "Grune", cost=3, attack=2, defense=2)
    evolved = library_record(scripts, "BP21-046", card_type="evolved_follower", name="Grune")
    game = position(
        fields=([base, STACKED], []), evolve=([evolved], []), pp=(9, 0), turn=7, scripts=scripts
    )
    sed = game.players[0].field[1]
    game.add_counter(sed, STACK_COUNTERS, 1)
    game.apply(Evolve(game.players[0].field[0]))
    resolve_in_order(game)
    assert _stacks(game, sed) == 2


@pytest.mark.parametrize(("answer", "hurt", "left"), [("pay", 5, 1), ("done", 0, 2)])
def test_bp22_040_earth_rite_in_a_fanfare(answer: str, hurt: int, left: int) -> None:
    """BP22-040 (Fanfare, Earth Rite, CR 13.3.3.2): removing a stack counter deals 5 damage
    to an enemy follower; declining it does nothing."""
    scripts = library_scripts("BP22-040")
    card = library_record(scripts, "BP22-040", cost=4, atk=4, dfn=4)
    game = position(hands=([card], []), fields=([STACKED], [FOE]), pp=(9, 0), scripts=scripts)
    sed = game.players[0].field[0]
    game.add_counter(sed, STACK_COUNTERS, 2)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose(answer))
    foe = game.players[1].field[0]
    if answer == "pay":
        game.apply(Choose(str(sed)))  # the Stack amulet to take the counter from
        game.apply(Choose(str(foe)))
    resolve_in_order(game)
    assert game.cards[foe].dfn == 9 - hurt
    assert _stacks(game, sed) == left


def test_earth_rite_is_not_offered_without_a_stack_amulet() -> None:
    """BP22-040 with no Stack amulet: nothing can be paid, nothing happens (CR 10.4.2.2)."""
    scripts = library_scripts("BP22-040")
    card = library_record(scripts, "BP22-040", cost=4, atk=4, dfn=4)
    game = position(hands=([card], []), fields=([PLAIN], [FOE]), pp=(9, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    resolve_in_order(game)
    assert game.decision is None or game.decision.kind is Kind.MAIN
    assert game.cards[game.players[1].field[0]].dfn == 9


def test_cr_13_3_3_2_the_last_counter_taken_by_earth_rite_sends_the_amulet_away() -> None:
    """BP22-041 (act, 1 PP, Earth Rite): paid with an amulet's last stack counter, that
    amulet goes to the graveyard; without a Stack amulet the act cannot be used."""
    scripts = library_scripts("BP22-041")
    card = library_record(scripts, "BP22-041", card_type="evolved_follower", atk=5, dfn=5)
    game = position(fields=([card, STACKED], [FOE]), pp=(9, 0), scripts=scripts)
    uid, sed = game.players[0].field
    game.add_counter(sed, STACK_COUNTERS, 1)
    game.apply(Activate(uid, 0))
    while game.decision is not None and game.decision.kind is Kind.PICK:
        game.apply(Choose(game.decision.options[0]))
    game.apply(Choose(str(game.players[1].field[0])))
    resolve_in_order(game)
    assert game.cards[game.players[1].field[0]].dfn == 6
    assert game.cards[sed].zone is Zone.GRAVE
    bare = position(fields=([card, PLAIN], []), pp=(9, 0), scripts=scripts)
    assert Activate(bare.players[0].field[0], 0) not in bare.legal_actions()


def test_bp21_054_is_a_stack_amulet_whose_fanfare_binds_a_follower() -> None:
    """BP21-054: Stack (it enters with a counter) and its Fanfare engages an enemy follower
    that does not stand in its next start phase."""
    scripts = library_scripts("BP21-054")
    card = library_record(scripts, "BP21-054", card_type="amulet")
    game = position(hands=([card], []), fields=([], [FOE]), pp=(9, 0), scripts=scripts)
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    foe = game.players[1].field[0]
    game.apply(Choose(str(foe)))
    resolve_in_order(game)
    assert _stacks(game, uid) == 1
    assert game.cards[foe].engaged
