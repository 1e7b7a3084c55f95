"""Riftbound fixtures: the embedded pool (no reference data needed) and deck builders."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpool.deck import Deck
from cardpool.model import RestrictionRow
from cardpool.pool import PoolIndex
from cardpool.riftbound.cards import facts
from cardpool.snapshot import read_snapshot
from cardpool.store import Store


@pytest.fixture(scope="session")
def rift_pool() -> PoolIndex:
    """The Riftbound pool of the embedded snapshot."""
    data, _ = read_snapshot("riftbound")
    return PoolIndex.from_data("riftbound", data)


@pytest.fixture(scope="session")
def rift_bans() -> list[RestrictionRow]:
    """The Duel ban list of the embedded snapshot (effective 2026-09-18)."""
    return read_snapshot("riftbound")[1]


def fillers(pool: PoolIndex, domains: set[str], n: int) -> list[str]:
    """The first ``n`` main-deck cards of one of ``domains``: no champion, signature or ban."""
    banned = {r.card_id for r in read_snapshot("riftbound")[1]}
    out = []
    for cid, row in sorted(pool.rows.items()):
        if (
            row.card_type in ("unit", "spell", "gear")
            and row.card_class in domains
            and not facts(row).signature
            and row.max_copies == 3
            and cid not in banned
        ):
            out.append(cid)
        if len(out) == n:
            return out
    raise AssertionError(f"only {len(out)} fillers in {domains}")


def jinx_deck(pool: PoolIndex) -> Deck:
    """A legal Jinx, Loose Cannon deck (fury/chaos) of real cards: 1 + 39 + 12 + 3."""
    deck = Deck(game="riftbound", format="duel", region="global", name="jinx")
    deck.legend = {"OGN-251": 1}
    deck.champion = {"OGN-030": 1}  # Jinx, Demolitionist
    deck.main = {cid: 3 for cid in fillers(pool, {"fury", "chaos"}, 13)}
    deck.runes = {"OGN-007": 6, "OGN-166": 6}
    deck.battlefields = {"OGN-275": 1, "OGN-277": 1, "OGN-278": 1}
    return deck


def ornn_deck(pool: PoolIndex) -> Deck:
    """A legal Ornn, Fire Below the Mountain deck (calm/mind) with its signature gear."""
    deck = Deck(game="riftbound", format="duel", region="global", name="ornn")
    deck.legend = {"SFD-189": 1}
    deck.champion = {"SFD-058": 1}  # Ornn, Blacksmith
    deck.main = {cid: 3 for cid in fillers(pool, {"calm", "mind"}, 12)}
    deck.main["SFD-190"] = 2
    deck.main["SFD-191"] = 1
    deck.runes = {"OGN-042": 6, "OGN-089": 6}
    deck.battlefields = {"OGN-275": 1, "OGN-277": 1, "OGN-278": 1}
    return deck


@pytest.fixture
def rift_db(tmp_path: Path) -> Path:
    """A database file built from the embedded snapshots."""
    path = tmp_path / "rift.duckdb"
    with Store.open(path) as store:
        store.ensure_default()
    return path
