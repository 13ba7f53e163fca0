"""How far each package of the site is from `mypy --strict` (`make typecount`).

`make typecheck` holds the packages switched on in pyproject.toml (`[tool.mypy] files`)
to zero strict errors. This counts the errors everywhere else, package by package, so
the next package to switch on can be chosen and its progress followed. One mypy run
over all the site's Python (migrations left out) with the project's own settings (the
django-stubs plugin included); each error is counted in the group of its file.

The three packages tables is being split into (play, socket, drawing) are counted
from their folders once they exist, and from the modules that go into them until then.

    python devtools/strict_report.py            # a plain table
    python devtools/strict_report.py --markdown # the table as the README shows it
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Rows in the order printed; a file belongs to the first row that claims it, so the
# engine and history/logs (checked by `make typecheck`) come before their parents.
PACKAGES = (
    "rules/engine",
    "rules",
    "players",
    "tables/play",
    "tables/socket",
    "tables/drawing",
    "tables",
    "history/logs",
    "history",
    "tournaments",
    "mahjong_site",
    "devtools",
)
ERROR = re.compile(r"^(?P<path>[^:\s]+\.pyi?):\d+(?::\d+)?: error:")


def python_files(package: str) -> list[Path]:
    """The package's Python files, migrations left out."""
    folder = ROOT / package
    return sorted(p for p in folder.rglob("*.py") if "migrations" not in p.parts)


def group_files() -> dict[str, list[Path]]:
    """Each row's files, every file in one row only."""
    taken: set[Path] = set()
    groups: dict[str, list[Path]] = {}
    for package in PACKAGES:
        files = [p for p in python_files(package) if p not in taken]
        taken.update(files)
        groups[package] = files
    return groups


def count(groups: dict[str, list[Path]]) -> dict[str, int]:
    """Strict errors per row, from one mypy run over every file of every row."""
    files = [str(p.relative_to(ROOT)) for files in groups.values() for p in files]
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode not in (0, 1):  # 2: mypy itself failed (bad config, crash)
        sys.exit(run.stdout + run.stderr)
    row_of = {str(p.relative_to(ROOT)): row for row, files in groups.items() for p in files}
    errors = dict.fromkeys(groups, 0)
    for line in run.stdout.splitlines():
        match = ERROR.match(line)
        if match and match["path"] in row_of:
            errors[row_of[match["path"]]] += 1
    return errors


def label(row: str) -> str:
    """``tables/``, or ``tables/ (rest)`` when rows of its sub-packages come first."""
    rest = any(other.startswith(row + "/") for other in PACKAGES)
    return f"{row}/ (rest)" if rest else f"{row}/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    markdown = parser.parse_args().markdown
    groups = group_files()
    errors = count(groups)
    if markdown:
        print("| package | files | strict errors |")
        print("| --- | ---: | ---: |")
        for row, files in groups.items():
            name, _, rest = label(row).partition(" ")
            print(f"| `{name}` {rest} | {len(files)} | {errors[row]} |".replace("`  ", "` "))
        print(f"| total | {sum(map(len, groups.values()))} | {sum(errors.values())} |")
    else:
        for row, files in groups.items():
            print(f"{label(row):<20} {len(files):>4} files {errors[row]:>6} strict errors")
        total = sum(map(len, groups.values()))
        print(f"{'total':<20} {total:>4} files {sum(errors.values()):>6} strict errors")


if __name__ == "__main__":
    main()
