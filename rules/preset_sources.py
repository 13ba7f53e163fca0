"""Where each preset's values come from (``rules/preset_sources.json``).

The data file names, for every preset, its source document and year, and for each
setting that matters the value and the section it comes from; a value that departs
from the document carries ``club_choice`` (the reason), one nobody could source
``unsourced``. The ruleset sheets and the comparison page show it; the test suite
checks every listed value against the engine's presets.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("preset_sources.json")


@cache
def _data() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def document(key: str) -> str:
    """The preset's source document with its year, e.g. "EMA Riichi Competition Rules 2016"."""
    entry = _data()["presets"].get(key)
    if entry is None:
        return ""
    return f"{entry['document']} {entry['year']}" if entry["year"] else entry["document"]


def notes(key: str) -> dict[str, dict[str, str]]:
    """Per setting: ``{"kind": "club_choice" | "unsourced" | "source", "text": ...}``."""
    entry = _data()["presets"].get(key, {"settings": {}})
    out = {}
    for name, row in entry["settings"].items():
        for kind in ("club_choice", "unsourced", "section"):
            if kind in row:
                out[name] = {"kind": "source" if kind == "section" else kind, "text": row[kind]}
                break
    return out
