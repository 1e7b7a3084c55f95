"""Greedy play for both players inside a sampled world: the default policy of the searches."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.sve.actions import Action
from engine.sve.agents.greedy import GreedyAgent
from engine.sve.observation import Observation
from engine.sve.state import State

STEP_CAP = 400
"""At most this many actions per playout (a guard against effect loops)."""


def sig(obs: Observation, legal: Sequence[Action]) -> tuple[object, ...]:
    """What a player sees at a decision, as a comparable value: a plan made in a sampled
    world is followed in the real game only while the two look the same."""
    me = obs.player
    fields = tuple(
        (c.uid, c.record.card_id, c.attack, c.defense, c.engaged, c.keywords)
        for side in (me, 1 - me)
        for c in obs.field(side)
    )
    return (
        obs.turn,
        obs.decision,
        tuple(legal),
        obs.hp(0),
        obs.hp(1),
        obs.pp(me),
        obs.ep(me),
        obs.sep(me),
        tuple(sorted(c.uid for c in obs.hand())),
        obs.hand_count(1 - me),
        fields,
    )


class Playout:
    """Both players play greedily (one greedy agent each, one shared random stream).

    A greedy agent remembers the activated abilities it played this turn (so cost-free
    loops end); that memory belongs to one line of play, so it starts afresh whenever the
    playout moves to another state object (a sibling branch or another end of turn): an
    ability used in one branch stays usable in the next.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.agents = (GreedyAgent(), GreedyAgent())
        self._line: State | None = None

    def step(self, state: State) -> None:
        """Let the player to act make one greedy decision."""
        if state is not self._line:
            self._line = state
            self.agents = (GreedyAgent(), GreedyAgent())
        d = state.decision
        assert d is not None
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_unchecked(legal[0])
            return
        action = self.agents[d.player].choose(state.observation(d.player), legal, self.rng)
        if any(action is x for x in legal):
            state.apply_unchecked(action)
        else:
            state.apply(action)

    def run(self, state: State, until: Callable[[State], bool], cap: int = STEP_CAP) -> int:
        """Play until the game ends or ``until(state)``; return the number of actions."""
        steps = 0
        while state.outcome_ is None and not until(state) and steps < cap:
            self.step(state)
            steps += 1
        return steps
