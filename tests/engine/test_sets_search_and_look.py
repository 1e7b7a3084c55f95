"""Searches and looks at the deck as BP19-BP22 print them (read from SVEN's text): either of
two kinds (``AかB``, ``AやB``), one card of each of two kinds (``AとB``, and ``それぞれ1枚まで``
from one look), cards whose original costs add up to a total, a printed attack limit, a
name and a trait, and "other than this card's name" with two traits.

Behaviour tests run on the committed library's encodings of real card ids, with made-up
stats where they do not matter.
"""

from __future__ import annotations

import pytest

from engine.cards import CardRecord
from engine.sve import Play
from engine.sve.actions import Choose
from engine.sve.effects.selectors import CardFilter
from engine.sve.position import position
from engine.sve.state import State
from tests.engine.library_cards import library_record, library_scripts, resolve_in_order


def _card(name: str, card_type: str = "follower", cost: int = 1, **kw: object) -> CardRecord:
    return CardRecord(f"X-{name}", name, card_type=card_type, cost=cost, attack=1, defense=1, **kw)  # type: ignore[arg-type]


def _offered(game: State) -> set[str]:
    """The names of the deck cards offered by the decision now."""
    assert game.decision is not None
    return {game.cards[int(o)].base.name for o in game.decision.options if o != "done"}


