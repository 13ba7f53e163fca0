"""The rulebook's example hands (``examples.json``), scored with the engine.

Each example is an API request (the same fields as ``POST /api/score``) so it is
scored by the one function the calculator and the API share. A test scores every
example and fails when one does not show the yaku it illustrates.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from rules.engine import DEFAULT_PRESET, PRESETS, Ruleset

HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def load() -> dict[str, list[dict]]:
    with open(HERE / "examples.json", encoding="utf-8") as fh:
        return json.load(fh)


@lru_cache(maxsize=4)
def _words(language: str) -> dict[str, dict[str, dict]]:
    """The examples' words written in ``language`` (``examples_<language>.json``: per
    section and key, the fields that replace the English ones), empty when none."""
    path = HERE / f"examples_{language}.json"
    if not path.exists():
        return {}
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def in_language(section: str) -> list[dict]:
    """A section's examples with their words in the reader's language: the same hands,
    requests and keys (so the same engine checks), only the prose replaced."""
    from django.utils import translation

    language = (translation.get_language() or "en").split("-")[0]
    words = _words(language).get(section, {}) if language != "en" else {}
    return [{**ex, **words.get(ex["key"], {})} for ex in load()[section]]


def ruleset_for(example: dict) -> Ruleset:
    """Examples are scored under Ronin, plus any override the example names."""
    base = PRESETS[DEFAULT_PRESET].ruleset
    overrides = example.get("ruleset_overrides")
    return base.replace(**overrides) if overrides else base


def score_example(example: dict) -> dict[str, Any]:
    """``{"result": ..., "error": None}`` or ``{"result": None, "error": message}``.

    Never raises: a page must render even if one example stopped scoring.
    """
    from rules import calculator

    request = dict(example["request"])
    request["ruleset"] = DEFAULT_PRESET
    try:
        prepared = calculator.read_request(request)
        prepared.ruleset = ruleset_for(example)
        return {"result": calculator.score(prepared), "error": None}
    except calculator.RequestError as exc:
        return {"result": None, "error": f"{exc.field}: {exc.message}"}
    except Exception as exc:  # pragma: no cover - a page must not 500 on a scorer bug
        return {"result": None, "error": f"the scorer failed on this example: {exc}"}


def calculator_query(example: dict) -> str:
    """The calculator's query string that reproduces an example."""
    r = example["request"]
    pairs: list[tuple[str, str]] = [("hand", r["hand"])]
    pairs += [("meld", m) for m in r.get("melds", [])]
    pairs.append(("win_tile", r["win_tile"]))
    pairs.append(("win", r.get("win", "ron")))
    for key, value in r.items():
        if value is True:
            pairs.append((key, "on"))
    for key in ("round_wind", "seat_wind"):
        if key in r:
            pairs.append((key, r[key]))
    if r.get("dora_indicators"):
        pairs.append(("dora", "".join(r["dora_indicators"])))
    pairs.append(("ruleset", DEFAULT_PRESET))
    return urlencode(pairs)


def meld_display(notation: str) -> dict:
    """How to draw a meld: its tiles, which one lies sideways, closed-quad ends."""
    kind, _, tiles = notation.partition(":")
    return {"kind": kind, "tiles": tiles, "sideways": "" if kind == "ankan" else "0"}
