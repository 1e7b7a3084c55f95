"""Numbers counted when they are used, as BP19-BP22 print them (read from SVEN's text): the
cards of a kind in your EX area (crests too), field cards of a class or with a keyword,
the cards you played this turn, and play costs lowered by such a count or by your turns.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Activate, Attack, Play
from engine.sve.actions import Choose
from engine.sve.board import Kind
from engine.sve.position import position
from tests.engine.library_cards import library_record, library_scripts, resolve_in_order


def _card(name: str, card_type: str = "follower", **kw: object) -> CardRecord:
    return CardRecord(f"X-{name}", name, card_type=card_type, cost=1, attack=1, defense=9, **kw)  # type: ignore[arg-type]


CREST = CardRecord("X-Crest", "Crest", card_type="token_crest")


@pytest.mark.parametrize(("card_id", "per"), [("BP20-107", 1), ("BP20-098", 2)])
@pytest.mark.parametrize("crests", [0, 2])
def test_damage_by_the_crests_in_the_ex_area(card_id: str, per: int, crests: int) -> None:
    """BP20-107 (X = the crests in your EX area) and BP20-098 (twice that): other EX-area
    cards do not count; no crest, no damage."""
    scripts = library_scripts(card_id)
    card = library_record(scripts, card_id, card_type="follower", cost=3)
    game = position(
        hands=([card], []), fields=([], [_card("Foe")]), ex=([CREST] * crests + [_card("O")], []),
        pp=(9, 0), turn=9, scripts=scripts,
    )  # fmt: skip
    foe = game.players[1].field[0]
    uid = game.players[0].hand[0]
    if card_id == "BP20-098":  # an On Evolve ability: put it on the field and evolve it
        game = position(
            fields=([CardRecord("B", "Base", cost=3, attack=3, defense=3)], [_card("Foe")]),
            evolve=([library_record(scripts, card_id, "evolved_follower", name="Base")], []),
            ex=([CREST] * crests + [_card("O")], []), pp=(9, 0), turn=9, scripts=scripts,
        )  # fmt: skip
        from engine.sve import Evolve

        foe = game.players[1].field[0]
        game.apply(Evolve(game.players[0].field[0]))
    else:
        game.apply(Play(uid))
        game.apply(Choose("stand"))  # BP20-107 has Ward: it may enter engaged (CR 12.8.2)
    if game.decision is not None and game.decision.kind is Kind.TARGET:
        game.apply(Choose(str(foe)))
    resolve_in_order(game)
    assert game.cards[foe].dfn == 9 - per * crests


@pytest.mark.parametrize(("fairies", "hurt"), [(3, 3), (0, 0)])
def test_bp22_008_counts_fairy_cards_in_the_ex_area(fairies: int, hurt: int) -> None:
    """BP22-008 (Fanfare): damage equal to the 妖精 cards of your EX area; a card of another
    trait there does not count."""
    scripts = library_scripts("BP22-008")
    card = library_record(scripts, "BP22-008")
    ex = [_card("Fairy", traits=("妖精",))] * fairies + [_card("Elf", traits=("エルフ族",))]
    game = position(
        hands=([card], []), fields=([], [_card("Foe")]), ex=(ex, []), pp=(9, 0), scripts=scripts
    )
    game.apply(Play(game.players[0].hand[0]))
    foe = game.players[1].field[0]
    if game.decision is not None and game.decision.kind is Kind.TARGET:
        game.apply(Choose(str(foe)))
    resolve_in_order(game)
    assert game.cards[foe].dfn == 9 - hurt


@pytest.mark.parametrize(("storms", "atk"), [(2, 3), (0, 1)])
def test_bp21_079_counts_other_followers_with_storm(storms: int, atk: int) -> None:
    """BP21-079 (Strike): +X attack, X being your other followers that have Storm now;
    BP21-079's own Storm and followers without it do not count."""
    scripts = library_scripts("BP21-079")
    card = library_record(scripts, "BP21-079", atk=1, dfn=3)
    allies = [_card(f"S{i}", keywords=("storm",)) for i in range(storms)] + [_card("Plain")]
    game = position(fields=([card, *allies], []), scripts=scripts)
    uid = game.players[0].field[0]
    game.apply(Attack(uid, -1))
    resolve_in_order(game)
    assert game.cards[uid].atk == atk


@pytest.mark.parametrize(("played", "hurt"), [(2, 2), (0, 0)])
def test_bp22_001_deals_the_cards_played_this_turn(played: int, hurt: int) -> None:
    """BP22-001 (act, once a turn): X damage, X the cards you played this turn."""
    scripts = library_scripts("BP22-001")
    card = library_record(scripts, "BP22-001", cost=3, atk=3, dfn=4)
    game = position(fields=([card], [_card("Foe")]), scripts=scripts)
    game.players[0].played = played
    game.apply(Activate(game.players[0].field[0], 0))
    foe = game.players[1].field[0]
    game.apply(Choose(str(foe)))
    resolve_in_order(game)
    assert game.cards[foe].dfn == 9 - hurt


@pytest.mark.parametrize(("own_turns", "cost"), [(5, 4), (12, 0)])
def test_bp22_092_costs_less_by_your_turns(own_turns: int, cost: int) -> None:
    """BP22-092: it costs X less, X your turns so far (not below 0)."""
    scripts = library_scripts("BP22-092")
    card = library_record(scripts, "BP22-092")
    card = CardRecord(card.card_id, card.name, cost=9, attack=1, defense=5, keywords=card.keywords)
    game = position(hands=([card], []), own_turns=(own_turns, own_turns), scripts=scripts)
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == cost


@pytest.mark.parametrize(("card_id", "zone", "counted"), [
    ("BP22-007", "ex", _card("Fairy", traits=("妖精",))),
    ("BP20-022", "field", _card("Knight", card_class="sword")),
])  # fmt: skip
@pytest.mark.parametrize("n", [0, 2])
def test_a_play_cost_lowered_by_a_count(
    card_id: str, zone: str, counted: CardRecord, n: int
) -> None:
    """BP22-007 costs 1 less per 妖精 card of your EX area, BP20-022 per swordcraft card on
    your field; cards of another kind there do not count."""
    scripts = library_scripts(card_id)
    rec = library_record(scripts, card_id)
    rec = CardRecord(rec.card_id, rec.name, cost=7, attack=1, defense=1, keywords=rec.keywords)
    other = _card("Other", card_class="rune", traits=("魔法使い",))
    cards = [counted] * n + [other]
    game = position(
        hands=([rec], []), ex=(cards if zone == "ex" else [], []),
        fields=(cards if zone == "field" else [], []), scripts=scripts,
    )  # fmt: skip
    assert game.play_cost(game.cards[game.players[0].hand[0]]) == 7 - n
