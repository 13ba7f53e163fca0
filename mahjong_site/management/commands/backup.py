"""``manage.py backup DIRECTORY``: a backup of the club's database (see mahjong_site.backups)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from mahjong_site import backups


class Command(BaseCommand):
    help = (
        "Write a backup of the database into DIRECTORY as club-DATE-TIME.dump (PostgreSQL, "
        "pg_dump's custom format) or .sqlite3 (SQLite's online backup)."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory", type=Path)
        parser.add_argument("--dry-run", action="store_true", help="say what it would do")
        parser.add_argument(
            "--keep", type=int, default=0, help="then remove all but this many newest backups"
        )

    def handle(self, *args, directory, dry_run, keep, **options):
        database = settings.DATABASES["default"]
        try:
            plan = backups.plan_backup(database, directory, timezone.now())
            if dry_run:
                self.stdout.write(plan.describe("would back up"))
                return
            written = backups.backup(database, plan)
            gone = backups.prune(directory, keep)
        except backups.BackupError as error:
            raise CommandError(str(error)) from None
        if options["verbosity"] > 0:  # cron mails whatever a job prints: -v 0 for cron
            self.stdout.write(f"{written} ({written.stat().st_size} bytes)")
            for path in gone:
                self.stdout.write(f"removed {path}")
