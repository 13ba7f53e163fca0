"""Who starts a game review, and where it waits: an anonymous visitor starts none, a
member at most ``REVIEW_RATE_PER_HOUR`` an hour, and every review of the process
waits in one bounded queue worked off by one thread, so that many requests never
grow the server's threads. The tests hold the worker on an event and count threads;
nothing sleeps."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.urls import reverse

from history import review_queue, reviews
from history.models import GameReview
from players import budgets
from players.models import Player
from tables.models import Game


def url(game, seat):
    return reverse("history:review", args=[game.pk, seat])


def copies(game, count: int) -> list[Game]:
    """``count`` finished games with the same log (each a review of its own)."""
    made = []
    for _ in range(count):
        twin = Game.objects.get(pk=game.pk)
        twin.pk = None
        twin.save()
        made.append(twin)
    return made


@pytest.fixture
def reader(db):
    return Player.objects.create_user(username="reader", password="pw-reader-123")


@pytest.fixture
def kept():
    """A runner that keeps the jobs (the conftest's inline runner would run them)."""
    jobs = []
    reviews.use_runner(jobs.append)
    yield jobs
    reviews.use_runner(None)


@pytest.fixture
def budget_clock(monkeypatch, settings):
    cache.clear()
    moment = [3_000_000.0]
    monkeypatch.setattr(budgets, "now", lambda: moment[0])
    yield moment
    cache.clear()


def test_an_anonymous_visit_starts_no_review_but_shows_a_stored_one(client, one_game, reader, kept):
    response = client.get(url(one_game, 0))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Sign in to have this game reviewed" in page
    assert f'href="/players/login/?next=/players/games/{one_game.pk}/review/0/' in page
    assert "every 1s" not in page  # nothing to wait for
    assert kept == [] and not GameReview.objects.exists()
    # a member starts it; once stored, anybody who may see the game reads it
    member = type(client)()
    member.force_login(reader)
    member.get(url(one_game, 0))
    assert len(kept) == 1
    kept.pop()()
    page = client.get(url(one_game, 0)).content.decode()
    assert "Decision 1 of" in page and "Sign in to have" not in page


def test_a_visitor_who_may_not_see_the_game_starts_no_review(client, one_game, reader, kept):
    from tables.models import Table

    Table.objects.filter(pk=one_game.table_id).update(is_private=True, invite_token="secret")
    client.force_login(reader)  # not seated, no invitation
    assert client.get(url(one_game, 0)).status_code == 404
    assert kept == [] and not GameReview.objects.exists()


def test_a_member_starts_a_limited_number_of_reviews_an_hour(
    client, one_game, reader, kept, settings, budget_clock
):
    settings.REVIEW_RATE_PER_HOUR = 2
    client.force_login(reader)
    answers = [client.get(url(one_game, seat)).status_code for seat in range(3)]
    assert answers == [200, 200, 429]
    refused = client.get(url(one_game, 2)).content.decode()
    assert "You have started 2 reviews in the last hour" in refused
    assert len(kept) == 2 and GameReview.objects.count() == 2
    # the reviews started stay open, and asking for them again costs nothing
    assert client.get(url(one_game, 0)).status_code == 200
    # another member has a budget of their own; and the hour passes
    other = type(client)()
    other.force_login(Player.objects.create_user(username="other", password="pw-other-123"))
    assert other.get(url(one_game, 2)).status_code == 200
    budget_clock[0] += budgets.WINDOW_SECONDS + 1
    assert client.get(url(one_game, 3)).status_code == 200


class Held:
    """Review jobs go to a real :class:`ReviewQueue`, each first waiting for ``go``;
    ``started`` is set when the worker takes the first one."""

    def __init__(self, size: int):
        self.queue = review_queue.ReviewQueue(size, name="test-review")
        self.go = threading.Event()
        self.started = threading.Event()
        self.ran = []

    def __call__(self, job) -> bool:
        def held():
            self.started.set()
            assert self.go.wait(30)
            self.ran.append(job)

        return self.queue.offer(held)

    def release(self) -> None:
        self.go.set()
        self.queue.jobs.join()  # every job taken has run


@pytest.fixture
def held():
    made = []

    def make(size):
        made.append(Held(size))
        reviews.use_runner(made[-1])
        return made[-1]

    yield make
    for h in made:
        h.release()
    reviews.use_runner(None)


def test_a_full_queue_refuses_a_review_with_a_message_and_stores_nothing(
    client, one_game, reader, held, settings, budget_clock
):
    settings.REVIEW_RATE_PER_HOUR = 100
    queue = held(2)
    client.force_login(reader)
    games = [one_game, *copies(one_game, 1)]
    wanted = [(g, s) for g in games for s in range(4)]
    assert client.get(url(*wanted[0])).status_code == 200
    assert queue.started.wait(10)  # the worker holds the first; two places left
    answers = [client.get(url(g, s)).status_code for g, s in wanted[1:]]
    assert answers == [200, 200] + [429] * 5
    page = client.get(url(*wanted[-1])).content.decode()
    assert "Many reviews are waiting to be computed right now" in page
    assert GameReview.objects.count() == 3
    # a refusal because the queue was full cost the member nothing
    assert not budgets.exhausted("review-member", str(reader.pk), 4)
    queue.release()
    assert len(queue.ran) == 3
    assert client.get(url(*wanted[-1])).status_code == 200  # room again


@pytest.mark.django_db(transaction=True)
def test_eighty_review_requests_keep_the_servers_threads_bounded(
    client, one_game, reader, held, settings, budget_clock
):
    """80 reviews asked for at once (20 games, four seats each) by five members: the
    process gains one thread, whatever the count, and the queue takes what it can."""
    settings.REVIEW_RATE_PER_HOUR = 100
    queue = held(5)
    members = [reader] + [
        Player.objects.create_user(username=f"m{n}", password="pw-m-123456") for n in range(4)
    ]
    games = [one_game, *copies(one_game, 19)]
    before = threading.active_count()
    most = before
    answers = []
    for n, (game, seat) in enumerate((g, s) for g in games for s in range(4)):
        client.force_login(members[n % len(members)])
        answers.append(client.get(url(game, seat)).status_code)
        if n == 0:
            assert queue.started.wait(10)
        most = max(most, threading.active_count())
    assert most <= before + 1
    assert answers.count(200) == 6 and answers.count(429) == 74  # 1 running + 5 waiting
    queue.release()
    assert threading.active_count() <= before + 1
    assert len(queue.ran) == 6


@pytest.mark.django_db(transaction=True)
def test_the_process_queue_computes_reviews_one_at_a_time_in_one_thread(
    client, one_game, reader, settings
):
    """The production runner, end to end: reviews of four seats queued, computed by
    the one worker thread and stored."""
    settings.REVIEW_QUEUE_SIZE = 8
    own = review_queue.ReviewQueue(settings.REVIEW_QUEUE_SIZE)
    reviews.use_runner(own.offer)
    try:
        client.force_login(reader)
        before = threading.active_count()
        for seat in range(4):
            assert client.get(url(one_game, seat)).status_code == 200
        assert threading.active_count() <= before + 1
        own.jobs.join()
    finally:
        reviews.use_runner(None)
    rows = GameReview.objects.filter(game=one_game)
    assert sorted(rows.values_list("seat", "status")) == [(s, GameReview.DONE) for s in range(4)]


def test_the_production_runner_is_the_process_queue(settings):
    reviews.use_runner(None)
    assert reviews._runner is review_queue.queue_runner
    assert review_queue.process_queue() is review_queue.process_queue()
