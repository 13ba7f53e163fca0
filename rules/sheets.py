"""Ruleset sheets: the rows of a ruleset's sheet and of the side-by-side comparison.

The sections follow ``rulesets.GROUPS``; each row's label and full text come from
:mod:`rules.setting_words`, and :func:`short` puts a value in a few words for the
comparison table.
"""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from rules.engine import DOUBLE_YAKUMAN_HANDS, GROUPS, Ruleset
from rules.setting_words import describe, format_points, format_signed, label


def sheet(
    ruleset: Ruleset,
    notes: dict[str, dict[str, str]] | None = None,
    base: Ruleset | None = None,
) -> list[dict]:
    """Sections of a ruleset sheet: ``[{"title", "rows": [{"name", "label", "text",
    "note", "was"}]}]``; ``notes`` are a preset's per-setting sources
    (``preset_sources.notes``); with ``base`` (the preset a club ruleset starts from)
    each row that differs from it carries the preset's text as ``was``, to be marked."""
    notes = notes or {}
    return [
        {
            "title": title,
            "slug": title.lower().replace(" ", "-"),
            "rows": [
                {
                    "name": n,
                    "label": label(n),
                    "text": describe(ruleset, n),
                    "note": notes.get(n),
                    "was": _was(ruleset, base, n),
                }
                for n in names
            ],
        }
        for title, names in GROUPS.items()
    ]


def _was(ruleset: Ruleset, base: Ruleset | None, name: str) -> str | None:
    if base is None or getattr(ruleset, name) == getattr(base, name):
        return None
    return describe(base, name)


def differences(ruleset: Ruleset, base: Ruleset) -> list[str]:
    """The names of the settings in which ``ruleset`` differs from ``base``."""
    return [n for names in GROUPS.values() for n in names if _was(ruleset, base, n)]


_SHORT_CHOICES = {
    "game_type": {"hanchan": "East + South", "tonpuusen": "East only"},
    "tie_rule": {"seat_order": "seat order", "share_uma": "share uma"},
    "rounding": {"goshashonyu": "5 down, 6 up", "half_up": "half up", "none": "none"},
    "renhou": {
        "off": "off",
        "mangan": "mangan",
        "baiman": "baiman",
        "yakuman": "yakuman",
        "yaku_5han": "5-han yaku",
    },
    "kan_dora_timing": {
        "immediate": "at once",
        "after_discard": "with the discard",
        "after_discard_survives": "after the discard passes",
    },
    "fix_yaku": {"first_only": "first only", "middle_ok": "middle OK", "finally": "finally"},
    "winning_tile_selection": {
        "winning_tile": "winning tile",
        "any_wait": "any wait",
        "all_waits": "all waits",
    },
    "open_riichi_robot": {
        "disable": "robots avoid",
        "ignore_robot_discard": "ignored",
        "pay_as_usual": "pays",
    },
    "kazoe": {"yakuman": "yakuman", "sanbaiman": "sanbaiman", "off": "off"},
    "chombo": {"mangan": "reverse mangan", "penalty": "penalty after uma"},
    "tenpai_empty_waits": {"none": "no", "visible_ok": "all but karaten", "all_ok": "yes"},
    "double_ron_honba": {"each_winner": "each winner", "nearest_only": "nearest only"},
    "pao_scope": {"pao_yakuman": "that yakuman", "whole_hand": "whole hand"},
}
_SHORT_DOUBLE = {
    "kokushi_13": "kokushi 13",
    "suuankou_tanki": "suuankou tanki",
    "chuuren_9": "chuuren 9",
    "daisuushii": "daisuushii",
}


def short(ruleset: Ruleset, name: str) -> str:
    """A setting's value in a few words, for the comparison table."""
    value = getattr(ruleset, name)
    if name in _SHORT_CHOICES:
        return pgettext("setting value", _SHORT_CHOICES[name][value])
    if isinstance(value, bool):
        return pgettext("setting value", "yes" if value else "no")
    if name == "uma":
        return " / ".join(
            format_signed(u // 1000) if u % 1000 == 0 else format_signed(u) for u in value
        )
    if name == "red_fives":
        if not any(value):
            return pgettext("setting value", "none")
        return "/".join(str(n) for n in value) + " (m/p/s)"
    if name == "double_yakuman":
        items = [
            pgettext("setting value", _SHORT_DOUBLE[k]) for k in DOUBLE_YAKUMAN_HANDS if k in value
        ]
        if len(items) == len(_SHORT_DOUBLE):
            return pgettext("setting value", "all four")
        return ", ".join(items) if items else pgettext("setting value", "none")
    if name in ("thinking_time", "bank_time"):
        return f"{value} s"
    if name == "two_han_from_honba":
        if not value:
            return pgettext("setting value", "off")
        return gettext("from %(n)s honba") % {"n": value}
    if name == "win_threshold":
        return format_points(value) if value else pgettext("setting value", "none")
    if isinstance(value, int):
        return format_points(value)
    return pgettext("setting value", str(value))


def comparison(columns: list[tuple[str, Ruleset]]) -> list[dict]:
    """Sections for the side-by-side page; a row differs when any column differs."""
    out = []
    for title, names in GROUPS.items():
        rows = []
        for n in names:
            values = [getattr(r, n) for _, r in columns]
            cells = [
                {"text": short(r, n), "full": describe(r, n), "differs": v != values[0]}
                for (_, r), v in zip(columns, values, strict=True)
            ]
            rows.append(
                {
                    "name": n,
                    "label": label(n),
                    "cells": cells,
                    "differs": any(v != values[0] for v in values),
                }
            )
        out.append({"title": title, "slug": title.lower().replace(" ", "-"), "rows": rows})
    return out
