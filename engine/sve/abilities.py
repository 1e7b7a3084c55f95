"""Abilities as data: triggers, effects, target selection and the per-card registry.

The engine never branches on a card id. It asks a :class:`Scripts` registry for the
abilities of a card and runs their effects. An ability is a trigger (when it goes off, CR
10.7), an optional condition and a tuple of effects run in order (CR 10.6.2.8.2). An effect
that needs a decision (a target, CR 10.6.2.3) asks it through the same action interface as
every other decision and is re-entered when the answer arrives, so a half-resolved ability is
plain data that :meth:`State.clone` copies.

Keyword behaviours that are abilities rather than rules checks (Drain, CR 12.13) are
registered here too, in :data:`KEYWORD_ABILITIES`, so card text written in the ability
language later plugs into the same machinery.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from engine.cards import CardRecord

if TYPE_CHECKING:
    from engine.sve.state import Frame, State


class Trigger(enum.Enum):
    """When an ability goes off (CR 10.7 auto abilities; ``SPELL`` is a spell's own text)."""

    SPELL = "spell"
    """CR 10.6.2.8.2: the text of a spell, run when it resolves."""
    FANFARE = "fanfare"
    """CR 12.4: this card was put onto the field from anywhere else."""
    LAST_WORDS = "last_words"
    """CR 12.5: this card was put from the field into the graveyard."""
    ON_EVOLVE = "on_evolve"
    """CR 12.6: this card evolved."""
    ON_SUPER_EVOLVE = "on_super_evolve"
    """CR 12.17: this card super-evolved."""
    STRIKE = "strike"
    """CR 12.7: this follower attacked."""
    START_PHASE = "start_phase"
    """CR 7.2.5: the check timing of your start phase."""
    MAIN_PHASE = "main_phase"
    """CR 7.3.1: your main phase came."""
    END_PHASE = "end_phase"
    """CR 7.4.1: your end phase came."""
    ATTACK_DAMAGE = "attack_damage"
    """CR 12.13.2: this follower dealt attack damage (the amount is the event's)."""
    ACTIVATED = "activated"
    """CR 8.3 / 10.1: an activated ability its master plays by paying its cost."""


class Effect(Protocol):
    """One step of an ability. ``run`` returns ``False`` while it waits for a decision."""

    def run(self, game: State, frame: Frame) -> bool:
        """Do the step (or ask for a decision and return ``False``)."""
        ...


class Condition(Protocol):
    """A test on the game, for conditional abilities."""

    def holds(self, game: State, controller: int, source: int) -> bool:
        """Whether the ability may go off now."""
        ...


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card: trigger, optional condition and effects run in order."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    condition: Condition | None = None
    name: str = ""
    """A short label for logs and tests."""
    pp_cost: int = 0
    """Activated abilities: PP paid as cost (CR 10.4.4)."""
    engage_cost: bool = False
    """Activated abilities: engage this standing card as cost (CR 10.4.6)."""
    quick: bool = False
    """Activated abilities: playable in the opponent's Quick windows too (CR 12.3.3)."""


@dataclass(frozen=True, slots=True)
class CardScript:
    """Behaviour of one card identity; stats and text stay in :class:`CardRecord`."""

    card_id: str
    abilities: tuple[Ability, ...] = ()
    evolve_cost: int = 2
    """The N of the card's evolve ability ``【進化】【コストN】`` (CR 12.2); 2 until encoded."""


DEFAULT_EVOLVE_COST = 2


class Scripts:
    """A registry of :class:`CardScript` by card id, consulted by the engine."""

    def __init__(self, scripts: Iterable[CardScript] = ()) -> None:
        self._by_id: dict[str, CardScript] = {s.card_id: s for s in scripts}
        self._by_trigger: dict[tuple[str, Trigger], tuple[Ability, ...]] = {}

    def add(self, script: CardScript) -> None:
        """Register (or replace) the script of one card id."""
        self._by_id[script.card_id] = script
        self._by_trigger.clear()

    def get(self, card_id: str) -> CardScript | None:
        """The script of ``card_id`` or ``None``."""
        return self._by_id.get(card_id)

    def evolve_cost(self, card_id: str) -> int:
        """The evolve cost of the base follower ``card_id`` (CR 12.2)."""
        script = self._by_id.get(card_id)
        return DEFAULT_EVOLVE_COST if script is None else script.evolve_cost

    def abilities(self, card_id: str, trigger: Trigger) -> tuple[Ability, ...]:
        """The abilities of ``card_id`` with ``trigger`` (cached; empty when none)."""
        if not self._by_id:
            return ()
        key = (card_id, trigger)
        found = self._by_trigger.get(key)
        if found is None:
            script = self._by_id.get(card_id)
            found = (
                () if script is None else tuple(a for a in script.abilities if a.trigger is trigger)
            )
            self._by_trigger[key] = found
        return found

    def __len__(self) -> int:
        return len(self._by_id)

    def __bool__(self) -> bool:
        return bool(self._by_id)


# --- Selections (CR 10.6.2.3 "choose") --------------------------------------------------------

LEADER_OFFSET = 2
"""Leaders are targets too: leader of player p is the target id ``-(p + 2)``."""


def leader_target(player: int) -> int:
    """The target id of ``player``'s leader (``-2`` or ``-3``)."""
    return -(player + LEADER_OFFSET)


@dataclass(frozen=True, slots=True)
class Targets:
    """What a selection may pick: enemy/own followers, leaders, with Aura respected."""

    side: str = "enemy"
    """``enemy``, ``own`` or ``any`` (relative to the ability's controller)."""
    followers: bool = True
    leaders: bool = False


@dataclass(frozen=True, slots=True)
class Select:
    """Choose ``count`` targets (``up_to``: 0 to ``count``) into the frame (CR 10.6.2.3)."""

    what: Targets
    count: int = 1
    up_to: bool = False

    def run(self, game: State, frame: Frame) -> bool:
        """Ask for the next target, or finish when enough are chosen or none are left."""
        if frame.sub >= self.count:
            frame.sub = 0
            return True
        cands = [t for t in game.candidates(self.what, frame.controller) if t not in frame.targets]
        if not cands:
            frame.sub = 0
            return True
        game.ask_choice(frame.controller, [_target_word(t) for t in cands], self.up_to)
        return False

    def available(self, game: State, controller: int) -> bool:
        """Whether a mandatory selection can be made at all (CR 10.6.2.3.3)."""
        return self.up_to or bool(game.candidates(self.what, controller))


def _target_word(target: int) -> str:
    return f"leader{-target - LEADER_OFFSET}" if target < 0 else str(target)


def parse_target_word(word: str) -> int:
    """Inverse of the option words a selection offers (``7`` or ``leader1``)."""
    if word.startswith("leader"):
        return leader_target(int(word[6:]))
    return int(word)


# --- Effects ---------------------------------------------------------------------------------

AMOUNT = -1
"""Use the amount carried by the triggering event (e.g. Drain's damage)."""


def _who(game: State, frame: Frame, who: str) -> int:
    return frame.controller if who == "you" else 1 - frame.controller


@dataclass(frozen=True, slots=True)
class Draw:
    """CR 5.10: ``who`` (``you``/``opponent``) draws ``n`` cards."""

    n: int = 1
    who: str = "you"

    def run(self, game: State, frame: Frame) -> bool:
        """Draw."""
        player = _who(game, frame, self.who)
        for _ in range(self.n):
            game.draw(player)
        return True


@dataclass(frozen=True, slots=True)
class Damage:
    """CR 5.14: deal ``n`` damage to the chosen targets, or to ``to`` (``enemy_leader``...)."""

    n: int
    to: str = "targets"
    """``targets``, ``enemy_leader``, ``enemy_followers`` (all)."""

    def run(self, game: State, frame: Frame) -> bool:
        """Deal the damage (ability damage, CR 5.14.3.3)."""
        amount = frame.amount if self.n == AMOUNT else self.n
        for tgt in _resolve(game, frame, self.to):
            game.deal_damage(tgt, amount)
        return True


@dataclass(frozen=True, slots=True)
class HealLeader:
    """CR 12.13.2: increase your leader's defense by ``n`` (``AMOUNT``: the event's)."""

    n: int = AMOUNT

    def run(self, game: State, frame: Frame) -> bool:
        """Heal."""
        game.heal_leader(frame.controller, frame.amount if self.n == AMOUNT else self.n)
        return True


@dataclass(frozen=True, slots=True)
class Buff:
    """CR 5.27: +atk/+def to ``to`` (``self`` or ``targets``), optionally until end of turn."""

    atk: int = 0
    dfn: int = 0
    to: str = "self"
    until_end_of_turn: bool = False
    keywords: tuple[str, ...] = ()

    def run(self, game: State, frame: Frame) -> bool:
        """Apply the modifier."""
        for tgt in _resolve(game, frame, self.to):
            game.modify(tgt, self.atk, self.dfn, self.keywords, self.until_end_of_turn)
        return True


@dataclass(frozen=True, slots=True)
class Summon:
    """CR 5.5.2 / 9.1.2: create ``n`` copies of a token on your field (or EX area)."""

    token: CardRecord
    n: int = 1
    zone: str = "field"

    def run(self, game: State, frame: Frame) -> bool:
        """Create the tokens (CR 4.4.4.2: the ones that do not fit are not created)."""
        for _ in range(self.n):
            game.create_token(frame.controller, self.token, self.zone)
        return True


@dataclass(frozen=True, slots=True)
class Destroy:
    """CR 5.6: destroy the chosen followers/amulets."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Destroy."""
        game.destroy([t for t in _resolve(game, frame, self.to) if t >= 0])
        return True


@dataclass(frozen=True, slots=True)
class Banish:
    """CR 5.7: banish the chosen cards."""

    to: str = "targets"

    def run(self, game: State, frame: Frame) -> bool:
        """Banish."""
        for tgt in _resolve(game, frame, self.to):
            if tgt >= 0:
                game.banish(tgt)
        return True


@dataclass(frozen=True, slots=True)
class Call:
    """Escape hatch for tests: run ``fn(game, frame)``; not for card scripts."""

    fn: Callable[[State, Frame], None] = field(compare=False)

    def run(self, game: State, frame: Frame) -> bool:
        """Call the function."""
        self.fn(game, frame)
        return True


def _resolve(game: State, frame: Frame, to: str) -> list[int]:
    if to == "targets":
        return [t for t in frame.targets if game.target_exists(t)]
    if to == "self":
        return [frame.source] if game.target_exists(frame.source) else []
    if to == "enemy_leader":
        return [leader_target(1 - frame.controller)]
    if to == "own_leader":
        return [leader_target(frame.controller)]
    if to == "enemy_followers":
        return game.followers_of(1 - frame.controller)
    if to == "own_followers":
        return game.followers_of(frame.controller)
    raise ValueError(f"unknown effect recipient {to!r}")


KEYWORD_ABILITIES: dict[str, tuple[Ability, ...]] = {
    "drain": (Ability(Trigger.ATTACK_DAMAGE, (HealLeader(AMOUNT),), name="drain"),),
}
"""Keyword abilities that are auto abilities (CR 12.13 Drain), keyed by keyword id."""
