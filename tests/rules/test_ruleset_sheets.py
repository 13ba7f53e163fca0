"""Ruleset sheets: every setting in plain words, grouped; presets compared side by side."""

import re

import pytest

from rules import setting_words, sheets
from rules.engine import presets, rulesets
from rules.models import Ruleset

pytestmark = pytest.mark.django_db


def test_it_describes_every_setting_of_the_engine():
    fields = {name for names in rulesets.GROUPS.values() for name in names}
    assert fields == set(setting_words.SETTINGS)
    for preset in presets.PRESETS.values():
        for section in sheets.sheet(preset.ruleset):
            for row in section["rows"]:
                assert row["text"] and row["label"], row["name"]


@pytest.mark.parametrize("key", list(presets.PRESETS))
def test_it_renders_a_sheet_for_every_preset(client, key):
    response = client.get(f"/rules/rulesets/{key}/")
    assert response.status_code == 200
    html = response.content.decode()
    for title in rulesets.GROUPS:
        assert f">{title}</h2>" in html
    for name in setting_words.SETTINGS:
        assert f'id="setting-{name}"' in html
    assert f"?ruleset={key}" in html


def test_it_renders_a_stored_ruleset_by_id(client):
    stored = Ruleset.objects.create(
        name="Friday league", preset="ronin", settings={"kuitan": False}
    )
    html = client.get(f"/rules/rulesets/{stored.pk}/").content.decode()
    assert "Friday league" in html
    assert "Not allowed: closed hands only." in html
    assert "1 setting changed" in html


def test_it_explains_a_broken_stored_ruleset_instead_of_failing(client):
    stored = Ruleset.objects.create(name="Old", preset="ronin")
    Ruleset.objects.filter(pk=stored.pk).update(settings={"no_such_setting": 1})
    response = client.get(f"/rules/rulesets/{stored.pk}/")
    assert response.status_code == 200
    assert "cannot be used" in response.content.decode()


def test_it_has_a_short_form_of_every_setting_for_the_comparison():
    for preset in presets.PRESETS.values():
        for name in setting_words.SETTINGS:
            text = sheets.short(preset.ruleset, name)
            assert text and len(text) <= 30, (name, text)


def test_it_compares_the_presets_and_highlights_differences(client):
    html = client.get("/rules/rulesets/").content.decode()
    for preset in presets.PRESETS.values():
        assert preset.name in html
    kuitan = re.search(r'<tr class="(\w+)" id="setting-kuitan">', html).group(1)
    assert kuitan == "same"  # every preset allows open tanyao
    uma = re.search(r'<tr class="(\w+)" id="setting-uma">(.*?)</tr>', html, re.S)
    assert uma.group(1) == "differs"
    assert uma.group(2).count('class="diff"') >= 3  # the 15-5, 10-30 and 35/5/-15/-25 presets
    assert "+20 / +10 / -10 / -20" in uma.group(2)
    assert 'title="+20,000 / +10,000 / -10,000 / -20,000 (first to fourth)"' in uma.group(2)


def test_win_claim_settings_show_in_words_on_a_claimed_rulesets_sheet(client):
    stored = Ruleset.objects.create(
        name="Club claims",
        preset="ronin",
        settings={"win_settlement": "claimed", "one_han_check": False, "evaluate_by_app": False},
    )
    html = client.get(f"/rules/rulesets/{stored.pk}/").content.decode()
    section = html.split(">Table procedure</h2>", 1)[1]
    assert "By claim, as at a club table" in section
    assert "Never checked: every win is called with Win anyway." in section
    assert "The winner counts han and fu and enters them." in section
    automatic = client.get("/rules/rulesets/ronin/").content.decode()
    assert "Automatically: only legal wins are offered" in automatic


def test_win_claim_the_penalties_chapter_explains_the_procedure_in_the_clubs_words(client):
    html = client.get("/rules/penalties/").content.decode()
    section = html.split('id="claimed-wins"', 1)[1].split("</section>", 1)[0]
    for words in (
        "Win anyway",
        "<strong>OK</strong> or <strong>NG</strong>",
        "the next human player in turn order",
        "<strong>invalid</strong>",
        "<strong>chombo</strong>",
        "<strong>replay the hand</strong>",
        "<strong>continue</strong>",
        "noten at an exhaustive draw",
        "fixed-yaku rule",
    ):
        assert words in section, words
