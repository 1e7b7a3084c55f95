"""One SVE card pool from several sources, whatever order they were imported in.

Each source is kept as imported (the Japanese dump, the SVEN set files, and whatever the
database held before its first import: the embedded snapshot). The pool every command reads
is ``combine``d from them: a card is found in each source by its printed codes (its name
and type where no code is shared), its facts come from the most trusted source that has it
(the Japanese dump, then SVEN, then the snapshot), and what the dump lost comes from SVEN:
the card-level Quick icon, the Union Burst labels, English names and text, the preview flag.
Where the dump and SVEN disagree on a fact, the dump's value is kept and the disagreement
listed, never resolved silently. The result depends only on the sources, so importing the
dump then SVEN, SVEN then the dump, or both at once gives the same pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from cardpool import normalise
from cardpool.identities import merge_pools
from cardpool.importers.sven import quick_icon
from cardpool.model import CardRow, Disagreement, PoolData, PrintingRow
from engine.cards import text_lines

SVE_JA = "sve-ja"
SVEN = "sven"
SNAPSHOT = "snapshot"
TRUST = (SVE_JA, SVEN, SNAPSHOT)
"""Sources from the most trusted for a card's facts to the least."""
COMPARED = (
    "name", "card_type", "card_class", "cost", "attack", "defense", "traits", "max_copies",
)  # fmt: skip
"""The facts on which the Japanese dump and SVEN are compared."""
ICONS = ("quick", "union_burst")
"""Keyword flags the Japanese dump lost (printed as icons), taken from SVEN."""


@dataclass
class _Card:
    rows: dict[str, CardRow] = field(default_factory=dict)
    codes: list[str] = field(default_factory=list)
    joined: list[tuple[str, CardRow]] = field(default_factory=list)
    """Other cards of a source already present here that the same printed codes tie to it."""


def combine(sources: Mapping[str, PoolData]) -> tuple[PoolData, list[Disagreement]]:
    """The SVE pool made of ``sources`` (by name in ``TRUST``), and where dump and SVEN differ."""
    cards: list[_Card] = []
    owner: dict[str, int] = {}
    by_key: dict[tuple[str, str, str], int] = {}
    elsewhere: list[tuple[str, int, str, CardRow]] = []  # a code a more trusted source gave away
    for source in (s for s in TRUST if s in sources):
        data = sources[source]
        codes_of: dict[str, list[str]] = {}
        for p in data.printings:
            codes_of.setdefault(p.card_id, []).append(p.code)
        for row in sorted(data.cards, key=lambda r: r.card_id):
            codes = sorted(codes_of.get(row.card_id) or [row.card_id])
            hits = sorted({owner[c] for c in codes if c in owner})
            if not hits and row.key in by_key:
                hits = [by_key[row.key]]
            if hits:
                i = next((h for h in hits if _top(cards[h]).key == row.key), hits[0])
            else:
                i = len(cards)
                cards.append(_Card())
            card = cards[i]
            # only SVEN is compared with the dump; the snapshot is what they made before
            if source in card.rows and source == SVEN:
                card.joined.append((source, row))
            card.rows.setdefault(source, row)
            for code in codes:
                if code not in owner:
                    owner[code] = i
                    card.codes.append(code)
                elif owner[code] != i and source == SVEN:
                    elsewhere.append((code, owner[code], source, row))
            by_key.setdefault(row.key, i)
    pool = PoolData()
    disagreements: list[Disagreement] = []
    merged: dict[int, CardRow] = {}
    for i, card in enumerate(cards):
        if not card.codes:
            continue  # every printing of it belongs to a card of a more trusted source
        row = merged[i] = _merged(card)
        pool.cards.append(row)
        pool.printings.extend(PrintingRow("sve", code, row.card_id) for code in card.codes)
        disagreements.extend(_disagreements(card, row))
    for code, i, source, row in elsewhere:
        held = merged[i]
        disagreements.append(
            Disagreement(
                held.card_id,
                held.name,
                "printing",
                f"{code} is {held.name}",
                f"{code} is {row.name} ({source})",
            )
        )
    pool.cards.sort(key=lambda r: r.card_id)
    pool.printings.sort(key=lambda p: p.code)
    disagreements.sort(key=lambda d: (d.card_id, d.field, d.kept))
    return pool, disagreements


