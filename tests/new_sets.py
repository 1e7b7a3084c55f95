"""A deck of our own making from the sets after the Japanese dump (BP19-BP22), for tests.

BP22 is a preview set, so the deck holds preview cards. Only card codes (facts) are here.
"""

from __future__ import annotations

NEW_SETS_DECK = """\
# name: Forest of the new sets
# game: sve
# format: standard
# region: asia
Leader
1 BP20-LD01
Main deck
3 BP19-001
3 BP19-009
3 BP19-005
2 BP19-011
3 BP20-009
3 BP20-002
3 BP20-013
2 BP20-007
3 BP21-001
3 BP21-011
3 BP21-004
2 BP21-008
1 BP21-012
2 BP22-001
2 BP22-005
2 BP22-018
Evolve deck
2 BP19-002
2 BP19-010
2 BP20-003
2 BP21-003
"""
"""Forest, leader BP20-LD01: 40 main-deck cards of BP19-BP22 (6 of them BP22 previews)."""
PREVIEW_CARDS = ("BP22-001", "BP22-005", "BP22-018")
"""The preview cards the deck holds."""
