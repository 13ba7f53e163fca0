"""The phone page of a scored real table: enter hands, preview payments, undo, confirm.

Everyone may watch the page; the four players, the organizers and the referees may
change it (see :mod:`tournaments.scored_tables`). Each POST answers htmx with the
fragment it replaces and a plain browser with a redirect, so the page works
without JavaScript too.
"""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from players import terms
from rules.engine import InvalidHand, blocked_yaku, format_final, fu_choices, time_up

from . import (
    agreement,
    hand_words,
    penalties,
    referee_calls,
    round_timer,
    scored_forms,
    scored_tables,
)
from .models import WIND_NAMES
from .models import TournamentTable as Table
from .permissions import forbidden
from .timer_views import timer_context

SEAT_WINDS = ("East", "South", "West", "North")
PICKED = ("outcome", "winners", "discarder", "tenpai", "nagashi", "chombo", "abort", "riichi")


CASUAL = 0  # the event id in the URLs of a casual table opened on its own


def _table(tournament_id: int, table_pk: int) -> Table:
    tables = Table.objects.select_related("tournament", "round", "ruleset").prefetch_related(
        "seats__player"
    )
    if tournament_id == CASUAL:
        return get_object_or_404(tables, pk=table_pk, tournament__isnull=True)
    return get_object_or_404(tables, pk=table_pk, tournament_id=tournament_id)


def _names(table: Table) -> list[str]:
    seats = {s.wind: s.player_name for s in table.seats.all()}
    return [seats.get(w, f"{WIND_NAMES[w]} seat") for w in range(4)]


def _seat_rows(names, sheet, deltas=None, fines=(0, 0, 0, 0), chombos=(0, 0, 0, 0)):
    """The scoreboard; ``fines`` are the referees' penalty points per seat and
    ``chombos`` the after-uma chombo penalties (``scored_tables.chombo_points``), which
    come off the final result (not the score, which decides the placement)."""
    rows = []
    for seat in range(4):
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "wind": SEAT_WINDS[(seat - sheet.round_number) % 4],
                "dealer": seat == sheet.round_number and not sheet.finished,
                "score": sheet.scores[seat],
                "delta": deltas[seat] if deltas else None,
                "penalty": format_final(-fines[seat]) if fines[seat] else "",
                "chombo": format_final(-chombos[seat]) if chombos[seat] else "",
            }
        )
    return rows


def _values(names, data, errors, sheet, scored=None) -> list[dict]:
    """Per seat: the value fields of the form as entered, the fu and yaku still possible;
    with tiles entered, the han and fu the calculator found (``scored``)."""
    outcome = data.get("outcome", "") if data else ""
    tsumo = outcome == "tsumo"
    out = []
    for seat, name in enumerate(names):
        get = (lambda k, seat=seat: data.get(f"{k}_{seat}", "")) if data else (lambda k: "")
        yaku = data.getlist(f"yaku_{seat}") if data else []
        closed = not get("open")
        blocked = blocked_yaku(yaku, closed, tsumo)
        fu_list = fu_choices(yaku, closed, tsumo) if yaku else scored_forms.FU_CHOICES
        fu_raw = get("fu")
        han = get("han")
        answer = (scored or {}).get(seat)
        if answer is not None:
            han, fu_raw = scored_forms.han_key(answer), str(answer["fu"])
        out.append(
            {
                "seat": seat,
                "name": name,
                "han": han,
                "fu": int(fu_raw) if fu_raw.isdigit() else None,
                "tiles": {k: get(k) for k in scored_forms.TILE_INPUTS},
                "flags": [
                    {
                        "key": f,
                        "label": scored_forms.FLAG_NAMES[f],
                        "checked": bool(get(f)),
                        "error": errors.get(f"{f}_{seat}"),
                    }
                    for f in scored_forms.tile_flags(sheet.ruleset)
                ],
                "scored": answer,
                "fu_list": fu_list,
                "open": not closed,
                "dora": get("dora") or "0",
                "pao": int(get("pao")) if get("pao").isdigit() else None,
                "pao_allowed": True,
                "yaku": yaku,
                "yaku_list": [
                    {
                        "key": y.key,
                        "name": terms.yaku_name(y.name),
                        "checked": y.key in yaku,
                        "blocked": y.key in blocked,
                    }
                    for y in scored_forms.PICKER_YAKU
                ],
                "errors": {
                    key: errors[f"{key}_{seat}"]
                    for key in ("han", "fu", "yaku", "dora", "pao", *scored_forms.TILE_INPUTS)
                    if f"{key}_{seat}" in errors
                },
            }
        )
    return out


