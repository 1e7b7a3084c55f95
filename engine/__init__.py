"""Pure rules engines for the card games decklab supports (no I/O, no database, no UI)."""
