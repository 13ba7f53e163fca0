"""The ruleset pages in Japanese: the comparison and a club ruleset's sheet show their
frame, section titles, setting names and marks in Japanese; English stays as it was.

The settings' descriptions (rules.setting_words.describe), the comparison's short values
and the presets' descriptions and sources are still English: they are cut out before
measuring, and named as not done in the branch's report."""

import re

import pytest

from rules.engine.presets import PRESETS
from rules.models import Ruleset
from tests.players.test_japanese import english_left

pytestmark = pytest.mark.django_db

JA = {"accept-language": "ja"}


def frame_of(html: str) -> str:
    """The page without the texts not translated yet: table cells (values and
    descriptions), the presets' list and sources, and the sheet's lead."""
    html = re.sub(r"<td[^>]*>.*?</td>", "", html, flags=re.S)
    html = re.sub(r'<section id="presets">.*?</section>', "", html, flags=re.S)
    html = re.sub(r'<ul class="further">.*?</ul>', "", html, flags=re.S)
    html = re.sub(r"<cite>.*?</cite>", "", html, flags=re.S)
    return re.sub(r"<th><a [^>]*>.*?</th>", "", html, flags=re.S)


@pytest.fixture
def club_ruleset():
    return Ruleset.objects.create(
        name="Club night", preset="ronin", settings={"game_type": "tonpuusen", "kuitan": False}
    )


def names(*extra) -> set[str]:
    return {"Riichi Club", *extra} | {p.name for p in PRESETS.values()}


def test_it_frames_the_ruleset_comparison_in_japanese(client, club_ruleset):
    html = client.get("/rules/rulesets/", headers=JA).content.decode()
    for words in ("ルールの比較", "対局の形式", "喰いタン", "赤ドラ", "クラブのルール"):
        assert words in html, words
    assert english_left(frame_of(html), names("Club night", "Ronin")) == []
    # the comparison's short values are Japanese (their full descriptions, on hover, not yet)
    cells = re.sub(
        r'(<td[^>]*?) title="[^"]*"', r"\1", html.split('<section id="game-structure">')[1]
    )
    cells = re.sub(r'<th><a [^>]*>.*?</th>|<ul class="further">.*?</ul>', "", cells, flags=re.S)
    assert "東風戦" in cells and "五捨六入" in cells
    assert english_left(cells, names("Club night", "Ronin")) == []


def test_it_frames_a_club_ruleset_s_sheet_in_japanese(client, club_ruleset):
    html = client.get(f"/rules/rulesets/{club_ruleset.pk}/", headers=JA).content.decode()
    for words in ("このクラブのルール", "項目を変更", "変更", "このルールで点数を計算する", "一発"):
        assert words in html, words
    assert english_left(frame_of(html), names("Club night", "Ronin")) == []


def test_it_keeps_the_english_sheet_as_it_was(client, club_ruleset):
    html = client.get(f"/rules/rulesets/{club_ruleset.pk}/").content.decode()
    assert "A ruleset of this club: the preset" in html
    assert "with 2 settings changed (marked" in html and "Open tanyao (kuitan)" in html
