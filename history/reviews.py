"""Game reviews: computed once per game and seat, in the background, and stored.

:func:`request` is what a page calls: it returns the stored review of a seat, and
when there is none yet it creates the row and hands the work to the *runner*. The
runner in production starts a daemon thread; tests install their own with
:func:`use_runner` (run at once, or keep the job and run it when they choose), so
nothing sleeps. The job (:func:`compute`) replays the finished game through the
engine's review, which reads only the reviewed seat's view at every moment, writes
its progress to the row as each hand starts, and stores the result as JSON.

A review left half done by a process that stopped is started again by the next
request once it has not moved for :data:`STALE`.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from functools import partial

from django.db import connections
from django.db.models import F

from rules.engine import parse_action
from rules.engine.review import review_game
from rules.engine.review_data import to_dict
from tables import clock, states, twins
from tables.models import Game

from .models import GameReview

STALE = dt.timedelta(minutes=5)

Job = Callable[[], None]


# at most this many reviews are computed at once in a process; more wait their turn
_slots = threading.BoundedSemaphore(2)


def thread_runner(job: Job) -> None:
    """Run ``job`` in a daemon thread that closes its database connection when done."""

    def run() -> None:
        try:
            with _slots:
                job()
        finally:
            connections.close_all()

    threading.Thread(target=run, name="game-review", daemon=True).start()


_runner: Callable[[Job], None] = thread_runner


def use_runner(runner: Callable[[Job], None] | None) -> None:
    """Install the runner that starts review jobs (None: the thread runner again)."""
    global _runner
    _runner = runner or thread_runner


def game_actions(game: Game) -> list:
    return [parse_action(text) for text in game.log[: game.version]]


def request(game: Game, seat: int) -> GameReview:
    """The review of ``seat`` in the finished ``game``, started if there is none yet."""
    now = clock.current().now()
    row, created = GameReview.objects.get_or_create(
        game=game,
        seat=seat,
        defaults={"requested": now, "updated": now, "total": min(len(game.log), game.version)},
    )
    start = created
    waiting = row.status in (GameReview.PENDING, GameReview.RUNNING)
    if not created and waiting and now - row.updated > STALE:
        # take the stale job over, unless another request just did
        start = bool(
            GameReview.objects.filter(pk=row.pk, updated=row.updated).update(
                updated=now, status=GameReview.PENDING, done=0
            )
        )
    if start:
        _runner(partial(compute, row.pk))
    return row


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
    A game whose twin still runs is left out, like everywhere else (``tables.twins``):
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
