"""Every preset of the engine as a stored ruleset, so a fresh deployment's lobby offers
them after ``migrate`` alone (the Ronin preset becomes the club default). Idempotent;
later preset changes are picked up by the post-migrate hook (rules.apps)."""

from django.db import migrations


def create_presets(apps, schema_editor):
    from rules.stored_presets import sync_presets

    sync_presets(apps.get_model("rules", "Ruleset"))


class Migration(migrations.Migration):
    dependencies = [("rules", "0001_initial")]

    operations = [migrations.RunPython(create_presets, migrations.RunPython.noop)]
