"""What every part of the state holds and offers, for the type checker.

:class:`~engine.sve.state.State` is assembled from one class per part of the rules (turn
flow, play and costs, combat, triggers and resolution, zones); each part reads the game's
data and calls the others through ``self``. ``StateBase`` declares that data and, for type
checking only, every method of the assembled state, so each part is checked on its own: the
moves effects may use come from the ``Game`` protocol (``effects/game.py``), which the type
checker sees as its base; the other methods the parts call on each other are declared here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.sve.actions import Action, Activate, Attack, Evolve, Play
from engine.sve.board import Card, Decision, Outcome, Player, Step, Termination, Zone
from engine.sve.effects.core import Ability, Effect, Frame, Rule, Static, Trigger
from engine.sve.effects.costs import PlayCostFor
from engine.sve.effects.scripts import Scripts

if TYPE_CHECKING:
    # For the type checker only, the parts share the ``Game`` protocol (the moves an effect
    # may use), so its methods are not declared twice; at run time the base is ``object``.
    from engine.sve.effects.game import Game as _Shared
    from engine.sve.rules.steps import PlayRules
else:
    _Shared = object


class StateBase(_Shared):
    """The game's data (set by ``State.__init__``) and, for the type checker, its methods:
    those of the ``Game`` protocol by inheritance, the rest declared below."""

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

    if TYPE_CHECKING:

        def play_cost(self, card: Card) -> int: ...

        def _payable_alternatives(
            self, player: int, card: Card, cost: int
        ) -> list[PlayCostFor]: ...

        def _field_statics(self, player: int, rule: Rule) -> list[Static]: ...

        def _spell_tax(self, player: int) -> int: ...

        def _leader_hurt(self, player: int) -> None: ...

        def holders(self, uids: Sequence[int], trigger: Trigger) -> list[int]: ...

        def abilities_of(self, card: Card, trigger: Trigger) -> tuple[Ability, ...]: ...

        def evolve_cost(self, card: Card) -> int: ...

        def set_origin(self, card: Card, zone: str) -> None: ...

        def _unbox(self, card: Card) -> None: ...

        def _became_engaged(self, card: Card) -> None: ...

        def _emit_move(self, card: Card, source: str, to: str) -> None: ...

        def enter_field(
            self, card: Card, player: int, engaged: bool, asked: bool = False
        ) -> None: ...

        def move_to_grave_from_resolution(self, card: Card) -> None: ...

        def _mulligan(self, player: int, redraw: bool) -> None: ...

        def _run(self) -> None: ...

        def _fire(self, card: Card, trigger: Trigger, controller: int, amount: int = 0) -> None: ...

        def _advance(self) -> None: ...

        def _fire_all(self, player: int, trigger: Trigger) -> None: ...

        def _finish(self, winner: int | None, reason: Termination) -> None: ...

        def _discount(self, player: int, card: Card, cost: int) -> tuple[int, Effect | None]: ...

        def _rules(self, card: Card) -> PlayRules: ...

        def _playable(
            self, p: Player, card: Card, cost: int | None = None, rules: PlayRules | None = None
        ) -> bool: ...

        def _main_actions(self) -> list[Action]: ...

        def _grave_watchers(self) -> tuple[bool, bool]: ...

        def _grave_players(self) -> tuple[bool, bool]: ...

        def _grave_plays(self, p: Player) -> list[Action]: ...

        def _attacker_refusal(self, p: Player, uid: int) -> str | None: ...

        def _attack_options(self, c: Card, opp_field: list[int]) -> dict[int, str | None]: ...

        def _quick_plays(self, player: int) -> list[Play | Activate]: ...

        def _activations(self, player: int, quick_only: bool) -> list[Activate]: ...

        def _can_pay(self, ability: Ability, player: int, uid: int) -> bool: ...

        def _plain_play_cost(self, card: Card, tax: int, auras: list[Static]) -> int: ...

        def _play_affordable(self, p: Player, card: Card, cost: int, permanent: bool) -> bool: ...

        def _additional_payable(self, p: Player, card: Card) -> bool: ...

        def _costs_as_played(self, card: Card) -> list[Effect]: ...

        def _evolve_payable(self, p: Player, n: int) -> tuple[bool, bool]: ...

        def _ability_affordable(self, p: Player, ability: Ability) -> bool: ...

        def _pay_ability(self, p: Player, ability: Ability) -> bool: ...

        def _activate(self, player: int, uid: int, index: int) -> None: ...

        def _play(self, player: int, uid: int, fixed_cost: int | None = None) -> None: ...

        def _evolve(self, player: int, uid: int, ep: bool, super_: bool) -> None: ...

        def _pay_evolve(
            self, player: int, uid: int, ep: bool, super_: bool, n: int, into: str
        ) -> None: ...

        def _evolve_options(self, card: Card) -> list[tuple[str, int]]: ...

        def _transform(
            self, player: int, uid: int, super_: bool, pp_paid: int, ep: bool, into: str = ""
        ) -> None: ...

        def _declare_attack(self, uid: int, target: int) -> None: ...

        def _combat_damage(self) -> None: ...

        def _discard(self, player: int, uid: int, by: int = -1) -> None: ...

        def _choose(self, d: Decision, option: str) -> None: ...

        def _remove_from_zone(self, card: Card) -> None: ...

        def _arrive(self, card: Card, zone: Zone) -> None: ...

        def _leave_field(self, card: Card, zone: Zone, event: str) -> None: ...

        def _emit(self, ev: str, fields: dict[str, Any]) -> None: ...

        def _why_not_play(self, player: int, uid: int, quick_window: bool) -> str: ...

        def _evolved_for_turn(self, p: Player) -> bool: ...

        def _why_not_evolve(self, p: Player, action: Evolve) -> str: ...

        def _why_not_activate(self, p: Player, action: Activate, quick_window: bool) -> str: ...

        def _why_not_attack(self, p: Player, action: Attack) -> str: ...
