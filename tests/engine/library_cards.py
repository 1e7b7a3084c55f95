"""Helpers for behaviour tests of real cards: their library scripts and their records."""

from __future__ import annotations

from engine.cards import CardRecord
from engine.sve.actions import Choose
from engine.sve.board import Kind
from engine.sve.effects.scripts import Scripts
from engine.sve.library import library, script_of
from engine.sve.state import State


def library_scripts(*card_ids: str) -> Scripts:
    """A registry holding only the committed library scripts of ``card_ids``."""
    return Scripts([script_of(c, library()["cards"][c]) for c in card_ids])


def library_record(
    scripts: Scripts,
    card_id: str,
    card_type: str = "follower",
    cost: int = 1,
    atk: int = 2,
    dfn: int = 2,
    name: str = "",
    traits: tuple[str, ...] = (),
    title: str | None = None,
) -> CardRecord:
    """A record of a real card id (made-up stats) with its own keywords from the library."""
    rec = CardRecord(
        card_id,
        name or card_id,
        card_type=card_type,
        cost=cost,
        attack=atk,
        defense=dfn,
        traits=traits,
        title=title,
    )
    return scripts.record(rec)


def resolve_in_order(game: State) -> None:
    """Resolve simultaneous triggers in the order offered (CR 10.7.3.1)."""
    while game.decision is not None and game.decision.kind is Kind.ORDER:
        game.apply(Choose(game.decision.options[0]))


def made_up_card(name: str, card_type: str = "follower", **kw: object) -> CardRecord:
    """A card that is no real card (id ``X-name``): cost 1, 1/9 unless ``kw`` says otherwise."""
    stats = {"cost": 1, "attack": 1, "defense": 9} | kw
    return CardRecord(f"X-{name}", name, card_type=card_type, **stats)  # type: ignore[arg-type]
