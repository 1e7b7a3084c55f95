"""Riftbound deck construction rules (CR 103, TR 402.1 / 601) and the ban list.

``validate`` is pure: a deck, the pool index and the restriction entries in, a verdict out,
in the same JSON shape as the SVE verdict. Rule citations are to the Core Rules (CR) and
Tournament Rules (TR) dated ``RULES_VERSION``; numbers move between rules versions.
"""

from __future__ import annotations

import difflib
import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from cardpool.deck import RIFTBOUND_SECTIONS, Deck
from cardpool.legality import Violation, copies_over_limit, in_force
from cardpool.model import CardRow, RestrictionRow
from cardpool.nearmatch import MAX_SUGGESTED
from cardpool.pool import PoolIndex
from cardpool.riftbound.cards import (
    MAIN_DECK_TYPES,
    domains_of,
    facts,
    is_code,
    label,
    name_key,
)
from cardpool.riftbound.decklist import DEFAULT_FORMAT

RULES_VERSION = "CR and TR of 2026-07-16"
MAIN_SIZE = 40  # TR 402.1 (exactly, constructed); CR 103.2 (at least)
RUNES = 12  # CR 103.3.a
BATTLEFIELDS = 3  # TR 402.1; CR 485.4.a (Duel), 489.4.a (2v2)
SIGNATURE_MAX = 3  # CR 103.2.d
SIDEBOARD_MAX = 10  # TR 601.1.c.1
BAN_REGION = "global"

ERROR_CODES = (
    "card.unknown", "legend.count", "champion.missing", "champion.count", "champion.tag",
    "section.card_type", "main.size", "copies.limit", "domain.mismatch", "signature.limit",
    "signature.tag", "runes.count", "runes.domain", "battlefields.count",
    "battlefields.duplicate", "sideboard.size", "restricted.banned",
)  # fmt: skip
WARNING_CODES = ("champion.inferred",)

Line = tuple[str, int, CardRow]
"""A resolved deck line: the card as written, its count and its card."""


@dataclass(frozen=True, slots=True)
class RiftboundVerdict:
    """Whether a Riftbound deck is legal, and why not (the SVE verdict's shape plus counts)."""

    legal: bool
    errors: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    main_count: int
    rune_count: int
    battlefield_count: int
    sideboard_count: int
    domains: str | None
    champion_tag: str | None
    legend: str | None = None
    champion: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The JSON form printed by ``decklab validate --json`` (see the README)."""
        return {
            "legal": self.legal,
            "errors": [e.as_dict() for e in self.errors],
            "warnings": [w.as_dict() for w in self.warnings],
            "main_count": self.main_count,
            "evolve_count": 0,
            "class": self.domains,
            "title": self.champion_tag,
            "game": "riftbound",
            "rune_count": self.rune_count,
            "battlefield_count": self.battlefield_count,
            "sideboard_count": self.sideboard_count,
            "legend": self.legend,
            "champion": self.champion,
            "rules_version": RULES_VERSION,
        }


class Resolver:
    """Finds the card a deck line means: a printed code (any print) or a name."""

    def __init__(self, pool: PoolIndex):
        self.pool = pool
        self._names: dict[str, list[CardRow]] = {}
        for row in pool.rows.values():
            self._names.setdefault(name_key(row.name), []).append(row)

    def row(self, entry: str, section: str = "main") -> CardRow | None:
        """The card for a code or name as written in ``section`` (``None`` if unknown)."""
        if is_code(entry):
            row = self.pool.row(entry)
            if row is None and entry.endswith("s"):  # signed prints: OGN-007s is OGN-007*
                row = self.pool.row(entry[:-1] + "*")
            return row
        rows = self._names.get(name_key(entry), [])
        if not rows and section == "runes":  # 'Fury' in a rune section is the Fury Rune
            rows = self._names.get(name_key(entry + " Rune"), [])
        wanted = {"legend": {"legend"}, "runes": {"rune"}, "battlefields": {"battlefield"}}
        fitting = [r for r in rows if r.card_type in wanted.get(section, MAIN_DECK_TYPES)]
        best = fitting or rows
        return best[0] if best else None

    def suggest(self, entry: str) -> list[str]:
        """Codes or names that look like ``entry``."""
        if is_code(entry):
            return self.pool.suggest(entry)
        keys = difflib.get_close_matches(name_key(entry), list(self._names), n=3, cutoff=0.7)
        return [self._names[k][0].name for k in keys]


@functools.lru_cache(maxsize=4)
def _resolver(pool: PoolIndex) -> Resolver:
    return Resolver(pool)


def resolver(pool: PoolIndex) -> Resolver:
    """A (cached) resolver over ``pool``."""
    return _resolver(pool)


@dataclass
class Resolved:
    """A deck's lines with their cards, by section, and the lines no card matched."""

    sections: dict[str, list[Line]] = field(
        default_factory=lambda: {s: [] for s in RIFTBOUND_SECTIONS}
    )
    unknown: list[tuple[str, str]] = field(default_factory=list)
    unknown_counts: Counter[str] = field(default_factory=Counter)
    """Copies written on unknown lines, by section: still part of the deck's size."""

    def cards(self, *sections: str) -> list[Line]:
        """The lines of the named sections, in order."""
        return [line for s in sections for line in self.sections[s]]

    def count(self, *sections: str) -> int:
        """How many cards the named sections hold, lines of unknown cards included.

        A typo is reported once, as ``card.unknown``; the sizes count it as the card it was
        meant to be, so a 40-card list with one misspelt line is not also ``main.size``.
        """
        known = sum(n for _, n, _ in self.cards(*sections))
        return known + sum(self.unknown_counts[s] for s in sections)


