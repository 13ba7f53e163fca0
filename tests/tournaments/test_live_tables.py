"""Online rounds open live tables: publishing seats the players at real tables, starts
their games from the round's wall seed, and the finished games fill the standings."""

import pytest
from django.urls import reverse

from rules.engine import pending_seats, seat_view
from tables import runtime
from tables.models import Game
from tables.models import Table as LiveTable
from tables.play import autoplay, states
from tables.play.submit import submit
from tournaments import live, presenters, rounds
from tournaments.models import Result, Seat, Tournament

from .conftest import PASSWORD, seat_ids

pytestmark = pytest.mark.django_db

EAST_ONLY = {"game_type": "tonpuusen", "west_round": False}
WALL_SEED = 20260301


@pytest.fixture(autouse=True)
def live_settings(settings):
    """No background table driver, cheap passwords, a fresh state cache per test."""
    settings.TABLE_DRIVER_AUTOSTART = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    runtime.reset()
    yield settings
    runtime.reset()


@pytest.fixture
def online_round(make_event, seated_round):
    """Publish round 1 of an online, East-only event (the overrides shorten the games)."""

    def make(players, duplicate=False):
        tournament = make_event(
            players=players, format=Tournament.ONLINE, rounds_=1, overrides=EAST_ONLY
        )
        return seated_round(tournament, duplicate=duplicate, wall_seed=WALL_SEED)

    return make


def live_game(table) -> Game:
    return LiveTable.objects.get(pk=table.table_id).current_game()


