"""Create the club's bot players (and take their names back from any member who
signed up with one before the names were reserved). Idempotent."""

from django.db import migrations


def create_bots(apps, schema_editor):
    from players.bots import ensure_bots

    ensure_bots(apps.get_model("players", "Player"))


class Migration(migrations.Migration):
    # Players sit above rules, so the bots come with (after) the rule presets.
    dependencies = [
        ("players", "0001_initial"),
        ("rules", "0002_club_presets"),
    ]

    operations = [migrations.RunPython(create_bots, migrations.RunPython.noop)]
