"""The game record's pages in Japanese: a member who chose Japanese reads a finished
game, its replays, its review, the import page, the ranking, a profile and their
notices with no English left (measured as in tests/players/test_japanese.py)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from history import reviews
from history.models import GameReview
from history.review_pages import flat_decisions
from players.models import Player
from tables.models import Table
from tests.players.test_japanese import english_left

pytestmark = pytest.mark.django_db


@pytest.fixture
def inline():
    reviews.use_runner(lambda job: job())
    yield
    reviews.use_runner(None)


@pytest.fixture
def reader(client, members):
    """Aoi, who chose Japanese, signed in; the club's names (members, bots, tables)."""
    aoi = members[0]
    aoi.language = "ja"
    aoi.save()
    client.force_login(aoi)
    return client


def club_names() -> set[str]:
    names = {"Riichi Club"}
    for p in Player.objects.all():
        names |= {p.username, p.name}
    names |= {t.name for t in Table.objects.all()}
    names |= {t.ruleset.name for t in Table.objects.all()}
    return names


def shown_in_japanese(client, path: str) -> list[str]:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    html = response.content.decode()
    assert '<html lang="ja">' in html or 'id="review"' in html or 'id="replay"' in html, path
    return english_left(html, club_names())


def test_it_shows_a_finished_game_s_page_in_japanese(reader, one_game):
    page = reader.get(reverse("history:game", args=[one_game.pk])).content.decode()
    assert english_left(page, club_names()) == []
    for words in ("最終順位", "ウマ", "再生", "ダウンロード", "東1局"):
        assert words in page, words
    # the date of the game in the Japanese way (conftest.START: 1 March 2025)
    assert "2025年3月1日" in page


def test_it_keeps_the_english_game_page_as_it_was(client, one_game):
    page = client.get(reverse("history:game", args=[one_game.pk])).content.decode()
    assert "Final standings" in page and "East 1" in page and "finished 1 March 2025" in page


def test_it_steps_through_a_replay_in_japanese(reader, one_game):
    for record in one_game.hands.order_by("index"):
        base = reverse("history:replay", args=[one_game.pk, record.index])
        first = reader.get(base).content.decode()
        assert "配牌" in first and "ドラ" in first
        assert english_left(first, club_names()) == [], record.index
        last = reader.get(f"{base}?step=9999").content.decode()
        assert english_left(last, club_names()) == [], record.index
        for step in (1, 2, 5):
            for view in ("all", "0"):
                left = shown_in_japanese(reader, f"{base}?step={step}&view={view}")
                assert left == [], (record.index, step, view, left)


def test_it_shows_a_review_in_japanese(reader, one_game, inline):
    base = reverse("history:review", args=[one_game.pk, 0])
    page = reader.get(base).content.decode()
    assert english_left(page, club_names()) == []
    for words in ("打牌候補", "向聴数", "まとめ", "慎重ボット"):
        assert words in page, words
    decisions = flat_decisions(GameReview.objects.get(game=one_game, seat=0).data)
    wanted = {
        "threat": lambda d: d.get("threats"),
        "call": lambda d: d.get("calls"),
        "ready": lambda d: any(c["waits"] for c in d.get("candidates", [])),
        "marked": lambda d: d["marks"],
    }
    seen = set()
    for n, decision in enumerate(decisions):
        kinds = {k for k, test in wanted.items() if test(decision)} - seen
        if not kinds:
            continue
        seen |= kinds
        assert shown_in_japanese(reader, f"{base}?d={n}") == [], (n, kinds)
    assert seen, "no decision of interest in the game"


def test_it_shows_the_import_page_and_its_report_in_japanese(reader):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from rules.engine.presets import PRESETS

    from .conftest import DATA

    # the presets are named after the rules they follow (club data, as in test_japanese)
    names = club_names() | {p.name for p in PRESETS.values()}
    page = reader.get(reverse("history:import")).content.decode()
    assert english_left(page, names) == []
    assert "牌譜の取り込み" in page
    logs = ["mjlog_riichi_ron_ura.xml", "mjlog_exhaustive_noten.xml", "mjai_double_ron.jsonl"]
    files = [SimpleUploadedFile(n, (DATA / n).read_bytes()) for n in logs]
    page = reader.post(reverse("history:import"), {"logs": files}).content.decode()
    assert "報告" in page and "再現" in page
    # the players named in the logs are the club's too now (placeholder profiles)
    names |= club_names() | set(logs)
    # the rules read from a log quote the log's own fields ("GO type 9", "aka_flag") and
    # are stored with the game as read: they stay as the log reader wrote them
    report = re.sub(r'<div class="rules-read">.*?</div>', "", page, flags=re.S)
    assert english_left(report, names) == []
    empty = reader.post(reverse("history:import"), {}).content.decode()
    assert "牌譜ファイルを1つ以上選んでください。" in empty


def test_it_shows_the_ranking_and_a_profile_in_japanese(reader, members, finished_games, inline):
    # a review stored, so the profile draws its agreement chart too
    reader.get(reverse("history:review", args=[finished_games[0].pk, 0]))
    ranking = reader.get(reverse("history:ranking")).content.decode()
    assert english_left(ranking, club_names()) == []
    assert "クラブランキング" in ranking
    profile = reader.get(members[0].get_absolute_url()).content.decode()
    assert english_left(profile, club_names()) == []
    for words in ("成績", "和了率", "放銃率", "慎重ボットとの一致率", "1位"):
        assert words in profile, words
    # the yaku of the member's wins by their Japanese names, the join date the Japanese way
    assert "役" in profile and "年" in profile


def test_it_lists_a_member_s_notices_in_japanese(reader, members):
    from players import notices

    notices.notify(members[0], "invitation", "Botan", "/")
    notices.notify(members[0], "invitation", "Chidori", "/")
    notices.mark_read(members[0].notices.first())
    page = reader.get(reverse("players:notices")).content.decode()
    assert english_left(page, club_names()) == []
    assert "未読1件。" in page and "すべて既読にする" in page
