"""Modules stay small enough to read: no shipped module of rules (the engine included),
players, tables, history or tournaments is over 500 lines (migrations aside; a data table
would be named here with the reason)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "players", "tables", "history", "tournaments")
LIMIT = 500
DATA_TABLES: dict[str, str] = {}  # "path": "why it is one table of data"


def long_modules(limit: int = LIMIT) -> dict[str, int]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = str(path.relative_to(ROOT))
            lines = len(path.read_text().splitlines())
            if lines > limit and name not in DATA_TABLES:
                found[name] = lines
    return found


def test_no_shipped_module_is_over_500_lines():
    assert long_modules() == {}, "split these by concept (see the README's architecture map)"


def test_it_would_see_a_long_module():
    assert "rules/engine/scoring/score.py" in long_modules(limit=100)
