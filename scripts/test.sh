#!/usr/bin/env bash
# Set up decklab with every extra and run the whole test suite: formatting, lint, types,
# unit tests, AppTests and the real-browser tests (installs Debian's Chromium if missing).
# Where the rules engine compiles (scripts/build_engine.py), the suite runs on the compiled
# engine and the engine's own tests (golden logs included) run again on the plain one.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
took() { echo "== scripts/test.sh took $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"; }
trap took EXIT

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
# (grep -c reads all of fc-list's output: grep -q would stop early and, under pipefail,
# the SIGPIPE of fc-list would count as "font missing")
if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -ci "noto sans cjk" >/dev/null; then
    echo "== installing Chromium and a Japanese font for the browser tests"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi

echo "== setting up .venv"
scripts/setup.sh dev,e2e,distributed
echo "== the rules engine, compiled where a C compiler is (a failed build fails the tests)"
.venv/bin/python scripts/build_engine.py
compiled=$(.venv/bin/python -c 'import engine; print(int(engine.compiled()))')

echo "== ruff"
.venv/bin/ruff format --check .
.venv/bin/ruff check .
echo "== mypy (strict on engine, analytics, cardpool, decklab and the dashboard helpers)"
.venv/bin/mypy
if [ "$compiled" = 1 ]; then echo "== pytest (compiled engine)"; else echo "== pytest"; fi
set +e
# two processes (one per core of a small machine); a file's tests stay in one process, in order
.venv/bin/python -m pytest -n 2 --dist loadfile "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "pytest collected no tests: that is a failure" >&2
    exit 1
fi
if [ "$status" -eq 0 ] && [ "$compiled" = 1 ]; then
    echo "== pytest tests/engine (plain Python engine: DECKLAB_PURE_ENGINE=1)"
    DECKLAB_PURE_ENGINE=1 .venv/bin/python -m pytest -n 2 --dist loadfile tests/engine -q
    status=$?
fi
exit "$status"
