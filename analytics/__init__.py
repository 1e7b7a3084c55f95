"""Everything computed about decks: exact draw and mulligan odds, curves, simulation statistics."""
