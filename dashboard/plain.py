"""Text from users and from data, shown as written: never read as markdown or HTML.

Streamlit renders headings, captions, alerts, labels and help text as markdown, so a deck
named ``![x](http://host/x.png)`` would load an image and ``[win](http://host)`` would be a
link. Every markdown character is escaped with a backslash (CommonMark's escape), which
shows the character itself.
"""

from __future__ import annotations

_SPECIAL = frozenset("\\`*_{}[]()<>#+.!|~$:&@/")
"""ASCII punctuation with a meaning in Streamlit's markdown (links, images, emphasis, code,
HTML, LaTeX, emoji and colour directives, autolinks); a hyphen only means something at the
start of a line (a list item), so only a leading one is escaped and codes stay readable."""


def plain(text: object) -> str:
    """``text`` escaped so that markdown shows it literally, on one line.

    >>> plain("![x](http://e/x.png) **bold**")
    '\\\\!\\\\[x\\\\]\\\\(http\\\\:\\\\/\\\\/e\\\\/x\\\\.png\\\\) \\\\*\\\\*bold\\\\*\\\\*'
    """
    line = " ".join(str(text).splitlines())
    escaped = "".join("\\" + c if c in _SPECIAL else c for c in line)
    return "\\" + escaped if escaped.startswith("-") else escaped
