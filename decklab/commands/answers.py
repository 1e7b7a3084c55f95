"""``decklab impact``, ``mulligan-test``, ``gauntlet`` and ``studies``: causal answers from games.

Each is a study (``analytics.study``): several matchups on common seeds, stored block by
block, resumable with ``--resume STUDY``, and with ``--until-decided`` stopped once a
group-sequential test (``analytics.sequential``) settles the answer. Several tests at once
share the error rate by Holm's procedure, and every answer names the cards of its decks
that the engine does not fully model.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from analytics.levels import DEFAULT_AGENT
from cardpool.errors import InputError
from decklab.args import (
    MAX_SEED,
    MAX_TURN_LIMIT,
    MAX_WORKERS,
    agents,
    dask_address,
    day,
    decimal,
    filename,
    whole,
)
from decklab.args import text as text_option

if TYPE_CHECKING:
    from analytics.study import Matchup, Played, StudyInfo
    from cardpool.deck import Deck
    from cardpool.pool import PoolIndex
    from cardpool.store import Store

MAX_GAMES = 1_000_000
DEFAULT_SWING = 3.0
"""Percentage points: with --until-decided, a card whose interval lies within plus or minus
this much stops as one that cannot matter."""


def register(subparsers: Any) -> None:
    """Add ``impact``, ``mulligan-test``, ``gauntlet`` and ``studies``."""
    impact = subparsers.add_parser(
        "impact", help="what each card adds: the deck with and without it, paired, vs a field"
    )
    impact.add_argument("deck", metavar="DECK", nargs="?", type=filename(), help="deck list")
    impact.add_argument(
        "--field", nargs="+", metavar="F", type=filename(), help="opponent deck lists"
    )
    which = impact.add_mutually_exclusive_group()
    which.add_argument(
        "--card", action="append", metavar="CODE", type=text_option(), help="a card to take out"
    )
    which.add_argument("--all", action="store_true", help="rank every card of the main deck")
    impact.add_argument(
        "--swap", metavar="CODE2", type=text_option(),
        help="put CODE2 in its place; 'filler' for the weakest legal filler (the default for "
        "a 40-card deck), 'none' to only remove it",
    )  # fmt: skip
    impact.add_argument(
        "--allow-illegal-swap", action="store_true",
        help="run a --swap card the deck may not hold (another class, a fourth copy), warned",
    )  # fmt: skip
    impact.add_argument(
        "--swing", type=decimal(0, 100), default=DEFAULT_SWING, metavar="PCT",
        help="with --until-decided: stop a card once its interval lies within plus or minus "
        f"PCT points of win rate (default {DEFAULT_SWING:g}; 0: never)",
    )  # fmt: skip
    _common(impact, games=200)
    impact.set_defaults(run=_impact)

    mull = subparsers.add_parser(
        "mulligan-test", help="win rate per mulligan policy and seat, on the same seeds"
    )
    mull.add_argument("deck", metavar="DECK", nargs="?", type=filename(), help="deck list")
    mull.add_argument(
        "--field", nargs="+", metavar="F", type=filename(), help="opponent deck lists"
    )
    mull.add_argument(
        "--policy", action="append", metavar="P", type=text_option(),
        help="agent (the AI player's own rule), always, never, keep-if:A,B or optimal:CODE "
        "(repeat; the first is the reference)",
    )  # fmt: skip
    mull.add_argument(
        "--goal-turn", type=whole(0, 100), default=2, metavar="T",
        help="optimal:CODE aims at holding CODE by own turn T (default 2)",
    )  # fmt: skip
    _common(mull, games=200)
    mull.set_defaults(run=_mulligan)

    gaunt = subparsers.add_parser(
        "gauntlet", help="expected win rate against the archetypes of imported tournament lists"
    )
    gaunt.add_argument("deck", metavar="DECK", nargs="?", type=filename(), help="deck list")
    src = gaunt.add_mutually_exclusive_group()
    src.add_argument(
        "--meta", metavar="FILE", type=filename(), help="tournament lists (JSON lines) to use"
    )
    src.add_argument(
        "--since", metavar="DATE", type=day(), help="imported lists of events since YYYY-MM-DD"
    )
    gaunt.add_argument(
        "--top", type=whole(1, 100), default=8, metavar="K", help="archetypes (default 8)"
    )
    _common(gaunt, games=200)
    gaunt.set_defaults(run=_gauntlet)

    studies = subparsers.add_parser("studies", help="stored impact, mulligan and gauntlet studies")
    studies.add_argument("--json", action="store_true")
    studies.set_defaults(run=_studies)


def _common(parser: argparse.ArgumentParser, *, games: int) -> None:
    parser.add_argument(
        "--games", type=whole(2, MAX_GAMES), default=games, help=f"games per matchup ({games})"
    )
    parser.add_argument(
        "--agents", default=DEFAULT_AGENT, metavar="NAME", type=text_option(),
        help=f"AI player for both sides, or OURS,THEIRS (default {DEFAULT_AGENT})",
    )  # fmt: skip
    parser.add_argument("--seed", type=whole(0, MAX_SEED), default=0, help="run seed (default 0)")
    parser.add_argument(
        "--until-decided", action="store_true",
        help="stop once a sequential test settles the answer (the budget is --games)",
    )  # fmt: skip
    parser.add_argument(
        "--resume", metavar="STUDY", type=text_option(), help="finish an interrupted study"
    )
    parser.add_argument(
        "--workers", type=whole(1, MAX_WORKERS), help="local worker processes (default: all cores)"
    )
    parser.add_argument(
        "--dask", metavar="ADDRESS", type=dask_address(),
        help="run on Dask: 'local' or a scheduler tcp://HOST:8786",
    )  # fmt: skip
    parser.add_argument("--turn-limit", type=whole(1, MAX_TURN_LIMIT), default=60)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")


def _check(args: argparse.Namespace) -> None:
    """What the option types cannot see alone: the players, and Dask where it is asked for."""
    from analytics.executors import check_backend

    agents(args.agents)
    check_backend(args.dask)


def _read(path: str) -> Deck:
    from cardpool.decklist import read_deck_file

    deck = read_deck_file(path)
    deck.name = deck.name or path
    return deck


def _config(ours: Deck, theirs: Deck, pool: PoolIndex, info: StudyInfo, mull: Any = None) -> Any:
    from analytics.decks import deck_spec
    from analytics.simulate import MatchConfig

    return MatchConfig(
        deck_spec(ours, pool, where=ours.name), deck_spec(theirs, pool, where=theirs.name),
        info.agents, info.turn_limit, mulligans=(mull, None),
    )  # fmt: skip


def _open(
    args: argparse.Namespace, kind: str, deck: str, params: dict[str, Any]
) -> tuple[Store, StudyInfo]:
    """The store and the study: the one to resume, or a new one from the arguments."""
    from analytics.study import load_study, start_study
    from decklab.context import open_store

    store = open_store(args)
    try:
        if args.resume:
            return store, load_study(store, args.resume, kind)
        info = start_study(
            store, kind, deck, params, games=args.games, seed=args.seed,
            agents=agents(args.agents), turn_limit=args.turn_limit,
            until_decided=args.until_decided, backend=args.dask or "processes",
        )  # fmt: skip
    except BaseException:
        store.close()
        raise
    return store, info


def _play(
    store: Store, args: argparse.Namespace, info: StudyInfo, matchups: list[Matchup], active: Any
) -> Played:
    from analytics.executors import executor_for
    from analytics.study import play_study
    from decklab.progress import ProgressBar

    bar = None if args.quiet or args.json else ProgressBar(f"{info.kind} ")
    try:
        with executor_for(args.dask, args.workers) as (executor, backend):
            return play_study(
                store, info, matchups, active=active if info.until_decided else None,
                executor=executor, workers=args.workers, backend=backend, on_progress=bar,
            )  # fmt: skip
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: every finished block is stored; resume with: "
            f"decklab {info.kind} {'A B --field F ' if info.kind == 'compare' else ''}"
            f"--resume {info.study_id}",
            file=sys.stderr,
        )
        raise


def _finish(
    store: Store, info: StudyInfo, played: Played, result: dict[str, Any], tests: int = 1
) -> dict[str, Any]:
    """The study's answer with what it played and saved, stored as its result."""
    from analytics.study import answer_notes, finish_study

    result.update(answer_notes(info, played, tests))
    finish_study(store, info.study_id, result, played.games_played)
    return result


