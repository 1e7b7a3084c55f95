"""Normalisation of the Japanese SVE card data to English identifiers (originals are kept)."""

from __future__ import annotations

import re

CLASS_IDS: dict[str, str] = {
    "エルフ": "forest",
    "ロイヤル": "sword",
    "ウィッチ": "rune",
    "ドラゴン": "dragon",
    "ナイトメア": "abyss",
    "ビショップ": "haven",
    "ニュートラル": "neutral",
}
"""Japanese class names to class ids; ``-`` (title-only cards) maps to ``None``."""

CLASS_ALIASES: dict[str, str] = {
    **{cid: cid for cid in CLASS_IDS.values()},
    "forestcraft": "forest",
    "swordcraft": "sword",
    "runecraft": "rune",
    "dragoncraft": "dragon",
    "abysscraft": "abyss",
    "shadowcraft": "abyss",
    "bloodcraft": "abyss",
    "havencraft": "haven",
    "elf": "forest",
    "royal": "sword",
    "witch": "rune",
    "nightmare": "abyss",
    "bishop": "haven",
}
"""Class names a user or another data source may use, to class ids."""

BASE_TYPE_IDS: dict[str, str] = {
    "フォロワー": "follower",
    "スペル": "spell",
    "アミュレット": "amulet",
    "リーダー": "leader",
    "イクイップメント": "equipment",
    "EP": "ep",
    "SEP": "sep",
}
SPECIAL_IDS: dict[str, str] = {"エボルヴ": "evolved", "アドバンス": "advance", "トークン": "token"}

MAIN_DECK_TYPES = frozenset({"follower", "spell", "amulet"})
"""Types allowed in the main deck (CR 6.1.1.2)."""
EVOLVE_DECK_SPECIALS = frozenset({"evolved", "advance"})
"""Special kinds allowed in the evolve deck (CR 6.1.1.3)."""

KEYWORD_IDS: dict[str, str] = {
    # CR 12: keyword abilities
    "進化": "evolve",
    "クイック": "quick",
    "Q": "quick",
    "ファンファーレ": "fanfare",
    "ラストワード": "last_words",
    "進化時": "on_evolve",
    "攻撃時": "strike",
    "守護": "ward",
    "疾走": "storm",
    "突進": "rush",
    "指定攻撃": "assail",
    "威圧": "intimidate",
    "ドレイン": "drain",
    "必殺": "bane",
    "オーラ": "aura",
    "アドバンス起動": "advance_act",
    "超進化時": "on_super_evolve",
    # CR 5 / 10: ability and state markers
    "起動": "act",
    "アクト": "engage_cost",
    "箱詰め": "boxed",
    # CR 13: class keywords
    "コンボ": "combo",
    "スペルチェイン": "spellchain",
    "SC": "spellchain",
    "土の秘術": "earth_rite",
    "スタック": "stack",
    "覚醒": "overflow",
    "ネクロチャージ": "necrocharge",
    "NC": "necrocharge",
    "真紅": "sanguine",
    # CR 14: title keywords
    "食事": "eat",
    "出走時": "on_run",
    "レッスン": "lesson",
    "スタートアミュレット": "start_amulet",
    "シングルドライブ": "single_drive",
    "ツインドライブ": "twin_drive",
    "ドライブ獲得時": "on_drive",
    "憑依": "ride",
    "ユニオンバースト": "union_burst",
}
"""Keyword markers in 【...】 (name before any ``_N`` parameter) to keyword ids."""

TITLE_IDS: dict[str, str] = {
    "ウマ娘 プリティーダービー": "uma_musume",
    "アイドルマスター シンデレラガールズ": "cinderella_girls",
    "カードファイト!! ヴァンガード": "vanguard",
    "プリンセスコネクト！Re:Dive": "priconne",
}
"""Printed titles (CR 2.13.2.1, chapter 14) to title ids."""
TITLE_NAMES: dict[str, str] = {tid: name for name, tid in TITLE_IDS.items()}

TITLE_BY_SET: dict[str, str] = {
    "CP01": "uma_musume",
    "ECP01": "uma_musume",
    "CSD01": "uma_musume",
    "CP02": "cinderella_girls",
    "ECP02": "cinderella_girls",
    "CSD02a": "cinderella_girls",
    "CSD02b": "cinderella_girls",
    "CSD02c": "cinderella_girls",
    "CP03": "vanguard",
    "CSD03a": "vanguard",
    "CSD03b": "vanguard",
    "CP04": "priconne",
    "PCS01": "priconne",
}
"""Collaboration products: every card printed in one carries that product's title."""

TITLE_BY_TRAIT: dict[str, str] = {
    "ウマ娘": "uma_musume",
    "デレマス": "cinderella_girls",
    "ヴァンガード": "vanguard",
    "プリコネ": "priconne",
}
"""The title's own trait, which collaboration promos (``PR-``) carry as their first trait."""

_KEYWORD_MARKER = re.compile(r"【([^】]+)】|《([^》]+)》")


