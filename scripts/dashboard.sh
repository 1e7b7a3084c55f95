#!/usr/bin/env bash
# Set up decklab and start the dashboard on http://127.0.0.1:8501 with the default database
# (built from the embedded card snapshot on first run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/decklab db init
exec .venv/bin/decklab dashboard "$@"
