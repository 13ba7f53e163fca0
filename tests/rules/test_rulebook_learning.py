"""The rulebook as a place to learn: the chapters on waits, yaku combinations,
strategy and the real table; the glossary holding every term the pages use; search."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.urls import reverse

from rules.engine import BY_KEY
from rules.rulebook import BY_SLUG, CHAPTERS, examples, learning
from rules.rulebook.builders import glossary_names

pytestmark = pytest.mark.django_db

CLAIMED = json.loads((Path(__file__).parents[1] / "data" / "rulebook_examples.json").read_text())
SCORED = [
    e for section in ("waits", "combinations") for e in examples.load()[section] if "request" in e
]
SHAPES = [e for e in examples.load()["waits"] if "shape" in e]


@pytest.mark.parametrize("example", SCORED, ids=[e["key"] for e in SCORED])
def test_it_scores_every_learning_example_as_the_hand_checked_numbers_say(example):
    scored = examples.score_example(example)
    assert scored["error"] is None, scored["error"]
    result = scored["result"]
    names = {y["name"] for y in result["yaku"]}
    for key in example["shows"]:
        assert BY_KEY[key].name in names, (key, names)
    for key in example["lacks"]:
        assert BY_KEY[key].name not in names, (key, names)
    if example.get("expect_limit"):
        assert result["limit"] == example["expect_limit"]
    claimed = CLAIMED["learning"][example["key"]]
    assert (result["han"], result["fu"], result["total"]) == (
        claimed["han"],
        claimed["fu"],
        claimed["total"],
    )


@pytest.mark.parametrize("example", SHAPES, ids=[e["key"] for e in SHAPES])
def test_it_reads_every_wait_shape_as_the_hand_checked_waits_say(example):
    assert learning.waits_of(example["shape"]) == CLAIMED["waits"][example["key"]]


def test_the_waits_chapter_shows_the_engine_s_waits_and_a_nobetan_s_tanki_fu(client):
    html = client.get("/rules/waits/").content.decode()
    card = re.search(r'id="shape-entotsu">(.*?)</article>', html, re.S).group(1)
    assert card.count('title="') >= 7 + 3  # the hand and the three waits, as tiles
    for tile in CLAIMED["waits"]["entotsu"]:
        assert f'title="{tile}"' in card
    nobetan = re.search(r'id="ex-nobetan_fu">(.*?)</article>', html, re.S).group(1)
    assert "Riichi 1 han" in nobetan and "1 han 40 fu" in nobetan and "1,300" in nobetan


def test_the_strategy_chapter_ranks_discards_by_the_engine_s_acceptance(client):
    rows = learning.acceptance_rows(learning.EFFICIENCY_HAND)
    best = [r["tile"] for r in rows if r["best"]]
    assert best == ["5z"]  # the isolated honour, by the engine's shanten
    html = client.get("/rules/strategy/").content.decode()
    first = re.search(r'<tr class="answer"><th scope="row">(.*?)</th>', html, re.S).group(1)
    assert 'title="5z"' in first
    # the real position: a defence problem with its danger classes
    block = re.search(r'<section id="position">(.*?)</section>', html, re.S).group(1)
    assert "live" in block and "safe" in block and "%" in block


def test_the_table_chapter_computes_the_sticks_and_the_dice(client):
    sticks = learning.stick_set(25000)
    assert sum(s["value"] * s["count"] for s in sticks) == 25000
    assert [s["count"] for s in sticks] == [1, 2, 4, 10]
    html = client.get("/rules/table/").content.decode()
    assert "the dealer&#x27;s own" in html or "the dealer's own" in html
    assert re.search(r"<td class=\"num\">5</td><td>the dealer", html)


# --- the glossary holds every term the pages use ---------------------------------


class Terms(HTMLParser):
    """The words a page marks as terms: <em>, <dfn>, glossary links, and the
    calculator's situation boxes (their label up to the first bracket)."""

    def __init__(self):
        super().__init__()
        self.terms, self._open, self.errors = [], None, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("em", "dfn") or (tag == "a" and "term" in (a.get("class") or "")):
            self._open = [tag, ""]
        if tag == "span" and a.get("class") == "tile-error":
            self._open = ["error", ""]

    def handle_endtag(self, tag):
        if self._open and (tag == self._open[0] or (self._open[0] == "error" and tag == "span")):
            text = " ".join(self._open[1].split())
            (self.errors if self._open[0] == "error" else self.terms).append(text)
            self._open = None

    def handle_data(self, data):
        if self._open:
            self._open[1] += data


