"""SVEN's Japanese card text in the form the compiler reads (the ``cards_ja`` form).

SVEN writes ability icons in several ways: ``《ファンファーレ》``, ``{[fanfare]}`` or the
plain word (``ファンファーレ``, ``進化コスト1：``, ``起動コスト0``, a ``クイック`` first line,
``攻撃力+2/体力+2``, class names without brackets). The compiler reads icons as 【】
markers: ``【ファンファーレ】``, ``【進化】【コスト1】：``, ``【攻撃力】+2``, ``【エルフ】``.
The official English text keeps every icon (``{[fanfare]}``, ``{[cost01]}``, ``{[quick]}``,
``{[forestcraft]}``, ``{[ub]}``); it settles the words whose reading depends on the card
(a class word is an icon only when the English names a class icon).

Pure and standard library only: importers call :func:`compiler_text` on every card.
"""

from __future__ import annotations

import re

CLASS_ICONS: dict[str, str] = {
    "forestcraft": "エルフ",
    "swordcraft": "ロイヤル",
    "runecraft": "ウィッチ",
    "dragoncraft": "ドラゴン",
    "abysscraft": "ナイトメア",
    "havencraft": "ビショップ",
    "neutral": "ニュートラル",
}
"""English class icons to the Japanese class names the card text prints."""

ICONS: dict[str, str] = {
    "fanfare": "ファンファーレ",
    "lastwords": "ラストワード",
    "evolve": "進化",
    "act": "起動",
    "engage": "アクト",
    "attack": "攻撃力",
    "defense": "体力",
    "quick": "クイック",
    "q": "Q",
    "feed": "食事",
    "ride": "憑依",
    "adv": "アドバンス起動",
    "ub": "ユニオンバースト",
    **CLASS_ICONS,
}
"""Every icon of the English text (``{[name]}``) to its Japanese marker name."""

QUICK = "【クイック】"
"""The card-level Quick icon (CR 12.3.2.1), which SVEN prints on a line of its own."""
UNION_BURST = "【ユニオンバースト】"
"""The Union Burst label (CR 14.5.1), which SVEN prints as ``UB`` before an ability."""

