"""Forms of the tournament pages. Every bad field gets a message a person can act on."""

from __future__ import annotations

import csv
import io

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from rules.engine import STICK, InvalidRuleset, Ruleset
from rules.models import Ruleset as StoredRuleset
from rules.templatetags.words import points_text

from . import setting_forms
from .models import WIND_NAMES, Round, Tournament

MAX_SCORE = 1_000_000


def find_player(name: str, candidates=None):
    """A player by username or display name (either case); None when not exactly one."""
    Player = get_user_model()
    pool = candidates if candidates is not None else Player.objects.all()
    name = name.strip()
    if not name:
        return None
    found = list(pool.filter(username__iexact=name))
    if not found:
        found = list(pool.filter(display_name__iexact=name))
    return found[0] if len(found) == 1 else None


class TournamentForm(forms.ModelForm):
    """The event's settings; its rule overrides are one field per ruleset setting
    (:mod:`tournaments.setting_forms`), stored only where they differ."""

    class Meta:
        model = Tournament
        fields = [
            "name",
            "format",
            "start_date",
            "end_date",
            "ruleset",
            "rounds",
            "registration_open",
            "registration_closes",
            "registration_cap",
            "time_end_rule",
            "result_agreement",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
            "registration_closes": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "format": forms.RadioSelect,
        }
        labels = {
            "name": _("Name"),
            "format": _("Format"),
            "start_date": _("Start date"),
            "end_date": _("End date"),
            "ruleset": _("Ruleset"),
            "rounds": _("Rounds"),
            "time_end_rule": _("Time end rule"),
            "registration_open": _("Members may register themselves"),
            "registration_closes": _("Self-registration closes"),
            "registration_cap": _("Players at most"),
        }

    def clean_time_end_rule(self):
        return self.cleaned_data.get("time_end_rule") or Tournament.FINISH_HAND

    def clean_result_agreement(self):
        return self.cleaned_data.get("result_agreement") or Tournament.PLAYERS_AGREE

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # An event keeps the version it was made with; a new choice is among those offered.
        self.fields["ruleset"].queryset = StoredRuleset.objects.filter(
            Q(retired=False) | Q(pk=self.instance.ruleset_id or 0)
        )
        self.fields["ruleset"].empty_label = None
        self.fields["time_end_rule"].required = False  # older forms leave it out
        self.fields["result_agreement"].required = False
        if not self.instance.pk and not self.initial.get("ruleset"):
            self.initial["ruleset"] = StoredRuleset.club_default().pk
        self.fields["rounds"].widget.attrs.update(min=1, max=50)
        stored = self.instance.ruleset if self.instance.pk else StoredRuleset.club_default()
        try:
            base = stored.engine_ruleset()
        except InvalidRuleset:
            base = Ruleset()
        setting_forms.add_setting_fields(self, base, self.instance.overrides or {})

    def setting_groups(self):
        return setting_forms.groups(self)

    def clean_rounds(self):
        rounds = self.cleaned_data.get("rounds")
        if rounds is None or not 1 <= rounds <= 50:
            raise forms.ValidationError(_("Choose between 1 and 50 rounds."))
        drawn = self.instance.round_set.count() if self.instance.pk else 0
        if rounds < drawn:
            raise forms.ValidationError(
                _("%(drawn)s rounds are drawn already: the event cannot have fewer.")
                % {"drawn": drawn}
            )
        return rounds

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot come before the first day."))
        overrides = setting_forms.overrides_from(self)
        ruleset = data.get("ruleset")
        if ruleset is not None and setting_forms.check(self, overrides, ruleset.engine_ruleset()):
            self.instance.overrides = overrides
        return data


class EntryForm(forms.Form):
    """Staff adding a member to the field (or to the substitutes)."""

    player = forms.CharField(max_length=150, help_text=_("Username or display name."))
    team = forms.CharField(max_length=60, required=False)
    substitute = forms.BooleanField(required=False, label=_("Substitute only"))

    def clean_player(self):
        name = self.cleaned_data["player"]
        player = find_player(name)
        if player is None:
            raise forms.ValidationError(
                _("No single member is called “%(name)s”.") % {"name": name}
            )
        if player.is_bot:
            raise forms.ValidationError(_("Bots cannot enter a tournament."))
        return player


class SignUpForm(forms.Form):
    """A member entering themselves."""

    team = forms.CharField(max_length=60, required=False, help_text=_("Optional."))


class OrganizerForm(forms.Form):
    player = forms.CharField(max_length=150, help_text=_("Username or display name."))

    def clean_player(self):
        name = self.cleaned_data["player"]
        player = find_player(name)
        if player is None or player.is_bot:
            raise forms.ValidationError(
                _("No single member is called “%(name)s”.") % {"name": name}
            )
        return player


