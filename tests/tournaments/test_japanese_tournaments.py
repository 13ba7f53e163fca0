"""The tournament pages in Japanese: a member who chose Japanese reads the event list,
an event's page with its standings, a round, the organizers' pages and a result waiting
for agreement with no English left (measured as tests/players/test_japanese.py
measures it), with real events, rounds and results behind them."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from players.models import Player
from rules.models import Ruleset
from tests.players.test_japanese import english_left
from tournaments.models import Tournament, TournamentTable

from .conftest import enter, hand_key
from .test_result_agreement import play_by_pages, score_url, signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(make_event, seated_round, organizer):
    """An offline event of eight with round 1 drawn and one table's result entered, and
    a league whose table's result waits for a second member's agreement."""
    organizer.language = "ja"
    organizer.save()
    tournament = make_event(players=8, end_date=None, registration_cap=12)
    round_ = seated_round(tournament)
    first = round_.tables.order_by("number").first()
    enter(first, [42000, 31000, 18000, 9000], user=organizer)
    return {"tournament": tournament, "round": round_, "table": first}


def names() -> set[str]:
    """The club's data on the pages: its name, people, events, rulesets (and the
    file formats and tools named by their names, as the game record's JSON is; the
    example address of the bulk registration and the called melds' input notation)."""
    found = {"Riichi Club", "CSV", "XML", "tensoul", "mei@example.org", "pon:", "chi:"}
    found |= {p.username for p in Player.objects.all()} | {p.name for p in Player.objects.all()}
    found |= {t.name for t in Tournament.objects.all()} | {r.name for r in Ruleset.objects.all()}
    return found


# the event form's rule overrides are the rules' own settings, described by the rules
# app (rules.engine's settings and their words), which is translated on its own
RULE_OVERRIDES = re.compile(r'<details class="setting-group".*?</details>', re.S)


def left_on(client, path: str) -> list[str]:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    html = RULE_OVERRIDES.sub("", response.content.decode())
    assert '<html lang="ja">' in html, path
    return english_left(html, names())


def test_it_shows_a_japanese_organizer_the_event_list_and_event_page_in_japanese(
    client, event, organizer
):
    client.force_login(organizer)
    pk = event["tournament"].pk
    pages = {
        "event list": reverse("tournaments:index"),
        "event page": reverse("tournaments:detail", args=[pk]),
    }
    assert {name: left_on(client, path) for name, path in pages.items()} == {n: [] for n in pages}


def test_it_shows_a_japanese_organizer_the_standings_and_a_round_in_japanese(
    client, event, organizer
):
    client.force_login(organizer)
    pk = event["tournament"].pk
    pages = {
        "standings": reverse("tournaments:standings", args=[pk]),
        "round": event["round"].get_absolute_url(),
        "result form": reverse("tournaments:result", args=[pk, event["table"].pk]),
        "sheets": reverse("tournaments:round_sheets", args=[pk, 1]),
        "projector": reverse("tournaments:projector", args=[pk]),
    }
    assert {name: left_on(client, path) for name, path in pages.items()} == {n: [] for n in pages}


def test_it_shows_a_japanese_organizer_the_organizers_pages_in_japanese(client, event, organizer):
    client.force_login(organizer)
    pk = event["tournament"].pk
    pages = {
        "organizers": reverse("tournaments:organizers"),
        "penalties": reverse("tournaments:penalties", args=[pk]),
        "stages": reverse("tournaments:stages", args=[pk]),
        "referee calls": reverse("tournaments:referee_calls", args=[pk]),
    }
    assert {name: left_on(client, path) for name, path in pages.items()} == {n: [] for n in pages}


def test_it_shows_a_japanese_organizer_the_event_form_in_japanese(client, event, organizer):
    client.force_login(organizer)
    pages = {
        "event settings": reverse("tournaments:edit", args=[event["tournament"].pk]),
        "new event": reverse("tournaments:create"),
    }
    assert {name: left_on(client, path) for name, path in pages.items()} == {n: [] for n in pages}


