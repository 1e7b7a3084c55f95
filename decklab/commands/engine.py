"""``decklab engine compile|coverage|show``: the engine's card library.

``compile`` turns the card text of the merged pool (the Japanese dump
``../shared/data/sve/cards_ja`` and the SVEN set files beside it, not committed) and the
hand encodings into ``engine/sve/data/abilities.json``; ``coverage`` reports how
much of the pool and of the real tournament decks the engine models; ``show`` prints a
card's modelled abilities in English.

Exit codes: 0 success, 2 unreadable input.
"""

from __future__ import annotations

import argparse
import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardpool.errors import InputError
from decklab.args import filename, text, whole

if TYPE_CHECKING:
    from cardpool.model import PoolData

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "engine" / "sve" / "data"
HAND = DATA / "hand"


def shared_dir() -> Path:
    """The reference data folder: ``$DECKLAB_SHARED`` or ``../shared`` next to the repo."""
    env = os.environ.get("DECKLAB_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def register(subparsers: Any) -> None:
    """Add ``engine`` with its ``compile``, ``coverage`` and ``show`` subcommands."""
    engine = subparsers.add_parser(
        "engine",
        help="the engine's card library: compile card text, coverage, show a card",
        description="Compile the Japanese card text into the engine's effect language, "
        "report how much of the pool and of real tournament decks is modelled, or show the "
        "modelled abilities of a card.",
    )
    sub = engine.add_subparsers(dest="engine_command", metavar="SUBCOMMAND", required=True)
    comp = sub.add_parser(
        "compile",
        help="regenerate engine/sve/data/abilities.json from the card text",
        description="Read the card pool as db import does (every cards_ja/*.json file and "
        "the SVEN set files beside them), compile each card's text by templates, merge the "
        "hand encodings (engine/sve/data/hand/*.json) and write the library.",
    )
    comp.add_argument(
        "path",
        nargs="?",
        type=filename(folder=True),
        help="the cards_ja folder (default: ../shared/data/sve/cards_ja)",
    )
    comp.add_argument(
        "--sven",
        type=filename(folder=True),
        help="the SVEN set files (default: the sven folder beside the cards_ja folder, "
        "if there is one)",
    )
    comp.add_argument(
        "--out",
        type=filename(output=True),
        help="output file (default: engine/sve/data/abilities.json)",
    )
    comp.set_defaults(run=run_compile)
    cov = sub.add_parser(
        "coverage",
        help="cards fully / partly / not modelled, per set and in tournament decks",
        description="Per set and overall: cards whose every ability is modelled, partly "
        "modelled, not modelled; and the share of card copies in the real tournament "
        "decklists that are fully modelled, with the most-played cards still missing.",
    )
    cov.add_argument("--json", action="store_true", help="print JSON")
    cov.add_argument(
        "--decks", type=filename(), help="tournament decklists (JSON lines with main_deck_by_code)"
    )
    cov.add_argument(
        "--top", type=whole(1, 10_000), default=20, help="most-played missing cards to list"
    )
    cov.set_defaults(run=run_coverage)
    show = sub.add_parser("show", help="a card's modelled abilities in English")
    show.add_argument("card", nargs="+", type=text(), help="card codes")
    show.set_defaults(run=run_show)


def sven_beside(folder: Path) -> Path | None:
    """The SVEN set files beside a cards_ja folder, if there are any."""
    sven = folder.parent / "sven"
    return sven if sven.is_dir() else None


def read_card_pool(folder: Path, sven: Path | None = None) -> PoolData:
    """The card pool as ``db import`` stores it: the Japanese dump in ``folder`` and, given
    ``sven``, the SVEN set files there, read and combined by the importers (the dump alone
    without them)."""
    from cardpool.importers import read_sve_pool

    if not any(folder.glob("*.json")):
        raise InputError(f"no card files (*.json) in {folder}")
    pool, _ = read_sve_pool([folder] if sven is None else [folder, sven])
    return pool


def read_card_texts(folder: Path, sven: Path | None = None) -> list[Any]:
    """Every card identity of the merged pool as a compiler input: the Japanese dump in
    ``folder`` and the SVEN set files in ``sven`` (default: beside it), with their text,
    the official English text and the Union Burst labels (canonical ids)."""
    pool = read_card_pool(folder, sven or sven_beside(folder))
    return [row.to_record() for row in pool.cards]


def read_hand_encodings(folder: Path = HAND) -> dict[str, dict[str, Any]]:
    """Hand encodings by card id from ``hand/*.json`` (each a ``{card_id: entry}`` object)."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        with open(path, encoding="utf-8") as fh:
            doc = json.load(fh)
        for card_id, entry in doc.items():
            if card_id.startswith("_"):
                continue
            out[card_id] = {k: v for k, v in entry.items() if not k.startswith("_")}
    return out


def run_compile(args: argparse.Namespace) -> int:
    """Compile the card text and write the library."""
    from engine.sve.compiler import compile_pool

    folder = Path(args.path) if args.path else shared_dir() / "data" / "sve" / "cards_ja"
    if not os.path.isdir(folder):
        raise InputError(f"{folder} is not a folder of card files")
    sven = Path(args.sven) if args.sven else sven_beside(folder)
    if sven is not None and not os.path.isdir(sven):
        raise InputError(f"--sven {args.sven}: not a folder of SVEN set files")
    from decklab.context import writable_file

    out = writable_file(args.out, "--out") if args.out else DATA / "abilities.json"
    cards = read_card_texts(folder, sven)
    lib = compile_pool(cards, read_hand_encodings())
    out.write_text(
        json.dumps(lib, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n",
        encoding="utf-8",
    )
    counts = Counter(e["status"] for cid, e in lib["cards"].items() if cid not in lib["tokens"])
    print(
        f"wrote {out}: {len(lib['cards'])} entries, {len(lib['tokens'])} tokens; "
        + ", ".join(f"{k} {counts[k]}" for k in ("full", "partial", "none"))
        + f" (read {folder}"
        + (f" and {sven})" if sven else ")")
    )
    return 0


def tournament_copies(path: Path) -> Counter[str]:
    """Card copies by canonical card id over a JSON-lines file of tournament main decks."""
    from cardpool.importers.tournaments import read_lines
    from cardpool.readers import MAX_IMPORT_BYTES, read_text
    from cardpool.snapshot import load_sve_pool

    pool = load_sve_pool()
    copies: Counter[str] = Counter()
    for deck in read_lines(read_text(path, max_bytes=MAX_IMPORT_BYTES), path=path):
        for code, n in deck.main.items():
            rec = pool.record(code)
            copies[code if rec is None else rec.card_id] += n
    return copies


STARTER_DECKS = re.compile(r"^SD0[1-8]-\d+$")
"""Printed codes of the starter decks SD01-SD08 (numbered cards: no leaders or tokens)."""


def starter_card_ids() -> list[str]:
    """The distinct card identities printed in the starter decks SD01-SD08, leaders and
    tokens aside (reprints count under their canonical id)."""
    from cardpool.snapshot import load_sve_pool

    pool = load_sve_pool()
    found: set[str] = set()
    for code, cid in pool.printed_codes().items():
        rec = pool.records[cid]
        if STARTER_DECKS.match(code) and rec.card_type != "leader" and rec.special != "token":
            found.add(cid)
    return sorted(found)


def run_coverage(args: argparse.Namespace) -> int:
    """Print the coverage table (or JSON)."""
    from engine.sve.coverage import report

    decks = (
        Path(args.decks)
        if args.decks
        else (shared_dir() / "data" / "sve" / "decks" / "individual_v2.jsonl")
    )
    copies = tournament_copies(decks) if args.decks or os.path.isfile(decks) else None
    rep = report(copies, top=args.top, starter=starter_card_ids())
    if args.json:
        print(json.dumps(rep, ensure_ascii=False, indent=2))
        return 0
    print(coverage_table(rep))
    return 0


def coverage_table(rep: dict[str, Any]) -> str:
    """The coverage report as a Markdown table plus the tournament-deck lines."""
    lines = [
        "| set | cards | full | partial | none | full % |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    rows = [*rep["sets"].items(), ("**all**", rep["overall"])]
    for name, row in rows:
        lines.append(
            f"| {name} | {row['cards']} | {row['full']} | {row['partial']} | {row['none']} "
            f"| {100 * row['full_share']:.1f} |"
        )
    starter = rep.get("starter")
    if starter:
        missing = ", ".join(starter["not_full"]) or "none"
        lines.append("")
        lines.append(
            f"Starter decks SD01-SD08: {starter['full']} of {starter['cards']} distinct cards "
            f"fully modelled (not full: {missing})."
        )
    decks = rep.get("decks")
    if decks:
        from cardpool.snapshot import load_sve_pool

        pool = load_sve_pool()
        lines.append("")
        lines.append(
            f"Tournament decks: {decks['full']} of {decks['copies']} card copies fully "
            f"modelled ({100 * decks['full_share']:.1f}%); partly {decks['partial']}, "
            f"not {decks['none']}."
        )
        lines.append("")
        lines.append("Most-played cards not fully modelled:")
        for item in decks["most_played_missing"]:
            rec = pool.record(item["card_id"])
            name = "" if rec is None else rec.name
            lines.append(f"- {item['card_id']} {name}: {item['copies']} copies ({item['status']})")
    return "\n".join(lines)


def run_show(args: argparse.Namespace) -> int:
    """Print the modelled abilities of the given cards in English."""
    from cardpool.snapshot import load_sve_pool
    from engine.sve.coverage import status
    from engine.sve.library import card_words, library

    pool = load_sve_pool()
    cards = library()["cards"]
    for printed in args.card:
        rec = pool.record(printed)
        code = printed if rec is None else rec.card_id
        entry = cards.get(code)
        if entry is None:
            raise InputError(f"card {code} is not in the engine's library")
        print(f"{code}: {status(code)} ({entry['modelled']}/{entry['lines']} abilities modelled)")
        for line in card_words(code, entry):
            print(f"  {line}")
    return 0
