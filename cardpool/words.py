"""People's words for our ids: class, title, domain, card-type, keyword and region names,
Riftbound's text symbols, possessives, percentages, dates."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any

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


KEYWORD_WORDS = {
    "last_words": "Last Words",
    "on_evolve": "On Evolve",
    "on_super_evolve": "On Super-Evolve",
    "advance_act": "Advance Act",
    "engage_cost": "Engage",
    "earth_rite": "Earth Rite",
    "on_run": "On Run",
    "on_drive": "On Drive",
    "start_amulet": "Start Amulet",
    "single_drive": "Single Drive",
    "twin_drive": "Twin Drive",
    "union_burst": "Union Burst",
    "quick_draw": "Quick-Draw",
}
"""Keyword ids (``normalise.KEYWORD_IDS``) whose name is not the id capitalised."""
REGION_WORDS = {"asia": "Asia", "en": "English-language regions", "global": "Global"}
"""Restriction-list regions: ``asia`` is the Japanese edition's list, ``en`` the English."""
RIFTBOUND_SYMBOLS = {
    "exhaust": "[Exhaust]",
    "might": "Might",
    "rune_rainbow": "[any power]",
}
"""Riftbound's text symbols (``:rb_exhaust:``) in words; energy and domain power are made up
from their names (``:rb_energy_2:`` is ``[2 energy]``, ``:rb_rune_fury:`` ``[Fury power]``)."""
END_WORDS = {
    "leader_defense": "leader defense 0",
    "deck_out": "deck out",
    "turn_limit": "turn limit",
    "effect": "a card's effect",
    "error": "error",
}
"""How a game ended (the engine's end reasons, and errors)."""
_SYMBOL = re.compile(r":rb_([a-z0-9_]+):")


def _blank(value: Any) -> bool:
    """None, NaN, NaT, NA or empty text."""
    if isinstance(value, str):
        return not value
    if value is None:
        return True
    import pandas as pd  # only for the missing values of frames: the CLI never gets here

    return bool(pd.isna(value))


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


def keyword_word(value: Any) -> str:
    """A keyword id as the cards print it.

    >>> keyword_word("last_words"), keyword_word("ward"), keyword_word("engage_cost")
    ('Last Words', 'Ward', 'Engage')
    """
    if _blank(value):
        return ""
    text = str(value)
    return KEYWORD_WORDS.get(text, text.replace("_", " ").capitalize())


def region_word(value: Any) -> str:
    """A restriction-list region in words.

    >>> region_word("asia"), region_word("en")
    ('Asia', 'English-language regions')
    """
    if _blank(value):
        return ""
    return REGION_WORDS.get(str(value), str(value))


def symbol_words(text: str) -> str:
    """Riftbound card text with its symbols in words.

    >>> symbol_words(":rb_exhaust:, :rb_energy_1::rb_rune_fury:: Deal 2. Give +1 :rb_might:.")
    '[Exhaust], [1 energy][Fury power]: Deal 2. Give +1 Might.'
    """

    def word(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in RIFTBOUND_SYMBOLS:
            return RIFTBOUND_SYMBOLS[name]
        if name.startswith("energy_"):
            return f"[{name.removeprefix('energy_')} energy]"
        if name.startswith("rune_"):
            return f"[{name.removeprefix('rune_').capitalize()} power]"
        return f"[{name.replace('_', ' ')}]"

    return _SYMBOL.sub(word, text)


def possessive(name: str) -> str:
    """``name``'s, or ``name``' for a name ending in s.

    >>> possessive("Knights"), possessive("player 1"), possessive("Aria")
    ("Knights'", "player 1's", "Aria's")
    """
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


def rule_word(rule: str) -> str:
    """A verdict's rule as people cite it: ``CR 6.1.1.4`` (SVE clauses are bare numbers),
    Riftbound's ``CR``/``TR`` as they are; a restriction list's entry is named by its
    message, so it is blank.

    >>> rule_word("6.1.1.4"), rule_word("TR 601.1.c.1"), rule_word("asia/standard list, since x")
    ('CR 6.1.1.4', 'TR 601.1.c.1', '')
    """
    if rule[:1].isdigit():
        return f"CR {rule}"
    return rule if rule.startswith(("CR ", "TR ")) else ""


def end_word(reason: str) -> str:
    """How a game ended, in words: ``leader_defense`` is ``leader defense 0``."""
    return END_WORDS.get(reason, reason.replace("_", " "))


def endings(counts: dict[str, int]) -> str:
    """Games by how they ended, most first.

    >>> endings({"deck_out": 4, "leader_defense": 96})
    'leader defense 0 in 96, deck out in 4'
    """
    ordered = sorted(counts.items(), key=lambda kv: -kv[1])
    return ", ".join(f"{end_word(reason)} in {n:,}" for reason, n in ordered)
