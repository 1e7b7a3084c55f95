"""Behaviour of real Abysscraft and Dragoncraft cards and the mechanics they brought.

Each card's script is read from the committed library (compiled from the card text or
encoded by hand); positions are set up directly. Card text is never written here.
"""

from __future__ import annotations

from engine.cards import CardRecord
from engine.sve import Choose, Play
from engine.sve.abilities import Scripts
from engine.sve.library import library, script_of
from engine.sve.position import evolved, position
from engine.sve.state import State, Zone


def _lib(*card_ids: str) -> Scripts:
    return Scripts([script_of(c, library()["cards"][c]) for c in card_ids])


def _rec(
    card_id: str,
    name: str = "",
    card_type: str = "follower",
    cost: int = 1,
    attack: int = 1,
    defense: int = 1,
    keywords: tuple[str, ...] = (),
    traits: tuple[str, ...] = (),
    card_class: str | None = None,
) -> CardRecord:
    return CardRecord(
        card_id,
        name or card_id,
        card_class=card_class,
        card_type=card_type,
        cost=cost,
        attack=attack,
        defense=defense,
        keywords=keywords,
        traits=traits,
    )


def _options(game: State) -> list[str]:
    assert game.decision is not None
    return list(game.decision.options)


# --- BP10-054: Ward; leaving the field heals; Fanfare: top card to EX, maybe evolve/return --

IRANZA = _rec("BP10-054", "Iranza", cost=8, attack=8, defense=8, keywords=("ward",))


def _iranza_game(top_cost: int, with_evolve: bool = True) -> tuple[State, int]:
    top = _rec("X-top", cost=top_cost)
    game = position(
        hands=([IRANZA], []),
        decks=([_rec("X-low", cost=1)] * 3 + [top], 5),
        evolve=([evolved(IRANZA)] if with_evolve else [], []),
        pp=(8, 0),
        scripts=_lib("BP10-054"),
    )
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    game.apply(Choose("stand"))  # Ward: enter standing
    return game, uid


def test_iranza_high_cost_top_card_offers_evolve_or_return() -> None:
    """BP10-054: the top card (cost 8) goes to the EX area; the player may evolve it."""
    game, uid = _iranza_game(8)
    (ex,) = game.players[0].ex
    assert game.cards[ex].base.card_id == "X-top"
    assert _options(game) == ["evolve", "return"]
    game.apply(Choose("evolve"))
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[uid].evo >= 0


def test_iranza_return_to_hand_heals_the_leader() -> None:
    """BP10-054: choosing to return it to the hand makes it leave the field: +8 defense."""
    game, uid = _iranza_game(5)
    game.apply(Choose("return"))
    assert game.cards[uid].zone is Zone.HAND
    assert game.players[0].hp == 28


def test_iranza_low_cost_top_card_does_nothing_more() -> None:
    """BP10-054: a top card of cost 4 goes to the EX area and Iranza stays, unevolved."""
    game, uid = _iranza_game(4)
    assert game.players[0].ex
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[uid].evo < 0
    assert game.players[0].hp == 20
    assert game.decision is not None
    assert game.decision.options == []


def test_iranza_without_evolved_card_returns_without_asking() -> None:
    """BP10-054: with no evolved card to evolve into, the only option (return) is done."""
    game, uid = _iranza_game(9, with_evolve=False)
    assert game.cards[uid].zone is Zone.HAND
    assert game.players[0].hp == 28


def test_iranza_full_ex_area_puts_nothing() -> None:
    """BP10-054: with a full EX area the top card stays in the deck and nothing follows."""
    top = _rec("X-top", cost=9)
    game = position(
        hands=([IRANZA], []),
        decks=([top], 5),
        ex=([_rec("X-ex")] * 5, []),
        evolve=([evolved(IRANZA)], []),
        pp=(8, 0),
        scripts=_lib("BP10-054"),
    )
    uid = game.players[0].hand[0]
    game.apply(Play(uid))
    game.apply(Choose("stand"))
    assert game.cards[game.players[0].deck[-1]].base.card_id == "X-top"
    assert game.cards[uid].zone is Zone.FIELD
    assert game.cards[uid].evo < 0
