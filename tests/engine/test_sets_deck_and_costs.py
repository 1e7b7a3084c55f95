"""The deck, the hand and costs in BP19-BP22 (read from SVEN's text): banishing the top of
the deck, optional mills and discards, discarding the whole hand, "if you discarded a X",
a hand card to the bottom of the deck, and costs paid with EX-area cards (to the
graveyard or banished) and with graveyard cards of a class.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Attack, End, Play
from engine.sve.actions import Choose
from engine.sve.board import Kind, Zone
from engine.sve.position import add_card, position
from tests.engine.library_cards import library_record, library_scripts, resolve_in_order


def _card(name: str, card_type: str = "follower", **kw: object) -> CardRecord:
    return CardRecord(f"X-{name}", name, card_type=card_type, cost=1, attack=1, defense=9, **kw)  # type: ignore[arg-type]


def test_bp21_047_banishes_the_top_card_of_the_deck() -> None:
    """BP21-047 (Fanfare): the top card of your deck goes to the banish zone (CR 5.7), not to
    the graveyard."""
    scripts = library_scripts("BP21-047")
    card = library_record(scripts, "BP21-047")
    game = position(hands=([card], []), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    top = p.deck[-1]
    game.apply(Play(p.hand[0]))
    resolve_in_order(game)
    assert p.banish == [top]
    assert p.grave == []


@pytest.mark.parametrize(("answer", "milled"), [("yes", True), ("done", False)])
def test_bp21_037_may_mill_the_top_card_at_its_end_phase(answer: str, milled: bool) -> None:
    """BP21-037 (your end phase): you may put the top card of your deck into the graveyard;
    declining leaves it on top."""
    scripts = library_scripts("BP21-037")
    card = library_record(scripts, "BP21-037", atk=0, dfn=3)
    game = position(fields=([card], []), scripts=scripts)
    p = game.players[0]
    top = p.deck[-1]
    game.apply(End())
    assert game.decision is not None
    assert game.decision.player == 0
    game.apply(Choose(answer))
    assert (game.cards[top].zone is Zone.GRAVE) is milled


def test_bp20_111_discards_the_whole_hand() -> None:
    """BP20-111 (Fanfare): every card of your hand is discarded, with no choice asked."""
    scripts = library_scripts("BP20-111")
    card = library_record(scripts, "BP20-111", cost=3)
    game = position(hands=([card, _card("A"), _card("B")], []), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    resolve_in_order(game)
    assert p.hand == []
    assert len(p.grave) == 2


@pytest.mark.parametrize(("discard", "hurt"), [("dragonewt", 2), ("other", 0), ("done", 0)])
def test_bp19_072_hurts_the_leader_only_for_a_discarded_dragonewt_follower(
    discard: str, hurt: int
) -> None:
    """BP19-072 (spell): 6 damage to up to 2 enemy followers, then you may discard a card;
    only a discarded ドラゴニュート follower deals 2 damage to the enemy leader (its English:
    "If you do and the discarded card is a Dragonewt follower")."""
    scripts = library_scripts("BP19-072")
    spell = library_record(scripts, "BP19-072", card_type="spell", cost=4)
    dragonewt = _card("Newt", traits=("ドラゴニュート",))
    game = position(
        hands=([spell, dragonewt, _card("Other")], []), fields=([], [_card("Foe")]), pp=(9, 0),
        scripts=scripts,
    )  # fmt: skip
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    game.apply(Choose(str(game.players[1].field[0])))
    newt, other = p.hand
    game.apply(Choose({"dragonewt": str(newt), "other": str(other), "done": "done"}[discard]))
    resolve_in_order(game)
    assert game.players[1].hp == 20 - hurt
    assert len(p.hand) == (2 if discard == "done" else 1)
    assert game.cards[game.players[1].field[0]].dfn == 3


@pytest.mark.parametrize(("kind", "leader", "followers"), [
    ("follower", 3, 0), ("amulet", 0, 3), ("spell", 0, 0),
])  # fmt: skip
def test_bp22_097_answers_the_kind_of_card_it_discarded(
    kind: str, leader: int, followers: int
) -> None:
    """BP22-097 (Strike): draw 2, discard a card; a follower discarded deals 3 to the enemy
    leader, an amulet 3 to each enemy follower, a spell neither."""
    scripts = library_scripts("BP22-097")
    card = library_record(scripts, "BP22-097", card_type="evolved_follower", atk=0, dfn=5)
    foe = _card("Foe")
    game = position(
        fields=([card], [foe]), hands=([_card("Pick", card_type=kind)], []), scripts=scripts
    )
    p = game.players[0]
    pick = p.hand[0]
    game.apply(Attack(p.field[0], -1))
    resolve_in_order(game)
    game.apply(Choose(str(pick)))
    resolve_in_order(game)
    assert game.players[1].hp == 20 - leader
    assert game.cards[game.players[1].field[0]].dfn == 9 - followers


@pytest.mark.parametrize(("trait", "paid"), [("八獄", True), ("兵士", False)])
def test_bp19_060_pays_with_an_ex_area_card_put_into_the_graveyard(trait: str, paid: bool) -> None:
    """BP19-060 (Fanfare): put a 八獄 card of your EX area into the graveyard to deal 4
    damage; with no such card in the EX area nothing can be paid (CR 10.4.2.2)."""
    scripts = library_scripts("BP19-060")
    card = library_record(scripts, "BP19-060", cost=4, atk=4, dfn=4)
    game = position(
        hands=([card], []), fields=([], [_card("Foe")]), ex=([_card("Ex", traits=(trait,))], []),
        pp=(9, 0), scripts=scripts,
    )  # fmt: skip
    p = game.players[0]
    in_ex = p.ex[0]
    game.apply(Play(p.hand[0]))
    if paid:
        game.apply(Choose("pay"))
        game.apply(Choose(str(in_ex)))
        game.apply(Choose(str(game.players[1].field[0])))
    resolve_in_order(game)
    assert game.cards[game.players[1].field[0]].dfn == (5 if paid else 9)
    assert (game.cards[in_ex].zone is Zone.GRAVE) is paid


@pytest.mark.parametrize(("token", "paid"), [(True, True), (False, False)])
def test_bp22_013_banishes_fairy_tokens_of_the_ex_area(token: bool, paid: bool) -> None:
    """BP22-013 (Fanfare): banish 2 妖精 token cards of your EX area to deal 5 damage and draw;
    妖精 cards that are not tokens do not pay it."""
    scripts = library_scripts("BP22-013")
    card = library_record(scripts, "BP22-013", cost=5, atk=3, dfn=3)
    fairy = _card("Fairy", card_type="token_follower" if token else "follower", traits=("妖精",))
    game = position(
        hands=([card], []), fields=([], [_card("Foe")]), ex=([fairy, fairy], []), pp=(9, 0),
        scripts=scripts,
    )  # fmt: skip
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    if paid:
        game.apply(Choose("pay"))
        while game.decision is not None and game.decision.kind is Kind.PICK:
            game.apply(Choose(game.decision.options[0]))
        game.apply(Choose(str(game.players[1].field[0])))
    resolve_in_order(game)
    assert game.cards[game.players[1].field[0]].dfn == (4 if paid else 9)
    assert len(p.ex) == (0 if paid else 2)


@pytest.mark.parametrize(("card_class", "evolves"), [("rune", True), ("forest", False)])
def test_bp22_042_banishes_runecraft_cards_of_the_graveyard_to_evolve(
    card_class: str, evolves: bool
) -> None:
    """BP22-042 (Fanfare): banish 2 【ウィッチ】 cards of your graveyard and it evolves (no
    evolve cost, CR 5.16); cards of another class do not pay it."""
    scripts = library_scripts("BP22-042")
    card = library_record(scripts, "BP22-042", cost=2, atk=2, dfn=1, name="Cat")
    evolved = CardRecord("X-CatE", "Cat", card_type="evolved_follower", attack=4, defense=3)
    game = position(hands=([card], []), evolve=([evolved], []), pp=(9, 0), scripts=scripts)
    for i in range(2):
        add_card(game, 0, _card(f"G{i}", card_class=card_class), Zone.GRAVE)
    p = game.players[0]
    uid = p.hand[0]
    game.apply(Play(uid))
    if evolves:
        game.apply(Choose("pay"))
        while game.decision is not None and game.decision.kind is Kind.PICK:
            game.apply(Choose(game.decision.options[0]))
    resolve_in_order(game)
    assert (game.cards[uid].evo >= 0) is evolves
    assert len(p.banish) == (2 if evolves else 0)


def test_bp04_126_puts_a_hand_card_on_the_bottom_of_the_deck() -> None:
    """BP04-126 (spell): a card of your hand goes to the bottom of your deck (no choice of
    end), then you draw."""
    scripts = library_scripts("BP04-126")
    spell = library_record(scripts, "BP04-126", card_type="spell", cost=1)
    game = position(hands=([spell, _card("Keep")], []), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    kept = p.hand[1]
    game.apply(Play(p.hand[0]))
    game.apply(Choose(str(kept)))
    resolve_in_order(game)
    assert p.deck[0] == kept
    assert len(p.hand) == 1
