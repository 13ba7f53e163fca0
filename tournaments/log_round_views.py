"""The page where an organizer or referee adds a round's games by their logs
(:mod:`tournaments.log_rounds`)."""

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
    if not log_rounds.may_add(tournament, request.user):
        return forbidden(
            request,
            "Only this event's organizers and referees add games by their logs.",
            tournament,
        )
    context = {"tournament": tournament, "round": round_, "outcomes": None}
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
        outcomes = []
        for upload in files:
            data = upload.read(budgets.import_max_bytes() + 1)
            outcomes += log_rounds.add_game(tournament, round_, upload.name, data, request.user)
        context["outcomes"] = outcomes
    context["tables"] = round_.tables.order_by("number").prefetch_related("seats__player")
    return render(request, "tournaments/round_logs.html", context)
