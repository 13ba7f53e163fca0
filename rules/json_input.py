"""Reading JSON that strangers send: the API's bodies and imported game logs.

``json.loads`` alone lets three kinds of hostile input through to a 500 further on:
nesting deep enough to exhaust the recursion limit (in the reader or in whatever walks
the value later), text that PostgreSQL cannot store (a NUL, or a lone surrogate such
as ``"\\ud800"``, which is valid JSON but not valid Unicode), and numbers that are not
finite (``NaN``, ``Infinity``). :func:`loads` refuses all three with
:class:`UnsafeJSON`, a ``ValueError`` with a message fit to show.
"""

from __future__ import annotations

import json
from typing import Any

# Far deeper than any request or game log we read (a tenhou.net/6 log nests 4 deep).
MAX_DEPTH = 32


class UnsafeJSON(ValueError):
    """JSON that is well formed but that we refuse to read."""


def _refuse_constant(name: str):
    raise UnsafeJSON(f"{name} is not a number we accept")


def _check_text(text: str) -> None:
    if "\x00" in text:
        raise UnsafeJSON("the text contains a NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UnsafeJSON("the text contains an invalid character (a lone surrogate)") from None


def check_value(value: Any, max_depth: int = MAX_DEPTH) -> Any:
    """Walk ``value`` without recursion; refuse deep nesting and unstorable text."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
        elif isinstance(item, dict | list):
            if depth > max_depth:
                raise UnsafeJSON(f"the data is nested more than {max_depth} levels deep")
            if isinstance(item, dict):
                for key, inner in item.items():
                    _check_text(key)
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)
    return value


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` as JSON and check it (see the module's docstring).

    Raises ``json.JSONDecodeError`` for text that is not JSON and :class:`UnsafeJSON`
    for JSON we refuse.
    """
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise UnsafeJSON(f"the data is nested more than {max_depth} levels deep") from None
    return check_value(value, max_depth)