def unmodelled_in(decks: list[Deck], pool: PoolIndex) -> list[dict[str, str]]:
    """The cards of these decks the engine does not fully model, each once."""
    from analytics.decks import unmodelled_in as found

    return found(decks, pool)


def _unmodelled_line(result: dict[str, Any]) -> str | None:
    cards = result.get("not_fully_modelled") or []
    if not cards:
        return None
    named = ", ".join(f"{c['card']} {c['name']} ({c['status']})" for c in cards[:12])
    more = f" and {len(cards) - 12} more" if len(cards) > 12 else ""
    return f"not fully modelled by the engine (answers are about the game it plays): {named}{more}"


def _footer(result: dict[str, Any]) -> None:
    """The lines every answer ends with: the test, unmodelled cards, what was played."""
    print(f"{result['test']}; {result['family']}")
    line = _unmodelled_line(result)
    if line:
        print(line)
    print(_saved_line(result))


def _saved_line(result: dict[str, Any]) -> str:
    line = f"{result['games_played']:,} games played"
    if result["until_decided"]:
        line += (
            f" of a budget of {result['games_budget']:,}: the sequential test saved "
            f"{result['games_saved']:,} games"
        )
    return line + f" (study {result['study_id']})"


def _pct(x: float | None, sign: bool = False) -> str:
    if x is None:
        return "-"
    return f"{x:+.1%}" if sign else f"{x:.1%}"


