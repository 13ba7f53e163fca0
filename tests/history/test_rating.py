"""The club rating (Tenhou-style R) against the formula worked through here."""

import pytest

from history import rating


def expected_ratings(games):
    """R for every player, applying the documented formula game by game."""
    r: dict[int, float] = {}
    played: dict[int, int] = {}
    points = {1: 30, 2: 10, 3: -10, 4: -30}
    for game in games:
        seats = {s.index: s.player_id for s in game.table.seats.all()}
        rows = [(seats[s["seat"]], s["place"]) for s in game.final]
        before = {p: r.get(p, 1500.0) for p, _ in rows}
        average = sum(before.values()) / 4
        for p, place in rows:
            factor = max(0.2, 1 - 0.002 * played.get(p, 0))
            r[p] = before[p] + factor * (points[place] + (average - before[p]) / 40)
            played[p] = played.get(p, 0) + 1
    return r, played


def test_it_rates_players_game_by_game(finished_games, members):
    expected, played = expected_ratings(finished_games)
    ratings = rating.club_ratings()
    for player in members:
        assert ratings.of(player.pk) == pytest.approx(expected[player.pk])
        assert ratings.games[player.pk] == played[player.pk] == len(finished_games)
        history = ratings.history[player.pk]
        assert [p.game_id for p in history] == [g.pk for g in finished_games]
        assert history[-1].rating == pytest.approx(expected[player.pk])
    # four changes per game add up to (almost) nothing: the club stays around 1500
    assert sum(ratings.of(p.pk) for p in members) == pytest.approx(6000, abs=1e-6)


def test_it_damps_veterans_and_rewards_beating_a_stronger_table():
    assert rating.factor(0) == 1
    assert rating.factor(100) == pytest.approx(0.8)
    assert rating.factor(1000) == 0.2
    # first place at a table averaging 1600 is worth more than at one averaging 1500
    assert rating.change(1500, 1, 1600, 0) == pytest.approx(32.5)
    assert rating.change(1500, 1, 1500, 0) == pytest.approx(30)
    assert rating.change(1500, 4, 1400, 0) == pytest.approx(-32.5)


def test_it_ranks_members_by_rating_and_keeps_bots_apart(client, finished_games, members):
    from tables.lobby import bot_player

    from .conftest import play_and_store

    bot = bot_player("careful")
    play_and_store([members[0], bot, bot, bot], [31])
    page = client.get("/players/").content.decode()
    ranking, _, bots = page.partition('id="bots"')
    assert "Careful bot" not in ranking
    assert "Careful bot" in bots
    order = sorted(members, key=lambda p: -rating.club_ratings().of(p.pk))
    positions = [ranking.index(f">{p.name}</a>") for p in order]
    assert positions == sorted(positions)
