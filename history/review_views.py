"""The review page: one player's decisions in a finished game beside the careful bot's.

``/players/games/<id>/review/<seat>/?d=N`` shows decision N (counted from 0 over the
whole game). A signed-in member's first request starts the review in the background
(:func:`history.reviews.request`, which also says when it is not started: an anonymous
visitor, a member over their hourly budget, a full queue); until it is stored the page
shows how far it has got and polls itself with htmx every second. Stepping (links, the arrow keys, Home
and End) swaps the review section in place and pushes the address, and works as
ordinary links without JavaScript.
"""

from __future__ import annotations

from django.db.models import F
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import pgettext
from django.views.decorators.http import require_GET

from . import review_pages, reviews
from .access import finished_game, seat_names, seat_players
from .models import GameReview


def _number(request, count: int) -> int:
    try:
        value = int(request.GET.get("d", "0"))
    except ValueError:
        value = 0
    return max(0, min(value, count - 1)) if count else 0


@require_GET
def review_page(request, pk: int, seat: int):
    game, refused = finished_game(request, pk)
    if refused:
        return refused
    if seat not in range(4):
        raise Http404("A seat is 0, 1, 2 or 3.")
    names = seat_names(game)
    base = reverse("history:review", args=[game.pk, seat])
    try:
        row = reviews.request(game, seat, request.user)
    except reviews.Refused as refused:
        row, status = None, refused.status
        refusal = {"message": str(refused), "sign_in": refused.sign_in}
    else:
        row.refresh_from_db()
        status, refusal = 200, None
    context = {
        "game": game,
        "table": game.table,
        "seat": seat,
        "name": names[seat],
        "player": seat_players(game)[seat],
        "others": [(i, names[i]) for i in range(4) if i != seat],
        "row": row,
        "refusal": refusal,
        "base": base,
        # hands of an imported log our engine could not reproduce have no actions
        "unreviewed": game.hands.filter(log_end__lte=F("log_start")).count(),
    }
    if row is not None and row.status == GameReview.DONE:
        context.update(_decision_context(request, game, row, seat, names))
    if request.headers.get("HX-Request"):
        # only #review is swapped; the side links come along out of band
        return render(request, "history/_review_body.html", {**context, "oob": True}, status=status)
    return render(request, "history/review.html", context, status=status)


def _decision_context(request, game, row: GameReview, seat: int, names: list[str]) -> dict:
    data = row.data
    decisions = review_pages.flat_decisions(data)
    labels = review_pages.hand_labels(game)
    summary = review_pages.summary(data, labels)
    if not decisions:
        return {"summary": summary, "decision": None}
    number = _number(request, len(decisions))
    decision = decisions[number]
    context = {
        "summary": summary,
        "decision": decision,
        "number": number,
        "count": len(decisions),
        "last": len(decisions) - 1,
        "hand_label": labels.get(decision["hand"], ""),
        "played": review_pages.action_markup(decision["played_type"], decision["played_kind"]),
        "bot": review_pages.action_markup(decision["bot_type"], decision["bot_kind"]),
        "marks": [
            (review_pages.mark_words(m), pgettext("review", review_pages.MARK_HELP[m]), m)
            for m in decision["marks"]
        ],
        "frame": review_pages.board(game, decision, seat, names),
    }
    if decision.get("candidates"):
        context["position"] = review_pages.candidates(decision, names)
    if decision.get("calls"):
        context["calls"] = review_pages.calls(decision)
    return context
