"""A tournament's final stage: the settings, the cut (by the organizer or by drawing
the next round), the final table seated by place, and the pages that show it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import presenters, rounds, stages
from tournaments.models import Round, Stage

from .conftest import PASSWORD, enter

SCORES = ([40000, 30000, 20000, 10000], [31000, 29000, 21000, 19000])


def signed_in(client, player):
    assert client.login(username=player.username, password=PASSWORD)
    return client


def stage_data(**changes):
    data = {
        "form": "stage",
        "after_round": "2",
        "advance": "4",
        "rounds": "1",
        "scores": "carry",
        "seating": "by_place",
        "ties": "average_place",
    }
    data.update(changes)
    return data


@pytest.fixture
def event(make_event):
    return make_event(players=8, rounds_=3)


def play_round(tournament, seated_round, number):
    round_ = seated_round(tournament, seed=number)
    for table in round_.tables.all():
        enter(table, SCORES[(number + table.number) % 2])
    return round_


def test_an_organizer_sets_a_final_stage_and_the_rounds_follow_it(client, event, organizer):
    signed_in(client, organizer)
    response = client.post(reverse("tournaments:stages", args=[event.pk]), stage_data(rounds="2"))
    assert response.status_code == 302
    stage = Stage.objects.get(tournament=event)
    assert (stage.after_round, stage.advance, stage.rounds, stage.scores) == (2, 4, 2, "carry")
    event.refresh_from_db()
    assert event.rounds == 4
    page = client.get(reverse("tournaments:stages", args=[event.pk])).content.decode()
    assert "After round 2 the top 4 play 2 more rounds; scores carried." in page


@pytest.mark.parametrize(
    "changes, field, words",
    [
        ({"advance": "12"}, "advance", "a cut of 12 is larger than the field"),
        ({"advance": "6"}, "advance", "fill whole tables: 4, 8, 12"),
        ({"advance": "0"}, "advance", "fill whole tables"),
        ({"after_round": "0"}, "after_round", "after round 1 at the earliest"),
        ({"rounds": "49", "after_round": "2"}, "rounds", "at most 50 rounds"),
    ],
)
def test_a_stage_that_cannot_be_played_is_refused_at_its_field(
    client, event, organizer, changes, field, words
):
    signed_in(client, organizer)
    response = client.post(reverse("tournaments:stages", args=[event.pk]), stage_data(**changes))
    assert response.status_code == 400
    assert words in response.content.decode()
    assert f'id="error-{field}"' in response.content.decode()
    assert not Stage.objects.exists()
    event.refresh_from_db()
    assert event.rounds == 3


def test_a_cut_before_its_round_is_refused_and_changes_nothing(
    client, event, organizer, seated_round
):
    Stage.objects.create(tournament=event, after_round=2, advance=4, rounds=1)
    play_round(event, seated_round, 1)
    signed_in(client, organizer)
    response = client.post(reverse("tournaments:stage_cut", args=[event.pk]), follow=True)
    assert "The cut comes after round 2: round 2 must be drawn" in response.content.decode()
    stage = Stage.objects.get()
    assert stage.cut_at is None and stage.qualified == []
    # drawing round 2 is fine; its tables without results still block the cut
    round_two = seated_round(event, seed=2)
    with pytest.raises(stages.Refused, match="every one of its tables have a result"):
        stages.cut(event)
    enter(round_two.tables.first(), SCORES[0])
    with pytest.raises(rounds.SeatingError, match="round 2 must be drawn"):
        rounds.draw(event, Round.RANDOM, seating_seed=3)
    assert event.round_set.count() == 2


def test_a_cut_larger_than_the_ranked_field_is_refused(event, seated_round):
    play_round(event, seated_round, 1)
    Stage.objects.create(tournament=event, after_round=1, advance=12, rounds=1)
    with pytest.raises(stages.Refused, match="a cut of 12 is larger than the field"):
        stages.cut(event)
    assert Stage.objects.get().cut_at is None


def test_drawing_the_round_after_the_cut_makes_it_and_seats_the_final_table_by_place(
    event, seated_round
):
    Stage.objects.create(tournament=event, after_round=2, advance=4, rounds=1)
    play_round(event, seated_round, 1)
    play_round(event, seated_round, 2)
    before = [r["player"] for r in presenters.standings(event)["rows"]]
    final = seated_round(event, seed=3)
    stage = Stage.objects.get()
    assert stage.is_cut and stage.qualified == before[:4]
    assert stage.places == {str(p): n for n, p in enumerate(before, start=1)}
    table = final.tables.get()
    assert [s.player_id for s in table.seat_list()] == before[:4]  # 1st East ... 4th North
    assert not final.byes.exists()


def test_the_standings_and_csv_show_the_final_and_where_the_cut_players_finished(
    client, event, seated_round
):
    Stage.objects.create(tournament=event, after_round=2, advance=4, rounds=1, scores="reset")
    play_round(event, seated_round, 1)
    play_round(event, seated_round, 2)
    before = presenters.standings(event)["rows"]
    final = seated_round(event, seed=3)
    enter(final.tables.get(), [10000, 20000, 30000, 40000])  # North wins: 4th at the cut
    rows = presenters.standings(event)["rows"]
    assert rows[0]["player"] == before[3]["player"]
    assert rows[0]["cells"]["carried"] == "0.0"
    assert rows[0]["cells"]["stage"] == "Final"
    assert [r["cells"]["rank"] for r in rows] == [str(n) for n in range(1, 9)]
    assert [r["player"] for r in rows[4:]] == [r["player"] for r in before[4:]]
    assert {r["cells"]["stage"] for r in rows[4:]} == {"Out after round 2"}
    assert [r["cells"]["total"] for r in rows[4:]] == [r["cells"]["total"] for r in before[4:]]
    page = client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert "Out after round 2" in page and 'class=" cut-player"' in page
    csv = client.get(reverse("tournaments:standings_csv", args=[event.pk])).content.decode()
    header = csv.splitlines()[0].split(",")
    assert header[header.index("Stage") :][:3] == ["Stage", "Carried", "Points"]
    assert csv.count("Out after round 2") == 4 and csv.count(",Final,") == 4
    sheets = client.get(reverse("tournaments:round_sheets", args=[event.pk, 3]))
    assert "Final stage" in sheets.content.decode()
    projector = client.get(reverse("tournaments:projector", args=[event.pk])).content.decode()
    assert "Out after round 2" in projector and "Final stage" in projector


def test_a_stage_cannot_change_once_the_cut_is_made(client, event, organizer, seated_round):
    Stage.objects.create(tournament=event, after_round=1, advance=4, rounds=2)
    play_round(event, seated_round, 1)
    stages.cut(event, organizer)
    signed_in(client, organizer)
    response = client.post(reverse("tournaments:stages", args=[event.pk]), stage_data())
    assert response.status_code == 400
    assert "the stage can no longer change" in response.content.decode()
    client.post(reverse("tournaments:stage_remove", args=[event.pk]))
    assert Stage.objects.get().after_round == 1
    with pytest.raises(stages.Refused, match="already made"):
        stages.cut(event)


def test_players_cannot_set_a_stage_or_make_the_cut(client, event, member, seated_round):
    Stage.objects.create(tournament=event, after_round=1, advance=4, rounds=1)
    play_round(event, seated_round, 1)
    signed_in(client, member)
    assert client.post(reverse("tournaments:stage_cut", args=[event.pk])).status_code == 403
    response = client.post(reverse("tournaments:stages", args=[event.pk]), stage_data())
    assert response.status_code == 403
    assert Stage.objects.get().cut_at is None and Stage.objects.get().after_round == 1