def _ci(ci: list[float | None] | None, sign: bool = False) -> str:
    if not ci or ci[0] is None:
        return "-"
    return f"{_pct(ci[0], sign)} to {_pct(ci[1], sign)}"


# --- impact ----------------------------------------------------------------------------------


def _impact(args: argparse.Namespace) -> int:
    from analytics import impact
    from analytics.study import Matchup, deck_from_json, deck_json

    if not args.resume:
        if not args.deck or not args.field:
            raise InputError("give a deck list and --field F..., or --resume STUDY")
        if not args.card and not args.all:
            raise InputError("say which card: --card CODE (repeatable) or --all")
        _check(args)
        deck = _read(args.deck)
        field = [_read(p) for p in args.field]
        params = {
            "deck": deck_json(deck), "field": [deck_json(f) for f in field],
            "cards": args.card, "all": args.all, "swap": args.swap,
            "allow_illegal_swap": args.allow_illegal_swap, "swing": args.swing / 100,
        }  # fmt: skip
    else:
        params = {}
    from decklab.context import open_pool

    pool = open_pool(args)
    if not args.resume:  # every input checked before anything is stored
        _impact_matchups(params, pool, None)
    store, info = _open(args, "impact", params.get("deck", {}).get("name", ""), params)
    with store:
        params = info.params
        deck = deck_from_json(params["deck"])
        field = [deck_from_json(f) for f in params["field"]]
        variants, pairs = _impact_matchups(params, pool, info)
        matchups = [Matchup(k, d, o, cfg) for k, d, o, cfg in pairs]
        n = len(field)
        swing = params.get("swing") or None
        seeds = _seeds(info)
        played = _play(
            store, args, info, matchups,
            lambda s, point: impact.still_open(s, variants, n, info.units, point, seeds, swing),
        )  # fmt: skip
        rows = impact.impact_rows(
            played.scores, variants, n, sequential=info.until_decided, budget_units=info.units,
            looks=played.looks, seeds=played.seeds, swing=swing,
        )  # fmt: skip
        for r in rows:
            r["name"] = _name(pool, r["card"])
            r["swap_name"] = _name(pool, r["swap"]) if r["swap"] else None
        illegal = sorted({
            v.swap for v in variants
            if v.swap and impact.swap_violations(deck, v.deck, pool, v.swap) is not None
        })  # fmt: skip
        result = _finish(store, info, played, {
            "deck": deck.name, "field": [f.name for f in field], "rows": rows,
            "swing": swing, "illegal_swaps": illegal,
            "not_fully_modelled": unmodelled_in([deck, *field], pool),
        }, tests=len(variants))  # fmt: skip
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    if illegal:
        print(
            f"warning: the swapped deck may not hold {', '.join(illegal)} (--allow-illegal-swap): "
            "the answer is about a deck no tournament allows",
            file=sys.stderr,
        )
    print(f"what each card adds to {deck.name} against {', '.join(f.name for f in field)}")
    print(f"(score with the card minus without it, {info.agents[0]} players, paired seeds)")
    ci_word = "family 95%" if info.until_decided and len(rows) > 1 else "95% CI"
    for r in rows:
        swap = f"for {r['swap']}" if r["swap"] else "removed"
        mark = ""
        if r["decided"]:
            mark = "  decided: helps" if (r["delta"] or 0) > 0 else "  decided: hurts"
        elif r.get("negligible"):
            mark = f"  stopped: within ±{_pct(swing)}"
        print(
            f"  {r['card']:<12} {_cut(r['name'], 14):<14} {swap:<16} {_pct(r['delta'], True):>7}"
            f"  {ci_word} {_ci(r['ci95'], True):<17} {r['games']} games{mark}"
        )
    _footer(result)
    return 0


