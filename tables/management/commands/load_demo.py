"""Load a small demo club, idempotently: members, bots, the default ruleset.

Passwords are generated on first creation and printed once; later runs leave
existing accounts alone so nobody's password changes under them.
"""

import secrets

from django.core.management.base import BaseCommand

from players import bots
from players.models import Player
from rules.engine import DEFAULT_PRESET, PRESETS
from rules.models import Ruleset

MEMBERS = [("akagi", "Akagi"), ("washizu", "Washizu"), ("saki", "Saki"), ("nodoka", "Nodoka")]
ORGANIZER = ("hisa", "Hisa")  # runs the club's events without being staff
ORGANIZERS_GROUP = "Organizers"  # the group the tournaments app's migration creates
DEMO_TABLE = "Demo table: three bots wait for a fourth"


class Command(BaseCommand):
    help = "Create the demo club (members, bots, rulesets) if it is not there yet."

    def add_arguments(self, parser):
        parser.add_argument(
            "--url", default="", help="the address the site will be served on (shown in the box)"
        )

    def handle(self, *args, **options):
        created = []
        for username, display in [*MEMBERS, ORGANIZER]:
            if not Player.objects.filter(username=username).exists():
                password = secrets.token_urlsafe(9)
                Player.objects.create_user(
                    username=username, password=password, display_name=display
                )
                created.append((username, password))
        self.make_organizer()
        bots.ensure_bots(Player)
        for key, preset in PRESETS.items():
            Ruleset.objects.get_or_create(
                name=preset.name,
                defaults={"preset": key, "is_default": key == DEFAULT_PRESET},
            )
        self.open_table()
        self.after_members(created, options.get("url", ""))

    def make_organizer(self):
        from django.contrib.auth.models import Group

        group, _ = Group.objects.get_or_create(name=ORGANIZERS_GROUP)
        group.user_set.add(Player.objects.get(username=ORGANIZER[0]))

    def open_table(self):
        """One open table with three careful bots, waiting for a member to sit down."""
        from tables.lobby import bot_player
        from tables.models import Seat, Table

        if Table.objects.filter(name=DEMO_TABLE).exists():
            return
        table = Table.objects.create(name=DEMO_TABLE, ruleset=Ruleset.club_default())
        bot = bot_player("careful")
        Seat.objects.create(table=table, index=0)
        for index in (1, 2, 3):
            Seat.objects.create(table=table, index=index, player=bot, bot_level="careful")

    def after_members(self, created, url=""):
        if created:
            lines = ["Demo members created (these passwords are shown only once):", ""]
            lines += [f"  {username:10} {password}" for username, password in created]
        else:
            lines = ["Demo club already loaded (its members keep their passwords)."]
        if url:
            lines += ["", f"Serving on {url}"]
        self.stdout.write(box(lines))


def box(lines: list[str]) -> str:
    """The lines framed, so they stand out at the end of the set-up output."""
    width = max(len(line) for line in lines)
    rule = "+" + "-" * (width + 2) + "+"
    return "\n".join([rule, *(f"| {line:<{width}} |" for line in lines), rule])
