"""Every preset value has a source: ``tests/data/presets.json`` lists, per preset and
setting, the value and where it comes from; the engine's presets must match it."""

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from rules.engine import ruleset_to_dict as to_dict
from rules.engine.presets import PRESETS, RONIN

DATA = json.loads((Path(__file__).parents[1] / "data" / "presets.json").read_text())
ROWS = [
    (key, name, row)
    for key, entry in DATA["presets"].items()
    for name, row in entry["settings"].items()
]
# the settings every preset must account for, whatever their value
MATTERS = (
    "game_type",
    "start_score",
    "uma",
    "oka",
    "red_fives",
    "kiriage",
    "double_ron",
    "double_ron_honba",
    "kan_min_live_wall",
    "kan_dora_timing",
    "renhou",
    "yakuman_stacking",
    "double_yakuman",
    "west_round",
    "agariyame",
    "dealer_stop_needs_threshold",
    "pao_scope",
    "tie_rule",
)


@pytest.mark.parametrize(("key", "name", "row"), ROWS, ids=[f"{k}-{n}" for k, n, _ in ROWS])
def test_every_preset_value_matches_its_source(key, name, row):
    assert to_dict(PRESETS[key].ruleset)[name] == row["value"]
    said = [k for k in ("section", "club_choice", "unsourced") if row.get(k)]
    assert len(said) == 1, f"{key}.{name} needs one of a section, a club choice or 'unsourced'"


def test_the_data_file_covers_every_preset_and_every_setting_that_matters():
    assert set(DATA["presets"]) == set(PRESETS)
    ronin = to_dict(RONIN)
    for key, p in PRESETS.items():
        entry = DATA["presets"][key]
        assert entry["document"] and entry["document"] == p.sources[0]
        values = to_dict(p.ruleset)
        needed = set(MATTERS) | {n for n in values if values[n] != ronin[n]}
        if key == "ronin":
            needed = set(values)
        assert needed <= set(entry["settings"]), (key, sorted(needed - set(entry["settings"])))


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(PRESETS))
def test_it_names_the_source_document_on_each_preset_sheet(client, key):
    html = client.get(reverse("rules:ruleset", args=[key])).content.decode()
    entry = DATA["presets"][key]
    assert entry["document"] in html
    for row in entry["settings"].values():
        if "club_choice" in row:
            assert "club's choice" in html
            assert row["club_choice"].split("'")[0][:40] in html


@pytest.mark.django_db
def test_it_shows_each_preset_s_source_on_the_comparison_page(client):
    html = client.get(reverse("rules:rulesets")).content.decode()
    for entry in DATA["presets"].values():
        assert entry["document"] in html
    assert "EMA Riichi Competition Rules 2016" in html


# "seed 001", "seed-002", "seed_003" (also inside a test's name), "seeds 004"
SEED_NUMBER = re.compile(r"(?<![a-z])seeds?[ _-]?#?0\d\d", re.I)
TEXT_SUFFIXES = {".py", ".html", ".md", ".json", ".txt", ".js", ".css", ".po", ""}  # "": Makefile


def test_no_code_comment_or_page_names_a_rule_document_by_its_seed_number():
    root = Path(__file__).parents[2]
    found = []
    folders = ("rules", "players", "tables", "history", "tournaments", "templates", "tests")
    folders += ("static/js", "static/css", "locale", "devtools", "mahjong_site")
    paths = [root / "README.md", root / "Makefile"]
    for folder in folders:
        paths += sorted((root / folder).rglob("*"))
    for path in paths:
        if not path.is_file() or path.suffix not in TEXT_SUFFIXES:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found += [f"{path.relative_to(root)}: {m.group(0)}" for m in SEED_NUMBER.finditer(text)]
    me = Path(__file__).relative_to(root).as_posix()
    assert [f for f in found if not f.startswith(me)] == []


def test_it_would_see_a_seed_number_in_a_test_s_name_or_a_comment():
    seen = ["def test_keeps_seed_002_furiten():", "# as seed 001 says", "(seed-003)", "Seeds 004"]
    assert all(SEED_NUMBER.search(text) for text in seen)
    assert not any(SEED_NUMBER.search(text) for text in ("seed=7", "seed 21", "--seed 1"))