def play_out(game, clock, limit=5000):
    """Play a live game to its end through submit, every seat on the timeout policy."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.finished:
            return states.state_of(game)
        state = states.state_of(game)
        seat = pending_seats(state)[0]
        clock.advance(0.5)
        submit(game.pk, seat, autoplay.timeout_choice(seat_view(state, seat)), game.version)
    raise AssertionError("the game did not end")


def assert_standings_follow_the_games(tournament, games):
    """Every seated player's total is the engine's final result of their live game."""
    expected = {}
    for table, game in games:
        finals = {row["seat"]: row["final"] for row in game.final}
        for wind, player in enumerate(seat_ids(table)):
            expected[player] = finals[wind]
    rows = presenters.standings(tournament)["rows"]
    assert {r["player"]: r["sort"]["total"] for r in rows} == expected
    assert all(r["cells"]["games"] == "1" for r in rows)
    assert sum(expected.values()) == 0


def test_it_seats_four_players_at_a_live_table_and_files_the_result(online_round, clock):
    round_ = online_round(4)
    assert round_.seed == WALL_SEED
    table = round_.tables.get()
    live_table = LiveTable.objects.get(pk=table.table_id)
    assert live_table.status == LiveTable.PLAYING
    assert live_table.ruleset == round_.tournament.ruleset
    assert [s.player_id for s in live_table.seats.order_by("index")] == seat_ids(table)
    assert not any(s.bot_level for s in live_table.seats.all())
    game = live_table.current_game()
    assert game.seed == live.table_seed(round_.seed, 1, duplicate=False)
    # the event's overrides, not only its stored ruleset, decide how the game is played
    assert game.engine_ruleset() == round_.tournament.engine_ruleset()
    assert game.engine_ruleset().game_type == "tonpuusen"
    assert live_table.ruleset.engine_ruleset().game_type != "tonpuusen"

    final = play_out(game, clock)
    assert len(final.past_logs) >= 4  # a whole East round was played
    game.refresh_from_db()
    live_table.refresh_from_db()
    assert live_table.status == LiveTable.FINISHED
    result = Result.objects.get(table=table)
    assert result.source == Result.ONLINE
    assert result.scores == list(final.scores) and result.seed == game.seed
    assert result.leftover_sticks == final.riichi_sticks
    assert seat_ids(table) == [s.player_id for s in live_table.seats.order_by("index")]
    assert_standings_follow_the_games(round_.tournament, [(table, game)])


def test_it_deals_every_table_of_a_duplicate_round_the_same_walls(online_round, clock):
    round_ = online_round(8, duplicate=True)
    assert round_.duplicate and round_.seed is not None
    t1, t2 = round_.tables.order_by("number")
    g1, g2 = live_game(t1), live_game(t2)
    assert t1.table_id != t2.table_id
    assert g1.seed == g2.seed == round_.seed
    first1, first2 = states.state_of(g1), states.state_of(g2)
    assert first1.wall == first2.wall and first1.hands == first2.hands
    assert set(seat_ids(t1)).isdisjoint(seat_ids(t2))

    play_out(g1, clock)
    play_out(g2, clock)
    g1.refresh_from_db()
    g2.refresh_from_db()
    assert Result.objects.filter(table__round=round_, seed=round_.seed).count() == 2
    assert_standings_follow_the_games(round_.tournament, [(t1, g1), (t2, g2)])
    lines = presenters.standings(round_.tournament)["duplicate_lines"]
    assert len(lines) == 8  # every player compared with the other table's same seat
    assert sorted(line["player"] for line in lines) == sorted(seat_ids(t1) + seat_ids(t2))


def test_it_gives_each_table_of_a_normal_round_its_own_reproducible_seed(online_round):
    round_ = online_round(8)
    t1, t2 = round_.tables.order_by("number")
    g1, g2 = live_game(t1), live_game(t2)
    assert g1.seed == live.table_seed(round_.seed, 1, duplicate=False)
    assert g2.seed == live.table_seed(round_.seed, 2, duplicate=False)
    assert g1.seed != g2.seed
    assert states.state_of(g1).wall != states.state_of(g2).wall
    assert live.table_seed(round_.seed, 2, duplicate=True) == round_.seed


def test_it_opens_each_live_table_once_however_often_it_is_asked(online_round):
    round_ = online_round(8)
    ids = list(round_.tables.order_by("number").values_list("table_id", flat=True))
    assert len(ids) == 2 and None not in ids
    assert live.open_tables(round_) == ids
    rounds.publish(round_)
    assert list(round_.tables.order_by("number").values_list("table_id", flat=True)) == ids
    assert LiveTable.objects.count() == 2 and Game.objects.count() == 2


def test_it_leaves_a_table_staff_linked_by_hand_alone(make_event):
    tournament = make_event(players=8, format=Tournament.ONLINE, rounds_=1)
    round_ = rounds.draw(tournament, "random", seating_seed=5, wall_seed=WALL_SEED)
    t1, t2 = round_.tables.order_by("number")
    t1.table_id = 4242
    t1.save()
    ids = rounds.publish(round_)
    t2.refresh_from_db()
    assert t2.table_id is not None and ids == [4242, t2.table_id]
    assert LiveTable.objects.count() == 1
    assert not LiveTable.objects.filter(pk=4242).exists()


def test_it_opens_no_live_table_for_an_offline_event_or_a_draft(make_event):
    offline = make_event(players=4, rounds_=1)
    offline_round = rounds.draw(offline, "random", seating_seed=1, wall_seed=WALL_SEED)
    assert offline_round.seed is None  # no walls to deal: the games are played at the club
    assert rounds.publish(offline_round) == []
    online = make_event(players=0, format=Tournament.ONLINE, rounds_=1, name="Online")
    for entry in offline.entries.all():
        online.entries.create(player_id=entry.player_id)
    draft = rounds.draw(online, "random", seating_seed=1, wall_seed=WALL_SEED)
    assert live.open_tables(draft) == []
    assert not LiveTable.objects.exists()
    assert not online.tables.filter(table_id__isnull=False).exists()


def test_it_puts_a_bot_in_a_seat_the_seating_left_empty(make_event):
    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=1)
    round_ = rounds.draw(tournament, "random", seating_seed=3, wall_seed=WALL_SEED)
    Seat.objects.filter(table__round=round_, wind=2).update(player=None)
    rounds.publish(round_)
    seats = list(LiveTable.objects.get().seats.order_by("index"))
    assert [bool(s.bot_level) for s in seats] == [False, False, True, False]
    assert seats[2].bot_level == live.BOT_LEVEL and seats[2].player.is_bot


def test_it_tells_the_table_drivers_once_the_round_is_stored(
    make_event, monkeypatch, django_capture_on_commit_callbacks
):
    told = []
    monkeypatch.setattr(live.table_broadcast, "send_started", lambda t, g: told.append((t, g)))
    monkeypatch.setattr(live.table_broadcast, "lobby_changed", lambda: told.append("lobby"))
    tournament = make_event(players=8, format=Tournament.ONLINE, rounds_=1)
    round_ = rounds.draw(tournament, "random", seating_seed=9, wall_seed=WALL_SEED)
    with django_capture_on_commit_callbacks(execute=True):
        rounds.publish(round_)
    games = [live_game(t) for t in round_.tables.order_by("number")]
    assert told == [(g.table_id, g.pk) for g in games] + ["lobby"]
    with django_capture_on_commit_callbacks(execute=True):
        rounds.publish(round_)
    assert len(told) == 3  # nothing new opened, nothing announced


def test_it_links_every_live_table_from_the_round_page(make_event, organizer, client):
    tournament = make_event(players=8, format=Tournament.ONLINE, rounds_=1)
    round_ = rounds.draw(tournament, "random", seating_seed=2, duplicate=True, wall_seed=WALL_SEED)
    client.login(username=organizer.username, password=PASSWORD)
    response = client.post(
        reverse("tournaments:round_publish", args=[tournament.pk, 1]), follow=True
    )
    page = response.content.decode()
    assert "its 2 live tables are playing" in page
    for table in round_.tables.all():
        assert f'href="{reverse("tables:table", args=[table.table_id])}"' in page
    round_.refresh_from_db()
    assert str(round_.seed) not in page  # the walls stay secret while the games run

    t1 = round_.tables.get(number=1)
    player = t1.seat_list()[0].player
    client.logout()
    client.login(username=player.username, password=PASSWORD)
    page = client.get(round_.get_absolute_url()).content.decode()
    own = page.split('id="own-table"')[1].split("</p>")[0]
    assert reverse("tables:table", args=[t1.table_id]) in own and "table 1" in own
    assert f"Play at live table {t1.table_id}" in page


def test_it_shows_the_wall_seed_once_every_game_of_the_round_is_over(online_round, clock, client):
    round_ = online_round(4, duplicate=True)
    assert f"wall seed {round_.seed}" not in client.get(round_.get_absolute_url()).content.decode()
    play_out(live_game(round_.tables.get()), clock)
    assert f"wall seed {round_.seed}" in client.get(round_.get_absolute_url()).content.decode()


def test_it_refuses_a_substitute_at_a_table_already_playing_live(make_event, make_members):
    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=1)
    sub = make_members(1, prefix="s")[0]
    round_ = rounds.draw(tournament, "random", seating_seed=4, wall_seed=WALL_SEED)
    rounds.publish(round_)
    seat = Seat.objects.filter(table__round=round_).first()
    before = seat.player_id
    with pytest.raises(rounds.SeatingError, match="live table"):
        rounds.substitute(seat, sub.pk)
    seat.refresh_from_db()
    assert seat.player_id == before


def test_it_keeps_the_wall_seed_apart_from_the_public_seating_seed(make_event, monkeypatch):
    tournament = make_event(players=4, format=Tournament.ONLINE, rounds_=2)
    monkeypatch.setattr(rounds, "new_seed", lambda: 111)
    first = rounds.draw(tournament, "random", seating_seed=6, duplicate=True)
    assert first.seed == 111
    seating = rounds.history_of_round(first)
    monkeypatch.setattr(rounds, "new_seed", lambda: 222)
    again = rounds.draw(tournament, "random", seating_seed=6, duplicate=True, round_=first)
    # the same seating seed seats the same tables, but the walls come from elsewhere
    assert rounds.history_of_round(again) == seating
    assert again.seed == 222
