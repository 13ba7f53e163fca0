"""Events played on other sites: an organizer or referee adds a round's game by its log;
players are matched by the in-game names they linked, the standings take the log's
own final scores, and a seat nobody linked is named with nothing filed."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from players.models import AGREEMENT, Notice
from tables.models import Game
from tournaments import log_rounds, presenters
from tournaments.models import Answer, Result, Round, Tournament
from tournaments.models import TournamentTable as EventTable

from .conftest import PASSWORD

DATA = Path(__file__).resolve().parent.parent / "data" / "logs"
LOBBY = "mleague_one_hand_a_line.json"
LOBBY_NAMES = ["多井 隆晴", "佐々木 寿人", "伊達 朱里紗", "松本 吉弘"]
SOUL = "mahjongsoul_gold_south.json"
SOUL_NAMES = ["Akagi_S", "ぽんぽこ", "Tsubame", "RiverFox"]


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.TABLE_DRIVER_AUTOSTART = False


@pytest.fixture
def event(make_event):
    """Eight registered players; the first four linked the lobby game's Tenhou names,
    the next three three of the Mahjong Soul game's names (RiverFox is not linked)."""
    tournament = make_event(players=8, preset="tenhou", rounds_=2)
    players = [e.player for e in tournament.entries.order_by("pk")]
    for player, name in zip(players[:4], LOBBY_NAMES, strict=True):
        player.tenhou_name = name
        player.save()
    for player, name in zip(players[4:7], SOUL_NAMES[:3], strict=True):
        player.mahjongsoul_name = name
        player.save()
    Round.objects.create(tournament=tournament, number=1)
    return tournament


def _final(name: str) -> list[int]:
    sc = json.loads((DATA / name).read_text().splitlines()[-1])["sc"]
    scores = sc[0::2]
    return [round(v * (100 if abs(sum(scores)) < 10_000 else 1)) for v in scores]


def _upload(client, tournament, *names: str, user=None):
    files = [SimpleUploadedFile(n, (DATA / n).read_bytes()) for n in names]
    return client.post(reverse("tournaments:round_logs", args=[tournament.pk, 1]), {"logs": files})


def test_an_organizer_adds_a_round_s_game_by_its_log_and_the_standings_take_its_scores(
    client, event, organizer
):
    client.force_login(organizer)
    response = _upload(client, event, LOBBY)
    assert response.status_code == 200
    page = html.unescape(response.content.decode())
    assert "Added as table 1" in page
    table = EventTable.objects.get(tournament=event)
    players = [e.player for e in event.entries.order_by("pk")][:4]
    assert [s.player_id for s in table.seat_list()] == [p.pk for p in players]
    result = Result.objects.get(table=table)
    assert result.scores == _final(LOBBY)
    assert result.confirmed_by == organizer  # the organizer's path counts as agreed
    # the game is in the club's history too, reviewable like any other
    game = Game.objects.get(table_id=table.table_id)
    assert [s.player.display_name for s in game.table.seats.order_by("index")] == LOBBY_NAMES
    standings = html.unescape(
        client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    )
    assert all(p.name in standings for p in players)


def test_a_seat_whose_in_game_name_nobody_linked_is_named_and_nothing_is_filed(
    client, event, organizer
):
    client.force_login(organizer)
    page = html.unescape(_upload(client, event, SOUL).content.decode())
    assert "Not added. Nothing of this game was stored." in page
    assert (
        "North (seat 4, 'RiverFox'): no registered player has linked this name. The player "
        "adds it as their Mahjong Soul name on their settings page" in page
    )
    assert not EventTable.objects.filter(tournament=event).exists()
    assert not Game.objects.exists()
    last = event.entries.order_by("pk")[7].player
    last.mahjongsoul_name = "riverfox"
    last.save()
    page = html.unescape(_upload(client, event, SOUL).content.decode())
    assert "Added as table 1" in page
    assert Result.objects.get(table__tournament=event).scores == _final(SOUL)


