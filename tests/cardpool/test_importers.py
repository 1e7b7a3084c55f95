"""Importers: the Japanese dump, the SVEN set file, restriction lists, and the snapshot."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from cardpool.identities import build_pool, merge_pools
from cardpool.importers import import_path, read_sve_pool, sve_ja
from cardpool.model import CardRow, PoolData
from cardpool.snapshot import read_snapshot
from cardpool.store import CardQuery, Store

FACTS = (
    "card_id", "name", "card_type", "card_class", "class_ja", "type_ja", "title", "cost",
    "attack", "defense", "traits", "keywords", "max_copies", "set_code", "name_en", "preview",
)  # fmt: skip
"""What the facts-only snapshot carries of each card (never its ability text)."""


def facts(row: CardRow) -> tuple[object, ...]:
    return tuple(getattr(row, f) for f in FACTS)


def pool_facts(data: PoolData) -> tuple[set[tuple[object, ...]], set[tuple[str, str]]]:
    return {facts(c) for c in data.cards}, {(p.code, p.card_id) for p in data.printings}


@pytest.fixture(scope="module")
def ja_dump(sve_data: Path) -> PoolData:
    """The Japanese dump read straight into identities (no store, no snapshot)."""
    printed = []
    for file in sorted((sve_data / "cards_ja").glob("*.json")):
        records = json.loads(file.read_text(encoding="utf-8"))
        printed.extend(sve_ja.printed_cards(records, path=file))
    return build_pool(printed)


@pytest.fixture(scope="module")
def imported(sve_data: Path) -> Store:
    """A store after ``import_path`` of the whole Japanese dump folder."""
    store = Store.memory()
    import_path(store, sve_data / "cards_ja")
    return store


def test_ja_dump_gives_3323_identities_and_6549_printings(
    ja_dump: PoolData, imported: Store
) -> None:
    assert (len(ja_dump.cards), len(ja_dump.printings)) == (3323, 6549)
    source = imported.source_pools()["sve-ja"]
    assert (len(source.cards), len(source.printings)) == (3323, 6549)
    stored = imported.pool_data()
    # the embedded snapshot it was imported over keeps the sets the dump lacks (BP19-BP22)
    assert (len(stored.cards), len(stored.printings)) == (3830, 7607)
    # every printing of a card points at one identity, and reprints share it
    by_code = {p.code: p.card_id for p in stored.printings}
    assert by_code["SP01-003"] == by_code["PR-051"] == by_code["SP01-SL03"] == "SD01-001"
    assert by_code["SD01-LD01"] == "BP01-LD01"


def test_import_keeps_the_ability_text(imported: Store) -> None:
    cards = imported.pool_data().cards
    assert sum(1 for c in cards if c.text) > 3000


def test_importing_twice_equals_once(imported: Store, sve_data: Path) -> None:
    once = imported.pool_data()
    twice = Store.memory()
    import_path(twice, sve_data / "cards_ja")
    import_path(twice, sve_data / "cards_ja")
    again = twice.pool_data()
    assert pool_facts(again) == pool_facts(once)
    assert {c.card_id: c.text for c in again.cards} == {c.card_id: c.text for c in once.cards}


def test_importing_file_by_file_equals_at_once(sve_data: Path, tmp_path: Path) -> None:
    """Reprints across products (SD01, SP01, PR) merge the same either way."""
    names = ("SD01.json", "SP01.json", "PR.json")
    folder = tmp_path / "three"
    folder.mkdir()
    for name in names:
        shutil.copy(sve_data / "cards_ja" / name, folder / name)
    at_once, one_by_one = Store.memory(), Store.memory()
    import_path(at_once, folder)
    for name in reversed(names):  # order must not matter either
        import_path(one_by_one, folder / name)
    assert pool_facts(one_by_one.pool_data()) == pool_facts(at_once.pool_data())


def test_merging_every_file_one_by_one_equals_the_whole_dump(
    ja_dump: PoolData, sve_data: Path
) -> None:
    merged = PoolData()
    for file in sorted((sve_data / "cards_ja").glob("*.json")):
        records = json.loads(file.read_text(encoding="utf-8"))
        merged = merge_pools(merged, sve_ja.read_records(records, path=file))
    assert pool_facts(merged) == pool_facts(ja_dump)


def test_committed_snapshot_is_current(sve_data: Path) -> None:
    """The snapshot in cardpool/data equals a fresh import, minus the text.

    It is the pool the Japanese dump and the SVEN set files make together (English names,
    the Quick icon, the sets the dump lacks, the preview flag).
    """
    fresh, _ = read_sve_pool([sve_data / "cards_ja", sve_data / "sven"])
    snap, _ = read_snapshot("sve")
    assert all(c.text is None and c.text_en is None for c in snap.cards)
    fresh_cards, fresh_printings = pool_facts(fresh)
    snap_cards, snap_printings = pool_facts(snap)
    assert {f[0] for f in snap_cards} == {f[0] for f in fresh_cards}  # same ids
    assert snap_cards == fresh_cards  # same names, types, stats, keywords, titles, limits
    assert snap_printings == fresh_printings


def test_snapshot_files_stay_small() -> None:
    data_dir = Path(__file__).resolve().parents[2] / "cardpool" / "data"
    sizes = {p.name: p.stat().st_size for p in data_dir.glob("*.csv")}
    assert sizes
    assert max(sizes.values()) < 2_000_000, sizes


def test_snapshot_csv_holds_no_ability_text() -> None:
    data_dir = Path(__file__).resolve().parents[2] / "cardpool" / "data"
    header = (data_dir / "sve_cards.csv").read_text(encoding="utf-8").splitlines()[0]
    assert "text" not in header.split(",")
    assert "【" not in (data_dir / "sve_cards.csv").read_text(encoding="utf-8")


def test_sven_sample_adds_english_names_and_quick(ja_dump: PoolData, sve_data: Path) -> None:
    store = Store.memory()
    store.replace_pool(ja_dump, "sve", source="the Japanese dump", kind="sve-ja")
    before = {c.card_id: c for c in store.pool_data().cards}
    sample = sve_data / "samples" / "sven_SD01_trilingual.json"
    report = import_path(store, sample)
    after_data = store.pool_data()
    after = {c.card_id: c for c in after_data.cards}
    assert report.kinds == ["sven"]
    # merged into the existing identities: no new cards, no new printings
    assert (len(after_data.cards), len(after_data.printings)) == (3323, 6549)
    assert before["SD01-001"].name_en is None
    assert after["SD01-001"].name_en == "Aria, Fairy Princess"
    assert after["SD01-001"].name == "フェアリープリンセス・アリア"
    doc = json.loads(sample.read_text(encoding="utf-8"))
    english = {c["id"]: c["text"]["en"] for c in doc["cards"]}
    assert after["SD01-001"].text_en == english["SD01-001"]  # the official English, icons kept
    quick = [c["id"] for c in doc["cards"] if "{[quick]}" in c["text"]["en"]]
    assert quick == ["SD01-016"]  # the card-level icon the Japanese dump lost
    assert "quick" not in before["SD01-016"].keywords
    assert "quick" in after["SD01-016"].keywords
    # the dump's facts survive the merge: Japanese labels, stats and its ability text
    for cid in ("SD01-001", "SD01-016", "EBD01-013"):
        assert after[cid].class_ja == before[cid].class_ja == "エルフ"
        assert after[cid].type_ja == before[cid].type_ja
        assert after[cid].text == before[cid].text
        assert (after[cid].cost, after[cid].attack) == (before[cid].cost, before[cid].attack)
    # the English name is searchable
    hits = store.search(CardQuery(name="sylvan justice"))
    assert list(hits["card_id"]) == ["SD01-016"]


def test_restriction_lists_import_and_resolve(sve_data: Path) -> None:
    store = Store.memory()
    report = import_path(store, sve_data / "restrictions")
    assert report.kinds == ["restrictions"]
    assert report.restrictions == 25
    assert report.warnings == []  # BP19-104, on the lists since 2026, is in the pool
    rows = store.restrictions()
    assert {(r.region, r.format) for r in rows} == {
        ("asia", "standard"), ("asia", "crosscraft"), ("en", "standard"), ("en", "crosscraft"),
    }  # fmt: skip
    # the imported lists equal the embedded ones
    _, embedded = read_snapshot("sve")
    assert set(rows) == set(embedded)


def test_restriction_entry_for_an_unknown_card_warns(tmp_path: Path) -> None:
    doc = {
        "format": "standard",
        "region": "asia",
        "banned": [
            {"card": "BP99-001", "name": "not a card", "since": "2026-10-02"},
            {"card": "BP19-104", "name": "セイントタイガー", "since": "2026-10-02"},
        ],
    }
    path = tmp_path / "list.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    store = Store.memory()
    report = import_path(store, path)
    assert len(report.warnings) == 1
    assert "BP99-001" in report.warnings[0]
    assert "not in the card pool" in report.warnings[0]
    assert "BP19-104" in {r.card_id for r in store.restrictions()}


def test_restriction_codes_resolve_to_identities(sve_data: Path, tmp_path: Path) -> None:
    """A list naming an alternate art bans the card itself (every printing)."""
    doc = {
        "format": "standard",
        "region": "asia",
        "banned": [{"card": "BP05-SL04", "name": "簒奪の絶傑・オクトリス", "since": "2026-10-02"}],
    }
    path = tmp_path / "list.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    store = Store.memory()
    report = import_path(store, path)
    assert report.warnings == []
    (row,) = [r for r in store.restrictions(region="asia", fmt="standard")]
    assert (row.card_id, row.listed_code, row.max_copies) == ("BP05-018", "BP05-SL04", 0)


def test_every_card_printed_in_cp04_is_priconne(ja_dump: PoolData) -> None:
    by_code = {p.code: p.card_id for p in ja_dump.printings}
    rows = {c.card_id: c for c in ja_dump.cards}
    cp04 = [rows[cid] for code, cid in by_code.items() if code.startswith("CP04-")]
    assert len(cp04) > 100
    assert {r.title for r in cp04} == {"priconne"}


def test_priconne_promos_carry_the_title(ja_dump: PoolData) -> None:
    rows = {c.card_id: c for c in ja_dump.cards}
    promos = [
        rows[p.card_id]
        for p in ja_dump.printings
        if p.code.startswith("PR-") and rows[p.card_id].traits[:1] == ("プリコネ",)
    ]
    assert promos
    assert {r.title for r in promos} == {"priconne"}


def test_cards_without_a_collaboration_have_no_title(ja_dump: PoolData) -> None:
    untitled = [c for c in ja_dump.cards if c.set_code.startswith(("BP", "SD")) and c.title]
    # only reprints of collaboration cards into a BP or SD product carry a title
    assert all(not c.card_id.startswith(("BP01-", "SD01-")) for c in untitled)
    rows = {c.card_id: c for c in ja_dump.cards}
    assert rows["BP01-135"].title is None
    assert rows["CSD02b-007"].title == "cinderella_girls"


LIMIT_PHRASE = re.compile(r"(\d+)枚まで入れることができる")
"""The copy-limit phrase read loosely: anywhere in a card's text."""
DRIVE_POINT = ("CP03-127", "CSD03a-017", "CSD03b-017", "PR-259", "PR-285")


