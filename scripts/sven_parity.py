"""Do SVEN's Japanese text and cards_ja's text compile to the same abilities?

For every card both sources hold, SVEN's text is brought to the compiler's form
(``cardpool.importers.sven_text.compiler_text``) and the whole pool is compiled twice, once
with each text (templates only, no hand encodings). A card is the same when its abilities,
evolve ability, status and keywords agree; the Quick and Union Burst icons that cards_ja lost
and SVEN restores are counted apart. Prints the share, then every other card with its reason.

    python scripts/sven_parity.py [PATH/TO/shared/data/sve] [--json]

Exit 0 after printing, 2 without the card data.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardpool.importers.sven_text import QUICK, UNION_BURST, compiler_text
from decklab.commands.engine import read_card_pool, read_card_texts
from engine.sve.compiler import compile_pool
from engine.sve.compiler.text import ability_lines

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "sve"
LOST_KEYWORDS = frozenset({"quick", "union_burst"})
"""Keywords of icons cards_ja lost (the card-level Quick icon, the Union Burst label)."""
COMPARED = ("status", "abilities", "evolve_cost", "evolve_if", "evolve_discard", "quick_ability")

REASONS = {
    "wording": "the two texts differ in wording (a clause, a line or a token name)",
    "flavour": "cards_ja keeps a flavour line the compiler reads as an ability line",
    "icon": "an icon cards_ja lost changes what compiles (Quick or Union Burst inside a line)",
}


@dataclass
class Parity:
    """The comparison over every card both sources hold."""

    cards: int = 0
    same: int = 0
    same_text: int = 0
    """Cards whose normalised text is cards_ja's line for line (the lost icons aside)."""
    quick_added: list[str] = field(default_factory=list)
    union_burst_added: list[str] = field(default_factory=list)
    different: dict[str, str] = field(default_factory=dict)
    """Card id -> reason key (see ``REASONS``)."""

    @property
    def share(self) -> float:
        """Cards whose two texts compile alike, of all cards both hold."""
        return self.same / self.cards if self.cards else 0.0


def sven_texts(folder: Path) -> dict[str, tuple[str, str]]:
    """Every printed code of the SVEN set files -> (Japanese text, English text)."""
    out: dict[str, tuple[str, str]] = {}
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for card in doc["cards"]:
            text = card.get("text") or {}
            pair = (str(text.get("ja") or ""), str(text.get("en") or ""))
            for code in card.get("printings") or [card["id"]]:
                out.setdefault(code, pair)
    return out


def _entry(entry: dict[str, Any]) -> dict[str, Any]:
    kept = {k: entry.get(k) for k in COMPARED}
    kept["keywords"] = sorted(set(entry.get("keywords", ())) - LOST_KEYWORDS)
    return kept


def _lines(text: str) -> list[str]:
    return ability_lines(text.replace(QUICK, "").replace(UNION_BURST, ""))


def compare(sve: Path) -> Parity:
    """Compile the pool with each text and compare the cards both sources hold."""
    pool = read_card_pool(sve / "cards_ja")
    sven = sven_texts(sve / "sven")
    codes: dict[str, list[str]] = {}
    for printing in pool.printings:
        codes.setdefault(printing.card_id, []).append(printing.code)
    # the dump's cards, with the English (which both compiles use) and the Union Burst labels
    ids = {row.card_id for row in pool.cards}
    records = [r for r in read_card_texts(sve / "cards_ja") if r.card_id in ids]
    theirs: dict[str, tuple[str, str]] = {}
    for rec in records:
        found = next(
            (sven[c] for c in [rec.card_id, *codes.get(rec.card_id, [])] if c in sven), None
        )
        if found is not None:
            theirs[rec.card_id] = found
    normalised = {cid: compiler_text(ja, en) for cid, (ja, en) in theirs.items()}
    swapped = [
        dataclasses.replace(r, text=normalised[r.card_id]) if r.card_id in normalised else r
        for r in records
    ]
    ours, sven_lib = compile_pool(records)["cards"], compile_pool(swapped)["cards"]
    out = Parity()
    by_id = {r.card_id: r for r in records}
    for cid in sorted(normalised):
        out.cards += 1
        a, b = ours[cid], sven_lib[cid]
        gained = set(b.get("keywords", ())) - set(a.get("keywords", ()))
        if "quick" in gained:
            out.quick_added.append(cid)
        if "union_burst" in gained or UNION_BURST in normalised[cid]:
            out.union_burst_added.append(cid)
        ja_lines, sven_lines = _lines(by_id[cid].text or ""), _lines(normalised[cid])
        out.same_text += ja_lines == sven_lines
        if _entry(a) == _entry(b):
            out.same += 1
            continue
        if ja_lines == sven_lines:
            out.different[cid] = "icon"
        elif [x for x in ja_lines if x not in sven_lines] and set(sven_lines) <= set(ja_lines):
            out.different[cid] = "flavour" if _all_flavour(ja_lines, sven_lines) else "wording"
        else:
            out.different[cid] = "wording"
    return out


def _all_flavour(ja_lines: list[str], sven_lines: list[str]) -> bool:
    """Whether the lines only cards_ja has are prose without a sentence the rules know."""
    extra = [x for x in ja_lines if x not in sven_lines]
    return all(not re.search(r"【|『|する。|引く。|ダメージ。|置く。|選ぶ。", x) for x in extra)


def main(argv: list[str]) -> int:
    """Compare and print the share and the list (``--json`` for a machine-readable form)."""
    as_json = "--json" in argv
    args = [a for a in argv if a != "--json"]
    sve = Path(args[0]) if args else DEFAULT
    if not (sve / "cards_ja").is_dir() or not (sve / "sven").is_dir():
        print(f"sven_parity: {sve} lacks cards_ja/ or sven/", file=sys.stderr)
        return 2
    found = compare(sve)
    if as_json:
        print(json.dumps(dataclasses.asdict(found) | {"share": found.share}, indent=1))
        return 0
    print(
        f"{found.same} of {found.cards} cards compile to the same abilities from either text "
        f"({100 * found.share:.1f}%)"
    )
    print(f"{found.same_text} of {found.cards} cards have the same ability lines in both texts")
    print(
        f"SVEN adds the Quick icon to {len(found.quick_added)} cards and the Union Burst "
        f"label to {len(found.union_burst_added)}"
    )
    for reason, n in Counter(found.different.values()).most_common():
        ids = sorted(c for c, r in found.different.items() if r == reason)
        print(f"{n} differ: {REASONS[reason]}: {' '.join(ids)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
