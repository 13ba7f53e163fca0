"""A table's usual options: what a member opening a table may change from its ruleset.

Besides the length (``Table.game_type``), the opener may choose the red fives, open
tanyao and how wins are settled; the choices are stored as ruleset settings
(``Table.options``) and laid over the ruleset when the game starts, so the game's
stored ruleset (``Game.ruleset``) holds them like every other setting. The table's
sheet lists them.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from rules import setting_words
from rules.engine import InvalidRuleset, Ruleset, ruleset_from_dict

from .models import Table

KEEP = ""
# name in the lobby form -> (ruleset setting, [(choice, label, value)])
CHOICES: dict[str, tuple[str, list[tuple[str, str, object]]]] = {
    "red_fives": (
        "red_fives",
        [
            ("none", gettext_lazy("None"), [0, 0, 0]),
            ("one_each", gettext_lazy("One in each suit"), [1, 1, 1]),
            ("two_pin", gettext_lazy("One five of man, two of pin, one of sou"), [1, 2, 1]),
        ],
    ),
    "open_tanyao": (
        "kuitan",
        [
            ("on", gettext_lazy("Allowed (kuitan)"), True),
            ("off", gettext_lazy("Not allowed: all simples must be closed"), False),
        ],
    ),
    "settle": (
        "win_settlement",
        [
            (
                "automatic",
                gettext_lazy("By the app: only legal wins are offered, scored at once"),
                "automatic",
            ),
            (
                "claimed",
                gettext_lazy("Claimed: players call, value and review wins, as at a club"),
                "claimed",
            ),
        ],
    ),
}
LABELS = {
    "red_fives": gettext_lazy("Red fives"),
    "open_tanyao": gettext_lazy("Open tanyao"),
    "settle": gettext_lazy("How wins are settled"),
}


class OptionError(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def choices_for_form() -> list[dict]:
    """The lobby's option fields: name, label and choices (the first keeps the ruleset's)."""
    return [
        {
            "name": name,
            "label": LABELS[name],
            "choices": [(KEEP, gettext_lazy("As the ruleset says"))]
            + [(c, lab) for c, lab, _ in options],
        }
        for name, (_, options) in CHOICES.items()
    ]


def from_form(data) -> dict:
    """The ruleset settings a lobby form chose; an unknown choice is refused."""
    out: dict = {}
    for name, (setting, options) in CHOICES.items():
        chosen = (data.get(name) or KEEP) if hasattr(data, "get") else KEEP
        if chosen == KEEP:
            continue
        values = {c: v for c, _, v in options}
        if chosen not in values:
            allowed = ", ".join(str(label) for _, label, _ in options)
            raise OptionError(f"choose {LABELS[name].lower()}: {allowed}, or as the ruleset says")
        out[setting] = values[chosen]
    return out


def engine_ruleset(table: Table) -> Ruleset:
    """The rules a game at ``table`` starts with: its ruleset, length and options."""
    ruleset = table.ruleset.engine_ruleset()
    if table.game_type and table.game_type != ruleset.game_type:
        ruleset = ruleset.replace(game_type=table.game_type)  # chosen when the table opened
    if table.options:
        ruleset = ruleset_from_dict(table.options, base=ruleset)
    return ruleset


def check(table_ruleset: Ruleset, options: dict) -> None:
    """Refuse options the engine refuses with the chosen ruleset."""
    try:
        ruleset_from_dict(options, base=table_ruleset)
    except InvalidRuleset as exc:
        raise OptionError(f"these options do not fit the ruleset: {exc.message}") from None


def chosen(table: Table) -> list[dict]:
    """The options changed for ``table``, in words: ``[{"label", "text"}]``."""
    out = []
    if table.game_type:
        out.append({"label": "Length", "text": table.get_game_type_display()})
    base = table.ruleset.engine_ruleset()
    for setting, value in (table.options or {}).items():
        words = setting_words.SETTINGS.get(setting)
        try:
            ruleset = ruleset_from_dict({setting: value}, base=base)
            text = words.describe(getattr(ruleset, setting), ruleset) if words else str(value)
        except Exception:  # an option the ruleset no longer takes reads as stored
            text = str(value)
        out.append({"label": setting_words.label(setting), "text": text})
    return out
