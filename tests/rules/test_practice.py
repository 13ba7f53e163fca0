"""Practice: discard and defence problems from real (bot) positions, answered by the
engine, a member's score kept, new problems every day."""

import datetime as dt
import re

import pytest
from django.urls import reverse

from rules import practice
from rules.engine import SAFE, analyse_position, kind_notation
from rules.models import PracticeAnswer

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 3, 14)


@pytest.fixture
def clock():
    """Practice's 'today', set by the test."""
    current = {"day": DAY}
    practice.use_clock(lambda: current["day"])
    yield current
    practice.use_clock(None)


@pytest.fixture
def member(client, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    user = django_user_model.objects.create_user(username="pat", password="pw-pat-12345")
    client.force_login(user)
    return user


def url(p, day=DAY):
    return reverse("rules:practice_problem", args=[day.isoformat(), p["id"]])


def problems(kind, day=DAY, real=False):
    """The day's problems of ``kind``: from bot games (or the one from a real game)."""
    return [
        p for p in practice.problems_for(day) if p["kind"] == kind and bool(p.get("real")) == real
    ]


def test_it_makes_discard_and_defence_problems_for_a_day_from_bot_and_real_games():
    found = practice.problems_for(DAY)
    assert len(problems(practice.DISCARD)) == practice.PER_KIND
    assert len(problems(practice.DEFENCE)) == practice.PER_KIND
    assert len(problems(practice.DISCARD, real=True)) == 1
    assert len(problems(practice.DEFENCE, real=True)) == 1
    assert [p["id"] for p in found] == ["d1", "d2", "d3", "d4", "f1", "f2", "f3", "f4"]
    real = problems(practice.DEFENCE, real=True)[0]
    assert real["source"].startswith("a real Tenhou game")


def test_a_discard_problem_s_answer_is_the_engine_s_most_efficient_discard():
    for p in problems(practice.DISCARD):
        position = analyse_position(practice.view_of(p))
        assert not position.threats
        best = position.best
        assert best.tile in p["answers"]
        for c in position.candidates:
            is_answer = kind_notation(c.kind) in p["answers"]
            assert is_answer == ((c.shanten, c.acceptance) == (best.shanten, best.acceptance))


def test_a_defence_problem_s_answer_is_every_tile_the_engine_calls_safe():
    for p in problems(practice.DEFENCE):
        position = analyse_position(practice.view_of(p))
        assert any(r for r in practice.view_of(p).riichi)
        safe = sorted(kind_notation(c.kind) for c in position.candidates if c.safe)
        assert p["answers"] == safe
        for row in p["candidates"]:
            assert (row["danger"] == SAFE) == (row["tile"] in safe)


def test_it_gives_the_same_problems_all_day_and_new_ones_the_next_day():
    def hands(day):
        return [p["hand"] + p["drawn"] for p in practice.problems_for(day) if not p.get("real")]

    practice.problems_for.cache_clear()
    today = hands(DAY)
    practice.problems_for.cache_clear()
    assert hands(DAY) == today
    assert set(hands(DAY + dt.timedelta(days=1))).isdisjoint(today)


def test_the_practice_page_lists_today_s_problems_by_the_injected_clock(client, clock):
    html = client.get(reverse("rules:practice")).content.decode()
    assert "Problems of Saturday 14 March 2026" in html
    for p in practice.problems_for(DAY):
        assert url(p) in html
    clock["day"] = DAY + dt.timedelta(days=1)
    html = client.get(reverse("rules:practice")).content.decode()
    assert "Sunday 15 March 2026" in html


def test_a_member_s_first_answer_is_kept_and_scored(client, clock, member):
    d1 = problems(practice.DISCARD)[0]
    wrong = next(t for t in practice.hand_choices(d1) if t not in d1["answers"])
    response = client.post(url(d1), {"tile": wrong})
    assert response.status_code == 302
    client.post(url(d1), {"tile": d1["answers"][0]})  # a second try is not stored
    row = PracticeAnswer.objects.get(player=member, day=DAY, problem="d1")
    assert (row.choice, row.correct) == (wrong, False)
    f1 = problems(practice.DEFENCE)[0]
    client.post(url(f1), {"tile": f1["answers"][0]})
    html = client.get(url(f1)).content.decode()
    assert "Right." in html and "Your score: 1 of 2 (50%)" in html
    page = client.get(reverse("rules:practice")).content.decode()
    assert "1 of 2 answered as the engine would" in page


def test_the_answer_shows_the_engine_s_reasons(client, clock):
    f1 = problems(practice.DEFENCE)[0]
    client.post(url(f1), {"tile": f1["answers"][0]})
    html = client.get(url(f1)).content.decode()
    table = re.search(r'<table class="data practice-table">(.*?)</table>', html, re.S).group(1)
    assert "Acceptance" in table and "Danger" in table
    for row in f1["candidates"]:
        assert f'title="{row["tile"]}"' in table
        assert f"<td>{row['danger']}</td>" in table


def test_a_visitor_can_answer_and_the_answer_is_kept_in_their_session(client, clock):
    d2 = problems(practice.DISCARD)[1]
    client.post(url(d2), {"tile": d2["answers"][0]})
    assert PracticeAnswer.objects.count() == 0
    html = client.get(url(d2)).content.decode()
    assert "Right." in html and '<section id="answer">' in html
    assert "sign in</a> to keep a score" in client.get(reverse("rules:practice")).content.decode()


def test_a_tile_not_in_the_hand_is_refused_and_nothing_is_kept(client, clock, member):
    d1 = problems(practice.DISCARD)[0]
    for bad in ("9z", "", "1m" * 40, "<b>"):
        if bad in practice.hand_choices(d1):
            continue
        response = client.post(url(d1), {"tile": bad})
        assert response.status_code == 400
        assert "Choose one of the tiles in the hand." in response.content.decode()
    assert PracticeAnswer.objects.count() == 0


def test_a_day_to_come_an_old_day_and_a_bad_date_are_not_found(client, clock):
    p = practice.problems_for(DAY)[0]
    assert client.get(url(p, DAY + dt.timedelta(days=1))).status_code == 404
    assert client.get(url(p, DAY - dt.timedelta(days=400))).status_code == 404
    assert client.get("/rules/practice/2026-02-31/d1/").status_code == 404
    assert client.get(reverse("rules:practice"), {"day": "nonsense"}).status_code == 404
    assert client.get(url({"id": "d9"})).status_code == 404


def test_an_earlier_day_s_problems_stay_open(client, clock):
    yesterday = DAY - dt.timedelta(days=1)
    html = client.get(reverse("rules:practice"), {"day": yesterday.isoformat()}).content.decode()
    assert "An earlier day" in html
    p = practice.problems_for(yesterday)[0]
    assert client.get(url(p, yesterday)).status_code == 200


def test_a_problem_page_offers_one_button_per_distinct_tile_of_the_hand(client, clock):
    d1 = problems(practice.DISCARD)[0]
    html = client.get(url(d1)).content.decode()
    buttons = re.findall(r'<button type="submit" name="tile" value="([^"]+)"', html)
    assert sorted(buttons) == sorted({c["tile"] for c in d1["candidates"]})
    assert '<section id="answer">' not in html  # not before answering