class RoundForm(forms.Form):
    method = forms.ChoiceField(choices=Round.METHODS, initial=Round.RANDOM)
    seating_seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=2**62,
        label=_("Seating seed"),
        help_text=_("Leave empty for a fresh draw; the same seed gives the same seating."),
    )
    use_substitutes = forms.BooleanField(
        required=False,
        initial=True,
        label=_("Fill empty seats with substitutes before giving byes"),
    )
    duplicate = forms.BooleanField(
        required=False, label=_("Duplicate: every table plays the same wall (online only)")
    )
    seating = forms.CharField(
        required=False,
        label=_("Uploaded seating"),
        widget=forms.Textarea(attrs={"rows": 6, "cols": 60, "spellcheck": "false"}),
        help_text=_(
            "For the uploaded method: one table per line, four names East to North, "
            "separated by commas (CSV)."
        ),
    )


def parse_seating(text: str, field, byes_allowed: bool = True):
    """Tables from text, one per line: four names, commas between them.

    ``field`` is a queryset of the players who may be seated. Returns the tables
    (lists of players, East first) or raises ValidationError naming the lines.
    """
    errors, tables, seen = [], [], {}
    reader = csv.reader(io.StringIO(text.strip()))
    for number, row in enumerate(reader, start=1):
        names = [cell.strip() for cell in row if cell.strip()]
        if not names:
            continue
        if len(names) != 4:
            errors.append(
                _("Line %(number)s: a table needs four names, this line has %(count)s.")
                % {"number": number, "count": len(names)}
            )
            continue
        table = []
        for name in names:
            player = find_player(name, field)
            if player is None:
                errors.append(
                    _("Line %(number)s: “%(name)s” is not a registered player.")
                    % {"number": number, "name": name}
                )
            elif player.pk in seen:
                errors.append(
                    _("Line %(number)s: %(name)s is already seated on line %(other)s.")
                    % {"number": number, "name": player.name, "other": seen[player.pk]}
                )
            else:
                seen[player.pk] = number
                table.append(player)
        tables.append(table)
    if not tables and not errors:
        errors.append(_("Enter at least one table of four names."))
    if errors:
        raise forms.ValidationError(errors)
    return tables


