"""What the searching agents weigh: a win the rules grant reached through an "any number"
choice, cards waiting in the EX area, and a lethal the opponent can bring from its hand."""

from __future__ import annotations

import random

import pytest

from engine.cards import CardRecord
from engine.sve.agents.evaluation import evaluate, load_weights
from engine.sve.agents.reach import card_reach, hand_reach
from engine.sve.effects.scripts import Scripts
from engine.sve.position import FILLER, OnField, follower, position, spell
from engine.sve.state import State
from tests.engine.agent_turns import play_turn
from tests.engine.library_cards import library_record, library_scripts

RUNNER = follower("Runner", 2, 3, 1, "storm")
WALL = follower("Wall", 1, 1, 1, "ward")
LUMP = follower("Lump", 2, 5, 5)


def _spartacus(deck: int, hand: int) -> State:
    """スパルタクス (BP09-020) on the field: at the end phase discard any number, draw that
    many plus one, then win if the deck holds 1 card or none."""
    scripts = library_scripts("BP09-020")
    spartacus = library_record(scripts, "BP09-020", cost=5, atk=4, dfn=5)
    return position(
        fields=([spartacus], []), hands=([FILLER] * hand, []), decks=(deck, 20),
        pp=(0, 0), turn=17, scripts=scripts,
    )  # fmt: skip


@pytest.mark.parametrize("agent", ["planner", "planner:30", "search:8"])
def test_the_whole_discard_is_seen_and_the_alternate_win_taken(agent: str) -> None:
    """Deck 8, hand 6: discarding all six draws seven and leaves one card, a win on the
    spot; the planner weighs the whole choice, not one card at a time."""
    game = play_turn(_spartacus(deck=8, hand=6), agent)
    assert game.outcome_ is not None
    assert game.outcome_.winner == 0


@pytest.mark.parametrize("agent", ["planner", "search:8"])
def test_no_alternate_win_when_the_deck_is_too_big(agent: str) -> None:
    """Deck 12, hand 6: at best 5 cards stay in the deck; the game goes on."""
    game = play_turn(_spartacus(deck=12, hand=6), agent)
    assert game.outcome_ is None


def _threat(opponent_hand: list[CardRecord], hp: int = 5, guard: bool = False) -> State:
    mine = [OnField(WALL, engaged=True)] if guard else []
    return position(
        fields=(mine, []), hands=([], opponent_hand), max_pp=(3, 3), pp=(3, 3), hp=(hp, 20)
    )


@pytest.mark.parametrize(
    ("hand", "guard", "reach"),
    [
        ([RUNNER, RUNNER], False, 6),  # next turn's 4 PP pays for both
        ([RUNNER, RUNNER, RUNNER], False, 6),  # not for three
        ([RUNNER, RUNNER], True, 0),  # a Ward follower stands in the way
        ([LUMP, FILLER], False, 0),  # no Storm, no burn
    ],
)
def test_storm_in_hand_counts_toward_the_reach_within_next_turns_pp(
    hand: list[CardRecord], guard: bool, reach: int
) -> None:
    assert hand_reach(_threat(hand, guard=guard), 1, guard) == reach


def test_burn_is_read_from_the_encoding_and_passes_a_ward() -> None:
    """BP01-007 deals damage to a chosen leader or follower equal to the hand size: not a
    fixed amount, not counted; a spell dealing a fixed 3 to the enemy leader counts, also
    past a Ward."""
    from engine.sve.effects.core import Ability, CardScript, Trigger
    from engine.sve.effects.damage import Damage

    bolt = spell("Bolt", 2)
    scripts = Scripts(
        [CardScript(bolt.card_id, (Ability(Trigger.SPELL, (Damage(3, "enemy_leader"),)),))]
    )
    assert card_reach(bolt, scripts) == (3, 0)
    assert card_reach(RUNNER, scripts) == (0, 3)
    real = library_scripts("BP01-007")
    assert card_reach(library_record(real, "BP01-007", "spell", cost=1), real) == (0, 0)
    game = position(fields=([OnField(WALL, engaged=True)], []), hands=([], [bolt, bolt]),
                    max_pp=(3, 3), scripts=scripts)  # fmt: skip
    assert hand_reach(game, 1, True) == 6


