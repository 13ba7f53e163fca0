from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tables", "0009_play_now_queue_and_invitations")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="options",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="Settings changed from the ruleset for this table.",
            ),
        ),
    ]
