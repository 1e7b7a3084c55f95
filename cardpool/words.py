"""People's words for our ids: class, title, domain and card-type names, percentages, dates."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pandas as pd

CLASS_WORDS = {
    "forest": "Forestcraft",
    "sword": "Swordcraft",
    "rune": "Runecraft",
    "dragon": "Dragoncraft",
    "abyss": "Abysscraft",
    "haven": "Havencraft",
    "neutral": "Neutral",
}
"""SVE class ids to their English names."""
TITLE_WORDS = {
    "uma_musume": "Uma Musume Pretty Derby",
    "cinderella_girls": "The Idolmaster Cinderella Girls",
    "vanguard": "Cardfight!! Vanguard",
    "priconne": "Princess Connect! Re:Dive",
}
"""SVE title ids (``normalise.TITLE_IDS``) to their English names."""


def _blank(value: Any) -> bool:
    """None, NaN, NaT, NA or empty text."""
    if isinstance(value, str):
        return not value
    return value is None or bool(pd.isna(value))


def class_word(value: Any) -> str:
    """A class id, Riftbound domains (``fury/chaos``) or a title id, as people name it.

    >>> class_word("forest"), class_word("fury/chaos"), class_word("priconne"), class_word(None)
    ('Forestcraft', 'Fury / Chaos', 'Princess Connect! Re:Dive', '')
    """
    if _blank(value):
        return ""
    text = str(value)
    if text in CLASS_WORDS:
        return CLASS_WORDS[text]
    if text in TITLE_WORDS:
        return TITLE_WORDS[text]
    return " / ".join(part.capitalize() for part in text.split("/"))


def title_word(value: Any) -> str:
    """A title id as people name it (a Riftbound champion tag stays as it is)."""
    if _blank(value):
        return ""
    return TITLE_WORDS.get(str(value), str(value))


def type_word(value: Any) -> str:
    """A card-type id in words: ``evolved_follower`` is ``Evolved follower``, ``ep`` ``EP``.

    >>> type_word("evolved_follower"), type_word("champion_unit"), type_word("sep")
    ('Evolved follower', 'Champion unit', 'SEP')
    """
    if _blank(value):
        return ""
    text = str(value)
    if text in ("ep", "sep"):
        return text.upper()
    return text.replace("_", " ").capitalize()


def percent(value: Any, digits: int = 1) -> str:
    """A share as a percentage: ``0.7167`` is ``71.7%`` (blank when unknown)."""
    if _blank(value):
        return ""
    return f"{float(value):.{digits}%}"


def day(value: Any) -> str:
    """A date or timestamp as ``YYYY-MM-DD`` (no ``00:00:00``)."""
    if _blank(value):
        return ""
    if isinstance(value, (date, datetime)):
        return value.strftime("%Y-%m-%d")
    return str(value)[:10]
