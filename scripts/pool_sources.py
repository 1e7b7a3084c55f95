"""Figures of the card sources: identities and printings of the Japanese dump, of the SVEN
set files and of the pool combined from both; the disagreements between them by field; and
the cards with Quick before SVEN (the dump alone) and after (the combined pool).

    python scripts/pool_sources.py [PATH/TO/shared/data/sve] [--json]

Exit 0 after printing, 2 without the card data.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from cardpool import sources
from cardpool.importers import read_sources
from cardpool.importers.sven import quick_icon

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "sve"


def figures(sve: Path) -> dict[str, Any]:
    """Counts per source and combined, disagreements by field, Quick before and after."""
    dump = read_sources([sve / "cards_ja"])[sources.SVE_JA]
    sven = read_sources([sve / "sven"])[sources.SVEN]
    pool, disagreements = sources.combine({sources.SVE_JA: dump, sources.SVEN: sven})
    icon = {
        p.code
        for row in sven.cards
        if quick_icon(row.text or "", row.text_en)
        for p in sven.printings
        if p.card_id == row.card_id
    }
    by_code = {p.code: p.card_id for p in pool.printings}
    icon_cards = {by_code[code] for code in icon}
    return {
        "cards_ja": {"identities": len(dump.cards), "printings": len(dump.printings)},
        "sven": {"identities": len(sven.cards), "printings": len(sven.printings)},
        "combined": {"identities": len(pool.cards), "printings": len(pool.printings)},
        "only_sven": {
            "identities": len(pool.cards) - len(dump.cards),
            "printings": len(pool.printings) - len(dump.printings),
            "sets": dict(
                sorted(
                    Counter(
                        row.set_code
                        for row in pool.cards
                        if row.card_id not in {c.card_id for c in dump.cards}
                    ).items()
                )
            ),
        },
        "disagreements": dict(sorted(Counter(d.field for d in disagreements).items())),
        "quick": {
            "cards_ja": sum(1 for row in dump.cards if "quick" in row.keywords),
            "combined": sum(1 for row in pool.cards if "quick" in row.keywords),
            "card_level_icon": len(icon_cards),
        },
        "english_names": sum(1 for row in pool.cards if row.name_en),
        "union_burst_labelled": sum(1 for row in pool.cards if row.union_burst),
        "preview": sum(1 for row in pool.cards if row.preview),
    }


def main(argv: list[str]) -> int:
    """Print the figures (``--json``: as JSON)."""
    as_json = "--json" in argv
    argv = [a for a in argv if a != "--json"]
    sve = Path(argv[0]) if argv else DEFAULT
    if not (sve / "cards_ja").is_dir() or not (sve / "sven").is_dir():
        print(f"pool_sources: no cards_ja and sven folders in {sve}", file=sys.stderr)
        return 2
    found = figures(sve)
    if as_json:
        print(json.dumps(found, ensure_ascii=False, indent=1))
        return 0
    for name in ("cards_ja", "sven", "combined"):
        f = found[name]
        print(f"{name}: {f['identities']} identities, {f['printings']} printings")
    extra = found["only_sven"]
    print(
        f"only in SVEN: {extra['identities']} identities, {extra['printings']} printings ("
        + ", ".join(f"{s} {n}" for s, n in extra["sets"].items())
        + ")"
    )
    print(
        "disagreements: "
        + (", ".join(f"{k} {v}" for k, v in found["disagreements"].items()) or "none")
    )
    q = found["quick"]
    print(
        f"cards with Quick: {q['cards_ja']} in the dump alone (a Quick ability's marker), "
        f"{q['combined']} combined, {q['card_level_icon']} with the card-level icon"
    )
    print(
        f"English names {found['english_names']}, Union Burst labelled "
        f"{found['union_burst_labelled']}, preview {found['preview']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
