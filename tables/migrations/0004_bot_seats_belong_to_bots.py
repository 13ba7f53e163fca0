"""A seat a bot plays belongs to that bot's player, never to a member who once took
a bot's name. Idempotent."""

from django.db import migrations


def repoint_bot_seats(apps, schema_editor):
    from players.bots import ensure_bots

    bots = ensure_bots(apps.get_model("players", "Player"))
    Seat = apps.get_model("tables", "Seat")
    for level, bot in bots.items():
        Seat.objects.filter(bot_level=level).exclude(player=bot).update(player=bot)


class Migration(migrations.Migration):
    dependencies = [
        ("players", "0002_bot_players"),
        ("tables", "0003_table_length_and_bot_delay"),
    ]

    operations = [migrations.RunPython(repoint_bot_seats, migrations.RunPython.noop)]