def _name(pool: PoolIndex, card: str | None) -> str:
    """A card's name, or its code when the pool does not know it."""
    row = pool.rows.get(card or "")
    return row.name if row else (card or "")


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _seeds(info: StudyInfo) -> tuple[int, ...]:
    from analytics.study import seed_order

    return seed_order(info)


def _impact_matchups(
    params: dict[str, Any], pool: PoolIndex, info: StudyInfo | None
) -> tuple[list[Any], list[tuple[str, Deck, Deck, Any]]]:
    """The variants and every (key, deck, opponent, config) of an impact study."""
    from analytics import impact
    from analytics.study import StudyInfo, deck_from_json

    deck = deck_from_json(params["deck"])
    field = [deck_from_json(f) for f in params["field"]]
    allow = bool(params.get("allow_illegal_swap", False))
    if params["all"]:
        variants = impact.all_variants(deck, pool, params["swap"], allow_illegal=allow)
    else:
        chosen = [
            impact.variant(deck, pool, c, params["swap"], allow_illegal=allow)
            for c in params["cards"]
        ]
        variants = list({v.key: v for v in chosen}.values())  # a card named twice plays once
    probe = info or StudyInfo("", "impact", "", params, 2, 0, ("greedy", "greedy"), 60, False, "")
    out = []
    for key, version in [(impact.BASE, deck), *((v.key, v.deck) for v in variants)]:
        for j, opp in enumerate(field):
            out.append((impact.field_key(key, j), version, opp, _config(version, opp, pool, probe)))
    return variants, out


# --- mulligan-test ---------------------------------------------------------------------------


