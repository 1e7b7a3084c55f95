#!/usr/bin/env bash
# Set up decklab and start the dashboard on http://127.0.0.1:8501 with the default database
# (built from the embedded card snapshot on first run). Options go to `decklab dashboard`:
#   scripts/dashboard.sh --port 8502      scripts/dashboard.sh --help
# Once installed, a start installs nothing (scripts/setup.sh): it works offline.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/decklab db init
exec .venv/bin/decklab dashboard "$@"
