"""The ranking, a finished game's page and the charts."""

import re
import xml.etree.ElementTree as ET

from django.urls import reverse

from history import charts, rating, stats
from history.logs.importer import import_log
from rules.engine import format_final
from rules.templatetags.words import minus
from tables.models import HandRecord

from .conftest import DATA, play_and_store


def ranked_names(page: str) -> list[str]:
    table = page.split('id="ranking-table"', 1)[1].split("</table>", 1)[0]
    return re.findall(r'<td[^>]*><a href="/players/[^"]+/">([^<]+)</a>', table)


def test_it_sorts_the_ranking_by_rating_games_and_place(client, finished_games, members):
    play_and_store(members[:2] + members[:2], [41])  # Aoi and Botan play one more game
    all_stats = stats.gather(stats.finished_games())
    ratings = rating.club_ratings()

    by_rating = sorted(members, key=lambda p: -ratings.of(p.pk))
    assert ranked_names(client.get("/players/").content.decode()) == [p.name for p in by_rating]

    page = client.get("/players/?sort=games").content.decode()
    assert set(ranked_names(page)[:2]) == {"Aoi", "Botan"}
    games = [
        all_stats[p.pk].games
        for p in sorted(members, key=lambda p: ranked_names(page).index(p.name))
    ]
    assert games == sorted(games, reverse=True)

    page = client.get("/players/?sort=place").content.decode()
    places = [
        all_stats[p.pk].average_place
        for p in sorted(members, key=lambda p: ranked_names(page).index(p.name))
    ]
    assert places == sorted(places)

    assert ranked_names(client.get("/players/?sort=name").content.decode()) == [
        "Aoi",
        "Botan",
        "Chidori",
        "Daiki",
    ]
    assert client.get("/players/?sort=nonsense&min=abc").status_code == 200


def test_it_filters_the_ranking_by_games_played(client, finished_games, members):
    play_and_store(members[:2] + members[:2], [41])
    page = client.get("/players/?min=7").content.decode()
    assert sorted(ranked_names(page)) == ["Aoi", "Botan"]
    assert "Nobody has played 99 games yet." in client.get("/players/?min=99").content.decode()


def test_it_lists_imported_players_only_on_request(client, db):
    import_log("ron.json", (DATA / "tenhou6_riichi_ron_ura.json").read_bytes())
    assert ranked_names(client.get("/players/").content.decode()) == []
    names = ranked_names(client.get("/players/?imported=1").content.decode())
    assert sorted(names) == ["Aoi", "Botan", "Chidori", "Daiki"]


def test_it_shows_a_finished_game_with_a_row_per_hand(client, one_game):
    page = client.get(reverse("history:game", args=[one_game.pk])).content.decode()
    assert len(one_game.final) == 4
    for row in one_game.final:
        assert f'<td class="num">{row["place"]}</td>' in page
    hands = HandRecord.objects.filter(game=one_game).order_by("index")
    assert hands.count() >= 4  # an East-only game has a hand per dealer at least
    assert page.count('class="button small" href="/players/games/') == hands.count()
    yaku_shown = 0
    for hand in hands:
        assert reverse("history:replay", args=[one_game.pk, hand.index]) in page
        for win in hand.wins:
            for name, han in win["yaku"]:
                assert f"{name} {han}" in page
                yaku_shown += 1
    assert yaku_shown, "the game had no win, so no yaku was checked"
    assert reverse("history:export_tenhou", args=[one_game.pk]) in page
    assert reverse("history:export_json", args=[one_game.pk]) in page


def test_it_shows_uma_and_oka_in_the_thousands_of_the_result(client, one_game):
    page = client.get(reverse("history:game", args=[one_game.pk])).content.decode()
    standings = page.split('id="standings"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", standings, re.S)[1:]  # the header row first
    assert len(rows) == 4
    for row, stored in zip(rows, sorted(one_game.final, key=lambda r: r["place"]), strict=True):
        cells = re.findall(r'<td class="num[^"]*">([^<]*)</td>', row)
        uma, oka, result = cells[-3], cells[-2], cells[-1].strip()
        # written with the minus sign on the page (format_final's hyphen is for exports)
        assert uma == minus(format_final(stored["uma"]))
        assert oka == minus(format_final(stored["oka"]))
        assert result == minus(format_final(stored["final"]))
    assert any(row["uma"] for row in one_game.final)  # a real uma was shown, e.g. +20.0
    assert "20000" not in standings.replace("25000", "")
    assert "in thousands of points" in page


def test_it_draws_charts_as_valid_svg_with_words_for_screen_readers():
    bars = charts.bar_chart(["1st", "2nd", "3rd", "4th"], [3, 0, 2, 1], title="Placements")
    root = ET.fromstring(str(bars))
    assert root.get("role") == "img"
    assert root.get("aria-label") == "Placements: 1st: 3, 2nd: 0, 3rd: 2, 4th: 1"
    assert len(root.findall("{http://www.w3.org/2000/svg}rect")) == 4
    line = charts.line_chart([1500, 1520.5, 1490], title="Rating", baseline=1500)
    root = ET.fromstring(str(line))
    assert "from 1500 to 1490" in root.get("aria-label")
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 3
    assert charts.line_chart([], title="Rating") == ""


def test_it_links_a_finished_table_to_its_game_record(client, one_game):
    page = client.get(reverse("tables:table", args=[one_game.table_id]))
    assert page.status_code == 200
    record = reverse("history:game", args=[one_game.pk])
    assert f'href="{record}"' in page.content.decode()
    assert client.get(record).status_code == 200