def _mulligan(args: argparse.Namespace) -> int:
    from analytics.study import Matchup, deck_from_json, deck_json

    if not args.resume:
        if not args.deck or not args.field:
            raise InputError("give a deck list and --field F..., or --resume STUDY")
        if not args.policy or len(args.policy) < 2:
            raise InputError("give at least two --policy values (the first is the reference)")
        if len(set(args.policy)) != len(args.policy):
            raise InputError("--policy: each policy once")
        _check(args)
        deck = _read(args.deck)
        field = [_read(p) for p in args.field]
        params = {
            "deck": deck_json(deck), "field": [deck_json(f) for f in field],
            "policies": args.policy, "goal_turn": args.goal_turn,
        }  # fmt: skip
    else:
        params = {}
    from decklab.context import open_pool

    pool = open_pool(args)
    if not args.resume:
        _mulligan_matchups(params, pool, None)
    store, info = _open(args, "mulligan-test", params.get("deck", {}).get("name", ""), params)
    with store:
        params = info.params
        deck = deck_from_json(params["deck"])
        field = [deck_from_json(f) for f in params["field"]]
        policies = list(params["policies"])
        matchups = [Matchup(*m) for m in _mulligan_matchups(params, pool, info)]
        seeds = _seeds(info)
        played = _play(
            store, args, info, matchups,
            lambda s, point: _mulligan_open(s, len(policies), len(field), info, point, seeds),
        )  # fmt: skip
        rows = _mulligan_rows(played, policies, len(field), info)
        result = _finish(store, info, played, {
            "deck": deck.name, "field": [f.name for f in field], "rows": rows,
            "not_fully_modelled": unmodelled_in([deck, *field], pool),
        }, tests=len(policies) - 1)  # fmt: skip
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    print(f"{deck.name} by mulligan policy against {', '.join(f.name for f in field)}")
    print(f"(score per seat; difference against {policies[0]} on the same seeds)")
    for r in rows:
        delta = (
            "reference"
            if r["ci95"] is None
            else (f"{_pct(r['delta'], True):>7}  95% CI {_ci(r['ci95'], True)}")
        )
        mark = "  decided" if r.get("decided") else ""
        print(
            f"  {r['policy']:<28} going {r['going']:<7} {_pct(r['win_rate']):>6}  "
            f"{delta}  ({r['games']} games){mark}"
        )
    _footer(result)
    return 0


def _mulligan_matchups(
    params: dict[str, Any], pool: PoolIndex, info: StudyInfo | None
) -> list[tuple[str, Deck, Deck, Any]]:
    from analytics.mulligan import policy_key, study_policy
    from analytics.study import StudyInfo, deck_from_json

    deck = deck_from_json(params["deck"])
    field = [deck_from_json(f) for f in params["field"]]
    probe = info or StudyInfo(
        "", "mulligan-test", "", params, 2, 0, ("greedy", "greedy"), 60, False, ""
    )
    out = []
    for i in range(len(params["policies"])):
        policy = study_policy(params, policy_key(i, 0), pool)
        for j, opp in enumerate(field):
            out.append((policy_key(i, j), deck, opp, _config(deck, opp, pool, probe, policy)))
    return out


def _policy_scores(scores: Any, i: int, n_field: int, seat: int | None = None) -> Any:
    return {
        str(j): {
            g: s for g, s in scores.get(f"p{i}|{j}", {}).items() if seat is None or g[1] == seat
        }
        for j in range(n_field)
    }


def _mulligan_verdicts(
    scores: Any, n_policies: int, n_field: int, info: StudyInfo, looks: Any, seeds: Any
) -> Any:
    """Each policy against the reference over both seats, the family shared by Holm."""
    from analytics.impact import paired_units
    from analytics.sequential import Units, family
    from analytics.study import upto

    field = [str(j) for j in range(n_field)]

    seen_at: dict[int, Any] = {}

    def units_at(key: str, point: int) -> Units:
        if point not in seen_at:
            seen_at[point] = upto(scores, seeds, point)
        seen = seen_at[point]
        mine = _policy_scores(seen, int(key[1:]), n_field)
        return paired_units(mine, _policy_scores(seen, 0, n_field), field)

    keys = [f"p{i}" for i in range(1, n_policies)]
    return family(keys, units_at, list(looks), info.units, sequential=info.until_decided)


def _mulligan_open(
    scores: Any, n_policies: int, n_field: int, info: StudyInfo, point: int, seeds: Any
) -> set[str]:
    from analytics.sequential import look_points

    looks = [p for p in look_points(info.units) if p <= point]
    found = _mulligan_verdicts(scores, n_policies, n_field, info, looks, seeds)
    out: set[str] = set()
    for key, verdict in found.items():
        if not verdict.decided:
            out.update(f"{key}|{j}" for j in range(n_field))
    if out:
        out.update(f"p0|{j}" for j in range(n_field))
    return out


