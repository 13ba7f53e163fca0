"""Tournament and league pages: plain functions, one per page or action.

Reading is open to everyone; every change checks that the visitor organizes the
event (see :mod:`tournaments.permissions`) and answers a bad field with a message
next to it, changing nothing.
"""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from . import (
    agreement,
    exports,
    hidden_finish,
    people_views,
    presenters,
    records,
    referee_calls,
    self_registration,
    signals,
)
from .claim_disputes import waiting_tables
from .forms import (
    EntryForm,
    LeagueGameForm,
    OrganizerForm,
    ResultForm,
    RoundForm,
    SignUpForm,
    StandingsRangeForm,
    TournamentForm,
)
from .models import WIND_NAMES, Registration, Seat, Tournament, TournamentTable
from .people import Refused
from .permissions import (
    is_club_admin,
    may_create_events,
    organizer_view,
    refuse_unless_staff,
)

# --- events


def index(request):
    tournaments = Tournament.objects.select_related("ruleset").order_by("-start_date", "name")
    today = timezone.localdate()
    current, upcoming, past = [], [], []
    for t in tournaments:
        if t.start_date > today:
            upcoming.append(t)
        elif t.end_date and t.end_date < today:
            past.append(t)
        else:
            current.append(t)
    return render(
        request,
        "tournaments/index.html",
        {
            "current": current,
            "upcoming": upcoming[::-1],
            "past": past,
            "can_create": may_create_events(request.user),
            "is_club_admin": is_club_admin(request.user),
            "casual_waiting": agreement.open_casual_results()
            if may_create_events(request.user)
            else [],
        },
    )


def create(request):
    refused = refuse_unless_staff(request)
    if refused:
        return refused
    form = TournamentForm(request.POST or None, initial={"start_date": timezone.localdate()})
    if request.method == "POST" and form.is_valid():
        tournament = form.save(commit=False)
        tournament.created_by = request.user
        tournament.save()
        messages.success(
            request,
            _("%(name)s is created. Register its players next.") % {"name": tournament.name},
        )
        return redirect(tournament)
    return render(request, "tournaments/form.html", {"form": form, "tournament": None})


@organizer_view
def edit(request, tournament):
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        form.save()
        records_changed(tournament)
        messages.success(request, _("The event's settings are saved."))
        return redirect(tournament)
    return render(request, "tournaments/form.html", {"form": form, "tournament": tournament})


def records_changed(tournament):
    signals.results_changed(tournament.pk)


def detail(request, tournament_id):
    tournament = get_object_or_404(
        Tournament.objects.select_related("ruleset", "created_by"), pk=tournament_id
    )
    return detail_page(request, tournament)


def detail_page(request, tournament, round_form=None, entry_form=None, unmatched=""):
    """The event's page. A refused form comes back as it was filled: ``round_form`` (a
    draw), ``entry_form`` (one player) or ``unmatched`` (the pasted names not found)."""
    entries = tournament.entries.select_related("player").order_by("substitute", "player__username")
    own = None
    if request.user.is_authenticated:
        own = next((e for e in entries if e.player_id == request.user.pk), None)
    context = {
        "tournament": tournament,
        "entries": entries,
        "active_count": sum(1 for e in entries if e.active and not e.substitute),
        "own_entry": own,
        "rounds": _round_rows(tournament),
        "organizers": tournament.organizers.all(),
        "is_organizer": tournament.is_organizer(request.user),
        "entry_form": entry_form or EntryForm(),
        "unmatched": unmatched,
        "organizer_form": OrganizerForm(),
        "signup_form": SignUpForm(),
        "round_form": round_form or RoundForm(initial={"duplicate": tournament.is_online}),
        "rules": presenters.ruleset_summary(tournament.engine_ruleset()),
        "league_games": _league_games(tournament) if tournament.is_league else None,
        "tickable": _tickable(tournament) if tournament.is_organizer(request.user) else [],
        "waiting_results": agreement.open_results_of_event(tournament),
        "disputes": waiting_tables(tournament) if tournament.is_referee(request.user) else [],
        **people_views.detail_context(request, tournament, entries),
        "referee_calls": referee_calls.open_for(tournament, request.user),
    }
    return render(request, "tournaments/detail.html", context)