def class_id(raw: str) -> str | None:
    """Map a Japanese or English class name to a class id (``None`` for none).

    >>> class_id("エルフ"), class_id("-"), class_id("Swordcraft")
    ('forest', None, 'sword')
    """
    raw = raw.strip()
    if raw in CLASS_IDS:
        return CLASS_IDS[raw]
    return CLASS_ALIASES.get(raw.lower())


def type_id(raw: str) -> str:
    """Map a Japanese card type such as ``フォロワー・エボルヴ`` to ``evolved_follower``.

    >>> type_id("フォロワー"), type_id("スペル・トークン"), type_id("フォロワー・アドバンス")
    ('follower', 'token_spell', 'advance_follower')
    """
    base_raw, _, special_raw = raw.partition("・")
    base = BASE_TYPE_IDS.get(base_raw)
    if base is None:
        raise ValueError(f"unknown card type {raw!r}")
    if not special_raw:
        return base
    special = SPECIAL_IDS.get(special_raw)
    if special is None:
        raise ValueError(f"unknown special type {raw!r}")
    return f"{special}_{base}"


def keywords_in(text: str) -> tuple[str, ...]:
    """Keyword ids marked with 【...】 (or 《...》) in ability text, first-seen order, no repeats.

    >>> keywords_in("【守護】 【コンボ_3】 【守護】 【ファンファーレ】")
    ('ward', 'combo', 'fanfare')
    """
    found: list[str] = []
    for square, double in _KEYWORD_MARKER.findall(text):
        name = (square or double).split("_", 1)[0].strip()
        kid = KEYWORD_IDS.get(name)
        if kid is not None and kid not in found:
            found.append(kid)
    return tuple(found)


MAX_STAT = 99
"""No cost, attack or defense of a real card reaches two digits' end."""


def stat(raw: object, field: str = "value") -> int | None:
    """Parse a cost/attack/defense field: ``-`` and blanks are ``None``; ``X`` costs are 0.

    Anything else must be a whole number from 0 to ``MAX_STAT`` (``ValueError`` otherwise:
    ``2.5``, ``true``, ``"-1"`` and ``"99999999999"`` are not card stats).

    >>> stat("3"), stat("-"), stat(None), stat(5)
    (3, None, None, 5)
    """
    if raw is None:
        return None
    if isinstance(raw, str):
        text = raw.strip()
        if text in ("", "-", "－"):
            return None
        if text.upper() == "X":
            return 0
        if text.isascii() and text.isdigit() and len(text) <= 2:
            return int(text)
    elif isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw <= MAX_STAT:
        return raw
    raise ValueError(f"{field} {raw!r} is not a whole number from 0 to {MAX_STAT}")


_TRAIT = re.compile(r"〈[^〉]*〉|[^・]+")
"""One trait: a bracketed group name keeps its inner ``・`` (``〈ジオ・テオゴニア〉``)."""


def traits_of(sub_type: str) -> tuple[str, ...]:
    """Split a ``sub_type`` field (``妖精・プリンセス``) into traits; ``-`` is none.

    >>> traits_of("プリコネ・〈ジオ・テオゴニア〉")
    ('プリコネ', '〈ジオ・テオゴニア〉')
    """
    sub_type = sub_type.strip()
    if sub_type in ("", "-"):
        return ()
    return tuple(_TRAIT.findall(sub_type))


def set_code(card_code: str) -> str:
    """The product code of a printing: the part before the first ``-``.

    >>> set_code("CSD03a-016"), set_code("PR-051")
    ('CSD03a', 'PR')
    """
    return card_code.split("-", 1)[0]


def title_of(printing_codes: list[str], traits: tuple[str, ...]) -> str | None:
    """Derive a card's title: printed in a collaboration product, or a title's own trait.

    The card data carries no title field; a collaboration card is printed with its title,
    and the promos of those titles carry the title's trait first (CR 2.13.2.1).
    """
    for code in printing_codes:
        title = TITLE_BY_SET.get(set_code(code))
        if title is not None:
            return title
    if traits:
        return TITLE_BY_TRAIT.get(traits[0])
    return None


_PLAIN_CODE = re.compile(r"^[A-Za-z]+\d*[a-z]?-(?:LD)?\d+$")
"""A card's own number in its product: ``BP01-001``, and for a leader ``-LD01``."""
REPRINT_SETS = ("PR-", "LCS")
"""Promos, and the leader collection that reprints leaders of other products."""


def canonical_code(printing_codes: list[str]) -> str:
    """Choose the identity code of a card from its printings: the first plain-numbered one.

    Alternate arts (``-SLxx``, ``-Pxx``, ``-Uxx``, ``-SPxx``), promos and reprint
    collections are used only when a card has no plain printing.

    >>> canonical_code(["SP01-003", "SD01-001", "PR-051", "SP01-SL03"])
    'SD01-001'
    >>> canonical_code(["LCS01-001", "EBD01-LD01"])
    'EBD01-LD01'
    """
    plain = sorted(
        c for c in printing_codes if _PLAIN_CODE.match(c) and not c.startswith(REPRINT_SETS)
    )
    if plain:
        return plain[0]
    return sorted(printing_codes)[0]
