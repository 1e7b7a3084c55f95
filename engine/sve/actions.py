"""Actions: small frozen values with a canonical string form, like UCI moves.

Every decision a player makes, from the mulligan to the order of simultaneous triggers, is
one of these. ``str(action)`` gives the canonical form and :func:`parse_action` reads it back,
so a game record is a list of strings.

>>> str(Attack(7, LEADER))
'attack 7>leader'
>>> parse_action("evolve 7 ep")
Evolve(uid=7, ep=True, super_=False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from engine.sve.errors import ActionSyntaxError

Uid: TypeAlias = int
"""The integer id of one card instance for the length of one game."""

LEADER: Uid = -1
"""The attack target that means the opposing leader."""


@dataclass(frozen=True, slots=True)
class Mulligan:
    """CR 6.2.1.8: keep the opening hand (``keep``) or redraw it (``mulligan``)."""

    redraw: bool

    def __str__(self) -> str:
        return "mulligan" if self.redraw else "keep"


@dataclass(frozen=True, slots=True)
class Play:
    """CR 8.2: play a card from hand or EX area (also a Quick card in a window, CR 12.3)."""

    uid: Uid

    def __str__(self) -> str:
        return f"play {self.uid}"


@dataclass(frozen=True, slots=True)
class Evolve:
    """CR 12.2: evolve a follower; ``ep`` pays 1 of the PP with EP, ``super_`` adds 1 SEP."""

    uid: Uid
    ep: bool = False
    super_: bool = False

    def __str__(self) -> str:
        return f"evolve {self.uid}" + (" ep" if self.ep else "") + (" super" if self.super_ else "")


@dataclass(frozen=True, slots=True)
class Activate:
    """CR 8.3: play activated ability number ``index`` of field card ``uid``."""

    uid: Uid
    index: int = 0

    def __str__(self) -> str:
        return f"act {self.uid} {self.index}"


@dataclass(frozen=True, slots=True)
class Attack:
    """CR 8.4: attack with follower ``uid`` the follower ``target`` or the leader (``LEADER``)."""

    uid: Uid
    target: Uid

    def __str__(self) -> str:
        tgt = "leader" if self.target == LEADER else str(self.target)
        return f"attack {self.uid}>{tgt}"


@dataclass(frozen=True, slots=True)
class End:
    """CR 7.3.3: end the main phase."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Pass:
    """CR 8.4.7 / 7.4.5: do nothing in a Quick window."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Discard:
    """CR 7.4.7: discard card ``uid`` down to the hand limit."""

    uid: Uid

    def __str__(self) -> str:
        return f"discard {self.uid}"


@dataclass(frozen=True, slots=True)
class Choose:
    """A choice inside a rule or effect: a target uid, ``done``, a trigger, an option word."""

    option: str

    def __str__(self) -> str:
        return f"choose {self.option}"


Action: TypeAlias = Mulligan | Play | Evolve | Activate | Attack | End | Pass | Discard | Choose
"""Any action."""

END = End()
PASS = Pass()
KEEP = Mulligan(False)
REDRAW = Mulligan(True)

# Legal actions are built at every decision; these hand out one shared (immutable) object
# per value instead of constructing frozen dataclasses each time.
_PLAYS: dict[Uid, Play] = {}
_ATTACKS: dict[tuple[Uid, Uid], Attack] = {}
_EVOLVES: dict[tuple[Uid, bool, bool], Evolve] = {}
_ACTIVATES: dict[tuple[Uid, int], Activate] = {}


def play_of(uid: Uid) -> Play:
    """``Play(uid)`` (shared)."""
    found = _PLAYS.get(uid)
    if found is None:
        found = _PLAYS[uid] = Play(uid)
    return found


def attack_of(uid: Uid, target: Uid) -> Attack:
    """``Attack(uid, target)`` (shared)."""
    key = (uid, target)
    found = _ATTACKS.get(key)
    if found is None:
        found = _ATTACKS[key] = Attack(uid, target)
    return found


def evolve_of(uid: Uid, ep: bool, super_: bool) -> Evolve:
    """``Evolve(uid, ep, super_)`` (shared)."""
    key = (uid, ep, super_)
    found = _EVOLVES.get(key)
    if found is None:
        found = _EVOLVES[key] = Evolve(uid, ep, super_)
    return found


def activate_of(uid: Uid, index: int) -> Activate:
    """``Activate(uid, index)`` (shared)."""
    key = (uid, index)
    found = _ACTIVATES.get(key)
    if found is None:
        found = _ACTIVATES[key] = Activate(uid, index)
    return found


def _uid(text: str, whole: str) -> Uid:
    try:
        value = int(text)
    except ValueError:
        raise ActionSyntaxError(whole, f"{text!r} is not a card uid") from None
    if value < 0:
        raise ActionSyntaxError(whole, f"{text!r} is not a card uid")
    return value


def parse_action(text: str) -> Action:
    """Read an action from its canonical string form (the inverse of ``str(action)``)."""
    words = text.split()
    if not words:
        raise ActionSyntaxError(text, "empty action")
    head, rest = words[0], words[1:]
    if head in ("keep", "mulligan") and not rest:
        return Mulligan(head == "mulligan")
    if head == "end" and not rest:
        return END
    if head == "pass" and not rest:
        return PASS
    if head in ("play", "discard") and len(rest) == 1:
        uid = _uid(rest[0], text)
        return Play(uid) if head == "play" else Discard(uid)
    if head == "act" and len(rest) == 2:
        return Activate(_uid(rest[0], text), _uid(rest[1], text))
    if head == "choose" and len(rest) == 1:
        return Choose(rest[0])
    if head == "evolve" and rest:
        flags = rest[1:]
        if any(f not in ("ep", "super") for f in flags) or len(set(flags)) != len(flags):
            raise ActionSyntaxError(text, "evolve takes the flags 'ep' and/or 'super'")
        ep, sup = "ep" in flags, "super" in flags
        if flags and flags != [f for f in ("ep", "super") if f in flags]:
            raise ActionSyntaxError(text, "write 'ep' before 'super'")
        return Evolve(_uid(rest[0], text), ep, sup)
    if head == "attack" and len(rest) == 1 and rest[0].count(">") == 1:
        who, tgt = rest[0].split(">")
        target = LEADER if tgt == "leader" else _uid(tgt, text)
        return Attack(_uid(who, text), target)
    raise ActionSyntaxError(text, "unknown action")
