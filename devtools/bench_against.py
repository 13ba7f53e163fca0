"""Run `simulate --bench` and `bench_scoring` on this checkout and on an earlier commit,
interleaved, and print each figure with its ratio (this checkout over the other).

    python devtools/bench_against.py 2019664 [--rounds 3] [--games 10] [--hands 20000]

The other commit is checked out read-only (``git worktree add --detach``) under the
system's temporary directory, once, and its commands run with this venv's Python and
``PYTHONPATH`` set to that tree, so every import comes from there (checked before the
first run). The rounds alternate base, new, base, new...: on a shared machine the load
drifts, and alternating spreads the drift over both sides. Both commands count CPU
time already. ``make bench BASE=<commit>`` runs this after the plain benchmarks.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parents[1]
LEVEL = re.compile(r"^4x (\w+)\s+\d+\s+(\d+)", re.M)
SCORING = {
    "library": re.compile(r"new HandConfig per hand :\s+(\d+)"),
    "adapter": re.compile(r"adapter \(score_hand\)\s+:\s+(\d+)"),
    "overhead": re.compile(r"overhead over the library : ([+-][\d.]+)%"),
}


def checkout(commit: str) -> Path:
    sha = subprocess.check_output(["git", "-C", str(HERE), "rev-parse", commit], text=True)
    tree = Path(tempfile.gettempdir()) / f"bench-{sha.strip()[:10]}"
    if not tree.exists():
        subprocess.check_call(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", str(tree), sha.strip()],
            stdout=subprocess.DEVNULL,
        )
    return tree


def run(tree: Path, *args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(tree))
    return subprocess.check_output(
        [sys.executable, "manage.py", *args], cwd=tree, env=env, text=True
    )


def imports_from(tree: Path) -> Path:
    code = "import rules; print(rules.__file__)"
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.check_output([sys.executable, "-c", code], cwd=tree, env=env, text=True)
    return Path(out.strip()).resolve().parents[1]


def figures(tree: Path, games: int, hands: int) -> dict[str, float]:
    sim = run(tree, "simulate", "--bench", "--games", str(games), "--seed", "1")
    return read_figures(sim, run(tree, "bench_scoring", "--hands", str(hands)))


def read_figures(sim: str, scoring: str) -> dict[str, float]:
    """The figures in the printed output of ``simulate --bench`` and ``bench_scoring``."""
    found: dict[str, float] = {}
    for level, rate in LEVEL.findall(sim):
        found[f"{level} hands/s"] = float(rate)
    for name, pattern in SCORING.items():
        match = pattern.search(scoring)
        if match:
            key = "adapter overhead %" if name == "overhead" else f"scoring {name} hands/s"
            found[key] = float(match.group(1))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commit")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--tree", type=Path, help="a checkout of the commit to use as it is")
    options = parser.parse_args()
    base = options.tree or checkout(options.commit)
    for tree in (base, HERE):
        if imports_from(tree) != tree.resolve():
            sys.exit(f"imports for {tree} do not resolve into it")
    rows: dict[str, list[tuple[float, float]]] = {}
    for number in range(1, options.rounds + 1):
        old = figures(base, options.games, options.hands)
        new = figures(HERE, options.games, options.hands)
        print(f"round {number}: " + ", ".join(f"{k} {old[k]:g} -> {new[k]:g}" for k in new))
        for key in new:
            rows.setdefault(key, []).append((old.get(key, 0.0), new[key]))
    print(f"\nagainst {options.commit}, {options.rounds} interleaved rounds:")
    for key, pairs in rows.items():
        if key.endswith("%"):
            text = ", ".join(f"{o:+.1f}% -> {n:+.1f}%" for o, n in pairs)
            print(f"  {key:<28} {text}")
            continue
        ratios = [n / o for o, n in pairs if o]
        text = " ".join(f"{r:.2f}" for r in ratios)
        print(f"  {key:<28} ratio new/base {text} (median {median(ratios):.2f})")


if __name__ == "__main__":
    main()
