"""The logs members bring: Mahjong Soul games, 30,000-point starts, pro matches written
one hand a line, files of several games, chip games, a game imported twice, and bad
input whose refusal names the hand. The files are described in REAL_GAMES.md."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from history.logs.importer import import_log, import_logs
from history.models import ImportedGame
from players.models import Player
from tables.models import Game, HandRecord

from .conftest import DATA

# Whole real games played in a Mahjong Soul tournament lobby (santi-league, REAL_GAMES.md).
REAL_MAHJONG_SOUL_TOURNAMENTS = [
    "real_mahjongsoul_tournament_south_2025.json",
    "real_mahjongsoul_tournament_south_2026.json",
    "real_mahjongsoul_tournament_30000_no_red_fives.json",
    "real_mahjongsoul_tournament_30000_japanese_client.json",
    "real_mahjongsoul_tournament_30000_ron_on_a_riichi_discard.json",
    # each needs rules its hands show (history/logs/play_rules.py, test_play_rules.py)
    "real_mahjongsoul_tournament_riichi_with_3_tiles_left.json",
    "real_mahjongsoul_tournament_riichi_with_1_tile_left.json",
    "real_mahjongsoul_tournament_four_winds_play_on.json",
    "real_mahjongsoul_tournament_double_ron_honba.json",
]
MAHJONG_SOUL = [
    "real_mahjongsoul_gold_south_hand.json",
    "mahjongsoul_jade_east.json",
    "mahjongsoul_gold_south.json",
    "mahjongsoul_friendly_30000.json",
    *REAL_MAHJONG_SOUL_TOURNAMENTS,
]
# Real games and hands from other projects' test data (REAL_GAMES.md names each source).
# Hands in which a seat throws the same tile twice (from its hand or straight after
# drawing it) and another seat calls one of them.
CALLS_ON_A_REPEATED_DISCARD = [
    "real_tenhou6_houou_pon_of_a_tile_thrown_twice.json",
    "real_tenhou6_houou_open_kan_of_a_tile_thrown_twice.json",
    "real_tenhou6_houou_call_after_a_thrown_draw.json",
]
# Whole games as Tenhou's own JSON download writes them ("ver", "ref": the log id).
TENHOU_JSON_DOWNLOADS = [
    "real_tenhou6_tokujou_south_2019.json",
    "real_tenhou6_east_four_kans_2020.json",
    "real_tenhou6_tokujou_south_2023.json",
    "real_tenhou6_houou_south_2019.json",
]
REAL_TENHOU6 = [
    *TENHOU_JSON_DOWNLOADS,
    "real_tenhou6_joukyuu_east_chankan.json",
    *CALLS_ON_A_REPEATED_DISCARD,
]
REAL_PRO_30000 = [
    "real_pro_meijinsen_draw.json",
    "real_pro_meijinsen_double_ron.json",
    "real_pro_meijinsen_nine_terminals.json",
]
EVERY_KIND = [
    *MAHJONG_SOUL,
    *REAL_TENHOU6,
    *REAL_PRO_30000,
    "tenhou_lobby_30000.json",
    "mleague_one_hand_a_line.json",
    "tenhou6_two_games.json",
    "tenhou_chips_east.json",
    "tenhou_chips_kokushi_2009.xml",
    "tenhou_chips_hanchan_2019.xml",
    "real_tenhou_east_only_2009.xml",
    "real_tenhou_hanchan_2019.xml",
    "real_tenhou_hanchan_four_kans.xml",
    "real_tenhou_houou_south_2019.xml",
]
# An exception's class name in a message meant for people.
CLASS_NAME = re.compile(r"\b[A-Z][A-Za-z]*(Error|Exception|Hand|Ruleset|Notation)\b")


def _data(name: str) -> bytes:
    return (DATA / name).read_bytes()


def _check(*args: str) -> str:
    out = io.StringIO()
    call_command("import_log", *args, "--check", "--dry-run", "--verbose", stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("name", EVERY_KIND)
def test_import_log_check_replays_every_kind_under_the_log_s_own_rules(db, name):
    text = _check(str(DATA / name))
    assert "mismatch" not in text and "unreproducible" not in text
    assert "not imported" not in text
    replayed = re.findall(r"(\d+) of (\d+) (?:hands|games) match", text)
    assert replayed and all(done == total for done, total in replayed), text


@pytest.mark.parametrize("name", MAHJONG_SOUL)
def test_import_log_check_replays_mahjong_soul_games_under_the_mahjong_soul_preset(db, name):
    text = _check(str(DATA / name), "--ruleset", "mahjongsoul")
    assert "mismatch" not in text and "unreproducible" not in text
    replayed = re.findall(r"(\d+) of (\d+) hands match", text)
    assert replayed and all(done == total for done, total in replayed), text
    assert "everything else from the chosen rules (Mahjong Soul ranked)" in text


def test_a_mahjong_soul_east_game_stays_east_only_under_the_mahjong_soul_preset(db):
    report = import_log("jade.json", _data("mahjongsoul_jade_east.json"), ruleset="mahjongsoul")
    assert report.ok, report.first_difference()
    assert report.site == "mahjongsoul"
    assert "length: East only (rule.disp 玉の間東喰赤)" in report.rules_read
    game = Game.objects.get(pk=report.game_id)
    assert game.ruleset["game_type"] == "tonpuusen"
    assert game.ruleset["uma"] == [15000, 5000, -5000, -15000]  # the rest from the preset


def test_a_game_that_starts_at_30000_takes_its_starting_score_from_the_log(db):
    report = import_log("lobby.json", _data("tenhou_lobby_30000.json"))
    assert report.ok, report.first_difference()
    assert "starting score: 30,000 (log[0][1] (hand 1, scores))" in report.rules_read
    game = Game.objects.get(pk=report.game_id)
    assert game.ruleset["start_score"] == 30000
    assert sum(row["score"] for row in game.final) == 120000
    assert [row["score"] for row in sorted(game.final, key=lambda r: r["seat"])] == list(
        report.final_scores
    )


def test_a_mahjong_soul_friendly_room_at_30000_returns_its_starting_score(db):
    report = import_log("friendly.json", _data("mahjongsoul_friendly_30000.json"))
    assert report.ok, report.first_difference()
    game = Game.objects.get(pk=report.game_id)
    assert game.ruleset["start_score"] == 30000 and game.ruleset["target_score"] == 30000


def test_tenhou6_written_one_hand_a_line_reads_as_one_game(db):
    lines = _data("mleague_one_hand_a_line.json").decode().splitlines()
    assert len(lines) > 4
    reports = import_logs("match.json", _data("mleague_one_hand_a_line.json"))
    assert len(reports) == 1
    report = reports[0]
    assert report.ok, report.first_difference()
    assert len(report.hands) == len(lines)
    assert report.rules_assumed == "everything else as at the M-League (M-League)"
    assert HandRecord.objects.filter(game_id=report.game_id).count() == len(lines)


def test_a_file_of_several_games_is_split_into_games(db):
    reports = import_logs("two.json", _data("tenhou6_two_games.json"))
    assert [r.ok for r in reports] == [True, True]
    assert reports[0].name == "two.json, game 1 (line 1)"
    assert Game.objects.count() == 2


def test_a_json_list_of_games_is_split_into_games(db):
    games = [json.loads(line) for line in _data("tenhou6_two_games.json").decode().splitlines()]
    reports = import_logs("list.json", json.dumps(games).encode())
    assert [r.ok for r in reports] == [True, True]
    assert Game.objects.count() == 2


def test_a_chip_game_replays_with_its_chips_on_the_result(client, db):
    report = import_log("chips.json", _data("tenhou_chips_east.json"))
    assert report.ok, report.first_difference()
    assert report.final_chips == (5, -5, -2, 2) or sorted(report.final_chips) == [-5, -2, 2, 5]
    stored = ImportedGame.objects.get(game_id=report.game_id)
    assert stored.chips == list(report.final_chips)
    page = client.get(reverse("history:game", args=[report.game_id])).content.decode()
    assert '<th class="num">Chips</th>' in page
    assert page.count('class="num chips"') == 4


def test_a_tenhou_chip_record_keeps_each_hand_s_chips(db):
    report = import_log("chips.xml", _data("tenhou_chips_hanchan_2019.xml"))
    assert report.ok, report.first_difference()
    assert [h.chips for h in report.hands][-1] == (-1, -1, 3, -1)
    assert report.final_chips == (-1, -2, 4, -1)
    assert "chips (祝儀): yes" in " ".join(report.rules_read)
    stored = ImportedGame.objects.get(game_id=report.game_id)
    assert stored.hand_chips[1] == [0, 0, 1, -1]


def test_a_log_imported_again_is_recognised_as_the_same_game(client, members):
    first = import_log("jade.json", _data("mahjongsoul_jade_east.json"))
    # the same game, laid out differently and with its keys in another order
    data = json.loads(_data("mahjongsoul_jade_east.json"))
    again = json.dumps(dict(reversed(list(data.items()))), indent=4, ensure_ascii=False)
    report = import_log("again.json", again.encode())
    assert report.duplicate_of == first.game_id and report.game_id is None
    assert f"the same game as game {first.game_id}" in report.summary()
    assert Game.objects.count() == 1
    client.force_login(members[0])
    upload = SimpleUploadedFile("again.json", again.encode())
    page = client.post(reverse("history:import"), {"logs": [upload]}).content.decode()
    assert f'the same game as <a href="{reverse("history:game", args=[first.game_id])}">' in page
    assert Game.objects.count() == 1


def test_a_game_written_one_hand_a_line_is_the_same_game_as_written_whole(db):
    lines = _data("mleague_one_hand_a_line.json").decode().splitlines()
    parts = [json.loads(line) for line in lines]
    whole = dict(parts[0])
    whole["log"] = [hand for part in parts for hand in part["log"]]
    whole["sc"] = parts[-1]["sc"]
    first = import_log("whole.json", json.dumps(whole, ensure_ascii=False).encode())
    again = import_log("lines.json", _data("mleague_one_hand_a_line.json"))
    assert first.game_id and again.duplicate_of == first.game_id


def test_json_with_comments_is_refused_naming_the_line(db):
    text = "{\n// exported by hand\n" + _data("tenhou_lobby_30000.json").decode()[1:]
    report = import_log("commented.json", text.encode())
    assert report.error == (
        "line 2: not valid JSON: JSON allows no comments, and line 2 starts one"
    )
    assert Game.objects.count() == 0


def test_a_log_cut_in_the_middle_of_a_hand_is_refused_naming_the_hand(db):
    data = json.loads(_data("tenhou_lobby_30000.json"))
    data["log"][2] = data["log"][2][:16]  # the third hand's result is lost
    report = import_log("cut.json", json.dumps(data, ensure_ascii=False).encode())
    head = data["log"][2][0]
    wind = ("East", "South")[head[0] // 4]
    assert report.error.startswith(f"log[2][16] (hand 3, {wind} {head[0] % 4 + 1}, {head[1]} honba")
    assert "the hand has no result" in report.error
    assert Game.objects.count() == 0


def test_a_record_cut_in_the_middle_of_a_hand_is_refused_naming_the_hand(db):
    xml = _data("real_tenhou_hanchan_2019.xml").decode()
    cut = xml[: xml.rindex("<AGARI")]
    report = import_log("cut.xml", cut.encode())
    assert report.error.startswith("not well-formed XML (no element found")
    assert report.error.endswith(", in hand 8 (South 4): the record is cut or broken there")
    # cut at a tag's end, the record is XML but its last hand has no result
    report = import_log("cut.xml", (cut + "</mjloggm>").encode())
    assert report.error == (
        "hand 8 (South 4): the record ends in the middle of this hand (it has no result)"
    )
    assert Game.objects.count() == 0


def test_a_hand_without_its_dora_indicator_is_refused_naming_the_hand(db):
    data = json.loads(_data("tenhou_lobby_30000.json"))
    data["log"][1][2] = []
    report = import_log("nodora.json", json.dumps(data, ensure_ascii=False).encode())
    head = data["log"][1][0]
    assert report.error == (
        f"log[1][2] (hand 2, East {head[0] % 4 + 1}, {head[1]} honba: dora indicators): "
        "a hand shows at least one dora indicator"
    )
    assert Game.objects.count() == 0


def test_a_bad_game_in_a_multi_game_file_spoils_only_itself(db):
    lines = _data("tenhou6_two_games.json").decode().splitlines()
    first = json.loads(lines[0])
    first["log"][1][2] = []  # no dora indicator
    broken = [json.dumps(first, ensure_ascii=False), lines[1][: len(lines[1]) // 2], lines[1]]
    reports = import_logs("three.json", "\n".join(broken).encode())
    assert len(reports) == 3
    assert "hand 2, East" in reports[0].error and "dora indicator" in reports[0].error
    assert reports[1].error.startswith("line 2: not valid JSON")
    assert reports[1].error.endswith("nothing of this game was imported")
    assert reports[2].ok and reports[2].game_id
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    "data",
    [
        b'{"log": [[[0, 0, 0], {"a": 1}]], "name": ["a", "b", "c", "d"]}',
        b'{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [11], [], 5]], "name": ["a","b","c","d"]}',
        b'{"log": [[["x", 0, 0]]], "name": ["a", "b", "c", "d"]}',
        b'{"log": [[[0, 0, 0], [1, 2, 3, 4], [11], [], [], [], [], [], [], [], [], [], [], [], [], [], ["\xe5\x92\x8c\xe4\xba\x86", 3]]], "name": ["a", "b", "c", "d"]}',
        b'{"title": 3, "log": [], "name": ["a", "b", "c", "d"]}',
        b'<mjloggm><GO type="x"/></mjloggm>',
        b'<mjloggm><INIT seed="0,0,0,1,1,1" ten="a"/></mjloggm>',
        b'{"type": "start_game"}\n{"type": "start_kyoku", "bakaze": "E", "kyoku": 1}',
    ],
)
def test_a_refusal_never_names_an_exception_class(db, data):
    report = import_log("odd.log", data)
    assert report.error, report
    assert not CLASS_NAME.search(report.error), report.error


def test_the_import_page_shows_the_rules_read_and_assumed_and_each_hand(client, members):
    client.force_login(members[0])
    upload = SimpleUploadedFile("jade.json", _data("mahjongsoul_jade_east.json"))
    page = html.unescape(
        client.post(
            reverse("history:import"), {"logs": [upload], "ruleset": "mahjongsoul"}
        ).content.decode()
    )
    assert "Rules read from the log:" in page
    assert "length: East only (rule.disp 玉の間東喰赤)" in page
    assert "Rules assumed: everything else from the chosen rules (Mahjong Soul ranked)." in page
    assert page.count(">replays<") == 4


def test_the_import_page_keeps_the_hands_that_replay_and_lists_those_that_do_not(client, members):
    data = json.loads(_data("tenhou_lobby_30000.json"))
    data["log"][3][16][1] = [d + 100 if k == 0 else d for k, d in enumerate(data["log"][3][16][1])]
    client.force_login(members[0])
    upload = SimpleUploadedFile("odd.json", json.dumps(data, ensure_ascii=False).encode())
    page = html.unescape(
        client.post(reverse("history:import"), {"logs": [upload]}).content.decode()
    )
    assert page.count(">replays<") == len(data["log"]) - 1
    assert page.count(">replays differently<") == 1
    assert "Kept: the 3 hands that replay from the start" in page
    game = Game.objects.get()
    assert HandRecord.objects.filter(game=game).count() == len(data["log"])


def test_a_mahjong_soul_game_is_reviewable_under_its_in_game_names(client, members):
    report = import_log("gold.json", _data("mahjongsoul_gold_south.json"))
    game = Game.objects.get(pk=report.game_id)
    names = [s.player.display_name for s in game.table.seats.order_by("index")]
    assert names == ["Akagi_S", "ぽんぽこ", "Tsubame", "RiverFox"]
    client.force_login(members[0])
    page = client.get(reverse("history:game", args=[game.pk])).content.decode()
    assert reverse("history:review", args=[game.pk, 1]) in page
    assert "Imported from a Mahjong Soul game." in page
    assert client.get(reverse("history:review", args=[game.pk, 1])).status_code == 200


def test_a_member_claims_an_imported_mahjong_soul_name_on_their_settings_page(client, members):
    import_log("gold.json", _data("mahjongsoul_gold_south.json"))
    placeholder = Player.objects.get(is_placeholder=True, display_name="Tsubame")
    client.force_login(members[2])
    page = client.get(placeholder.get_absolute_url()).content.decode()
    assert "Is this you?" in page
    response = client.post(
        reverse("players:preferences"),
        {"display_name": "Chidori", "email": "", "terms": "en", "mahjongsoul_name": "tsubame"},
    )
    assert response.status_code == 302
    page = client.get(placeholder.get_absolute_url()).content.decode()
    assert f'linked to the member <a href="{members[2].get_absolute_url()}">Chidori</a>' in page
    page = client.get(members[2].get_absolute_url()).content.decode()
    assert "Plays as tsubame on Mahjong Soul." in page
    assert placeholder.get_absolute_url() in page


def test_an_in_game_name_linked_by_another_member_is_refused(client, members):
    members[0].tenhou_name = "NoName_A"
    members[0].save()
    client.force_login(members[1])
    response = client.post(
        reverse("players:preferences"),
        {"display_name": "Botan", "email": "", "terms": "en", "tenhou_name": "noname_a"},
    )
    assert response.status_code == 200
    assert "Another member has already linked the Tenhou name" in html.unescape(
        response.content.decode()
    )
    members[1].refresh_from_db()
    assert members[1].tenhou_name == ""


def test_a_mahjong_soul_wind_yaku_still_has_to_be_the_one_our_engine_counts(db):
    text = _data("mahjongsoul_jade_east.json").decode()
    assert "役牌:自風牌(1飜)" in text
    report = import_log("wrong.json", text.replace("役牌:自風牌(1飜)", "役牌:白(1飜)", 1).encode())
    assert report.counts()["mismatch"] == 1
    line = next(h for h in report.hands if h.status == "mismatch")
    assert "the log lists" in line.differences[0] and "Seat wind" not in line.differences[0]


@pytest.mark.parametrize(
    ("disp", "refused"),
    [
        ("三南喰赤", True),
        ("3玉の間南喰赤", True),
        ("3-Player Jade Room South", True),
        ("30000点南喰赤", False),
    ],
)
def test_only_a_three_player_rule_line_is_refused_as_three_player(db, disp, refused):
    data = json.loads(_data("tenhou_lobby_30000.json"))
    data["rule"]["disp"] = disp
    report = import_log("rule.json", json.dumps(data, ensure_ascii=False).encode(), save=False)
    assert (report.error == "rule.disp: three-player games are not supported") is refused


def test_it_reads_the_draw_names_other_converters_write(db):
    text = _data("tenhou6_suukaikan_two_players.json").decode()
    report = import_log("tensoul.json", text.replace("四槓散了", "四開槓").encode(), save=False)
    assert report.ok, report.first_difference()


def test_a_json_log_cut_short_is_refused_naming_the_hand_it_breaks_in(db):
    data = json.loads(_data("tenhou_lobby_30000.json"))
    text = json.dumps(data, ensure_ascii=False)
    third = json.dumps(data["log"][2], ensure_ascii=False)
    cut = text[: text.index(third) + len(third) // 2]
    report = import_log("cut.json", cut.encode())
    head = data["log"][2][0]
    assert report.error.startswith("not valid JSON: ")
    assert report.error.endswith(
        f", in hand 3 (East {head[0] % 4 + 1}, {head[1]} honba): the log is cut or broken there"
    )
    assert Game.objects.count() == 0


def test_yaku_written_in_english_are_compared_by_their_meaning(db):
    # a real Mahjong Soul hand converted with English yaku names ("Ura Dora(0飜)")
    report = import_log("gold.json", _data("real_mahjongsoul_gold_south_hand.json"), save=False)
    assert report.ok, report.first_difference()
    assert report.site == "mahjongsoul"
    text = _data("real_mahjongsoul_gold_south_hand.json").decode()
    wrong = import_log("wrong.json", text.replace('"Riichi(1飜)"', '"Red Dragon(1飜)"').encode())
    assert wrong.counts()["mismatch"] == 1


@pytest.mark.parametrize("name", TENHOU_JSON_DOWNLOADS)
def test_tenhou_s_own_json_download_is_read_as_a_tenhou_game(db, name):
    data = json.loads(_data(name))
    assert "ver" in data and "ref" in data  # as tensoul's header has them too
    report = import_log(name, _data(name), save=False)
    assert report.ok, report.first_difference()
    assert report.site == "tenhou"
    assert report.rules_assumed == "everything else as at Tenhou (Tenhou ranked)"


@pytest.mark.parametrize("name", REAL_PRO_30000)
def test_a_professional_match_s_hand_is_replayed_at_its_30000_start(db, name):
    report = import_log(name, _data(name), save=False)
    assert report.ok, report.first_difference()
    assert "starting score: 30,000 (log[0][1] (hand 1, scores))" in report.rules_read


@pytest.mark.parametrize("name", CALLS_ON_A_REPEATED_DISCARD)
def test_a_call_on_a_tile_thrown_twice_is_placed_where_the_turn_order_allows(db, name):
    report = import_log(name, _data(name), save=False)
    assert report.ok, report.first_difference()
    assert report.counts()["match"] == len(report.hands) == 1


def test_tenhou_s_json_download_and_xml_record_of_one_game_are_the_same_game(db):
    first = import_log("game.xml", _data("real_tenhou_houou_south_2019.xml"))
    assert first.ok and first.game_id, first.first_difference()
    again = import_log("game.json", _data("real_tenhou6_houou_south_2019.json"))
    assert again.ok, again.first_difference()
    assert again.duplicate_of == first.game_id and again.game_id is None
    assert Game.objects.count() == 1
