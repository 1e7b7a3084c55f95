"""Mulligan policies the game runner applies to the opening decision (CR 6.2.1.8).

They mirror :mod:`analytics.odds`: ``never`` keeps every hand, ``keep-if:A,B`` keeps a hand
holding any of the cards, and ``optimal:A,B`` keeps exactly the hands that the exact odds say
to keep for the goal "at least one of A, B in hand by own turn T", going first or second.
Two more are the baselines a player compares against: ``agent`` leaves the opening to the AI
player's own rule (what every other command plays), ``always`` mulligans every hand.
Each policy only reads the opening hand's card ids, so it works for any deck, and is a small
frozen value that pickles to worker processes and Dask workers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from analytics.odds import (
    OPTIMAL,
    Goal,
    KeepIf,
    Never,
    hand_size,
    parse_policy,
    policy_name,
    prepare,
)
from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from engine.cards import CardRecord
from engine.sve.runner import MulliganPolicy

DEFAULT_GOAL_TURN = 2
"""``optimal:CODE`` aims at holding the card by this own turn unless told otherwise."""


@dataclass(frozen=True, slots=True)
class KeepAll:
    """Never mulligan."""

    def keep(self, hand: Sequence[CardRecord], going_first: bool) -> bool:
        """Always keep."""
        return True


@dataclass(frozen=True, slots=True)
class MulliganAll:
    """Always mulligan."""

    def keep(self, hand: Sequence[CardRecord], going_first: bool) -> bool:
        """Never keep."""
        return False


AGENT = "agent"
"""The policy that leaves the opening to the AI player (no policy: ``None``)."""
BASELINES = {AGENT: "the AI player's own rule", "always": "always mulligan", "never": "never"}
"""Policies without goal cards, in words."""


@dataclass(frozen=True, slots=True)
class KeepIfAny:
    """Keep a hand holding at least one of ``cards`` (card ids); otherwise mulligan."""

    cards: frozenset[str]

    def keep(self, hand: Sequence[CardRecord], going_first: bool) -> bool:
        """Whether any card of the hand is one of ``cards``."""
        return any(c.card_id in self.cards for c in hand)


@dataclass(frozen=True, slots=True)
class KeepTable:
    """Keep the opening compositions the exact odds keep, per seat (from ``optimal:``).

    A composition counts the hand's cards per atom (cards sharing the goal groups), the rest
    last, as :mod:`analytics.odds` does.
    """

    atom_of: tuple[tuple[str, int], ...]
    """Card id -> atom index, for the goal's cards."""
    atoms: int
    kept_first: frozenset[tuple[int, ...]]
    kept_second: frozenset[tuple[int, ...]]

    def keep(self, hand: Sequence[CardRecord], going_first: bool) -> bool:
        """Whether the exact odds keep this hand in this seat."""
        where = dict(self.atom_of)
        counts = [0] * (self.atoms + 1)
        for card in hand:
            counts[where.get(card.card_id, self.atoms)] += 1
        kept = self.kept_first if going_first else self.kept_second
        return tuple(counts) in kept


def _ids(
    codes: Sequence[str], pool: PoolIndex, text: str, deck: Mapping[str, int]
) -> tuple[str, ...]:
    out = []
    for code in codes:
        cid = pool.card_id(code)
        if cid is None:
            raise InputError(f"--policy {text!r}: unknown card code {code!r}")
        if not deck.get(cid):
            raise InputError(f"--policy {text!r}: {code} is not in the main deck")
        out.append(cid)
    return tuple(out)


def optimal_table(deck: Mapping[str, int], cards: Sequence[str], turn: int) -> KeepTable:
    """The optimal keep/mulligan table for "one of ``cards`` by own turn ``turn``"."""
    goal = Goal.of(*cards)
    prep = prepare(deck, goal, OPTIMAL)
    atom_of = []
    for card in dict.fromkeys(cards):
        sig = frozenset(j for j, g in enumerate(goal.groups) if card in g)
        if sig in prep.atoms.members:
            atom_of.append((card, prep.atoms.members.index(sig)))
    kept: list[frozenset[tuple[int, ...]]] = []
    for going in ("first", "second"):
        sol = prep.odds([hand_size(turn, going)]).solution
        kept.append(frozenset(h for h, put_back in sol.decisions().items() if not any(put_back)))
    return KeepTable(tuple(atom_of), len(prep.atoms.counts), kept[0], kept[1])


def make_policy(
    text: str, deck: Mapping[str, int], pool: PoolIndex, turn: int = DEFAULT_GOAL_TURN
) -> MulliganPolicy | None:
    """The runner's policy for ``agent`` (``None``: the AI player decides), ``always``,
    ``never``, ``keep-if:A,B`` or ``optimal:A,B`` on this deck.

    ``deck`` maps card ids to copies (what ``optimal`` solves on). Bad text raises
    ``InputError``.
    """
    if text.strip() == AGENT:
        return None
    if text.strip() == "always":
        return MulliganAll()
    head, _, tail = text.strip().partition(":")
    if head == "optimal":
        codes = [c.strip() for c in tail.split(",") if c.strip()]
        if not codes:
            raise InputError(f"--policy {text!r}: optimal needs goal cards: optimal:CODE,...")
        return optimal_table(deck, _ids(codes, pool, text, deck), turn)
    try:
        policy = parse_policy(text)
    except ValueError as err:
        raise InputError(f"--policy {text!r}: {err}; or agent, always") from None
    if isinstance(policy, Never):
        return KeepAll()
    if isinstance(policy, KeepIf):
        return KeepIfAny(frozenset(_ids(policy.cards, pool, text, deck)))
    raise InputError(f"--policy {policy_name(policy)!r}: optimal needs goal cards: optimal:CODE")


def deck_ids(main: Mapping[str, int], pool: PoolIndex) -> dict[str, int]:
    """A main deck as card ids to copies (printings counted as their card)."""
    out: dict[str, int] = {}
    for code, n in main.items():
        cid = pool.card_id(code) or code
        out[cid] = out.get(cid, 0) + n
    return out


def policy_key(index: int, opponent: int) -> str:
    """The study key of the ``index``-th policy against the ``opponent``-th deck."""
    return f"p{index}|{opponent}"


def study_policy(params: Mapping[str, Any], key: str, pool: PoolIndex) -> MulliganPolicy | None:
    """The policy a ``mulligan-test`` study played under matchup ``key`` (``p{i}|{j}``)."""
    index = int(key.split("|")[0][1:])
    main = deck_ids(params["deck"]["main"], pool)
    return make_policy(params["policies"][index], main, pool, params["goal_turn"])
