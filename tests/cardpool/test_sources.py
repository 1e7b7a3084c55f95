"""One SVE pool from the Japanese dump and the SVEN set files, whatever the order of import.

SVEN is a full card source: the sets the dump lacks come in with every printing, evolved
card, token and leader; for the cards both hold the dump's facts stay, SVEN adds what the
dump lost (the Quick icon, Union Burst labels, English names and text, the preview flag),
and every fact on which they differ is listed.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardpool import sources
from cardpool.errors import InputError
from cardpool.importers import import_path, import_paths, read_sources, read_sve_pool
from cardpool.importers.sven import UNIVERSE_TITLES, english, quick_icon
from cardpool.model import Disagreement, PoolData
from cardpool.store import Store

SMALL = (
    "cards_ja/SD01.json", "cards_ja/SP01.json", "cards_ja/PR.json", "cards_ja/DSD01.json",
    "cards_ja/BP03.json", "sven/SD01.json", "sven/SP01.json", "sven/PR.json",
    "sven/DSD01a.json", "sven/BP21.json", "sven/BP03.json", "sven/LCS01.json",
    "sven/EBD01.json",
)  # fmt: skip
"""Files whose cards meet across products and sources: reprints (SD01, SP01, PR), a card
SVEN files under another set (BP21-PR10 is DSD01a-009), a printing the two sources give to
different cards (BP03-026), a leader reprinted in LCS01 (EBD01-LD01)."""


def everything(pool: PoolData, disagreements: list[Disagreement]) -> tuple[Any, ...]:
    """Every stored field of every card (text included), the printings, the disagreements."""
    return (
        sorted(dataclasses.astuple(c) for c in pool.cards),
        sorted(dataclasses.astuple(p) for p in pool.printings),
        sorted(dataclasses.astuple(d) for d in disagreements),
    )


@functools.cache
def at_once(root: Path) -> tuple[Any, ...]:
    """The pool of every small file imported at once."""
    return everything(*read_sve_pool([root / name for name in SMALL]))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(order=st.permutations(range(len(SMALL))), cuts=st.sets(st.integers(1, len(SMALL) - 1)))
def test_any_order_of_imports_gives_the_same_pool(
    sve_data: Path, order: list[int], cuts: set[int]
) -> None:
    """The files imported in any order, in any batches, make the pool importing them all
    at once makes: every fact, text, English text, label and disagreement."""
    files = [SMALL[i] for i in order]
    bounds = [0, *sorted(cuts), len(files)]
    stored: dict[str, PoolData] = {}
    for start, end in itertools.pairwise(bounds):
        batch = [sve_data / name for name in files[start:end]]
        stored = sources.add(stored, read_sources(batch))
    assert everything(*sources.combine(stored)) == at_once(sve_data)


TABLES = ("cards", "printings", "source_cards", "source_printings", "disagreements")


def database(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the card tables (the import log aside: it has times)."""
    return {
        t: sorted(map(repr, store.con.execute(f"SELECT * FROM cardpool.{t}").fetchall()))
        for t in TABLES
    }


@pytest.fixture(scope="module")
def full(sve_data: Path) -> Store:
    """A database from the embedded snapshot after importing the dump and SVEN at once."""
    store = Store.memory()
    import_paths(store, [sve_data / "cards_ja", sve_data / "sven"])
    return store


@pytest.mark.parametrize("first", ["cards_ja", "sven"])
def test_the_order_of_the_dump_and_sven_never_matters(
    first: str, full: Store, sve_data: Path
) -> None:
    """The dump then SVEN, SVEN then the dump, or both in one command: the same database."""
    store = Store.memory()
    second = "sven" if first == "cards_ja" else "cards_ja"
    import_path(store, sve_data / first)
    import_path(store, sve_data / second)
    assert database(store) == database(full)


