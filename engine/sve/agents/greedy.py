"""A one-ply greedy agent: lethal first, value trades, spend PP well, sensible mulligan.

It scores the legal actions with what its player may see and never looks ahead, so it is
fast enough for batch simulation. Priorities in the main phase:

1. attack the leader when the followers that can reach it have lethal damage;
2. play the most expensive affordable card (PP spent is tempo), followers first on ties;
3. play each activated ability once per turn, then evolve the strongest follower it can
   (Super-Evolution when allowed);
4. make the best value trade (kill a follower, ideally surviving, Bane counted);
5. otherwise attack the leader with the biggest follower that may, then end the turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.sve.actions import (
    END,
    KEEP,
    LEADER,
    PASS,
    REDRAW,
    Action,
    Activate,
    Attack,
    Choose,
    Discard,
    Evolve,
    Play,
)
from engine.sve.agents.base import AGENTS
from engine.sve.observation import CardView, Observation

KEEP_CHEAP = 2
"""Keep an opening hand with at least this many cards of cost 3 or less."""


def _value(card: CardView) -> int:
    return card.attack + card.defense + card.cost


class GreedyAgent:
    """One-ply heuristic player."""

    name = "greedy"

    def __init__(self) -> None:
        self._used: set[tuple[int, int, int]] = set()
        """(turn, uid, index) of the activated abilities already played."""

    def choose(
        self, observation: Observation, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The best action by the priorities in the module docstring."""
        kind = observation.decision
        if kind == "main":
            return self._main(observation, legal_actions)
        if kind == "mulligan":
            cheap = sum(1 for c in observation.hand() if c.cost <= 3)
            return KEEP if cheap >= KEEP_CHEAP else REDRAW
        if kind == "quick":
            plays = [a for a in legal_actions if isinstance(a, Play)]
            if not plays:
                acts = [a for a in legal_actions if isinstance(a, Activate)]
                return self._activation(observation, acts) or PASS
            return max(plays, key=lambda a: (observation.card(a.uid).cost, -a.uid))
        if kind == "discard":
            hand = {c.uid: c for c in observation.hand()}
            discards = [a for a in legal_actions if isinstance(a, Discard)]
            return max(discards, key=lambda a: (hand[a.uid].cost, a.uid))
        if kind == "ward_enter":
            return Choose("engage")
        if kind == "target":
            return self._target(observation, legal_actions)
        return legal_actions[0]

    def _activation(self, obs: Observation, acts: list[Activate]) -> Activate | None:
        """The first activated ability not yet played this turn (cost-free loops end)."""
        for a in acts:
            key = (obs.turn, a.uid, a.index)
            if key not in self._used:
                self._used.add(key)
                return a
        return None

    def _target(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Prefer the biggest enemy follower, then the enemy leader, then anything."""
        opp = 1 - obs.player
        best: Action = legal[0]
        best_score = -(1 << 30)
        for action in legal:
            if not isinstance(action, Choose) or action.option == "done":
                continue
            word = action.option
            if word.startswith("leader"):
                score = 5 if word == f"leader{opp}" else -100
            else:
                card = obs.card(int(word))
                sign = 1 if card.controller == opp else -1
                score = sign * _value(card)
            if score > best_score:
                best, best_score = action, score
        return best

    def _main(self, obs: Observation, legal: Sequence[Action]) -> Action:
        me = obs.player
        opp = 1 - me
        plays: list[Play] = []
        evolves: list[Evolve] = []
        attacks: list[Attack] = []
        activations: list[Activate] = []
        for a in legal:
            if isinstance(a, Attack):
                attacks.append(a)
            elif isinstance(a, Play):
                plays.append(a)
            elif isinstance(a, Evolve):
                evolves.append(a)
            elif isinstance(a, Activate):
                activations.append(a)
        mine: dict[int, CardView] = {c.uid: c for c in obs.field(me)} if attacks else {}
        # 1. Lethal.
        if attacks:
            face = [a for a in attacks if a.target == LEADER]
            if face and sum(mine[a.uid].attack for a in face) >= obs.hp(opp):
                return max(face, key=lambda a: (mine[a.uid].attack, -a.uid))
        # 2. Spend PP.
        if plays:
            best_play: Play | None = None
            best_key: tuple[int, int, int] | None = None
            for a in plays:
                rec = obs.face(a.uid)
                key = (rec.cost or 0, 1 if rec.base_type == "follower" else 0, -a.uid)
                if best_key is None or key > best_key:
                    best_play, best_key = a, key
            assert best_play is not None
            return best_play
        # 3. Activated abilities, each once per turn; then evolve (keep EP when PP suffices).
        act = self._activation(obs, activations)
        if act is not None:
            return act
        if evolves:
            field = mine or {c.uid: c for c in obs.field(me)}

            def evo_key(a: Evolve) -> tuple[int, int, int, int]:
                """Super first, then the biggest follower, then paying without EP."""
                c = field[a.uid]
                return (int(a.super_), c.attack + c.defense, int(not a.ep), -a.uid)

            return max(evolves, key=evo_key)
        # 4. Value trades.
        if attacks:
            theirs = {c.uid: c for c in obs.field(opp)}
            best_attack: Attack | None = None
            best_score = 0
            for a in attacks:
                if a.target == LEADER:
                    continue
                att, tgt = mine[a.uid], theirs[a.target]
                kills = att.attack >= tgt.defense or "bane" in att.keywords
                dies = tgt.attack >= att.defense or "bane" in tgt.keywords
                if not kills:
                    continue
                score = _value(tgt) * 2 - (_value(att) * 2 if dies else 0) + 1
                if score > best_score:
                    best_attack, best_score = a, score
            if best_attack is not None:
                return best_attack
            face = [a for a in attacks if a.target == LEADER]
            if face:
                return max(face, key=lambda a: (mine[a.uid].attack, -a.uid))
        return END


AGENTS["greedy"] = GreedyAgent
