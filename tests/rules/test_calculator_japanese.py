"""The scoring calculator in Japanese: a reader whose browser asks for Japanese sees the
form, a scored hand (yaku, fu, payments) and a hand's waits with no English left
(measured as in tests/players/test_japanese.py); the English names switch still works."""

import pytest

from rules.engine.presets import PRESETS
from tests.players.test_japanese import english_left

pytestmark = pytest.mark.django_db

JA = {"accept-language": "ja"}
# the presets are named after the rules they follow (club data, as in test_japanese)
NAMES = {"Riichi Club"} | {p.name for p in PRESETS.values()}
# the meld syntax the form reads is typed as written ("chi:345m"), and the API's address
NAMES |= {"chi:", "pon:", "ankan:", "POST /api/score", "POST /api/waits"}
# a riichi pinfu tsumo with a red five and a dora: yaku, fu items and payments all show
SCORED = (
    "/rules/calculator/?hand=234m067p234678s22m&win_tile=2m&win=tsumo&riichi=on"
    "&ippatsu=on&dora=1m&honba=1&riichi_sticks=1&round_wind=E&seat_wind=S"
)
WAITS = "/rules/calculator/?hand=234m067p234s6z678m&discards=5z"
OPEN_HAND = "/rules/calculator/?hand=234m222p55z&meld=pon:777z&meld=chi:345s&win=ron"


def page(client, path: str) -> str:
    response = client.get(path, headers=JA)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="ja">' in html
    return html


def test_it_scores_a_hand_in_japanese(client):
    html = page(client, SCORED)
    assert "score-result" in html
    assert english_left(html, NAMES) == []
    for words in ("立直", "一発", "ツモ", "符", "翻", "点"):
        assert words in html, words


def test_it_shows_a_hand_s_waits_in_japanese(client):
    html = page(client, WAITS)
    assert "waits-result" in html
    assert english_left(html, NAMES) == []
    assert "聴牌" in html or "向聴" in html


def test_it_scores_an_open_hand_in_japanese(client):
    assert english_left(page(client, OPEN_HAND), NAMES) == []


def test_it_keeps_the_english_names_on_the_calculator(client):
    client.post("/rules/terms/", {"terms": "en-names", "next": "/rules/calculator/"})
    html = client.get(SCORED).content.decode()
    assert '<html lang="en">' in html
    yaku = html.split('class="data compact yaku-list"', 1)[1].split("</table>", 1)[0]
    assert "Ready hand" in yaku and "Riichi" not in yaku
    assert "points in all" in html and "Who pays" in html
