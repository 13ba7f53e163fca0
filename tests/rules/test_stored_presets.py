"""A fresh deployment has the presets: the data migration and the post-migrate hook
store one ruleset per engine preset, and they stay in step with the engine."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from rules.engine import DEFAULT_PRESET, PRESETS
from rules.models import Ruleset
from tables.models import Table

pytestmark = pytest.mark.django_db


def test_it_offers_every_preset_in_the_lobby_after_migrate_alone(client, player):
    # the test database is built by ``migrate`` alone: no demo data, no fixtures
    client.force_login(player)
    html = client.get(reverse("tables:lobby")).content.decode()
    for p in PRESETS.values():
        assert p.name in html


def test_it_opens_a_table_under_a_migrated_preset(client, player):
    client.force_login(player)
    tenhou = Ruleset.objects.get(preset="tenhou", settings={})
    form = {"name": "Fresh club", "ruleset": tenhou.pk, "bots": "careful"}
    response = client.post(reverse("tables:create"), form, follow=True)
    assert response.status_code == 200
    assert Table.objects.get(name="Fresh club").ruleset == tenhou


def test_it_makes_the_ronin_preset_the_club_default():
    default = Ruleset.objects.get(is_default=True)
    assert default.preset == DEFAULT_PRESET and default.settings == {}
    assert Ruleset.club_default() == default


def test_sync_presets_adds_a_preset_missing_from_the_database_and_is_idempotent(capsys):
    Ruleset.objects.filter(preset="mleague").delete()
    call_command("sync_presets")
    assert "added preset M-League" in capsys.readouterr().out
    assert Ruleset.objects.filter(preset="mleague", settings={}).count() == 1
    count = Ruleset.objects.count()
    call_command("sync_presets")
    assert "in step" in capsys.readouterr().out
    assert Ruleset.objects.count() == count


def test_sync_presets_keeps_an_organizer_s_rows_and_names_a_clash_apart(capsys):
    Ruleset.objects.filter(preset="wrc").delete()
    Ruleset.objects.create(name=PRESETS["wrc"].name, preset="ronin", settings={"kiriage": False})
    call_command("sync_presets")
    assert Ruleset.objects.get(name=PRESETS["wrc"].name).preset == "ronin"
    assert Ruleset.objects.get(name=PRESETS["wrc"].name + " (preset)").preset == "wrc"


def test_sync_presets_names_a_stored_ruleset_the_engine_no_longer_accepts(capsys):
    Ruleset.objects.filter(preset="ronin").update(settings={"gone_setting": 1})
    call_command("sync_presets")
    assert "gone_setting: no such setting" in capsys.readouterr().err


def test_a_stored_preset_plays_the_engine_s_current_definition():
    for key, p in PRESETS.items():
        assert Ruleset.objects.get(preset=key, settings={}).engine_ruleset() == p.ruleset