def _next_words(after, last: int | None) -> str:
    """What comes after the previewed hand, in the words of the round's time."""
    if after.ended_by_time:
        return _("game over: time is up and this was the last hand")
    if after.finished:
        return _("game over")
    if last is not None and after.hand_index + 1 >= last:
        return _("%(round)s, the last hand (time is up)") % {"round": hand_words.round_label(after)}
    return hand_words.round_label(after)


def _time_note(table: Table, sheet) -> str:
    """What the round's time means for this table now ("" while time is left)."""
    if sheet.ended_by_time:
        return _("The round's time is up: the game ended after the last hand it allowed.")
    last = scored_tables.last_hand(table)
    if last is None or sheet.finished:
        return ""
    if last <= sheet.hand_index + 1:
        return _("Time is up: the hand in play is the last one.")
    return _("Time is up: play the hand in play and one more hand.")


def _context(request, table: Table, parsed=None, data=None, penalty_form=None) -> dict:
    sheet = scored_tables.sheet_of(table)
    # the hand this page's entry is for: kept from the form it came from (see HandKey)
    key = (scored_tables.HandKey.parse(data) if data else None) or scored_tables.HandKey.of(sheet)
    names = _names(table)
    fines, _chombos = penalties.by_seat(table)
    hands = list(table.hands.order_by("number").select_related("entered_by"))
    confirmed = scored_tables.is_confirmed(table)
    errors = parsed.errors if parsed is not None else {}
    preview = None
    if parsed is not None and parsed.sheet is not None:
        after = parsed.sheet
        last = scored_tables.last_hand(table)
        if last is not None and after.hand_index >= last:
            after = time_up(after)  # as the saved sheet will be: no hand after the last
        change = [a - b for a, b in zip(after.scores, sheet.scores, strict=True)]
        preview = {
            "rows": _seat_rows(
                names,
                sheet,
                change,
                chombos=[
                    a - b
                    for a, b in zip(
                        scored_tables.chombo_points(after),
                        scored_tables.chombo_points(sheet),
                        strict=True,
                    )
                ],
            ),
            "after": after,
            "next": _next_words(after, last),
        }
    final = [
        {
            "name": names[s.seat],
            "place": s.place,
            "score": s.score,
            "uma": format_final(s.uma),
            "oka": format_final(s.oka),
            "penalty": format_final(-(s.penalty + fines[s.seat]))
            if s.penalty or fines[s.seat]
            else "",
            "final": format_final(s.final - fines[s.seat]),
        }
        for s in sheet.final
    ]
    return {
        "tournament": table.tournament,
        "event_id": table.tournament_id or CASUAL,
        "table": table,
        "sheet": sheet,
        "round_label": hand_words.round_label(sheet),
        "time_note": _time_note(table, sheet),
        "seats": _seat_rows(names, sheet, fines=fines, chombos=scored_tables.chombo_points(sheet)),
        "names": list(enumerate(names)),
        "hands": [
            {"row": h, "text": scored_tables.describe(scored_tables.from_json(h.declared), table)}
            for h in hands
        ],
        "confirmed": confirmed,
        "result": getattr(table, "result", None) if confirmed else None,
        "final": final,
        "can_enter": scored_tables.may_enter(table, request.user),
        "is_referee": scored_tables.is_referee(table, request.user),
        "can_penalize": table.tournament_id is not None
        and table.tournament.is_referee(request.user),
        "token": (data.get("token") if data else None) or secrets.token_urlsafe(16),
        "hand_key": key,
        **agreement.page_context(table, request.user),
        "errors": errors,
        "picked": {k: data.getlist(k) for k in PICKED} if data else {},
        "values": _values(names, data, errors, sheet, parsed.scored if parsed else None),
        "preview": preview,
        "outcomes": scored_forms.OUTCOME_LABELS,
        "aborts": [
            (key, label)
            for key, label in scored_forms.ABORT_LABELS.items()
            if getattr(sheet.ruleset, key)
        ],
        "han_choices": scored_forms.HAN_CHOICES,
        "fu_choices": scored_forms.FU_CHOICES,
        "picker_yaku": scored_forms.PICKER_YAKU,
        "corrections": table.corrections.select_related("changed_by"),
        "penalties": [
            {"row": p, "text": penalties.describe(p), "name": names[p.wind]}
            for p in table.penalties.select_related("recorded_by")
        ],
        "penalty_form": penalty_form
        or (penalties.PenaltyForm(table=table) if table.tournament_id else None),
        **_timer(request, table),
    }