def test_every_copy_limit_phrase_in_the_pool_is_read(sve_data: Path, ja_dump: PoolData) -> None:
    """CR 6.1.1.4 / 6.1.2: each printing's own limit line counts, before or after the rule line."""
    got: dict[str, tuple[int, int]] = {}
    for file in sorted((sve_data / "cards_ja").glob("*.json")):
        records = json.loads(file.read_text(encoding="utf-8"))
        for printed in sve_ja.printed_cards(records, path=file):
            phrase = LIMIT_PHRASE.findall(printed.row.text or "")
            got[printed.code] = (printed.row.max_copies, int(phrase[0]) if phrase else 3)
    assert {code: pair for code, pair in got.items() if pair[0] != pair[1]} == {}
    raised = {code for code, (limit, _) in got.items() if limit != 3}
    # Drive Point prints its limit line first; Onion Legion, Rapid Fire and Carrot after it
    assert {*DRIVE_POINT, "BP09-049", "BP11-045", "CP01-085"} <= raised
    cards = {c.card_id: c for c in ja_dump.cards}
    by_code = {p.code: p.card_id for p in ja_dump.printings}
    assert {cards[by_code[code]].max_copies for code in DRIVE_POINT} == {10}
    assert cards["SD01-001"].max_copies == 3


@pytest.fixture(scope="module")
def ja_records(sve_data: Path) -> dict[str, dict[str, object]]:
    """Every record of the real Japanese dump, by printing code."""
    records: dict[str, dict[str, object]] = {}
    for file in sorted((sve_data / "cards_ja").glob("*.json")):
        records.update((r["card_code"], r) for r in json.loads(file.read_text(encoding="utf-8")))
    return records


# The texts are the publisher's: each case names real cards, read at test time.
@pytest.mark.parametrize(
    ("case", "limit"),
    [
        ("CP03-127", 10),  # its limit line stands before the rule line
        ("BP09-049", 50),  # after it, by its own name
        ("BP01-124", 3),  # "up to N cards" in an effect is no limit
        ("token part", 3),  # a limit line inside a token's definition is the token's
        ("another name", 3),  # a line naming another card limits that card
    ],
)
def test_copy_limit_line(ja_records: dict[str, dict[str, object]], case: str, limit: int) -> None:
    """Only the card's own construction line raises its limit; effects and tokens do not."""
    plain, onion = ja_records["SD01-001"], ja_records["BP09-049"]
    if case == "token part":
        text, name = f"{plain['effect']}{sve_ja.TOKEN_SECTION}\n{onion['effect']}", onion["name"]
    elif case == "another name":
        text, name = str(onion["effect"]), plain["name"]
    else:
        text, name = str(ja_records[case]["effect"]), ja_records[case]["name"]
    assert sve_ja.copy_limit(text, str(name)) == limit
