"""Property tests of the deck-list readers: any text is read or refused, quickly and alike.

Long and odd lines (runs of blanks and tabs inside headers and card lines, runs of digits,
unclosed brackets, control characters) once made the section-header pattern backtrack for
minutes; here every line is read in one pass, whatever it holds.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cardpool import decklist
from cardpool.deck import RIFTBOUND_SECTIONS, SECTIONS, Deck
from cardpool.errors import InputError
from cardpool.riftbound import decklist as riftbound_decklist

READERS = {"sve": decklist.parse_text, "riftbound": riftbound_decklist.parse_text}

BLANKS = st.text(alphabet=" \t\u3000", min_size=1, max_size=3000)
TOKENS = st.sampled_from(
    ["Main", "deck", "Main deck", "Leader", "Evolve", "Legend", "Runes", "Champion", "#", "##",
     "[", "]", ":", "(40)", "(", "3", "3x", "×", "x", "BP01-001", "OGN-004", "[OGN-004]",
     "Cleave", "// note", "name:", "game:", "\x00", "\x1b", "ｘ", "ローズクイーン"]
)  # fmt: skip
ODD_LINE = st.lists(st.one_of(TOKENS, BLANKS, st.text(max_size=20)), max_size=8).map("".join)
ODD_TEXT = st.lists(ODD_LINE, min_size=1, max_size=20).map("\n".join)

ADVERSARIAL = [
    "Main" + " " * 5000 + "x",
    "Main" + " \t" * 5000 + "deck x",
    "[ " + " " * 5000 + "Evolve deck ] : (4" + "4" * 5000,
    "3" + " " * 5000 + "x" + " " * 5000 + "y" * 100,
    "7" * 5000 + " BP01-001",
    "2 Cleave " + "[OGN-1" * 2000,
    "Legend" + " " * 5000 + ":" + " " * 5000 + "(1",
]


def _read(game: str, text: str) -> Deck | None:
    try:
        return READERS[game](text)
    except InputError:
        return None


@pytest.mark.parametrize("game", list(READERS))
@pytest.mark.parametrize("line", ADVERSARIAL, ids=range(len(ADVERSARIAL)))
def test_long_odd_lines_are_refused_with_their_line_number(game: str, line: str) -> None:
    text = f"Main deck\n3 BP01-001\n{line}\n"
    with pytest.raises(InputError) as refused:
        READERS[game](text)
    assert refused.value.line == 3


@pytest.mark.parametrize("game", list(READERS))
@given(text=ODD_TEXT)
@settings(max_examples=150, deadline=None)
@example(text="Main" + " " * 3000 + "x")
@example(text="Evolve" + "\t" * 3000 + "deck\n2" + " " * 3000 + "SD01-004")
def test_any_text_is_read_or_refused_with_a_message(game: str, text: str) -> None:
    problem = ""
    try:
        deck = READERS[game](text)
    except InputError as err:
        problem = err.problem
    if problem:  # one line naming what is wrong
        assert "\n" not in problem
    else:
        assert any(deck.section(s) for s in (*SECTIONS, *RIFTBOUND_SECTIONS))


@pytest.mark.parametrize("game", list(READERS))
@given(
    counts=st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=12),
    gaps=st.lists(BLANKS, min_size=4, max_size=4),
)
@settings(max_examples=60, deadline=None)
def test_blanks_of_any_length_read_as_one_space(
    game: str, counts: list[int], gaps: list[str]
) -> None:
    codes = [
        f"BP01-{i + 1:03d}" if game == "sve" else f"OGN-{i + 1:03d}" for i in range(len(counts))
    ]
    tidy = "Main deck\n" + "\n".join(f"{n} {c}" for n, c in zip(counts, codes, strict=True))
    a, b, c, d = gaps
    padded = f"{a}Main{b}deck{c}\n" + "\n".join(
        f"{d}{n}{a}{c_}{b}" for n, c_ in zip(counts, codes, strict=True)
    )
    assert _read(game, padded) == _read(game, tidy)
    deck = _read(game, tidy)
    assert deck is not None
    assert dict(deck.main) == dict(zip(codes, counts, strict=True))


@pytest.mark.parametrize("game", list(READERS))
@pytest.mark.parametrize(
    ("header", "is_header"),
    [("Main" + " " * 2000 + "deck", True), ("[ Main deck ]" + " " * 2000 + ":", True),
     ("Main" + " " * 2000 + "x", False), ("Main decks", False)],
    ids=["blanks inside", "blanks before the colon", "a word after", "a plural"],
)  # fmt: skip
def test_headers_padded_with_blanks_are_headers(game: str, header: str, is_header: bool) -> None:
    deck = _read(game, f"{header}\n2 BP01-001\n")
    assert (deck is not None) == is_header
