"""Search keys: a card name folded so that it matches however a player types it.

Both the stored key of every card (``cardpool.cards.search_key``) and each query go through
``search_key``, so ``ありあ``, ``ｱﾘｱ`` and ``アリア`` all find フェアリープリンセス・アリア.
"""

from __future__ import annotations

import unicodedata

_HIRAGANA = range(0x3041, 0x3097)
"""ぁ..ゖ: each is its katakana less 0x60."""
_ITERATION = {"ゝ": "ヽ", "ゞ": "ヾ"}
_LONG_MARKS = frozenset("ー-‐‑–—―−~〜～")
"""The long-vowel mark and the dashes and tildes typed for it (dropped after a kana)."""


def _is_kana(ch: str) -> bool:
    return "\u30a1" <= ch <= "\u30fa" or ch in "ヽヾ"


def search_key(text: str) -> str:
    """Fold a name for matching: NFKC, case, hiragana to katakana; drop spaces, punctuation and
    long-vowel marks.

    NFKC makes half-width katakana (``ｱﾘｱ``) and full-width letters (``ＢＰ``) ordinary;
    long-vowel marks are dropped after a kana, so ``ルーン``, ``ルｰン``, ``ル-ン`` and
    ``ルン`` are one key.

    >>> search_key("フェアリープリンセス・アリア") == search_key("ふぇありぷりんせす ありあ")
    True
    >>> search_key("ｱﾘｱ"), search_key("Jinx, Loose Cannon")
    ('アリア', 'jinxloosecannon')
    """
    out: list[str] = []
    after_kana = False
    for ch in unicodedata.normalize("NFKC", text).casefold():
        if ord(ch) in _HIRAGANA:
            ch = chr(ord(ch) + 0x60)
        ch = _ITERATION.get(ch, ch)
        if ch.isspace() or unicodedata.category(ch).startswith("P"):
            continue  # the middle dot of ``プリンセス・アリア``, commas, brackets, hyphens
        if ch in _LONG_MARKS and after_kana:
            continue
        out.append(ch)
        after_kana = _is_kana(ch)
    return "".join(out)


def card_key(name: str, name_en: str | None) -> str:
    """A card's stored key: its name's and its English name's keys, apart."""
    return search_key(name) + "\n" + search_key(name_en or "")
