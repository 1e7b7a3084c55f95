"""Cutting Japanese ability text into abilities and sentences (no interpretation here).

A card's text is one ability per line (CR 10.1); keyword markers stand in 【】; reminder
text stands in parentheses and is not rules text; token definitions follow a line of ―
(CR appendix A); on Princess Connect cards a line of hyphens separates the Union Burst
abilities (CR 14.5.1) from the others.
"""

from __future__ import annotations

import re
import unicodedata

_TOKEN_RULE = re.compile(r"^[―─]{3,}")
_UNION_RULE = re.compile(r"^-{3,}$")
_REMINDER = re.compile(r"[（(][^（）()]*[）)]")
_SENTENCE = re.compile(r"[^。]+。?")
_RULES_WORDS = re.compile(
    r"【|『|自分|相手|これ|それ|ダメージ|引く|場に|手札|デッキ|墓場|選ぶ|コスト|PP|EP|ターン|体力|"
    r"攻撃力|進化|リーダー|フォロワー|カード|プレイ|アミュレット|スペル|トークン|能力|EXエリア|破壊|"
    r"消滅|スタンド|アクト"
)


def is_flavour(line: str) -> bool:
    """Whether a line is flavour text (it uses none of the words rules text is made of)."""
    return not _RULES_WORDS.search(line)


def normalise(text: str) -> str:
    """NFKC-normalise the digits and signs of a text but keep the Japanese brackets."""
    out = []
    for ch in text:
        if ch in "【】『』「」（）、。：・":
            out.append(ch)
        else:
            out.append(unicodedata.normalize("NFKC", ch))
    return "".join(out)


def strip_reminders(line: str) -> str:
    """Remove reminder text in parentheses (it explains, it does not add rules)."""
    prev = None
    while prev != line:
        prev, line = line, _REMINDER.sub("", line)
    return line.strip()


def ability_lines(text: str) -> list[str]:
    """The ability lines of a card text, without token definitions and reminders (token
    definitions follow a rule line, each on a line that opens with the token's name; a
    card's own text printed after them still counts)."""
    lines: list[str] = []
    tokens = False
    for raw in text.splitlines():
        line = raw.strip()
        if _TOKEN_RULE.match(line):
            tokens = True
            continue
        if tokens and line.startswith("『"):
            continue  # a token definition; a line of rules text may still follow them
        if not line or _UNION_RULE.match(line):
            continue
        line = strip_reminders(normalise(line))
        if line and not is_flavour(line):
            lines.append(line)
    return lines


def line_reminders(text: str) -> dict[str, tuple[str, ...]]:
    """Each ability line (as :func:`ability_lines` gives it) with the reminder texts printed
    in it, without their parentheses."""
    out: dict[str, tuple[str, ...]] = {}
    for raw in text.splitlines():
        line = normalise(raw.strip())
        found = tuple(r[1:-1] for r in _REMINDER.findall(line))
        if found:
            out.setdefault(strip_reminders(line), found)
    return out


def union_burst_lines(text: str) -> set[str]:
    """The ability lines above a Union Burst rule line (CR 14.5.1), as :func:`ability_lines`
    gives them; empty when the card has no such line or no abilities below it."""
    raws = text.splitlines()
    for i, raw in enumerate(raws):
        line = raw.strip()
        if _TOKEN_RULE.match(line):
            return set()
        if _UNION_RULE.match(line):
            if not ability_lines("\n".join(raws[i + 1 :])):
                return set()  # only reminder text below it (equipment tokens)
            return set(ability_lines("\n".join(raws[:i])))
    return set()


def sentences(body: str) -> list[str]:
    """Split an ability body into sentences ending in 。 (the last may lack it)."""
    return [s.strip() for s in _SENTENCE.findall(body) if s.strip()]