def test_a_game_fills_the_table_drawn_for_its_four_players(event, organizer, seated_round):
    Round.objects.get(tournament=event, number=1).delete()
    drawn = seated_round(event, seed=3)
    players = {e.player.tenhou_name: e.player for e in event.entries.all() if e.player.tenhou_name}
    others = [e.player for e in event.entries.all() if not e.player.tenhou_name]
    first, second = drawn.tables.order_by("number")
    # the draw put these four at table 2, in another wind order than they played
    for table, four in ((first, others), (second, [players[n] for n in reversed(LOBBY_NAMES)])):
        for seat, player in zip(table.seat_list(), four, strict=True):
            seat.player = player
            seat.save()
    outcome = log_rounds.add_game(event, drawn, LOBBY, (DATA / LOBBY).read_bytes(), organizer)[0]
    assert outcome.ok, outcome.problems
    assert outcome.table.pk == second.pk
    assert [s.player_id for s in outcome.table.seat_list()] == [players[n].pk for n in LOBBY_NAMES]
    assert drawn.tables.count() == 2


def test_the_same_game_added_twice_is_refused(event, organizer):
    round_ = Round.objects.get(tournament=event, number=1)
    data = (DATA / LOBBY).read_bytes()
    assert log_rounds.add_game(event, round_, LOBBY, data, organizer)[0].ok
    again = log_rounds.add_game(event, round_, "again.json", data, organizer)[0]
    assert again.problems == ["this game is already a table of this event"]
    assert EventTable.objects.filter(tournament=event).count() == 1


def test_a_game_that_starts_at_other_points_than_the_event_is_refused(event, organizer):
    round_ = Round.objects.get(tournament=event, number=1)
    name = "tenhou_lobby_30000.json"
    outcome = log_rounds.add_game(event, round_, name, (DATA / name).read_bytes(), organizer)[0]
    assert outcome.problems == [
        "the game starts at 30,000 points but this event's rules start at 25,000: its "
        "scores cannot count in these standings"
    ]
    assert not Result.objects.exists()


def test_a_log_without_final_scores_gives_no_result(event, organizer):
    lines = (DATA / LOBBY).read_text().splitlines()
    data = json.loads(lines[0])
    round_ = Round.objects.get(tournament=event, number=1)
    outcome = log_rounds.add_game(
        event, round_, "part.json", json.dumps(data, ensure_ascii=False).encode(), organizer
    )[0]
    assert not outcome.ok
    assert "it has no final scores" in outcome.problems[0]
    assert not Result.objects.exists()


def test_a_referee_adds_games_by_log_and_a_member_may_not(client, event, make_members):
    referee, stranger = make_members(2, prefix="r")
    event.referees.add(referee)
    client.force_login(referee)
    page = html.unescape(_upload(client, event, LOBBY).content.decode())
    assert "Added as table 1" in page
    client.force_login(stranger)
    response = client.get(reverse("tournaments:round_logs", args=[event.pk, 1]))
    assert response.status_code == 403
    assert "organizers and referees" in response.content.decode()
    client.logout()
    assert client.post(reverse("tournaments:round_logs", args=[event.pk, 1])).status_code == 403


def test_the_round_page_links_to_adding_games_by_log_for_the_staff_and_its_players_only(
    client, event, organizer, member
):
    url = reverse("tournaments:round", args=[event.pk, 1])
    link = reverse("tournaments:round_logs", args=[event.pk, 1])
    client.force_login(organizer)
    assert link in client.get(url).content.decode()
    client.force_login(event.entries.order_by("pk")[0].player)
    assert link in client.get(url).content.decode()
    client.force_login(member)
    assert link not in client.get(url).content.decode()
    assert PASSWORD


# --- a seated player adds their own game: the event's agreement rules apply


def _games_counted(tournament) -> dict[str, str]:
    return {
        r["cells"]["name"]: r["cells"]["games"] for r in presenters.standings(tournament)["rows"]
    }


def _seated(event):
    return [e.player for e in event.entries.order_by("pk")][:4]


