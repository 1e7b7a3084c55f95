"""Card search finds a name however a player types it (kana, width, long marks, English)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpool.searchkey import search_key
from cardpool.store import CardQuery, Store


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    """A database built from the embedded snapshot."""
    s = Store.open(tmp_path_factory.mktemp("search") / "d.duckdb")
    s.ensure_default()
    return s


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("ありあ", "アリア"),  # hiragana for katakana
        ("ｱﾘｱ", "アリア"),  # half-width katakana
        ("ﾌｪｱﾘｰﾌﾟﾘﾝｾｽ", "フェアリープリンセス"),  # half-width with voiced marks and ｰ
        ("フェアリプリンセス", "フェアリープリンセス"),  # the long-vowel mark left out
        ("ふぇありーぷりんせす", "フェアリープリンセス"),
        ("フェアリ-プリンセス", "フェアリープリンセス"),  # a hyphen typed for the long mark
        ("フェアリープリンセスアリア", "フェアリープリンセス・アリア"),  # no middle dot
        ("ＦＡＩＲＹ", "fairy"),  # full-width Latin, any case
        ("jinx loose cannon", "Jinx, Loose Cannon"),  # spaces and punctuation
        ("back alley", "Back-Alley Bar"),
    ],
)
def test_typed_forms_fold_into_the_stored_name(typed: str, stored: str) -> None:
    assert search_key(typed) in search_key(stored)


@pytest.mark.parametrize(
    ("typed", "other"),
    [
        ("アリア", "アリス"),  # a different name stays different
        ("ガ", "カ"),  # voiced and unvoiced kana stay apart
        ("ルーン", "ルーク"),  # only the long mark is dropped, never a kana
    ],
)
def test_different_names_stay_apart(typed: str, other: str) -> None:
    assert search_key(typed) != search_key(other)


@pytest.mark.parametrize(
    ("game", "typed", "finds"),
    [
        ("sve", "ありあ", "SD01-001"),
        ("sve", "ｱﾘｱ", "SD01-001"),
        ("sve", "アリア", "SD01-001"),
        ("sve", "ふぇありーぷりんせす", "SD01-001"),
        ("sve", "Fairy Princess", "SD01-001"),  # the English name, where imported
        ("sve", "sd01-001", "SD01-001"),
        ("riftbound", "jinx, loose", "OGN-251"),
        ("riftbound", "ＪＩＮＸ", "OGN-251"),
    ],
)
def test_search_finds_the_card_however_typed(
    store: Store, game: str, typed: str, finds: str
) -> None:
    found = store.search(CardQuery(game=game, name=typed))
    assert finds in set(found["card_id"])


@pytest.mark.parametrize(("game", "typed"), [("sve", "ありあす"), ("riftbound", "ジンクス")])
def test_search_finds_nothing_for_a_name_no_card_has(store: Store, game: str, typed: str) -> None:
    assert store.search(CardQuery(game=game, name=typed)).empty


def test_a_database_made_before_search_keys_gets_them_on_open(tmp_path: Path) -> None:
    path = tmp_path / "old.duckdb"
    with Store.open(path) as s:
        s.ensure_default()
        s.con.execute("ALTER TABLE cardpool.cards DROP COLUMN search_key")  # as before the key
    with Store.open(path) as s:
        found = s.search(CardQuery(name="ｱﾘｱ"))
        missing = s.con.execute(
            "SELECT count(*) FROM cardpool.cards WHERE search_key IS NULL"
        ).fetchone()
    assert "SD01-001" in set(found["card_id"])
    assert missing == (0,)
