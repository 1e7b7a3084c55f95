"""Riftbound: card facts, deck lists, deck construction rules and the Piltover Archive deck code."""

GAME = "riftbound"
