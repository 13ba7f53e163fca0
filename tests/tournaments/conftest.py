"""Fixtures of the tournament tests: staff, members, events with seated rounds."""

import datetime

import pytest
from django.utils import timezone

from players.models import Player
from rules.models import Ruleset
from tables.socket import dbwork
from tournaments import records, rounds
from tournaments.models import Registration, Tournament

PASSWORD = "pw-tournament-123"


@pytest.fixture(autouse=True, scope="session")
def close_thread_connections(django_db_setup):
    """Async tests leave database connections open in asgiref's worker threads; close
    them before the test database is dropped (PostgreSQL refuses while they last)."""
    yield
    dbwork.shut_down()


@pytest.fixture
def organizer(db):
    return Player.objects.create_user(
        username="director", password=PASSWORD, display_name="Director", is_staff=True
    )


@pytest.fixture
def member(db):
    return Player.objects.create_user(username="visitor", password=PASSWORD, display_name="Visitor")


@pytest.fixture
def make_members(db):
    def make(count, prefix="p"):
        return [
            Player.objects.create_user(
                username=f"{prefix}{i:02d}",
                password=PASSWORD,
                display_name=f"{prefix.upper()}{i:02d}",
            )
            for i in range(1, count + 1)
        ]

    return make


@pytest.fixture
def ruleset_of(db):
    def make(preset="ronin"):
        obj, _ = Ruleset.objects.get_or_create(name=f"Preset {preset}", defaults={"preset": preset})
        return obj

    return make


@pytest.fixture
def make_event(db, organizer, ruleset_of, make_members):
    """An event with ``players`` registered members (ids in registration order)."""

    def make(players=8, format=Tournament.OFFLINE, preset="ronin", rounds_=4, **extra):
        tournament = Tournament.objects.create(
            name=extra.pop("name", "Spring Open"),
            format=format,
            start_date=extra.pop("start_date", datetime.date(2026, 3, 1)),
            end_date=extra.pop("end_date", None),
            ruleset=ruleset_of(preset),
            rounds=rounds_,
            created_by=organizer,
            **extra,
        )
        for player in make_members(players):
            Registration.objects.create(tournament=tournament, player=player)
        return tournament

    return make


@pytest.fixture
def seated_round():
    """Draw and publish the next random round of an event with a fixed seed."""

    def draw(tournament, method="random", seed=7, **options):
        round_ = rounds.draw(tournament, method, seating_seed=seed, **options)
        rounds.publish(round_)
        return round_

    return draw


def fixed_clock(when=None):
    moment = when or timezone.make_aware(datetime.datetime(2026, 3, 1, 18, 0))
    return lambda: moment


def enter(table, scores, sticks=0, chombos=(0, 0, 0, 0), reasons=("", "", "", ""), user=None):
    """Record a table's result the way the offline form does."""
    return records.save_result(
        table, list(scores), sticks, list(chombos), list(reasons), user, clock=fixed_clock()
    )


def seat_ids(table):
    return [s.player_id for s in table.seat_list()]


def hand_key(table) -> dict:
    """The hidden fields an entry page sends: the hand in play (see scored_tables.HandKey)."""
    from tournaments import scored_tables

    return scored_tables.HandKey.of(scored_tables.sheet_of(table)).fields()
