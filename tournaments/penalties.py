"""Referees' penalties: chombo or penalty points against a seat of a table, with a reason.

A referee (or organizer) records a penalty with :func:`add`; it is taken off that
player's final result in the standings (:mod:`tournaments.leaderboard` adds it up) and
listed in the table's correction log with who, when and why, as is its removal
(:func:`remove`). A chombo defaults to the ruleset's chombo penalty.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django import forms
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.engine import format_final

from . import event_notices, signals
from .models import WIND_NAMES, Correction, Penalty, PenaltyPreset, WithdrawnPenalty
from .models import TournamentTable as Table

Clock = Callable[[], datetime.datetime]
MAX_POINTS = 200_000


class Refused(Exception):
    """A penalty the visitor may not record or remove; the message says why."""


class PenaltyForm(forms.Form):
    preset = forms.ChoiceField(
        required=False,
        label=_("Preset"),
        help_text=_("One of the event's usual penalties: its points, kind and name as the reason."),
    )
    wind = forms.TypedChoiceField(
        coerce=int,
        choices=list(enumerate(WIND_NAMES)),
        label=_("Player"),
        error_messages={
            "required": _("Choose the player."),
            "invalid_choice": _("Choose a player of this table."),
        },
    )
    kind = forms.ChoiceField(choices=Penalty.KINDS, label=_("Penalty"), initial=Penalty.CHOMBO)
    points = forms.IntegerField(
        required=False,
        label=_("Points taken off"),
        help_text=_("In points, e.g. 20000 for 20.0. Empty for a chombo: the ruleset's penalty."),
    )
    reason = forms.CharField(
        max_length=200,
        label=_("Reason"),
        error_messages={
            "required": _("Give the reason: it goes into the correction log."),
        },
    )

    def __init__(self, *args, table: Table, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table
        names = {s.wind: s.player_name for s in table.seats.all()}
        self.fields["wind"].choices = [
            (
                w,
                _("%(wind)s: %(name)s")
                % {"wind": _(WIND_NAMES[w]), "name": names.get(w, _("empty seat"))},
            )
            for w in range(4)
        ]
        self.chombo_points = table.tournament.engine_ruleset().chombo_penalty
        self.presets = {str(p.pk): p for p in table.tournament.penalty_presets.all()}
        if self.presets:
            self.fields["preset"].choices = [("", _("None: as entered below"))] + [
                (
                    pk,
                    _("%(name)s (chombo, %(points)s)")
                    % {"name": p.name, "points": format_final(-p.points)}
                    if p.chombo
                    else f"{p.name} ({format_final(-p.points)})",
                )
                for pk, p in self.presets.items()
            ]
        else:
            del self.fields["preset"]
        # with a preset the kind and the reason come from it
        self.fields["reason"].required = False

    def clean(self):
        data = super().clean()
        preset = self.presets.get(data.get("preset") or "")
        if preset is not None:
            data["kind"] = Penalty.CHOMBO if preset.chombo else Penalty.CONDUCT
            data["points"] = preset.points
            data["reason"] = data.get("reason") or preset.name
        elif self.data.get("preset"):
            self.add_error("preset", _("Choose one of the event's presets."))
        if not data.get("reason") and "reason" not in self.errors:
            self.add_error("reason", _("Give the reason: it goes into the correction log."))
        points = data.get("points")
        if data.get("kind") == Penalty.CHOMBO and points is None:
            points = self.chombo_points
        if points is None:
            self.add_error("points", _("Enter the points to take off."))
        elif not 0 < points <= MAX_POINTS:
            self.add_error(
                "points", _("Enter between 1 and %(most)s points.") % {"most": f"{MAX_POINTS:,}"}
            )
        data["points"] = points
        if data.get("wind") is not None and not self.table.seats.filter(wind=data["wind"]).exists():
            self.add_error("wind", _("Nobody sits there at this table."))
        return data


def _log(table: Table, field: str, old: str, new: str, reason: str, user, now) -> None:
    Correction.objects.create(
        table=table,
        field=field,
        old_value=old[:200],
        new_value=new[:200],
        reason=reason[:200],
        changed_by=user if getattr(user, "is_authenticated", False) else None,
        changed_at=now,
    )


def _check(table: Table, user) -> None:
    if table.tournament is None:
        raise Refused(_("Penalties belong to the tables of an event."))
    if table.tournament.closed:
        raise Refused(_("This event is closed; nothing can change any more."))
    if not table.tournament.is_referee(user):
        raise Refused(_("Only the event's referees and organizers can record penalties."))


def describe(penalty: Penalty) -> str:
    return f"{penalty.get_kind_display()} {format_final(-penalty.points)}"


def add(
    table: Table,
    wind: int,
    kind: str,
    points: int,
    reason: str,
    user,
    *,
    clock: Clock = timezone.now,
) -> Penalty:
    _check(table, user)
    now = clock()
    with transaction.atomic():
        penalty = Penalty.objects.create(
            table=table,
            wind=wind,
            kind=kind,
            points=points,
            reason=reason.strip(),
            recorded_by=user if getattr(user, "is_authenticated", False) else None,
            recorded_at=now,
        )
        seat = table.seats.filter(wind=wind).first()
        who = f"{WIND_NAMES[wind]} ({seat.player_name})" if seat else WIND_NAMES[wind]
        _log(table, f"penalty {who}", "none", describe(penalty), penalty.reason, user, now)
        event_notices.penalty_given(table, penalty, describe(penalty))
        signals.results_changed(table.tournament_id)
    return penalty


def remove(penalty: Penalty, user, reason: str, *, clock: Clock = timezone.now) -> None:
    table = penalty.table
    _check(table, user)
    reason = reason.strip()
    if not reason:
        raise Refused(_("Give the reason for taking the penalty back."))
    now = clock()
    with transaction.atomic():
        WithdrawnPenalty.objects.create(
            table=table,
            wind=penalty.wind,
            kind=penalty.kind,
            points=penalty.points,
            reason=penalty.reason,
            recorded_by_id=penalty.recorded_by_id,
            recorded_at=penalty.recorded_at,
            withdrawn_by=user if getattr(user, "is_authenticated", False) else None,
            withdrawn_at=now,
            withdrawn_reason=reason[:200],
        )
        _log(
            table,
            f"penalty {WIND_NAMES[penalty.wind]}",
            describe(penalty),
            "withdrawn",
            reason,
            user,
            now,
        )
        penalty.delete()
        signals.results_changed(table.tournament_id)


def by_seat(table: Table) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(points, chombo count) per seat, East first, from prefetched penalties."""
    points, chombos = [0, 0, 0, 0], [0, 0, 0, 0]
    for p in table.penalties.all():
        points[p.wind] += p.points
        chombos[p.wind] += p.kind == Penalty.CHOMBO
    return tuple(points), tuple(chombos)


