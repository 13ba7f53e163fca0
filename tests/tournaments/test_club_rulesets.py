"""Club rulesets without the admin: made from a preset on the settings form, previewed
with the differences marked, offered in the lobby; an edit keeps finished games' rules."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from history.logs.store import store_bot_game
from players.models import Player
from rules.engine import presets, rulesets
from rules.models import Ruleset
from tables.models import Table

from .conftest import PASSWORD

NEW = reverse("tournaments:club_ruleset_new")
EAST_EMA = presets.preset("ema").replace(game_type="tonpuusen", west_round=False)


def _form(name="EMA, claimed wins", preset="ema", do="save", **settings):
    data = {"name": name, "preset": preset, "do": do}
    data.update({f"set_{k}": v for k, v in settings.items()})
    return data


def _board(page: str) -> str:
    """The replay's main part, without its form tokens and with the earlier version's
    new name read as the old one."""
    page = page[page.index("<main") :]
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", page)
    return page.replace("Club EMA (version 1)", "Club EMA")


@pytest.fixture
def desk(client, organizer):
    client.login(username=organizer.username, password=PASSWORD)
    return client


def test_it_makes_a_club_ruleset_from_a_preset_storing_only_its_changes(desk):
    response = desk.post(NEW, _form(win_settlement="claimed", kuitan="on"))
    made = Ruleset.objects.get(name="EMA, claimed wins")
    assert response.status_code == 302
    assert response["Location"] == reverse("rules:ruleset_stored", args=[made.pk])
    # EMA plays with open tanyao already: only the settlement is a change.
    assert made.preset == "ema" and made.settings == {"win_settlement": "claimed"}
    lobby = desk.get(reverse("tables:lobby")).content.decode()
    assert f'<option value="{made.pk}"' in lobby and "EMA, claimed wins" in lobby


def test_the_preview_marks_the_differences_from_the_preset_and_saves_nothing(desk):
    page = desk.post(NEW, _form(do="preview", win_settlement="claimed")).content.decode()
    assert not Ruleset.objects.filter(name="EMA, claimed wins").exists()
    assert 'id="preview"' in page
    row = page[page.index('id="setting-win_settlement"') - 40 :]
    row = row[: row.index("</tr>")]
    assert 'class="changed"' in row and "The preset:" in row
    unchanged = page[page.index('<tr id="setting-kuitan"') :]
    assert 'class="changed"' not in unchanged[: unchanged.index("</tr>")]


def test_the_stored_sheet_marks_what_the_ruleset_changes(desk):
    desk.post(NEW, _form(win_settlement="claimed"))
    made = Ruleset.objects.get(name="EMA, claimed wins")
    page = desk.get(reverse("rules:ruleset_stored", args=[made.pk])).content.decode()
    assert '<tr id="setting-win_settlement" class="changed">' in page
    assert '<tr id="setting-uma">' in page  # EMA's own uma, not marked


def test_a_setting_the_engine_refuses_is_refused_at_its_field_and_nothing_is_saved(desk):
    page = desk.post(NEW, _form(uma="15, 5")).content.decode()
    assert 'id="error-set_uma"' in page
    assert not Ruleset.objects.filter(name="EMA, claimed wins").exists()


def test_a_name_the_club_already_uses_is_refused(desk):
    Ruleset.objects.create(name="EMA, claimed wins", preset="ema")
    page = desk.post(NEW, _form(name="ema, CLAIMED wins")).content.decode()
    assert "already has a ruleset called" in page
    assert Ruleset.objects.filter(name__iexact="ema, claimed wins").count() == 1


def test_a_member_who_does_not_organize_is_refused(client, member):
    client.login(username=member.username, password=PASSWORD)
    assert client.post(NEW, _form()).status_code == 403
    assert client.get(reverse("tournaments:club_rulesets")).status_code == 403
    assert not Ruleset.objects.filter(name="EMA, claimed wins").exists()


def test_editing_an_unused_ruleset_changes_it_in_place(desk):
    stored = Ruleset.objects.create(name="Club EMA", preset="ema")
    edit = reverse("tournaments:club_ruleset_edit", args=[stored.pk])
    desk.post(edit, _form(name="Club EMA", win_settlement="claimed"))
    stored.refresh_from_db()
    assert stored.settings == {"win_settlement": "claimed"} and not stored.retired
    assert Ruleset.objects.filter(name__startswith="Club EMA").count() == 1


def test_a_finished_game_keeps_its_rules_its_replay_and_its_sheet_after_an_edit(desk):
    stored = Ruleset.objects.create(
        name="Club EMA", preset="ema", settings={"game_type": "tonpuusen", "west_round": False}
    )
    seats = [
        Player.objects.create_user(username=f"s{i}", password=PASSWORD, display_name=f"S{i}")
        for i in range(4)
    ]
    game = store_bot_game(EAST_EMA, 5, seats, ("efficient",) * 4, title="Before the edit")
    assert game.table.ruleset_id == stored.pk
    before = rulesets.to_dict(game.engine_ruleset())
    replay = reverse("history:replay", args=[game.pk, 1])
    replay_before = _board(desk.get(replay).content.decode())
    edit = reverse("tournaments:club_ruleset_edit", args=[stored.pk])
    desk.post(
        edit, _form(name="Club EMA", game_type="hanchan", uma="20, 10, -10, -20"), follow=True
    )

    game.refresh_from_db()
    old = Ruleset.objects.get(pk=stored.pk)
    new = Ruleset.objects.get(name="Club EMA")
    assert new.pk != old.pk and old.retired and old.name == "Club EMA (version 1)"
    assert old.settings == {"game_type": "tonpuusen", "west_round": False}
    assert game.table.ruleset_id == old.pk
    assert rulesets.to_dict(game.engine_ruleset()) == before
    assert _board(desk.get(replay).content.decode()) == replay_before
    sheet = desk.get(reverse("tables:rules", args=[game.table.pk])).content.decode()
    uma = sheet[sheet.index('<tr id="setting-uma"') :]
    assert "+15" in uma[: uma.index("</tr>")]  # EMA's 15/5, not the edit's 20/10
    lobby = desk.get(reverse("tables:lobby")).content.decode()
    assert f'<option value="{new.pk}"' in lobby and f'<option value="{old.pk}"' not in lobby


def test_an_open_table_not_yet_started_moves_to_the_new_version(desk, member):
    stored = Ruleset.objects.create(name="Club EMA", preset="ema")
    seats = [
        Player.objects.create_user(username=f"s{i}", password=PASSWORD, display_name=f"S{i}")
        for i in range(4)
    ]
    store_bot_game(presets.preset("ema"), 5, seats, ("efficient",) * 4)
    waiting = Table.objects.create(name="Waiting", ruleset=stored, created_by=member)
    edit = reverse("tournaments:club_ruleset_edit", args=[stored.pk])
    desk.post(edit, _form(name="Club EMA", win_settlement="claimed"))
    waiting.refresh_from_db()
    assert waiting.ruleset.name == "Club EMA" and not waiting.ruleset.retired


def test_an_earlier_version_cannot_be_edited(desk):
    old = Ruleset.objects.create(name="Club EMA (version 1)", preset="ema", retired=True)
    edit = reverse("tournaments:club_ruleset_edit", args=[old.pk])
    response = desk.post(edit, _form(name="Club EMA (version 1)", win_settlement="claimed"))
    assert response.status_code == 302
    old.refresh_from_db()
    assert old.settings == {}


def test_the_form_starts_from_the_chosen_preset(desk):
    page = desk.get(NEW + "?preset=ema").content.decode()
    assert 'id="id_name"' in page and "Every setting follows EMA Riichi Competition Rules" in page
    assert "As the preset" in page
