"""SVE deck construction rules (CR 6.1.1, chapter 14) and restriction lists.

``validate`` is pure: a deck, the pool index and the restriction entries in, a verdict out.
Every error carries a stable code, the CR clause, a message in plain words and the cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from cardpool.deck import SVE_FORMATS, SVE_REGIONS, Deck, known
from cardpool.model import CardRow, RestrictionRow
from cardpool.nearmatch import MAX_SUGGESTED
from cardpool.normalise import MAIN_DECK_TYPES, TITLE_NAMES
from cardpool.pool import PoolIndex
from cardpool.words import class_word, region_word, title_word

MAIN_MIN, MAIN_MAX = 40, 50  # CR 6.1.1.2
EVOLVE_MAX = 10  # CR 6.1.1.3

ERROR_CODES = (
    "card.unknown", "leader.count", "main.size", "main.card_type", "evolve.size",
    "evolve.card_type", "copies.limit", "class.mismatch", "title.mismatch",
    "start_amulet.names", "restricted.banned", "restricted.limited",
)  # fmt: skip
WARNING_CODES = ("leader.missing", "title.conditions", "card.preview")


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken (or, for warnings, doubtful) construction rule."""

    code: str
    rule: str
    message: str
    cards: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``{"code", "rule", "message", "cards"}``."""
        return {
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
            "cards": list(self.cards),
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a deck is legal, and why not."""

    legal: bool
    errors: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    main_count: int
    evolve_count: int
    deck_class: str | None
    title: str | None

    def as_dict(self) -> dict[str, Any]:
        """The JSON form printed by ``decklab validate --json``."""
        return {
            "legal": self.legal,
            "errors": [e.as_dict() for e in self.errors],
            "warnings": [w.as_dict() for w in self.warnings],
            "main_count": self.main_count,
            "evolve_count": self.evolve_count,
            "class": self.deck_class,
            "title": self.title,
        }


@dataclass
class _Resolved:
    leaders: list[tuple[str, int, CardRow]] = field(default_factory=list)
    main: list[tuple[str, int, CardRow]] = field(default_factory=list)
    evolve: list[tuple[str, int, CardRow]] = field(default_factory=list)


def label(row: CardRow) -> str:
    """How a card is named in messages: code and printed name."""
    return f"{row.card_id} {row.name}"


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {plural or word + 's'}"


def assign_sections(deck: Deck, pool: PoolIndex) -> Deck:
    """Split a sectionless deck by card type: leaders, evolve-deck cards and the main deck."""
    if not deck.flat:
        return deck
    sorted_deck = Deck(game=deck.game, format=deck.format, region=deck.region, name=deck.name)
    for code, count in deck.main.items():
        row = pool.row(code)
        if row is not None and row.card_type == "leader":
            sorted_deck.add("leader", code, count)
        elif row is not None and row.special in ("evolved", "advance"):
            sorted_deck.add("evolve", code, count)
        else:
            sorted_deck.add("main", code, count)
    return sorted_deck


def in_force(
    restrictions: Iterable[RestrictionRow], region: str, fmt: str, on: date
) -> list[RestrictionRow]:
    """Entries of one region's list for one format that apply on ``on`` (``since`` <= ``on``)."""
    return [r for r in restrictions if r.region == region and r.format == fmt and r.since <= on]


def validate(
    deck: Deck,
    pool: PoolIndex,
    restrictions: Iterable[RestrictionRow] = (),
    *,
    on: date | None = None,
) -> Verdict:
    """Judge an SVE deck under CR 6.1.1 and the restriction list of its region as of ``on``.

    A region or format without a list is an ``InputError``: judged against no list, a deck
    holding a banned card would pass.
    """
    known(deck.region, SVE_REGIONS, "region")
    known(deck.format, SVE_FORMATS, "format")
    on = on or date.today()
    deck = assign_sections(deck, pool)
    errors: list[Violation] = []
    warnings: list[Violation] = []
    resolved = _resolve(deck, pool, errors)
    main_count = sum(deck.main.values())
    evolve_count = sum(deck.evolve.values())

    leader = _check_leader(resolved, errors, warnings)
    _check_sizes(main_count, evolve_count, errors)
    _check_types(resolved, errors)
    _check_copies(resolved, errors)
    deck_class, title = _check_basis(resolved, leader, errors, warnings)
    _check_start_amulets(resolved, errors)
    _check_restrictions(resolved, in_force(restrictions, deck.region, deck.format, on), errors)
    _check_preview(resolved, warnings)
    return Verdict(
        legal=not errors,
        errors=tuple(errors),
        warnings=tuple(warnings),
        main_count=main_count,
        evolve_count=evolve_count,
        deck_class=deck_class,
        title=title,
    )