def _mulligan_rows(
    played: Played, policies: list[str], n_field: int, info: StudyInfo
) -> list[dict[str, Any]]:
    """Per policy and seat: its score and the difference against the reference; per policy
    also both seats together, with the family's decision."""
    from analytics.impact import paired_units
    from analytics.intervals import paired_interval

    scores = played.scores
    field = [str(j) for j in range(n_field)]
    found = _mulligan_verdicts(
        scores, len(policies), n_field, info, played.looks or [info.units], played.seeds
    )
    rows = []
    for i, text in enumerate(policies):
        for seat, going in ((0, "first"), (1, "second"), (None, "both")):
            if seat is None and i == 0:
                continue
            mine = _policy_scores(scores, i, n_field, seat)
            values = [s for f in field for s in mine[f].values()]
            row: dict[str, Any] = {
                "policy": text, "going": going,
                "win_rate": round(sum(values) / len(values), 4) if values else None,
                "delta": 0.0, "ci95": None, "games": len(values),
            }  # fmt: skip
            if i and seat is None:
                verdict = found[f"p{i}"]
                iv = verdict.interval
                row["delta"] = None if iv.n == 0 else round(iv.mean, 4)
                row["ci95"] = [round(iv.lo, 4), round(iv.hi, 4)]
                row["decided"] = verdict.decided
                row["p_holm"] = None if verdict.p_holm is None else round(verdict.p_holm, 4)
            elif i:
                u = paired_units(mine, _policy_scores(scores, 0, n_field, seat), field)
                iv = paired_interval(u.values, u.games_per_unit, discordant=u.discordant)
                row["delta"] = None if iv.n == 0 else round(iv.mean, 4)
                row["ci95"] = [round(iv.lo, 4), round(iv.hi, 4)]
            rows.append(row)
    return rows


# --- gauntlet --------------------------------------------------------------------------------


