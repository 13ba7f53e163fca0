"""Template helpers of the scored-table pages."""

from django import template

register = template.Library()


@register.filter
def get(mapping, key):
    """``mapping[key]`` for a key held in a variable (None when missing)."""
    if not mapping:
        return None
    return mapping.get(key)