def resolve(deck: Deck, pool: PoolIndex) -> Resolved:
    """Every line of ``deck`` with its card; a deck from one flat list is split by card type."""
    finder = resolver(pool)
    out = Resolved()
    for section in RIFTBOUND_SECTIONS:
        for entry, count in deck.section(section).items():
            row = finder.row(entry, section)
            if row is None:
                out.unknown.append((section, entry))
                out.unknown_counts[section] += count
                continue
            target = section
            if deck.flat and section == "main":
                target = {"legend": "legend", "rune": "runes", "battlefield": "battlefields"}.get(
                    row.card_type, "main"
                )
            out.sections[target].append((entry, count, row))
    if deck.flat:
        for _, _, champion in out.sections["champion"]:
            _take_one(out, champion.card_id)
    return out


def _take_one(resolved: Resolved, card_id: str) -> bool:
    """Move nothing, remove one copy of ``card_id`` from the main lines (it is the champion)."""
    lines = resolved.sections["main"]
    for i, (entry, count, row) in enumerate(lines):
        if row.card_id == card_id:
            if count > 1:
                lines[i] = (entry, count - 1, row)
            else:
                del lines[i]
            return True
    return False


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def validate(
    deck: Deck,
    pool: PoolIndex,
    restrictions: Iterable[RestrictionRow] = (),
    *,
    on: date | None = None,
) -> RiftboundVerdict:
    """Judge a Riftbound deck under CR 103 / TR 402.1 and, in Duel, the ban list as of ``on``."""
    on = on or date.today()
    fmt = deck.format if deck.format in ("duel", "casual") else DEFAULT_FORMAT
    resolved = resolve(deck, pool)
    errors: list[Violation] = []
    warnings: list[Violation] = []
    finder = resolver(pool)
    for i, (section, entry) in enumerate(resolved.unknown):
        hints = finder.suggest(entry) if i < MAX_SUGGESTED else []
        hint = f"; did you mean {', '.join(hints)}?" if hints else ""
        errors.append(
            Violation(
                "card.unknown", "CR 103", f"{entry} ({section}) is not a known card{hint}", (entry,)
            )
        )
    legend = _check_legend(resolved, errors)
    tag = legend.title if legend else None
    identity = set(domains_of(legend)) if legend else None
    champion = _check_champion(resolved, legend, errors, warnings)
    _check_section_types(resolved, errors)
    main_count = resolved.count("champion", "main")
    _check_main_size(main_count, fmt, errors)
    _check_copies(resolved, errors)
    if identity is not None and legend is not None:
        _check_domains(resolved, legend, identity, errors)
    _check_signatures(resolved, tag, errors)
    _check_runes(resolved, legend, identity, errors)
    _check_battlefields(resolved, errors)
    sideboard_count = resolved.count("sideboard")
    if fmt == "duel" and sideboard_count > SIDEBOARD_MAX:
        errors.append(
            Violation(
                "sideboard.size",
                "TR 601.1.c.1",
                f"the sideboard has {sideboard_count} cards; at most {SIDEBOARD_MAX}",
            )
        )
    if fmt == "duel":
        _check_bans(resolved, in_force(restrictions, BAN_REGION, "duel", on), on, errors)
    return RiftboundVerdict(
        legal=not errors,
        errors=tuple(errors),
        warnings=tuple(warnings),
        main_count=main_count,
        rune_count=resolved.count("runes"),
        battlefield_count=resolved.count("battlefields"),
        sideboard_count=sideboard_count,
        domains=legend.card_class if legend else None,
        champion_tag=tag,
        legend=legend.card_id if legend else None,
        champion=champion.card_id if champion else None,
    )