def _timer(request, table: Table) -> dict:
    """The timer shown on the page: the round's once published, or a casual table's own
    (with its controls for whoever runs the table)."""
    owner = scored_tables.timer_of(table)
    if owner is None or (table.tournament_id is not None and not owner.published):
        return {}
    casual = table.tournament_id is None
    return {
        **timer_context(owner),
        "can_time": casual and scored_tables.runs_table(table, request.user),
    }


def _fragment(request, table, **kw) -> HttpResponse:
    return render(request, "tournaments/_scored_body.html", _context(request, table, **kw))


def score_table(request, tournament_id, table_pk):
    table = _table(tournament_id, table_pk)
    context = _context(request, table)
    if referee_calls.may_call(table, request.user):  # the "Call the referee" button
        context["may_call_referee"] = True
        context["call_referee_url"] = reverse(
            "tournaments:call_referee", args=[tournament_id, table.pk]
        )
    return render(request, "tournaments/scored_table.html", context)


def _refuse(request, table):
    if not scored_tables.may_enter(table, request.user):
        return forbidden(
            request,
            "Only this table's players, the event's organizers and its referees can enter hands.",
            table.tournament,
        )
    return None


@require_POST
def score_preview(request, tournament_id, table_pk):
    """What the hand in the form would pay, or the form's errors (htmx, as players tap)."""
    table = _table(tournament_id, table_pk)
    refused = _refuse(request, table)
    if refused:
        return refused
    sheet = scored_tables.sheet_of(table)
    parsed = scored_forms.parse(request.POST, sheet)
    key = scored_tables.HandKey.parse(request.POST)
    problem = scored_tables.key_problem(table, key, sheet) if key else None
    if problem is not None:  # another phone saved this hand: say so before saving
        parsed.errors["outcome"] = str(problem)
        parsed.sheet = None
    context = _context(request, table, parsed=parsed, data=request.POST)
    return render(request, "tournaments/_hand_form.html", context)


@require_POST
def score_save(request, tournament_id, table_pk):
    table = _table(tournament_id, table_pk)
    refused = _refuse(request, table)
    if refused:
        return refused
    sheet = scored_tables.sheet_of(table)
    parsed = scored_forms.parse(request.POST, sheet)
    key = scored_tables.HandKey.parse(request.POST)
    data = request.POST
    if key is None:
        parsed = scored_forms.Parsed(errors={"outcome": MISSING_KEY})
    elif parsed.hand is not None:
        token = request.POST.get("token", "")
        try:
            scored_tables.save_hand(table, parsed.hand, token, request.user, key=key)
        except InvalidHand as e:
            parsed = scored_forms.Parsed(errors={e.field or "outcome": e.message})
        except scored_tables.AlreadyEntered as e:  # a fresh form for the hand in play
            parsed, data = scored_forms.Parsed(errors={"outcome": str(e)}), None
        except scored_tables.Refused as e:
            parsed = scored_forms.Parsed(errors={"outcome": str(e)})
        else:
            parsed = None
    if not request.headers.get("HX-Request"):
        if parsed is not None:
            for message in parsed.errors.values():
                messages.error(request, message)
        return redirect(_url(table))
    if parsed is None:
        return _fragment(request, table)
    return _fragment(request, table, parsed=parsed, data=data)


MISSING_KEY = "The form does not say which hand it was made for; reload the page and enter again."


def _url(table) -> str:
    return reverse("tournaments:score", args=[table.tournament_id or CASUAL, table.pk])


def _act(request, table, action) -> HttpResponse:
    error = None
    try:
        action()
    except scored_tables.Refused as e:
        error = str(e)
    if request.headers.get("HX-Request"):
        context = _context(request, table)
        context["action_error"] = error
        return render(request, "tournaments/_scored_body.html", context, status=200)
    if error:
        messages.error(request, error)
    return redirect(_url(table))