def sven_cards(sve_data: Path) -> dict[str, dict[str, Any]]:
    """Every SVEN card entry by its id, read at test time."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((sve_data / "sven").glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            out[card["id"]] = card
    return out


def test_sven_brings_the_sets_the_dump_lacks(full: Store) -> None:
    """BP19-BP22 and LCS01 as full cards: printings of other products included, evolved
    cards, tokens, crests, leaders and traits."""
    pool = full.pool_index()
    sets = Counter(r.set_code for r in pool.rows.values())
    assert {s: sets[s] for s in ("BP19", "BP20", "BP21", "BP22")} == {
        "BP19": 122, "BP20": 137, "BP21": 126, "BP22": 121,
    }  # fmt: skip
    assert pool.card_id("PCS02-003") == "BP19-112"  # an alternate printing in another product
    assert pool.card_id("SCS01-007") == "BP19-075"
    assert {"BP19-112", "BP19-SL28", "PCS02-003"} <= set(pool.printings_of("BP19-112"))
    types = {
        code: getattr(pool.row(code), "card_type", None)
        for code in ("BP19-002", "BP20-T01", "BP20-LD01")
    }
    assert types == {
        "BP19-002": "evolved_follower", "BP20-T01": "token_crest", "BP20-LD01": "leader",
    }  # fmt: skip
    assert pool.rows["BP19-001"].traits == ("八獄", "エルフ族")
    # the leader reprint collection: a reprint keeps its leader's id, a new leader its own
    assert pool.card_id("LCS01-001") == "EBD01-LD01"
    assert pool.rows["LCS01-007"].card_type == "leader"
    assert sum(1 for r in pool.rows.values() if r.preview) == 121  # every BP22 card


def test_the_dump_stays_the_source_and_sven_adds_what_it_lost(full: Store, sve_data: Path) -> None:
    """Facts and Japanese text of a card both hold are the dump's; the Quick icon, the
    Union Burst labels, the English name and text are SVEN's."""
    rows = {c.card_id: c for c in full.pool_data().cards}
    dump = {c.card_id: c for c in full.source_pools()["sve-ja"].cards}
    english = sven_cards(sve_data)
    for cid in ("SD01-001", "SD02-016", "BP08-003", "CP04-006"):
        assert rows[cid].text == dump[cid].text
        assert rows[cid].traits == dump[cid].traits
        assert rows[cid].text_en == english[cid]["text"]["en"].strip()
        assert rows[cid].name_en == english[cid]["names"]["en"]
    assert "quick" not in dump["SD02-016"].keywords  # the dump lost the icon
    assert "quick" in rows["SD02-016"].keywords
    assert (dump["CP04-006"].union_burst, rows["CP04-006"].union_burst) == ((), (0,))
    assert "union_burst" in rows["CP04-006"].keywords


@pytest.mark.parametrize(
    ("card_id", "icon"),
    [
        ("SD02-016", True),  # {[quick]} on a line of its own
        ("BP21-PR10", True),  # no English: the Japanese クイック line
        ("BP22-018", True),  # a preview card: likewise
        ("BP05-101", False),  # a Quick activated ability, not the card's icon
        ("BP12-058", False),  # Quick only while Overflow is active
        ("SD02-012", False),  # Quick in the name only
    ],
)
def test_the_card_level_quick_icon(card_id: str, icon: bool, sve_data: Path) -> None:
    card = sven_cards(sve_data)[card_id]
    text = card["text"]
    assert quick_icon(text.get("ja") or "", english(text.get("en"))) is icon


def test_the_real_disagreements_are_listed_not_resolved(full: Store) -> None:
    """Two printings the sources give to different cards and six two-faced cards whose
    traits the dump took from the second face: listed, the dump's value kept."""
    found = full.disagreements()
    assert Counter(d.field for d in found) == {"traits": 6, "printing": 2}
    rows = {c.card_id: c for c in full.pool_data().cards}
    for d in found:
        if d.field == "traits":
            assert "・".join(rows[d.card_id].traits) == d.kept
    assert full.pool_index().card_id("BP03-026") == "BP03-026"  # お天空城 stays its own card


