"""Benchmarks of this tree next to a reference commit's, in one run, as ratios.

A change on the live path (submit, frames, drawing, an engine turn) must not slow the
site down unseen; a figure alone says little on a shared machine, whose speed changes
from minute to minute, but two trees measured turn about in the same minutes compare
well. This checks the reference commit out into a temporary worktree, then runs each
benchmark command in the reference tree and in this one, alternately, ``--rounds``
times, and prints each line of this tree's output that holds numbers, with the median
of every number and its ratio to the reference's median (``x1.00`` is unchanged; for
times lower is better, for rates higher is better: the line's own words say which).

    python devtools/bench_compare.py [--ref REV] [--rounds 3] [--quick]

The reference is ``HEAD`` when the tree has uncommitted changes (what they change),
else ``HEAD~1`` (what the last commit changed). Both trees run with this venv's
Python, each from its own directory (which comes first on ``sys.path``, so each runs
its own code; the first line of each command's output says which tree it imported).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NUMBER = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")

# (name, manage.py arguments): each prints figures a line each.
BENCHES = [
    ("frames", ["bench_frames", "--seed", "1", "--games", "2"]),
    ("engine", ["simulate", "--games", "20", "--seed", "1", "--bench"]),
    ("scoring", ["bench_scoring"]),
]
QUICK = {"frames": ["bench_frames", "--seed", "1", "--games", "1"]}
WHERE = "import rules, tables; print('tree', rules.__file__.rsplit('/rules/', 1)[0])"


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def default_ref() -> str:
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return "HEAD" if dirty else "HEAD~1"


def run(tree: Path, args: list[str]) -> str:
    where = subprocess.run(
        [sys.executable, "-c", WHERE], cwd=tree, capture_output=True, text=True, check=True
    ).stdout.strip()
    if Path(where.split(" ", 1)[1]).resolve() != tree.resolve():
        raise SystemExit(f"{tree} imports another tree's code ({where}): check the venv")
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=tree, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(args)} failed in {tree}:\n{done.stderr[-2000:]}")
    return done.stdout


def numbers(line: str) -> list[float]:
    return [float(n.replace(",", "")) for n in NUMBER.findall(line)]


def label(line: str) -> str:
    """The line's words: its numbers, and the spacing their widths change, left out."""
    return " ".join(NUMBER.sub("#", line).split())


def medians(outputs: list[str]) -> dict[str, tuple[str, list[float]]]:
    """Per line label: the first run's line and the median of each of its numbers."""
    seen: dict[str, tuple[str, list[list[float]]]] = {}
    for text in outputs:
        for line in text.splitlines():
            found = numbers(line)
            if not found or line.lstrip().startswith("..."):  # progress, not a figure
                continue
            _line, runs = seen.setdefault(label(line), (line, []))
            runs.append(found)
    out = {}
    for key, (line, runs) in seen.items():
        width = min(len(r) for r in runs)
        out[key] = (line, [statistics.median(r[i] for r in runs) for i in range(width)])
    return out


def compare(name: str, ref: list[str], new: list[str]) -> list[str]:
    before, after = medians(ref), medians(new)
    lines = [f"== {name}"]
    for key, (line, values) in after.items():
        if key not in before:
            lines.append(f"  {line.strip()}   (not in the reference)")
            continue
        ratios = []
        for old, now in zip(before[key][1], values, strict=False):
            if old and now != old:
                ratios.append(f"x{now / old:.2f}")
        shown = _with_values(line, values)

        lines.append(f"  {shown.strip()}" + (f"   [{' '.join(ratios)}]" if ratios else ""))
    return lines


def _with_values(line: str, values: list[float]) -> str:
    """``line`` with its numbers replaced by ``values`` (the medians), as formatted."""
    left = iter(values)
    return NUMBER.sub(lambda m: _fmt(next(left, None), m.group()), line)


def _fmt(value: float | None, text: str) -> str:
    if value is None:
        return text
    return f"{value:.0f}" if "." not in text else f"{value:.{len(text.split('.')[1])}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", default=None, help="the reference commit (see above)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a smaller frames run")
    options = parser.parse_args()
    ref = options.ref or default_ref()
    commit = git("rev-parse", "--short", ref)
    benches = [(n, QUICK.get(n, a) if options.quick else a) for n, a in BENCHES]
    with tempfile.TemporaryDirectory(prefix="bench-ref-") as tmp:
        tree = Path(tmp) / "ref"
        git("worktree", "add", "--detach", str(tree), commit)
        try:
            print(f"this tree ({ROOT}) against {ref} = {commit}, {options.rounds} rounds each")
            report: list[str] = []
            for name, args in benches:
                ref_out: list[str] = []
                new_out: list[str] = []
                for round_ in range(options.rounds):
                    started = time.perf_counter()
                    ref_out.append(run(tree, args))
                    new_out.append(run(ROOT, args))
                    took = time.perf_counter() - started
                    print(
                        f"  {name}: round {round_ + 1}/{options.rounds} ({took:.0f} s)", flush=True
                    )
                report += compare(name, ref_out, new_out)
            print("\n".join(report))
        finally:
            git("worktree", "remove", "--force", str(tree))


if __name__ == "__main__":
    main()
