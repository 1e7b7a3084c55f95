#!/usr/bin/env bash
# Create .venv (Python >= 3.11) and install decklab into it with the given extras, then
# compile the rules engine where this machine can (mypyc from the dev extra, a C compiler
# and the Python headers); elsewhere the engine stays plain Python and says so in one line.
# Usage: scripts/setup.sh [EXTRAS]   e.g. scripts/setup.sh dev,e2e,distributed
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "decklab needs Python 3.11 or newer; $("$python" --version) found" >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
if [ -n "$extras" ]; then
    .venv/bin/python -m pip install --quiet -e ".[$extras]"
else
    .venv/bin/python -m pip install --quiet -e .
fi
.venv/bin/python scripts/build_engine.py || echo "decklab: the engine stays plain Python (the build above failed)"