_ICON = re.compile(r"\{\[([A-Za-z]+?)(\d+|X)?\]\}")
_NAME = re.compile(r"『[^』\n]*』")
_DOUBLE = re.compile(r"《([^》\n]+)》")
_CLASSES = "|".join(CLASS_ICONS.values())
_CLASS_NAMES = re.compile(
    r"\b(Forestcraft|Swordcraft|Runecraft|Dragoncraft|Abysscraft|Havencraft|Neutral)\b"
)
"""Classes named in English words (Neutral is printed as a word, not an icon)."""
_NO_ENGLISH = ("", "unavailable")
"""English text SVEN has not got yet (preview cards): every class word counts as an icon."""
_COST = r"コスト(10|\d(?!\d*[枚体つ人回])|\d|X)"
"""A cost icon's number: printed costs stop at 10, and a count glued to the icon
(an icon of cost 1 written straight before "draw 1 card" reads as "cost 11") keeps its own
digits."""
_STEPS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), replacement)
    for pattern, replacement in (
        # 《ファンファーレ》 and the other double-bracketed icons
        (r"《([^》\n]+)》", r"【\1】"),
        # the Union Burst label before an ability (also a granted one); "UB能力" is 能力
        (r"(^|「)UB", rf"\1{UNION_BURST}"),
        (r"UB(?=能力)", ""),
        # ability headers and the card-level Quick line
        (r"(?<!【)(アドバンス起動|ファンファーレ|ラストワード|クイック|起動)(?!】)", r"【\1】"),
        (r"(?<![ァ-ヶー【])Q(?=【起動】)", "【Q】"),
        # 進化コスト1： / 食事コスト1： / 憑依コスト1：, and the icon repeated (食事食事…)
        (rf"(?<!【)(進化|食事|憑依){_COST}", r"【\1】【コスト\2】"),
        (r"(?<!【)(食事|憑依)(?=食事|憑依|【食事】|【憑依】)", r"【\1】"),
        # a cost icon after another icon, after a token's type, or before a cost's colon
        (rf"】{_COST}(?!以下|以上)", r"】【コスト\1】"),
        (rf"(フォロワー|スペル|アミュレット|イクイップメント){_COST}", r"\1【コスト\2】"),
        (rf"(?<![元の【]){_COST}(?=[：【]|これを|払)", r"【コスト\1】"),
        # the evolve icon where it is not the verb 進化する
        (r"(?<!【)進化(?=能力|を持つ|を除く|コスト(?![\d【X]))", "【進化】"),
        (r"(^|「)進化(?!】|す|し)", r"\1【進化】"),
        # stat icons: printed stats, changes (+2, -X, を+), the leader's defense
        (r"(?<!【)攻撃力(\d+)/(?:【体力】|体力)(\d+)", r"【攻撃力】\1/【体力】\2"),
        (r"(?<!【)(攻撃力|体力)(?=[+\-][\dX](?![\dX]*」))", r"【\1】"),
        (r"(?<=[のやか])(攻撃力|体力)(?=を[+\-])", r"【\1】"),
        (r"(?<=リーダーの)体力(?=\d|を)", "【体力】"),
        (r"(?<!【)攻撃力(?=[かや]【体力】)", "【攻撃力】"),
        # the engage icon in a cost (before the colon), not the verb アクトする
        (r"(?<!【)アクト(?=[^：\n「」。]*：)", "【アクト】"),
        # keyword names SVEN spells with another glyph (a simplified 护 in 守護)
        (r"【守护】", "【守護】"),
    )
)
_CLASS_WORD = re.compile(
    rf"(?<![【ァ-ヶー])({_CLASSES})(?=フォロワー|スペル|カード|アミュレット|トークン|でない"
    r"|(?!族)[一-龥]+・)"
)
"""A class before a card type, or before a trait (``ナイトメア絶傑・フォロワー``; ``エルフ族``
is a trait of its own)."""
_TOKEN_CLASS = re.compile(rf"^(『[^』]*』)({_CLASSES})")
_ICON = re.compile(r"\{\[([A-Za-z]+?)(\d+|X)?\]\}")
_NAME = re.compile(r"『[^』\n]*』")
_HOLE = "『』"
_BLANK_LINES = re.compile(r"\n{2,}")


def compiler_text(ja: str, en: str) -> str:
    """SVEN's Japanese text ``ja`` with its icons restored as the compiler reads them, the
    official English ``en`` telling which words are icons."""
    text = _ICON.sub(_icon_marker, ja.replace("\r\n", "\n"))
    text = _BLANK_LINES.sub("\n", text).strip("\n")
    if en.strip() in _NO_ENGLISH:
        classes = set(CLASS_ICONS.values())
    else:
        named = {m.group(1) for m in _ICON.finditer(en)}
        named.update(w.lower() for w in _CLASS_NAMES.findall(en))
        classes = {word for icon, word in CLASS_ICONS.items() if icon in named}
    return "\n".join(_line(line.strip(), classes) for line in text.split("\n"))


def _icon_marker(m: re.Match[str]) -> str:
    name, number = m.group(1), m.group(2)
    if name == "cost" and number is not None:
        return f"【コスト{number if number == 'X' else int(number)}】"
    word = ICONS.get(name)
    return m.group(0) if word is None else f"【{word}】"


def _line(line: str, classes: set[str]) -> str:
    """One line with its icons restored. Names in 『』 stay as printed: they are cut out
    and put back in order, an empty 『』 holding their place meanwhile."""
    names = _NAME.findall(line)
    out = _NAME.sub(_HOLE, line)
    for pattern, replacement in _STEPS:
        out = pattern.sub(replacement, out)
    token = out.startswith(_HOLE)  # a token definition: its class always comes first
    out = _CLASS_WORD.sub(lambda m: f"【{m[1]}】" if token or m[1] in classes else m[1], out)
    if token:
        out = _TOKEN_CLASS.sub(r"\1【\2】", out)
    pieces = out.split(_HOLE)
    return "".join(p + (names[i] if i < len(names) else "") for i, p in enumerate(pieces))
