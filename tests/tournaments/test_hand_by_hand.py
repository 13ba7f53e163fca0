"""Scored real tables: entering hands on the phone page, undo, confirmation, standings."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from rules.engine import DeclaredHand, WinValue, replay_sheet
from tournaments import scored_tables
from tournaments.models import Correction, Result, ScoredHand

from .conftest import PASSWORD, hand_key


@pytest.fixture
def scored_table(make_event, seated_round):
    tournament = make_event(players=4)
    round_ = seated_round(tournament)
    return round_.tables.get()


def players_of(table):
    return [s.player for s in table.seat_list()]


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


def url(table, what="score"):
    from django.urls import reverse

    return reverse(f"tournaments:{what}", args=[table.tournament_id, table.pk])


def undo(client, table, **fields):
    """The undo's second step: the page asked first, naming the last hand."""
    last = table.hands.order_by("-number").first()
    data = {"sure": "yes", "number": str(last.number if last else 0), **fields}
    return client.post(url(table, "score_undo"), data, HTTP_HX_REQUEST="true")


def post_hand(client, table, token="t1", **fields):
    data = {"token": token, **hand_key(table), **fields}
    return client.post(url(table, "score_save"), data, HTTP_HX_REQUEST="true")


RON_SOUTH_FROM_WEST = {
    "outcome": "ron",
    "winners": ["1"],
    "discarder": "2",
    "han_1": "3",
    "fu_1": "30",
}


def test_hand_by_hand_a_player_enters_a_ron_and_sees_the_running_scores(client, scored_table):
    east = players_of(scored_table)[0]
    signed_in(client, east)
    page = client.get(url(scored_table))
    assert page.status_code == 200 and b"Save the hand" in page.content
    response = post_hand(client, scored_table, **RON_SOUTH_FROM_WEST)
    assert response.status_code == 200
    text = response.content.decode()
    assert "East 2" in text and "28,900" in text and "21,100" in text
    assert ScoredHand.objects.filter(table=scored_table).count() == 1


def test_hand_by_hand_preview_shows_every_seat_payment_before_saving(client, scored_table):
    signed_in(client, players_of(scored_table)[1])
    data = {"token": "p", "outcome": "tsumo", "winners": ["0"], "han_0": "mangan", "riichi": ["2"]}
    response = client.post(url(scored_table, "score_preview"), data, HTTP_HX_REQUEST="true")
    text = response.content.decode()
    assert "+13,000" in text and "\u22124,000" in text and "\u22125,000" in text
    assert not ScoredHand.objects.exists()


