"""Every description (``decklab engine show``) against the official English text, for meaning.

For every fully modelled card, the English (read from ``../shared/data/sve/sven`` at test
time) and the description must agree on what a reader checks first: the targets' place ("on
your field"), "different names", a condition ("if"), and every number. Equivalent wordings
are mapped before comparing (a Continuous ability is "while this is on your field"; "if it
would ... instead" is a replacement; "If it's a spell" after a look is the card taken).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from decklab.commands.engine import read_card_texts
from engine.sve.library import card_words, library

_EQUIVALENT = (
    (r"\((?!\d\))[^)]*\)", ""),  # reminder text
    (r"While this (?:card|follower) is [\w ]*on your field, ", ""),  # Continuous
    (r"if (?:this card|this) is in your EX area", "while in the EX area"),
    (r"If (?:it\W?s|it is|it costs) ", "Among them, "),  # a look's filter
    (r"\bif\b(?=[^.]*\bwould\b)", "when"),  # a replacement effect
    (r"(?:can be activated|Activate only) if", "usable while"),  # a usability clause
    (r"If you do, (give|deal) it\b", r"\1 it"),  # nothing taken, no "it" to act on
    (r"1 or more", "an"),
    (r"\{\[cost00\]\}", ""),  # no cost
    (r"\d+ (less|more)([^.]*for (?:every|each))", r"X \1\2"),  # a cost per card
)


def _english(text: str) -> str:
    for pattern, repl in _EQUIVALENT:
        text = re.sub(pattern, repl, text, flags=re.IGNORECASE)
    return text


def _numbers(english: str) -> set[str]:
    costs = {str(int(n)) for n in re.findall(r"\{\[cost(\d+)\]\}", english)}
    plain = re.sub(r"\{\[[^\]]*\]\}", "", english)
    return costs | set(re.findall(r"(?<![\w.])(\d+)(?![\w.])", plain))


def gaps(english: str, words: str) -> list[str]:
    """What the English says and the description does not."""
    en = _english(english)
    out = []
    if "different names" in en and "different names" not in words:
        out.append("different names")
    if "on your field" in en and not re.search(
        r"your field|\byour [\w/ ]*(?:followers|amulets|cards)\b", words
    ):
        out.append("on your field")
    if re.search(r"(?<!only )\bif\b", en, re.IGNORECASE) and not re.search(
        r"\bif\b|\bunless\b|until it is full", words
    ):
        out.append("if")
    out.extend(f"the number {n}" for n in sorted(_numbers(en) - set(re.findall(r"\d+", words))))
    return out


@pytest.fixture(scope="module")
def english(sve_data: Path) -> dict[str, str]:
    """Card id -> the official English text, for every card of the pool."""
    return {
        r.card_id: r.text_en
        for r in read_card_texts(sve_data / "cards_ja", sve_data / "sven")
        if r.text_en
    }


def test_every_full_description_says_what_the_english_says(english: dict[str, str]) -> None:
    cards = library()["cards"]
    compared, missing = 0, []
    for card_id, entry in cards.items():
        if entry.get("status") != "full" or card_id not in english:
            continue
        compared += 1
        lacks = gaps(english[card_id], " | ".join(card_words(card_id, entry)))
        if lacks:
            missing.append(f"{card_id}: {', '.join(lacks)}")
    assert compared > 1500
    assert not missing, missing


@pytest.mark.parametrize(
    ("english", "words", "lacks"),
    [
        ("Costs 1 less for every Fairy on your field.", "costs X (the number of 'F' cards)",
         ["on your field"]),
        ("Search your deck for up to 2 cards with different names.", "search for up to 2 cards",
         ["different names"]),
        ("Deal it 2 damage. If X, deal 4 instead.", "deal 2 damage to it; deal 4 damage to it",
         ["if"]),
        ("Deal 3 damage to it.", "deal 2 damage to it", ["the number 3"]),
        ("Deal 3 damage to each follower on your field.", "deal 3 damage to all your followers",
         []),
    ],
)  # fmt: skip
def test_the_check_flags_missing_places_names_conditions_and_numbers(
    english: str, words: str, lacks: list[str]
) -> None:
    assert gaps(english, words) == lacks


@pytest.mark.parametrize(
    ("card_id", "has", "lacks"),
    [
        ("BP14-018", "Advance act (", "Advance Advance"),
        ("BP14-070", "Advance act (", "Advance Advance"),
        ("BP17-091", "Advance act (", "Advance Advance"),
        ("BP07-012", "if this did not come onto the field from the hand", "not not"),
        ("BP17-022", "deal 3 damage to it instead", "not not"),
        ("BP06-016", "cards on your field", "of yours"),
        ("CP04-039", "with different names", "of yours"),
        ("BP03-029", "deal 2 damage to it; if you have 2 or more", "if not"),
    ],
)
def test_descriptions_of_cards_that_read_wrong(card_id: str, has: str, lacks: str) -> None:
    words = " | ".join(card_words(card_id, library()["cards"][card_id]))
    assert has in words
    assert lacks not in words