class SubstituteForm(forms.Form):
    seat = forms.IntegerField(widget=forms.HiddenInput)
    substitute = forms.ModelChoiceField(queryset=None, empty_label=_("choose a substitute"))

    def __init__(self, *args, substitutes=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["substitute"].queryset = substitutes


class LinkForm(forms.Form):
    # the column is a 32-bit integer: a larger number could never be stored
    table_id = forms.IntegerField(min_value=1, max_value=2**31 - 1, label=_("Live table id"))


class ResultForm(forms.Form):
    """Four final raw scores (East first), leftover sticks and chombos, then confirmation.

    ``start_score`` sets the table total that the scores must reach together with
    the leftover riichi sticks. ``correcting`` makes a reason mandatory: changes to
    a recorded result go into the audit trail.
    """

    leftover_sticks = forms.IntegerField(
        min_value=0,
        max_value=99,
        initial=0,
        label=_("Riichi sticks left on the table"),
        widget=forms.NumberInput(attrs={"min": 0, "step": 1}),
    )
    confirm = forms.BooleanField(
        required=False,
        label=_("I have checked these scores against the table's score sheet"),
    )
    reason = forms.CharField(max_length=200, required=False, label=_("Reason for the correction"))

    def __init__(self, *args, start_score: int, names=WIND_NAMES, correcting=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.start_score = start_score
        self.correcting = correcting
        for wind, name in enumerate(names):
            self.fields[f"score_{wind}"] = forms.IntegerField(
                label=_(WIND_NAMES[wind])
                if name == WIND_NAMES[wind]
                else _("%(wind)s: %(name)s") % {"wind": _(WIND_NAMES[wind]), "name": name},
                min_value=-MAX_SCORE,
                max_value=MAX_SCORE,
                widget=forms.NumberInput(attrs={"step": 100, "inputmode": "numeric"}),
            )
            self.fields[f"chombo_{wind}"] = forms.IntegerField(
                label=_("Chombos"),
                min_value=0,
                max_value=9,
                initial=0,
                required=False,
                widget=forms.NumberInput(attrs={"min": 0, "max": 9, "class": "narrow"}),
            )
            self.fields[f"chombo_reason_{wind}"] = forms.CharField(
                label=_("Chombo reason"), max_length=200, required=False
            )
        if correcting:
            self.fields["reason"].required = True

    @property
    def table_total(self) -> int:
        return 4 * self.start_score

    @property
    def table_total_text(self) -> str:
        return points_text(self.table_total)

    def seat_rows(self):
        """Bound fields grouped per seat for the template."""
        return [
            {
                "wind": WIND_NAMES[w],
                "score": self[f"score_{w}"],
                "chombo": self[f"chombo_{w}"],
                "reason": self[f"chombo_reason_{w}"],
            }
            for w in range(4)
        ]

    def clean(self):
        data = super().clean()
        for w in range(4):
            score = data.get(f"score_{w}")
            if score is not None and score % 100:
                self.add_error(f"score_{w}", _("Scores are counted in hundreds: end it in 00."))
            count = data.get(f"chombo_{w}") or 0
            data[f"chombo_{w}"] = count
            reason = (data.get(f"chombo_reason_{w}") or "").strip()
            if count and not reason:
                self.add_error(f"chombo_reason_{w}", _("Say why the chombo was given."))
        check = self.total_check()
        if check and not check["ok"]:
            raise forms.ValidationError(check["message"], code="total")
        if self.correcting and not (data.get("reason") or "").strip():
            self.add_error("reason", _("Say why the recorded result is being changed."))
        if not data.get("confirm"):
            self.add_error("confirm", _("Tick the box to confirm the scores were checked."))
        return data

    def total_check(self) -> dict | None:
        """Whether the scores and sticks reach the table total (None until all are in)."""
        data = getattr(self, "cleaned_data", None)
        if data is None:
            return None
        scores = [data.get(f"score_{w}") for w in range(4)]
        sticks = data.get("leftover_sticks")
        if any(s is None for s in scores) or sticks is None:
            return None
        total = sum(scores) + STICK * sticks
        off = total - self.table_total
        if off == 0:
            message = _("The table adds up: %(total)s points including %(sticks)s.") % {
                "total": points_text(total),
                "sticks": _sticks(sticks),
            }
        else:
            words = {
                "sticks": _sticks(sticks),
                "total": points_text(total),
                "start": points_text(self.start_score),
                "table_total": points_text(self.table_total),
                "off": points_text(abs(off)),
            }
            if off > 0:
                message = (
                    _(
                        "The scores and %(sticks)s add up to %(total)s points, but a table of four "
                        "starting at %(start)s must add up to %(table_total)s (%(off)s too many)."
                    )
                    % words
                )
            else:
                message = (
                    _(
                        "The scores and %(sticks)s add up to %(total)s points, but a table of four "
                        "starting at %(start)s must add up to %(table_total)s (%(off)s missing)."
                    )
                    % words
                )
        return {"ok": off == 0, "total": total, "off": off, "message": message}

    def values(self):
        """(scores, leftover sticks, chombo counts, chombo reasons), East first."""
        data = self.cleaned_data
        scores = [data[f"score_{w}"] for w in range(4)]
        counts = [data.get(f"chombo_{w}") or 0 for w in range(4)]
        reasons = [(data.get(f"chombo_reason_{w}") or "").strip() for w in range(4)]
        return scores, data["leftover_sticks"], counts, reasons


def _sticks(count: int) -> str:
    return ngettext("%(count)s leftover stick", "%(count)s leftover sticks", count) % {
        "count": count
    }


class LeagueGameForm(forms.Form):
    """The four players of a league game played away from the site, East first."""

    def __init__(self, *args, members=None, **kwargs):
        super().__init__(*args, **kwargs)
        for w, wind in enumerate(WIND_NAMES):
            self.fields[f"player_{w}"] = forms.ModelChoiceField(
                queryset=members, label=_(wind), empty_label=_("choose a member")
            )
        self.fields["played_on"] = forms.DateField(
            label=_("Played on"), widget=forms.DateInput(attrs={"type": "date"})
        )

    def clean(self):
        data = super().clean()
        chosen = [data.get(f"player_{w}") for w in range(4)]
        present = [p for p in chosen if p is not None]
        if len({p.pk for p in present}) != len(present):
            raise forms.ValidationError(_("Each of the four seats needs a different member."))
        return data


class StandingsRangeForm(forms.Form):
    """The date range of a league's standings (both ends optional)."""

    start = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end = forms.DateField(required=False, widget=forms.DateInput(attrs={"type": "date"}))

    def clean(self):
        data = super().clean()
        if data.get("start") and data.get("end") and data["end"] < data["start"]:
            raise forms.ValidationError(_("The end of the range comes before its start."))
        return data
