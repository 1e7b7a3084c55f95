"""Information-set Monte Carlo tree search over sampled worlds (``search:N``).

Every simulation plays in a world consistent with what the player sees (the opponent's hand
and both decks drawn again, :meth:`Observation.sample`; up to ``WORLDS`` such worlds are
sampled per decision and the simulations take turns over copies of them), walks one shared
tree of the player's own decisions to the end of the current turn (UCB1 over the actions
available in that world, as in single-observer ISMCTS; a new node tries the greedy move
first), plays the rest of the turn greedily and scores the position as the turn ends with
the planner's evaluation, whose lethal-threat and exposed-follower terms stand for the
opponent's reply (playing that reply out cost three quarters of the time and won no more
games against the planner). ``search:400`` runs 400 simulations per decision; the subtree
under the chosen action carries over to its next decision in the same turn. Before
searching a main-phase decision it looks for a lethal with the turn planner and plays it
when there is one. It never reads the real game's hidden cards.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.sve.actions import Action
from engine.sve.agents.base import AGENTS
from engine.sve.agents.evaluation import WIN, Weights, evaluate, load_weights, squash
from engine.sve.agents.greedy import GreedyAgent
from engine.sve.agents.planner import Plan, plan_turn
from engine.sve.agents.playout import Playout, sig
from engine.sve.observation import Observation
from engine.sve.state import State

DEFAULT_SIMULATIONS = 64
"""Simulations per decision when no budget is given (``search`` = ``search:64``)."""
LETHAL_NODES = 40
"""Positions the lethal check searches before the tree search."""
WORLDS = 16
"""Distinct worlds sampled per decision; simulations take turns over copies of them (a copy
costs a fraction of a new sample)."""
EXPLORE = 0.7
"""The UCB1 exploration constant (values are win chances in [0, 1])."""


class _Node:
    """Statistics of one action sequence of the player's own decisions."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0
        """Simulations in which this action was legal when its parent was visited."""


class SearchAgent:
    """ISMCTS with greedy playouts; see the module docstring."""

    name = "search"

    def __init__(self, budget: int | None = None, weights: Weights | None = None) -> None:
        self.budget = budget if budget is not None else DEFAULT_SIMULATIONS
        self.weights = weights if weights is not None else load_weights()
        self._greedy = GreedyAgent()
        self._lethal: Plan = []
        self._kept: tuple[int, _Node] | None = None
        """(turn, node): the subtree under the last chosen action, reused at the next
        decision of the same turn."""

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The most visited action after ``budget`` simulations over sampled worlds."""
        kept, self._kept = self._kept, None
        if len(legal_actions) == 1:
            only = legal_actions[0]
            if kept is not None and only in kept[1].children:  # follow a forced step
                self._kept = (kept[0], kept[1].children[only])
            return only
        if observation.decision == "mulligan":
            return self._greedy.choose(observation, legal_actions, rng)
        me = observation.player
        now = sig(observation, legal_actions)
        if self._lethal and self._lethal[0][0] == now:
            return self._lethal.pop(0)[1]
        self._lethal = []
        worlds = [observation.sample(rng) for _ in range(min(self.budget, WORLDS))]
        if observation.active == me:
            playout = Playout(random.Random(rng.getrandbits(64)))
            # plan_turn only searches copies of the root: the world stays as sampled
            plan, value = plan_turn(worlds[0], me, LETHAL_NODES, self.weights, playout)
            if value >= WIN / 2 and plan and plan[0][0] == now:
                self._lethal = plan[1:]
                return plan[0][1]
        mine = observation.active == me
        root = kept[1] if kept is not None and mine and kept[0] == observation.turn else _Node()
        for i in range(self.budget):
            w = i % len(worlds)
            playout = Playout(random.Random(rng.getrandbits(64)))
            self._simulate(worlds[w].clone(), root, me, playout)

        def visits(action: Action) -> tuple[int, float]:
            node = root.children.get(action)
            return (0, 0.0) if node is None else (node.visits, node.total)

        best = max(legal_actions, key=visits)
        child = root.children.get(best)
        if child is not None and mine:
            self._kept = (observation.turn, child)
        return best

    def _simulate(self, state: State, root: _Node, me: int, playout: Playout) -> None:
        """One simulation: down the tree in this world, a new leaf, a greedy playout to the
        end of the turn, scored there."""
        turn = state.turn
        node = root
        path = [root]
        while True:
            while _opponent_in_turn(state, me, turn):
                playout.step(state)
            if state.outcome_ is not None or state.turn != turn:
                break
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = self._first_try(state, legal, untried, playout)
                child = node.children[action] = _Node()
                child.available = 1
                state.apply_unchecked(action)
                path.append(child)
                break
            action = max(legal, key=lambda a: _ucb(node.children[a]))
            node = node.children[action]
            state.apply_unchecked(action)
            path.append(node)
        playout.run(state, lambda s: s.turn != turn)
        value = squash(evaluate(state, me, self.weights))
        for n in path:
            n.visits += 1
            n.total += value

    @staticmethod
    def _first_try(
        state: State, legal: list[Action], untried: list[Action], playout: Playout
    ) -> Action:
        """The greedy agent's move while untried (so the search starts from it), then a
        random untried one."""
        if len(untried) == len(legal):
            who = state.current_player()
            pick = playout.agents[who].choose(state.observation(who), legal, playout.rng)
            if pick in untried:
                return pick
        return untried[int(playout.rng.random() * len(untried))]


def _ucb(node: _Node) -> float:
    if node.visits == 0:
        return math.inf
    return node.total / node.visits + EXPLORE * math.sqrt(
        math.log(max(node.available, 1)) / node.visits
    )


def _opponent_in_turn(state: State, me: int, turn: int) -> bool:
    d = state.decision
    return state.outcome_ is None and state.turn == turn and d is not None and d.player != me


AGENTS["search"] = SearchAgent
