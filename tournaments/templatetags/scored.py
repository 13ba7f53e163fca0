"""Template helpers of the scored-table pages."""

from django import template

from rules.engine import format_final

register = template.Library()


@register.filter
def get(mapping, key):
    """``mapping[key]`` for a key held in a variable (None when missing)."""
    if not mapping:
        return None
    return mapping.get(key)


@register.filter
def penalty_points(points):
    """Penalty points as the standings write them: 5000 -> "-5.0"."""
    return format_final(-int(points))
