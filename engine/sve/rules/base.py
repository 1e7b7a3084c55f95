"""What every part of the state holds and offers.

:class:`~engine.sve.state.State` is assembled from one class per part of the rules (turn
flow, play and costs, combat, triggers and resolution, zones), each built on the one before;
each part reads the game's data and calls the others through ``self``. ``StateBase``
declares that data and every method the parts call on each other, so each part is checked
on its own and a call from an earlier part reaches the method a later part defines: the
moves effects may use come from the ``Game`` protocol (``effects/game.py``), its base; the
others are declared here (defined by the part named in :class:`~engine.sve.state.State`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.sve.actions import Action, Activate, Attack, Evolve, Play
from engine.sve.board import Card, Decision, Outcome, Player, Step, Termination, Zone
from engine.sve.effects.core import Ability, Effect, Frame, Rule, Static, Trigger
from engine.sve.effects.costs import PlayCostFor
from engine.sve.effects.game import Game
from engine.sve.effects.scripts import Scripts

if TYPE_CHECKING:
    from engine.sve.rules.steps import PlayRules


class StateBase(Game):
    """The game's data (set by ``State.__init__``) and its methods: those of the ``Game``
    protocol by inheritance, the rest declared below (each defined by a later part)."""

    seed: int
    _rng: random.Random
    _rng_shared: bool
    cards: list[Card]
    tok: object
    players: list[Player]
    scripts: Scripts
    turn: int
    active: int
    first: int
    step: Step
    decision: Decision | None
    pending: list[tuple[Ability, int, int, int]]
    frames: list[Frame]
    outcome_: Outcome | None
    log: list[dict[str, Any]] | None
    eot: list[tuple[int, int, int, int, int]]
    turn_limit: int
    attacker: int
    attack_target: int
    mulligan_done: int
    actions_applied: int
    dirty: bool
    statics_dirty: bool
    granting: bool
    died_turn: int
    died: int
    grave_watch_seen: int
    grave_watch: tuple[bool, bool]
    grave_play_seen: int
    grave_play: tuple[bool, bool]
    zone_seen: int
    zone_flags: tuple[tuple[bool, bool, bool], ...]
    statics_memo: dict[tuple[int, Rule], list[Static]] | None
    legal_for: Decision | None
    legal: list[Action]

    # The methods below are defined by the parts; declared here so that every part may call
    # them (through the compiled method table where the engine is compiled).

    def play_cost(self, card: Card) -> int:
        raise NotImplementedError

    def _payable_alternatives(self, player: int, card: Card, cost: int) -> list[PlayCostFor]:
        raise NotImplementedError

    def _field_statics(self, player: int, rule: Rule) -> list[Static]:
        raise NotImplementedError

    def _spell_tax(self, player: int) -> int:
        raise NotImplementedError

    def _leader_hurt(self, player: int) -> None:
        raise NotImplementedError

    def holders(self, uids: Sequence[int], trigger: Trigger) -> list[int]:
        raise NotImplementedError

    def abilities_of(self, card: Card, trigger: Trigger) -> tuple[Ability, ...]:
        raise NotImplementedError

    def evolve_cost(self, card: Card) -> int:
        raise NotImplementedError

    def set_origin(self, card: Card, zone: str) -> None:
        raise NotImplementedError

    def _unbox(self, card: Card) -> None:
        raise NotImplementedError

    def _became_engaged(self, card: Card) -> None:
        raise NotImplementedError

    def _emit_move(self, card: Card, source: str, to: str) -> None:
        raise NotImplementedError

    def enter_field(self, card: Card, player: int, engaged: bool, asked: bool = False) -> None:
        raise NotImplementedError

    def move_to_grave_from_resolution(self, card: Card) -> None:
        raise NotImplementedError

    def _mulligan(self, player: int, redraw: bool) -> None:
        raise NotImplementedError

    def _run(self) -> None:
        raise NotImplementedError

    def _fire(self, card: Card, trigger: Trigger, controller: int, amount: int = 0) -> None:
        raise NotImplementedError

    def _advance(self) -> None:
        raise NotImplementedError

    def _fire_all(self, player: int, trigger: Trigger) -> None:
        raise NotImplementedError

    def _finish(self, winner: int | None, reason: Termination) -> None:
        raise NotImplementedError

    def _discount(self, player: int, card: Card, cost: int) -> tuple[int, Effect | None]:
        raise NotImplementedError

    def _rules(self, card: Card) -> PlayRules:
        raise NotImplementedError

    def _playable(
        self, p: Player, card: Card, cost: int | None = None, rules: PlayRules | None = None
    ) -> bool:
        raise NotImplementedError

    def _main_actions(self) -> list[Action]:
        raise NotImplementedError

    def _grave_watchers(self) -> tuple[bool, bool]:
        raise NotImplementedError

    def _grave_players(self) -> tuple[bool, bool]:
        raise NotImplementedError

    def _grave_plays(self, p: Player) -> list[Action]:
        raise NotImplementedError

    def _attacker_refusal(self, p: Player, uid: int) -> str | None:
        raise NotImplementedError

    def _attack_options(self, c: Card, opp_field: list[int]) -> dict[int, str | None]:
        raise NotImplementedError

    def _quick_plays(self, player: int) -> list[Play | Activate]:
        raise NotImplementedError

    def _activations(self, player: int, quick_only: bool) -> list[Activate]:
        raise NotImplementedError

    def _can_pay(self, ability: Ability, player: int, uid: int) -> bool:
        raise NotImplementedError

    def _plain_play_cost(self, card: Card, tax: int, auras: list[Static]) -> int:
        raise NotImplementedError

    def _play_affordable(self, p: Player, card: Card, cost: int, permanent: bool) -> bool:
        raise NotImplementedError

    def _additional_payable(self, p: Player, card: Card) -> bool:
        raise NotImplementedError

    def _costs_as_played(self, card: Card) -> list[Effect]:
        raise NotImplementedError

    def _evolve_payable(self, p: Player, n: int) -> tuple[bool, bool]:
        raise NotImplementedError

    def _ability_affordable(self, p: Player, ability: Ability) -> bool:
        raise NotImplementedError

    def _pay_ability(self, p: Player, ability: Ability) -> bool:
        raise NotImplementedError

    def _activate(self, player: int, uid: int, index: int) -> None:
        raise NotImplementedError

    def _play(self, player: int, uid: int, fixed_cost: int | None = None) -> None:
        raise NotImplementedError

    def _evolve(self, player: int, uid: int, ep: bool, super_: bool) -> None:
        raise NotImplementedError

    def _pay_evolve(self, player: int, uid: int, ep: bool, super_: bool, n: int, into: str) -> None:
        raise NotImplementedError

    def _evolve_options(self, card: Card) -> list[tuple[str, int]]:
        raise NotImplementedError

    def _transform(
        self, player: int, uid: int, super_: bool, pp_paid: int, ep: bool, into: str = ""
    ) -> None:
        raise NotImplementedError

    def _declare_attack(self, uid: int, target: int) -> None:
        raise NotImplementedError

    def _combat_damage(self) -> None:
        raise NotImplementedError

    def _discard(self, player: int, uid: int, by: int = -1) -> None:
        raise NotImplementedError

    def _choose(self, d: Decision, option: str) -> None:
        raise NotImplementedError

    def _remove_from_zone(self, card: Card) -> None:
        raise NotImplementedError

    def _arrive(self, card: Card, zone: Zone) -> None:
        raise NotImplementedError

    def _leave_field(self, card: Card, zone: Zone, event: str) -> None:
        raise NotImplementedError

    def _emit(self, ev: str, fields: dict[str, Any]) -> None:
        raise NotImplementedError

    def _why_not_play(self, player: int, uid: int, quick_window: bool) -> str:
        raise NotImplementedError

    def _evolved_for_turn(self, p: Player) -> bool:
        raise NotImplementedError

    def _why_not_evolve(self, p: Player, action: Evolve) -> str:
        raise NotImplementedError

    def _why_not_activate(self, p: Player, action: Activate, quick_window: bool) -> str:
        raise NotImplementedError

    def _why_not_attack(self, p: Player, action: Attack) -> str:
        raise NotImplementedError
