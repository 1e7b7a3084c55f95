"""A turn planner: best-first search over its own turn, then the opponent's greedy reply.

At its first decision of a turn the planner samples one world consistent with what it sees
(:meth:`Observation.sample`), searches sequences of its own actions there (plays, evolves,
attacks and their targets, activations, choices; the opponent's Quick windows answered
greedily) with ``clone``/``apply``, best evaluated position first, until ``budget`` positions
are made. Every way of ending the turn is a candidate; the best few are played on through
the opponent's greedy turn and scored again with :func:`evaluate` (more of them while every
one tried loses to that reply). It then follows the best
plan for as long as the real game looks as it did in the plan, and plans again otherwise.
A won game found in the search is played at once (it never misses a lethal it can reach).
An "any number" choice (a pick or target choice of its own that offers ``done`` and asks
again after each answer, such as discarding any number of cards) is searched as a whole:
each way to stop (after none, one, two ... of its options, the best single answer taken
each time) is one move, so a choice whose worth shows only once it is complete (enough
discards for a win the rules grant) is seen. Outside its own turn it scores each choice
one ply ahead, a whole "any number" choice likewise.
"""

from __future__ import annotations

import heapq
import itertools
import random
from collections.abc import Iterator, Sequence

from engine.sve.actions import Action, Attack, Choose, Play
from engine.sve.agents.base import AGENTS
from engine.sve.agents.evaluation import WIN, Weights, evaluate, load_weights
from engine.sve.agents.greedy import GreedyAgent
from engine.sve.agents.playout import Playout, sig
from engine.sve.errors import IllegalActionError
from engine.sve.observation import Observation
from engine.sve.state import Kind, Player, State

DONE = Choose("done")
"""The answer that ends an "any number" choice."""
DEFAULT_NODES = 120
"""Positions searched per plan when no budget is given (``planner`` = ``planner:120``)."""
REPLY_TOP = 3
"""How many of the best ends of turn are played on through the opponent's reply."""
REPLY_MORE = 12
"""While every end tried so far loses to the reply, further ends are tried, up to this many
in all (a turn that saves the game often scores lower before the reply is seen)."""

Plan = list[tuple[tuple[object, ...], Action]]
"""(what the planner expects to see, what it then does), in order."""
_Path = list[tuple[State, Action]]
"""(the searched position, the action taken there), in order: turned into a :data:`Plan`
only for the sequence that is chosen (what the player would see is worked out once)."""


def _as_plan(path: _Path, me: int) -> Plan:
    """The plan of a searched path: at each step what ``me`` would see, and the action."""
    return [(sig(s.observation(me), s.legal_actions()), a) for s, a in path]


def position_key(state: State) -> tuple[object, ...]:
    """A position's identity for the search (two orders of the same plays meet here)."""
    d = state.decision
    p0, p1 = state.players
    return (
        None if d is None else (d.kind, d.player, tuple(d.options)),
        state.step,
        (_side_key(state, p0), _side_key(state, p1)),
    )


def _side_key(state: State, p: Player) -> tuple[object, ...]:
    cards = state.cards
    return (
        p.hp,
        p.pp,
        p.ep,
        p.sep,
        tuple(sorted(p.hand)),
        tuple([(u, c.atk, c.dfn, c.engaged, c.evo) for u in sorted(p.field) for c in (cards[u],)]),
        len(p.grave),
        len(p.ex),
        len(p.deck),
    )


def _distinct(state: State, legal: Sequence[Action]) -> list[Action]:
    """The legal actions less those that repeat another: playing a second copy of the same
    untouched card from the same zone, or attacking with a twin of an attacker already
    tried against the same target, leads to the same position under other uids."""
    cards = state.cards
    seen: set[tuple[object, ...]] = set()
    out: list[Action] = []
    for action in legal:
        key: tuple[object, ...] | None = None
        if isinstance(action, Play):
            c = cards[action.uid]
            if not c.counters:
                key = ("play", c.base.card_id, c.zone)
        elif isinstance(action, Attack):
            c = cards[action.uid]
            if not c.counters and not c.eq:
                key = ("attack", c.face.card_id, c.atk, c.dfn, c.kw | c.granted, action.target)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        out.append(action)
    return out


class PlannerAgent:
    """Plans its whole turn with a node budget; see the module docstring."""

    name = "planner"

    def __init__(self, budget: int | None = None, weights: Weights | None = None) -> None:
        self.budget = budget if budget is not None else DEFAULT_NODES
        self.weights = weights if weights is not None else load_weights()
        self._plan: Plan = []
        self._greedy = GreedyAgent()

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Follow the current plan, or plan again from a world sampled from ``observation``."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        if observation.decision == "mulligan":
            return self._greedy.choose(observation, legal_actions, rng)
        now = sig(observation, legal_actions)
        if self._plan and self._plan[0][0] == now:
            return self._plan.pop(0)[1]
        me = observation.player
        world = observation.sample(rng)
        playout = Playout(random.Random(rng.getrandbits(64)))
        if observation.active == me:
            self._plan, _ = plan_turn(world, me, self.budget, self.weights, playout)
            if self._plan and self._plan[0][0] == now:
                return self._plan.pop(0)[1]
        self._plan = []
        return one_ply(world, me, legal_actions, self.weights, playout)


def _my_turn(state: State, me: int, turn: int) -> bool:
    return state.outcome_ is None and state.active == me and state.turn == turn


