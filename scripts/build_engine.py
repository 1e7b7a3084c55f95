"""Compile the SVE engine's typed modules ahead of time with mypyc, beside their sources.

The engine is plain Python and stays importable without this: where mypyc (it ships with
mypy), a C compiler or the Python headers are missing, the script says so in one line and
leaves the engine as it is. Otherwise it compiles the modules of :data:`COMPILED` in place
(``state.py`` gains ``state.cpython-311-x86_64-linux-gnu.so``, which Python then prefers),
checks that the compiled engine plays the same games as the sources (seeded self-play
digests, compared byte for byte) and keeps the build only if it does. A build whose sources
have not changed since is kept as it is.

Usage: ``python scripts/build_engine.py [--force] [--clean] [--jobs N]``
Exit status: 0 built, up to date or no compiler here; 1 the build or its check failed
(nothing compiled is left behind).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ENGINE = REPO / "engine"
STAMP = REPO / "build" / "engine-build.json"
COMPILED = [
    "engine/cards.py",
    "engine/sve/actions.py",
    "engine/sve/agents/base.py",
    "engine/sve/agents/evaluation.py",
    "engine/sve/agents/greedy.py",
    "engine/sve/agents/planner.py",
    "engine/sve/agents/playout.py",
    "engine/sve/agents/random_agent.py",
    "engine/sve/agents/search.py",
    "engine/sve/board.py",
    "engine/sve/effects/core.py",
    "engine/sve/errors.py",
    "engine/sve/observation.py",
    "engine/sve/position.py",
    "engine/sve/rules/base.py",
    "engine/sve/rules/combat.py",
    "engine/sve/rules/costs.py",
    "engine/sve/rules/play.py",
    "engine/sve/rules/resolution.py",
    "engine/sve/rules/steps.py",
    "engine/sve/rules/turns.py",
    "engine/sve/rules/ward.py",
    "engine/sve/rules/zones.py",
    "engine/sve/runner.py",
    "engine/sve/state.py",
]
"""The modules compiled: card records, the rules, the state and its pieces, the agents, the
runner, and of the effect language its core (abilities, frames).

Left as Python: the effect language's elements (``engine/sve/effects``: each registers
itself with a class decorator, which mypyc does not compile into a native class), the
ability compiler and card library loader (run once per process), the card registry
(``effects/scripts.py``: the agents keep facts per registry in a ``WeakKeyDictionary``, and
a compiled class takes no weak references), the package ``__init__``
modules, and ``engine/native.py`` and ``engine/sources.py`` (they must behave as plain
Python)."""

CHECK_AGENTS = "random:40,greedy:40,planner:2"
"""Seeded self-play the compiled engine must play exactly as the sources do."""


def missing_tools() -> str | None:
    """Why this machine cannot compile the engine, or ``None`` if it can."""
    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it ships with mypy: pip install mypy)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        return f"no Python headers ({headers}; apt-get install python3-dev)"
    return None


def built_files() -> list[Path]:
    """The compiled modules and the shared library lying in the engine's folders."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return sorted(p for p in ENGINE.rglob(f"*{suffix}") if p.is_file())


def clean() -> None:
    """Remove every compiled module and the stamp: the engine is plain Python again."""
    for path in built_files():
        path.unlink()
    STAMP.unlink(missing_ok=True)


def source_hash() -> str:
    """A digest of every engine source, the compiler's version and the interpreter's."""
    import mypy.version

    digest = hashlib.sha256(f"{mypy.version.__version__} {sys.version}".encode())
    for path in sorted(ENGINE.rglob("*.py")):
        digest.update(path.relative_to(REPO).as_posix().encode() + b"\0" + path.read_bytes())
    digest.update("\n".join(COMPILED).encode())
    return digest.hexdigest()


def up_to_date(digest: str) -> bool:
    """Whether the build lying here was made from these very sources."""
    try:
        stamp = json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return False
    expected = {REPO / m.removesuffix(".py") for m in COMPILED}
    have = {p.parent / p.name.split(".", 1)[0] for p in built_files()}
    return bool(stamp.get("sources") == digest and expected <= have)


BUILD = """
import sys
from setuptools import setup
from mypyc.build import mypycify
modules, jobs, temp = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
setup(
    name="decklab-engine",
    script_args=["build_ext", "--inplace", "--parallel", jobs, "--build-temp", temp],
    ext_modules=mypycify(modules, separate=True, target_dir=temp),
)
"""


def build(jobs: int) -> None:
    """Compile :data:`COMPILED` in place (raises ``CalledProcessError`` on failure)."""
    with tempfile.TemporaryDirectory(prefix="engine-build-") as temp:
        subprocess.run(
            [sys.executable, "-W", "ignore", "-c", BUILD, ",".join(COMPILED), str(jobs), temp],
            cwd=REPO, check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip


def digests(pure: bool) -> str:
    """The game digests of :data:`CHECK_AGENTS`, from the sources or from the build."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("DECKLAB_PURE_ENGINE", None)
    if pure:
        env["DECKLAB_PURE_ENGINE"] = "1"
    check = (
        "import sys, runpy; import engine; "
        f"assert engine.compiled() is {not pure}, 'the engine did not load as asked'; "
        "sys.argv = ['game_digest', '--agents', sys.argv[1]]; "
        "runpy.run_path('scripts/game_digest.py', run_name='__main__')"
    )
    done = subprocess.run(
        [sys.executable, "-c", check, CHECK_AGENTS],
        cwd=REPO, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    return done.stdout


def main() -> int:
    """Build the engine if this machine can, check it, report in one line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    parser.add_argument("--clean", action="store_true", help="remove the build and stop")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.clean:
        clean()
        print("engine: plain Python (build removed)")
        return 0
    why = missing_tools()
    if why is not None:
        print(f"engine: plain Python ({why})")
        return 0
    digest = source_hash()
    if not args.force and up_to_date(digest):
        print("engine: compiled (up to date)")
        return 0
    clean()
    start = time.monotonic()
    print(f"engine: compiling {len(COMPILED)} modules with mypyc (a few minutes, once)", flush=True)
    try:
        build(args.jobs)
        same = digests(pure=True) == digests(pure=False)
    except (subprocess.CalledProcessError, RuntimeError) as err:
        clean()
        print(f"engine: plain Python (the build failed: {err})", file=sys.stderr)
        return 1
    if not same:
        clean()
        print("engine: plain Python (the compiled engine played other games)", file=sys.stderr)
        return 1
    STAMP.parent.mkdir(exist_ok=True)
    STAMP.write_text(json.dumps({"sources": digest, "modules": COMPILED}) + "\n")
    print(f"engine: compiled in {time.monotonic() - start:.0f} s, same games as the sources")
    return 0


if __name__ == "__main__":
    sys.exit(main())
