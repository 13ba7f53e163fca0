"""The fuzzer's world: its members, ruleset and sign-ins made through the ORM, the
junk its forms post, and the report every part of a run writes to.

Every other fuzzing module imports this one and none of them is imported back
(``fuzzing`` runs the whole, ``fuzz_forms`` and ``fuzz_event_forms`` post the forms).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Q

PREFIX = "fuzz-"
RULESET = "Fuzz (East only)"


@dataclass
class Report:
    sent: int = 0
    answers: Counter = field(default_factory=Counter)  # error codes received
    accepted: int = 0  # maybe-messages that drew no refusal
    ambiguous: int = 0  # a rate_limited answer that could be either message's
    forms: int = 0
    statuses: Counter = field(default_factory=Counter)
    games_checked: int = 0
    tables: int = 0
    good_moves: int = 0
    violations: list[str] = field(default_factory=list)

    def violate(self, text: str) -> None:
        if len(self.violations) < 50:
            self.violations.append(text)


def session_cookie(player) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(player.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = player.get_session_auth_hash()
    session.create()
    return session.session_key


def fuzz_player(name: str, **extra):
    from players.models import Player

    player, created = Player.objects.get_or_create(
        username=f"{PREFIX}{name}", defaults={"display_name": f"Fuzz {name}", **extra}
    )
    if created:
        player.set_unusable_password()
        player.save()
    return player


def fuzz_ruleset():
    from rules.models import Ruleset

    ruleset, _ = Ruleset.objects.get_or_create(
        name=RULESET,
        defaults={"preset": "ronin", "settings": {"game_type": "tonpuusen", "west_round": False}},
    )
    return ruleset


def clear() -> None:
    """Remove what an earlier run left: its tables (with their games) and tournaments."""
    from players.models import Player
    from tables.models import Table
    from tournaments.models import Tournament

    people = Player.objects.filter(username__startswith=PREFIX)
    Table.objects.filter(Q(name__startswith=PREFIX) | Q(created_by__in=people)).delete()
    Tournament.objects.filter(created_by__in=people).delete()


def junk_values(r: random.Random, ruleset_id) -> list[str]:
    """What a junk form value may be: empty, long, numbers out of range, markup, NUL."""
    return [
        "",
        "x" * r.choice([1, 61, 200, 5000]),
        str(r.randint(-5, 10**6)),
        "-1",
        "0",
        "1.5",
        "\u6771\u5357",
        "<script>alert(1)</script>",
        "2026-13-45",
        "null",
        str(ruleset_id),
        "on",
        "\x00",
    ]
