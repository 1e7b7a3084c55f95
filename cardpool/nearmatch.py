"""Near matches for "did you mean" messages, from an index instead of a scan of the pool.

``difflib.get_close_matches`` compares the query with every word it is given: about 17 ms
over the 6,549 printed SVE codes, so a file of thousands of unknown codes took minutes.
Here every word is indexed by the ways it reads with one character left out (a deletion
neighbourhood, as SymSpell does); a query looks up its own such forms, which finds every
word within one insertion, deletion, substitution or swap of neighbours, and ranks those
few by difflib's ratio, with the same cutoff. Typing slips of a code are one such edit;
a word two edits away is no longer suggested. The index is built on the first question.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MAX_SUGGESTED = 20
"""Per input (a deck, a list of codes), at most this many unknown entries get suggestions;
the rest are named without them, so a file of unknown codes costs little more to refuse."""


def _forms(word: str) -> set[str]:
    """The word and every way it reads with one character left out."""
    return {word, *(word[:i] + word[i + 1 :] for i in range(len(word)))}


class NearIndex:
    """Words (codes or names) indexed for near matches."""

    def __init__(self, words: Iterable[str]):
        self._words = list(dict.fromkeys(words))
        self._index: dict[str, list[str]] | None = None

    def _built(self) -> dict[str, list[str]]:
        if self._index is None:
            index: dict[str, list[str]] = {}
            for word in self._words:
                for form in _forms(word):
                    index.setdefault(form, []).append(word)
            self._index = index
        return self._index

    def near(self, query: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """Up to ``n`` words within one edit of ``query`` whose similarity is ``cutoff`` or more.

        Best first (difflib's ratio; ties by the word).

        >>> NearIndex(["BP01-001", "BP01-010", "SD01-001"]).near("BP10-001", cutoff=0.75)
        ['BP01-001']
        """
        index = self._built()
        found = {w for form in _forms(query) for w in index.get(form, ())}
        scored = []
        for word in found:
            ratio = difflib.SequenceMatcher(None, query, word).ratio()
            if ratio >= cutoff:
                scored.append((ratio, word))
        scored.sort(key=lambda sw: (-sw[0], sw[1]))
        return [w for _, w in scored[:n]]