def _gauntlet(args: argparse.Namespace) -> int:
    from analytics import gauntlet
    from analytics.study import Matchup, deck_from_json, deck_json
    from decklab.context import open_store, parse_date

    if not args.resume:
        if not args.deck:
            raise InputError("give a deck list, or --resume STUDY")
        _check(args)
        deck = _read(args.deck)
    with open_store(args) as store:
        pool = store.pool_index("sve")
        if not args.resume:
            if args.meta:
                lists = gauntlet.lists_from_file(args.meta)
            else:
                from analytics.meta import decklists

                try:
                    when = parse_date(args.since) if args.since else None
                except InputError:
                    raise InputError(f"--since {args.since!r}: not a date YYYY-MM-DD") from None
                lists = gauntlet.since(decklists(store), when)
            field = gauntlet.archetypes(lists, pool, args.top)
            params = {
                "deck": deck_json(deck), "meta": args.meta, "since": args.since, "top": args.top,
                "lists": len(lists),
                "field": [
                    {"name": a.name, "share": a.share, "code": a.code, "deck": deck_json(a.deck)}
                    for a in field
                ],
            }  # fmt: skip
            probe = _probe_info(params)
            for a in field:  # every list must resolve before anything is stored
                _config(deck, a.deck, pool, probe)
    store, info = _open(
        args,
        "gauntlet",
        params.get("deck", {}).get("name", "") if not args.resume else "",
        params if not args.resume else {},
    )
    with store:
        params = info.params
        deck = deck_from_json(params["deck"])
        field = [
            gauntlet.Archetype(f["name"], f["share"], (), 0, deck_from_json(f["deck"]), f["code"])
            for f in params["field"]
        ]
        matchups = [
            Matchup(gauntlet.matchup_key(i), deck, a.deck, _config(deck, a.deck, pool, info))
            for i, a in enumerate(field)
        ]
        n_lists = int(params["lists"])
        seeds = _seeds(info)
        played = _play(
            store, args, info, matchups,
            lambda s, point: gauntlet.still_open(s, field, info.units, point, n_lists, seeds),
        )  # fmt: skip
        result = gauntlet.gauntlet_result(
            deck.name, field, played.scores, sequential=info.until_decided,
            budget_units=info.units, lists=n_lists, look_units=played.units,
        )  # fmt: skip
        result["not_fully_modelled"] = unmodelled_in([deck, *(a.deck for a in field)], pool)
        result = _finish(store, info, played, result)
    from analytics.calmap import field_real_play, real_play, real_play_note

    estimate = field_real_play([r["win_rate"] for r in result["field"]],
                               [r["weight"] for r in result["field"]])  # fmt: skip
    result["real_play_estimate"] = None if estimate is None else estimate.as_dict()
    for r in result["field"]:
        each = real_play(r["win_rate"])
        r["real_play_estimate"] = None if each is None else each.as_dict()
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    print(
        f"{deck.name} against the {len(field)} largest archetypes of {params['lists']} "
        f"tournament lists: expected win rate {_pct(result['expected_win_rate'])} "
        f"({'95% repeated interval' if info.until_decided else '95% CI'} {_ci(result['ci95'])})"
        + ("" if estimate is None else f"; estimated in real play {estimate.text()}")
    )
    print(
        f"the field covers {_pct(result['coverage'])} of the lists: the shares below are of "
        "all lists, and the expected win rate weighs them over the part covered; the "
        f"interval carries the shares' own uncertainty (±{_pct(result['share_sd'])} sd)"
    )
    for r in result["field"]:
        real = r["real_play_estimate"]
        print(
            f"  {r['share']:>6.1%}  {r['archetype']} [{r['list']}]: {_pct(r['win_rate'])} "
            f"(CI {_ci(r['ci95'])}, {r['games']} games)"
            + ("" if real is None else f"; real play about {real['rate']:.0%}")
        )
    print(real_play_note())
    if result["deciding"]:
        print(f"decided most by: {'; '.join(result['deciding'])}")
    _footer(result)
    return 0


def _probe_info(params: dict[str, Any]) -> StudyInfo:
    from analytics.study import StudyInfo

    return StudyInfo("", "gauntlet", "", params, 2, 0, ("greedy", "greedy"), 60, False, "")


# --- studies ---------------------------------------------------------------------------------


def _studies(args: argparse.Namespace) -> int:
    from analytics.study import list_studies
    from decklab.context import open_store
    from decklab.output import print_table

    with open_store(args) as store:
        frame = list_studies(store)
    if args.json:
        print(frame.drop(columns=["result"]).to_json(orient="records", date_format="iso"))
    elif frame.empty:
        print("no stored studies: try decklab impact DECK --field F --card CODE --games 20")
    else:
        print_table(frame.drop(columns=["result"]))
    return 0


def report_cards(args: argparse.Namespace) -> int:
    """``decklab report RUN --cards``: each card's play rate and win rates in a stored run."""
    from analytics.cardstats import NOTE, card_stats, rate_intervals, stats_json
    from analytics.runs import resolve_run, run_info
    from decklab.context import open_store
    from decklab.output import print_table

    with open_store(args) as store:
        args.run_id = resolve_run(store, args.run_id)
        info = run_info(store, args.run_id)
        frame = card_stats(store, args.run_id)
        intervals = rate_intervals(store, args.run_id)
    names = [info.deck_a, info.deck_b]
    if args.json:
        data = stats_json(args.run_id, frame, names, intervals)
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    if frame.empty:
        print(f"run {args.run_id} has no per-card records (played before they were kept)")
        return 0
    table = with_intervals(frame, intervals)
    for side, name in enumerate(names):
        part = table[table["side"] == side].drop(columns=["side"])
        print(f"{name} (run {args.run_id}):")
        print_table(part)
    print("each rate: value (95% interval over seeds; games it is over)")
    print(f"note: {NOTE}")
    return 0


