"""rules/engine/RULES.md names only functions and test files that exist."""

import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = (ROOT / "rules" / "engine" / "RULES.md").read_text()


def test_every_function_the_rules_map_names_exists():
    # a module below the engine's top is named by its path: `scoring/payments.win_payment`
    named = {
        (m.replace("/", "."), n)
        for m, n in re.findall(r"`([a-z_/]+)\.([A-Za-z_][A-Za-z_0-9]*)`", MAP)
    }
    functions = [(m, n) for m, n in named if n not in ("py", "json", "txt", "csv")]
    assert len(functions) >= 40
    missing = [
        f"{m}.{n}"
        for m, n in functions
        if m != "ruleset" and not hasattr(importlib.import_module(f"rules.engine.{m}"), n)
    ]
    assert missing == []


def test_every_test_file_the_rules_map_names_exists():
    files = [f"tests/engine/{f}" for f in re.findall(r"`(test_[a-z_]+\.py)`", MAP)]
    files += re.findall(r"`(tests/[a-z_/]+\.(?:py|txt|csv|json))`", MAP)
    assert len(files) >= 30
    assert [f for f in files if not (ROOT / f).exists()] == []
