"""Group printings into card identities and merge pools (printings of one card count together)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from cardpool import normalise
from cardpool.errors import InputError
from cardpool.model import CardRow, PoolData, PrintingRow


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """One printing with its identity facts, as an importer reads it."""

    code: str
    row: CardRow
    """Facts of the card; ``row.card_id`` is provisional until identities are built."""


def check_unique_codes(printed: Iterable[PrintedCard], *, path: str | Path | None = None) -> None:
    """Refuse one printed code given to two different cards (another name or type)."""
    seen: dict[str, PrintedCard] = {}
    for card in printed:
        other = seen.setdefault(card.code, card)
        if other.row.key != card.row.key:
            raise InputError(
                f"card code {card.code} is given to two cards: {other.row.name!r} "
                f"({other.row.card_type}) and {card.row.name!r} ({card.row.card_type})",
                path=path,
            )


def build_pool(printed: Iterable[PrintedCard]) -> PoolData:
    """Group printings by identity key (game, name, type) and choose each canonical code.

    The SVE card data repeats a card's facts on every printing (reprints, alternate arts,
    promos); within the real pool no two printings of one name and type differ in class or
    stats, so that pair is the identity (the copy limit counts by name anyway, CR 6.1.1.4).
    """
    printed = list(printed)
    check_unique_codes(printed)
    groups: dict[tuple[str, str, str], list[PrintedCard]] = {}
    for card in printed:
        groups.setdefault(card.row.key, []).append(card)
    data = PoolData()
    for members in groups.values():
        codes = [m.code for m in members]
        card_id = normalise.canonical_code(codes)
        base = next(m.row for m in members if m.code == card_id)
        data.cards.append(_finish(base, card_id, codes, [(m.code, m.row) for m in members]))
        data.printings.extend(PrintingRow(base.game, code, card_id) for code in codes)
    data.cards.sort(key=lambda r: (r.game, r.card_id))
    data.printings.sort(key=lambda p: (p.game, p.code))
    return data


def merge_pools(base: PoolData, new: PoolData) -> PoolData:
    """Merge ``new`` into ``base``: new facts win, text and English names are kept where missing.

    Identities are matched by (game, name, type); printings are united and canonical codes
    chosen again over the union, so importing files one at a time equals importing them at once.
    A printed code ``new`` gives to another card moves to it; a card of ``base`` left with
    none of its codes is gone. Facts come from the version holding the card's canonical
    printing (the newest, if both do), text from the version of the greatest printed code,
    as ``build_pool`` chooses them, so the order of merges never matters.
    """
    owner: dict[str, tuple[str, str, str]] = {}
    for data in (new, base):  # the newer data says which card a printed code belongs to
        id_to_key = {(row.game, row.card_id): row.key for row in data.cards}
        for p in data.printings:
            key = id_to_key.get((p.game, p.card_id))
            if key is not None:
                owner.setdefault(p.code, key)
    rows: dict[tuple[str, str, str], list[tuple[list[str], CardRow]]] = {}
    for data in (base, new):
        printed: dict[tuple[str, str], list[str]] = {}
        for p in data.printings:
            printed.setdefault((p.game, p.card_id), []).append(p.code)
        for row in data.cards:
            own = printed.get((row.game, row.card_id)) or [row.card_id]
            rows.setdefault(row.key, []).append((own, row))
    codes_by_key: dict[tuple[str, str, str], list[str]] = {}
    for code, key in owner.items():
        codes_by_key.setdefault(key, []).append(code)
    new_keys = {row.key for row in new.cards}
    merged = PoolData()
    for key, versions in rows.items():
        codes = codes_by_key.get(key)
        if not codes:
            if key not in new_keys and any(v.card_id in owner for _, v in versions):
                continue  # every printing of this older card now belongs to another
            codes = [versions[-1][1].card_id]
        card_id = normalise.canonical_code(codes)
        holding = [v for own, v in versions if card_id in own] or [v for _, v in versions]
        latest = holding[-1]
        merged.cards.append(_finish(latest, card_id, codes, [(max(own), v) for own, v in versions]))
        merged.printings.extend(PrintingRow(latest.game, code, card_id) for code in codes)
    merged.cards.sort(key=lambda r: (r.game, r.card_id))
    merged.printings.sort(key=lambda p: (p.game, p.code))
    return merged


def _finish(
    base: CardRow, card_id: str, codes: list[str], versions: list[tuple[str, CardRow]]
) -> CardRow:
    """Identity facts over all versions (each with its greatest printed code): the union of
    keywords, and the text, English and Japanese labels of the greatest code that has them,
    so the order versions arrive in never matters."""
    ordered = [
        row for _, _, row in sorted((code, i, row) for i, (code, row) in enumerate(versions))
    ]
    keywords: list[str] = []
    for v in ordered:
        keywords.extend(k for k in v.keywords if k not in keywords)
    # the Japanese dump (which carries the Japanese labels) is the reference for ability
    # text; another source's text fills in only where the dump has none
    texts = [v for v in reversed(ordered) if v.text]
    with_text = next((v for v in texts if v.type_ja), texts[0] if texts else None)
    text = with_text.text if with_text else None
    union_burst = with_text.union_burst if with_text else base.union_burst
    name_en = next((v.name_en for v in reversed(ordered) if v.name_en), None)
    text_en = next((v.text_en for v in reversed(ordered) if v.text_en), None)
    # a source without Japanese labels (SVEN) must not erase the dump's class and type labels
    class_ja = next((v.class_ja for v in reversed(ordered) if v.class_ja), None)
    type_ja = next((v.type_ja for v in reversed(ordered) if v.type_ja), None)
    title = base.title
    if base.game == "sve":
        title = normalise.title_of(sorted(codes), base.traits) or next(
            (v.title for v in ordered if v.title), None
        )
    return replace(
        base,
        card_id=card_id,
        keywords=tuple(keywords),
        text=text,
        text_en=text_en,
        union_burst=union_burst,
        name_en=name_en,
        class_ja=class_ja,
        type_ja=type_ja,
        title=title,
        set_code=normalise.set_code(card_id),
        max_copies=max(v.max_copies for v in ordered),
    )
