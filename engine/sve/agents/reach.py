"""Damage a player can bring to the enemy leader next turn from cards not yet on the field.

The board is only part of a lethal threat: Storm followers (CR 12.10) attack the turn they
are played, and spells and Fanfares deal damage to leaders straight from the hand or the EX
area (which plays like the hand, CR 4.8). For each card its fixed damage to the enemy leader
is read from its encoding once (no rule names a card): a spell's or a Fanfare's damage to
the enemy leader (a chosen target counts when the choice may be a leader), the best option
of a choice, nothing after a condition; a Storm follower adds its attack. :func:`hand_reach`
then finds the most damage the cards can bring within next turn's PP (a small knapsack).
The searching agents call it on worlds sampled from their observation, where the
opponent's hand is a deal of the cards they have not seen.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.sve.effects.core import AMOUNT, Trigger
from engine.sve.effects.damage import Damage
from engine.sve.effects.flow import Gate, If, Modal
from engine.sve.effects.scripts import Scripts
from engine.sve.effects.selectors import Select

if TYPE_CHECKING:
    from engine.cards import CardRecord
    from engine.sve.state import State

MAX_PP = 10
"""The PP maximum never goes above 10 (CR 7.2.1)."""
LEADER_RECIPIENTS = frozenset({"enemy_leader", "enemy_all", "all_leaders",
                               "all_other_and_enemy_leader"})  # fmt: skip
"""The recipient words of :class:`Damage` that include the enemy leader."""

_SEEN: weakref.WeakKeyDictionary[Scripts, dict[str, tuple[int, int]]] = weakref.WeakKeyDictionary()


def leader_damage(effects: Sequence[object]) -> int:
    """The fixed damage ``effects`` deal to the enemy leader when they run, as far as is
    certain: a counted amount, a choice that may miss the leader or anything after a
    condition (``Gate``, ``If``) is not counted; of a choice of options, the best."""
    total = 0
    leader_chosen = False
    for e in effects:
        if isinstance(e, Select):
            what = e.what
            leader_chosen = what.leaders and what.side in ("enemy", "any") and not e.up_to
        elif isinstance(e, Damage):
            fixed = e.amount().of == "fixed" and e.n != AMOUNT and e.n > 0
            if fixed and (e.to in LEADER_RECIPIENTS or (e.to == "targets" and leader_chosen)):
                total += e.n
        elif isinstance(e, Modal):
            total += max((leader_damage(option) for option in e.options), default=0)
        elif isinstance(e, (Gate, If)):
            break
    return total


def card_reach(record: CardRecord, scripts: Scripts) -> tuple[int, int]:
    """``(burn, storm)``: the damage a card deals to the enemy leader as it is played (its
    spell text or Fanfares) and, for a Storm follower, its attack (cached per card id)."""
    seen = _SEEN.get(scripts)
    if seen is None:
        seen = _SEEN[scripts] = {}
    found = seen.get(record.card_id)
    if found is None:
        burn = 0
        script = scripts.get(record.card_id)
        if script is not None:
            for ability in script.abilities:
                if ability.trigger in (Trigger.SPELL, Trigger.FANFARE) and not (
                    ability.union_burst or ability.condition is not None
                ):
                    burn += leader_damage(ability.effects)
        storm = (record.attack or 0) if "storm" in record.keywords else 0
        found = seen[record.card_id] = (burn, storm)
    return found


def hand_reach(state: State, player: int, guarded: bool) -> int:
    """The most damage ``player`` can deal to the enemy leader next turn with the cards of
    its hand and EX area, within next turn's PP; Storm attacks count only when the enemy
    has no Ward follower to face (``guarded``)."""
    p = state.players[player]
    cards, scripts = state.cards, state.scripts
    items: list[tuple[int, int]] = []
    for zone in (p.hand, p.ex):
        for uid in zone:
            rec = cards[uid].base
            burn, storm = card_reach(rec, scripts)
            damage = burn if guarded else burn + storm
            if damage > 0:
                items.append((max(rec.cost or 0, 0), damage))
    if not items:
        return 0
    budget = min(p.max_pp + 1, MAX_PP)
    best = [0] * (budget + 1)
    for cost, damage in items:
        for pp in range(budget, cost - 1, -1):
            best[pp] = max(best[pp], best[pp - cost] + damage)
    return best[budget]
