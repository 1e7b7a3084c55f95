"""Compile the card text in memory and compare it with the committed library.

Exit 0 when ``engine/sve/data/abilities.json`` is what the compiler makes of the card text
today, 1 when it differs (the first differing card is named; with ``--all`` every entry
added, removed or changed, by set), 2 without the card text.

    python scripts/check_library.py [--all] [PATH/TO/cards_ja]   # and the sven folder beside it
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from decklab.commands.engine import DATA, read_card_texts, read_hand_encodings, sven_beside
from engine.sve.compiler import compile_pool

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "sve" / "cards_ja"


def main(argv: list[str]) -> int:
    """Compile, compare, print one line (``--all``: every difference)."""
    every = "--all" in argv
    argv = [a for a in argv if a != "--all"]
    folder = Path(argv[0]) if argv else DEFAULT
    if not folder.is_dir():
        print(f"check_library: {folder} is not a folder of card files", file=sys.stderr)
        return 2
    lib = compile_pool(read_card_texts(folder, sven_beside(folder)), read_hand_encodings())
    made = json.dumps(lib, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
    path = DATA / "abilities.json"
    kept = path.read_text(encoding="utf-8")
    if made == kept:
        print(f"{path}: unchanged ({len(lib['cards'])} entries)")
        return 0
    old = json.loads(kept)
    if every:
        return _every_difference(path, old, lib)
    for key in ("tokens", "cards"):
        for cid in sorted(set(old[key]) | set(lib[key])):
            if old[key].get(cid) != lib[key].get(cid):
                print(f"{path}: differs at {key}/{cid}")
                return 1
    print(f"{path}: differs outside the card entries")
    return 1


def _every_difference(path: Path, old: dict[str, Any], new: dict[str, Any]) -> int:
    """Print every entry added, removed or changed, with the counts by set; exit 1."""
    for key in ("tokens", "cards"):
        for kind, ids in (
            ("added", sorted(set(new[key]) - set(old[key]))),
            ("removed", sorted(set(old[key]) - set(new[key]))),
            (
                "changed",
                sorted(c for c in set(old[key]) & set(new[key]) if old[key][c] != new[key][c]),
            ),
        ):
            if not ids:
                continue
            sets = Counter(cid.split("-", 1)[0] for cid in ids)
            print(
                f"{path}: {key} {kind}: {len(ids)} ("
                + ", ".join(f"{s} {n}" for s, n in sorted(sets.items()))
                + ")"
            )
            if kind != "added":
                print("  " + " ".join(ids))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
