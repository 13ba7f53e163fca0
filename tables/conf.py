"""The live tables' tunables, each with a default.

A value is read from Django settings first (tests override them there), then from
an environment variable of the same name (so a daphne process started by a test
or an operator can be tuned without touching settings.py), then the default.

=========================  =======  ===============================================
name                       default  meaning
=========================  =======  ===============================================
TABLE_BOT_DELAY            1.0      seconds a bot "thinks" before each move
TABLE_AUTO_DELAY           0.3      seconds before a person's auto toggle plays
TABLE_AWAY_GRACE           5.0      seconds a lost connection is waited for
TABLE_RESULT_PAUSE         6.0      extra seconds to read a hand's result
TABLE_CLAIM_WINDOW         2.0      seconds to call Win anyway on a discard (claimed wins)
TABLE_LEASE_SECONDS        15       how long a driver's lease on a game lasts
TABLE_DRIVER_AUTOSTART     true     run the driver in this process
TABLE_SEED                 (none)   fixed wall seed for new games
=========================  =======  ===============================================
"""

from __future__ import annotations

import os
from functools import cache

from django.conf import settings
from django.dispatch import receiver
from django.test.signals import setting_changed

DEFAULTS = {
    "TABLE_BOT_DELAY": 1.0,
    "TABLE_AUTO_DELAY": 0.3,
    "TABLE_AWAY_GRACE": 5.0,
    "TABLE_RESULT_PAUSE": 6.0,
    "TABLE_CLAIM_WINDOW": 2.0,
    "TABLE_LEASE_SECONDS": 15.0,
    "TABLE_DRIVER_AUTOSTART": True,
    "TABLE_SEED": None,
}


@cache
def value(name: str):
    found = getattr(settings, name, None)
    if found is not None:
        return found
    text = os.environ.get(name, "")
    if text != "":
        default = DEFAULTS[name]
        if isinstance(default, bool):
            return text.strip().lower() in ("1", "true", "yes", "on")
        if default is None:
            return int(text)
        return float(text)
    return DEFAULTS[name]


def seconds(name: str) -> float:
    return float(value(name))


@receiver(setting_changed)
def forget(**kwargs) -> None:
    """Values are read once per process; a test that overrides a setting resets them."""
    value.cache_clear()
