"""``manage.py review``: a stored game's review and the benchmark's last line."""

import json
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from rules.engine import parse_action, review_game
from tables.play import states


def run(*args):
    out = StringIO()
    call_command("review", *args, stdout=out)
    return out.getvalue()


def test_it_reviews_a_stored_game_for_one_seat(one_game):
    text = run(str(one_game.pk), "--player", "1")
    expected = review_game(states.setup_of(one_game), [parse_action(a) for a in one_game.log], 1)
    assert f"game {one_game.pk}, seat 1: {expected.agreed}/{expected.decisions}" in text
    assert expected.decisions > 0
    assert "marked:" in text


def test_an_unknown_game_or_seat_is_a_clear_error(one_game):
    with pytest.raises(CommandError, match="no game 999999"):
        run("999999", "--player", "0")
    with pytest.raises(CommandError, match="a seat is 0, 1, 2 or 3"):
        run(str(one_game.pk), "--player", "5")
    with pytest.raises(CommandError, match="--bench N"):
        run(str(one_game.pk))


def test_the_benchmark_prints_hanchan_per_second_last():
    text = run("--bench", "1", "--ruleset", "ronin")
    last = text.strip().splitlines()[-1]
    assert re.fullmatch(r"1 hanchan reviewed, \d+\.\d\d hanchan/s", last)


def test_the_json_review_holds_every_decision_with_its_numbers(one_game):
    data = json.loads(run(str(one_game.pk), "--player", "2", "--json"))
    assert data["game"] == one_game.pk and data["seat"] == 2
    decisions = [d for h in data["hands"] for d in h["decisions"]]
    assert len(decisions) == data["decisions"] > 0
    discards = [d for d in decisions if "candidates" in d]
    assert discards
    for d in discards:
        assert {"tile", "shanten", "accepted", "acceptance", "danger"} <= set(d["candidates"][0])
    assert sum(1 for d in decisions if d["agreed"]) == data["agreed"]