def _resolve(deck: Deck, pool: PoolIndex, errors: list[Violation]) -> _Resolved:
    resolved = _Resolved()
    unknown: list[str] = []
    for section, target in (
        ("leader", resolved.leaders),
        ("main", resolved.main),
        ("evolve", resolved.evolve),
    ):
        for code, count in deck.section(section).items():
            row = pool.row(code)
            if row is None:
                unknown.append(code)
            else:
                target.append((code, count, row))
    for i, code in enumerate(unknown):
        hints = pool.suggest(code) if i < MAX_SUGGESTED else []
        hint = f"; did you mean {', '.join(hints)}?" if hints else ""
        errors.append(
            Violation("card.unknown", "6.1.1", f"{code} is not a known card{hint}", (code,))
        )
    return resolved


def _check_leader(
    resolved: _Resolved, errors: list[Violation], warnings: list[Violation]
) -> CardRow | None:
    """CR 6.1.1.1: exactly one leader card."""
    if not resolved.leaders:
        warnings.append(
            Violation(
                "leader.missing",
                "6.1.1.1",
                "no leader card: the class or title is inferred from the deck's cards",
            )
        )
        return None
    not_leaders = [row for _, _, row in resolved.leaders if row.card_type != "leader"]
    if not_leaders:
        errors.append(
            Violation(
                "leader.count",
                "6.1.1.1",
                "not leader cards, in the leader section: "
                + ", ".join(label(r) for r in not_leaders),
                tuple(r.card_id for r in not_leaders),
            )
        )
    leaders = [(count, row) for _, count, row in resolved.leaders if row.card_type == "leader"]
    total = sum(count for count, _ in leaders)
    if total > 1:
        errors.append(
            Violation(
                "leader.count",
                "6.1.1.1",
                f"{total} leader cards; a deck has exactly one: "
                + ", ".join(label(r) for _, r in leaders),
                tuple(r.card_id for _, r in leaders),
            )
        )
    return leaders[0][1] if leaders else None


def _check_sizes(main_count: int, evolve_count: int, errors: list[Violation]) -> None:
    """CR 6.1.1.2 (main 40-50) and 6.1.1.3 (evolve 0-10)."""
    if not MAIN_MIN <= main_count <= MAIN_MAX:
        errors.append(
            Violation(
                "main.size",
                "6.1.1.2",
                f"the main deck has {_plural(main_count, 'card')}; "
                f"it needs {MAIN_MIN} to {MAIN_MAX}",
            )
        )
    if evolve_count > EVOLVE_MAX:
        errors.append(
            Violation(
                "evolve.size",
                "6.1.1.3",
                f"the evolve deck has {evolve_count} cards; it may hold at most {EVOLVE_MAX}",
            )
        )


def _check_types(resolved: _Resolved, errors: list[Violation]) -> None:
    """CR 6.1.1.2: no leader, evolve, advance or token in the main deck; 6.1.1.3: evolve deck."""
    wrong_main = [
        row for _, _, row in resolved.main
        if row.card_type not in MAIN_DECK_TYPES
    ]  # fmt: skip
    if wrong_main:
        errors.append(
            Violation(
                "main.card_type",
                "6.1.1.2",
                "only followers, spells and amulets go in the main deck, not: "
                + ", ".join(f"{label(r)} ({r.card_type})" for r in wrong_main),
                tuple(r.card_id for r in wrong_main),
            )
        )
    wrong_evolve = [
        row for _, _, row in resolved.evolve
        if row.special not in ("evolved", "advance")
    ]  # fmt: skip
    if wrong_evolve:
        errors.append(
            Violation(
                "evolve.card_type",
                "6.1.1.3",
                "only evolved and advance cards go in the evolve deck, not: "
                + ", ".join(f"{label(r)} ({r.card_type})" for r in wrong_evolve),
                tuple(r.card_id for r in wrong_evolve),
            )
        )


