"""The Organizers group: members a club admin puts in it may create and run events."""

from django.db import migrations

ORGANIZERS = "Organizers"


def create(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=ORGANIZERS)


def remove(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=ORGANIZERS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_scored_hands_referees_guests"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create, remove)]
