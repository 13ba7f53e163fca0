"""The fuzzer, at a reduced count, against a daphne it starts itself on the test database."""

import pytest
from django.core.management import CommandError, call_command

from devtools import fuzzing
from tables.models import Game
from tests.conftest import using_services

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.slow(20)
def test_it_survives_a_seeded_fuzz_run_and_every_game_replays(capsys):
    call_command("fuzz", messages=3000, seed=11, forms=300, keep=True)
    out = capsys.readouterr().out
    assert "No violations (seed 11)." in out
    assert "messages sent     30" in out  # the 3,000 and their sentinels
    assert "form posts        300" in out
    games = list(fuzzing.fuzzed_games())
    assert len(games) >= 3 and any(g.version > 0 for g in games)  # the games went on
    assert all(fuzzing.check_game(g) == [] for g in games)


def test_it_notices_a_stored_game_that_does_not_match_its_log(clock):
    from devtools.fuzzing import new_slot

    slot = new_slot(0, 0, seed=5)
    game = Game.objects.get(pk=slot.game_id)
    assert fuzzing.check_game(game) == []
    Game.objects.filter(pk=game.pk).update(version=3)  # a version with no actions behind it
    problems = fuzzing.check_game(Game.objects.get(pk=game.pk))
    assert problems and "version 3 but 0 logged actions" in problems[0]


def test_it_exits_non_zero_with_the_seed_on_a_violation(monkeypatch):
    def broken(self, ws_base, http_base):
        self.report.violate("a planted violation")
        return self.report

    monkeypatch.setattr(fuzzing.Fuzzer, "run", broken)
    with pytest.raises(CommandError, match="1 violation\\(s\\) with --seed 9"):
        call_command("fuzz", messages=10, seed=9, forms=0, url="ws://127.0.0.1:9")


def test_the_fuzzer_sends_infinite_numbers_lone_surrogates_and_deep_nesting():
    import random

    junk = fuzzing.Junk(random.Random(3), 0)
    sent = [junk.refused(7, ["0:discard:5m.1"], ["1:discard:5m.1"]) for _ in range(3000)]
    texts = [m for m in sent if isinstance(m, str)]
    for shape in ("1e999", "-Infinity", "NaN", "\\ud800", "\\udc00", "[" * fuzzing.Junk.DEEP):
        assert any(shape in text for text in texts), shape
    assert any(
        len(text) > 300 and text[text.index('"version": ') + 11 :][:300].isdigit()
        for text in texts
        if '"version": ' in text
    )


def test_a_message_the_fuzzer_says_must_be_refused_is_never_a_move_the_seat_could_make():
    """Garbled actions are drawn at random, and "0:pass" or "0:discard:1m.0" is one
    draw away: sent at the current version by the seat itself, such a move may be
    legal and accepted, and the error frame the fuzzer waits for never comes."""
    import json
    import random

    from rules.engine import InvalidAction, parse_action

    def own_move_at(version, text):
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):  # bytes, junk, deep nesting
            return None
        if not isinstance(data, dict) or data.get("version") != version:
            return None
        if not isinstance(data.get("action"), str) or len(data) != 2:
            return None
        try:
            action = parse_action(data["action"])
        except InvalidAction:
            return None
        return str(action) if action.seat == 0 else None

    junk = fuzzing.Junk(random.Random(11), 0)
    messages = [
        junk.refused(7, legal, []) for _ in range(8000) for legal in ([], ["0:discard:5m.1"])
    ]
    moves = [m for m in messages if own_move_at(7, m)]
    assert moves == []


@pytest.mark.slow(30)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_organizer_or_scored_table_form_answers_500_to_any_role(seed):
    """Every form of an event, a league and a scored table (casual, league and a
    round's), posted with junk by an anonymous visitor, a member, the event's referee
    and its organizer: never a server error."""
    from devtools import fuzz_event_forms

    if seed != 1 and using_services():
        # Both seeds run in `make test`; on PostgreSQL one is enough for what only it
        # refuses (a NUL, a lone surrogate, text over its column: every seed sends them),
        # and the second would cost CI about a minute.
        pytest.skip("the second seed runs on SQLite only")
    report = fuzzing.Report()
    fuzz_event_forms.run_in_process(1000, seed, report)
    assert report.violations == []
    assert report.forms == 1000
    # the forms were reached, refused and accepted, not all stopped at one door
    assert {200, 302, 403}.issubset(report.statuses), report.statuses
