"""Club nights: scored tables opened on their own or from a league, guests by name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rules.engine import DeclaredHand, WinValue
from rules.models import Ruleset
from tournaments import agreement, presenters, scored_tables
from tournaments.models import Result, ScoredHand, Tournament
from tournaments.models import TournamentTable as Table

from .conftest import PASSWORD, hand_key


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


def seats(*names, guests=()):
    data = {}
    for w, name in enumerate(names):
        data[f"player_{w}"] = name
        if w in guests:
            data[f"guest_{w}"] = "on"
    return data


# a mangan, then seven cheap non-dealer rons: South passes 30,000, so no West round
GAME = [DeclaredHand("ron", (WinValue(1, 5, 0),), 0)] + [
    DeclaredHand("ron", (WinValue((d + 1) % 4, 1, 30),), (d + 2) % 4) for d in range(1, 8)
]


def play(table, user):
    for i, hand in enumerate(GAME):
        scored_tables.save_hand(table, hand, f"h{i}", user)


def test_hand_by_hand_a_member_opens_a_casual_table_with_guests_and_scores_it(client, make_members):
    a, b = make_members(2)
    signed_in(client, a)
    ruleset = Ruleset.club_default()
    data = {"ruleset": ruleset.pk, **seats("p01", "Grandma Li", "P02", "Sam", guests=(1, 3))}
    response = client.post(reverse("tournaments:casual_table"), data)
    table = Table.objects.get()
    assert table.tournament is None and table.opened_by == a and table.ruleset == ruleset
    assert response.url == reverse("tournaments:score", args=[0, table.pk])
    names = [s.player_name for s in table.seat_list()]
    assert names == [a.name, "Grandma Li (guest)", b.name, "Sam (guest)"]
    page = client.get(response.url).content.decode()
    assert "Grandma Li (guest)" in page and "Save the hand" in page
    hand = {
        "token": "x",
        "outcome": "ron",
        "winners": ["1"],
        "discarder": "2",
        "han_1": "2",
        "fu_1": "30",
    }
    hand.update(hand_key(table))
    client.post(reverse("tournaments:score_save", args=[0, table.pk]), hand, HTTP_HX_REQUEST="true")
    assert ScoredHand.objects.filter(table=table).count() == 1
    # the whole game, confirmed by the member who opened it
    ScoredHand.objects.all().delete()
    play(table, a)
    scored_tables.confirm(table, a)
    assert Result.objects.get(table=table).source == Result.OFFLINE


def test_hand_by_hand_a_casual_table_names_unknown_members_at_the_field(client, make_members):
    (a,) = make_members(1)
    signed_in(client, a)
    data = {"ruleset": Ruleset.club_default().pk, **seats("p01", "p01", "Nobody", "")}
    page = client.post(reverse("tournaments:casual_table"), data).content.decode()
    assert 'id="error-player_1"' in page and "already has a seat" in page
    assert 'id="error-player_2"' in page and "tick “guest”" in page
    assert 'id="error-player_3"' in page
    assert not Table.objects.exists()
    client.logout()
    assert client.get(reverse("tournaments:casual_table")).status_code == 403


def test_hand_by_hand_only_the_seated_and_the_opener_enter_at_a_casual_table(
    client, make_members, member
):
    a, b, *_ = make_members(4)
    signed_in(client, a)
    data = {"ruleset": Ruleset.club_default().pk, **seats("p02", "p03", "p04", "Kim", guests=(3,))}
    client.post(reverse("tournaments:casual_table"), data)
    table = Table.objects.get()
    assert scored_tables.may_enter(table, a) and scored_tables.may_enter(table, b)
    assert not scored_tables.may_enter(table, member)
    client.logout()
    signed_in(client, member)
    url = reverse("tournaments:score_save", args=[0, table.pk])
    assert client.post(url, {"token": "z", "outcome": "ron"}).status_code == 403


def test_hand_by_hand_a_league_table_counts_in_the_league_standings(client, make_event):
    league = make_event(players=5, format=Tournament.LEAGUE)
    players = [e.player for e in league.entries.all()]
    signed_in(client, players[0])
    detail = client.get(reverse("tournaments:detail", args=[league.pk])).content.decode()
    assert 'id="league-table"' in detail
    data = seats(players[0].username, players[1].username, players[2].username, "Alex", guests=(3,))
    response = client.post(reverse("tournaments:league_table", args=[league.pk]), data)
    table = Table.objects.get(tournament=league)
    assert response.url == reverse("tournaments:score", args=[league.pk, table.pk])
    play(table, players[0])
    scored_tables.confirm(table, players[0])
    agreement.agree(table, players[1])  # the second member's agreement makes it count
    rows = presenters.standings(league)["rows"]
    played = {r["cells"]["name"]: r["cells"]["games"] for r in rows}
    assert played[players[0].name] == "1" and played[players[4].name] == "0"
    assert "Alex (guest)" not in played
    # someone outside the league cannot seat themselves there
    data = seats(players[0].username, players[1].username, players[2].username, "director")
    page = client.post(reverse("tournaments:league_table", args=[league.pk]), data)
    assert "of this league" in page.content.decode()


def test_hand_by_hand_outsiders_cannot_open_a_league_table(client, make_event, member):
    league = make_event(players=4, format=Tournament.LEAGUE)
    signed_in(client, member)
    assert client.get(reverse("tournaments:league_table", args=[league.pk])).status_code == 403


CYRILLIC_A = "\u0410"
RIGHT_TO_LEFT_OVERRIDE = "\u202e"


def open_casual(client, *names, guests=()):
    data = {"ruleset": Ruleset.club_default().pk, **seats(*names, guests=guests)}
    return client.post(reverse("tournaments:casual_table"), data)


@pytest.mark.parametrize(
    "guest",
    [
        f"{CYRILLIC_A}kagi",  # a Cyrillic A
        "Akag\u0131",  # a dotless i
        "akagi",  # the member's own name, as a guest
        f"Sam{RIGHT_TO_LEFT_OVERRIDE}",  # would turn "(guest)" around after it
        "Careful b\u043et",  # a bot's name with a Cyrillic o
    ],
)
def test_a_guest_name_that_passes_for_a_member_a_bot_or_turns_the_label_is_refused(
    client, make_members, guest
):
    opener, akagi = make_members(2)
    akagi.display_name = "Akagi"
    akagi.save()
    signed_in(client, opener)
    response = open_casual(client, opener.username, guest, "Grandma Li", "Sam", guests=(1, 2, 3))
    assert response.status_code == 200
    page = response.content.decode()
    error = page.split('id="error-player_1">', 1)[1].split("</p>", 1)[0]
    assert any(why in error for why in ("member", "bots", "direction")), error
    assert not Table.objects.exists()


def test_two_guests_whose_names_look_alike_are_refused(client, make_members):
    (opener,) = make_members(1)
    signed_in(client, opener)
    response = open_casual(client, opener.username, "Bob", "B0b", "Grandma Li", guests=(1, 2, 3))
    assert response.status_code == 200
    assert "looks like the guest" in response.content.decode()
    assert not Table.objects.exists()
    # guests with names of their own are seated
    response = open_casual(client, opener.username, "Akira", "赤木しげる", "Bob", guests=(1, 2, 3))
    assert response.status_code == 302
    names = [s.player_name for s in Table.objects.get().seat_list()]
    assert names[1:] == ["Akira (guest)", "赤木しげる (guest)", "Bob (guest)"]


def test_a_league_tables_guest_named_like_a_member_outside_the_league_is_refused(
    client, make_event, organizer
):
    """The league's form seats members of the league only; a guest may still not take
    the name (or a look-alike) of any member of the club, nor turn its label around."""
    league = make_event(players=4, format=Tournament.LEAGUE)
    players = [e.player for e in league.entries.all()]
    signed_in(client, players[0])
    url = reverse("tournaments:league_table", args=[league.pk])
    for guest in ("Direct\u043er", "director", f"Alex{RIGHT_TO_LEFT_OVERRIDE}"):
        data = seats(*(p.username for p in players[:3]), guest, guests=(3,))
        page = client.post(url, data).content.decode()
        assert 'id="error-player_3"' in page, guest
    assert not Table.objects.filter(tournament=league).exists()


def test_a_guest_name_stored_with_a_direction_override_cannot_turn_its_label(make_members):
    """Kept from before such names were refused: shown isolated (first-strong isolate
    ... pop directional isolate), so "(guest)" still reads after it."""
    from tournaments.models import Seat

    (opener,) = make_members(1)
    table = Table.objects.create(number=1, opened_by=opener, ruleset=Ruleset.club_default())
    seat = Seat.objects.create(table=table, wind=1, guest_name=f"Sam{RIGHT_TO_LEFT_OVERRIDE}x")
    assert seat.player_name == f"\u2068Sam{RIGHT_TO_LEFT_OVERRIDE}x\u2069 (guest)"
    plain = Seat.objects.create(table=table, wind=2, guest_name="Grandma Li")
    assert plain.player_name == "Grandma Li (guest)"
