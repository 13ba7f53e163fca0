"""The hand entry form of a scored table: POST data in, a declared hand or field errors out.

Text exists only here (parse at the edge): the engine receives a typed
:class:`~rules.engine.scoring.scoresheet.DeclaredHand`. Every refusal is keyed by the form
field it belongs to, so the page shows it next to that field:

``outcome``, ``winners``, ``discarder``, ``riichi``, ``tenpai``, ``nagashi``,
``abort``, ``chombo``, and per winning seat ``han_N``, ``fu_N``, ``yaku_N``,
``dora_N``, ``pao_N``, ``tiles_N``, ``melds_N``, ``win_tile_N``, ``indicators_N``.

A winner's value comes from one of three entries: the tiles (read and scored by
the scoring calculator, :mod:`rules.calculator`, in the hand's real seat and round
wind; its han and fu are then what the form takes), the yaku picker, or han and fu.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules import calculator, scoring_request
from rules.engine import (
    ABORTS,
    FU_VALUES,
    LIMIT_HAN,
    OUTCOMES,
    SITUATION_FLAGS,
    YAKU_NAMES,
    DeclaredHand,
    InvalidHand,
    ScoreSheet,
    WinValue,
    check_fu,
    fu_choices,
    record,
    yaku_value,
)
from rules.forms import FLAG_LABELS

# the game's words of the entry form, translated apart ("hand form") from the same
# words elsewhere
OUTCOME_LABELS = {
    "ron": pgettext_lazy("hand form", "Ron"),
    "tsumo": pgettext_lazy("hand form", "Tsumo"),
    "exhaustive": pgettext_lazy("hand form", "Draw"),
    "abortive": pgettext_lazy("hand form", "Abortive draw"),
    "nagashi": pgettext_lazy("hand form", "Nagashi mangan"),
    "chombo": pgettext_lazy("hand form", "Chombo"),
}
ABORT_LABELS = {
    "kyuushu_kyuuhai": pgettext_lazy("hand form", "Nine terminals (kyuushu kyuuhai)"),
    "suufon_renda": pgettext_lazy("hand form", "Four winds discarded (suufon renda)"),
    "suucha_riichi": pgettext_lazy("hand form", "Four riichi (suucha riichi)"),
    "suukaikan": pgettext_lazy("hand form", "Four kans (suukaikan)"),
    "sanchahou": pgettext_lazy("hand form", "Three rons (sanchahou)"),
}
HAN_CHOICES = (
    [(str(h), format_lazy(pgettext_lazy("hand form", "{han} han"), han=h)) for h in range(1, 5)]
    + [
        (name, pgettext_lazy("hand form", name.capitalize()))
        for name in LIMIT_HAN
        if name != "kazoe"
    ]
    + [
        ("kazoe", pgettext_lazy("hand form", "Counted yakuman (13+ han)")),
        ("yakuman", pgettext_lazy("hand form", "Yakuman")),
        ("yakuman2", pgettext_lazy("hand form", "Double yakuman")),
    ]
)
FU_CHOICES = FU_VALUES
# the yaku a picker offers: ordinary yaku and yakuman, not the dora entries
PICKER_YAKU = [y for y in YAKU_NAMES if y.key not in ("dora", "aka_dora", "ura_dora")]


@dataclass
class Parsed:
    hand: DeclaredHand | None = None
    errors: dict[str, str] = field(default_factory=dict)
    sheet: ScoreSheet | None = None  # the sheet after the hand, when it is valid
    scored: dict[int, dict] = field(default_factory=dict)  # the calculator's answers by seat


WINDS = "ESWN"
TILE_INPUTS = ("tiles", "melds", "win_tile", "indicators", "ura")
# The situation of a win entered by its tiles: the engine's one list of flags
# (rules.engine.scoring.SITUATION_FLAGS) except riichi, which the riichi chips say.
# Each is a checkbox ``<flag>_<seat>``; the engine's check_situation refuses the
# combinations no game can produce, and its message shows at the flag it names.
TILE_FLAGS = tuple(f for f in SITUATION_FLAGS if f != "riichi")
FLAG_NAMES = dict(FLAG_LABELS)
# where a calculator refusal belongs on the entry form
TILE_FIELDS = {
    "melds": "melds",
    "win_tile": "win_tile",
    "dora_indicators": "indicators",
    "ura_indicators": "ura",
}


def tile_flags(ruleset) -> tuple[str, ...]:
    """The situation boxes a tile entry offers under this ruleset."""
    return tuple(f for f in TILE_FLAGS if f != "open_riichi" or ruleset.open_riichi)


def _by_tiles(data, seat: int, tsumo: bool, sheet: ScoreSheet, errors: dict, scored: dict):
    """A winner's han and fu from the hand's tiles, through the scoring calculator."""
    riichi = str(seat) in data.getlist("riichi")
    flags = {f: bool(data.get(f"{f}_{seat}")) for f in tile_flags(sheet.ruleset)}
    if flags.get("double_riichi") and not riichi:
        # the stick of a double riichi is paid like any riichi's: the chips say who
        errors[f"double_riichi_{seat}"] = _(
            "Double riichi is a riichi declaration: tick this player under "
            "'Who declared riichi?' too."
        )
        return None
    request = {
        "hand": data.get(f"tiles_{seat}", "").replace(" ", ""),
        "melds": data.get(f"melds_{seat}", ""),
        "win_tile": data.get(f"win_tile_{seat}", ""),
        "win": "tsumo" if tsumo else "ron",
        "riichi": riichi,
        **{f: on for f, on in flags.items() if f != "open_riichi"},
        "seat_wind": WINDS[(seat - sheet.round_number) % 4],
        "round_wind": WINDS[sheet.round_wind - 27],
        "dora_indicators": data.get(f"indicators_{seat}", "").replace(" ", ""),
        "ura_indicators": data.get(f"ura_{seat}", "").replace(" ", "") if riichi else "",
    }
    try:
        prepared = calculator.read_request(request, "score", lenient=True)
        prepared.ruleset = sheet.ruleset  # the event's rules, overrides included
        # open riichi depends on those rules, so the flags are checked again with them
        prepared.flags["open_riichi"] = flags.get("open_riichi", False)
        scoring_request.check_situation(prepared)
        answer = calculator.score(prepared)
    except calculator.RequestError as e:
        errors[_tile_error_key(e.field, seat)] = e.message
        return None
    scored[seat] = answer
    if answer["yakuman"]:
        return WinValue(seat, 0, 0, answer["yakuman"], None)
    return WinValue(seat, answer["han"], answer["fu"], 0, None)


def _tile_error_key(name: str | None, seat: int) -> str:
    """Where a calculator refusal shows: its tile field, its situation box, or the
    riichi chips (a riichi on an open hand)."""
    if name == "riichi":
        return "riichi"
    if name in TILE_FLAGS:
        return f"{name}_{seat}"
    return f"{TILE_FIELDS.get(name or '', 'tiles')}_{seat}"


def _seat_list(data, name: str, errors: dict) -> tuple[int, ...]:
    out = []
    for raw in data.getlist(name):
        if raw not in ("0", "1", "2", "3"):
            errors[name] = _("Choose seats from the list.")
            return ()
        out.append(int(raw))
    return tuple(sorted(set(out)))


def _one_seat(data, name: str, errors: dict) -> int | None:
    raw = data.get(name, "")
    if raw == "":
        return None
    if raw not in ("0", "1", "2", "3"):
        errors[name] = _("Choose a seat from the list.")
        return None
    return int(raw)


def _int(raw: str, name: str, errors: dict, default: int = 0) -> int:
    if raw in ("", None):
        return default
    try:
        return int(raw)
    except (TypeError, ValueError):
        errors[name] = _("Enter a whole number.")
        return default


def _value(
    data, seat: int, tsumo: bool, sheet: ScoreSheet, errors: dict, scored: dict
) -> WinValue | None:
    """One winner's value: the tiles when given, the yaku picker when yaku are ticked,
    else han and fu."""
    pao = _one_seat(data, f"pao_{seat}", errors)
    if data.get(f"tiles_{seat}", "").strip():
        value = _by_tiles(data, seat, tsumo, sheet, errors, scored)
        return value and WinValue(seat, value.han, value.fu, value.yakuman, pao)
    yaku = data.getlist(f"yaku_{seat}")
    fu = _int(data.get(f"fu_{seat}", ""), f"fu_{seat}", errors)
    if yaku:
        closed = not data.get(f"open_{seat}")
        dora = _int(data.get(f"dora_{seat}", ""), f"dora_{seat}", errors)
        try:
            han, fu, yakuman = yaku_value(yaku, closed, tsumo, dora, fu, sheet.ruleset)
        except InvalidHand as e:
            errors[f"{e.field or 'yaku'}_{seat}"] = e.message
            return None
        return WinValue(seat, han, fu, yakuman, pao)
    raw = data.get(f"han_{seat}", "")
    if raw == "":
        errors[f"han_{seat}"] = _("Choose the han (or a limit), or tick the yaku.")
        return None
    if raw in ("yakuman", "yakuman2"):
        return WinValue(seat, 0, 0, 2 if raw == "yakuman2" else 1, pao)
    if raw in LIMIT_HAN:
        return WinValue(seat, LIMIT_HAN[raw], 0, 0, pao)
    han = _int(raw, f"han_{seat}", errors)
    if f"han_{seat}" in errors:
        return None
    if han < 1:
        errors[f"han_{seat}"] = _("A win has at least 1 han.")
        return None
    try:
        check_fu(han, fu, tsumo)
    except InvalidHand as e:
        errors[f"fu_{seat}"] = e.message
        return None
    return WinValue(seat, han, fu, 0, pao)


def parse(data, sheet: ScoreSheet) -> Parsed:
    """Read the entry form against the sheet it would be added to."""
    errors: dict[str, str] = {}
    outcome = data.get("outcome", "")
    if outcome not in OUTCOMES:
        return Parsed(errors={"outcome": _("Choose how the hand ended.")})
    winners = _seat_list(data, "winners", errors)
    riichi = _seat_list(data, "riichi", errors)
    tenpai = _seat_list(data, "tenpai", errors)
    nagashi = _seat_list(data, "nagashi", errors) if outcome == "nagashi" else ()
    discarder = _one_seat(data, "discarder", errors) if outcome == "ron" else None
    chombo = _one_seat(data, "chombo", errors) if outcome == "chombo" else None
    abort = data.get("abort") or None if outcome == "abortive" else None
    if abort is not None and abort not in ABORTS:
        errors["abort"] = _("Choose which abortive draw.")
    wins: list[WinValue] = []
    scored: dict[int, dict] = {}
    if outcome in ("ron", "tsumo"):
        if discarder is not None and discarder in winners:
            errors["discarder"] = _("The discarder cannot also be a winner.")
        for seat in winners:
            value = _value(data, seat, outcome == "tsumo", sheet, errors, scored)
            if value is not None:
                wins.append(value)
    elif winners and outcome != "chombo":
        errors["winners"] = _("Only a ron or a tsumo has winners.")
    if errors:
        return Parsed(errors=errors, scored=scored)
    hand = DeclaredHand(
        outcome=outcome,
        wins=tuple(wins),
        discarder=discarder,
        riichi=riichi,
        tenpai=tenpai,
        nagashi=nagashi,
        abort=abort,
        chombo=chombo,
    )
    try:
        after = record(sheet, hand)
    except InvalidHand as e:
        key = e.field or "outcome"
        if key in ("han", "fu", "yaku", "pao") and winners:
            key = f"{key}_{winners[0]}"
        return Parsed(hand=None, errors={key: e.message}, scored=scored)
    return Parsed(hand=hand, sheet=after, scored=scored)


def fu_hint(yaku: list[str], closed: bool, tsumo: bool) -> tuple[int, ...]:
    return fu_choices(yaku, closed, tsumo)


def han_key(answer: dict) -> str:
    """The han menu's entry for a calculator answer ("3", "mangan", "yakuman2"...)."""
    if answer["yakuman"]:
        return "yakuman2" if answer["yakuman"] >= 2 else "yakuman"
    han = answer["han"]
    for name in ("kazoe", "sanbaiman", "baiman", "haneman", "mangan"):
        if han >= LIMIT_HAN[name]:
            return name
    return str(han)
