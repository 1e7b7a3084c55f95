"""Text from users and from data, shown as written: never read as markdown or HTML.

Streamlit renders headings, captions, alerts, labels and help text as markdown, so a deck
named ``![x](http://host/x.png)`` would load an image and ``[win](http://host)`` would be a
link. Every markdown character is escaped with a backslash (CommonMark's escape), which
shows the character itself. Streamlit's markdown also turns any text reading as a web or
mail address into a link, escaped or not (GitHub's autolinks, found in the text after the
escapes are read), so an invisible word joiner (U+2060) goes where such an address would
begin: after ``http``, ``https`` and ``www`` and after an ``@``. What the reader sees is
unchanged.
"""

from __future__ import annotations

import re

_SPECIAL = frozenset("\\`*_{}[]()<>#+.!|~$:&@/")
"""ASCII punctuation with a meaning in Streamlit's markdown (links, images, emphasis, code,
HTML, LaTeX, emoji and colour directives, autolinks); a hyphen only means something at the
start of a line (a list item), so only a leading one is escaped and codes stay readable."""


_AUTOLINK = re.compile(r"(?i)(?<=https)(?=:)|(?<=http)(?=:)|(?<=www)(?=\.)|(?<=@)")
"""Where GitHub's autolinks begin (web addresses and mail addresses): a word joiner goes there."""
WORD_JOINER = "\u2060"


def plain(text: object) -> str:
    """``text`` escaped so that markdown shows it literally, on one line.

    >>> plain("![x](http://e/x.png) **bold**").replace(WORD_JOINER, "+")
    '\\\\!\\\\[x\\\\]\\\\(http+\\\\:\\\\/\\\\/e\\\\/x\\\\.png\\\\) \\\\*\\\\*bold\\\\*\\\\*'
    """
    line = _AUTOLINK.sub(WORD_JOINER, " ".join(str(text).splitlines()))
    escaped = "".join("\\" + c if c in _SPECIAL else c for c in line)
    return "\\" + escaped if escaped.startswith("-") else escaped


def code_span(text: object) -> str:
    """``text`` as inline code: markdown inside a code span is shown as typed, so only a
    backtick (which would end the span) and line breaks are changed.

    >>> code_span("decklab odds --card `x`")
    "`decklab odds --card 'x'`"
    """
    return "`" + " ".join(str(text).replace("`", "'").splitlines()) + "`"