def _check_legend(resolved: Resolved, errors: list[Violation]) -> CardRow | None:
    """CR 103.1: exactly one Champion Legend."""
    lines = resolved.sections["legend"]
    wrong = [row for _, _, row in lines if row.card_type != "legend"]
    if wrong:
        errors.append(
            Violation(
                "legend.count",
                "CR 103.1",
                "not legend cards, in the legend section: " + ", ".join(label(r) for r in wrong),
                tuple(r.card_id for r in wrong),
            )
        )
    legends = [(n, row) for _, n, row in lines if row.card_type == "legend"]
    total = sum(n for n, _ in legends)
    if total != 1:
        names = ", ".join(label(r) for _, r in legends)
        errors.append(
            Violation(
                "legend.count",
                "CR 103.1",
                f"{total} legend cards; a deck has exactly one" + (f": {names}" if names else ""),
                tuple(r.card_id for _, r in legends),
            )
        )
    return legends[0][1] if legends else None


def _check_champion(
    resolved: Resolved,
    legend: CardRow | None,
    errors: list[Violation],
    warnings: list[Violation],
) -> CardRow | None:
    """CR 103.2.a.2: a champion unit whose champion tag matches the legend's."""
    lines = resolved.sections["champion"]
    tag = legend.title if legend else None
    if not lines:
        candidates = [
            (n, row) for _, n, row in resolved.sections["main"]
            if row.card_type == "champion_unit" and tag is not None and row.title == tag
        ]  # fmt: skip
        if not candidates:
            errors.append(
                Violation(
                    "champion.missing",
                    "CR 103.2.a",
                    "no chosen champion: name one in a Champion section; it must be a champion "
                    f"unit of the legend's champion ({tag or 'no legend'})",
                )
            )
            return None
        chosen = max(candidates, key=lambda c: c[0])[1]  # most copies; first listed on ties
        _take_one(resolved, chosen.card_id)
        resolved.sections["champion"].append((chosen.card_id, 1, chosen))
        warnings.append(
            Violation(
                "champion.inferred",
                "CR 103.2.a",
                f"no Champion section: {label(chosen)} from the main deck is taken as the chosen "
                "champion",
                (chosen.card_id,),
            )
        )
        return chosen
    total = sum(n for _, n, _ in lines)
    if total > 1:
        errors.append(
            Violation(
                "champion.count",
                "CR 103.2.a",
                f"{total} cards in the Champion section; the chosen champion is one card "
                "(other copies go in the main deck)",
                tuple(dict.fromkeys(row.card_id for _, _, row in lines)),
            )
        )
    chosen = lines[0][2]
    if chosen.card_type != "champion_unit":
        errors.append(
            Violation(
                "champion.tag",
                "CR 103.2.a.2",
                f"{label(chosen)} is a {chosen.card_type.replace('_', ' ')}, not a champion unit",
                (chosen.card_id,),
            )
        )
    elif tag is not None and chosen.title != tag:
        errors.append(
            Violation(
                "champion.tag",
                "CR 103.2.a.2",
                f"the chosen champion {label(chosen)} is {chosen.title}, "
                f"but the legend {label(legend) if legend else ''} is {tag}",
                (chosen.card_id,),
            )
        )
    return chosen