def test_a_lethal_from_the_opponents_hand_weighs_on_the_position() -> None:
    """Same board, 5 defense: two Storm followers in the opponent's hand threaten lethal
    next turn and lower the score by the lethal-threat weight; two dead cards do not."""
    w = load_weights()
    storm = evaluate(_threat([RUNNER, RUNNER]), 0, w)
    blanks = evaluate(_threat([FILLER, FILLER]), 0, w)
    assert blanks - storm == pytest.approx(w["lethal_threat"])
    safe = evaluate(_threat([RUNNER, RUNNER], hp=7), 0, w)
    assert safe == pytest.approx(evaluate(_threat([FILLER, FILLER], hp=7), 0, w))


def test_cards_waiting_in_the_ex_area_count() -> None:
    w = load_weights()
    bare = position(hands=([FILLER], []))
    waiting = position(hands=([FILLER], []), ex=([FILLER, FILLER], []))
    assert evaluate(waiting, 0, w) - evaluate(bare, 0, w) == pytest.approx(2 * w["ex"])
    assert w["ex"] > 0


@pytest.mark.parametrize("seed", range(3))
def test_the_search_guards_against_storm_it_cannot_see_but_can_expect(seed: int) -> None:
    """5 defense, 2 PP: a 5/5 or a Ward 1/1. Every card the opponent may hold is a Storm
    3/1 it can play two of next turn, so every sampled world threatens lethal: the search
    plays the Ward follower (and engages it) rather than the bigger body."""
    game = position(
        hands=([LUMP, WALL], [RUNNER, RUNNER]), decks=(20, [RUNNER] * 20), pp=(2, 3),
        max_pp=(2, 3), hp=(5, 20),
    )  # fmt: skip
    game = play_turn(game, "search:16", seed)
    names = [game.cards[u].base.name for u in game.players[0].field]
    assert names == ["Wall"]


def test_the_planner_looks_past_ends_of_turn_that_all_lose_to_the_reply() -> None:
    """3 defense; the opponent's amulet can deal 5 to the leader on its turn (an activated
    ability, which no evaluation term counts). A 6/6 scores best before the reply, doing
    nothing or one heal next: all three die to it. Three heals of +1 (the fourth-best end
    and lower) survive; the planner tries further ends until one does."""
    from engine.sve.effects.core import Ability, CardScript, Trigger
    from engine.sve.effects.damage import Damage, HealLeader

    cannon = CardRecord("X-Cannon", "Cannon", card_type="amulet", cost=1)
    mend = spell("Mend", 1)
    big = follower("Big", 5, 6, 6)
    scripts = Scripts([
        CardScript(cannon.card_id, (Ability(Trigger.ACTIVATED, (Damage(5, "enemy_leader"),),
                                            engage_cost=True),)),
        CardScript(mend.card_id, (Ability(Trigger.SPELL, (HealLeader(1),)),)),
    ])  # fmt: skip
    game = position(
        fields=([], [cannon]), hands=([big, mend, mend, mend, mend], []), pp=(5, 0),
        max_pp=(5, 5), hp=(3, 20), scripts=scripts,
    )  # fmt: skip
    game = play_turn(game, "planner")
    assert game.players[0].hp >= 6


def test_a_playout_uses_an_activated_ability_in_every_line_not_only_the_first() -> None:
    """The greedy playout remembers the activated abilities played this turn so that free
    loops end; two sibling lines of the same turn each get the ability (the memory of one
    line does not carry into the next), and within one line it is played once."""
    from engine.sve.agents.playout import Playout
    from engine.sve.effects.core import Ability, CardScript, Trigger
    from engine.sve.effects.damage import Damage

    cannon = CardRecord("X-Cannon", "Cannon", card_type="amulet", cost=1)
    shot = Ability(Trigger.ACTIVATED, (Damage(2, "enemy_leader"),))
    scripts = Scripts([CardScript(cannon.card_id, (shot,))])
    root = position(fields=([cannon], []), hp=(20, 20), scripts=scripts)
    playout = Playout(random.Random(0))
    for _ in range(2):
        line = root.clone()
        playout.run(line, lambda s: s.turn != root.turn)
        assert line.players[1].hp == 18
