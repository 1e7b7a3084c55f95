"""How far an "if" reaches, as the official English text says.

The Japanese 「Xなら、A。B。」 leaves open whether B is part of the condition: it is on most
cards ("if X, A and B") and not on some ("If X, A. B."). The English text of the same
ability settles it. For every sentence of a Japanese ability that opens with an "if" clause
(CR 10.5 aside, a plain condition of its own sentence), :func:`scopes` counts the sentences
after it that belong to the condition:

- the Japanese condition and the English ``if`` are paired in order within the ability
  (an English ``only if`` is a usability clause and not counted; when the counts differ
  nothing is decided);
- the sentences after the condition (up to the next condition, the next option of a choice
  or the end) are B; the English sentences after the one holding the ``if`` (up to the next
  ``if``, option or end) are the English tail, less usability sentences and less sentences
  about "it" when the condition itself chooses what "it" is;
- B's first ``len(B) - len(tail)`` sentences belong to the condition (all of them when the
  English says everything in the ``if`` sentence).

Standard library only, like the compiler.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.sve.compiler.text import sentences

Opener = Callable[[str], tuple[Any, bool, str, str]]
"""The compiler's condition reader: ``(condition, whole, rest, id)`` for a sentence."""

_HEADER = re.compile(
    r"^(?:【(?:ファンファーレ|ラストワード|進化時|超進化時|攻撃時|起動|Q|アドバンス起動|"
    r"ドライブ獲得時|出走時|コスト\d+|コストX)】)+"
)
"""Trigger and cost icons before an ability's first sentence (not the conditions after)."""
_TRIGGER = re.compile(r"^[^。「」]*?とき、")
_OPTION_JA = re.compile(r"^【\d】")
_USABILITY_JA = ("この能力は",)
_REMINDER_EN = re.compile(r"\((?!\d\))[^()]*\)")
_OPTION_EN = re.compile(r"\(\d\)")
_SENTENCE_EN = re.compile(r"(?<=[.!?])\s+|\s*(?=\(\d\))")
_IF_EN = re.compile(r"(?<!only )(?<!as )\bif\b", re.IGNORECASE)
_USABILITY_EN = re.compile(r"^(?:Activate|Use|This ability can)\b.*\bonly\b|^Activate only", re.I)
_CHOOSES_EN = re.compile(r"\b(?:select|search|choose|look at)\b", re.IGNORECASE)
_IT_EN = re.compile(
    r"\b(?:it|its|them|their|they|that (?:card|follower)|the selected|the rest)\b", re.I
)
"""Words of a sentence that go on with what the condition chose (it, the rest of a look)."""
_TRIGGERS_EN = (
    ("fanfare", re.compile(r"\{\[fanfare\]\}")),
    ("last_words", re.compile(r"\{\[lastwords\]\}")),
    ("super_evolve", re.compile(r"^On Super-Evolve", re.I)),
    ("evolve", re.compile(r"^On Evolve", re.I)),
    (
        "strike",
        re.compile(r"^(?:Follower )?Strike", re.I),
    ),  # "Follower Strike": フォロワーへの攻撃なら
    ("act", re.compile(r"\{\[act\]\}|^Activate", re.I)),
    ("end_phase", re.compile(r"^At the start of your end phase", re.I)),
)
_TRIGGERS_JA = (
    ("fanfare", "【ファンファーレ】"),
    ("last_words", "【ラストワード】"),
    ("super_evolve", "【超進化時】"),
    ("evolve", "【進化時】"),
    ("strike", "【攻撃時】"),
    ("act", "【起動】"),
    ("end_phase", "自分のエンドフェイズが来たとき、"),
)


UNDECIDED = -1
"""The reach of a condition the English does not settle (no English, or no line of it that
fits): the compiler leaves such a line out rather than guess."""


