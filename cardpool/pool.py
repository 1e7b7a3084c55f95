"""An in-memory index of one game's card pool: resolves any printed code to its identity."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from cardpool.model import CardRow, PoolData
from cardpool.nearmatch import NearIndex
from engine.cards import CardRecord


class PoolIndex:
    """Lookups over one game's pool: printing code -> card, name -> cards, near matches."""

    def __init__(self, game: str, cards: Iterable[CardRow], printings: dict[str, str]):
        self.game = game
        self.rows: dict[str, CardRow] = {row.card_id: row for row in cards}
        self.records: dict[str, CardRecord] = {
            cid: row.to_record() for cid, row in self.rows.items()
        }
        self._printings = {code.upper(): cid for code, cid in printings.items()}
        # each code as printed (CSD02b-007): lookups ignore case, answers keep the spelling
        self._spelling = {code.upper(): code for code in printings}
        for cid in self.rows:
            self._printings.setdefault(cid.upper(), cid)
            self._spelling.setdefault(cid.upper(), cid)
        self._by_name: dict[str, list[str]] = {}
        for cid, row in self.rows.items():
            self._by_name.setdefault(row.name, []).append(cid)
            if row.name_en:
                self._by_name.setdefault(row.name_en.lower(), []).append(cid)

    @classmethod
    def from_data(cls, game: str, data: PoolData) -> PoolIndex:
        """Build the index from a ``PoolData`` of ``game``."""
        cards = [c for c in data.cards if c.game == game]
        printings = {p.code: p.card_id for p in data.printings if p.game == game}
        return cls(game, cards, printings)

    def __len__(self) -> int:
        return len(self.rows)

    def printed_codes(self) -> dict[str, str]:
        """Every printed code (as printed) with the identity it belongs to."""
        return {self._spelling[code]: cid for code, cid in self._printings.items()}

    def card_id(self, code: str) -> str | None:
        """The identity of a printed code (case-insensitive), or ``None`` if unknown."""
        return self._printings.get(code.strip().upper())

    def row(self, code: str) -> CardRow | None:
        """The stored row for a printed code, or ``None``."""
        cid = self.card_id(code)
        return None if cid is None else self.rows[cid]

    def record(self, code: str) -> CardRecord | None:
        """The engine record for a printed code, or ``None``."""
        cid = self.card_id(code)
        return None if cid is None else self.records[cid]

    def by_name(self, name: str) -> list[CardRow]:
        """Cards with exactly this printed (or English) name."""
        ids = self._by_name.get(name.strip()) or self._by_name.get(name.strip().lower(), [])
        return [self.rows[cid] for cid in ids]

    def printings_of(self, card_id: str) -> list[str]:
        """Every printed code of one identity, sorted."""
        return sorted(
            self._spelling[code] for code, cid in self._printings.items() if cid == card_id
        )

    @cached_property
    def _near_codes(self) -> NearIndex:
        return NearIndex(self._printings)

    @cached_property
    def _near_names(self) -> NearIndex:
        return NearIndex(self._by_name)

    def suggest(self, code: str, limit: int = 3) -> list[str]:
        """Printed codes or names that look like ``code``: for 'did you mean' messages.

        Looked up in indexes (``cardpool.nearmatch``), so an unknown code costs little.
        """
        matches = self._near_codes.near(code.strip().upper(), n=limit, cutoff=0.75)
        if matches:
            return [self._spelling[m] for m in matches]
        return self._near_names.near(code.strip(), n=limit)
