"""Game reviews: computed once per game and seat, in the background, and stored.

:func:`request` is what a page calls: it returns the stored review of a seat, and
when there is none yet it creates the row and hands the work to the *runner*. Only a
signed-in member who may see the game starts a review (an anonymous visitor sees
reviews already stored), each member at most ``REVIEW_RATE_PER_HOUR`` an hour; a
refusal is :class:`Refused` with the message for the page. The runner in production
queues the job in this process's one bounded queue, worked off by one thread
(:mod:`history.review_queue`); tests install their own with :func:`use_runner` (run
at once, or keep the job and run it when they choose), so nothing sleeps. The job
(:func:`compute`) replays the finished game through the engine's review, which reads
only the reviewed seat's view at every moment, writes its progress to the row as
each hand starts, and stores the result as JSON.

A review left half done by a process that stopped is started again by the next
member's request once it has not moved for :data:`STALE`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from functools import partial

from django.conf import settings
from django.db.models import F
from django.utils.translation import gettext

from players import budgets
from rules.engine import parse_action, review_game
from rules.engine import review_to_dict as to_dict
from tables import clock
from tables.models import Game
from tables.play import states, twins

from .models import GameReview
from .review_queue import queue_runner

STALE = dt.timedelta(minutes=5)

Job = Callable[[], None]
# A runner takes a job and answers whether it took it (``None`` counts as taken).
Runner = Callable[[Job], bool | None]

_runner: Runner = queue_runner


def use_runner(runner: Runner | None) -> None:
    """Install the runner that starts review jobs (None: the process's queue again)."""
    global _runner
    _runner = runner or queue_runner


class Refused(Exception):
    """A review that is not started: the message says why; ``status`` is the page's."""

    def __init__(self, message: str, status: int, sign_in: bool = False):
        super().__init__(message)
        self.status = status
        self.sign_in = sign_in


SIGN_IN = "Sign in to have this game reviewed: a review is computed for members."


def review_limit() -> int:
    return settings.REVIEW_RATE_PER_HOUR


def _take_budget(user) -> None:
    """Spend one of ``user``'s reviews this hour (the site itself has no budget)."""
    if user is None:
        return
    if not getattr(user, "is_authenticated", False):
        raise Refused(gettext(SIGN_IN), 200, sign_in=True)
    limit = review_limit()
    if not budgets.take("review-member", str(user.pk), limit):
        raise Refused(
            gettext(
                "You have started %(limit)s reviews in the last hour; please wait a while "
                "before starting another. Reviews already computed stay open to you."
            )
            % {"limit": limit},
            429,
        )


def _give_back(user) -> None:
    if user is not None:
        budgets.give_back("review-member", str(user.pk))


def game_actions(game: Game) -> list:
    return [parse_action(text) for text in game.log[: game.version]]


def request(game: Game, seat: int, user=None) -> GameReview:
    """The review of ``seat`` in the finished ``game``, started if there is none yet.

    ``user`` is who asks (None: the site itself, a command or a test): an anonymous
    visitor starts nothing and a member only within their budget; a full queue starts
    nothing either. Each is :class:`Refused`, with nothing stored."""
    now = clock.current().now()
    row = GameReview.objects.filter(game=game, seat=seat).first()
    if row is not None:
        waiting = row.status in (GameReview.PENDING, GameReview.RUNNING)
        if not (waiting and now - row.updated > STALE):
            return row
        _take_budget(user)
        # take the stale job over, unless another request just did
        taken = GameReview.objects.filter(pk=row.pk, updated=row.updated).update(
            updated=now, status=GameReview.PENDING, done=0
        )
        if not taken:
            _give_back(user)
            return row
        _start(row, user, created=False)
        return row
    _take_budget(user)
    row, created = GameReview.objects.get_or_create(
        game=game,
        seat=seat,
        defaults={"requested": now, "updated": now, "total": min(len(game.log), game.version)},
    )
    if not created:  # another request started it a moment ago
        _give_back(user)
        return row
    _start(row, user, created=True)
    return row


BUSY = (
    "Many reviews are waiting to be computed right now; please try again in a few "
    "minutes (nothing was counted against you)."
)


def _start(row: GameReview, user, created: bool) -> None:
    if _runner(partial(compute, row.pk)) is False:
        if created:
            row.delete()
        _give_back(user)
        raise Refused(gettext(BUSY), 429)


def compute(pk: int) -> None:
    """Review the row's game and seat, writing progress as it goes and the result at the end."""
    rows = GameReview.objects.filter(pk=pk)
    row = rows.select_related("game").first()
    if row is None:
        return
    game = row.game

    def progress(done: int, total: int) -> None:
        rows.update(
            status=GameReview.RUNNING, done=done, total=total, updated=clock.current().now()
        )

    try:
        review = review_game(states.setup_of(game), game_actions(game), row.seat, progress)
    except Exception as exc:  # a stored log the engine refuses: say so on the page
        rows.update(
            status=GameReview.FAILED,
            problem=f"The game's actions cannot be reviewed: {exc}"[:300],
            updated=clock.current().now(),
        )
        return
    rows.update(
        status=GameReview.DONE,
        data=to_dict(review),
        decisions=review.decisions,
        agreed=review.agreed,
        done=row.total or 0,
        updated=clock.current().now(),
    )


def agreement_over_games(player, limit: int = 20) -> list[tuple[GameReview, float]]:
    """The player's stored reviews of their own seats in their last ``limit`` reviewed
    games, oldest first, each with the share of decisions made as the careful bot.
    A game whose twin still runs is left out, like everywhere else (``tables.play.twins``):
    it may have been reviewed before somebody dealt its tiles again."""
    reviews = (
        GameReview.objects.filter(
            status=GameReview.DONE,
            decisions__gt=0,
            game__table__seats__player=player,
            game__table__seats__index=F("seat"),
        )
        .exclude(game_id__in=twins.sealed_game_ids())
        .select_related("game")
        .order_by("-game__finished", "-game_id", "seat")
    )[:limit]
    return [(r, r.agreed / r.decisions) for r in reversed(list(reviews))]
