#!/usr/bin/env bash
# Create .venv (Python >= 3.11) and install decklab into it with the given extras, then
# compile the rules engine where this machine can (mypyc from the dev extra, a C compiler
# and the Python headers); elsewhere the engine stays plain Python and says so in one line.
# Usage: scripts/setup.sh [EXTRAS]   e.g. scripts/setup.sh dev,e2e,distributed
#
# An install is remembered in .venv/decklab-install (pyproject.toml's digest, the checkout
# and the extras installed). When pyproject.toml is unchanged and the extras asked for are
# installed, a second run installs nothing: it needs no package index, and takes no time
# but the engine's check (0.1 s; it compiles again only after the engine's sources changed).
# The install is editable, so code changes need no reinstall.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
python="${PYTHON:-python3}"
stamp=.venv/decklab-install
installed="$(sha256sum pyproject.toml | cut -d' ' -f1) $PWD"

already_installed() {
    [ -x .venv/bin/python ] && [ -x .venv/bin/decklab ] && [ -f "$stamp" ] || return 1
    [ "$(head -n 1 "$stamp")" = "$installed" ] || return 1
    local extra
    for extra in ${extras//,/ }; do
        tail -n +2 "$stamp" | grep -qxF "$extra" || return 1
    done
}

build_engine() {
    .venv/bin/python scripts/build_engine.py || echo "decklab: the engine stays plain Python (the build above failed)"
}

if already_installed; then
    build_engine
    exit 0
fi
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "decklab needs Python 3.11 or newer; $("$python" --version) found" >&2
    exit 1
fi
if [ ! -x .venv/bin/python ]; then
    "$python" -m venv .venv
fi
# extras installed before under the same pyproject.toml stay installed: keep their names
kept=""
if [ -f "$stamp" ] && [ "$(head -n 1 "$stamp")" = "$installed" ]; then
    kept="$(tail -n +2 "$stamp")"
fi
rm -f "$stamp"
.venv/bin/python -m pip install --quiet --upgrade pip
if [ -n "$extras" ]; then
    .venv/bin/python -m pip install --quiet -e ".[$extras]"
else
    .venv/bin/python -m pip install --quiet -e .
fi
{
    echo "$installed"
    printf '%s\n' $kept ${extras//,/ } | sort -u | grep -v '^$' || true
} > "$stamp"
build_engine
