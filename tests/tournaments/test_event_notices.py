"""Every notice kind of the events: who is told, once, with what text, in the bell and
by e-mail (Django's in-memory backend, the queue worked off with its time given)."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.urls import reverse

from players import mail_queue
from players.models import Notice, Player
from tournaments import agreement, penalties, rounds
from tournaments.models import Penalty, Tournament

from .test_result_agreement import casual, club_organizer, play_by_pages, score_url, signed_in

__all__ = ["club_organizer"]  # a fixture, used by name
LATER = datetime.datetime(2100, 1, 1, tzinfo=datetime.UTC)
ALL = ["seating", "agreement", "dispute", "referee_call", "penalty"]


@pytest.fixture(autouse=True)
def in_memory_mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def by_mail(*people):
    for person in people:
        person.email = f"{person.username}@example.org"
        person.mail_notices = ALL
        person.save()


def sent():
    mail_queue.send_due(LATER)
    return mail.outbox


def notices_of(person, kind):
    return list(Notice.objects.filter(member=person, kind=kind).values_list("text", flat=True))


def test_it_tells_each_seated_member_their_table_and_wind_once(make_event, organizer):
    event = make_event(players=8)
    players = [e.player for e in event.entries.all()]
    by_mail(organizer, *players)
    round_ = rounds.draw(event, "random", seating_seed=7)
    assert Notice.objects.count() == 0  # a draft tells nobody
    rounds.publish(round_)
    rounds.publish(round_)  # publishing again tells nobody again
    for table in round_.tables.all():
        for seat in table.seats.all():
            wind = ("East", "South", "West", "North")[seat.wind]
            assert notices_of(seat.player, "seating") == [
                f"Spring Open: round 1 is published. You sit at table {table.number} as {wind}."
            ]
    assert notices_of(organizer, "seating") == []
    outbox = sent()
    assert sorted(m.to[0] for m in outbox) == sorted(f"{p.username}@example.org" for p in players)
    assert all("round 1 is published" in m.body for m in outbox)


def test_it_asks_each_named_member_who_has_not_agreed_once(client, make_members):
    opener, *others = make_members(4)
    by_mail(opener, *others)
    table = casual(opener, [opener, *others])
    signed_in(client, opener)
    play_by_pages(client, table)
    client.post(score_url(table, "score_confirm"))
    assert notices_of(opener, "agreement") == []  # confirming was their agreement
    for person in others:
        (text,) = notices_of(person, "agreement")
        assert text.startswith(f"casual table {table.number}: a result waits for your agreement")
    outbox = sent()
    assert sorted(m.to[0] for m in outbox) == sorted(f"{p.username}@example.org" for p in others)
    assert len(sent()) == 3  # each sent once


def test_a_referee_agreed_event_asks_its_staff_not_its_players(
    client, make_event, seated_round, organizer
):
    event = make_event(players=4, result_agreement=Tournament.REFEREE_AGREES)
    table = seated_round(event).tables.get()
    referee = Player.objects.create_user(username="ref", password="pw-ref-1234")
    event.referees.add(referee)
    players = [s.player for s in table.seat_list()]
    signed_in(client, players[0])
    play_by_pages(client, table)
    client.post(score_url(table, "score_confirm"))
    assert all(notices_of(p, "agreement") == [] for p in players)
    assert len(notices_of(referee, "agreement")) == 1 == len(notices_of(organizer, "agreement"))


def test_a_dispute_goes_to_the_event_s_organizers_and_referees(
    client, make_event, seated_round, organizer, make_members
):
    event = make_event(players=4)
    table = seated_round(event).tables.get()
    (referee, other_ref) = make_members(2, prefix="ref")
    event.referees.add(referee)
    other_event = make_event(players=0, name="Other Open")
    other_event.referees.add(other_ref)
    by_mail(organizer, referee, other_ref)
    players = [s.player for s in table.seat_list()]
    signed_in(client, players[0])
    play_by_pages(client, table)
    client.post(score_url(table, "score_confirm"))
    agreement.dispute(table, players[1], "East 3 was a tsumo")
    for person in (organizer, referee):
        assert notices_of(person, "dispute") == [
            f"Spring Open, table 1: {players[1].name} disputes the result "
            "(“East 3 was a tsumo”); settle it."
        ]
    assert notices_of(other_ref, "dispute") == []
    assert sorted(m.to[0] for m in sent()) == ["director@example.org", "ref01@example.org"]


def test_a_casual_dispute_goes_to_the_club_s_organizers(client, make_members, club_organizer):
    opener, *others = make_members(4)
    table = casual(opener, [opener, *others])
    signed_in(client, opener)
    play_by_pages(client, table)
    client.post(score_url(table, "score_confirm"))
    agreement.dispute(table, others[0], "wrong winner")
    assert len(notices_of(club_organizer, "dispute")) == 1
    assert all(notices_of(p, "dispute") == [] for p in (opener, *others))


def test_a_penalty_is_told_to_the_penalised_player_only(make_event, seated_round, organizer):
    event = make_event(players=4)
    table = seated_round(event).tables.get()
    seats = table.seat_list()
    by_mail(*(s.player for s in seats))
    penalties.add(table, 1, Penalty.CONDUCT, 1000, "phone at the table", organizer)
    (text,) = notices_of(seats[1].player, "penalty")
    assert (
        text
        == "Spring Open, table 1: a penalty is given to you: Penalty points -1.0 (phone at the table)."
    )
    assert all(notices_of(s.player, "penalty") == [] for s in seats if s.wind != 1)
    (message,) = sent()
    assert message.to == [seats[1].player.email] and "phone at the table" in message.body
    url = reverse("tournaments:score", args=[event.pk, table.pk])
    assert url in message.body
