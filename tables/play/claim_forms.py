"""The claim panel's forms as moves: a claim's value, a corrected value or an NG with its
reason arrive from the socket (or the referee's page) as a small form, which
:func:`form_action` turns into the action's text; ``submit`` then parses and checks it
like any other move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FORM_STEPS = ("claim", "correct", "ng")


def form_action(data: Mapping[str, Any], seat: int) -> str:
    """The action text a claim-panel form stands for (``submit`` parses and checks it)."""
    step = str(data.get("claim_form", ""))
    if step not in FORM_STEPS:
        return f"{seat}:{step}"  # refused by the parser with its own message
    if step == "ng":
        reason = str(data.get("reason", "") or "")
        return f"{seat}:ng:{reason}" if reason else f"{seat}:ng"
    limit = str(data.get("limit", "") or "").strip()
    if limit:
        return f"{seat}:{step}:{limit}"
    return f"{seat}:{step}:{str(data.get('han', '')).strip()}han{str(data.get('fu', '')).strip()}fu"