def test_hand_by_hand_the_same_token_twice_stores_one_hand(client, scored_table):
    signed_in(client, players_of(scored_table)[0])
    post_hand(client, scored_table, token="same", **RON_SOUTH_FROM_WEST)
    post_hand(client, scored_table, token="same", **RON_SOUTH_FROM_WEST)
    assert ScoredHand.objects.filter(table=scored_table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_hand_by_hand_two_saves_at_once_with_one_token_store_it_once(make_event, seated_round):
    tournament = make_event(players=4)
    table = seated_round(tournament).tables.get()
    user = players_of(table)[0]
    hand = DeclaredHand("ron", (WinValue(1, 3, 30),), 2)
    barrier = threading.Barrier(2)
    outcomes = []

    def save():
        try:
            barrier.wait()
            outcomes.append(scored_tables.save_hand(table, hand, "double-tap", user)[2])
        except Exception as e:
            outcomes.append(e)
        finally:
            connection.close()

    threads = [threading.Thread(target=save) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(map(str, outcomes)) == ["False", "True"]
    assert ScoredHand.objects.filter(table=table).count() == 1


@pytest.mark.parametrize(
    ("fields", "error_id", "words"),
    [
        (
            {"outcome": "ron", "winners": ["1"], "discarder": "1", "han_1": "2", "fu_1": "30"},
            "error-discarder",
            "discarder",
        ),
        (
            {
                "outcome": "ron",
                "winners": ["1"],
                "discarder": "0",
                "tenpai": ["2"],
                "han_1": "2",
                "fu_1": "30",
            },
            "error-tenpai",
            "tenpai",
        ),
        (
            {
                "outcome": "ron",
                "winners": ["1"],
                "discarder": "0",
                "yaku_1": ["pinfu"],
                "fu_1": "40",
            },
            "error-fu_1",
            "40 fu is impossible",
        ),
        (
            {"outcome": "ron", "winners": ["1"], "discarder": "0", "han_1": "1", "fu_1": "20"},
            "error-fu_1",
            "20 fu",
        ),
        (
            {
                "outcome": "ron",
                "winners": ["1"],
                "discarder": "0",
                "yaku_1": ["pinfu", "chiitoitsu"],
                "fu_1": "25",
            },
            "error-yaku_1",
            "cannot be in one hand",
        ),
    ],
)
def test_hand_by_hand_bad_input_gets_a_message_at_the_field_and_changes_nothing(
    client, scored_table, fields, error_id, words
):
    signed_in(client, players_of(scored_table)[0])
    response = post_hand(client, scored_table, **fields)
    text = response.content.decode()
    assert f'id="{error_id}"' in text, text[:3000]
    assert words in text
    assert not ScoredHand.objects.exists()


def test_hand_by_hand_only_players_organizers_and_referees_may_enter(client, scored_table, member):
    signed_in(client, member)
    assert post_hand(client, scored_table, **RON_SOUTH_FROM_WEST).status_code == 403
    scored_table.tournament.referees.add(member)
    assert post_hand(client, scored_table, **RON_SOUTH_FROM_WEST).status_code == 200
    assert ScoredHand.objects.count() == 1


def _play_to_the_end(table, user):
    # a mangan, then seven cheap non-dealer rons: South passes 30,000, so no West round
    hands = [DeclaredHand("ron", (WinValue(1, 5, 0),), 0)] + [
        DeclaredHand("ron", (WinValue((d + 1) % 4, 1, 30),), (d + 2) % 4) for d in range(1, 8)
    ]
    for i, hand in enumerate(hands):
        scored_tables.save_hand(table, hand, f"h{i}", user)
    return replay_sheet(table.tournament.engine_ruleset(), hands)


def test_hand_by_hand_confirmation_counts_in_the_standings(client, scored_table):
    east = players_of(scored_table)[0]
    sheet = _play_to_the_end(scored_table, east)
    assert sheet.finished
    signed_in(client, east)
    response = client.post(url(scored_table, "score_confirm"), HTTP_HX_REQUEST="true")
    assert b"confirmed" in response.content
    result = Result.objects.get(table=scored_table)
    assert result.scores == list(sheet.scores) and result.confirmed_by == east
    # it counts once a seated member other than the one who confirmed agrees
    from tournaments import agreement

    agreement.agree(scored_table, players_of(scored_table)[2])
    standings = client.get(f"/tournaments/{scored_table.tournament_id}/standings/").content.decode()
    from rules.engine import format_final
    from rules.templatetags.words import minus

    for standing in sheet.final:
        assert minus(format_final(standing.final)) in standings


def test_hand_by_hand_undo_by_a_player_after_confirmation_is_refused_and_changes_nothing(
    client, scored_table, organizer
):
    east = players_of(scored_table)[0]
    _play_to_the_end(scored_table, east)
    scored_tables.confirm(scored_table, east)
    signed_in(client, east)
    response = undo(client, scored_table, reason="oops")
    assert b"only an organizer or referee" in response.content
    assert ScoredHand.objects.filter(table=scored_table).count() == 8
    assert Result.objects.filter(table=scored_table).exists()
    # the organizer may, with a reason, and it is logged
    client.logout()
    signed_in(client, organizer)
    refused = undo(client, scored_table, reason="")
    assert b"Give a reason" in refused.content
    undo(client, scored_table, reason="wrong fu")
    assert ScoredHand.objects.filter(table=scored_table).count() == 7
    assert not Result.objects.filter(table=scored_table).exists()
    line = Correction.objects.get(table=scored_table)
    assert line.reason == "wrong fu" and line.changed_by == organizer


def test_hand_by_hand_undo_before_confirmation_by_a_player(client, scored_table):
    south = players_of(scored_table)[1]
    signed_in(client, south)
    post_hand(client, scored_table, **RON_SOUTH_FROM_WEST)
    undo(client, scored_table)
    assert not ScoredHand.objects.exists()
    assert Correction.objects.get().field == "hand 1"


def test_hand_by_hand_standings_show_tables_in_play(client, scored_table):
    east = players_of(scored_table)[0]
    scored_tables.save_hand(scored_table, DeclaredHand("ron", (WinValue(1, 3, 30),), 2), "a", east)
    page = client.get(f"/tournaments/{scored_table.tournament_id}/standings/").content.decode()
    assert "Tables in play" in page and "28,900" in page


def test_hand_by_hand_an_organizer_without_staff_creates_events(client, make_members, organizer):
    from django.contrib.auth.models import Group

    (member,) = make_members(1, prefix="o")
    signed_in(client, member)
    assert client.get("/tournaments/new/").status_code == 403
    client.logout()
    signed_in(client, organizer)  # a club admin ticks the member on the organizers page
    client.post("/tournaments/organizers/", {"organizer": [member.pk]})
    assert Group.objects.get(name="Organizers").user_set.filter(pk=member.pk).exists()
    client.logout()
    signed_in(client, member)
    assert not member.is_staff
    assert client.get("/tournaments/new/").status_code == 200
    assert client.get("/tournaments/organizers/").status_code == 403


def test_hand_by_hand_a_referee_corrects_a_confirmed_table_with_a_reason(
    client, scored_table, member
):
    east = players_of(scored_table)[0]
    _play_to_the_end(scored_table, east)
    scored_tables.confirm(scored_table, east)
    scored_table.tournament.referees.add(member)
    signed_in(client, member)
    undo(client, scored_table, reason="dora miscounted")
    line = Correction.objects.get(table=scored_table)
    assert (line.changed_by, line.reason) == (member, "dora miscounted")
    assert "confirmation withdrawn" in line.new_value


def test_hand_by_hand_a_closed_event_takes_no_more_hands(client, scored_table, organizer):
    signed_in(client, organizer)
    client.post(f"/tournaments/{scored_table.tournament_id}/close/")
    response = post_hand(client, scored_table, **RON_SOUTH_FROM_WEST)
    assert b"This event is closed" in response.content
    assert not ScoredHand.objects.exists()


def test_hand_by_hand_round_timer_starts_pauses_extends_with_injected_time(scored_table):
    import datetime

    from django.utils import timezone

    from tournaments import round_timer

    round_ = scored_table.round
    round_.timer_minutes = 60
    t0 = timezone.make_aware(datetime.datetime(2026, 11, 26, 19, 0))
    assert round_timer.view(round_, t0).state == "ready"
    round_timer.start(round_, clock=lambda: t0)
    later = t0 + datetime.timedelta(minutes=10)
    shown = round_timer.view(round_, later)
    assert (shown.state, shown.text) == ("running", "50:00")
    round_timer.pause(round_, clock=lambda: later)
    assert round_timer.view(round_, later + datetime.timedelta(hours=1)).text == "50:00"
    round_timer.extend(round_)
    assert round_timer.view(round_, later).text == "55:00"
    round_timer.start(round_, clock=lambda: later)
    over = round_timer.view(round_, later + datetime.timedelta(minutes=56))
    assert over.state == "over" and "finish the hand in play" in over.end_rule


def test_hand_by_hand_timer_shows_on_the_projector_and_the_table_page(
    client, scored_table, organizer, member
):
    tournament = scored_table.tournament
    round_ = scored_table.round
    signed_in(client, member)
    control = f"/tournaments/{tournament.pk}/rounds/{round_.number}/timer/control/"
    assert client.post(control, {"action": "start"}).status_code == 403
    client.logout()
    signed_in(client, organizer)
    client.post(control, {"action": "start"})
    round_.refresh_from_db()
    assert round_.timer_started is not None
    projector = client.get(f"/tournaments/{tournament.pk}/projector/").content.decode()
    assert 'id="round-timer"' in projector and "running" in projector
    assert "Round 1 seating" in projector
    for seat in scored_table.seat_list():
        assert seat.player.name in projector
    page = client.get(url(scored_table)).content.decode()
    assert 'id="round-timer"' in page and "data-deadline" in page


def test_hand_by_hand_bulk_add_registers_pasted_names_and_the_unknown_by_name(
    client, make_event, make_members, organizer
):
    tournament = make_event(players=0)
    a, _b = make_members(2, prefix="bulk")
    signed_in(client, organizer)
    response = client.post(
        f"/tournaments/{tournament.pk}/entries/bulk/",
        {"names": f"{a.username}\nBULK02\nNo Such Person\n"},
        follow=True,
    )
    entries = tournament.entries.select_related("player")
    assert {e.player.display_name for e in entries} == {"BULK01", "BULK02", "No Such Person"}
    assert entries.get(player__display_name="No Such Person").player.is_placeholder
    assert "No member is called" not in response.content.decode()


def test_hand_by_hand_bulk_add_keeps_the_names_it_refused_in_the_box(
    client, make_event, make_members, organizer
):
    tournament = make_event(players=0)
    (a,) = make_members(1, prefix="kept")
    signed_in(client, organizer)
    response = client.post(
        f"/tournaments/{tournament.pk}/entries/bulk/",
        {"names": f"{a.username}\nKEPTO1\nKept\x0701\n"},  # a look-alike; a control character
    )
    page = response.content.decode()
    assert "1 player(s) registered." in page and "looks like" in page
    box = page.split('<textarea id="id_names"', 1)[1].split("</textarea>", 1)[0]
    assert box.split(">", 1)[1] == "KEPTO1\nKept\x0701"
    assert '<details class="staff-form" id="bulk-add" open>' in page
    assert list(tournament.entries.values_list("player_id", flat=True)) == [a.pk]


def test_hand_by_hand_bulk_add_counts_only_the_players_it_registers(
    client, make_event, make_members, organizer
):
    tournament = make_event(players=0)
    a, b = make_members(2, prefix="again")
    signed_in(client, organizer)
    bulk = f"/tournaments/{tournament.pk}/entries/bulk/"
    client.post(bulk, {"names": a.username})
    response = client.post(bulk, {"names": f"{a.username}\n{b.username}"}, follow=True)
    page = response.content.decode()
    assert "1 player(s) registered." in page and "2 player(s)" not in page
    assert "1 of them already in the field." in page
    response = client.post(bulk, {"names": a.username}, follow=True)
    assert "registered." not in response.content.decode()


def test_hand_by_hand_yaku_picker_greys_out_what_cannot_go_with_the_ticked_and_offers_their_fu(
    client, scored_table
):
    signed_in(client, players_of(scored_table)[0])
    data = {"token": "y", "outcome": "ron", "winners": ["1"], "discarder": "2", "yaku_1": "pinfu"}
    text = client.post(
        url(scored_table, "score_preview"), data, HTTP_HX_REQUEST="true"
    ).content.decode()
    picker = text.split('id="value-1"', 1)[1].split('id="value-2"', 1)[0]
    assert 'value="chiitoitsu" disabled' in picker  # seven pairs is never pinfu
    assert 'value="riichi">' in picker  # still possible
    fu = picker.split('id="fu_1"', 1)[1].split("</select>", 1)[0]
    assert '<option value="30"' in fu and '<option value="40"' not in fu  # a pinfu ron is 30
    assert not ScoredHand.objects.exists()


def test_hand_by_hand_bulk_add_registers_ticked_members_from_the_event_page(
    client, make_event, make_members, organizer
):
    tournament = make_event(players=0)
    a, _unticked, c = make_members(3, prefix="tick")
    signed_in(client, organizer)
    page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert f'name="members" value="{a.pk}"' in page  # the box to tick
    client.post(f"/tournaments/{tournament.pk}/entries/bulk/", {"members": [a.pk, c.pk]})
    assert set(tournament.entries.values_list("player_id", flat=True)) == {a.pk, c.pk}


def test_hand_by_hand_nagashi_mangan_from_the_page_and_a_refused_triple_ron(client, scored_table):
    signed_in(client, players_of(scored_table)[0])
    post_hand(client, scored_table, token="n", outcome="nagashi", nagashi=["2"], tenpai=["1"])
    row = ScoredHand.objects.get(table=scored_table)
    assert row.declared["nagashi"] == [2] and row.declared["tenpai"] == [1]
    page = client.get(url(scored_table)).content.decode()
    assert "33,000" in page and "21,000" in page  # West's mangan, the dealer paid 4,000
    triple = {
        "outcome": "ron",
        "winners": ["0", "1", "3"],
        "discarder": "2",
        **{f"han_{s}": "1" for s in (0, 1, 3)},
        **{f"fu_{s}": "30" for s in (0, 1, 3)},
    }
    text = post_hand(client, scored_table, token="t", **triple).content.decode()
    assert 'id="error-winners"' in text and "triple ron" in text
    assert ScoredHand.objects.filter(table=scored_table).count() == 1
