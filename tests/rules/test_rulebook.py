"""The rulebook: every page renders, links hold, examples score as claimed, tables match."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest

from rules.engine import BY_KEY, base_points, presets, win_payment
from rules.rulebook import CHAPTERS, examples
from rules.rulebook.points import FU, HAN, possible

pytestmark = pytest.mark.django_db

RONIN = presets.PRESETS["ronin"].ruleset


class Page(HTMLParser):
    """Links, ids and images of one page."""

    def __init__(self):
        super().__init__()
        self.links, self.ids, self.images = [], set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag == "img":
            self.images.append(a.get("src", ""))


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


def crawl(client):
    """Every /rules/ page reachable from the index, with its parsed HTML."""
    seen: dict[str, Page] = {}
    todo = ["/rules/"]
    while todo:
        url = todo.pop()
        if url in seen:
            continue
        response = client.get(url)
        assert response.status_code == 200, f"{url} answered {response.status_code}"
        seen[url] = parse(response.content.decode())
        for href in seen[url].links:
            target, _ = urldefrag(urljoin(url, href))
            parts = urlparse(target)
            if parts.scheme or parts.netloc or parts.query:
                continue
            if parts.path.startswith("/rules/") and parts.path not in seen:
                todo.append(parts.path)
    return seen


def test_it_renders_every_chapter_with_tiles_as_images(client):
    for chapter in CHAPTERS:
        response = client.get(chapter.url)
        assert response.status_code == 200, chapter.slug
        page = parse(response.content.decode())
        tiles = [src for src in page.images if "/static/tiles.svg#" in src]
        assert tiles, f"{chapter.slug} shows no tile images"
        for anchor, _ in chapter.sections:
            assert anchor in page.ids, f"{chapter.slug} lacks section #{anchor}"
            assert f'href="#{anchor}"' in response.content.decode()


def test_it_has_no_broken_internal_link_or_anchor(client):
    pages = crawl(client)
    assert len(pages) >= len(CHAPTERS) + 3  # chapters, index, calculator, ruleset pages
    checked = 0
    fetched: dict = {}  # each linked address is asked for once, however many pages link it
    for url, page in pages.items():
        for href in page.links:
            target = urljoin(url, href)
            path, anchor = urldefrag(target)
            parts = urlparse(path)
            if parts.scheme or parts.netloc:
                continue
            if parts.path.startswith("/rules/") or parts.path.startswith("/static/"):
                if path not in fetched:
                    fetched[path] = client.get(path)
                response = fetched[path]
                assert response.status_code in (200, 302), f"{url} links to {href}"
                if anchor and not parts.query:
                    target_page = pages.get(parts.path) or parse(response.content.decode())
                    assert anchor in target_page.ids, f"{url} links to missing #{anchor} on {path}"
                checked += 1
    assert checked > 100


def test_it_serves_the_static_files_the_pages_use(client):
    html = client.get("/rules/yaku/").content.decode()
    assert "/static/css/rules.css" in html


def test_it_answers_404_for_an_unknown_chapter(client):
    assert client.get("/rules/no-such-chapter/").status_code == 404
    assert client.get("/rules/rulesets/no-such-preset/").status_code == 404
    assert client.get("/rules/rulesets/99999/").status_code == 404


YAKU_EXAMPLES = [e for e in examples.load()["yaku"] if "request" in e]
EXAMPLE_VALUES = json.loads(
    (Path(__file__).parents[1] / "data" / "rulebook_examples.json").read_text()
)["examples"]


@pytest.mark.parametrize("example", YAKU_EXAMPLES, ids=[e["key"] for e in YAKU_EXAMPLES])
def test_it_scores_every_example_hand_as_claimed(example):
    scored = examples.score_example(example)
    assert scored["error"] is None, scored["error"]
    result = scored["result"]
    names = [y["name"] for y in result["yaku"]]
    if example["key"] in BY_KEY:
        assert BY_KEY[example["key"]].name in names, names
    else:
        assert result["limit"] == example["expect_limit"], result
    claimed = EXAMPLE_VALUES[example["key"]]
    assert (result["han"], result["fu"], result["total"]) == (
        claimed["han"],
        claimed["fu"],
        claimed["total"],
    )


def test_it_illustrates_every_yaku_of_the_engine():
    keys = {e["key"] for e in examples.load()["yaku"]}
    # one card covers each family of winds; dora entries are on the dora page;
    # open riichi is not in the Ronin Game Rules or the YDS Mahjong Guide and is only mentioned on the riichi page
    skip = {"open_riichi", "renhou_yakuman", "dora", "aka_dora", "ura_dora"}
    skip |= {k for k in BY_KEY if k.startswith(("seat_", "round_"))}
    assert set(BY_KEY) - skip <= keys


@pytest.mark.parametrize("example", examples.load()["fu"], ids=lambda e: e["key"])
def test_it_scores_every_fu_example(example):
    scored = examples.score_example(example)
    assert scored["error"] is None
    items = scored["result"]["fu_details"]
    assert sum(i["fu"] for i in items) == scored["result"]["fu"]


def test_it_shows_the_yaku_cards_with_names_values_and_examples(client):
    html = client.get("/rules/yaku/").content.decode()
    for key in ("riichi", "pinfu", "chinitsu", "kokushi", "daisuushii", "kazoe", "nagashi_mangan"):
        anchor = "yaku-" + key.replace("_", "-")
        card = re.search(
            rf'<article class="card yaku-card" id="{anchor}">(.*?)</article>', html, re.S
        )
        assert card, anchor
        assert "could not be scored" not in card.group(1)
        assert "/static/tiles.svg#" in card.group(1)
    assert "立直" in html and "Ready hand" in html
    assert "In this club" in html


def _cells(html: str, section: str):
    block = re.search(rf'<section id="{section}">(.*?)</section>', html, re.S).group(1)
    for han, fu, text in re.findall(
        r'<td class="num[^"]*" data-han="(\d+)" data-fu="(\d+)"[^>]*>(.*?)</td>', block, re.S
    ):
        yield int(han), int(fu), text.strip()


@pytest.mark.parametrize(
    "section,dealer,tsumo",
    [
        ("non-dealer-ron", False, False),
        ("non-dealer-tsumo", False, True),
        ("dealer-ron", True, False),
        ("dealer-tsumo", True, True),
    ],
)
def test_it_prints_the_engines_numbers_in_the_points_tables(client, section, dealer, tsumo):
    html = client.get("/rules/points/").content.decode()
    cells = list(_cells(html, section))
    assert len(cells) == len(HAN) * len(FU)
    for han, fu, text in cells:
        if not possible(han, fu, tsumo):
            assert text == "—"
            continue
        base, _ = base_points(han, fu, RONIN)
        paid = win_payment(base, 0, 0 if dealer else 1, tsumo, None if tsumo else 2, 0, 0)
        if not tsumo:
            expected = f"{paid.total:,}"
        elif dealer:
            expected = f"{paid.payers[1]:,} all"
        else:
            expected = f"{paid.payers[2]:,} / {paid.payers[1]:,}"
        kiriage = han * 1000 + fu in (4030, 3060)
        assert text == expected + ("*" if kiriage else ""), (han, fu)


def test_it_marks_the_kiriage_cells(client):
    html = client.get("/rules/points/").content.decode()
    marked = re.findall(r'class="num kiriage" data-han="(\d)" data-fu="(\d+)"', html)
    assert sorted(set(marked)) == [("3", "60"), ("4", "30")]
    assert re.search(r'data-han="4" data-fu="30"[^>]*>8,000\*<', html)


def test_it_follows_the_club_default_ruleset(client):
    from rules.models import Ruleset

    Ruleset.objects.create(
        name="No kuitan",
        preset="ronin",
        settings={"kuitan": False, "kiriage": False},
        is_default=True,
    )
    yaku = client.get("/rules/yaku/").content.decode()
    assert "Not allowed: closed hands only." in yaku
    points = client.get("/rules/points/").content.decode()
    assert re.search(r'data-han="4" data-fu="30"[^>]*>7,700<', points)
    assert "kiriage" not in re.findall(r'class="num ([a-z]+)" data-han="4" data-fu="30"', points)


def test_it_computes_the_uma_example_with_the_engine(client):
    from rules.engine import final_standings

    html = client.get("/rules/game-end/").content.decode()
    finals = [
        s.final for s in final_standings([41700, 28300, 19500, 8500], RONIN, leftover_sticks=2)
    ]
    assert sum(finals) == 0
    block = re.search(r'<section id="example">(.*?)</section>', html, re.S).group(1)
    shown = re.findall(r"<strong>([+\-−]?[\d.]+)</strong>", block)
    assert len(shown) == 4
    assert [float(s.replace("−", "-")) * 1000 for s in shown] == [float(f) for f in finals]


def test_it_lists_the_glossary_terms_of_the_guide(client):
    html = client.get("/rules/glossary/").content.decode()
    for term in ("Dead wall", "Furiten", "Honba", "Kuitan", "Tenpai", "Uma", "Ura dora", "Yakuman"):
        assert f">{term}" in html
