"""``python -m decklab``."""

import sys

from decklab.cli import main

sys.exit(main())
