"""The Riftbound card pool: import, identities, errata, ban list, snapshot, bad input."""

from __future__ import annotations

import csv
import io
import json
from importlib import resources
from pathlib import Path

import pytest

from cardpool.errors import InputError
from cardpool.importers import import_path
from cardpool.riftbound.cards import (
    code_from_riftbound_id,
    facts,
    keywords_in,
    official_name,
)
from cardpool.snapshot import read_snapshot
from cardpool.store import CardQuery, Store


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("ogn-007a-298", "OGN-007a"),
        ("ogn-303*-298", "OGN-303*"),
        ("ven-r01", "VEN-R01"),
        ("ven-sp2-006", "VEN-SP2"),
        ("sfd-t03", "SFD-T03"),
        ("ven-r01--6a517605ad64d2d80a4f038d", "VEN-R01"),
        ("opp-001-219", "OPP-001-219"),  # promos reuse numbers: the set size keeps them apart
        ("not an id", None),
    ],
)
def test_riftcodex_ids_to_codes(raw: str, code: str | None) -> None:
    assert code_from_riftbound_id(raw) == code


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("Jinx - Demolitionist (Alternate Art)", "Jinx, Demolitionist"),
        ("Annie - Dark Child (Starter)", "Annie, Dark Child"),
        ("Teemo - Scout (GG EZ)", "Teemo, Scout"),
        ("Recruit (271) // Buff", "Recruit // Buff"),
        ("Sona, Harmonious", "Sona, Harmonious"),
    ],
)
def test_official_names(raw: str, name: str) -> None:
    assert official_name(raw) == name


def test_keywords_from_brackets() -> None:
    assert keywords_in("[Assault 2][Quick-Draw] x [NO TEXT] [Assault]") == ("assault", "quick_draw")


