"""Whole real games from a Mahjong Soul tournament lobby (santi-league's records, see
REAL_GAMES.md): the rules their headers state, and the score changes their converter
writes for a ron on a riichi discard. test_log_kinds.py replays them all."""

from __future__ import annotations

import html
import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from history.logs.importer import import_log
from history.logs.model import Discard, LogResult, LogWin, Ron
from history.logs.tenhou6_result import CANCELLED_RIICHI_NOTE, uncount_cancelled_riichi
from tables.models import Game, HandRecord

from .conftest import DATA


def _data(name: str) -> bytes:
    return (DATA / name).read_bytes()


def test_a_real_mahjong_soul_tournament_at_30000_without_red_fives_takes_both_from_the_log(db):
    name = "real_mahjongsoul_tournament_30000_no_red_fives.json"
    report = import_log(name, _data(name))
    assert report.ok, report.first_difference()
    assert report.site == "mahjongsoul"
    assert "red fives: none (rule.aka51-53)" in report.rules_read
    assert "starting score: 30,000 (log[0][1] (hand 1, scores))" in report.rules_read
    game = Game.objects.get(pk=report.game_id)
    assert game.ruleset["start_score"] == 30000 and game.ruleset["red_fives"] == [0, 0, 0]
    assert list(report.final_scores) == json.loads(_data(name))["sc"][::2]


def test_a_real_mahjong_soul_tournament_room_named_by_the_japanese_client_is_a_hanchan(db):
    name = "real_mahjongsoul_tournament_30000_japanese_client.json"
    report = import_log(name, _data(name))
    assert report.ok, report.first_difference()
    assert report.site == "mahjongsoul"
    assert "length: East and South (hanchan) (rule.disp 大会戦南喰)" in report.rules_read
    assert len(report.hands) == 12


def test_a_ron_on_a_riichi_discard_pays_the_winner_no_stick_the_converter_counted(db):
    # East 4: seat 0 declares riichi with 2p ("r26") and seat 3 wins on it; the log's
    # score changes pay seat 3 13,000 for a 12,000 hand, the next hand's scores 12,000.
    name = "real_mahjongsoul_tournament_30000_ron_on_a_riichi_discard.json"
    log = json.loads(_data(name))
    assert log["log"][7][-1][1] == [-12000, 0, 0, 13000]
    assert [b - a for a, b in zip(log["log"][7][1], log["log"][8][1], strict=True)] == [
        -12000,
        0,
        0,
        12000,
    ]
    report = import_log(name, _data(name))
    assert report.ok, report.first_difference()
    assert report.hands[7].notes == [CANCELLED_RIICHI_NOTE]
    assert all(not hand.notes for i, hand in enumerate(report.hands) if i != 7)
    stored = HandRecord.objects.get(game_id=report.game_id, index=7)
    assert stored.deltas == [-12000, 0, 0, 12000]


def test_the_import_page_says_why_the_stick_was_left_out(client, members):
    name = "real_mahjongsoul_tournament_30000_ron_on_a_riichi_discard.json"
    client.force_login(members[0])
    upload = SimpleUploadedFile(name, _data(name))
    page = client.post(reverse("history:import"), {"logs": [upload]}).content.decode()
    assert CANCELLED_RIICHI_NOTE in html.unescape(page)
    assert HandRecord.objects.filter(index=7).get().deltas == [-12000, 0, 0, 12000]


def _ron_on_riichi(deltas: tuple[int, ...]) -> LogResult:
    win = LogWin(3, 0, 4, None, 0, (), deltas)
    return LogResult("ron", wins=(win,), deltas=deltas)


def test_a_ron_on_a_riichi_discard_whose_log_pays_no_stick_is_read_as_it_is():
    events = [Discard(0, (10, False), False, riichi=True), Ron((3,), 0)]
    result = _ron_on_riichi((-12000, 0, 0, 12000))
    assert uncount_cancelled_riichi(result, events, sticks=0) == (result, None)
    # with a stick on the table from an earlier hand, the winner takes only that one
    with_stick = _ron_on_riichi((-12000, 0, 0, 13000))
    assert uncount_cancelled_riichi(with_stick, events, sticks=1) == (with_stick, None)
    read, note = uncount_cancelled_riichi(_ron_on_riichi((-12000, 0, 0, 14000)), events, 1)
    assert read.deltas == (-12000, 0, 0, 13000) and read.wins[0].deltas == read.deltas
    assert note == CANCELLED_RIICHI_NOTE


def test_a_ron_on_a_plain_discard_after_a_riichi_keeps_the_stick_it_won():
    events = [
        Discard(0, (10, False), False, riichi=True),
        Discard(1, (11, False), False),
        Ron((3,), 1),
    ]
    result = _ron_on_riichi((0, -8000, 0, 9000))
    assert uncount_cancelled_riichi(result, events, sticks=0) == (result, None)
