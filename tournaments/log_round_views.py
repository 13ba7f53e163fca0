"""The page where an organizer or referee adds a round's games by their logs
(:mod:`tournaments.log_rounds`); a seated player adds a game they played in, and its
result waits for agreement."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_http_methods

from players import budgets

from . import log_rounds
from .models import Round
from .permissions import forbidden

MAX_UPLOADS = 20


@require_http_methods(["GET", "POST"])
def round_logs(request, tournament_id, number):
    round_ = get_object_or_404(
        Round.objects.select_related("tournament"), tournament_id=tournament_id, number=number
    )
    tournament = round_.tournament
    if not log_rounds.may_open(tournament, request.user):
        return forbidden(
            request,
            "Only this event's organizers and referees, and its players for a game they "
            "played in, add games by their logs.",
            tournament,
        )
    staff = log_rounds.may_add(tournament, request.user)
    context = {"tournament": tournament, "round": round_, "outcomes": None, "staff": staff}
    if request.method == "POST":
        files = request.FILES.getlist("logs")
        error = None
        if not files:
            error = "Choose at least one log file."
        elif len(files) > MAX_UPLOADS:
            error = f"At most {MAX_UPLOADS} files at a time, please."
        elif sum(f.size or 0 for f in files) > budgets.import_max_bytes():
            error = f"At most {budgets.import_max_bytes() // 1024} kB of logs at a time, please."
        if error:
            context["error"] = error
            return render(request, "tournaments/round_logs.html", context, status=400)
        uploads = [(f.name, f.read(budgets.import_max_bytes() + 1)) for f in files]
        if not staff:
            others = [
                game
                for name, data in uploads
                for game in log_rounds.unseated(tournament, name, data, request.user)
            ]
            if others:
                return forbidden(
                    request,
                    "You may add only a game you played in (your linked Tenhou or Mahjong "
                    f"Soul name is not among its seats): {', '.join(others)}. Nothing was added.",
                    tournament,
                )
        outcomes = []
        for name, data in uploads:
            outcomes += log_rounds.add_game(tournament, round_, name, data, request.user)
        context["outcomes"] = outcomes
    context["tables"] = round_.tables.order_by("number").prefetch_related("seats__player")
    return render(request, "tournaments/round_logs.html", context)
