"""The card pool and the decks: importers, DuckDB storage, deck lists and construction rules."""