TICKABLE_LIMIT = 300  # beyond this a club pastes names instead


def _tickable(tournament):
    """Members not registered yet, for the bulk form's boxes (the first few hundred)."""
    registered = tournament.entries.filter(withdrawn__isnull=True).values("player_id")
    return list(
        get_user_model()
        .objects.filter(is_bot=False, is_active=True)
        .exclude(pk__in=registered)
        .order_by("display_name", "username")[:TICKABLE_LIMIT]
    )


def _round_rows(tournament):
    out = []
    sealed = records.sealed_links()
    for r in tournament.round_set.prefetch_related("tables__result").order_by("number"):
        tables = list(r.tables.all())
        done = sum(1 for t in tables if records.result_shown(t, sealed))
        out.append({"round": r, "tables": len(tables), "done": done})
    return out


def _league_games(tournament, limit=50):
    out = []
    for table in records.played_tables(tournament).order_by("-result__finished_at")[:limit]:
        scores = table.result.scores
        out.append(
            {
                "table": table,
                "seats": [(s.player_name, scores[s.wind]) for s in table.seat_list()],
            }
        )
    return out


# --- organizers and registration


@login_required
@require_POST
def sign_up(request, tournament_id):
    """A member registers themself (or joins the waiting list): see self_registration."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = SignUpForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The team name is too long (60 characters at most)."))
        return redirect(tournament)
    try:
        said = self_registration.sign_up(
            tournament, request.user, form.cleaned_data["team"], timezone.now()
        )
    except Refused as refusal:
        messages.error(request, str(refusal))
        return redirect(tournament)
    messages.success(request, said)
    records_changed(tournament)
    return redirect(tournament)


@login_required
@require_POST
def withdraw(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    try:
        said = self_registration.withdraw(tournament, request.user, timezone.now())
    except Refused as refusal:
        messages.error(request, str(refusal))
        return redirect(tournament)
    messages.success(request, said)
    records_changed(tournament)
    return redirect(tournament)


@require_POST
@organizer_view
def entry_add(request, tournament):
    form = EntryForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, errors[0])
        return detail_page(request, tournament, entry_form=form)
    player = form.cleaned_data["player"]
    entry, created = Registration.objects.get_or_create(
        tournament=tournament,
        player=player,
        defaults={"team": form.cleaned_data["team"], "substitute": form.cleaned_data["substitute"]},
    )
    if not created:
        entry.withdrawn = entry.refused = None
        entry.team = form.cleaned_data["team"] or entry.team
        entry.substitute = form.cleaned_data["substitute"]
        entry.save()
    said = _("%(name)s is a substitute.") if entry.substitute else _("%(name)s is in the field.")
    messages.success(request, said % {"name": player.name})
    records_changed(tournament)
    return redirect(tournament)


@require_POST
@organizer_view
def entry_withdraw(request, tournament, entry_id):
    entry = get_object_or_404(Registration, pk=entry_id, tournament=tournament)
    if entry.withdrawn:
        entry.withdrawn = None
        messages.success(request, _("%(name)s is back in the field.") % {"name": entry.player.name})
    else:
        entry.withdrawn = timezone.now()
        messages.success(request, _("%(name)s has withdrawn.") % {"name": entry.player.name})
    entry.save(update_fields=["withdrawn"])
    self_registration.move_up(tournament, timezone.now())
    records_changed(tournament)
    return redirect(tournament)


# --- results


def _result_form(table, data=None):
    ruleset = table.tournament.engine_ruleset()
    seats = {s.wind: s for s in table.seats.select_related("player")}
    names = [seats[w].player_name if w in seats else "empty seat" for w in range(4)]
    existing = getattr(table, "result", None) if hasattr(table, "result") else None
    initial = {}
    if existing is not None:
        initial = {f"score_{w}": existing.scores[w] for w in range(4)}
        initial["leftover_sticks"] = existing.leftover_sticks
        for chombo in table.chombos.all():
            initial[f"chombo_{chombo.wind}"] = initial.get(f"chombo_{chombo.wind}", 0) + 1
            initial[f"chombo_reason_{chombo.wind}"] = chombo.reason
    return ResultForm(
        data,
        initial=initial,
        start_score=ruleset.start_score,
        names=names,
        correcting=existing is not None,
    )


def _table_or_404(tournament_id, table_pk):
    return get_object_or_404(
        TournamentTable.objects.select_related("tournament", "round"),
        pk=table_pk,
        tournament_id=tournament_id,
    )


@organizer_view
def table_result(request, tournament, table_pk):
    table = _table_or_404(tournament.pk, table_pk)
    if table.round and not table.round.published:
        messages.error(request, _("Publish the round before entering its results."))
        return redirect(table.round)
    form = _result_form(table, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        scores, sticks, counts, reasons = form.values()
        corrections = records.save_result(
            table,
            scores,
            sticks,
            counts,
            reasons,
            request.user,
            reason=form.cleaned_data.get("reason", "").strip(),
        )
        said = {"number": table.number, "count": len(corrections)}
        if form.correcting:
            messages.success(
                request, _("Table %(number)s corrected (%(count)s change(s) logged).") % said
            )
        else:
            messages.success(request, _("Table %(number)s's result is recorded.") % said)
        return redirect(table.round or tournament)
    return render(
        request,
        "tournaments/result.html",
        {
            "tournament": tournament,
            "table": table,
            "form": form,
            "check": form.total_check() if form.is_bound else None,
            "corrections": table.corrections.select_related("changed_by"),
            "result": getattr(table, "result", None) if hasattr(table, "result") else None,
        },
    )


@require_POST
@organizer_view
def table_result_check(request, tournament, table_pk):
    """The live total check under the results form (htmx, as staff type)."""
    table = _table_or_404(tournament.pk, table_pk)
    form = _result_form(table, request.POST)
    form.is_valid()
    score_errors = []
    for w in range(4):
        for error in form.errors.get(f"score_{w}", []):
            score_errors.append(f"{WIND_NAMES[w]}: {error}")
    for error in form.errors.get("leftover_sticks", []):
        score_errors.append(f"Leftover sticks: {error}")
    return render(
        request,
        "tournaments/_total_check.html",
        {"check": form.total_check(), "score_errors": score_errors, "form": form},
    )


@organizer_view
def league_game_new(request, tournament):
    """Staff recording a league game that was played away from the site."""
    if not tournament.is_league:
        messages.error(request, _("Only leagues take games outside rounds."))
        return redirect(tournament)
    members = get_user_model().objects.filter(
        tournament_entries__tournament=tournament, tournament_entries__withdrawn__isnull=True
    )
    data = request.POST if request.method == "POST" else None
    players_form = LeagueGameForm(
        data, members=members, initial={"played_on": timezone.localdate()}
    )
    result_form = ResultForm(data, start_score=tournament.engine_ruleset().start_score)
    if request.method == "POST" and players_form.is_valid() and result_form.is_valid():
        played_on = players_form.cleaned_data["played_on"]
        if played_on < tournament.start_date or (
            tournament.end_date and played_on > tournament.end_date
        ):
            players_form.add_error("played_on", "That day is outside the league's season.")
        else:
            finished = timezone.make_aware(datetime.datetime.combine(played_on, datetime.time(12)))
            with transaction.atomic():
                table = TournamentTable.objects.create(
                    tournament=tournament, number=records.next_table_number(tournament)
                )
                Seat.objects.bulk_create(
                    Seat(table=table, wind=w, player=players_form.cleaned_data[f"player_{w}"])
                    for w in range(4)
                )
                scores, sticks, counts, reasons = result_form.values()
                records.save_result(
                    table, scores, sticks, counts, reasons, request.user, finished_at=finished
                )
            messages.success(request, _("The league game is recorded."))
            return redirect(tournament)
    check = result_form.total_check() if result_form.is_bound else None
    context = {"players_form": players_form, "form": result_form, "check": check}
    return render(request, "tournaments/league_game.html", {"tournament": tournament, **context})


# --- standings


def _range(request, tournament):
    """The league's date range from the query string (defaults: the season)."""
    if not tournament.is_league:
        return None, None, None
    form = StandingsRangeForm(request.GET or None)
    start, end = tournament.start_date, tournament.end_date
    if form.is_bound:
        if form.is_valid():
            start = form.cleaned_data["start"] or start
            end = form.cleaned_data["end"] or end
        else:
            bad = next((name for name in ("start", "end") if form.errors.get(name)), None)
            why = (
                f"the {bad} is not a date (write it as {start.isoformat()})"
                if bad
                else "its end comes before its start"
            )
            form = StandingsRangeForm(initial={"start": start, "end": end})
            messages.error(
                request, f"That date range is not valid: {why}; showing the whole season."
            )
    else:
        form = StandingsRangeForm(initial={"start": start, "end": end})
    return start, end, form


