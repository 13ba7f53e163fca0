"""The club's own rulesets, made by an organizer from a preset without the admin.

The form is the event overrides' form (:mod:`tournaments.setting_forms`: every setting
in words, the engine's refusal at its field), started from a preset instead of a
ruleset. Only the settings that differ from the preset are stored.

Games keep their rules: a game stores the ruleset it started with (``Game.ruleset``,
a snapshot), and its table points at the stored ruleset it was opened with. An edit
of a ruleset that games were played by therefore never changes that row: the old row
is kept as an earlier version (``retired``, renamed "… (version N)", out of the lobby),
and the edit becomes a new ruleset of the same name. Tables not yet started and the
club default move to the new version; events keep the version they were made with.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from players import names
from rules import sheets
from rules.engine import DEFAULT_PRESET, PRESETS, ruleset_from_dict
from rules.engine import Ruleset as rulesets_Ruleset
from rules.engine import preset as presets_preset
from rules.models import Ruleset
from tables.models import Game, Table

from . import setting_forms

PRESET_CHOICES = [(key, p.name) for key, p in PRESETS.items()]


class ClubRulesetForm(forms.Form):
    name = forms.CharField(
        max_length=80,
        label=_("Name"),
        help_text=_("How the lobby and the events list it, e.g. “EMA, claimed wins”."),
    )
    preset = forms.ChoiceField(
        choices=PRESET_CHOICES,
        label=_("Starts from the preset"),
        help_text=_("Every setting left at “As the preset” follows it."),
    )

    def __init__(self, data=None, *, stored: Ruleset | None = None, preset_key: str = ""):
        initial = {}
        overrides: dict = {}
        if stored is not None:
            initial = {"name": stored.name, "preset": stored.preset}
            overrides = stored.settings or {}
        elif preset_key in PRESETS:
            initial = {"preset": preset_key}
        super().__init__(data, initial=initial)
        self.stored = stored
        chosen = (data or {}).get("preset") or initial.get("preset") or DEFAULT_PRESET
        self.preset_key = chosen if chosen in PRESETS else DEFAULT_PRESET
        self.base = presets_preset(self.preset_key)
        self.overrides: dict = {}
        setting_forms.add_setting_fields(self, self.base, overrides, source="preset")

    def setting_groups(self):
        return setting_forms.groups(self)

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise ValidationError("Give the ruleset a name.")
        try:
            names.check_characters(name)
        except ValidationError as exc:
            raise ValidationError(exc.messages[0].replace("Names", "A name", 1)) from None
        taken = Ruleset.objects.filter(name__iexact=name)
        if self.stored is not None:
            taken = taken.exclude(pk=self.stored.pk)
        if taken.exists():
            raise ValidationError(f"The club already has a ruleset called “{name}”.")
        return name

    def clean(self):
        data = super().clean()
        overrides = setting_forms.overrides_from(self)
        if not self.errors and setting_forms.check(self, overrides, self.base):
            engine = ruleset_from_dict(overrides, base=self.base)
            changed = set(sheets.differences(engine, self.base))
            self.overrides = {k: v for k, v in overrides.items() if k in changed}
        return data

    def engine_ruleset(self) -> rulesets_Ruleset:
        """The ruleset the valid form describes."""
        return ruleset_from_dict(self.overrides, base=self.base)

    def preview(self) -> list[dict]:
        """The sheet of the ruleset as it would be saved, differences from the preset marked."""
        return sheets.sheet(self.engine_ruleset(), None, self.base)


def used_by_games(stored: Ruleset) -> bool:
    return Game.objects.filter(table__ruleset=stored).exists()


@transaction.atomic
def save(form: ClubRulesetForm) -> Ruleset:
    """Store a valid form: a new ruleset, an edit in place, or a new version."""
    name, preset = form.cleaned_data["name"], form.cleaned_data["preset"]
    stored = form.stored
    if stored is None:
        return Ruleset.objects.create(name=name, preset=preset, settings=form.overrides)
    stored = Ruleset.objects.select_for_update().get(pk=stored.pk)
    if not used_by_games(stored):
        stored.name, stored.preset, stored.settings = name, preset, form.overrides
        stored.save()
        return stored
    old_name = stored.name
    stored.name = _version_name(old_name)
    stored.retired = True
    was_default, stored.is_default = stored.is_default, False
    stored.save()
    new = Ruleset.objects.create(
        name=name, preset=preset, settings=form.overrides, is_default=was_default
    )
    Table.objects.filter(ruleset=stored, status=Table.OPEN, games__isnull=True).update(ruleset=new)
    return new


def _version_name(name: str) -> str:
    """The name an earlier version keeps: "EMA, claimed wins (version 2)"."""
    number = Ruleset.objects.filter(retired=True, name__startswith=name[:60]).count() + 1
    while True:
        candidate = f"{name[:60]} (version {number})"
        if not Ruleset.objects.filter(name=candidate).exists():
            return candidate
        number += 1


def versions(stored: Ruleset) -> list[Ruleset]:
    """Earlier versions of a ruleset, newest first (found by the name they keep)."""
    return list(
        Ruleset.objects.filter(
            retired=True, name__startswith=f"{stored.name[:60]} (version "
        ).order_by("-pk")
    )
