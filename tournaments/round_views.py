"""Round pages: drawing, redrawing and publishing a round's seating, its printable
sheets, substitutes, and linking a live table by hand."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from . import log_rounds, presenters, records, rounds, stages
from .forms import (
    LinkForm,
    RoundForm,
    parse_seating,
)
from .models import WIND_NAMES, Registration, Round, Seat, TournamentTable
from .permissions import organizer_view
from .timer_views import timer_context
from .views import detail_page


def _round_or_404(tournament_id, number):
    return get_object_or_404(
        Round.objects.select_related("tournament"), tournament_id=tournament_id, number=number
    )


def _draw_from_form(request, tournament, form, round_=None):
    """Draw a round from a valid RoundForm; returns the round or None (message sent)."""
    data = form.cleaned_data
    manual = None
    if data["method"] == Round.MANUAL:
        pool = Registration.objects.filter(tournament=tournament, withdrawn__isnull=True)
        players = get_user_model().objects.filter(pk__in=pool.values("player_id"))
        try:
            manual = parse_seating(data.get("seating") or "", players)
        except ValidationError as exc:  # every line's problem, one message each
            for message in exc.messages:
                messages.error(request, message)
            return None
    seed = data.get("seating_seed")
    try:
        return rounds.draw(
            tournament,
            data["method"],
            seating_seed=seed if seed is not None else rounds.new_seed(),
            use_substitutes=data.get("use_substitutes", False),
            duplicate=data.get("duplicate", False),
            manual=manual,
            round_=round_,
        )
    except (rounds.SeatingError, ValueError) as exc:
        messages.error(request, str(exc))
        return None


@require_POST
@organizer_view
def round_new(request, tournament):
    if tournament.is_league:
        messages.error(
            request, _("A league has no rounds: its members' games count as they finish.")
        )
        return redirect(tournament)
    last = tournament.round_set.order_by("-number").first()
    if last is not None and not last.published:
        messages.error(
            request,
            _("Publish or redraw round %(number)s before drawing another.")
            % {"number": last.number},
        )
        return redirect(last)
    form = RoundForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, errors[0])
        return detail_page(request, tournament, round_form=form)
    round_ = _draw_from_form(request, tournament, form)
    if round_ is None:  # the uploaded seating stays in the form, to be corrected
        return detail_page(request, tournament, round_form=form)
    messages.success(
        request,
        _("Round %(number)s is drawn. Check it, then publish it.") % {"number": round_.number},
    )
    return redirect(round_)


@require_POST
@organizer_view
def round_redraw(request, tournament, number):
    round_ = _round_or_404(tournament.pk, number)
    form = RoundForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, errors[0])
        return redirect(round_)
    if _draw_from_form(request, tournament, form, round_=round_) is not None:
        messages.success(request, _("The round is drawn again."))
    return redirect(round_)


@require_POST
@organizer_view
def round_publish(request, tournament, number):
    round_ = _round_or_404(tournament.pk, number)
    if round_.published:
        messages.info(request, _("This round was already published."))
    else:
        live_tables = rounds.publish(round_)
        if live_tables:
            messages.success(
                request,
                ngettext(
                    "Round %(number)s is published and its %(count)s live table is playing.",
                    "Round %(number)s is published and its %(count)s live tables are playing.",
                    len(live_tables),
                )
                % {"number": round_.number, "count": len(live_tables)},
            )
        else:
            messages.success(
                request, _("Round %(number)s is published.") % {"number": round_.number}
            )
    return redirect(round_)


def _seating_rows(round_):
    """Each table of the round with its seats (East first) and result, if any."""
    tables = (
        round_.tables.select_related("result")
        .prefetch_related("seats__player", "seats__substitute_for")
        .order_by("number")
    )
    out = []
    sealed = records.sealed_links()
    for table in tables:
        result = table.result if records.result_shown(table, sealed) else None
        seats = [
            {"seat": s, "score": result.scores[s.wind] if result else None}
            for s in table.seat_list()
        ]
        out.append({"table": table, "seats": seats, "result": result})
    return out


def round_detail(request, tournament_id, number):
    round_ = _round_or_404(tournament_id, number)
    tournament = round_.tournament
    is_organizer = tournament.is_organizer(request.user)
    quality = rounds.quality(round_)
    tables = _seating_rows(round_)
    names = {
        row["seat"].player_id: row["seat"].player_name
        for t in tables
        for row in t["seats"]
        if row["seat"].player_id
    }
    unbalanced = [
        {"name": names.get(p, str(p)), "winds": quality.winds_after[p]} for p in quality.unbalanced
    ]
    seated_ids = set(names)
    substitutes = (
        Registration.objects.filter(tournament=tournament, withdrawn__isnull=True, substitute=True)
        .exclude(player_id__in=seated_ids)
        .select_related("player")
    )
    own_table = None
    if request.user.is_authenticated:
        own_table = next(
            (
                t["table"]
                for t in tables
                if any(row["seat"].player_id == request.user.pk for row in t["seats"])
            ),
            None,
        )
    context = {
        "tournament": tournament,
        "round": round_,
        "stage_name": stages.stage_name(round_.tournament, round_.number),
        "tables": tables,
        "own_table": own_table,
        # organizers and referees; registered players add a game they played in
        "may_add_logs": log_rounds.may_open(tournament, request.user),
        # The wall seed stays secret until every game of the round is over.
        "show_wall_seed": bool(tables) and all(t["result"] for t in tables),
        "byes": round_.byes.select_related("player"),
        "quality": quality,
        "repeated_pairs": [
            {"a": names.get(a, a), "b": names.get(b, b), "times": n}
            for a, b, n in quality.repeated_pairs
        ],
        "unbalanced": unbalanced,
        "wind_names": WIND_NAMES,
        "is_organizer": is_organizer,
        "substitutes": substitutes,
        "redraw_form": RoundForm(
            initial={
                "method": round_.method,
                "duplicate": round_.duplicate,
                "use_substitutes": True,
            }
        ),
        "link_form": LinkForm(),
        "can_time": not tournament.is_online and tournament.is_referee(request.user),
        **timer_context(round_),
    }
    return render(request, "tournaments/round.html", context)


def round_sheets(request, tournament_id, number):
    round_ = _round_or_404(tournament_id, number)
    ruleset = round_.tournament.engine_ruleset()
    tables = _seating_rows(round_)
    finder = sorted(
        (
            {
                "name": row["seat"].player_name,
                "table": t["table"].number,
                "wind": row["seat"].wind_name,
            }
            for t in tables
            for row in t["seats"]
        ),
        key=lambda x: x["name"].lower(),
    )
    return render(
        request,
        "tournaments/sheets.html",
        {
            "tournament": round_.tournament,
            "round": round_,
            "tables": tables,
            "finder": finder,
            "byes": round_.byes.select_related("player"),
            "table_total": 4 * ruleset.start_score,
            "start_score": ruleset.start_score,
            "rules": presenters.ruleset_summary(ruleset),
            "stage_name": stages.stage_name(round_.tournament, round_.number),
        },
    )


@require_POST
@organizer_view
def seat_substitute(request, tournament, seat_id):
    seat = get_object_or_404(
        Seat.objects.select_related("table__round"), pk=seat_id, table__tournament=tournament
    )
    back = seat.table.round or tournament
    try:
        player_id = int(request.POST.get("substitute", ""))
    except ValueError:
        player_id = 0
    if not 0 < player_id < 2**63:  # a member's number; a longer one overflows the database
        messages.error(request, _("Choose a substitute from the list."))
        return redirect(back)
    allowed = Registration.objects.filter(
        tournament=tournament, withdrawn__isnull=True, substitute=True, player_id=player_id
    ).exists()
    already = Seat.objects.filter(table__round=seat.table.round, player_id=player_id).exists()
    if not allowed or already:
        messages.error(request, _("That player is not a free substitute for this round."))
        return redirect(back)
    try:
        rounds.substitute(seat, player_id)
    except rounds.SeatingError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    messages.success(
        request,
        _("Table %(number)s: the substitute takes the seat.") % {"number": seat.table.number},
    )
    return redirect(back)


@require_POST
@organizer_view
def table_link(request, tournament, table_pk):
    table = get_object_or_404(TournamentTable, pk=table_pk, tournament=tournament)
    form = LinkForm(request.POST)
    back = table.round or tournament
    if not form.is_valid():
        messages.error(request, _("Enter the live table's id: a whole number from 1."))
        return redirect(back)
    table.table_id = form.cleaned_data["table_id"]
    try:
        with transaction.atomic():
            table.save(update_fields=["table_id"])
    except IntegrityError:
        messages.error(
            request, _("Another table of this event is already linked to that live table.")
        )
        return redirect(back)
    messages.success(
        request,
        _("Table %(number)s is linked to live table %(id)s.")
        % {"number": table.number, "id": table.table_id},
    )
    return redirect(back)
