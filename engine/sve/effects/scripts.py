"""The per-card registry of abilities the engine consults, and keyword auto abilities (CR 12.13)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from engine.cards import CardRecord

if TYPE_CHECKING:
    from engine.sve.effects.core import CardScript, Condition

from engine.sve.effects.core import AMOUNT, DEFAULT_EVOLVE_COST, Ability, Rule, Static, Trigger
from engine.sve.effects.costs import OWN_PLAY_COSTS
from engine.sve.effects.damage import HealLeader


class Scripts:
    """A registry of :class:`CardScript` by card id, consulted by the engine.

    ``loader`` fills the registry on first use (the committed card library is read only by
    games that need it).
    """

    def __init__(
        self,
        scripts: Iterable[CardScript] = (),
        loader: Callable[[], Iterable[CardScript]] | None = None,
    ) -> None:
        self._by_id: dict[str, CardScript] = {s.card_id: s for s in scripts}
        self._by_trigger: dict[tuple[str, Trigger], tuple[Ability, ...]] = {}
        self._loader = loader
        self._records: dict[CardRecord, CardRecord] = {}
        self._hand_ids: frozenset[str] | None = None
        self._grave_ids: frozenset[str] | None = None
        self._ex_ids: frozenset[str] | None = None
        self._ids_with: dict[Trigger, frozenset[str]] = {}
        self._ids_effect: dict[type | tuple[type, ...], frozenset[str]] = {}
        self._ids_rule: dict[Rule, frozenset[str]] = {}
        self._cost_ids: frozenset[str] | None = None
        self.play_rules: dict[int, Any] = {}
        """The engine's per-card play rules, by ``id`` of the card record (each rule object
        holds its record, so the id stays valid); emptied when a script is added."""

    def _load(self) -> None:
        loader, self._loader = self._loader, None
        if loader is not None:
            for script in loader():
                self._by_id.setdefault(script.card_id, script)

    def add(self, script: CardScript) -> None:
        """Register (or replace) the script of one card id."""
        if self._loader is not None:
            self._load()
        self._by_id[script.card_id] = script
        self._by_trigger.clear()
        self._records.clear()
        self._hand_ids = None
        self._grave_ids = None
        self._ex_ids = None
        self._ids_with.clear()
        self._ids_effect.clear()
        self._ids_rule.clear()
        self._cost_ids = None
        self.play_rules.clear()

    def ids_with_effect(self, kind: type | tuple[type, ...]) -> frozenset[str]:
        """Ids of the cards with a continuous (``STATIC``) ability holding an effect of type
        ``kind`` (or of one of the types ``kind`` lists; cached)."""
        found = self._ids_effect.get(kind)
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._ids_effect[kind] = frozenset(
                cid
                for cid, s in self._by_id.items()
                if any(
                    a.trigger is Trigger.STATIC and any(isinstance(e, kind) for e in a.effects)
                    for a in s.abilities
                )
            )
        return found

    def ids_with_rule(self, rule: Rule) -> frozenset[str]:
        """Ids of the cards with a continuous (``STATIC``) ability holding an element that
        changes ``rule`` (cached)."""
        found = self._ids_rule.get(rule)
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._ids_rule[rule] = frozenset(
                cid
                for cid, s in self._by_id.items()
                if any(
                    a.trigger is Trigger.STATIC
                    and any(isinstance(e, Static) and e.rule is rule for e in a.effects)
                    for a in s.abilities
                )
            )
        return found

    def get(self, card_id: str) -> CardScript | None:
        """The script of ``card_id`` or ``None``."""
        if self._loader is not None:
            self._load()
        return self._by_id.get(card_id)

    def ids_with(self, trigger: Trigger) -> frozenset[str]:
        """Ids of the cards that have an ability with ``trigger`` (cached)."""
        found = self._ids_with.get(trigger)
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._ids_with[trigger] = frozenset(
                cid
                for cid, s in self._by_id.items()
                if any(a.trigger is trigger for a in s.abilities)
            )
        return found

    def hand_ids(self) -> frozenset[str]:
        """Ids of the cards with an activated ability played from the hand."""
        found = self._hand_ids
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._hand_ids = frozenset(
                cid for cid, s in self._by_id.items() if any(a.from_hand for a in s.abilities)
            )
        return found

    def ex_ids(self) -> frozenset[str]:
        """Ids of the cards with an activated ability played from the EX area."""
        found = self._ex_ids
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._ex_ids = frozenset(
                cid for cid, s in self._by_id.items() if any(a.from_ex for a in s.abilities)
            )
        return found

    def grave_ids(self) -> frozenset[str]:
        """Ids of the cards with an activated ability played from the graveyard."""
        found = self._grave_ids
        if found is None:
            if self._loader is not None:
                self._load()
            found = self._grave_ids = frozenset(
                cid for cid, s in self._by_id.items() if any(a.from_grave for a in s.abilities)
            )
        return found

    def grave_play_ids(self) -> frozenset[str]:
        """Ids of the cards that may be played from the graveyard (:class:`PlayFromGrave`)."""
        return self.ids_with_rule(Rule.GRAVE_PLAY)

    def play_cost_ids(self) -> frozenset[str]:
        """Ids of the cards whose play cost a static ability of their own changes (kept at
        hand: every play-cost computation asks)."""
        found = self._cost_ids
        if found is None:
            found = self._cost_ids = self.ids_with_effect(OWN_PLAY_COSTS)
        return found

    def evolve_if(self, card_id: str) -> Condition | None:
        """The condition of the evolve ability of ``card_id``, if it has one."""
        script = self.get(card_id)
        return None if script is None else script.evolve_if

    def evolve_cost(self, card_id: str) -> int:
        """The evolve cost of the base follower ``card_id`` (CR 12.2)."""
        script = self.get(card_id)
        return DEFAULT_EVOLVE_COST if script is None else script.evolve_cost

    def evolve_discard(self, card_id: str) -> int:
        """How many cards the evolve ability of ``card_id`` discards as its cost (0: none)."""
        script = self.get(card_id)
        return 0 if script is None else script.evolve_discard

    def record(self, rec: CardRecord) -> CardRecord:
        """``rec`` with its keywords replaced by the script's own keywords, when known. The
        card-level Quick icon (CR 12.3.2.1) is not in the text the keywords are compiled
        from: a record's ``quick`` is kept unless it came from a Quick ability's marker."""
        found = self._records.get(rec)
        if found is None:
            script = self.get(rec.card_id)
            found = rec
            if script is not None and script.keywords is not None:
                keywords = script.keywords
                if "quick" in rec.keywords and "quick" not in keywords and not script.quick_ability:
                    keywords = (*keywords, "quick")
                found = dataclasses.replace(rec, keywords=keywords)
            self._records[rec] = found
        return found

    def abilities(self, card_id: str, trigger: Trigger) -> tuple[Ability, ...]:
        """The abilities of ``card_id`` with ``trigger`` (cached; empty when none)."""
        key = (card_id, trigger)
        found = self._by_trigger.get(key)
        if found is None:
            if self._loader is not None:
                self._load()
            script = self._by_id.get(card_id)
            found = (
                () if script is None else tuple(a for a in script.abilities if a.trigger is trigger)
            )
            self._by_trigger[key] = found
        return found

    def __len__(self) -> int:
        if self._loader is not None:
            self._load()
        return len(self._by_id)

    def __bool__(self) -> bool:
        return self._loader is not None or bool(self._by_id)


KEYWORD_ABILITIES: dict[str, tuple[Ability, ...]] = {
    "drain": (Ability(Trigger.ATTACK_DAMAGE, (HealLeader(AMOUNT),), name="drain"),),
}
"""Keyword abilities that are auto abilities (CR 12.13 Drain), keyed by keyword id."""
