"""Ward (CR 12.8), in one place: entering engaged, engaging at the end phase, and binding
attacks.

A Ward follower may enter the field engaged however it enters (CR 12.8.2; its own keyword:
keywords given by continuous abilities apply at the next check timing), may be engaged at
its controller's end phase (CR 7.4.3), and an engaged Ward follower must be attacked before
anything else its side has, unless the attacker ignores Ward (CR 12.8.2).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from engine.sve.board import IGNORE_WARD, WARD, Card, Decision, Kind

if TYPE_CHECKING:
    from engine.sve.state import State

ENTER_CHOICES = ["engage", "stand"]
"""The answers to "enter engaged?" (CR 12.8.2)."""


def may_enter_engaged(card: Card) -> bool:
    """Whether ``card`` is a follower with Ward of its own, so it may enter engaged."""
    return bool(card.kw & WARD) and card.fol


def ask_enter_engaged(state: State, player: int) -> None:
    """Ask ``player`` whether their Ward follower enters engaged."""
    state.decision = Decision(Kind.WARD_ENTER, player, list(ENTER_CHOICES))


def end_phase_wards(cards: Sequence[Card], field: Iterable[int]) -> list[str]:
    """CR 7.4.3: the standing Ward followers of a field, which may be engaged now."""
    return [
        str(u)
        for u in sorted(field)
        if cards[u].bits & WARD and not cards[u].engaged and cards[u].fol
    ]


def binds(wards: Sequence[int], attacker_bits: int) -> bool:
    """CR 12.8.2: engaged Ward followers must be attacked first, unless the attacker
    ignores Ward."""
    return bool(wards) and not attacker_bits & IGNORE_WARD


def guards(bits: int) -> bool:
    """Whether keyword bits ``bits`` (own and given) include Ward."""
    return bool(bits & WARD)