class PresetForm(forms.ModelForm):
    class Meta:
        model = PenaltyPreset
        fields = ["name", "points", "chombo"]
        labels = {
            "name": _("Name"),
            "points": pgettext_lazy("penalty", "Points"),
            "chombo": _("Counts as a chombo"),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["name"].error_messages["required"] = _("Name the preset, e.g. Late.")
        self.fields["points"].error_messages["required"] = _("Enter the points to take off.")

    def clean_name(self):
        name = " ".join((self.cleaned_data.get("name") or "").split())
        if not name:
            raise forms.ValidationError(_("Name the preset, e.g. Late."))
        if self.tournament.penalty_presets.filter(name__iexact=name).exists():
            raise forms.ValidationError(
                _("This event has a preset called %(name)s already.") % {"name": name}
            )
        return name

    def clean_points(self):
        points = self.cleaned_data.get("points")
        if points is None or not 0 < points <= MAX_POINTS:
            raise forms.ValidationError(
                _("Enter between 1 and %(most)s points.") % {"most": f"{MAX_POINTS:,}"}
            )
        return points

    def save(self, commit=True):
        self.instance.tournament = self.tournament
        return super().save(commit)


def event_list(tournament) -> list[dict]:
    """Every penalty of the event, given and withdrawn, oldest first."""
    rows = []
    given = Penalty.objects.filter(table__tournament=tournament).select_related(
        "recorded_by", "table__round"
    )
    withdrawn = WithdrawnPenalty.objects.filter(table__tournament=tournament).select_related(
        "recorded_by", "withdrawn_by", "table__round"
    )
    for p in [*given, *withdrawn]:
        seat = p.table.seats.filter(wind=p.wind).first()
        rows.append(
            {
                "penalty": p,
                "table": p.table,
                "round": p.table.round.number if p.table.round else None,
                "player": seat.player_name if seat else WIND_NAMES[p.wind],
                "wind": WIND_NAMES[p.wind],
                "kind": _("Chombo") if p.kind == Penalty.CHOMBO else _("Penalty points"),
                "points": format_final(-p.points),
                "withdrawn": isinstance(p, WithdrawnPenalty),
            }
        )
    rows.sort(key=lambda r: (r["penalty"].recorded_at, r["penalty"].pk))
    return rows
