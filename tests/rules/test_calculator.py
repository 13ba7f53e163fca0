"""The calculator page: same answers as the API, errors next to their field, shareable URLs."""

import re
from html import unescape
from urllib.parse import urlencode

import pytest

from .scored_hands import load, request_for
from .test_api import BAD

pytestmark = pytest.mark.django_db

CASES = load()
URL = "/rules/calculator/"
FORM_CANNOT_SEND = {
    "hand not text",
    "melds not a list",
    "boolean of the wrong type",
    "honba as text",
    "dora not a list of tiles",
    "missing win tile",
}
FORM_NAMES = {"dora_indicators": "dora", "ura_indicators": "ura", "melds": "meld"}


def query_for(body: dict) -> str:
    """An API request body as the calculator's query string."""
    pairs = []
    for key, value in body.items():
        name = FORM_NAMES.get(key, key)
        if value is True:
            pairs.append((name, "on"))
        elif value is False:
            continue
        elif isinstance(value, list):
            if name == "meld":
                pairs += [(name, v) for v in value]
            else:
                pairs.append((name, "".join(str(v) for v in value)))
        else:
            pairs.append((name, str(value)))
    return urlencode(pairs)


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_it_shows_the_right_result_for_every_hand_of_the_data_file(client, stored_ruleset, case):
    response = client.get(URL + "?" + query_for(request_for(case, stored_ruleset)))
    assert response.status_code == 200
    outcome = response.context["outcome"]
    page = text_of(response.content.decode())
    if case.error:
        assert outcome["errors"].get("hand"), outcome
        assert "Nothing to score" in page
        return
    result = outcome.get("result")
    assert result, outcome.get("errors")
    assert {y["name"]: y["han"] for y in result["yaku"]} == case.yaku
    assert result["limit"] == case.limit
    assert result["payments"] == case.expected_payments()
    assert result["total"] == case.expected_total()
    assert f"{case.expected_total():,} points in all" in page
    for name in case.yaku:
        assert name in page


@pytest.mark.parametrize("name,body,field,words", BAD, ids=[b[0] for b in BAD])
def test_it_puts_each_error_next_to_its_field(client, name, body, field, words):
    if field in ("kan_dora",) or name in FORM_CANNOT_SEND:
        pytest.skip("the form cannot send this: its fields are all text")
    if name in ("wrong count", "missing hand"):
        pytest.skip("on the page 13 tiles open the wait analyser and no tiles is the start")
    response = client.get(URL + "?" + query_for(body))
    assert response.status_code == 200
    html = response.content.decode()
    form_field = FORM_NAMES.get(field, field)
    match = re.search(rf'id="error-{form_field}"[^>]*>(.*?)</span>', html, re.S)
    assert match, f"no error next to {form_field}: {response.context['outcome']}"
    assert words.lower() in unescape(match.group(1)).lower()


def test_it_reports_a_wrong_tile_count_next_to_the_hand(client):
    response = client.get(URL + "?" + urlencode({"hand": "123m456p789s99p"}))
    match = re.search(r'id="error-hand"[^>]*>([^<]*)', response.content.decode())
    assert match and "14 tiles" in match.group(1) and "11" in match.group(1)


def test_it_reports_a_form_number_that_is_not_a_number(client):
    response = client.get(
        URL + "?" + urlencode({"hand": "123m456p789s123s99p", "riichi": "on", "honba": "two"})
    )
    assert re.search(r'id="error-honba"[^>]*>[^<]*whole number', response.content.decode())


def test_it_uses_the_last_tile_written_when_no_winning_tile_is_chosen(client):
    response = client.get(URL + "?" + urlencode({"hand": "123m456p789s99p234s"}))
    result = response.context["outcome"]["result"]
    assert result["win_tile"] == "4s"
    assert result["yaku"] == [{"name": "Pinfu", "han": 1}]


def test_it_analyses_waits_for_thirteen_tiles(client):
    response = client.get(
        URL + "?" + urlencode({"hand": "123m456p789s23s99p", "riichi": "on", "discards": "4s"})
    )
    outcome = response.context["outcome"]
    assert outcome["kind"] == "waits"
    waits = {w["tile"]: w for w in outcome["result"]["waits"]}
    assert set(waits) == {"1s", "4s"} and waits["4s"]["furiten"]
    assert "furiten" in response.content.decode()


def test_it_builds_a_hand_by_picking_tiles_without_javascript(client):
    url = URL
    for tile in ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "9p", "9p"]:
        response = client.get(url, {"pick": tile, **dict(_params(url))})
        assert response.status_code == 302
        url = response["Location"]
    response = client.get(url, {"pick": "4s", "mode": "win", **dict(_params(url))})
    url = response["Location"]
    assert "win_tile=4s" in url
    page = client.get(url)
    result = page.context["outcome"]["result"]
    assert result["hand"] == "123m45699p234789s"
    assert result["yaku"] == [{"name": "Pinfu", "han": 1}]


