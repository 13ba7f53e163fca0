"""Bring the stored presets in step with the engine's definitions (idempotent)."""

from django.core.management.base import BaseCommand

from rules.models import Ruleset
from rules.stored_presets import sync_presets


class Command(BaseCommand):
    help = "Add a stored ruleset for every engine preset that lacks one; report invalid ones."

    def handle(self, *args, **options) -> None:
        report = sync_presets(Ruleset)
        for name in report["created"]:
            self.stdout.write(f"added preset {name}")
        for name in report["default"]:
            self.stdout.write(f"club default: {name}")
        for problem in report["invalid"]:
            self.stderr.write(f"needs fixing: {problem}")
        if not any(report.values()):
            self.stdout.write("presets are in step with the engine")