def with_intervals(frame: Any, intervals: Any) -> Any:
    """The per-card table with each rate as ``31.6% (23.0-40.9%, 136)``."""
    from analytics.cardstats import RATES

    merged = frame.merge(intervals, on=["side", "card"], how="left")
    out = merged[["side", "card", "drawn_games", "played_games", "opening_games"]].copy()
    for rate in RATES:
        out[rate] = [
            "-" if value is None or value != value else
            f"{value:.1%} ({lo:.1%}-{hi:.1%}, {int(n)})"
            for value, lo, hi, n in zip(
                merged[rate], merged[f"{rate}_lo"], merged[f"{rate}_hi"], merged[f"{rate}_n"],
                strict=True,
            )
        ]  # fmt: skip
    out["mean_turn_played"] = merged["mean_turn_played"]
    return out


# --- compare --until-decided -----------------------------------------------------------------


def compare_until_decided(args: argparse.Namespace) -> int:
    """``decklab compare A B --field F... --until-decided``: the paired comparison as a study
    that stops once the group-sequential test excludes no difference."""
    from analytics import impact
    from analytics.sequential import Units, family, look_points
    from analytics.study import Matchup, deck_from_json, deck_json, upto

    if args.games < 2:
        raise InputError(f"--games {args.games}: choose 2 to {MAX_GAMES:,}")
    versions = [_read(args.version_a), _read(args.version_b)]
    field = [_read(p) for p in args.field]
    params = {"versions": [deck_json(v) for v in versions], "field": [deck_json(f) for f in field]}
    args.agents = args.agents.split(",")[0] + "," + args.agents.split(",")[-1]
    args.until_decided = True
    from decklab.context import open_pool

    pool = open_pool(args)
    probe = _probe_info(params)
    for v in versions:
        for opp in field:
            _config(v, opp, pool, probe)
    store, info = _open(args, "compare", versions[0].name, params)
    keys = ("a", "b")
    with store:
        versions = [deck_from_json(v) for v in info.params["versions"]]
        field = [deck_from_json(f) for f in info.params["field"]]
        n = len(field)
        matchups = [
            Matchup(f"{k}|{j}", v, opp, _config(v, opp, pool, info))
            for k, v in zip(keys, versions, strict=True)
            for j, opp in enumerate(field)
        ]

        def by_opp(scores: Any, k: str) -> Any:
            return {str(j): scores.get(f"{k}|{j}", {}) for j in range(n)}

        seeds = _seeds(info)

        def verdict(scores: Any, looks: list[int]) -> Any:
            def units_at(key: str, point: int) -> Units:
                seen = upto(scores, seeds, point)
                a = by_opp(seen, "a")
                return impact.paired_units(by_opp(seen, "b"), a, list(a))

            return family(["b"], units_at, looks, info.units, sequential=True)["b"]

        def open_keys(scores: Any, point: int) -> set[str]:
            looks = [p for p in look_points(info.units) if p <= point]
            return set() if verdict(scores, looks).decided else {m.key for m in matchups}

        played = _play(store, args, info, matchups, open_keys)
        found = verdict(played.scores, list(played.looks) or [info.units])
        iv = found.interval
        result = _finish(store, info, played, {
            "version_a": versions[0].name, "version_b": versions[1].name,
            "field": [f.name for f in field], "games": found.games,
            "difference": round(iv.mean, 4) if iv.n else None,
            "ci95": [round(iv.lo, 4), round(iv.hi, 4)], "decided": found.decided,
            "not_fully_modelled": unmodelled_in([*versions, *field], pool),
        })  # fmt: skip
        games = found.games
        decided = found.decided
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return 0
    print(
        f"{versions[1].name} scores {_pct(result['difference'], True)} against "
        f"{versions[0].name} over {games} paired games "
        f"(95% repeated interval {_ci(result['ci95'], True)}; "
        f"{'decided' if decided else 'not decided within the budget'})"
    )
    _footer(result)
    return 0
