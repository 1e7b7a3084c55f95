"""How far an "if" reaches: 「Xなら、A。B。」 is compiled as the official English says.

The English text settles whether B is part of the condition (:mod:`engine.sve.compiler.scope`).
Card texts are read from ``../shared/data/sve`` (the Japanese dump and the SVEN set files)
at test time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from decklab.commands.engine import read_card_texts
from engine.cards import CardRecord
from engine.sve import End
from engine.sve.compiler import UNDER_IF, compile_card, token_records
from engine.sve.compiler.scope import UNDECIDED, _conditions, _english_line, scopes
from engine.sve.compiler.templates.base import CLASS_WORDS
from engine.sve.compiler.templates.conditions import condition_or_chain as condition
from engine.sve.compiler.text import ability_lines
from engine.sve.position import follower, position
from tests.engine.library_cards import library_record, library_scripts


@pytest.fixture(scope="module")
def cards(sve_data: Path) -> dict[str, CardRecord]:
    """Every card of the pool (the dump's and SVEN's, SVEN's text normalised), with its
    English, by card id."""
    return {r.card_id: r for r in read_card_texts(sve_data / "cards_ja", sve_data / "sven")}


def _reach(cards: dict[str, CardRecord], card_id: str) -> list[int]:
    rec = cards[card_id]
    lines = ability_lines(rec.text or "")
    found = scopes(lines, rec.text_en, condition)
    return [found[rest] for line in lines for rest, b in _conditions(line, condition) if b]


@pytest.mark.parametrize(
    ("card_id", "reach", "english"),
    [
        ("BP02-085", [1], "if Sanguine, draw a card, then discard a card"),
        ("BP09-104", [1, 1], "if 5 spells, +5 and draw; if 5 amulets, 5 damage and draw"),
        ("BP10-109", [1], "if no other followers, destroy it and draw a card"),
        ("BP05-050", [1], "if Raio, 6 damage and 3 to its leader instead"),
        ("BP03-052", [1], "if another Chess follower, 1 damage and +1 defense"),
        ("CP01-079", [2], "if no others, select; then 'destroy it...' goes on with it"),
        ("BP20-002", [0], "if 6 Hunter cards, a Crest token. Give your leader +2 (always)"),
        ("BP15-012", [0], "if 3 Hunter cards, 2 damage. When it dies this turn, +2 (always)"),
        ("CP03-028", [1], "if Blaster Blade, draw 2 then discard. No damage this turn (always)"),
    ],
)
def test_the_english_says_how_far_the_condition_reaches(
    cards: dict[str, CardRecord], card_id: str, reach: list[int], english: str
) -> None:
    assert _reach(cards, card_id) == reach, english


def test_without_english_nothing_is_decided(cards: dict[str, CardRecord]) -> None:
    lines = ability_lines(cards["BP10-109"].text or "")
    assert set(scopes(lines, None, condition).values()) == {UNDECIDED}
    assert set(scopes(lines, "unavailable", condition).values()) == {UNDECIDED}


def _token_context(cards: dict[str, CardRecord]) -> dict[str, CardRecord]:
    tokens = [c for c in cards.values() if c.card_type.startswith("token_")]
    by_id = token_records(tokens, {t.card_id: compile_card(t, {}).keywords for t in tokens})
    out: dict[str, CardRecord] = {}
    for tid in sorted(by_id):
        out.setdefault(by_id[tid].name, by_id[tid])
    return out


def test_every_card_of_the_pool_follows_its_english(cards: dict[str, CardRecord]) -> None:
    """Each line with 「Xなら、A。B。」, compiled alone with its English line: B's sentences
    under the condition are as many as the English puts there; a line whose English does
    not settle it is left out."""
    tokens = _token_context(cards)
    known = frozenset(t for c in cards.values() for t in c.traits) | frozenset(CLASS_WORDS.values())
    checked, left_out, wrong = 0, 0, []
    for rec in cards.values():
        lines = ability_lines(rec.text or "")
        reach = scopes(lines, rec.text_en, condition)
        en_lines = [x for x in (rec.text_en or "").split("\n") if x.strip()]
        for line in lines:
            found = [(rest, reach[rest]) for rest, b in _conditions(line, condition) if b]
            if not found:
                continue
            en = _english_line(line, lines, en_lines, len(_conditions(line, condition)), condition)
            one = CardRecord(
                rec.card_id, rec.name, card_type=rec.card_type, traits=rec.traits, text=line,
                text_en=en,
            )  # fmt: skip
            made = compile_card(one, tokens, known_traits=known)
            if any(n == UNDECIDED for _, n in found):
                left_out += 1
                if made.status != "none":
                    wrong.append(f"{rec.card_id}: modelled though the English does not settle it")
                continue
            if made.status != "full":
                continue  # not modelled for another reason: nothing to follow
            checked += 1
            governed = made.templates.count(UNDER_IF)
            if governed != sum(n for _, n in found):
                wrong.append(f"{rec.card_id}: {governed} under the condition, English {found}")
    assert not wrong, wrong
    assert checked >= 25
    assert left_out <= 6


def test_bp02_085_draws_and_discards_only_with_sanguine() -> None:
    """BP02-085 (end phase): with Sanguine (your leader lost defense this turn, CR 13.5.2) it
    draws a card, then discards one; without, it does neither (it used to discard at every
    end phase)."""
    scripts = library_scripts("BP02-085")
    card = library_record(scripts, "BP02-085", cost=2, atk=2, dfn=2)
    for looted in (True, False):
        game = position(
            fields=([card], []), hands=([follower("H1"), follower("H2")], []), scripts=scripts
        )
        if looted:
            game.players[0].hurt_on = game.turn
        game.apply(End())
        while game.decision is not None and game.current_player() == 0:
            game.apply(game.legal_actions()[0])  # the discard: the first card offered
        assert len(game.players[0].grave) == (1 if looted else 0)
        assert len(game.players[0].hand) == 2
        assert len(game.players[0].deck) == (19 if looted else 20)
