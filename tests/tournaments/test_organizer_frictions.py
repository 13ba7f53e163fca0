"""Frictions an organizer met running events: a chombo under EMA-style rules shown at
once, tables in play by wind, "last hand" after time, plain words for rounding, the
next round's draw at hand."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from rules.engine import DeclaredHand, presets
from tournaments import presenters, round_timer, scored_tables
from tournaments.models import Result, Tournament

from .conftest import PASSWORD, hand_key

T0 = timezone.make_aware(datetime.datetime(2026, 11, 26, 19, 0))  # long past: time is up
CHOMBO_BY_SOUTH = {"outcome": "chombo", "chombo": "1"}


def url(table, what="score"):
    return reverse(f"tournaments:{what}", args=[table.tournament_id, table.pk])


@pytest.fixture
def ema_table(make_event, seated_round, organizer, client):
    tournament = make_event(players=4, preset="ema")
    table = seated_round(tournament).tables.get()
    client.login(username=organizer.username, password=PASSWORD)
    return table


def _card(page: str, table) -> str:
    return page.split(f'id="live-table-{table.pk}"', 1)[1].split("</article>", 1)[0]


def test_a_chombo_under_ema_rules_shows_in_the_preview_not_zero_for_everyone(client, ema_table):
    assert presets.preset("ema").chombo == "penalty"
    data = {**hand_key(ema_table), **CHOMBO_BY_SOUTH}
    page = client.post(url(ema_table, "score_preview"), data, HTTP_HX_REQUEST="true")
    rows = page.content.decode().split('id="preview-table"', 1)[1].split("</table>", 1)[0]
    south = rows.split("<tr>")[2]
    assert "chombo \u221220.0 after uma" in south
    assert rows.count("chombo-note") == 1


def test_a_chombo_under_ema_rules_shows_on_the_seat_cards_and_the_live_standings(
    client, ema_table, organizer
):
    scored_tables.save_hand(ema_table, DeclaredHand("chombo", chombo=1), "c1", organizer)
    south = ema_table.seat_list()[1].player
    page = client.get(url(ema_table)).content.decode()
    seat = page.split('data-seat="1"', 1)[1].split("</li>", 1)[0]
    assert "chombo \u221220.0" in seat
    standings = client.get(
        reverse("tournaments:standings", args=[ema_table.tournament_id])
    ).content.decode()
    assert "chombo \u221220.0 after uma" in _card(standings, ema_table)
    rows = presenters.standings(ema_table.tournament)["rows"]
    row = next(r for r in rows if r["cells"]["name"] == south.name)
    assert row["cells"]["total"] == "-20.0"


def test_a_counted_result_carries_its_chombo_and_the_live_standings_drop_it(timed, organizer):
    table = timed(Tournament.FINISH_HAND, preset="ema")
    # time is up: the chombo hand is the last one and ends the game
    scored_tables.save_hand(table, DeclaredHand("chombo", chombo=1), "c1", organizer)
    assert scored_tables.pending_chombos(table.tournament)
    result = scored_tables.confirm(table, organizer)
    result.refresh_from_db()
    assert result.status == Result.AGREED
    assert scored_tables.pending_chombos(table.tournament) == []
    south = table.seat_list()[1].player
    rows = presenters.standings(table.tournament)["rows"]
    row = next(r for r in rows if r["cells"]["name"] == south.name)
    # counted once, with the game (the tied scores share the uma: the chombo alone)
    assert row["cells"]["chombos"] == "1" and row["cells"]["total"] == "-20.0"


def test_tables_in_play_are_listed_by_wind_without_numbers(client, ema_table, organizer):
    scored_tables.save_hand(ema_table, DeclaredHand("chombo", chombo=1), "c1", organizer)
    for name in ("standings", "projector"):
        page = client.get(reverse(f"tournaments:{name}", args=[ema_table.tournament_id]))
        card = _card(page.content.decode(), ema_table)
        assert "<ol" not in card
        for wind, seat in zip(
            ("East", "South", "West", "North"), ema_table.seat_list(), strict=True
        ):
            assert f'<span class="wind">{wind}</span> {seat.player.name}' in card


@pytest.fixture
def timed(make_event, seated_round, organizer, client):
    def make(rule, preset="ronin"):
        tournament = make_event(players=4, time_end_rule=rule, preset=preset)
        round_ = seated_round(tournament)
        round_.timer_minutes = 60
        round_.save()
        round_timer.start(round_, clock=lambda: T0)
        client.login(username=organizer.username, password=PASSWORD)
        return round_.tables.get()

    return make


DRAW = {"outcome": "exhaustive"}


def test_after_time_is_up_the_preview_says_the_last_hand_ends_the_game(client, timed):
    table = timed(Tournament.FINISH_HAND)
    page = client.post(
        url(table, "score_preview"), {**hand_key(table), **DRAW}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "Next: game over: time is up and this was the last hand" in page
    assert "East 2" not in page.split('id="preview-next"', 1)[1].split("</p>", 1)[0]


def test_after_time_is_up_with_one_more_hand_the_preview_names_the_last_hand(client, timed):
    table = timed(Tournament.ONE_MORE_HAND)
    page = client.post(
        url(table, "score_preview"), {**hand_key(table), **DRAW}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "the last hand (time is up)" in page


@pytest.mark.parametrize(
    ("rounding", "unit", "words"),
    [
        ("none", 100, "not rounded: every point counts"),
        ("goshashonyu", 1000, "to whole 1,000s: a remainder below 600 rounds down, from 600 up"),
        ("half_up", 100, "to whole 100s: a remainder from 50 rounds up"),
    ],
)
def test_rounding_is_said_in_plain_words(rounding, unit, words):
    assert presenters.rounding_words(rounding, unit).startswith(words)


def test_the_event_page_says_rounding_in_plain_words(client, make_event, organizer):
    tournament = make_event(players=4, preset="ema")
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    assert "none to 100" not in page and "not rounded: every point counts" in page


def test_the_next_rounds_draw_form_is_at_hand_not_folded(client, make_event, seated_round):
    tournament = make_event(players=4, rounds_=2)
    seated_round(tournament)
    client.login(username="director", password=PASSWORD)
    page = client.get(reverse("tournaments:detail", args=[tournament.pk])).content.decode()
    block = page.split('id="draw-next"', 1)[1].split("</div>", 1)[0]
    assert "Draw round 2 of 2" in block
    assert "<details" not in page.split('id="draw-next"', 1)[0].rsplit("<section", 1)[1]


def at(minutes):
    moment = T0 + datetime.timedelta(minutes=minutes)
    return lambda: moment


def _round_page(client, round_) -> str:
    return client.get(
        reverse("tournaments:round", args=[round_.tournament_id, round_.number])
    ).content.decode()


def test_a_round_timer_at_0_00_offers_no_resume(client, timed):
    table = timed(Tournament.FINISH_HAND)
    page = _round_page(client, table.round)
    assert "time is up" in page
    controls = page.split('class="inline-form timer-controls"', 1)[1].split("</form>", 1)[0]
    assert "Resume" not in controls and 'value="start"' not in controls


def test_a_finished_time_up_table_stops_its_timer(client, timed, organizer):
    table = timed(Tournament.FINISH_HAND)
    scored_tables.save_hand(table, DeclaredHand("exhaustive"), "h1", organizer, clock=at(64))
    round_ = table.round
    round_.refresh_from_db()
    assert round_.timer_started is None  # stopped, no longer counting
    page = client.get(url(table)).content.decode()
    assert "stopped: every table has finished" in page
    controls = page.split('id="table-timer-controls"', 1)
    assert len(controls) == 1 or "Resume" not in controls[1].split("</form>", 1)[0]


def test_the_round_timer_runs_until_every_table_of_the_round_has_finished(
    make_event, seated_round, organizer
):
    tournament = make_event(players=8, time_end_rule=Tournament.FINISH_HAND)
    round_ = seated_round(tournament)
    round_.timer_minutes = 60
    round_.save()
    round_timer.start(round_, clock=lambda: T0)
    first, second = round_.tables.order_by("number")
    scored_tables.save_hand(first, DeclaredHand("exhaustive"), "a", organizer, clock=at(64))
    round_.refresh_from_db()
    assert round_.timer_started is not None  # the second table still plays
    assert (
        round_timer.view(round_, at(64)(), done=scored_tables.all_finished(round_)).state == "over"
    )
    scored_tables.save_hand(second, DeclaredHand("exhaustive"), "b", organizer, clock=at(66))
    round_.refresh_from_db()
    assert round_.timer_started is None
    assert (
        round_timer.view(round_, at(90)(), done=scored_tables.all_finished(round_)).state == "done"
    )
