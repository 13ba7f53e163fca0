"""Practice problems from real games: the shipped file is what the command makes from
the real Tenhou logs, and each answer is the engine's reading of that seat's view."""

import json

import pytest
from django.core.management import call_command

from history import practice_logs
from rules import practice
from rules.engine import kind_notation


def test_the_shipped_real_positions_are_what_the_command_makes_from_the_logs(tmp_path):
    out = tmp_path / "positions.json"
    call_command("practice_positions", "--out", str(out))
    made = json.loads(out.read_text())
    shipped = json.loads(practice.POSITIONS_FILE.read_text())
    assert made == shipped
    assert len(made["discard"]) == practice_logs.KEPT
    assert len(made["defence"]) >= 1


@pytest.mark.parametrize("kind", [practice.DISCARD, practice.DEFENCE])
def test_a_real_position_s_answer_is_the_engine_s(kind):
    shipped = {p["source"]: p for p in practice.real_positions()[kind]}
    checked = 0
    for path in sorted(practice_logs.LOGS.glob("real_tenhou_*.xml")):
        for label, _view, position in practice_logs.positions(path):
            problem = shipped.get(f"a real Tenhou game ({label})")
            if problem is None:
                continue
            if kind == practice.DISCARD:
                best = position.best
                expected = sorted(
                    kind_notation(c.kind)
                    for c in position.candidates
                    if (c.shanten, c.acceptance) == (best.shanten, best.acceptance)
                )
            else:
                expected = sorted(kind_notation(c.kind) for c in position.candidates if c.safe)
            assert problem["answers"] == expected, label
            checked += 1
    assert checked == len(shipped)