def test_it_shows_a_japanese_player_a_result_waiting_for_agreement_in_japanese(client, make_event):
    """A league table played hand by hand and confirmed by one player: the second player
    reads the result, the agreement's state and its buttons in Japanese, as does the
    event page listing it."""
    league = make_event(players=4, format=Tournament.LEAGUE)
    players = [e.player for e in league.entries.order_by("pk")]
    signed_in(client, players[0])
    data = {f"player_{w}": p.username for w, p in enumerate(players)}
    client.post(reverse("tournaments:league_table", args=[league.pk]), data)
    table = TournamentTable.objects.get(tournament=league)
    play_by_pages(client, table)
    client.post(score_url(table, "score_confirm"))
    players[1].language = "ja"
    players[1].save()
    signed_in(client, players[1])
    pages = {
        "agreement": score_url(table),
        "league page": reverse("tournaments:detail", args=[league.pk]),
        "league standings": reverse("tournaments:standings", args=[league.pk]),
    }
    assert {name: left_on(client, path) for name, path in pages.items()} == {n: [] for n in pages}
    assert "この結果を承認する" in client.get(score_url(table)).content.decode()


def test_it_shows_a_japanese_organizer_the_club_pages_of_the_tournaments_in_japanese(
    client, event, organizer
):
    """The club's rulesets, a casual table to open, a league game to record and a
    round's games added by their logs."""
    client.force_login(organizer)
    league = Tournament.objects.create(
        name="Winter League",
        format=Tournament.LEAGUE,
        start_date=event["tournament"].start_date,
        ruleset=event["tournament"].ruleset,
        created_by=organizer,
    )
    pk = event["tournament"].pk
    pages = {
        "club rulesets": reverse("tournaments:club_rulesets"),
        "new club ruleset": reverse("tournaments:club_ruleset_new") + "?preset=ronin",
        "casual table": reverse("tournaments:casual_table"),
        "league table": reverse("tournaments:league_table", args=[league.pk]),
        "league game": reverse("tournaments:league_game", args=[league.pk]),
        "round logs": reverse("tournaments:round_logs", args=[pk, 1]),
    }
    assert {name: left_on(client, path) for name, path in pages.items()} == {n: [] for n in pages}


def test_it_shows_a_japanese_organizer_the_hand_entry_of_a_scored_table_in_japanese(
    client, event, organizer
):
    """A round's table scored hand by hand: after two hands (a ron and a draw) the
    entry form, the running scores and the hand list are in Japanese."""
    table = event["round"].tables.order_by("number").last()
    client.force_login(organizer)
    save = score_url(table, "score_save")
    ron = {"outcome": "ron", "winners": ["1"], "discarder": "2", "han_1": "3", "fu_1": "30"}
    draw = {"outcome": "exhaustive", "tenpai": ["0", "3"], "riichi": ["0"]}
    for number, hand in enumerate((ron, draw)):
        data = {"token": f"h{number}", **hand, **hand_key(table)}
        assert client.post(save, data, HTTP_HX_REQUEST="true").status_code == 200
    assert table.hands.count() == 2
    page = client.get(score_url(table)).content.decode()
    assert "ロン" in page and "流局、聴牌" in page
    assert left_on(client, score_url(table)) == []


def test_it_tells_a_japanese_member_who_signs_up_and_withdraws_in_japanese(
    client, make_event, member
):
    """The messages of self-registration, and the closed registration's reason with its
    date written the Japanese way (the locale's date format, 2026年3月1日)."""
    tournament = make_event(players=4, registration_cap=4)
    member.language = "ja"
    member.save()
    client.force_login(member)
    page = client.post(reverse("tournaments:sign_up", args=[tournament.pk]), follow=True)
    assert "満員です。あなたはキャンセル待ちの1番目" in page.content.decode()
    page = client.post(reverse("tournaments:withdraw", args=[tournament.pk]), follow=True)
    assert "キャンセル待ちをやめました。" in page.content.decode()
    tournament.registration_closes = timezone.make_aware(datetime.datetime(2026, 3, 1, 9, 30))
    tournament.save()
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "参加登録は2026年3月1日9:30に締め切られました" in page
    assert english_left(page, names()) == []


def test_it_tells_a_japanese_organizer_who_draws_and_publishes_a_round_in_japanese(
    client, event, organizer
):
    client.force_login(organizer)
    pk = event["tournament"].pk
    page = client.post(
        reverse("tournaments:round_new", args=[pk]), {"method": "random"}, follow=True
    )
    html = page.content.decode()
    assert "2回戦の組み合わせを決めました。確認してから公開してください。" in html
    assert english_left(html, names()) == []
    page = client.post(reverse("tournaments:round_publish", args=[pk, 2]), follow=True)
    assert "2回戦を公開しました。" in page.content.decode()
