"""devtools/bench_against.py reads every figure the two benchmark commands print."""

from io import StringIO

from django.core.management import call_command

from devtools.bench_against import read_figures
from rules.engine import bots


def test_it_reads_each_bot_level_and_the_scoring_figures_from_the_commands_output():
    sim, scoring = StringIO(), StringIO()
    call_command("simulate", bench=True, games=1, seed=1, stdout=sim)
    call_command("bench_scoring", hands=40, stdout=scoring)
    found = read_figures(sim.getvalue(), scoring.getvalue())
    assert set(found) == {
        *(f"{level} hands/s" for level in bots.BOTS),
        "scoring library hands/s",
        "scoring adapter hands/s",
        "adapter overhead %",
    }
    assert all(value > 0 for key, value in found.items() if key.endswith("hands/s"))
