"""The ``<id:...>`` path converter: a number in a URL, at most 18 digits.

Django's ``<int:...>`` takes a number of any length, and one past the database's 64-bit
integers makes a lookup through a foreign key fail (SQLite raises OverflowError: a 500).
Every URL of the site, pages and sockets alike, reads its numbers with ``<id:...>``, so
a longer number is simply no page (404), like any unknown id. Registered when the rules
app is ready (``rules.apps``), before any URLconf is read.
"""

from __future__ import annotations

from django.urls import register_converter

MAX_DIGITS = 18  # 10**18 - 1 is below 2**63 - 1, the largest 64-bit integer


class IdConverter:
    regex = f"[0-9]{{1,{MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


def register() -> None:
    register_converter(IdConverter, "id")
