"""Opening a scored table: on its own (a casual club-night table) or from a league.

A tournament round's tables are seated by the draw (:mod:`tournaments.rounds`); these
two ways seat four players by name. Each seat is a member (by username or shown
name) or a guest by name (ticked as a guest; guests have no account, are shown as
"Name (guest)" and count in no standings or ratings). A casual table has its own
ruleset and is run by whoever opened it; a league's table counts in the league's
standings once confirmed, like any league game.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _

from players import names
from rules.models import Ruleset as StoredRuleset

from . import records
from .forms import find_player
from .models import WIND_NAMES, Seat, Tournament
from .models import TournamentTable as Table
from .permissions import forbidden

GUEST_NAME_LENGTH = 40
MAX_MINUTES = 600


def _guest_refusal(name: str, guests: list[str]) -> str | None:
    """Why a guest may not be seated under ``name``, or None: a guest's name passes the
    checks of a member's shown name (no control or direction characters, which could
    turn the "(guest)" label around; no bot's or member's name, nor a look-alike of
    one), and two guests at one table do not look alike either."""
    try:
        names.check_guest_name(name, get_user_model())
    except ValidationError as error:
        return error.messages[0]
    for other in guests:
        if names.look_alike(name, other):
            return f"“{name}” looks like the guest “{other}” at this table; tell them apart."
    return None


class OpenTableForm(forms.Form):
    """Four seats, East first: a member's name, or a guest's name with "guest" ticked."""

    def __init__(self, data=None, *, members=None, with_ruleset=False, **kwargs):
        super().__init__(data, **kwargs)
        self.members = members
        if with_ruleset:
            self.fields["ruleset"] = forms.ModelChoiceField(
                queryset=StoredRuleset.offered(),
                empty_label=None,
                initial=StoredRuleset.club_default().pk,
                label=_("Ruleset"),
            )
            # a casual table's own round timer (an event's tables use their round's)
            self.fields["timer_minutes"] = forms.IntegerField(
                required=False,
                min_value=1,
                max_value=MAX_MINUTES,
                label=_("Time limit in minutes (empty: no timer)"),
                help_text=_("Whoever opens the table starts, pauses and extends it on its page."),
                error_messages={
                    "min_value": _("Give at least 1 minute, or leave it empty for no timer."),
                    "max_value": _("At most %(most)s minutes.") % {"most": MAX_MINUTES},
                    "invalid": _("Enter the minutes as a whole number."),
                },
            )
            self.fields["time_end_rule"] = forms.ChoiceField(
                choices=Tournament.TIME_END_RULES,
                initial=Tournament.FINISH_HAND,
                required=False,  # only a timed table needs it: the default then
                label=_("When time is up"),
            )
        for w, wind in enumerate(WIND_NAMES):
            self.fields[f"player_{w}"] = forms.CharField(
                max_length=150,
                label=_("%(wind)s (first dealer)") % {"wind": _(wind)} if w == 0 else _(wind),
                error_messages={"required": "Name the player in this seat."},
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "off"}),
            )
            self.fields[f"guest_{w}"] = forms.BooleanField(required=False, label=_("guest"))

    def timer_fields(self):
        return [self[name] for name in ("timer_minutes", "time_end_rule") if name in self.fields]

    def seat_rows(self):
        return [(self[f"player_{w}"], self[f"guest_{w}"]) for w in range(4)]

    def clean(self):
        data = super().clean()
        seats, seen = [], set()
        for w in range(4):
            name = (data.get(f"player_{w}") or "").strip()
            if not name:
                continue
            key = f"player_{w}"
            if data.get(f"guest_{w}"):
                if len(name) > GUEST_NAME_LENGTH:
                    self.add_error(
                        key, f"A guest's name has {GUEST_NAME_LENGTH} characters at most."
                    )
                    continue
                refusal = _guest_refusal(name, [n for _wind, _player, n in seats if n])
                if refusal:
                    self.add_error(key, refusal)
                    continue
                seats.append((w, None, name))
                continue
            player = find_player(name, self.members)
            if player is None:
                where = "of this league " if self.members is not None else ""
                self.add_error(
                    key,
                    f"No single member {where}is called “{name}”; tick “guest” to seat a "
                    "guest by that name.",
                )
            elif player.is_bot:
                self.add_error(key, "Bots do not play at real tables.")
            elif player.pk in seen:
                self.add_error(key, f"{player.name} already has a seat at this table.")
            else:
                seen.add(player.pk)
                seats.append((w, player, ""))
        data["seats"] = seats
        return data


@transaction.atomic
def open_table(
    tournament: Tournament | None,
    seats,
    user,
    ruleset=None,
    timer_minutes: int = 0,
    time_end_rule: str = Tournament.FINISH_HAND,
) -> Table:
    """Create the table and its four seats; returns it (hands are entered next).

    A casual table may have its own timer (``timer_minutes``, 0 for none)."""
    if tournament is None:
        number = records.next_table_number(None)
    else:
        number = records.next_table_number(tournament)
    table = Table.objects.create(
        tournament=tournament,
        number=number,
        ruleset=ruleset if tournament is None else None,
        opened_by=user if getattr(user, "is_authenticated", False) else None,
        timer_minutes=timer_minutes if tournament is None else 0,
        time_end_rule=time_end_rule,
    )
    Seat.objects.bulk_create(
        Seat(table=table, wind=w, player=player, guest_name=guest) for w, player, guest in seats
    )
    return table


def _score_url(table: Table) -> str:
    from django.urls import reverse

    return reverse("tournaments:score", args=[table.tournament_id or 0, table.pk])


def casual_new(request):
    """Any member opens a casual scored table on its own, with a ruleset of the club."""
    if not request.user.is_authenticated:
        return forbidden(request, "Sign in to open a scored table.")
    form = OpenTableForm(request.POST or None, with_ruleset=True)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        table = open_table(
            None,
            data["seats"],
            request.user,
            data["ruleset"],
            timer_minutes=data.get("timer_minutes") or 0,
            time_end_rule=data.get("time_end_rule") or Tournament.FINISH_HAND,
        )
        messages.success(request, _("The table is open: enter each hand as it ends."))
        return redirect(_score_url(table))
    return render(request, "tournaments/open_table.html", {"form": form, "tournament": None})


def league_table_new(request, tournament_id):
    """A league's organizers, referees and members open a scored table of the league."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not tournament.is_league:
        messages.error(
            request, _("Only a league opens tables outside rounds; use a round's tables.")
        )
        return redirect(tournament)
    member = tournament.entries.filter(player=request.user.pk, withdrawn__isnull=True).exists()
    if not (tournament.is_referee(request.user) or member):
        return forbidden(
            request,
            "Only the league's players, organizers and referees open its tables.",
            tournament,
        )
    if tournament.closed:
        messages.error(request, _("This league is closed."))
        return redirect(tournament)
    members = get_user_model().objects.filter(
        tournament_entries__tournament=tournament, tournament_entries__withdrawn__isnull=True
    )
    form = OpenTableForm(request.POST or None, members=members)
    if request.method == "POST" and form.is_valid():
        table = open_table(tournament, form.cleaned_data["seats"], request.user)
        messages.success(request, _("The league table is open: enter each hand as it ends."))
        return redirect(_score_url(table))
    return render(request, "tournaments/open_table.html", {"form": form, "tournament": tournament})