def scopes(lines: Sequence[str], english: str | None, opens: Opener) -> dict[str, int]:
    """For the Japanese ability lines of one card: the text after each plain condition
    followed by more sentences (``rest``) -> how many of those sentences belong to that
    condition as the English says, or :data:`UNDECIDED`."""
    known = english is not None and english.strip() not in ("", "unavailable")
    en_lines = [en for en in (english or "").split("\n") if en.strip()] if known else []
    out: dict[str, int] = {}
    for line in lines:
        found = _conditions(line, opens)
        if not any(b for _, b in found):
            continue
        en_line = _english_line(line, lines, en_lines, len(found), opens) if known else None
        tails = _english_tails(en_line) if en_line is not None else []
        if len(tails) != len(found):
            out.update((rest, UNDECIDED) for rest, b in found if b)
            continue
        out.update((rest, max(0, b - t)) for (rest, b), t in zip(found, tails, strict=True))
    return out


def _body_sentences(line: str) -> list[str]:
    """The line's sentences, the first without its trigger, cost or keyword header."""
    out = sentences(line)
    if out:
        first = out[0].split("：", 1)[-1] if "：" in out[0].split("「", 1)[0] else out[0]
        out[0] = _HEADER.sub("", _TRIGGER.sub("", _HEADER.sub("", first)))
    return out


def _conditions(line: str, opens: Opener) -> list[tuple[str, int]]:
    """Every sentence that opens with a plain condition: (its rest, the size of B)."""
    said = _body_sentences(line)
    marks: list[tuple[int, str]] = []
    for i, sentence in enumerate(said):
        cond, whole, rest, _ = opens(_OPTION_JA.sub("", sentence))
        if cond is not None and not whole and rest:
            marks.append((i, rest))
    out = []
    for n, (i, rest) in enumerate(marks):
        stop = marks[n + 1][0] if n + 1 < len(marks) else len(said)
        b = 0
        for sentence in said[i + 1 : stop]:
            if _OPTION_JA.match(sentence) or "チョイスする" in sentence:
                break
            if not sentence.startswith(_USABILITY_JA):
                b += 1
        out.append((rest, b))
    return out


def _kind_ja(line: str) -> str:
    return next((kind for kind, mark in _TRIGGERS_JA if line.startswith(mark)), "")


def _kind_en(line: str) -> str:
    return next((kind for kind, mark in _TRIGGERS_EN if mark.search(line)), "")


def _ifs(en: str) -> int:
    return len(_IF_EN.findall(_REMINDER_EN.sub("", en)))


def _english_line(
    line: str, lines: Sequence[str], en_lines: list[str], ifs: int, opens: Opener
) -> str | None:
    """The English line of the same ability: of the English lines with its trigger and as
    many ``if`` clauses, the one in the same place among such lines."""
    kind = _kind_ja(line)
    fits = [en for en in en_lines if _ifs(en) == ifs and _kind_en(en) == kind]
    peers = [x for x in lines if _kind_ja(x) == kind and len(_conditions(x, opens)) == ifs]
    if len(fits) != len(peers) or line not in peers:
        return None
    return fits[peers.index(line)]


def _english_tails(en_line: str) -> list[int]:
    """For each ``if`` of an English line: how many independent sentences follow its own."""
    said = [s for s in _SENTENCE_EN.split(_REMINDER_EN.sub("", en_line)) if s.strip()]
    holders = [i for i, s in enumerate(said) for _ in _IF_EN.findall(s)]
    out = []
    for n, i in enumerate(holders):
        if n + 1 < len(holders) and holders[n + 1] == i:
            out.append(0)  # two conditions in one sentence: the first reaches the second
            continue
        after_if = said[i][_IF_EN.search(said[i]).end() :]  # type: ignore[union-attr]
        chooses = bool(_CHOOSES_EN.search(after_if))
        tail = 0
        for sentence in said[i + 1 : holders[n + 1] if n + 1 < len(holders) else len(said)]:
            if _OPTION_EN.match(sentence.strip()):
                break
            if _USABILITY_EN.search(sentence) or (chooses and _IT_EN.search(sentence)):
                continue
            tail += 1
        out.append(tail)
    return out