def _params(url: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl, urlparse

    return [p for p in parse_qsl(urlparse(url).query) if p[0] != "mode"]


def test_it_adds_melds_from_the_picker(client):
    response = client.get(URL, {"hand": "", "mode": "chi", "pick": "3m"})
    assert "meld=chi%3A345m" in response["Location"]
    response = client.get(URL, {"mode": "ankan", "pick": "0p"})
    assert "meld=ankan%3A0555p" in response["Location"]
    response = client.get(URL, {"mode": "chi", "pick": "8m"})
    assert response.status_code == 200
    assert "lowest tile of the chi" in response.content.decode()


def test_it_reads_several_melds_typed_with_commas_as_its_example_shows(client):
    response = client.get(URL, {"hand": "456p789s99p", "meld": "chi:345m, pon:555z"})
    assert response.status_code == 200
    outcome = response.context["outcome"]
    assert not outcome["errors"], outcome["errors"]
    assert outcome["result"]["melds"] == ["chi:345m", "pon:555z"]
    assert response.context["form"].melds == ["chi:345m", "pon:555z"]


def test_it_counts_no_tiles_of_a_hand_it_cannot_read(client):
    page = text_of(client.get(URL, {"hand": "abc"}).content.decode())
    assert "-1 of 14" not in page and "No tiles yet" not in page
    assert "Hand (the hand as text has a mistake)" in page
    assert "Correct the hand as text below to see its tiles." in page
    page = text_of(client.get(URL, {"hand": "123m"}).content.decode())
    assert "Hand (3 of 14 tiles, melds count 3)" in page


def test_it_removes_a_tile_and_clears_the_hand(client):
    response = client.get(URL, {"hand": "123m", "drop": "1"})
    assert "hand=13m" in response["Location"]
    response = client.get(URL, {"hand": "123m", "meld": "pon:555z", "dora": "1m", "clear": "1"})
    assert response["Location"] == URL


def test_it_answers_htmx_with_a_partial_and_the_url_to_push(client):
    response = client.get(
        URL, {"hand": "123m456p789s99p23s", "pick": "4s", "mode": "win"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="calculator"')
    assert "<html" not in html
    assert response["HX-Push-Url"].startswith(URL + "?hand=")
    assert "win_tile=4s" in response["HX-Push-Url"]
    assert "Pinfu" in html


def test_it_reproduces_a_calculation_from_its_url(client):
    query = urlencode(
        {
            "hand": "123m456p789s234s99p",
            "win_tile": "4s",
            "win": "tsumo",
            "riichi": "on",
            "dora": "8p",
            "honba": "2",
            "riichi_sticks": "1",
            "ruleset": "ronin",
        }
    )
    first = client.get(URL + "?" + query)
    again = client.get(first.context["query"] and URL + "?" + first.context["query"])
    assert first.context["outcome"]["result"] == again.context["outcome"]["result"]
    assert 'href="/rules/calculator/?' in first.content.decode()


def test_it_keeps_working_with_a_stored_ruleset(client, stored_ruleset):
    pk = stored_ruleset("ronin", {"kiriage": False})
    response = client.get(URL, {"hand": "123m456p789s234s99p", "win_tile": "4s", "ruleset": pk})
    assert response.context["outcome"]["result"]["ruleset"] == pk


ODD_QUERIES = [
    {"pick": "zz"},
    {"pick": "9z"},
    {"drop": "abc", "hand": "123m"},
    {"drop_meld": "7"},
    {"mode": "nonsense", "pick": "1m"},
    {"hand": "1" * 300 + "m"},
    {"hand": "123m", "meld": "pon"},
    {"hand": "123m456p789s123s99p", "win_tile": "0z"},
    {"hand": "123m456p789s123s99p", "ruleset": "-1"},
    {"hand": "123m456p789s123s99p", "seat_wind": "east"},
    {"hand": "123m456p789s123s99p", "honba": "1e9"},
    {"hand": "123m456p789s123s99p", "dora": "1m1m1m1m1m1m"},
    {"hand": "0m0m456p789s123s99p", "win_tile": "0m"},
    {"hand": "123m456p789s123s99p", "pick": "1m", "mode": "win"},
    {"hand": "1234567z1234567z", "win_tile": "7z"},
    {"hand": "123m456p789s23s99p", "discards": "x"},
]


@pytest.mark.parametrize("query", ODD_QUERIES)
def test_it_never_fails_on_odd_input(client, query):
    response = client.get(URL, query, follow=True)
    assert response.status_code == 200
    response = client.get(URL, query, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
