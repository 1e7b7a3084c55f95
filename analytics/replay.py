"""Replays: a game's event log as a list of steps, each with both boards, in card names.

A step is one thing a player did (the setup, a turn's start with its draw, a play, an
evolve, an attack, an activated ability, the end) with every event it caused. After each
step the snapshot holds both sides: leader defense, PP, EP, zone sizes (from the log's
``s`` counts) and the field card by card (tracked from the events). Event kinds this module
does not know are skipped, and their counts still apply, so newer logs still replay.

A simulated game needs nothing stored beyond its run: the same decks, agents, seed and seat
play the same game again (:func:`replay_stored_game`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from analytics.decks import deck_spec
from analytics.runs import RunInfo, game_rows, run_info
from analytics.simulate import GameRow
from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from cardpool.readers import loads, parse_json, read_text
from cardpool.store import Store
from cardpool.words import possessive
from engine.cards import CardRecord
from engine.sve import DeckSpec, GameResult, new_game, parse_action, play_game
from engine.sve.board import DEFAULT_TURN_LIMIT
from engine.sve.runner import MulliganPolicy
from engine.sve.state import Kind

Lookup = Callable[[str], CardRecord | None]
"""Card id -> its record (``PoolIndex.record``); ``None`` for an unknown id."""

STEP_KINDS = ("game_start", "turn_start", "play", "evolve", "attack", "activate", "game_end")
"""Events that open a new step: what a player (or the game) does."""

REASONS = {
    "leader_defense": "leader defense reached 0",
    "deck_out": "a deck ran out",
    "turn_limit": "the turn limit was reached",
    "effect": "a card's effect won the game",
    "error": "the engine stopped with an error",
}
"""The end of a game in words, by the engine's reason."""

_ZONES = {
    "grave": "the graveyard",
    "hand": "the hand",
    "deck": "the deck",
    "ex": "the EX area",
    "banish": "banishment",
    "evolve_deck": "the evolve deck",
    "erased": "nowhere (a token)",
    "field": "the field",
    "resolving": "being played",
}


@dataclass(frozen=True, slots=True)
class FieldCard:
    """A card on the field: its face (the evolved card once evolved) and its state."""

    uid: int
    card: str
    name: str
    attack: int | None
    defense: int | None
    damage: int = 0
    engaged: bool = False
    evolved: bool = False
    token: bool = False

    @property
    def label(self) -> str:
        """Its name with its instance number, as moves refer to it: ``アリア (15)``."""
        return f"{self.name} ({self.uid})"

    @property
    def stats(self) -> str:
        """``ATK/DEF`` as printed (with a super-evolve's +1/+1), blank for an amulet."""
        if self.attack is None and self.defense is None:
            return ""
        return f"{self.attack or 0}/{self.defense or 0}"

    @property
    def state(self) -> str:
        """Engaged, evolved, token and damage in words (empty when none)."""
        words = [w for w, on in (("evolved", self.evolved), ("engaged", self.engaged),
                                 ("token", self.token)) if on]  # fmt: skip
        if self.damage:
            words.append(f"{self.damage} damage")
        return ", ".join(words)