@dataclass(frozen=True, slots=True)
class Excess:
    """A name played more often than its copy limit allows."""

    name: str
    total: int
    limit: int
    card_ids: tuple[str, ...]


def copies_over_limit(cards: Iterable[tuple[int, CardRow]]) -> list[Excess]:
    """Names whose copies (every printing counted) exceed their limit, in first-seen order.

    The limit of a name is the most generous among its cards (a card's text may raise it).
    """
    by_name: dict[str, list[tuple[int, CardRow]]] = {}
    for count, row in cards:
        by_name.setdefault(row.name, []).append((count, row))
    out = []
    for name, entries in by_name.items():
        total = sum(count for count, _ in entries)
        limit = max(row.max_copies for _, row in entries)
        if total > limit:
            ids = tuple(dict.fromkeys(row.card_id for _, row in entries))
            out.append(Excess(name, total, limit, ids))
    return out


def _check_copies(resolved: _Resolved, errors: list[Violation]) -> None:
    """CR 6.1.1.4: at most 3 of one name in each of the main and evolve decks."""
    for deck_name, cards in (("main deck", resolved.main), ("evolve deck", resolved.evolve)):
        for x in copies_over_limit((count, row) for _, count, row in cards):
            errors.append(
                Violation(
                    "copies.limit",
                    "6.1.1.4",
                    f"{x.total} copies of {x.name} ({', '.join(x.card_ids)}) in the {deck_name}; "
                    f"at most {x.limit} of one name",
                    x.card_ids,
                )
            )


def _check_basis(
    resolved: _Resolved,
    leader: CardRow | None,
    errors: list[Violation],
    warnings: list[Violation],
) -> tuple[str | None, str | None]:
    """CR 6.1.1.5: every card fits the leader's class (or is neutral), or shares its title."""
    cards = [(count, row) for _, count, row in resolved.main + resolved.evolve]
    if leader is not None:
        deck_class, title = leader.card_class, leader.title
    else:
        deck_class, title = _infer_basis(cards)
    class_off = (
        [row for _, row in cards if row.card_class not in (deck_class, "neutral")]
        if deck_class is not None
        else None
    )
    title_off = [row for _, row in cards if row.title != title] if title is not None else None
    if class_off == []:
        if title_off != []:
            return deck_class, None
        # both bases hold (CR 6.2.1.3: the player declares one): a title deck only if it
        # meets that title's own conditions, else a class deck, legal as such
        unmet = _title_conditions(title, [row for _, row in cards])
        for problem in unmet:
            warnings.append(
                Violation(
                    "title.conditions",
                    problem.rule,
                    f"judged on its class (CR 6.1.1.5.1), not as a title deck: "
                    f"{problem.message}; on its class the title's own abilities do not work",
                )
            )
        return deck_class, None if unmet else title
    if title_off == []:
        errors.extend(_title_conditions(title, [row for _, row in cards]))
        # a title deck has a class only through its leader; without one its cards span classes
        return (deck_class if leader is not None and deck_class != "neutral" else None), title
    prefer_title = title_off is not None and (class_off is None or len(title_off) < len(class_off))
    if prefer_title and title_off is not None:
        offenders = list(dict.fromkeys(title_off))
        title_name = title_word(title) or TITLE_NAMES.get(title or "", title)
        errors.append(
            Violation(
                "title.mismatch",
                "6.1.1.5.2",
                f"a title deck of {title_name} may hold only cards of that title, not: "
                + ", ".join(label(r) for r in offenders),
                tuple(r.card_id for r in offenders),
            )
        )
        return None, title
    offenders = list(dict.fromkeys(class_off or [row for _, row in cards]))
    errors.append(
        Violation(
            "class.mismatch",
            "6.1.1.5.1",
            f"a {class_word(deck_class) or 'class'} deck may hold only "
            f"{class_word(deck_class) or 'one class'} and Neutral cards, not: "
            + ", ".join(
                f"{label(r)} ({class_word(r.card_class) or 'no class'})" for r in offenders
            ),
            tuple(r.card_id for r in offenders),
        )
    )
    return deck_class, None


