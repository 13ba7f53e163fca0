from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("rules", "0003_practice_answers")]

    operations = [
        migrations.AddField(
            model_name="ruleset",
            name="retired",
            field=models.BooleanField(
                default=False,
                help_text="Kept for the games played by it; not offered for new tables.",
            ),
        ),
    ]