def test_a_seated_player_s_upload_waits_for_agreement_and_the_others_are_asked(client, event):
    seated = _seated(event)
    client.force_login(seated[0])
    form = client.get(reverse("tournaments:round_logs", args=[event.pk, 1])).content.decode()
    assert "As a player you add only a game you played in" in form
    page = html.unescape(_upload(client, event, LOBBY).content.decode())
    assert "Added as table 1" in page
    assert "Its result waits for agreement" in page
    result = Result.objects.get(table__tournament=event)
    assert result.status == Result.WAITING
    assert result.confirmed_by == seated[0] and result.decided_by is None
    assert list(result.answers.values_list("player_id", "answer")) == [(seated[0].pk, Answer.AGREE)]
    asked = set(Notice.objects.filter(kind=AGREEMENT).values_list("member_id", flat=True))
    assert asked == {p.pk for p in seated[1:]}
    assert all(g == "0" for g in _games_counted(event).values())
    round_page = client.get(reverse("tournaments:round", args=[event.pk, 1])).content.decode()
    assert "waiting for agreement" in round_page.lower()
    detail = client.get(reverse("tournaments:detail", args=[event.pk])).content.decode()
    assert 'id="waiting-results"' in detail


def test_another_seated_member_s_agreement_makes_it_count_in_the_standings(client, event):
    seated = _seated(event)
    client.force_login(seated[0])
    _upload(client, event, LOBBY)
    table = EventTable.objects.get(tournament=event)
    client.force_login(seated[2])
    response = client.post(reverse("tournaments:score_agree", args=[event.pk, table.pk]))
    assert response.status_code == 302
    assert Result.objects.get(table=table).status == Result.AGREED
    counted = _games_counted(event)
    assert all(counted[p.name] == "1" for p in seated)


def test_under_results_need_a_referee_a_seated_player_s_upload_waits_for_a_referee(
    client, event, make_members
):
    (referee,) = make_members(1, prefix="ref")
    event.referees.add(referee)
    event.result_agreement = Tournament.REFEREE_AGREES
    event.save()
    seated = _seated(event)
    client.force_login(seated[0])
    _upload(client, event, LOBBY)
    table = EventTable.objects.get(tournament=event)
    assert Notice.objects.filter(kind=AGREEMENT, member=referee).exists()
    client.force_login(seated[1])
    client.post(reverse("tournaments:score_agree", args=[event.pk, table.pk]))
    assert Result.objects.get(table=table).status == Result.WAITING
    client.force_login(referee)
    client.post(reverse("tournaments:score_agree", args=[event.pk, table.pk]))
    result = Result.objects.get(table=table)
    assert result.status == Result.AGREED and result.decided_by == referee


def test_a_stranger_s_upload_is_refused_and_nothing_is_stored(client, event, member):
    unseated = [e.player for e in event.entries.order_by("pk")][4]  # registered, not in it
    client.force_login(unseated)
    response = _upload(client, event, LOBBY)
    assert response.status_code == 403
    assert "only a game you played in" in html.unescape(response.content.decode())
    client.force_login(member)  # not even registered
    assert client.get(reverse("tournaments:round_logs", args=[event.pk, 1])).status_code == 403
    assert _upload(client, event, LOBBY).status_code == 403
    assert not EventTable.objects.filter(tournament=event).exists()
    assert not Game.objects.exists() and not Result.objects.exists()


def test_a_player_adding_a_game_directly_is_refused_when_not_seated(event):
    round_ = Round.objects.get(tournament=event, number=1)
    unseated = [e.player for e in event.entries.order_by("pk")][4]
    outcome = log_rounds.add_game(event, round_, LOBBY, (DATA / LOBBY).read_bytes(), unseated)[0]
    assert outcome.problems == ["you are not seated in this game: add only a game you played"]
    assert not Result.objects.exists()


def test_an_organizer_s_upload_still_counts_at_once(client, event, organizer):
    client.force_login(organizer)
    page = html.unescape(_upload(client, event, LOBBY).content.decode())
    assert "waits for agreement" not in page
    result = Result.objects.get(table__tournament=event)
    assert result.status == Result.AGREED and result.decided_by == organizer
    assert not Notice.objects.filter(kind=AGREEMENT).exists()
    assert all(_games_counted(event)[p.name] == "1" for p in _seated(event))