@require_POST
def score_undo(request, tournament_id, table_pk):
    table = _table(tournament_id, table_pk)
    if not request.user.is_authenticated:
        return forbidden(request, "Sign in to correct a table.", table.tournament)
    reason = request.POST.get("reason", "")[:200]
    number = request.POST.get("number", "")
    last = table.hands.order_by("-number").first()
    if request.POST.get("sure") != "yes" or not number.isdigit():
        # an undo asks first, naming the hand it would remove
        context = _context(request, table)
        if last is not None:
            text = scored_tables.describe(scored_tables.from_json(last.declared), table)
            context["undo_ask"] = {"number": last.number, "text": text, "reason": reason}
        name = "_scored_body" if request.headers.get("HX-Request") else "scored_table"
        return render(request, f"tournaments/{name}.html", context)
    return _act(
        request,
        table,
        lambda: scored_tables.undo_last(table, request.user, reason, number=int(number[:5])),
    )


@require_POST
def score_confirm(request, tournament_id, table_pk):
    table = _table(tournament_id, table_pk)
    if not request.user.is_authenticated:
        return forbidden(request, "Sign in to confirm a table.", table.tournament)
    return _act(request, table, lambda: scored_tables.confirm(table, request.user))


def _refuse_unless_referee(request, table: Table, verb: str):
    """None when the visitor may ``verb`` penalties at ``table``, else the 403 page: a
    casual table has no referees and so no penalties (a chombo there is a hand's
    outcome), and at an event's table only its referees and organizers may."""
    if table.tournament is None:
        return forbidden(
            request,
            "Penalties belong to the tables of an event; at a casual table enter a chombo "
            "as the hand's outcome.",
        )
    if table.tournament.is_referee(request.user):
        return None
    if not request.user.is_authenticated:
        return forbidden(
            request, "Sign in as a referee or organizer of this event.", table.tournament
        )
    return forbidden(
        request, f"Only the event's referees and organizers {verb} penalties.", table.tournament
    )


@require_POST
def penalty_add(request, tournament_id, table_pk):
    """A referee's chombo or penalty points, with a reason (errors at the field)."""
    table = _table(tournament_id, table_pk)
    refused = _refuse_unless_referee(request, table, "record")
    if refused:
        return refused
    form = penalties.PenaltyForm(request.POST, table=table)
    if form.is_valid():
        try:
            penalties.add(
                table,
                form.cleaned_data["wind"],
                form.cleaned_data["kind"],
                form.cleaned_data["points"],
                form.cleaned_data["reason"],
                request.user,
            )
        except penalties.Refused as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, _("The penalty is recorded."))
            return redirect(_url(table) + "#penalties")
    context = _context(request, table, penalty_form=form)
    return render(request, "tournaments/scored_table.html", context)


@require_POST
def penalty_remove(request, tournament_id, table_pk, penalty_id):
    table = _table(tournament_id, table_pk)
    refused = _refuse_unless_referee(request, table, "withdraw")
    if refused:
        return refused
    penalty = get_object_or_404(table.penalties, pk=penalty_id)
    try:
        penalties.remove(penalty, request.user, request.POST.get("reason", "")[:200])
    except penalties.Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("The penalty is withdrawn."))
    return redirect(_url(table) + "#penalties")


@require_POST
def score_timer_action(request, tournament_id, table_pk):
    """Start, pause or extend a casual table's own timer (whoever runs the table)."""
    table = _table(CASUAL, table_pk)
    if not scored_tables.runs_table(table, request.user):
        return forbidden(
            request, "Only whoever opened this table (or the club's staff) runs its timer."
        )
    action = request.POST.get("action", "")
    if not table.timer_minutes:
        error = "This table has no timer."
    elif action not in round_timer.ACTIONS:
        error = "Choose start, pause or extend."
    else:
        error = None
        round_timer.ACTIONS[action](table)
    if error:
        messages.error(request, error)
    return redirect(_url(table))


def score_timer(request, tournament_id, table_pk):
    """A casual table's timer fragment (the page polls it)."""
    table = _table(CASUAL, table_pk)
    if not table.timer_minutes:
        return HttpResponse(status=404)
    return render(request, "tournaments/_round_timer.html", timer_context(table))
