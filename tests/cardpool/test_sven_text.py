"""SVEN's Japanese text brought to the form the compiler reads (``cards_ja``'s 【】 icons).

The real cards are read from ``../shared`` at test time: where both sources hold a card, the
normalised SVEN text must be ``cards_ja``'s text, less what ``cards_ja`` lost (the
card-level Quick icon, the Union Burst label) and the flavour lines SVEN leaves out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardpool.importers.sven_text import QUICK, UNION_BURST, compiler_text
from engine.sve.compiler.text import is_flavour

Pairs = dict[str, tuple[str, str, str]]
"""Card id -> (SVEN Japanese, SVEN English, cards_ja text)."""


def _rules_lines(text: str) -> str:
    """A text without the markers cards_ja lost and without flavour lines."""
    lines = text.replace(QUICK, "").replace(UNION_BURST, "").split("\n")
    keep = [line for line in lines if line and (line[0] in "―-" or not is_flavour(line))]
    return "\n".join(keep)


@pytest.fixture(scope="module")
def pairs(sve_data: Path) -> Pairs:
    """Every card both SVEN and cards_ja hold, by SVEN's id."""
    ja: dict[str, str] = {}
    for path in sorted((sve_data / "cards_ja").glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            ja[record["card_code"]] = record["effect"]
    found: Pairs = {}
    for path in sorted((sve_data / "sven").glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            text = card.get("text") or {}
            code = next((c for c in card.get("printings") or [card["id"]] if c in ja), None)
            if code is not None:
                found[card["id"]] = (text.get("ja") or "", text.get("en") or "", ja[code])
    return found


CASES = [
    ("BP01-054", "《進化》《コスト3》： and 《ファンファーレ》, a token with its class and stats"),
    ("BP01-014", "a keyword line, 《ファンファーレ》 with a class keyword, a token definition"),
    ("BP03-066", "a クイック line, a token whose text holds 起動, アクト and a class word"),
    ("BP04-124", "進化コスト1：; the English names the class Neutral as a word"),
    ("BP04-094", "進化 with a cost that is not PP (墓場のカード2枚を消滅)"),
    ("BP18-002", "進化能力, and a token's cost glued to a count (コスト11枚引く)"),
    ("ECP01-012", "食事 printed two and three times before one cost"),
    ("BP02-102", "《コスト4》以下 is not a cost icon"),
    ("BP07-018", "【守护】 spelled with a simplified glyph"),
    ("EBD01-007", "{[defense]}, {[fanfare]} and {[forestcraft]} written as English icons"),
    ("BP05-011", "X is defense minus 1: no stat icon inside the 「」 definition"),
    ("BP06-121", "コスト2払ってよい: a cost icon the opponent may pay"),
    ("BP11-035", "攻撃力や体力を+: both stats are icons"),
    ("BP05-092", "the leader's 体力0以下 and 体力を1にする"),
    ("CP04-001", "UB before a Fanfare, the Union Burst rule line, an equipment token"),
    ("CP04-T04", "UB before an ability granted in 「」"),
    ("CP04-003", "UB能力: an ability that counts Union Burst uses"),
    ("BP20-080", "a class before a trait (a set cards_ja lacks: no comparison, see below)"),
]


@pytest.mark.parametrize(("card_id", "what"), [c for c in CASES if c[0] != "BP20-080"])
def test_sven_text_is_the_cards_ja_text(pairs: Pairs, card_id: str, what: str) -> None:
    ja, en, expected = pairs[card_id]
    assert _rules_lines(compiler_text(ja, en)) == _rules_lines(expected), what


@pytest.mark.parametrize(
    ("card_id", "first_line"),
    [
        ("SD03-005", QUICK),
        ("SD02-016", QUICK),
        ("BP01-049", QUICK),
        ("BP03-066", QUICK),
        ("CP04-001", f"{UNION_BURST}【ファンファーレ】"),
        ("CP04-006", f"{UNION_BURST}【進化時】"),
    ],
)
def test_icons_cards_ja_lost_are_restored(pairs: Pairs, card_id: str, first_line: str) -> None:
    ja, en, _ = pairs[card_id]
    assert compiler_text(ja, en).split("\n")[0].startswith(first_line)


def test_a_class_before_a_trait_is_an_icon(sve_data: Path) -> None:
    cards = json.loads((sve_data / "sven" / "BP20.json").read_text(encoding="utf-8"))["cards"]
    text = next(c["text"] for c in cards if c["id"] == "BP20-080")
    out = compiler_text(text["ja"], text["en"])
    assert "【ナイトメア】絶傑・フォロワー" in out
    assert "ナイトメア絶傑" not in out.replace("【ナイトメア】", "")


def test_almost_every_shared_card_reads_as_cards_ja(pairs: Pairs) -> None:
    """The rest differ in wording, not in icons (a line one source lacks, other names)."""
    same = sum(
        _rules_lines(compiler_text(ja, en)) == _rules_lines(expected)
        for ja, en, expected in pairs.values()
    )
    assert len(pairs) > 3000
    assert same / len(pairs) >= 0.99, f"{same} of {len(pairs)}"


def test_without_english_every_class_word_counts() -> None:
    assert compiler_text("自分のエルフフォロワー1体を選ぶ。", "unavailable") == (
        "自分の【エルフ】フォロワー1体を選ぶ。"
    )
    assert compiler_text("自分のエルフフォロワー1体を選ぶ。", "Select a follower.") == (
        "自分のエルフフォロワー1体を選ぶ。"
    )


@pytest.mark.parametrize(
    ("ja", "expected"),
    [
        ("『《愚者》・リンクル』がいるなら", "『《愚者》・リンクル』がいるなら"),
        ("『ファンファーレの騎士』1体を出す。", "『ファンファーレの騎士』1体を出す。"),
        ("それをアクトする。", "それをアクトする。"),
        ("これは進化する。", "これは進化する。"),
        ("元のコスト2以下のフォロワー", "元のコスト2以下のフォロワー"),
        ("体力3以下の相手のフォロワー", "体力3以下の相手のフォロワー"),
    ],
)
def test_words_that_are_not_icons_stay(ja: str, expected: str) -> None:
    assert compiler_text(ja, "{[fanfare]} {[forestcraft]}") == expected


PIECES = st.sampled_from(
    ["ファンファーレ", "ラストワード", "起動", "クイック", "進化", "コスト", "食事", "憑依",
     "アクト", "攻撃力", "体力", "エルフ", "ドラゴン", "ニュートラル", "フォロワー", "スペル",
     "カード", "これを", "それを", "する。", "：", "、", "。", "+", "-", "/", "1", "2", "10",
     "X", "Q", "『", "』", "「", "」", "【", "】", "（", "）", "族", "絶傑・", "以下", "枚",
     "リーダーの", "元の", "\n"]
)  # fmt: skip
TEXT = st.lists(st.one_of(PIECES, st.text(max_size=3)), max_size=30).map("".join)
ENGLISH = st.sampled_from(["", "unavailable", "{[fanfare]} {[forestcraft]}", "Neutral."])


def _plain(text: str) -> str:
    """A text with its lines stripped, blank lines dropped and 【】 brackets removed."""
    lines = (line.strip() for line in text.replace("【", "").replace("】", "").split("\n"))
    return "\n".join(line for line in lines if line)


@given(ja=TEXT, en=ENGLISH)
@settings(max_examples=300, deadline=None)
@example(ja="進化コスト11枚引く", en="")
def test_normalising_twice_changes_nothing(ja: str, en: str) -> None:
    once = compiler_text(ja, en)
    assert compiler_text(once, en) == once


@given(ja=TEXT.filter(lambda t: not re.search(r"UB|《|》|\{\[|护|\r", t)), en=ENGLISH)
@settings(max_examples=300, deadline=None)
@example(ja="『ドラゴン』ドラゴン竜族・フォロワーコスト4攻撃力5/体力5", en="")
def test_only_brackets_are_added(ja: str, en: str) -> None:
    """Every character that is not an icon word's bracket is kept, in order."""
    assert _plain(compiler_text(ja, en)) == _plain(ja)
