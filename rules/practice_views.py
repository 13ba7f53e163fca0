"""The practice pages: today's problems, one problem, a member's score."""

from __future__ import annotations

import contextlib
import datetime as dt

from django.db import IntegrityError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from rules import practice
from rules.models import PracticeAnswer

ARCHIVE_DAYS = 30  # earlier days' problems stay open this long
SESSION_KEY = "practice_answers"  # a visitor's answers: {"YYYY-MM-DD/id": choice}


def _day(text: str | None) -> dt.date:
    """The day asked for (today when none); a day to come or a bad date is a 404."""
    today = practice.today()
    if not text:
        return today
    try:
        day = dt.date.fromisoformat(text)
    except ValueError:
        raise Http404("No such day") from None
    if day > today:
        raise Http404("No problems for that day yet")
    if day < today - dt.timedelta(days=ARCHIVE_DAYS):
        raise Http404("Problems are kept for a month")
    return day


def _answers(request, day: dt.date) -> dict[str, str]:
    """The reader's answers of ``day``: problem id to the chosen tile."""
    if request.user.is_authenticated:
        rows = PracticeAnswer.objects.filter(player=request.user, day=day)
        return {r.problem: r.choice for r in rows}
    stored = request.session.get(SESSION_KEY, {})
    prefix = f"{day.isoformat()}/"
    return {k[len(prefix) :]: v for k, v in stored.items() if k.startswith(prefix)}


def score_of(user) -> dict:
    """A member's score: problems answered and answered as the engine would."""
    rows = PracticeAnswer.objects.filter(player=user)
    answered = rows.count()
    right = rows.filter(correct=True).count()
    days = rows.values("day").distinct().count()
    return {
        "answered": answered,
        "right": right,
        "days": days,
        "percent": round(100 * right / answered) if answered else 0,
    }


def index(request):
    when = _day(request.GET.get("day"))
    problems = practice.problems_for(when)
    answers = _answers(request, when)
    rows = [
        {
            "problem": p,
            "choice": answers.get(p["id"]),
            "right": practice.is_right(p, answers[p["id"]]) if p["id"] in answers else None,
        }
        for p in problems
    ]
    return render(
        request,
        "rules/practice.html",
        {
            "day": when,
            "today": practice.today(),
            "previous_day": when - dt.timedelta(days=1)
            if when - dt.timedelta(days=1) >= practice.today() - dt.timedelta(days=ARCHIVE_DAYS)
            else None,
            "rows": rows,
            "score": score_of(request.user) if request.user.is_authenticated else None,
        },
    )


@require_http_methods(["GET", "POST"])
def problem_page(request, day: str, problem_id: str):
    when = _day(day)
    p = practice.problem(when, problem_id)
    if p is None:
        raise Http404("No such problem")
    error = ""
    if request.method == "POST":
        choice = request.POST.get("tile", "")
        if choice not in practice.hand_choices(p):
            error = "Choose one of the tiles in the hand."
        else:
            _record(request, when, p, choice)
            url = reverse("rules:practice_problem", args=[when.isoformat(), p["id"]])
            return redirect(f"{url}#answer")
    choice = _answers(request, when).get(p["id"])
    ids = [q["id"] for q in practice.problems_for(when)]
    following = ids[ids.index(p["id"]) + 1] if ids.index(p["id"]) + 1 < len(ids) else None
    return render(
        request,
        "rules/practice_problem.html",
        {
            "day": when,
            "p": p,
            "choices": practice.hand_choices(p),
            "choice": choice,
            "right": practice.is_right(p, choice) if choice else None,
            "error": error,
            "next_id": following,
            "score": score_of(request.user) if request.user.is_authenticated else None,
        },
        status=400 if error else 200,
    )


def _record(request, day: dt.date, p: dict, choice: str) -> None:
    """Keep the first answer: a member's in the database, a visitor's in the session."""
    if request.user.is_authenticated:
        # two tabs answering at once: the first one counts
        with contextlib.suppress(IntegrityError):
            PracticeAnswer.objects.get_or_create(
                player=request.user,
                day=day,
                problem=p["id"],
                defaults={"choice": choice, "correct": practice.is_right(p, choice)},
            )
        return
    stored = dict(request.session.get(SESSION_KEY, {}))
    stored.setdefault(f"{day.isoformat()}/{p['id']}", choice)
    request.session[SESSION_KEY] = dict(list(stored.items())[-60:])
