"""Tables for people: our column ids renamed, codes named, missing values left blank.

Streamlit prints a missing value as ``None``; a column holding one is shown as text here,
with the value blank (or a dash, where a number was not worked out and a caption says why).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pandas as pd

from cardpool.words import class_word, keyword_word, title_word, type_word


def _listy(value: Any) -> bool:
    return isinstance(value, (list, tuple, np.ndarray))


def _missing(value: Any) -> bool:
    if _listy(value):
        return False
    return value is None or bool(pd.isna(value))


def _text(value: Any) -> str:
    if _missing(value):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if _listy(value):
        return ", ".join(str(v) for v in value)
    return str(value)


def for_people(
    frame: pd.DataFrame,
    columns: Mapping[str, str],
    words: Mapping[str, Callable[[Any], str]] | None = None,
) -> pd.DataFrame:
    """``frame``'s ``columns`` (id -> heading) in order, values passed through ``words``.

    A column with a missing value becomes text with that cell blank; lists become
    comma-separated text.
    """
    out = pd.DataFrame(index=frame.index)
    for column, heading in columns.items():
        values = frame[column]
        if words and column in words:
            values = values.map(words[column])
        if values.map(_missing).any() or values.map(_listy).any():
            values = values.map(_text)
        out[heading] = values
    return out.reset_index(drop=True)


DASH = "–"
"""A number not worked out (a caption beside the table says why)."""


def numbers_or_dash(frame: pd.DataFrame, formats: Mapping[str, str]) -> pd.DataFrame:
    """``frame`` with each column of ``formats`` that misses a value shown as text: the
    numbers in their format, a missing one as a dash (Streamlit would print ``None``).

    >>> numbers_or_dash(pd.DataFrame({"p": [12.5, None]}), {"p": "{:.2f}%"})["p"].tolist()
    ['12.50%', '–']
    """
    out = frame.copy()
    for column, fmt in formats.items():
        if out[column].map(_missing).any():
            out[column] = out[column].map(lambda v, f=fmt: DASH if _missing(v) else f.format(v))
    return out


def keywords_in_words(values: Any) -> str:
    """A card's keyword ids as the cards print them, comma-separated."""
    return ", ".join(keyword_word(v) for v in values) if _listy(values) else ""


def _extra(field: str) -> Callable[[Any], Any]:
    def get(text: Any) -> Any:
        return json.loads(text).get(field) if isinstance(text, str) and text else None

    return get


def card_table(results: pd.DataFrame, game: str) -> pd.DataFrame:
    """Card search results as a table, in each game's own words."""
    if game == "riftbound":
        frame = results.assign(power=results["extra"].map(_extra("power")))
        return for_people(
            frame,
            {"card_id": "Code", "name": "Name", "class": "Domain", "title": "Champion",
             "type": "Type", "cost": "Energy", "power": "Power", "attack": "Might",
             "keywords": "Keywords"},
            {"class": class_word, "type": type_word, "keywords": keywords_in_words},
        )  # fmt: skip
    return for_people(
        results,
        {"card_id": "Code", "name": "Name", "class": "Class", "title": "Title", "type": "Type",
         "cost": "Cost", "attack": "Attack", "defense": "Defense", "keywords": "Keywords",
         "preview": "Preview"},
        {"class": class_word, "title": title_word, "type": type_word,
         "keywords": keywords_in_words, "preview": preview_word},
    )  # fmt: skip


def preview_word(value: Any) -> str:
    """``preview`` for a card of a set still being previewed, else blank."""
    return "preview" if value is True or value == 1 else ""