def _infer_basis(cards: list[tuple[int, CardRow]]) -> tuple[str | None, str | None]:
    """Without a leader: the most-played non-neutral class and the most-played title."""
    classes: Counter[str] = Counter()
    titles: Counter[str] = Counter()
    for count, row in cards:
        if row.card_class and row.card_class != "neutral":
            classes[row.card_class] += count
        if row.title:
            titles[row.title] += count
    deck_class = classes.most_common(1)[0][0] if classes else ("neutral" if cards else None)
    title = titles.most_common(1)[0][0] if titles else None
    return deck_class, title


def _title_conditions(title: str | None, rows: list[CardRow]) -> list[Violation]:
    """CR 6.1.1.5.2.1 and chapter 14: construction conditions of particular titles unmet."""
    if title != "vanguard":
        return []
    if not any("start_amulet" in row.keywords for row in rows):
        return [
            Violation(
                "title.mismatch",
                "14.4.2.1.1",
                "a Cardfight!! Vanguard title deck needs at least one card with Start Amulet "
                "and this deck has none",
            )
        ]
    return []


def _check_start_amulets(resolved: _Resolved, errors: list[Violation]) -> None:
    """CR 14.4.4.1.1: the Start Amulet cards of a deck (any deck, not only a title's) share a name.

    Start Amulet is a construction-changing ability of the card itself (CR 6.1.2, 14.4.4.1),
    so it binds every deck that holds such a card, whatever the deck's class or title.
    """
    starts = [
        row for _, _, row in resolved.main + resolved.evolve
        if "start_amulet" in row.keywords
    ]  # fmt: skip
    names = sorted({row.name for row in starts})
    if len(names) > 1:
        errors.append(
            Violation(
                "start_amulet.names",
                "14.4.4.1.1",
                "Start Amulet cards of different names in one deck: "
                + ", ".join(names)
                + "; a deck may hold Start Amulet cards of one name only",
                tuple(dict.fromkeys(row.card_id for row in starts)),
            )
        )


PREVIEW_RULE = "preview set"
"""The ``rule`` of the preview warning: not a construction rule, a fact of the card data."""


def _check_preview(resolved: _Resolved, warnings: list[Violation]) -> None:
    """Cards of a set still being previewed: legal as printed, but their facts may change
    before release, and no tournament allows them before it."""
    rows = list(
        dict.fromkeys(
            row for _, _, row in resolved.leaders + resolved.main + resolved.evolve if row.preview
        )
    )
    if rows:
        warnings.append(
            Violation(
                "card.preview",
                PREVIEW_RULE,
                f"{_plural(len(rows), 'preview card')} (not released yet; their facts may "
                "still change): " + ", ".join(label(r) for r in rows),
                tuple(r.card_id for r in rows),
            )
        )


def _check_restrictions(
    resolved: _Resolved, entries: list[RestrictionRow], errors: list[Violation]
) -> None:
    """The region's restriction list: banned cards 0 copies, limited cards 1 copy."""
    if not entries:
        return
    counts: Counter[str] = Counter()
    rows: dict[str, CardRow] = {}
    for _, count, row in resolved.leaders + resolved.main + resolved.evolve:
        counts[row.card_id] += count
        rows[row.card_id] = row
    for entry in entries:
        have = counts.get(entry.card_id, 0)
        if have <= entry.max_copies:
            continue
        row = rows[entry.card_id]
        rule = f"{entry.region}/{entry.format} list, since {entry.since.isoformat()}"
        if entry.max_copies == 0:
            errors.append(
                Violation(
                    "restricted.banned",
                    rule,
                    f"{label(row)} is banned in {region_word(entry.region)} since "
                    f"{entry.since.isoformat()} "
                    f"({_plural(have, 'copy', 'copies')} in the deck)",
                    (row.card_id,),
                )
            )
        else:
            errors.append(
                Violation(
                    "restricted.limited",
                    rule,
                    f"{label(row)} is limited to {entry.max_copies} in "
                    f"{region_word(entry.region)} since "
                    f"{entry.since.isoformat()}; the deck has {have}",
                    (row.card_id,),
                )
            )