@dataclass(frozen=True, slots=True)
class Side:
    """One player's side after a step."""

    leader: int = 20
    """Leader defense."""
    pp: int = 0
    max_pp: int = 0
    ep: int = 0
    sep: int = 0
    hand: int = 0
    deck: int = 0
    ex: int = 0
    grave: int = 0
    banish: int = 0
    evolve_deck: int = 0
    field: tuple[FieldCard, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: what happened, in words, and both sides after it."""

    number: int
    turn: int
    active: int
    kind: str
    summary: str
    details: tuple[str, ...]
    sides: tuple[Side, Side]


@dataclass(frozen=True, slots=True)
class Replay:
    """A whole game as steps, with its first player and result where the log has them."""

    steps: tuple[Step, ...]
    players: tuple[str, str] = ("player 0", "player 1")
    first: int | None = None
    seed: int | None = None
    winner: int | None = None
    reason: str | None = None
    ended: bool = False

    @property
    def turns(self) -> int:
        """The number of the last turn played."""
        return max((s.turn for s in self.steps), default=0)

    def turn_start(self, turn: int) -> int:
        """The index of the first step of ``turn`` (the last step if the game ended before)."""
        for step in self.steps:
            if step.turn >= turn and (step.kind == "turn_start" or step.turn > turn):
                return step.number
        return len(self.steps) - 1

    def turn_steps(self, turn: int) -> list[Step]:
        """The steps of ``turn`` (the setup counts as turn 0)."""
        return [s for s in self.steps if _turn_of(s) == turn]

    def result(self) -> str:
        """The end in words: ``Forest wins (leader defense reached 0) after 12 turns``."""
        if not self.ended:
            return f"no end in the log after {self.turns} turns"
        why = REASONS.get(self.reason or "", self.reason or "")
        who = "draw" if self.winner is None else f"{self.players[self.winner]} wins"
        return f"{who} ({why}) after {self.turns} turns"


def _turn_of(step: Step) -> int:
    return 0 if step.kind == "game_start" else step.turn


# --- reading a log --------------------------------------------------------------------------


def parse_log(lines: Iterable[str], where: str = "event log") -> list[dict[str, Any]]:
    """Events from JSON lines; a line that is not an event raises ``InputError``."""
    events: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            event = loads(line)
        except json.JSONDecodeError:
            raise InputError(
                f"{where}, line {number}: not JSON (expected one event per line)"
            ) from None
        except (ValueError, RecursionError):  # a key twice, nesting or a number out of reason
            parse_json(line, path=where, line=number)  # raises the reader's one-line message
            raise
        if (
            not isinstance(event, dict)
            or not isinstance(event.get("ev"), str)
            or not isinstance(event.get("turn"), int)
        ):
            raise InputError(
                f"{where}, line {number}: not a game event (an object with 'ev' and 'turn')"
            )
        events.append(event)
    if not events:
        raise InputError(f"{where}: no events (write one with `decklab play ... --log FILE`)")
    return events


MAX_LOG_BYTES = 16 << 20
"""An event log is read up to this size, far more than any game writes."""


def read_log(path: str | Path) -> list[dict[str, Any]]:
    """The events of a ``decklab play --log`` file; a missing or bad file raises ``InputError``.

    Only a regular file is read, and no further than ``MAX_LOG_BYTES`` (``cardpool.readers``).
    """
    return parse_log(read_text(path, max_bytes=MAX_LOG_BYTES).splitlines(), str(path))


# --- the reconstruction ---------------------------------------------------------------------


@dataclass(slots=True)
class _Board:
    """The mutable state while the events are read."""

    lookup: Lookup
    players: tuple[str, str]
    counts: dict[str, list[int]] = field(default_factory=dict)
    on_field: list[dict[int, FieldCard]] = field(default_factory=lambda: [{}, {}])
    cards: dict[int, str] = field(default_factory=dict)
    """Every uid seen so far -> its card id (for attack targets and later events)."""

    def name(self, card_id: Any) -> str:
        if not isinstance(card_id, str):
            return "a card"
        rec = self.lookup(card_id)
        return rec.name if rec is not None else card_id

    def label(self, uid: Any, card_id: str | None = None) -> str:
        if not isinstance(uid, int):
            return str(uid)
        on = self.find(uid)
        if on is not None:
            return on.label
        cid = card_id or self.cards.get(uid)
        return f"{self.name(cid)} ({uid})" if cid else f"card {uid}"

    def find(self, uid: int) -> FieldCard | None:
        for side in self.on_field:
            if uid in side:
                return side[uid]
        return None

    def update(self, uid: int, **changes: Any) -> None:
        for side in self.on_field:
            if uid in side:
                side[uid] = replace(side[uid], **changes)

    def leave(self, uid: int) -> bool:
        return any(side.pop(uid, None) is not None for side in self.on_field)

    def sides(self) -> tuple[Side, Side]:
        def side(p: int) -> Side:
            c = self.counts

            def n(key: str, default: int = 0) -> int:
                values = c.get(key)
                return int(values[p]) if values and len(values) > p else default

            return Side(
                leader=n("hp", 20), pp=n("pp"), max_pp=n("max_pp"), ep=n("ep"), sep=n("sep"),
                hand=n("hand"), deck=n("deck"), ex=n("ex"), grave=n("grave"),
                banish=n("banish"), evolve_deck=n("evolve_deck"),
                field=tuple(self.on_field[p].values()),
            )  # fmt: skip

        return side(0), side(1)


def _player(ev: dict[str, Any], board: _Board) -> str:
    p = ev.get("player", ev.get("active"))
    return board.players[p] if p in (0, 1) else "a player"


def _leader(target: Any, board: _Board) -> str | None:
    """``leader0`` -> "<player 0>'s leader"; ``None`` for anything else."""
    if isinstance(target, str) and target.startswith("leader") and target[6:] in ("0", "1"):
        return f"{possessive(board.players[int(target[6:])])} leader"
    return None


def _describe(ev: dict[str, Any], board: _Board) -> str | None:
    """One event in words, applying its effect on the field first; ``None`` to leave it out."""
    kind = ev["ev"]
    who = _player(ev, board)
    uid = ev.get("uid")
    cid = ev.get("card")
    if isinstance(uid, int) and isinstance(cid, str) and kind != "evolve":
        board.cards.setdefault(uid, cid)
    if kind == "game_start":
        first = ev.get("first")
        return f"{board.players[first]} goes first" if first in (0, 1) else "the game starts"
    if kind == "draw":
        return f"{who} draws {board.name(cid)}" if cid else f"{who} draws a card"
    if kind == "mulligan":
        return f"{who} {'redraws the opening hand' if ev.get('redraw') else 'keeps the hand'}"
    if kind == "turn_start":
        return f"{possessive(who)} turn {ev.get('own_turn', '')} starts".replace("  ", " ")
    if kind == "turn_end":
        return f"{possessive(who)} turn ends"
    if kind == "play":
        where = " from the EX area" if ev.get("from") == "ex" else ""
        return f"{who} plays {board.label(uid, cid)}{where} for {ev.get('cost', 0)} PP"
    if kind == "enter" and isinstance(uid, int) and isinstance(cid, str):
        rec = board.lookup(cid)
        p = ev.get("player", 0)
        board.on_field[p if p in (0, 1) else 0][uid] = FieldCard(
            uid, cid, board.name(cid), rec.attack if rec else None, rec.defense if rec else None,
            engaged=bool(ev.get("engaged")), token=bool(ev.get("token")),
        )  # fmt: skip
        return f"{board.label(uid)} enters {possessive(who)} field" + (
            " engaged" if ev.get("engaged") else ""
        )
    if kind == "control" and isinstance(uid, int):
        p = ev.get("player", 0)
        taken = board.find(uid)
        board.leave(uid)
        if taken is not None:
            board.on_field[p if p in (0, 1) else 0][uid] = taken
        return f"{who} takes control of {board.label(uid, cid)}"
    if kind == "evolve" and isinstance(uid, int) and isinstance(cid, str):
        before = board.label(uid)
        rec = board.lookup(cid)
        plus = 1 if ev.get("super") else 0
        atk = None if rec is None or rec.attack is None else rec.attack + plus
        dfn = None if rec is None or rec.defense is None else rec.defense + plus
        board.update(uid, card=cid, name=board.name(cid), attack=atk, defense=dfn, evolved=True)
        how = "super-evolves" if ev.get("super") else "evolves"
        paid = f"{ev.get('ep_paid', 0)} EP, {ev.get('pp_paid', 0)} PP"
        into = "" if before.startswith(f"{board.name(cid)} (") else f" into {board.name(cid)}"
        return f"{who} {how} {before}{into} ({paid})"
    if kind == "attack":
        attacker = board.label(ev.get("attacker"))
        target = ev.get("target")
        what = "the leader" if target == "leader" else board.label(target)
        return f"{attacker} attacks {what}"
    if kind == "activate":
        return f"{who} activates an ability of {board.label(uid, cid)}"
    if kind in ("damage", "heal"):
        target = ev.get("target")
        amount = int(ev.get("amount", 0))
        leader = _leader(target, board)
        name = leader or board.label(target)
        if isinstance(target, int) and (on := board.find(target)) is not None:
            left = on.damage + amount if kind == "damage" else max(on.damage - amount, 0)
            board.update(target, damage=left)
        return f"{name} takes {amount} damage" if kind == "damage" else f"{name} heals {amount}"
    if kind in ("engage", "stand") and isinstance(uid, int):
        board.update(uid, engaged=kind == "engage")
        return None  # an attack says it; turn starts stand everything
    if kind in ("leave", "destroy", "banish") and isinstance(uid, int):
        label = board.label(uid, cid)
        was_on_field = board.leave(uid)
        to = _ZONES.get(str(ev.get("to")), str(ev.get("to")))
        if kind == "destroy":
            gone = ev.get("to") in ("grave", "erased")
            return f"{label} is destroyed" + ("" if gone else f" (to {to})")
        if kind == "banish":  # a token ceases to exist instead (CR 4.3.3)
            return (
                f"{label} is banished" if ev.get("to") != "erased" else f"{label} ceases to exist"
            )
        if ev.get("to") == "evolve_deck" and not was_on_field:
            return None  # the evolved card under a follower that left
        return f"{label} goes to {to}"
    if kind == "create":
        return f"{who} gets a {board.label(uid, cid)} token in the EX area"
    if kind == "move":
        source = _ZONES.get(str(ev.get("from")), str(ev.get("from")))
        to = _ZONES.get(str(ev.get("to")), str(ev.get("to")))
        return f"{board.name(cid)} goes from {source} to {to}"
    if kind == "roll":  # CR 5.20.1
        return f"{who} rolls a die: {ev.get('result')}"
    if kind == "pay_defense":  # a cost paid with leader defense (CR 10.4.5), not damage
        return f"{who} pays {int(ev.get('amount', 0))} leader defense"
    if kind == "found":
        return f"{who} puts {board.name(cid)} into {_ZONES.get(str(ev.get('to')), ev.get('to'))}"
    if kind == "mill":
        return f"{board.name(cid)} goes from {possessive(who)} deck to the graveyard"
    if kind == "discard":
        return f"{who} discards {board.name(cid)}"
    if kind == "to_deck":
        end = "top" if ev.get("top") else "bottom"
        return f"{board.label(uid)} goes from the hand to the {end} of the deck"
    if kind == "equip":
        return f"{board.label(uid)} is equipped with {board.name(cid)}"
    if kind in ("box", "unbox"):
        return f"{board.label(uid)} {'is boxed' if kind == 'box' else 'is no longer boxed'}"
    if kind == "game_end":
        winner = ev.get("winner")
        why = REASONS.get(str(ev.get("reason")), str(ev.get("reason")))
        head = "a draw" if winner not in (0, 1) else f"{board.players[winner]} wins"
        return f"{head}: {why}"
    return None  # an event kind this replay does not know: its counts still apply


def _summary(ev: dict[str, Any], detail: str | None, board: _Board) -> str:
    kind = ev["ev"]
    if kind == "game_start":
        return f"Setup: {detail}; opening hands and mulligans"
    if kind == "turn_start":
        return f"Turn {ev['turn']}: {possessive(_player(ev, board))} turn"
    if kind == "attack":
        return f"{_player(ev, board)}: {detail}"
    if kind == "game_end":
        return f"Game over: {detail}"
    return detail or kind


def _engages_to_attack(events: Sequence[Mapping[str, Any]], index: int) -> bool:
    """Whether event ``index`` is an attacker's engage, logged just before its attack."""
    ev = events[index]
    if ev.get("ev") != "engage" or index + 1 >= len(events):
        return False
    nxt = events[index + 1]
    return nxt.get("ev") == "attack" and nxt.get("attacker") == ev.get("uid")


def build_replay(
    events: Sequence[Mapping[str, Any]],
    lookup: Lookup,
    players: tuple[str, str] = ("player 0", "player 1"),
) -> Replay:
    """The steps of a game from its events, with card names from ``lookup``."""
    board = _Board(lookup, players)
    steps: list[Step] = []
    current: dict[str, Any] | None = None
    details: list[str] = []
    first = seed = winner = reason = None
    ended = opened_by_engage = False

    def close() -> None:
        if current is None:
            return
        summary = _summary(current, details[0] if details else None, board)
        steps.append(
            Step(len(steps), int(current["turn"]), int(current.get("active", 0)),
                 current["ev"], summary, tuple(details), board.sides())
        )  # fmt: skip

    for index, raw in enumerate(events):
        ev = dict(raw)
        kind = ev["ev"]
        if kind == "attack" and opened_by_engage:
            current = ev  # the attacker's engage opened this step
        elif kind in STEP_KINDS or current is None or _engages_to_attack(events, index):
            close()
            opening = kind in STEP_KINDS or current is not None
            current = ev if opening else {**ev, "ev": "game_start"}
            details = []
        opened_by_engage = kind == "engage" and _engages_to_attack(events, index)
        detail = _describe(ev, board)
        if isinstance(ev.get("s"), dict):
            board.counts = ev["s"]
        if detail is not None:
            details.append(detail)
        if kind == "game_start":
            first, seed = ev.get("first"), ev.get("seed")
        elif kind == "game_end":
            winner, reason, ended = ev.get("winner"), ev.get("reason"), True
    close()
    return Replay(tuple(steps), players, first, seed, winner, reason, ended)


# --- text for the terminal ------------------------------------------------------------------


def side_lines(side: Side, name: str) -> list[str]:
    """A side in two or more lines: the numbers, then the field card by card."""
    head = (
        f"{name}: leader {side.leader}, PP {side.pp}/{side.max_pp}, EP {side.ep}, "
        f"SEP {side.sep}, hand {side.hand}, deck {side.deck}, EX {side.ex}, "
        f"graveyard {side.grave}"
    )
    if not side.field:
        return [head, "    field: empty"]
    cards = []
    for c in side.field:
        extra = ", ".join(x for x in (c.stats, c.state) if x)
        cards.append(f"    {c.label}" + (f" [{extra}]" if extra else ""))
    return [head, *cards]


def turn_text(replay: Replay, turn: int, *, every_step: bool = False) -> list[str]:
    """The lines of one turn: each step with its events, then both boards at its end."""
    steps = replay.turn_steps(turn)
    out: list[str] = []
    for step in steps:
        out.append(step.summary)
        out.extend(f"  - {d}" for d in step.details[1:] if d)
        if every_step:
            out.extend(_boards(step, replay.players))
    if steps and not every_step:
        out.extend(_boards(steps[-1], replay.players))
    return out


def _boards(step: Step, players: tuple[str, str]) -> list[str]:
    return [f"  {line}" for p in (0, 1) for line in side_lines(step.sides[p], players[p])]


def replay_text(replay: Replay, *, turn: int | None = None, every_step: bool = False) -> str:
    """The whole replay (or one turn) as text, the end last."""
    turns = [turn] if turn is not None else list(range(0, replay.turns + 1))
    lines: list[str] = []
    for t in turns:
        block = turn_text(replay, t, every_step=every_step)
        if block:
            lines.extend([*block, ""])
    lines.append(replay.result())
    return "\n".join(lines)


# --- naming moves ---------------------------------------------------------------------------


def name_move(
    move: str, card_of: Callable[[int], str | None], lookup: Lookup, *, target: bool = False
) -> str:
    """One move with card names: ``play 15`` -> ``play アリア (15)``.

    ``choose N`` is named only when the choice is a target (``target``): other choices'
    numbers are counts, modes or an order of triggers. Unknown numbers stay numbers.
    """

    def label(text: str) -> str:
        cid = card_of(int(text)) if text.isdigit() else None
        if cid is None:
            return text
        rec = lookup(cid)
        return f"{rec.name if rec else cid} ({text})"

    words = move.split()
    if len(words) >= 2 and (words[0] in ("play", "evolve", "act", "discard") or target):
        words[1] = label(words[1])
    elif len(words) == 2 and words[0] == "attack" and ">" in words[1]:
        who, whom = words[1].split(">", 1)
        words[1] = f"{label(who)} > {label(whom)}"
    return " ".join(words)


def named_moves(
    deck_a: DeckSpec,
    deck_b: DeckSpec,
    seed: int,
    moves: Sequence[str],
    lookup: Lookup,
    *,
    first: int | None = None,
    turn_limit: int = DEFAULT_TURN_LIMIT,
) -> list[str]:
    """A game's moves with card names, the moves played again on the seed's new game so that
    each instance number is the card (its current face) it was when the move was made."""
    game = new_game(deck_a, deck_b, seed, first=first, turn_limit=turn_limit)

    def card_of(uid: int) -> str | None:
        return game.cards[uid].face.card_id if uid < len(game.cards) else None

    out = []
    for move in moves:
        decision = game.decision
        target = decision is not None and decision.kind is Kind.TARGET
        out.append(name_move(move, card_of, lookup, target=target))
        game.apply(parse_action(move))
    return out


# --- games of stored runs -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A stored game played again from its run's decks, agents, seed and seat."""

    info: RunInfo
    row: GameRow
    result: GameResult

    @property
    def same(self) -> bool:
        """Whether the replay ended as the stored row says (winner, reason, turns)."""
        o = self.result.outcome
        return (o.winner, o.reason.value, self.result.turns) == (
            self.row.winner,
            self.row.reason,
            self.row.turns,
        )

    @property
    def players(self) -> tuple[str, str]:
        """The two decks' names, as the replay calls the players."""
        return (self.info.deck_a, self.info.deck_b)


def stored_game(store: Store, pool: PoolIndex, run_id: str, seed: int, seat: int) -> StoredGame:
    """Play game (``seed``, ``seat``) of a stored run again, with its event log.

    An unknown run, a game the run does not have, or a game that ended in an engine error
    raises ``InputError``.
    """
    info = run_info(store, run_id)
    rows = {(r.seed, r.seat): r for r in game_rows(store, run_id)}
    row = rows.get((seed, seat))
    if row is None:
        seeds = sorted({s for s, _ in rows})
        have = ", ".join(str(s) for s in seeds[:3]) + (", ..." if len(seeds) > 3 else "")
        raise InputError(
            f"run {run_id} has no game with seed {seed} and seat {seat}"
            + (f" (its seeds: {have}; seats 0 and 1)" if seeds else " (it has no games yet)")
        )
    if row.error is not None:
        raise InputError(
            f"game seed {seed} seat {seat} of run {run_id} ended in an engine error; "
            "there is no game to replay"
        )
    result = play_game(
        deck_spec(info.deck_a_list, pool, where=info.deck_a),
        deck_spec(info.deck_b_list, pool, where=info.deck_b),
        seed,
        info.agents,
        first=seat,
        turn_limit=info.turn_limit,
        log=True,
        mulligans=(run_mulligan(store, pool, run_id), None),
    )
    return StoredGame(info, row, result)


def run_mulligan(store: Store, pool: PoolIndex, run_id: str) -> MulliganPolicy | None:
    """The opening policy deck A played under in a run (a ``mulligan-test`` study's policy;
    ``None``, the AI player's own rule, for every other run)."""
    from analytics.mulligan import study_policy
    from analytics.study import study_of_run

    found = study_of_run(store, run_id)
    if found is None or found[0] != "mulligan-test":
        return None
    _kind, key, params = found
    return study_policy(params, key, pool)


def stored_replay(game: StoredGame, pool: PoolIndex) -> Replay:
    """The replay of a stored game, its players named by their decks."""
    events = parse_log(game.result.log, f"run {game.info.run_id}")
    return build_replay(events, pool.record, game.players)
