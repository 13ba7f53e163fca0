"""The words and numbers of tenhou.net/6 JSON (the format is described in
:mod:`.tenhou6`), shared by the import and the export: the results' names (wins,
draws, chombo, the abortive draws, the limits), tile numbers both ways, and the checks
that read one number or one list of a log, naming the field at fault.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.engine import is_red

from .model import Code, LogFormatError

TSUMOGIRI = 60
AGARI = "和了"
EXHAUSTIVE = ("流局", "全員聴牌", "全員不聴")
CHOMBO = "錯和"
NAGASHI = "流し満貫"
ABORTS = {
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "四槓散了": "suukaikan",
    "三家和了": "sanchahou",
}
ABORT_NAMES = {reason: name for name, reason in ABORTS.items()}
# Other converters' words for the same results (tensoul writes 四開槓 and 三家和, and in
# its romanised and English modes the names below); read, never written.
READ_ALIASES = {
    "四開槓": "四槓散了",
    "三家和": "三家和了",
    "Ryuukyoku": "流局",
    "Exhaustive Draw": "流局",
    "Nagashi Mangan": "流し満貫",
    "Mangan at Draw": "流し満貫",
    "Kyuushu Kyuuhai": "九種九牌",
    "Nine Terminal Abortion": "九種九牌",
    "Suufon Renda": "四風連打",
    "Four Wind Abortion": "四風連打",
    "Suucha Riichi": "四家立直",
    "Four Riichi Abortion": "四家立直",
    "Suukaikan": "四槓散了",
    "Four Kan Abortion": "四槓散了",
    "Sanchahou": "三家和了",
    "Three Ron Abortion": "三家和了",
    "Agari": "和了",
}
LIMITS = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "kazoe yakuman": "数え役満",
    "yakuman": "役満",
}
LIMIT_NAMES = {v: k for k, v in LIMITS.items()}


# --- tiles -------------------------------------------------------------------------------


def code_from_number(value: Any, field: str, reds: bool) -> Code:
    if isinstance(value, bool) or not isinstance(value, int):
        raise LogFormatError(f"{value!r} is not a tile number", field)
    if value in (51, 52, 53):
        if not reds:
            raise LogFormatError(
                f"{value} is a red five, but the log's rule has no red fives", field
            )
        return ((value - 51) * 9 + 4, True)
    suit, number = divmod(value, 10)
    if suit in (1, 2, 3) and 1 <= number <= 9:
        return ((suit - 1) * 9 + number - 1, False)
    if suit == 4 and 1 <= number <= 7:
        return (26 + number, False)
    raise LogFormatError(f"{value} is not a tile number (11-19, 21-29, 31-39, 41-47, 51-53)", field)


def number_of_tile(tile: int, red_fives: Sequence[int]) -> int:
    kind = tile >> 2
    if is_red(tile, red_fives):
        return 51 + kind // 9
    if kind >= 27:
        return 41 + kind - 27
    return (kind // 9 + 1) * 10 + kind % 9 + 1


# --- fields ------------------------------------------------------------------------------


def int_field(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a whole number within the bounds given, or an error naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise LogFormatError(f"must be a whole number, not {value!r}", field)
    if (low is not None and value < low) or (high is not None and value > high):
        raise LogFormatError(f"{value} is out of range ({low} to {high})", field)
    return value


def json_kind(value: Any) -> str:
    """What a JSON value is, in words: "an object", "text", "a number"..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, dict):
        return "an object"
    return "a list" if isinstance(value, list) else "another kind of value"


def list_field(value: Any, field: str, length: int | None = None) -> list[Any]:
    """``value`` as a list (of ``length`` entries when given), or an error naming ``field``."""
    if not isinstance(value, list):
        raise LogFormatError(f"must be a list, not {json_kind(value)}", field)
    if length is not None and len(value) != length:
        raise LogFormatError(f"must have {length} entries, not {len(value)}", field)
    return value
