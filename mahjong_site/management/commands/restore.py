"""``manage.py restore FILE``: put a backup back (see mahjong_site.backups): refused while
the site runs, and on PostgreSQL unless the database is empty."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from mahjong_site import backups


class Command(BaseCommand):
    help = (
        "Restore a backup written by `manage.py backup` into the configured database. "
        "Stop the site first; on PostgreSQL the database must be empty (dropped and "
        "created again, owned by the site's role)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--dry-run", action="store_true", help="make every check, say what it would do"
        )

    def handle(self, *args, file, dry_run, **options):
        database = settings.DATABASES["default"]
        try:
            plan = backups.plan_restore(database, file, settings.BASE_DIR)
            if dry_run:
                self.stdout.write(plan.describe("would restore"))
                return
            said = backups.restore(database, plan, timezone.now())
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"{file} -> {plan.target}: {said}")