def standings(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    start, end, range_form = _range(request, tournament)
    context = hidden_finish.standings_context(tournament, request.user, start=start, end=end)
    context["range_form"] = range_form
    context["is_organizer"] = tournament.is_organizer(request.user)
    context["live"] = not ((tournament.is_league and request.GET) or context["hidden_from_players"])
    context["results"] = presenters.results(tournament, start, end, context["hidden_upto"])
    context["result_columns"] = presenters.RESULT_COLUMNS
    return render(request, "tournaments/standings.html", context)


def standings_partial(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    large = request.GET.get("large") == "1"  # the projector's: hidden from everyone
    context = hidden_finish.standings_context(tournament, request.user, public=large)
    context["large"] = large
    return render(request, "tournaments/_standings_live.html", context)


def projector(request, tournament_id):
    """Standings, the round in play's timer and the next round's seating.

    The round in play is the latest published round whose timer has been started
    (else the latest published round); the seating shown is the latest published
    round's, named "next round" when it comes after the one in play.
    """
    from .timer_views import timer_context

    tournament = get_object_or_404(Tournament, pk=tournament_id)
    context = hidden_finish.standings_context(tournament, public=True)
    context["large"] = True
    context.update(referee_calls.corner_context(tournament))
    published = list(tournament.round_set.filter(published__isnull=False).order_by("-number"))
    if published:
        latest = published[0]
        timed = next((r for r in published if r.timer_started is not None or r.timer_used), latest)
        if not tournament.is_online:
            context.update(timer_context(timed))
        context["seating_round"] = latest
        context["seating_is_next"] = latest.number > timed.number
        context["seating"] = [
            {"number": t.number, "seats": t.seat_list()}
            for t in latest.tables.prefetch_related("seats__player").order_by("number")
        ]
    return render(request, "tournaments/projector.html", context)


def _csv_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def standings_csv(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    start, end, _form = _range(request, tournament)
    context = hidden_finish.standings_context(tournament, request.user, start=start, end=end)
    text = exports.to_csv(*presenters.standings_csv(context))
    return _csv_response(text, f"standings-{tournament.pk}.csv")


def results_csv(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    start, end, _form = _range(request, tournament)
    upto = hidden_finish.last_shown_round_for(tournament, request.user)
    text = exports.to_csv(*presenters.results_csv(tournament, start, end, upto))
    return _csv_response(text, f"results-{tournament.pk}.csv")
