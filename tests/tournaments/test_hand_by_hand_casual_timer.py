"""Club nights: a casual table (no event) has its own round timer, run by its opener."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from rules.engine import DeclaredHand, WinValue
from rules.models import Ruleset
from tournaments import round_timer, scored_tables
from tournaments.models import Tournament
from tournaments.models import TournamentTable as Table

from .conftest import PASSWORD

T0 = timezone.make_aware(datetime.datetime(2026, 11, 26, 19, 0))
RON = DeclaredHand("ron", (WinValue(1, 2, 30),), 2)


def at(minutes):
    moment = T0 + datetime.timedelta(minutes=minutes)
    return lambda: moment


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


def open_casual(client, opener, **timer):
    data = {
        "ruleset": Ruleset.club_default().pk,
        "player_0": opener.username,
        "player_1": "Grandma Li",
        "guest_1": "on",
        "player_2": "Sam",
        "guest_2": "on",
        "player_3": "Kim",
        "guest_3": "on",
        **timer,
    }
    return client.post(reverse("tournaments:casual_table"), data)


def page_of(client, table):
    return client.get(reverse("tournaments:score", args=[0, table.pk])).content.decode()


def control(client, table, action):
    url = reverse("tournaments:score_timer_action", args=[0, table.pk])
    return client.post(url, {"action": action})


@pytest.fixture
def opener(make_members):
    return make_members(1, prefix="host")[0]


def test_hand_by_hand_a_casual_table_opens_with_its_own_timer_and_end_rule(client, opener):
    signed_in(client, opener)
    open_casual(client, opener, timer_minutes="45", time_end_rule=Tournament.ONE_MORE_HAND)
    table = Table.objects.get()
    assert (table.timer_minutes, table.time_end_rule) == (45, Tournament.ONE_MORE_HAND)
    page = page_of(client, table)
    assert 'id="round-timer"' in page and "45:00" in page and "not started" in page
    assert 'id="table-timer-controls"' in page and "Start the timer" in page
    fragment = client.get(reverse("tournaments:score_timer", args=[0, table.pk]))
    assert fragment.status_code == 200 and b"45:00" in fragment.content


def test_hand_by_hand_a_casual_table_without_a_time_limit_has_no_timer(client, opener):
    signed_in(client, opener)
    open_casual(client, opener)
    table = Table.objects.get()
    assert table.timer_minutes == 0
    assert 'id="round-timer"' not in page_of(client, table)
    response = control(client, table, "start")
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.timer_started is None
    fragment = client.get(reverse("tournaments:score_timer", args=[0, table.pk]))
    assert fragment.status_code == 404


def test_hand_by_hand_a_bad_time_limit_gets_a_message_at_the_field(client, opener):
    signed_in(client, opener)
    for bad, words in (("0", "at least 1 minute"), ("abc", "whole number"), ("9999", "At most")):
        response = open_casual(client, opener, timer_minutes=bad)
        page = response.content.decode()
        assert response.status_code == 200 and 'id="error-timer_minutes"' in page
        assert words in page
    assert not Table.objects.exists()


def test_hand_by_hand_the_opener_starts_pauses_and_extends_the_casual_timer(
    client, opener, make_members
):
    signed_in(client, opener)
    open_casual(client, opener, timer_minutes="60")
    table = Table.objects.get()
    control(client, table, "start")
    table.refresh_from_db()
    assert table.timer_started is not None
    assert "running" in page_of(client, table) and "Pause" in page_of(client, table)
    control(client, table, "pause")
    table.refresh_from_db()
    assert table.timer_started is None and table.timer_paused is not None
    assert "paused" in page_of(client, table) and "Resume" in page_of(client, table)
    control(client, table, "extend")
    table.refresh_from_db()
    assert table.timer_extra == round_timer.EXTEND_SECONDS
    # someone else (even a seated member) may not run it, and nothing changes
    other = make_members(1, prefix="guest")[0]
    signed_in(client, other)
    assert control(client, table, "start").status_code == 403
    table.refresh_from_db()
    assert table.timer_started is None and table.timer_extra == round_timer.EXTEND_SECONDS
    assert 'id="table-timer-controls"' not in page_of(client, table)
    assert 'id="round-timer"' in page_of(client, table)  # everyone sees the clock


@pytest.mark.parametrize(
    ("rule", "last"), [(Tournament.FINISH_HAND, 2), (Tournament.ONE_MORE_HAND, 3)]
)
def test_hand_by_hand_time_up_ends_a_casual_table_by_its_own_rule(client, opener, rule, last):
    signed_in(client, opener)
    open_casual(client, opener, timer_minutes="60", time_end_rule=rule)
    table = Table.objects.get()
    round_timer.start(table, clock=lambda: T0)
    scored_tables.save_hand(table, RON, "a", opener, clock=at(30))
    assert scored_tables.last_hand(table, at(59)()) is None  # time is left
    assert scored_tables.last_hand(table, at(61)()) == last
    for i in range(2, last + 1):
        _, sheet, _ = scored_tables.save_hand(table, RON, f"h{i}", opener, clock=at(60 + i))
    assert sheet.finished and sheet.ended_by_time and sheet.hand_index == last
    table.round_id = None  # a casual table has no round: its own timer decided
    assert scored_tables.timer_of(table) == table
