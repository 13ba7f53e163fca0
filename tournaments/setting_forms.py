"""An event's rule overrides as a form of the ruleset's settings, not a JSON box.

Every setting of :class:`rules.engine.rulesets.Ruleset` gets one field, labelled and
explained in the words of :mod:`rules.setting_words`; each field starts at "as the
ruleset" (empty), and only the settings an organizer changes are stored as the event's
overrides. The values are checked by the engine (:func:`rulesets.from_dict`), whose
refusal names the setting, so the message appears at that field.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django import forms

from rules import setting_words
from rules.engine import (
    DOUBLE_YAKUMAN_HANDS,
    GROUPS,
    InvalidRuleset,
    Ruleset,
    ruleset_from_dict,
    setting_choices,
)

PREFIX = "set_"
AS_RULESET = ""
AS_RULESET_LABEL = "As the ruleset"


def _kind(name: str) -> str:
    default = {f.name: f for f in dataclasses.fields(Ruleset)}[name]
    value = default.default if default.default is not dataclasses.MISSING else None
    if name == "double_yakuman":
        return "names"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, tuple):
        return "numbers"
    return "choice"


def _words(name: str, value: Any, base: Ruleset) -> str:
    try:
        return setting_words.SETTINGS[name].describe(value, base)
    except Exception:  # a describing function that needs a consistent ruleset
        return str(value)


def _field(name: str, base: Ruleset, source: str = "ruleset") -> forms.Field:
    kind = _kind(name)
    label = setting_words.label(name)
    now = getattr(base, name)
    keep = f"As the {source}"
    help_text = f"The {source}: {_words(name, now, base)}"
    if kind == "bool":
        choices = [
            (AS_RULESET, keep),
            ("on", f"On: {_words(name, True, base)}"),
            ("off", f"Off: {_words(name, False, base)}"),
        ]
        return forms.ChoiceField(choices=choices, required=False, label=label, help_text=help_text)
    if kind == "choice":
        choices = [(AS_RULESET, keep)] + [
            (word, f"{word.replace('_', ' ')}: {_words(name, word, base)}")
            for word in setting_choices(name)
        ]
        return forms.ChoiceField(choices=choices, required=False, label=label, help_text=help_text)
    if kind == "int":
        return forms.IntegerField(
            required=False,
            label=label,
            help_text=help_text,
            widget=forms.NumberInput(attrs={"placeholder": str(now)}),
        )
    if kind == "numbers":
        shown = ", ".join(str(n) for n in now)
        return forms.CharField(
            required=False,
            label=label,
            help_text=f"{help_text} Write whole numbers separated by commas.",
            widget=forms.TextInput(attrs={"placeholder": shown}),
        )
    names = ", ".join(DOUBLE_YAKUMAN_HANDS)
    return forms.MultipleChoiceField(
        choices=[
            (k, f"{k}: {setting_words.DOUBLE_YAKUMAN_WORDS[k]}") for k in DOUBLE_YAKUMAN_HANDS
        ],
        required=False,
        label=label,
        help_text=f"{help_text} Tick the hands to override the {source}'s list ({names}); "
        f"tick none to keep the {source}'s.",
        widget=forms.CheckboxSelectMultiple,
    )


def add_setting_fields(
    form: forms.Form, base: Ruleset, overrides: dict, source: str = "ruleset"
) -> None:
    """Add one field per setting to ``form``, filled from the stored ``overrides``;
    ``source`` names what an empty field keeps ("ruleset" for an event, "preset" for a
    club ruleset)."""
    for group, names in GROUPS.items():
        for name in names:
            key = PREFIX + name
            form.fields[key] = _field(name, base, source)
            form.fields[key].group = group
            if name in overrides:
                form.initial[key] = _initial(name, overrides[name])


def _initial(name: str, value: Any) -> Any:
    kind = _kind(name)
    if kind == "bool":
        return "on" if value else "off"
    if kind == "numbers" and isinstance(value, (list, tuple)):
        return ", ".join(str(n) for n in value)
    return value


def overrides_from(form: forms.Form) -> dict:
    """The changed settings of a cleaned form; bad numbers are added as field errors."""
    out: dict[str, Any] = {}
    for group_names in GROUPS.values():
        for name in group_names:
            key = PREFIX + name
            value = form.cleaned_data.get(key)
            if value in (None, AS_RULESET, []):
                continue
            kind = _kind(name)
            if kind == "bool":
                out[name] = value == "on"
            elif kind == "numbers":
                try:
                    out[name] = [int(part) for part in str(value).replace(" ", "").split(",")]
                except ValueError:
                    form.add_error(key, "Write whole numbers separated by commas.")
            else:
                out[name] = value
    return out


def check(form: forms.Form, overrides: dict, base: Ruleset) -> bool:
    """Ask the engine; a refusal goes to the field of the setting it names."""
    try:
        ruleset_from_dict(overrides, base=base)
    except InvalidRuleset as exc:
        key = PREFIX + (exc.field or "")
        if exc.field not in setting_words.SETTINGS:
            form.add_error(None, f"Setting {exc.message}.")
            return False
        message = f"{setting_words.label(exc.field)} {exc.reason}."  # its label, not its code
        form.add_error(key if key in form.fields else None, message)
        return False
    return True


def groups(form: forms.Form) -> list[dict]:
    """The setting fields grouped as on the ruleset sheets, for the template."""
    out: dict[str, list] = {}
    for name in form.fields:
        if name.startswith(PREFIX):
            out.setdefault(form.fields[name].group, []).append(form[name])
    return [
        {
            "name": group,
            "fields": fields,
            "open": any(f.errors or f.value() not in (None, "", []) for f in fields),
        }
        for group, fields in out.items()
    ]