# Words the pages stress that are not game terms.
EMPHASIS = {"any", "after", "automatic", "claimed", "major", "before", "not", "every"}


def _known(word: str, names: dict) -> bool:
    w = word.lower().strip()
    return w in names or w.rstrip("s") in names or w in EMPHASIS


def test_every_term_a_page_or_the_calculator_uses_is_in_the_glossary(client):
    from rules.forms import FLAG_LABELS

    names = glossary_names()
    used: dict[str, set[str]] = {}
    for chapter in CHAPTERS:
        page = Terms()
        page.feed(client.get(chapter.url).content.decode())
        assert not page.errors, f"{chapter.slug}: {page.errors}"
        for term in page.terms:
            used.setdefault(term, set()).add(chapter.slug)
    for _, label in FLAG_LABELS:
        used.setdefault(str(label).split(" (")[0], set()).add("calculator")
    assert len(used) > 80  # the collection really ran over the pages
    missing = {t: sorted(pages) for t, pages in used.items() if not _known(t, names)}
    assert missing == {}, " | ".join(sorted(missing))


def test_the_issue_s_missing_terms_are_in_the_glossary():
    names = glossary_names()
    for term in (
        "nobetan", "sanmenchan", "entotsu", "ryanmen", "kanchan", "penchan", "shanpon",
        "tanki", "pair", "yakuhai", "karaten", "head bump", "daiminkan", "ankan",
        "shouminkan", "chankan", "rinshan", "haitei", "houtei", "shimocha", "toimen",
        "kamicha", "genbutsu", "suji", "kabe", "betaori", "quad", "run", "yakuman",
    ):  # fmt: skip
        assert term in names, term


def test_chapter_terms_link_to_their_glossary_entry(client):
    html = client.get("/rules/waits/").content.decode()
    links = re.findall(r'<a class="term" href="([^"]+)">([^<]+)</a>', html)
    assert len(links) >= 10
    glossary = client.get("/rules/glossary/").content.decode()
    for href, _ in links:
        path, anchor = href.split("#")
        assert path == "/rules/glossary/"
        assert f'id="{anchor}"' in glossary, anchor


# --- search ------------------------------------------------------------------------


def search(client, q):
    return client.get(reverse("rules:search"), {"q": q})


def first_result(html: str) -> str:
    return re.search(r'<ol class="search-results">\s*<li><a href="([^"]+)"', html).group(1)


@pytest.mark.parametrize(
    "query",
    ["chiitoitsu", "Seven pairs", "七対子", "seven PAIRS"],
    ids=["ja", "en", "kanji", "case"],
)
def test_search_finds_a_yaku_by_its_japanese_and_english_names(client, query):
    response = search(client, query)
    assert response.status_code == 200
    assert first_result(response.content.decode()) == "/rules/yaku/#yaku-chiitoitsu"


def test_search_finds_glossary_terms_and_chapter_sections(client):
    html = search(client, "genbutsu").content.decode()
    assert "/rules/glossary/#term-genbutsu" in html and "/rules/strategy/#genbutsu" in html
    html = search(client, "dice break").content.decode()
    assert "/rules/table/#dice" in html


def test_search_is_a_plain_get_form_on_every_chapter(client):
    html = client.get("/rules/fu/").content.decode()
    form = re.search(r'<form method="get" action="/rules/search/"[^>]*>(.*?)</form>', html, re.S)
    assert form and 'name="q"' in form.group(1)


def test_search_says_when_nothing_matches_and_survives_odd_input(client):
    html = search(client, "zzqqxx").content.decode()
    assert "0 results" in html and "Nothing in the chapters" in html
    for odd in ("<script>", "a" * 500, "   ", "%00", "七"):
        response = search(client, odd)
        assert response.status_code == 200
        assert "<script>" not in response.content.decode().split("<main")[-1]


# --- the chapters are in the reading order -----------------------------------------


def test_the_new_chapters_are_in_the_book_and_on_the_index(client):
    html = client.get("/rules/").content.decode()
    for slug in ("waits", "combinations", "strategy", "table"):
        assert slug in BY_SLUG
        assert f'href="/rules/{slug}/"' in html
    assert 'href="/rules/practice/"' in html
