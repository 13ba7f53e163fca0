"""The practice list in Japanese: the day's problems, the day's date written the
Japanese way, each problem's round and seat in Japanese, no English left."""

import pytest
from django.urls import reverse

from tests.players.test_japanese import english_left

from .test_practice import DAY, clock  # noqa: F401  (the injected day)

pytestmark = pytest.mark.django_db


def test_it_lists_the_day_s_practice_problems_in_japanese(client, clock):  # noqa: F811
    html = client.get(reverse("rules:practice"), headers={"accept-language": "ja"}).content.decode()
    assert "2026年3月14日" in html and "何を切りますか？" in html
    assert "巡目" in html and "局" in html
    assert english_left(html, {"Riichi Club"}) == []
    assert DAY.isoformat() in html


def test_it_shows_a_problem_and_the_engine_s_answer_in_japanese(client, clock):  # noqa: F811
    import re

    from rules import practice

    from .test_practice import problems, url

    for kind in (practice.DISCARD, practice.DEFENCE):
        problem = problems(kind)[0]
        ja = {"accept-language": "ja"}
        client.post(url(problem), {"tile": problem["answers"][0]}, headers=ja)
        html = client.get(url(problem), headers=ja).content.decode()
        assert "エンジンの答え" in html and "正解。" in html
        # where a problem comes from ("bot game 123, move 45") is named as the games are
        html = re.sub(r'<p class="muted small">出典：.*?</p>', "", html, flags=re.S)
        assert english_left(html, {"Riichi Club"}) == [], kind