@pytest.mark.parametrize("changed", [True, False], ids=["cost-changed", "as-printed"])
def test_a_fact_sven_gives_otherwise_is_reported(
    changed: bool, sve_data: Path, tmp_path: Path
) -> None:
    """A SVEN file giving SD01-001 another cost: the pool keeps the dump's cost and the
    import names the disagreement; the file as printed gives none for that card."""
    doc = json.loads((sve_data / "sven" / "SD01.json").read_text(encoding="utf-8"))
    card = next(c for c in doc["cards"] if c["id"] == "SD01-001")
    printed_cost = card["cost"]
    if changed:
        card["cost"] = printed_cost + 1
    path = tmp_path / "SD01.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    store = Store.memory()
    import_path(store, sve_data / "cards_ja" / "SD01.json")
    report = import_path(store, path)
    costs = [d for d in report.disagreements if d.card_id == "SD01-001"]
    assert costs == (
        [Disagreement("SD01-001", card["names"]["ja"], "cost", str(printed_cost),
                      str(printed_cost + 1))]
        if changed
        else []
    )  # fmt: skip
    assert store.disagreements() == report.disagreements
    assert store.pool_index().rows["SD01-001"].cost == printed_cost


def test_a_bad_sven_file_changes_nothing(sve_data: Path, tmp_path: Path) -> None:
    """A folder whose last SVEN file is bad: the import is refused, nothing is written."""
    folder = tmp_path / "sven"
    folder.mkdir()
    (folder / "SD01.json").write_bytes((sve_data / "sven" / "SD01.json").read_bytes())
    doc = json.loads((sve_data / "sven" / "SD02.json").read_text(encoding="utf-8"))
    doc["cards"][0]["type"] = "planet"
    (folder / "SD02.json").write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    store = Store.memory()
    store.ensure_default()
    before = database(store)
    with pytest.raises(InputError, match="unknown type 'planet'"):
        import_path(store, folder)
    assert database(store) == before


def test_titles_match_svens_universe(full: Store, sve_data: Path) -> None:
    """Our title derivation (collaboration products, a title's own trait) covers the new
    products: every SVEN card's title is the one SVEN's universe names."""
    pool = full.pool_index()
    wrong = {}
    for cid, card in sven_cards(sve_data).items():
        if cid.endswith("_back"):
            continue
        for code in card["printings"]:
            row = pool.row(code)
            assert row is not None, code
            if row.title != UNIVERSE_TITLES.get(card.get("universe", "")):
                wrong[code] = (row.title, card.get("universe"))
    assert wrong == {}


def test_every_restriction_entry_resolves_to_a_card(full: Store, sve_data: Path) -> None:
    """Over every list in the restrictions folder: each entry is a card of the pool (the
    October and November 2026 lists name BP19 cards)."""
    pool = full.pool_index()
    files = sorted((sve_data / "restrictions").glob("*.json"))
    assert len(files) == 4
    listed: list[str] = []
    for path in files:
        doc = json.loads(path.read_text(encoding="utf-8"))
        listed += [e["card"] for key in ("banned", "limited") for e in doc.get(key, [])]
    assert [code for code in listed if pool.card_id(code) is None] == []
    assert any(code.startswith("BP19-") for code in listed)
    report = import_path(full, sve_data / "restrictions")
    assert report.warnings == []
    assert report.restrictions == len(listed)


def test_a_database_made_before_sources_reads_and_imports(sve_data: Path, tmp_path: Path) -> None:
    """A file without the English text, preview and label columns and without the source
    tables: a reading command brings it up to date first, and an import takes the pool it
    holds as its first source."""
    from decklab.cli import main

    path = tmp_path / "old.duckdb"
    with Store.open(path) as store:
        store.ensure_default()
        for column in ("text_en", "preview", "union_burst"):
            store.con.execute(f"ALTER TABLE cardpool.cards DROP COLUMN {column}")
        for table in ("source_cards", "source_printings", "disagreements"):
            store.con.execute(f"DROP TABLE cardpool.{table}")
    assert main(["--db", str(path), "cards", "search", "--name", "BP22-001"]) == 0
    with Store.open(path) as store:
        before = store.pool_data()
        report = import_path(store, sve_data / "sven" / "SD01.json")
        after = store.pool_data()
        assert set(store.source_pools()) == {"snapshot", "sven"}
    assert report.cards == len(before.cards) == len(after.cards)
    assert next(c for c in after.cards if c.card_id == "SD01-001").text_en
