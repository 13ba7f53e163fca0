"""Club nights: when the round's time is up, the scored table ends at the right hand."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from rules.engine import (
    DeclaredHand,
    InvalidHand,
    WinValue,
    final_standings,
    preset,
    replay_sheet,
    time_up,
)
from tournaments import round_timer, scored_tables
from tournaments.models import Tournament

T0 = timezone.make_aware(datetime.datetime(2026, 11, 26, 19, 0))
RON = DeclaredHand("ron", (WinValue(1, 2, 30),), 2)
RIICHI_DRAW = DeclaredHand("exhaustive", tenpai=(0,), riichi=(0,))


def at(minutes):
    moment = T0 + datetime.timedelta(minutes=minutes)
    return lambda: moment


@pytest.fixture
def timed_table(make_event, seated_round):
    def make(rule):
        tournament = make_event(players=4, time_end_rule=rule)
        round_ = seated_round(tournament)
        round_.timer_minutes = 60
        round_.save()
        round_timer.start(round_, clock=lambda: T0)
        table = round_.tables.get()
        return table, table.seat_list()[0].player

    return make


def test_hand_by_hand_time_up_ends_the_sheet_with_the_final_standings_of_its_scores():
    ruleset = preset("ronin")
    sheet = replay_sheet(ruleset, [RIICHI_DRAW])
    assert not sheet.finished and sheet.riichi_sticks == 1
    ended = time_up(sheet)
    assert ended.finished and ended.ended_by_time
    expected = final_standings(sheet.scores, ruleset, 1, (0, 0, 0, 0), 0)
    assert list(ended.final) == list(expected)
    assert replay_sheet(ruleset, [RIICHI_DRAW], last_hand=1) == ended
    assert not replay_sheet(ruleset, [RIICHI_DRAW], last_hand=2).finished


def test_hand_by_hand_finish_the_current_hand_ends_after_the_hand_in_play(timed_table):
    table, east = timed_table(Tournament.FINISH_HAND)
    scored_tables.save_hand(table, RON, "a", east, clock=at(30))
    scored_tables.save_hand(table, RON, "b", east, clock=at(59))
    assert not scored_tables.sheet_of(table, at(59)()).finished
    assert scored_tables.last_hand(table, at(61)()) == 3  # the hand in play at 60:00
    _, sheet, _ = scored_tables.save_hand(table, RON, "c", east, clock=at(64))
    assert sheet.finished and sheet.ended_by_time and sheet.hand_index == 3
    with pytest.raises(InvalidHand):
        scored_tables.save_hand(table, RON, "d", east, clock=at(66))
    result = scored_tables.confirm(table, east, clock=at(67))
    assert result.scores == list(sheet.scores)


def test_hand_by_hand_one_more_hand_after_time_plays_one_more(timed_table):
    table, east = timed_table(Tournament.ONE_MORE_HAND)
    scored_tables.save_hand(table, RON, "a", east, clock=at(50))
    _, sheet, _ = scored_tables.save_hand(table, RON, "b", east, clock=at(62))
    assert not sheet.finished  # the hand in play when time ran out
    _, sheet, _ = scored_tables.save_hand(table, RON, "c", east, clock=at(70))
    assert sheet.finished and sheet.ended_by_time and sheet.hand_index == 3


def test_hand_by_hand_pauses_and_extensions_move_the_end_of_time(timed_table):
    table, east = timed_table(Tournament.FINISH_HAND)
    round_ = table.round
    round_timer.pause(round_, clock=at(20))
    round_timer.start(round_, clock=at(30))  # ten minutes paused: time runs out at 70:00
    round_timer.extend(round_)  # and five more: 75:00
    scored_tables.save_hand(table, RON, "a", east, clock=at(72))
    assert scored_tables.last_hand(table, at(74)()) is None
    assert round_timer.ran_out_at(round_, at(80)()) == at(75)()
    _, sheet, _ = scored_tables.save_hand(table, RON, "b", east, clock=at(78))
    assert sheet.finished and sheet.hand_index == 2


def test_hand_by_hand_the_table_page_says_when_time_is_up(client, timed_table):
    table, _ = timed_table(Tournament.ONE_MORE_HAND)
    round_ = table.round
    round_.timer_started = timezone.now() - datetime.timedelta(minutes=61)
    round_.save()
    page = client.get(
        f"/tournaments/{table.tournament_id}/tables/{table.pk}/score/"
    ).content.decode()
    assert "Time is up: play the hand in play and one more hand." in page