def test_bp19_098_searches_either_of_two_names() -> None:
    """BP19-098 (Fanfare): search for 戒律の諜報員 or 宗規の構成員 and put it onto the field;
    a third name is not offered."""
    scripts = library_scripts("BP19-098")
    card = library_record(scripts, "BP19-098", cost=5, atk=4, dfn=4)
    deck = [_card("戒律の諜報員"), _card("宗規の構成員"), _card("Other")]
    game = position(hands=([card], []), decks=(deck, 5), pp=(9, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert _offered(game) == {"戒律の諜報員", "宗規の構成員"}


def test_bp21_058_finds_one_of_each_cost() -> None:
    """BP21-058 (Fanfare, discard a card): a cost-2 and then a cost-1 ドラゴニュート follower
    from the deck onto the field; a cost-3 one is never offered."""
    scripts = library_scripts("BP21-058")
    card = library_record(scripts, "BP21-058", cost=6, atk=4, dfn=4)
    newt = ("ドラゴニュート",)
    deck = [_card("Two", cost=2, traits=newt), _card("One", cost=1, traits=newt)]
    deck.append(_card("Three", cost=3, traits=newt))
    game = position(hands=([card, _card("Junk")], []), decks=(deck, 5), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    game.apply(Choose("pay"))
    game.apply(Choose(str(p.hand[0])))  # the discard
    assert _offered(game) == {"Two"}
    game.apply(Choose(next(o for o in game.decision.options if o != "done")))  # type: ignore[union-attr]
    assert _offered(game) == {"One"}
    game.apply(Choose(next(o for o in game.decision.options if o != "done")))  # type: ignore[union-attr]
    resolve_in_order(game)
    assert {game.cards[u].base.name for u in p.field} == {card.name, "Two", "One"}


def test_bp21_025_takes_academics_within_a_total_cost() -> None:
    """BP21-025 (Fanfare): among the top 5, up to 2 学院 followers whose original costs add up
    to 4 or less: after a cost-3 one only a cost-1 one still fits."""
    scripts = library_scripts("BP21-025")
    card = library_record(scripts, "BP21-025", cost=5, atk=4, dfn=4)
    academy = ("学院",)
    deck = [_card(f"C{c}", cost=c, traits=academy) for c in (1, 2, 3)]
    game = position(hands=([card], []), decks=(deck, 0), pp=(9, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    assert _offered(game) == {"C1", "C2", "C3"}
    assert game.decision is not None
    options = game.decision.options
    three = next(o for o in options if o != "done" and game.cards[int(o)].base.cost == 3)
    game.apply(Choose(three))
    assert _offered(game) == {"C1"}


def test_bp21_048_takes_one_follower_and_one_spell_from_one_look() -> None:
    """BP21-048 (Fanfare): among the top 4, up to 1 学院 follower and up to 1 学院 spell into
    the EX area; a second follower is not offered once one was taken."""
    scripts = library_scripts("BP21-048")
    card = library_record(scripts, "BP21-048", cost=3, atk=3, dfn=3)
    academy = ("学院",)
    deck = [
        _card("F1", traits=academy), _card("F2", traits=academy),
        _card("S1", card_type="spell", traits=academy), _card("Other"),
    ]  # fmt: skip
    game = position(hands=([card], []), decks=(deck, 0), pp=(9, 0), scripts=scripts)
    p = game.players[0]
    game.apply(Play(p.hand[0]))
    assert _offered(game) == {"F1", "F2"}
    game.apply(Choose(next(o for o in game.decision.options if o != "done")))  # type: ignore[union-attr]
    assert _offered(game) == {"S1"}
    game.apply(Choose(next(o for o in game.decision.options if o != "done")))  # type: ignore[union-attr]
    resolve_in_order(game)
    assert sorted(game.cards[u].base.name for u in p.ex) in (["F1", "S1"], ["F2", "S1"])
    assert len(p.deck) == 2


def test_bp19_097_takes_an_amulet_or_a_named_card() -> None:
    """BP19-097 (On Evolve): among the top 4, an amulet or 翼天の執行者・ウヌエル (a
    follower) may be taken; another follower is not offered."""
    what = CardFilter("amulet", also=(CardFilter(name="翼天の執行者・ウヌエル"),))
    from engine.sve.library import library, script_of

    entry = library()["cards"]["BP19-097"]
    assert entry["status"] == "full"
    look = script_of("BP19-097", entry).abilities[0].effects[0]
    assert look.what.matches(_card("A", card_type="amulet"))  # type: ignore[attr-defined]
    assert look.what.matches(_card("翼天の執行者・ウヌエル"))  # type: ignore[attr-defined]
    assert not look.what.matches(_card("F"))  # type: ignore[attr-defined]
    assert what.matches(_card("A", card_type="amulet"))


@pytest.mark.parametrize(("attack", "storm", "offered"), [
    (3, True, True), (4, True, False), (3, False, False),
])  # fmt: skip
def test_bp20_108_searches_a_storm_follower_with_attack_3_or_less(
    attack: int, storm: bool, offered: bool
) -> None:
    """BP20-108 (Fanfare, pay 2): a follower printed with Storm and 3 or less attack."""
    scripts = library_scripts("BP20-108")
    card = library_record(scripts, "BP20-108", cost=5, atk=3, dfn=4)
    found = CardRecord(
        "X-F", "F", cost=2, attack=attack, defense=1, keywords=("storm",) if storm else ()
    )
    game = position(hands=([card], []), decks=([found], 5), pp=(9, 0), scripts=scripts)
    game.apply(Play(game.players[0].hand[0]))
    game.apply(Choose("pay"))
    uid = next(u for u in game.players[0].deck if game.cards[u].base.name == "F")
    offered_now = game.decision is not None and str(uid) in game.decision.options
    assert offered_now is offered


def test_a_name_and_a_trait_and_two_traits_but_not_this_name() -> None:
    """A (trait) follower whose name contains a word (BP22-059) needs both; a card of two traits
    other than this name (BP20-095) needs both traits and another name."""
    from engine.sve.library import library, script_of

    fanfare = script_of("BP22-059", library()["cards"]["BP22-059"]).abilities[1]
    whale = fanfare.effects[0].what  # type: ignore[attr-defined]
    assert whale.matches(_card("ブルーホエール", traits=("海洋",)))
    assert not whale.matches(_card("ブルーホエール"))
    assert not whale.matches(_card("Shark", traits=("海洋",)))
    entry = library()["cards"]["BP20-095"]
    heir = script_of("BP20-095", entry).abilities[0].effects[0].what  # type: ignore[attr-defined]
    omen_zealot = ("絶傑", "狂信")
    assert heir.matches(_card("Other", traits=omen_zealot))
    assert not heir.matches(_card("Other", traits=("絶傑",)))
    assert not heir.matches(_card("安息の継承者・ヒメカ", traits=omen_zealot))
