"""Players named in imported logs move to usernames of their own (``log~Name``), so
that they no longer block a member from signing up with that name. Idempotent."""

from django.db import migrations

PREFIX = "log~"


def move_placeholders(apps, schema_editor):
    Player = apps.get_model("players", "Player")
    for player in Player.objects.filter(is_placeholder=True).exclude(username__startswith=PREFIX):
        base = f"{PREFIX}{player.username}"[:150]
        name, n = base, 2
        while Player.objects.filter(username=name).exists():
            name, n = f"{base[:140]}-{n}", n + 1
        player.username = name
        player.save(update_fields=["username"])


class Migration(migrations.Migration):
    dependencies = [("players", "0003_member_terms_and_learning_aids")]

    operations = [migrations.RunPython(move_placeholders, migrations.RunPython.noop)]