def plan_turn(
    root: State, me: int, budget: int, weights: Weights, playout: Playout
) -> tuple[Plan, float]:
    """The best sequence of ``me``'s actions to the end of the turn, found within ``budget``
    positions, and its score (``root`` is a sampled world where ``me`` is to act in its own
    turn); a score of ``WIN / 2`` or more means the plan wins the game this turn."""
    turn = root.turn
    tie = itertools.count()
    frontier: list[tuple[float, int, State, _Path]] = [(0.0, next(tie), root, [])]
    seen = {position_key(root)}
    ends: list[tuple[float, int, State, _Path]] = []
    best_open: tuple[float, _Path] | None = None
    made = 0
    while frontier and made < budget:
        _, _, state, path = heapq.heappop(frontier)
        for child, moves, cost in _expand(state, me, weights):
            made += cost
            step: _Path = [*path, *moves]
            while _my_turn(child, me, turn) and child.decision is not None:
                if child.decision.player == me:
                    break
                playout.step(child)  # the opponent's Quick windows and choices
            if not _my_turn(child, me, turn):
                value = evaluate(child, me, weights)
                if value >= WIN / 2:
                    return _as_plan(step, me), value  # a won game: take it now
                ends.append((value, next(tie), child, step))
                continue
            key = position_key(child)
            if key in seen:
                continue
            seen.add(key)
            value = evaluate(child, me, weights)
            if best_open is None or value > best_open[0]:
                best_open = (value, step)
            heapq.heappush(frontier, (-value, next(tie), child, step))
    if not ends:
        return (_as_plan(best_open[1], me), best_open[0]) if best_open is not None else ([], 0.0)
    ends.sort(key=lambda e: (-e[0], e[1]))
    best: tuple[float, _Path] | None = None
    for tried, (value, _, end, step) in enumerate(ends[:REPLY_MORE]):
        if tried >= REPLY_TOP and best is not None and best[0] > -WIN / 2:
            break
        if value > -WIN / 2:  # ``end`` is a copy of its own: play the reply on it
            playout.run(end, lambda s: _my_decision(s, me, Kind.MAIN))
            value = evaluate(end, me, weights)
        if best is None or value > best[0]:
            best = (value, step)
    assert best is not None
    return _as_plan(best[1], me), best[0]


def _expand(state: State, me: int, weights: Weights) -> Iterator[tuple[State, _Path, int]]:
    """The positions one move on from ``state``, each with its moves and the positions made
    for it: one per distinct legal action, or one per way to stop an "any number"
    choice."""
    if _any_number(state, me):
        yield from whole_choices(state, me, weights)
        return
    for action in _distinct(state, state.legal_actions()):
        child = state.clone()
        child.apply_unchecked(action)
        yield child, [(state, action)], 1


def _any_number(state: State, me: int, options: Sequence[str] | None = None) -> bool:
    """Whether ``me`` faces a choice of one or more options that offers ``done`` (and, given
    the ``options`` of the answer before, one that offers no option not offered then)."""
    d = state.decision
    if d is None or d.player != me or d.kind not in (Kind.PICK, Kind.TARGET):
        return False
    if "done" not in d.options or len(d.options) < 2:
        return False
    return options is None or set(d.options) <= set(options)


def whole_choices(state: State, me: int, weights: Weights) -> Iterator[tuple[State, _Path, int]]:
    """Each way to complete the "any number" choice ``me`` faces in ``state``: ``done`` at
    once, or after the best single answer (by :func:`evaluate`), or after two ... until the
    choice is no longer asked; with its moves and the positions made for it."""
    path: _Path = []
    current = state
    while True:
        legal = current.legal_actions()
        done = next((a for a in legal if a == DONE), None)
        if done is not None:
            end = current.clone()
            end.apply_unchecked(done)
            yield end, [*path, (current, done)], 1
        best: tuple[float, Action, State] | None = None
        options = current.decision.options if current.decision is not None else []
        for action in legal:
            if action == DONE:
                continue
            child = current.clone()
            child.apply_unchecked(action)
            value = evaluate(child, me, weights)
            if best is None or value > best[0]:
                best = (value, action, child)
        if best is None:
            return
        path.append((current, best[1]))
        current = best[2]
        picked = best[1].option if isinstance(best[1], Choose) else ""
        if not _any_number(current, me, [o for o in options if o != picked]):
            yield current, list(path), len(legal)
            return


def _my_decision(state: State, me: int, kind: Kind) -> bool:
    d = state.decision
    return d is not None and d.player == me and d.kind is kind and state.active == me


def _any_main(state: State) -> bool:
    d = state.decision
    return d is not None and d.kind is Kind.MAIN


def one_ply(
    world: State, me: int, legal: Sequence[Action], weights: Weights, playout: Playout
) -> Action:
    """The action whose position, played on greedily to the next main phase, scores best."""
    best, best_value = legal[0], -2 * WIN
    world.legal_actions()  # found once here, kept by every clone below (a sampled world)
    if _any_number(world, me) and list(legal) == world.legal_actions():
        for child, moves, _ in whole_choices(world, me, weights):
            playout.run(child, _any_main)
            value = evaluate(child, me, weights)
            if value > best_value:
                best, best_value = moves[0][1], value
        return best
    for action in legal:
        child = world.clone()
        try:
            child.apply(action)
        except IllegalActionError:  # an option naming a card the sampled world moved
            continue
        playout.run(child, _any_main)
        value = evaluate(child, me, weights)
        if value > best_value:
            best, best_value = action, value
    return best


AGENTS["planner"] = PlannerAgent
