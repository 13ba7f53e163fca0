"""The club's stored presets kept in step with the engine's preset definitions.

A stored ruleset is a preset key plus the settings that differ from it, so a plain
preset row (no overrides) always plays the engine's current definition. What can
fall out of step is the set of rows: a fresh deployment has none, and a preset added
to the engine has no row yet. :func:`sync_presets` adds a plain row for every
preset that lacks one and makes the Ronin row the club default when there is no
default; it never edits or deletes an organizer's rows. It runs from the data
migration, after every ``migrate`` (a post-migrate hook) and as the ``sync_presets``
command, and is idempotent.
"""

from __future__ import annotations

from typing import Any

from rules.engine import DEFAULT_PRESET, PRESETS, InvalidRuleset, preset, ruleset_from_dict


def sync_presets(model: Any) -> dict[str, list[str]]:
    """Bring the stored presets in step; ``model`` is the (historical) Ruleset model.

    Returns what happened: ``created`` preset names, ``default`` (the row made the
    club default, if any) and ``invalid`` stored rulesets whose overrides the engine
    no longer accepts (named with the reason, for the organizer to fix).
    """
    report: dict[str, list[str]] = {"created": [], "default": [], "invalid": []}
    for key, p in PRESETS.items():
        plain = [row for row in model.objects.filter(preset=key) if not row.settings]
        if plain:
            continue
        name = p.name
        if model.objects.filter(name=name).exists():
            name = f"{p.name} (preset)"
        model.objects.create(name=name, preset=key, settings={})
        report["created"].append(name)
    if not model.objects.filter(is_default=True).exists():
        row = next(
            (
                r
                for r in model.objects.filter(preset=DEFAULT_PRESET).order_by("pk")
                if not r.settings
            ),
            None,
        )
        if row is not None:
            model.objects.filter(pk=row.pk).update(is_default=True)
            report["default"].append(row.name)
    for row in model.objects.all():
        try:
            ruleset_from_dict(row.settings or {}, base=preset(row.preset))
        except InvalidRuleset as exc:
            report["invalid"].append(f"{row.name}: {exc.message}")
    return report
