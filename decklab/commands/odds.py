"""``decklab odds FILE`` and ``decklab curve FILE``: exact draw, mulligan and curve odds.

Exit codes: 0 success, 2 unreadable or unusable input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from typing import Any

from analytics.curve import (
    MAX_PP,
    cost_histogram,
    curve_table,
    riftbound_curve,
    unknown_cards,
)
from analytics.deck_odds import scope_text
from analytics.odds import (
    GOINGS,
    NEVER,
    Game,
    Goal,
    Going,
    KeepIf,
    Policy,
    draw_odds,
    parse_policy,
    policy_name,
)
from cardpool.decklist import parse_deck
from cardpool.errors import InputError
from cardpool.pool import PoolIndex
from cardpool.readers import MAX_DECK_BYTES, read_text
from cardpool.riftbound import decklist as rift_decklist
from cardpool.riftbound.legality import draw_pile
from decklab.args import MAX_SEED, filename, text, whole
from decklab.context import open_pool
from engine.cards import CardRecord

MAX_TURN = 10


def register(subparsers: Any) -> None:
    """Add ``odds`` and ``curve``."""
    odds = subparsers.add_parser(
        "odds",
        help="exact chance of drawing cards by a turn, with the SVE mulligan",
        description="Exact probability of holding at least K cards of a group by the main "
        "phase of your own turn T (0 = the opening hand), going first or second, under a "
        "mulligan policy. Repeat --card for several groups that must all be found.",
    )
    odds.add_argument(
        "file", type=filename(), help="deck list: text, SVEN deck JSON or {code: count} JSON"
    )
    odds.add_argument(
        "--card",
        action="append",
        metavar="CODE[,CODE...]",
        type=text(2000),
        help="a group of cards (any of them counts); repeat for a combo "
        "(default: every distinct card of the main deck, one at a time)",
    )
    odds.add_argument(
        "--at-least", type=whole(0, 99), default=1, metavar="K", help="copies (default 1)"
    )
    odds.add_argument(
        "--turn",
        type=whole(0, MAX_TURN),
        metavar="T",
        help=f"one own turn, 0-{MAX_TURN} (default: all)",
    )
    _add_common(odds)
    odds.add_argument(
        "--check", action="store_true", help="add a Monte Carlo estimate of every row"
    )
    odds.add_argument(
        "--trials",
        type=whole(1, 10_000_000),
        default=20_000,
        help="Monte Carlo deals per row (default 20000)",
    )
    odds.add_argument(
        "--seed", type=whole(0, MAX_SEED), default=0, help="Monte Carlo seed (default 0)"
    )
    odds.set_defaults(run=run_odds)

    curve = subparsers.add_parser(
        "curve",
        help="cost histogram and the chance of playing on curve",
        description="The main deck's cost histogram by type, and for each own turn t: the "
        "chance of holding a card of cost exactly t, of having done so on every turn 1..t "
        "(curving out), and the expected number of drawn cards costing at most t PP.",
    )
    curve.add_argument(
        "file", type=filename(), help="deck list: text, SVEN deck JSON or {code: count} JSON"
    )
    curve.add_argument(
        "--type",
        dest="types",
        metavar="TYPE[,TYPE...]",
        type=text(),
        help="count only these types on curve, e.g. follower (default: every card)",
    )
    curve.add_argument(
        "--turns",
        type=whole(1, MAX_PP),
        default=MAX_PP,
        metavar="T",
        help="own turns 1..T (default 10)",
    )
    _add_common(curve)
    curve.set_defaults(run=run_curve)


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--going", choices=["first", "second", "both"], default="both", help="seat (default both)"
    )
    parser.add_argument(
        "--mulligan",
        default="never",
        metavar="POLICY",
        type=text(2000),
        help="never (default), optimal, or keep-if:CODE,... (keep hands holding one of them)",
    )
    parser.add_argument(
        "--game",
        choices=["sve", "riftbound"],
        help="the deck's game (default: recognised from the file, else sve)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")


# --- shared input handling -----------------------------------------------------------------


def _goings(text: str) -> tuple[Going, ...]:
    if text == "first":
        return ("first",)
    if text == "second":
        return ("second",)
    return GOINGS


def _load(args: argparse.Namespace) -> tuple[dict[str, int], PoolIndex | None, Game]:
    """The draw pile as card identity -> copies, the pool that resolved it, and the game.

    SVE: the main deck. Riftbound: the main deck without the chosen champion, which starts
    outside the deck (39 cards for a legal deck).
    """
    text = read_text(args.file, max_bytes=MAX_DECK_BYTES)
    riftbound = getattr(args, "game", None) == "riftbound" or (
        getattr(args, "game", None) is None and rift_decklist.looks_like(text)
    )
    if riftbound:
        decks = rift_decklist.parse_decks(text, path=args.file)
        rift_pool = open_pool(args, "riftbound")
        pile, _champion = draw_pile(decks[0], rift_pool)
        if not pile:
            raise InputError("the deck has no main deck cards", path=args.file)
        return pile, rift_pool, "riftbound"
    deck = parse_deck(text, path=args.file)
    game: Game = "riftbound" if deck.game == "riftbound" else "sve"
    if not deck.main:
        raise InputError("the deck has no main deck cards", path=args.file)
    pool: PoolIndex | None = open_pool(args, game)
    if pool is not None and not len(pool):
        pool = None
    main: dict[str, int] = defaultdict(int)
    unknown = []
    for code, n in deck.main.items():
        cid = pool.card_id(code) if pool is not None else None
        if cid is None:
            unknown.append(code)
            cid = code
        main[cid] += n
    if unknown and pool is not None:
        print(
            f"decklab: note: not in the card pool, counted as written: {', '.join(unknown)}",
            file=sys.stderr,
        )
    return dict(main), pool, game


def _resolve(code: str, main: dict[str, int], pool: PoolIndex | None, path: str) -> str:
    cid = (pool.card_id(code) if pool is not None else None) or code
    if cid not in main:
        hint = ""
        if pool is not None and pool.card_id(code) is None:
            near = pool.suggest(code)
            hint = (
                f" (unknown code; did you mean {', '.join(near)}?)" if near else " (unknown code)"
            )
        raise InputError(f"card {code} is not in the main deck{hint}", path=path)
    return cid


def _policy(args: argparse.Namespace, main: dict[str, int], pool: PoolIndex | None) -> Policy:
    try:
        policy = parse_policy(args.mulligan)
    except ValueError as err:
        raise InputError(f"--mulligan: {err}") from None
    if isinstance(policy, KeepIf):
        policy = KeepIf(tuple(_resolve(c, main, pool, args.file) for c in policy.cards))
    return policy


def _name(cid: str, pool: PoolIndex | None) -> str:
    rec = pool.record(cid) if pool is not None else None
    return f"{cid} {rec.name}" if rec is not None else cid


# --- odds ----------------------------------------------------------------------------------


def run_odds(args: argparse.Namespace) -> int:
    """``decklab odds``: print the table of exact probabilities."""
    main, pool, game = _load(args)
    policy = _policy(args, main, pool)
    if args.card:
        groups = []
        for spec in args.card:
            codes = [c.strip() for c in spec.split(",") if c.strip()]
            if not codes:
                raise InputError(f"--card {spec!r} names no card")
            groups.append(tuple(dict.fromkeys(_resolve(c, main, pool, args.file) for c in codes)))
        goals = [Goal(tuple(groups), args.at_least)]
    else:
        goals = [Goal.of(cid, at_least=args.at_least) for cid in main]
    turns = [args.turn] if args.turn is not None else list(range(MAX_TURN + 1))
    rows: list[dict[str, Any]] = []
    rules: dict[str, list[tuple[str, int]]] = defaultdict(list)
    never_p: list[float] = []
    for goal in goals:
        for going in _goings(args.going):
            for turn in turns:
                try:
                    odds = draw_odds(main, goal, turn, going, policy, game)
                except ValueError as err:
                    raise InputError(str(err), path=args.file) from None
                mc = None
                if args.check:
                    from analytics.montecarlo import simulate  # numpy: only with --check

                    est = simulate(odds.problem, odds.solution.decisions(), args.trials, args.seed)
                    mc = est.p
                row: dict[str, Any] = {
                    "cards": list(goal.cards),
                    "at_least": goal.at_least,
                    "turn": turn,
                    "going": going,
                    "mulligan": policy_name(policy),
                    "p": odds.p,
                    "mc": mc,
                }
                if len(goal.groups) > 1:
                    row["groups"] = [list(g) for g in goal.groups]
                rows.append(row)
                never_p.append(odds.p_never)
                if odds.rule is not None:
                    rules[odds.rule].append(_scope(goal, going, turn, len(goals) > 1))
    policy_text = _policy_text(rules, len(rows))
    if args.json:
        doc = {"deck_size": sum(main.values()), "rows": rows, "policy": policy_text}
        print(json.dumps(doc, ensure_ascii=False, indent=2))
        return 0
    _print_odds(rows, never_p, policy, policy_text, pool, sum(main.values()), args)
    return 0


def _scope(goal: Goal, going: Going, turn: int, per_card: bool) -> tuple[str, int]:
    head = f"{', '.join(goal.cards)} going {going}" if per_card else f"going {going}"
    return (head, turn)


def _policy_text(rules: dict[str, list[tuple[str, int]]], n_rows: int) -> str | None:
    """One rule, or each distinct rule with the rows it applies to."""
    if not rules:
        return None
    if len(rules) == 1:
        return next(iter(rules))
    return "; ".join(f"{rule} [{scope_text(scopes)}]" for rule, scopes in rules.items())


def _print_odds(
    rows: list[dict[str, Any]],
    never_p: list[float],
    policy: Policy,
    policy_text: str | None,
    pool: PoolIndex | None,
    deck_size: int,
    args: argparse.Namespace,
) -> None:
    show_gain = policy != NEVER
    header = ["cards", "at least", "going", "turn", "p"]
    if show_gain:
        header += ["never", "gain"]
    if args.check:
        header += ["monte carlo"]
    table = [header]
    for row, p0 in zip(rows, never_p, strict=True):
        if "groups" in row:
            cards = " + ".join("/".join(g) for g in row["groups"])
        else:
            cards = "/".join(row["cards"])
        line = [cards, str(row["at_least"]), row["going"], str(row["turn"]), _pct(row["p"])]
        if show_gain:
            line += [_pct(p0), f"{100 * (row['p'] - p0):+.2f}"]
        if args.check:
            se = (row["mc"] * (1 - row["mc"]) / args.trials) ** 0.5
            line += [f"{_pct(row['mc'])} ± {100 * se:.2f}"]
        table.append(line)
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    print(f"{deck_size}-card main deck; mulligan: {policy_name(policy)}")
    if args.card and pool is not None:
        for cid in dict.fromkeys(c for r in rows for c in r["cards"]):
            print(f"  {_name(cid, pool)}")
    for i, r in enumerate(table):
        print(
            "  ".join(
                c.rjust(w) if j >= 1 else c.ljust(w)
                for j, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
        if i == 0:
            print("  ".join("-" * w for w in widths))
    if policy_text:
        print(f"policy: {_named_cards(policy_text, pool)}")


def _named_cards(text: str, pool: PoolIndex | None) -> str:
    """``text`` with each card code it names written ``name (code)``, as the pages write it."""
    if pool is None:
        return text

    def label(match: re.Match[str]) -> str:
        rec = pool.record(match.group(0))
        return match.group(0) if rec is None else f"{rec.name} ({match.group(0)})"

    return _CODE.sub(label, text)


_CODE = re.compile(r"\b[A-Z]+[0-9]*[a-z]?-[A-Z]*[0-9]+[A-Za-z]?\b")


def _pct(p: float) -> str:
    return f"{100 * p:6.2f}%"


# --- curve ---------------------------------------------------------------------------------


def run_curve(args: argparse.Namespace) -> int:
    """``decklab curve``: the histogram and the curve probabilities."""
    main, pool, game = _load(args)
    if game == "riftbound":
        return _riftbound_curve(args, main, pool)
    policy = _policy(args, main, pool)
    types = None
    if args.types:
        types = sorted({t.strip().lower() for t in args.types.split(",") if t.strip()})
        bad = [t for t in types if t not in {"follower", "spell", "amulet"}]
        if bad:
            raise InputError(f"--type {', '.join(bad)}: use follower, spell or amulet")
    records: dict[str, CardRecord] = {}
    if pool is not None:
        for cid in main:
            rec = pool.record(cid)
            if rec is not None:
                records[cid] = rec
    unknown = unknown_cards(main, records)
    if unknown:
        print(
            f"decklab: note: cost unknown, left off the curve: {', '.join(unknown)}",
            file=sys.stderr,
        )
    try:
        table = curve_table(main, records, _goings(args.going), args.turns, policy, types)
    except ValueError as err:
        raise InputError(str(err), path=args.file) from None
    hist = cost_histogram(main, records)
    costs = sorted({c for row in hist.values() for c in row})
    histogram = _histogram(main, records)
    rows = [
        {
            "turn": r.turn,
            "going": r.going,
            "mulligan": policy_name(policy),
            "on_curve": r.on_curve,
            "curve_out": r.curve_out,
            "expected_castable": r.expected_castable,
            "on_curve_rule": r.on_curve_rule,
            "curve_out_rule": r.curve_out_rule,
        }
        for r in table
    ]
    if args.json:
        doc = {
            "deck_size": sum(main.values()),
            "types": types,
            "histogram": histogram,
            "unknown": unknown,
            "rows": rows,
        }
        print(json.dumps(doc, ensure_ascii=False, indent=2))
        return 0
    _print_curve(main, hist, costs, rows, policy, types)
    return 0


def _histogram(main: dict[str, int], records: dict[str, CardRecord]) -> list[dict[str, Any]]:
    hist = cost_histogram(main, records)
    costs = sorted({c for row in hist.values() for c in row})
    return [
        {
            "cost": c,
            "total": sum(row.get(c, 0) for row in hist.values()),
            "by_type": {t: row[c] for t, row in hist.items() if c in row},
        }
        for c in costs
    ]


def _riftbound_curve(args: argparse.Namespace, main: dict[str, int], pool: PoolIndex | None) -> int:
    """Energy curve of a Riftbound draw pile: histogram by energy cost, castable cards by turn."""
    if args.mulligan != "never":
        raise InputError("the Riftbound curve is computed without a mulligan (--mulligan never)")
    records = {cid: rec for cid in main if pool and (rec := pool.record(cid)) is not None}
    rows = riftbound_curve(main, records, _goings(args.going), args.turns)
    histogram = _histogram(main, records)
    doc = {
        "deck_size": sum(main.values()),
        "types": None,
        "histogram": histogram,
        "unknown": unknown_cards(main, records),
        "rows": [
            {"turn": r.turn, "going": r.going, "mulligan": "never", "energy": r.energy,
             "on_curve": None, "curve_out": None, "expected_castable": r.expected_castable,
             "on_curve_rule": None, "curve_out_rule": None}
            for r in rows
        ],
    }  # fmt: skip
    if args.json:
        print(json.dumps(doc, ensure_ascii=False, indent=2))
        return 0
    print(f"energy costs of the {doc['deck_size']} cards drawn from (champion set aside):")
    for h in histogram:
        types = ", ".join(f"{n} {t}" for t, n in sorted(h["by_type"].items()))
        print(f"  {h['cost']:>2}: {h['total']:>2}  ({types})")
    print("turn  going   energy  expected castable (energy only; power costs not modelled)")
    for r in rows:
        print(f"{r.turn:>4}  {r.going:<6}  {r.energy:>6}  {r.expected_castable:>8.2f}")
    return 0


def _print_curve(
    main: dict[str, int],
    hist: dict[str, dict[int, int]],
    costs: list[int],
    rows: list[dict[str, Any]],
    policy: Policy,
    types: list[str] | None,
) -> None:
    kinds = list(hist)
    print(f"{sum(main.values())}-card main deck")
    print("cost  " + "  ".join(f"{k:>8}" for k in kinds) + "     total")
    for c in costs:
        cells = "  ".join(f"{hist[k].get(c, 0):>8}" for k in kinds)
        total = sum(hist[k].get(c, 0) for k in kinds)
        print(f"{c:>4}  {cells}  {total:>8}  {'#' * total}")
    what = "/".join(types) if types else "card"
    print()
    print(
        f"mulligan: {policy_name(policy)}; on curve = a {what} of cost exactly t in hand on turn t"
    )
    print("going   turn   on curve   curve out   castable")
    for r in rows:
        print(
            f"{r['going']:<6}  {r['turn']:>4}  {_pct(r['on_curve'])}    "
            f"{_pct(r['curve_out']) if r['curve_out'] is not None else '    n/a'}"
            f"   {r['expected_castable']:8.2f}"
        )
    shown = {(r["on_curve_rule"], r["curve_out_rule"]) for r in rows}
    if any(a or b for a, b in shown):
        print()
        for r in rows:
            if r["on_curve_rule"] or r["curve_out_rule"]:
                print(
                    f"going {r['going']} turn {r['turn']}: on curve: {r['on_curve_rule']}; "
                    f"curve out: {r['curve_out_rule']}"
                )
