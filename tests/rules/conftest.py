"""Fixtures of the rulebook and calculator tests."""

import pytest

from rules.models import Ruleset


@pytest.fixture
def stored_ruleset(db):
    """Make (once per test) a stored ruleset of a preset plus overrides; return its id."""
    made: dict[tuple, int] = {}

    def make(preset: str, overrides: dict) -> str:
        key = (preset, tuple(sorted((k, str(v)) for k, v in overrides.items())))
        if key not in made:
            obj = Ruleset.objects.create(
                name=f"test {len(made)} {preset}", preset=preset, settings=overrides
            )
            made[key] = obj.pk
        return str(made[key])

    return make
