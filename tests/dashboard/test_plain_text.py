"""Every place a page shows text through Streamlit's markdown passes user and file text
through ``dashboard.plain`` (a test reading the source, so that a new place is caught).

Streamlit renders headings, captions, alerts, widget labels, help, tab and expander
labels and radio options as markdown: a deck named ``![x](http://host/x.png)`` shown there
raw makes the browser fetch that address. Here every argument those calls get must be text
written in the source, a number formatted as one, ``plain(...)`` or ``code_span(...)``, or
an expression listed below as our own words (each with why).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

DASHBOARD = Path(__file__).resolve().parents[2] / "dashboard"

MARKDOWN_CALLS = {
    "markdown", "write", "caption", "title", "header", "subheader", "success", "error",
    "warning", "info", "toast", "exception", "expander", "tabs", "popover", "status",
    "spinner", "metric", "button", "download_button", "link_button", "page_link",
    "form_submit_button", "checkbox", "toggle", "radio", "selectbox", "multiselect",
    "pills", "segmented_control", "text_input", "text_area", "number_input", "slider",
    "select_slider", "file_uploader", "date_input", "time_input", "color_picker",
}  # fmt: skip
"""Streamlit calls whose first argument (a body or label) is rendered as markdown."""
MARKDOWN_KEYWORDS = {"body", "label", "help", "caption", "captions", "delta"}
EVERY_ARGUMENT = {"radio", "tabs", "pills", "segmented_control"}
"""Calls whose other arguments (options, tab labels) are markdown too."""
NOT_STREAMLIT = {"game_rules", "rules"}
"""Receivers of same-named calls that are not Streamlit (``game_rules.write(deck)``)."""
SAFE_CALLS = {"plain", "code_span", "len", "int", "float", "round"}

OUR_WORDS: dict[str, set[str]] = {
    # every caller passes a label or sentence written in its page
    "agent_choice.py": {"label", "lv.title", "lv.description"},  # analytics/levels.py's words
    "deck_state.py": {"sentence"},
    "app.py": {"GAMES"},
    # numbers, and words of ours: a deck section, a seat, a format, a game's name, an error
    # code, a policy's name, how many games a run asked for, a card-pool message already
    # written with plain() when the card was added
    "answers.py": {
        "interval_text(result['ci95'])", "agent_choice.cost_note((agent, agent), games * top)",
    },
    "card_pool.py": {"section", "count", "card.max_copies", "added"},
    "curve_odds.py": {"list(MODES)", "name", "through", "going", "counts.size", "most"},
    "deck_builder.py": {"where", "on.isoformat()", "fmt", "e.code"},
    "matchups.py": {"games", "agent_choice.cost_note((agent, agent), games * len(pairs))"},
    "simulate.py": {
        "games", "info.games", "built_too", "agent_choice.cost_note((agent_a, agent_b), games)",
    },
    # dates, read with date.fromisoformat when imported
    "meta.py": {
        "held",
        "lists['tournament_id'].nunique()", "str(lists['event_date'].min())[:10]",
        "str(lists['event_date'].max())[:10]",
    },
    "my_decks.py": {
        "game_rules.name", "old_version", "new_version", "deckdiff.summary(changes)", "fmt",
    },
    "replay.py": {
        "[SIMULATED, LOG_FILE]", "step.number", "step.turn", "replay.turns", "turn", "row.turns",
        "side.hand", "side.deck", "side.ex", "side.grave", "side.banish", "side.evolve_deck",
        "side.sep",
    },
}  # fmt: skip
"""Expressions shown through markdown that hold only numbers or words written by us."""


def _is_safe(node: ast.expr, allowed: set[str]) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, (ast.List, ast.Tuple)):
        return all(_is_safe(e, allowed) for e in node.elts)
    if isinstance(node, ast.JoinedStr):
        return all(_is_safe(v, allowed) for v in node.values)
    if isinstance(node, ast.FormattedValue):  # a format spec (':.1%', ',') formats a number
        return node.format_spec is not None or _is_safe(node.value, allowed)
    if isinstance(node, ast.BinOp):
        return _is_safe(node.left, allowed) and _is_safe(node.right, allowed)
    if isinstance(node, ast.IfExp):
        return _is_safe(node.body, allowed) and _is_safe(node.orelse, allowed)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in SAFE_CALLS
    ):
        return True
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and node.args
        and isinstance(node.args[0], (ast.GeneratorExp, ast.ListComp))
    ):  # 'sep'.join(part for ...): every part safe
        return _is_safe(node.func.value, allowed) and _is_safe(node.args[0].elt, allowed)
    if isinstance(node, ast.Name) and node.id.isupper():  # a constant written in the source
        return True
    return ast.unparse(node) in allowed


def _labels_ours(func: ast.expr) -> bool:
    """``CONSTANT.__getitem__`` (labels written in the source) or ``plain``."""
    if isinstance(func, ast.Name):
        return func.id == "plain"
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "__getitem__"
        and isinstance(func.value, ast.Name)
        and func.value.id.isupper()
    )


def _receiver(call: ast.Call) -> str:
    func = call.func
    assert isinstance(func, ast.Attribute)
    value = func.value
    return value.id if isinstance(value, ast.Name) else ast.unparse(value)


def unescaped(path: Path) -> list[str]:
    """Every argument of a markdown-rendering call in ``path`` that is not known to be safe."""
    allowed = OUR_WORDS.get(path.name, set())
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        kind = node.func.attr
        if kind not in MARKDOWN_CALLS or _receiver(node) in NOT_STREAMLIT:
            continue
        shown = list(node.args if kind in EVERY_ARGUMENT else node.args[:1])
        shown += [k.value for k in node.keywords if k.arg in MARKDOWN_KEYWORDS]
        if kind in EVERY_ARGUMENT:
            shown += [k.value for k in node.keywords if k.arg == "options"]
        found += [
            f"{path.name}:{node.lineno} {kind}: {ast.unparse(arg)}"
            for arg in shown
            if not _is_safe(arg, allowed)
        ]
        if kind in EVERY_ARGUMENT:  # the options are shown as format_func labels them
            found += [
                f"{path.name}:{node.lineno} {kind}: format_func={ast.unparse(k.value)}"
                for k in node.keywords
                if k.arg == "format_func" and not _labels_ours(k.value)
            ]
    return found


@pytest.mark.parametrize(
    "path", sorted(DASHBOARD.rglob("*.py")), ids=lambda p: str(p.relative_to(DASHBOARD))
)
def test_markdown_shows_user_text_through_plain(path: Path) -> None:
    assert unescaped(path) == []


def test_the_check_catches_a_name_shown_raw(tmp_path: Path) -> None:
    """The scan itself, both ways: raw user text is caught, the same through plain is not."""
    page = tmp_path / "page.py"
    page.write_text(
        "import streamlit as st\n"
        "col = st.columns(2)[0]\n"
        "st.subheader(f'{deck.name} vs {other}')\n"
        "col.metric(label=info.deck_a, value=3)\n"
        "st.radio('Deck', names)\n"
        "st.radio('Deck', IDS, format_func=lambda i: decks[i].name)\n"
        "st.caption(f'{plain(deck.name)}: {rate:.1%}, ' + ', '.join(plain(c) for c in cards))\n"
        "game_rules.write(deck, fmt, pool)\n",
        encoding="utf-8",
    )
    assert [line.split(" ", 1)[1] for line in unescaped(page)] == [
        "subheader: f'{deck.name} vs {other}'",
        "metric: info.deck_a",
        "radio: names",
        "radio: format_func=lambda i: decks[i].name",
    ]
