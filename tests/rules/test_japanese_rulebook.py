"""The rulebook's chapters in Japanese (issue #27): a member who reads the site in
Japanese gets each chapter's own Japanese version (``templates/rules/chapters/ja/``),
with no English left, and the very same engine-drawn examples as the English page; a
chapter not yet written in Japanese is shown in English, and the English pages stay
as they were."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from players.models import Player
from rules.rulebook import CHAPTERS
from tests.players.test_japanese import english_left

pytestmark = pytest.mark.django_db

TEMPLATES = Path(settings.BASE_DIR) / "templates" / "rules" / "chapters"
JAPANESE = [c for c in CHAPTERS if (TEMPLATES / "ja" / Path(c.template).name).exists()]
ENGLISH_ONLY = [c for c in CHAPTERS if c not in JAPANESE]
KANA = re.compile(r"[\u3040-\u30ff]")
# the English yaku cards give each yaku's Japanese writing beside its name, by design
JAPANESE_WRITING = re.compile(r'<span class="ja" lang="ja">.*?</span>')
# the tags that draw tiles (the examples the engine checks): the same in both languages
TILE_TAGS = re.compile(r"{%\s*(?:tiles|meld|hand|scored_hand|waits)\s[^%]*%}")
TILE_IMAGES = re.compile(r'<img[^>]*src="([^"]*tiles?[^"]*)"')
# What a Japanese chapter may still show in Latin letters, each for a reason:
NAMES = {
    # the English-language sites the further reading names by their own names
    "Riichi wiki",
    "Mahjong wiki",
    # the club's default ruleset's name (its data, not the site's words)
    "Riichi Club",
}
# <code>: what a reader types into the calculator and the API (``chi:345m``), the
# same in every language. The club-rule notes: the ruleset sheets' own sentences
# (rules/setting_words.py), translated with the sheets, not with the chapters. A
# drawn meld's hover title: its notation (``chi:345m``), as <code> writes it.
NOT_PROSE = re.compile(
    r"<code>.*?</code>|<p class=\"club-rule\">.*?</p>|title=\"[a-z]+:\d+[mpsz]\"", re.S
)


@pytest.fixture
def reader(client):
    member = Player.objects.create_user(
        username="hanako", password="pw-hanako-123", display_name="Hanako", language="ja"
    )
    client.force_login(member)
    return client


def page(client, chapter) -> str:
    response = client.get(chapter.url)
    assert response.status_code == 200, chapter.slug
    return response.content.decode()


def ruleset_names() -> set[str]:
    from rules.models import Ruleset

    return NAMES | {r.name for r in Ruleset.objects.all()} | {"Hanako", "hanako"}


@pytest.mark.parametrize("chapter", JAPANESE, ids=lambda c: c.slug)
def test_it_shows_a_japanese_member_the_chapter_in_japanese_with_no_english_left(reader, chapter):
    html = page(reader, chapter)
    assert '<html lang="ja">' in html
    assert english_left(NOT_PROSE.sub(" ", html), ruleset_names()) == []


@pytest.mark.parametrize("chapter", JAPANESE, ids=lambda c: c.slug)
def test_a_japanese_chapter_draws_the_same_examples_as_the_english_one(client, reader, chapter):
    english = (TEMPLATES / Path(chapter.template).name).read_text(encoding="utf-8")
    japanese = (TEMPLATES / "ja" / Path(chapter.template).name).read_text(encoding="utf-8")
    assert TILE_TAGS.findall(japanese) == TILE_TAGS.findall(english)
    shown_ja = TILE_IMAGES.findall(page(reader, chapter))
    reader.logout()
    shown_en = TILE_IMAGES.findall(page(reader, chapter))
    assert shown_ja and shown_ja == shown_en


@pytest.mark.parametrize("chapter", JAPANESE, ids=lambda c: c.slug)
def test_it_keeps_the_english_chapter_in_english(client, chapter):
    html = page(client, chapter)
    assert '<html lang="en">' in html
    assert not KANA.search(JAPANESE_WRITING.sub(" ", html)), chapter.slug


@pytest.mark.parametrize("chapter", ENGLISH_ONLY, ids=lambda c: c.slug)
def test_a_chapter_not_yet_in_japanese_falls_back_to_english(reader, chapter):
    html = page(reader, chapter)
    english = (TEMPLATES / Path(chapter.template).name).read_text(encoding="utf-8")
    heading = re.search(r"<h2>([^<{]+)</h2>", english)
    assert heading and heading.group(1) in html
    # the frame around it is Japanese all the same
    assert '<html lang="ja">' in html and "目次" in html


def test_it_names_the_chapters_in_japanese_in_the_index(reader):
    html = reader.get("/rules/").content.decode()
    assert "十分でわかる麻雀" in html and "振聴" in html
    assert "Mahjong in ten minutes" not in html


def test_it_finds_the_japanese_words_of_a_chapter_in_the_rulebook_s_search(reader):
    html = reader.get("/rules/search/", {"q": "振聴"}).content.decode()
    assert "/rules/furiten/" in html
    # the search page's own words are Japanese too
    assert "「振聴」の検索結果" in html and "results for" not in html
    assert "同巡内振聴" in html  # a section heading of the Japanese chapter


def test_it_keeps_the_rulebook_s_search_in_english_for_an_english_reader(client):
    html = client.get("/rules/search/", {"q": "furiten"}).content.decode()
    assert "results for “furiten”" in html and "/rules/furiten/" in html
    assert not KANA.search(JAPANESE_WRITING.sub(" ", html))


def test_it_frames_the_glossary_in_japanese_around_its_english_entries(reader):
    """The glossary's entries (rules/rulebook/glossary.json) are not yet written in
    Japanese: the page around them is."""
    html = reader.get("/rules/glossary/").content.decode()
    assert "用語集" in html and "すべての章" in html
    assert "Acceptance" in html