def add(stored: Mapping[str, PoolData], new: Mapping[str, PoolData]) -> dict[str, PoolData]:
    """Each source of ``stored`` with the files of ``new`` merged in (``merge_pools``: a
    source's newer files win where they overlap)."""
    out = dict(stored)
    for name, data in new.items():
        out[name] = merge_pools(out.get(name, PoolData()), data)
    return out


def first_sources(stored: PoolData) -> dict[str, PoolData]:
    """The sources of a database before its first import into sources: the pool it holds.

    A pool built from the embedded snapshot is the snapshot; cards of a database filled by
    an earlier version from the Japanese dump (with its text and Japanese labels) are the
    dump's.
    """
    out: dict[str, PoolData] = {}
    source_of: dict[str, str] = {}
    for row in stored.cards:
        source = SVE_JA if row.text and row.type_ja else SNAPSHOT
        source_of[row.card_id] = source
        out.setdefault(source, PoolData()).cards.append(row)
    for p in stored.printings:
        if p.card_id in source_of:
            out[source_of[p.card_id]].printings.append(p)
    return out


def _top(card: _Card) -> CardRow:
    return next(card.rows[s] for s in TRUST if s in card.rows)


def _icons(row: CardRow | None, source: str) -> tuple[str, ...]:
    """The icon keywords a source says the card has (SVEN: read from its own text)."""
    if row is None:
        return ()
    if source == SVEN:
        found = ("quick",) if quick_icon(row.text or "", row.text_en) else ()
        return found + (("union_burst",) if row.union_burst else ())
    return tuple(k for k in ICONS if k in row.keywords)


def _merged(card: _Card) -> CardRow:
    top = _top(card)
    ja, sven, snap = (card.rows.get(s) for s in TRUST)
    icon_source = sven or snap
    icons = _icons(sven, SVEN) if sven else _icons(snap, SNAPSHOT)
    keywords = list(top.keywords)
    keywords.extend(k for k in icons if k not in keywords)
    text_row = ja or sven or snap
    text = text_row.text if text_row else None
    if text is None:
        text = next((r.text for r in (sven, snap) if r and r.text), None)
    union_burst: tuple[int, ...] = ()
    if sven and sven.union_burst and _same_lines(text, sven.text):
        union_burst = sven.union_burst
    elif snap and snap.union_burst and text_row is snap:
        union_burst = snap.union_burst
    card_id = normalise.canonical_code(card.codes)
    rows = [card.rows[s] for s in TRUST if s in card.rows]
    title = normalise.title_of(sorted(card.codes), top.traits) or next(
        (r.title for r in rows if r.title), None
    )
    return replace(
        top,
        card_id=card_id,
        set_code=normalise.set_code(card_id),
        title=title,
        keywords=tuple(keywords),
        name_en=next((r.name_en for r in (sven, snap, ja) if r and r.name_en), None),
        text=text,
        text_en=next((r.text_en for r in (sven, snap) if r and r.text_en), None),
        preview=icon_source.preview if icon_source else top.preview,
        union_burst=union_burst,
        class_ja=next((r.class_ja for r in rows if r.class_ja), None),
        type_ja=next((r.type_ja for r in rows if r.type_ja), None),
    )


def _same_lines(text: str | None, other: str | None) -> bool:
    """Whether two texts of one card lay out as many own lines (so positions match)."""
    return len(text_lines(text)) == len(text_lines(other))


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return "・".join(str(v) for v in value) or "-"
    return "-" if value is None else str(value)


def _disagreements(card: _Card, row: CardRow) -> list[Disagreement]:
    ja, sven = card.rows.get(SVE_JA), card.rows.get(SVEN)
    out = []
    for source, other in card.joined:
        out.append(
            Disagreement(
                row.card_id,
                row.name,
                "identity",
                f"one card with {card.rows[source].name}",
                f"{other.name} ({source} {other.card_id}) is a card of its own",
            )
        )
    if ja is None or sven is None:
        return out
    for name in COMPARED:
        mine, theirs = getattr(ja, name), getattr(sven, name)
        if mine != theirs:
            out.append(Disagreement(row.card_id, row.name, name, _shown(mine), _shown(theirs)))
    if sven.union_burst and not row.union_burst:
        out.append(
            Disagreement(
                row.card_id,
                row.name,
                "union_burst",
                f"{len(text_lines(ja.text))} text lines",
                f"{len(text_lines(sven.text))} text lines",
            )
        )
    return out