_SECTION_TYPES = {
    "main": MAIN_DECK_TYPES,
    "sideboard": MAIN_DECK_TYPES,
    "runes": frozenset({"rune"}),
    "battlefields": frozenset({"battlefield"}),
}
_SECTION_RULES = {
    "main": "CR 103.2",
    "sideboard": "TR 601.1.c",
    "runes": "CR 103.3",
    "battlefields": "CR 103.4",
}


def _check_section_types(resolved: Resolved, errors: list[Violation]) -> None:
    """Units, gear and spells in the main deck and sideboard; runes and battlefields apart."""
    for section, allowed in _SECTION_TYPES.items():
        wrong = [row for _, _, row in resolved.sections[section] if row.card_type not in allowed]
        if wrong:
            errors.append(
                Violation(
                    "section.card_type",
                    _SECTION_RULES[section],
                    f"not allowed in the {section}: "
                    + ", ".join(f"{label(r)} ({r.card_type.replace('_', ' ')})" for r in wrong),
                    tuple(dict.fromkeys(r.card_id for r in wrong)),
                )
            )


def _check_main_size(main_count: int, fmt: str, errors: list[Violation]) -> None:
    """TR 402.1: exactly 40 in constructed play; CR 103.2: at least 40 outside tournaments."""
    if fmt == "duel" and main_count != MAIN_SIZE:
        errors.append(
            Violation(
                "main.size",
                "TR 402.1",
                f"the main deck has {_plural(main_count, 'card')} with the chosen champion; "
                f"a constructed deck has exactly {MAIN_SIZE}",
            )
        )
    elif fmt == "casual" and main_count < MAIN_SIZE:
        errors.append(
            Violation(
                "main.size",
                "CR 103.2",
                f"the main deck has {_plural(main_count, 'card')} with the chosen champion; "
                f"it needs at least {MAIN_SIZE}",
            )
        )


def _check_copies(resolved: Resolved, errors: list[Violation]) -> None:
    """CR 103.2.b: at most 3 of a name, the champion included; TR 601.1.c.3: with the sideboard."""
    cards = (
        (count, row)
        for _, count, row in resolved.cards("champion", "main", "sideboard")
        if row.card_type in MAIN_DECK_TYPES
    )
    for x in copies_over_limit(cards):
        errors.append(
            Violation(
                "copies.limit",
                "CR 103.2.b",
                f"{x.total} copies of {x.name} ({', '.join(x.card_ids)}) in the main deck, "
                f"champion and sideboard together; at most {x.limit} of one name",
                x.card_ids,
            )
        )


def _check_domains(
    resolved: Resolved, legend: CardRow, identity: set[str], errors: list[Violation]
) -> None:
    """CR 103.1.b.3-4: every domain of a card is one of the legend's (colorless fits all)."""
    off = [
        row for _, _, row in resolved.cards("champion", "main", "sideboard", "battlefields")
        if not set(domains_of(row)) <= identity
    ]  # fmt: skip
    if off:
        multi = any(len(domains_of(r)) > 1 for r in off)
        errors.append(
            Violation(
                "domain.mismatch",
                "CR 103.1.b.4" if multi else "CR 103.1.b.3",
                f"outside the domains of {label(legend)} ({legend.card_class}): "
                + ", ".join(f"{label(r)} ({r.card_class})" for r in dict.fromkeys(off)),
                tuple(dict.fromkeys(r.card_id for r in off)),
            )
        )


def _check_signatures(resolved: Resolved, tag: str | None, errors: list[Violation]) -> None:
    """CR 103.2.d: at most 3 signature cards in the main deck, all of the legend's champion."""
    main = [(n, row) for _, n, row in resolved.cards("main") if facts(row).signature]
    total = sum(n for n, _ in main)
    if total > SIGNATURE_MAX:
        errors.append(
            Violation(
                "signature.limit",
                "CR 103.2.d.1",
                f"{total} signature cards in the main deck; at most {SIGNATURE_MAX} whatever "
                "their names: " + ", ".join(label(r) for _, r in main),
                tuple(dict.fromkeys(r.card_id for _, r in main)),
            )
        )
    every = [row for _, _, row in resolved.cards("main", "sideboard") if facts(row).signature]
    wrong = [row for row in every if tag is not None and row.title != tag]
    if wrong:
        errors.append(
            Violation(
                "signature.tag",
                "CR 103.2.d.2",
                f"signature cards of another champion than {tag}: "
                + ", ".join(f"{label(r)} ({r.title})" for r in dict.fromkeys(wrong)),
                tuple(dict.fromkeys(r.card_id for r in wrong)),
            )
        )


