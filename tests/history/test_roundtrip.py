"""Export then import: our own tenhou.net/6 JSON (and our own game JSON) come back hand for hand."""

import json
import re

import pytest
from django.urls import reverse

from history.logs.importer import import_log
from rules.engine import presets
from tables.models import Game, HandRecord

from .conftest import EAST_ONLY, play_and_store

COMPARED = (
    "round_wind",
    "round_number",
    "honba",
    "riichi_sticks",
    "result_type",
    "abort_reason",
    "winners",
    "yaku",
    "han",
    "fu",
    "points",
    "limit",
    "wins",
    "deltas",
    "scores_after",
)


def records(game: Game) -> list[dict]:
    return [
        {name: getattr(h, name) for name in COMPARED}
        for h in HandRecord.objects.filter(game=game).order_by("index")
    ]


OWN_TURN = {"discard", "riichi", "open_riichi", "tsumo", "ankan", "shouminkan", "kyuushu"}


def faces(log: list[str]) -> list[str]:
    """The actions taken in one's own turn, without copy numbers.

    tenhou.net/6 names a tile's face, not its copy, and records only the calls that
    were made: a chi that lost to a pon on the same tile leaves no trace, so the
    answers to discards are compared through the hand records instead.
    """
    return [re.sub(r"\.\d", "", t) for t in log if t.split(":")[1] in OWN_TURN]


def round_trip(client, game: Game, route: str):
    response = client.get(reverse(route, args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    report = import_log(f"game-{game.pk}.json", response.content)
    assert report.error is None, report.error
    assert report.ok, report.first_difference()
    assert report.counts()["match"] == game.hands.count()
    return Game.objects.get(pk=report.game_id), json.loads(response.content)


def test_it_reimports_twenty_exported_games_hand_for_hand(client, members):
    # East-only games keep the suite quick; two full hanchan under Tenhou's rules add
    # the South round, agari-yame and kan dora shown with the replacement discard.
    games = play_and_store(members, range(101, 119), EAST_ONLY)
    games += play_and_store(members, [201, 202], presets.preset("tenhou"))
    assert len(games) == 20
    kinds = set()
    for game in games:
        imported, data = round_trip(client, game, "history:export_tenhou")
        assert records(imported) == records(game)
        assert imported.final == game.final
        assert faces(imported.log) == faces(game.log)
        assert [s.player.display_name for s in imported.table.seats.order_by("index")] == data[
            "name"
        ]
        for entry in data["log"]:
            for seat in range(4):
                kinds.update(
                    type(x).__name__ + (x[0] if isinstance(x, str) else "")
                    for x in entry[5 + 3 * seat]
                )
                kinds.update(x[0] for x in entry[6 + 3 * seat] if isinstance(x, str))
    # the exports exercised calls and riichi, not only draws and discards
    assert {"strp", "r"} <= kinds or {"strc", "r"} <= kinds


def test_it_reimports_our_own_json(client, members):
    for game in play_and_store(members, [301, 302]):
        imported, data = round_trip(client, game, "history:export_json")
        assert data["format"] == "riichi-game/1"
        assert records(imported) == records(game)
        assert imported.log == game.log
        # the bot seats travel too: they decide what the open-riichi robot rule allows
        assert game.robots == [0, 1, 2, 3] and data["robots"] == game.robots
        assert imported.robots == game.robots


@pytest.mark.parametrize("route", ["history:export_tenhou", "history:export_json"])
def test_it_names_the_download_after_the_game(client, one_game, route):
    response = client.get(reverse(route, args=[one_game.pk]))
    assert f"game-{one_game.pk}-club-night-game-1" in response["Content-Disposition"]
    assert response["Content-Type"].startswith("application/json")


def test_it_keeps_the_hands_it_reproduced_from_a_partly_matching_log(client, members):
    game = play_and_store(members, [101])[0]
    data = json.loads(client.get(reverse("history:export_tenhou", args=[game.pk])).content)
    last = data["log"][-1]
    last[16][1] = [
        d + (100 if i == 0 else -100 if i == 1 else 0) for i, d in enumerate(last[16][1])
    ]
    report = import_log("altered.json", json.dumps(data, ensure_ascii=False).encode())
    count = len(data["log"])
    assert [h.status for h in report.hands] == ["match"] * (count - 1) + ["mismatch"]
    assert report.stored_hands == count - 1
    imported = Game.objects.get(pk=report.game_id)
    stored = list(HandRecord.objects.filter(game=imported).order_by("index"))
    assert [h.log_end > h.log_start for h in stored] == [True] * (count - 1) + [False]
    assert stored[-1].deltas == last[16][1]  # the log's own outcome for the last hand
    page = client.get(reverse("history:game", args=[imported.pk])).content.decode()
    assert page.count(">Replay</a>") == count - 1
    assert "no replay" in page
    assert f"hold the {count - 1} hands our engine reproduced" in page
    replay = client.get(reverse("history:replay", args=[imported.pk, count - 1])).content.decode()
    assert "could not reproduce" in replay