@pytest.fixture(scope="module")
def imported(riftbound_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rift") / "db.duckdb"
    with Store.open(path) as store:
        report = import_path(store, riftbound_data)
    assert report.kinds == ["riftbound-banlist", "riftbound-errata", "riftcodex"]
    assert (report.cards, report.printings, report.restrictions) == (927, 1304, 12)
    assert report.warnings == []
    return path


def test_printings_resolve_to_one_identity(imported: Path) -> None:
    with Store.open(imported, read_only=True) as store:
        pool = store.pool_index("riftbound")
    for code in ("OGN-030", "OGN-030a", "VEN-168", "ogn-030A"):  # base, alt art, overnumbered
        assert pool.card_id(code) == "OGN-030"
    assert pool.card_id("OGN-301*") == pool.card_id("OPP-251-298") == "OGN-251"  # signed, metal
    legend = pool.rows["VEN-139"]  # Riftcodex: "Rogue Assassin" and "Akali - Rogue Assassin"
    assert (legend.name, legend.title, legend.card_type) == (
        "Akali, Rogue Assassin",
        "Akali",
        "legend",
    )
    assert pool.rows["VEN-155"].name == "Kennen, Heart of the Tempest"
    counts: dict[str, int] = {}
    for row in pool.rows.values():
        counts[row.card_type] = counts.get(row.card_type, 0) + 1
    assert counts["legend"] == 49
    assert counts["rune"] == 6
    assert counts["battlefield"] == 64


def test_facts(imported: Path) -> None:
    with Store.open(imported, read_only=True) as store:
        pool = store.pool_index("riftbound")
    rebel = pool.rows["OGN-202"]
    f = facts(rebel)
    assert (rebel.card_type, rebel.card_class, rebel.title, rebel.cost) == (
        "champion_unit", "chaos", "Jinx", 5,
    )  # fmt: skip
    assert (f.energy, f.power, f.might, f.supertype, f.rarity) == (5, 1, 5, "champion", "Epic")
    assert facts(pool.rows["OGS-018"]).signature  # Tibbers: a signature unit, not a champion
    assert pool.rows["OGS-018"].title == "Annie"
    assert pool.rows["VEN-097"].max_copies == 99  # Spiderling: "any number of cards named"
    assert pool.rows["OGN-251"].card_class == "fury/chaos"
    assert pool.rows["OGN-275"].card_class == "colorless"


def test_errata_applied(imported: Path) -> None:
    with Store.open(imported, read_only=True) as store:
        row = store.pool_index("riftbound").rows["OGN-107"]  # Ava Achiever (Origins errata)
    assert row.text is not None
    assert "[Errata 2025-10-28]" in row.text
    assert [e["document"] for e in json.loads(row.extra or "{}")["errata"]] == ["origins"]


def test_errata_twice_changes_nothing(imported: Path, riftbound_data: Path) -> None:
    with Store.open(imported) as store:
        before = store.pool_data("riftbound")
        import_path(store, riftbound_data / "errata_overlay.json")
        assert store.pool_data("riftbound") == before


def test_ban_list(imported: Path) -> None:
    with Store.open(imported, read_only=True) as store:
        bans = store.restrictions("riftbound")
    names = {r.name for r in bans}
    assert len(bans) == 12
    assert {"Draven, Vanquisher", "Reaver's Row", "Ekko, Recurrent"} <= names
    assert {(r.region, r.format, r.max_copies, r.since.isoformat()) for r in bans} == {
        ("global", "duel", 0, "2026-09-18")
    }


def test_search(imported: Path) -> None:
    with Store.open(imported, read_only=True) as store:
        fury = store.search(CardQuery(game="riftbound", card_class="fury", card_type="legend"))
        assert len(fury) == 16  # every legend with fury among its two domains
        jinx = store.search(CardQuery(game="riftbound", name="jinx"))
        assert set(jinx["card_id"]) == {"OGN-030", "OGN-202", "OGN-251"}


def test_snapshot_is_the_import_without_text(imported: Path) -> None:
    with Store.open(imported, read_only=True) as store:
        data = store.pool_data("riftbound")
        bans = store.restrictions("riftbound")
    snap, snap_bans = read_snapshot("riftbound")
    assert [c.facts_only() for c in data.cards] == snap.cards
    assert data.printings == snap.printings
    assert sorted(bans, key=lambda r: r.card_id) == sorted(snap_bans, key=lambda r: r.card_id)
    text = resources.files("cardpool").joinpath("data", "riftbound_cards.csv").read_text("utf-8")
    header = next(csv.reader(io.StringIO(text)))
    assert "text" not in header
    row = data.cards[0]
    assert row.text is not None
    assert row.text[:30] not in text


def test_fresh_database_has_both_games(rift_db: Path) -> None:
    with Store.open(rift_db, read_only=True) as store:
        assert store.count_cards("sve") > 3000
        assert store.count_cards("riftbound") == 927
        assert len(store.restrictions("riftbound")) == 12


@pytest.mark.parametrize(
    ("doc", "problem"),
    [
        ([{"riftbound_id": "bad id", "classification": {}}], "is not an id"),
        ([{"riftbound_id": "ogn-001-298", "classification": {"type": "Unit"}}], "no name"),
        (
            [{"riftbound_id": "ogn-001-298", "name": "X", "classification": {"type": "Boat"},
              "attributes": {}}],
            "unknown type",
        ),
        (
            [{"riftbound_id": "ogn-001-298", "name": "X", "classification": {"type": "Unit"},
              "attributes": {"energy": "five"}}],
            "not a whole number",
        ),
        ({"names": "Called Shot", "effectiveAt": "2026-09-18"}, "list of card names"),
        ({"names": [], "effectiveAt": "soon"}, "not a date"),
        ({"errata_documents": [], "entries": [{"official_name": "X"}]}, "needs 'new_text'"),
    ],
)  # fmt: skip
def test_bad_input_changes_nothing(
    rift_db: Path, tmp_path: Path, doc: object, problem: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with Store.open(rift_db) as store:
        before = (store.pool_data("riftbound"), store.restrictions("riftbound"))
        with pytest.raises(InputError, match=problem):
            import_path(store, bad)
        assert (store.pool_data("riftbound"), store.restrictions("riftbound")) == before