def _check_runes(
    resolved: Resolved, legend: CardRow | None, identity: set[str] | None, errors: list[Violation]
) -> None:
    """CR 103.3.a: exactly 12 runes; 103.3.a.1: of the legend's domains."""
    total = resolved.count("runes")
    if total != RUNES:
        errors.append(
            Violation(
                "runes.count",
                "CR 103.3.a",
                f"the rune deck has {_plural(total, 'rune')}; it needs exactly {RUNES}",
            )
        )
    if identity is None or legend is None:
        return
    off = [
        row for _, _, row in resolved.sections["runes"]
        if row.card_type == "rune" and not set(domains_of(row)) <= identity
    ]  # fmt: skip
    if off:
        errors.append(
            Violation(
                "runes.domain",
                "CR 103.3.a.1",
                f"runes outside the domains of {label(legend)} ({legend.card_class}): "
                + ", ".join(label(r) for r in dict.fromkeys(off)),
                tuple(dict.fromkeys(r.card_id for r in off)),
            )
        )


def _check_battlefields(resolved: Resolved, errors: list[Violation]) -> None:
    """TR 402.1 / CR 485.4.a: three battlefields; CR 103.4.c: no two of one name."""
    lines = resolved.sections["battlefields"]
    total = sum(n for _, n, _ in lines)
    if total != BATTLEFIELDS:
        errors.append(
            Violation(
                "battlefields.count",
                "TR 402.1",
                f"{_plural(total, 'battlefield')}; a deck brings exactly {BATTLEFIELDS}",
            )
        )
    names: Counter[str] = Counter()
    for _, n, row in lines:
        names[row.name] += n
    doubled = [name for name, n in names.items() if n > 1]
    if doubled:
        ids = tuple(dict.fromkeys(row.card_id for _, _, row in lines if row.name in doubled))
        errors.append(
            Violation(
                "battlefields.duplicate",
                "CR 103.4.c",
                "battlefields of one name: "
                + ", ".join(f"{names[name]} x {name}" for name in doubled),
                ids,
            )
        )


def _check_bans(
    resolved: Resolved, entries: list[RestrictionRow], on: date, errors: list[Violation]
) -> None:
    """The Duel ban list in force on ``on``."""
    if not entries:
        return
    counts: Counter[str] = Counter()
    rows: dict[str, CardRow] = {}
    for section in RIFTBOUND_SECTIONS:
        for _, n, row in resolved.sections[section]:
            counts[row.card_id] += n
            rows[row.card_id] = row
    for entry in entries:
        have = counts.get(entry.card_id, 0)
        if have <= entry.max_copies:
            continue
        row = rows[entry.card_id]
        errors.append(
            Violation(
                "restricted.banned",
                f"{entry.format} ban list, since {entry.since.isoformat()}",
                f"{label(row)} is banned in {entry.format.capitalize()} since "
                f"{entry.since.isoformat()} ({_plural(have, 'copy', 'copies')} in the deck)",
                (row.card_id,),
            )
        )


def draw_pile(deck: Deck, pool: PoolIndex) -> tuple[dict[str, int], str | None]:
    """The cards draws come from (CR 110-118): the main deck without the chosen champion.

    Returns card id -> copies (39 for a legal deck) and the champion's card id (inferred from
    the main deck as ``validate`` does when the list has no Champion section). Unknown cards
    are left out; ``validate`` names them.
    """
    resolved = resolve(deck, pool)
    legend = next((r for _, _, r in resolved.sections["legend"] if r.card_type == "legend"), None)
    champion = _check_champion(resolved, legend, [], [])
    pile: Counter[str] = Counter()
    for _, count, row in resolved.sections["main"]:
        pile[row.card_id] += count
    return dict(pile), champion.card_id if champion else None
