"""Reading a scoring request: the one parser behind the calculator page and the JSON API.

:func:`read_request` checks a dict of request fields (decoded JSON, or the
calculator's query string through :func:`from_query`) and returns a
:class:`Prepared` hand, or raises :class:`RequestError` naming the field at fault.
:mod:`rules.calculator` turns a prepared hand into answers.

Seats: the winner sits at seat 0; the seat wind says where the dealer sits. On a
ron the discarder is the next seat, which changes nothing in the amounts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine import (
    FIVES,
    PRESETS,
    SITUATION_FLAGS,
    EngineError,
    InvalidHand,
    InvalidRuleset,
    Meld,
    Ruleset,
    Situation,
    format_tiles,
    is_red,
    kind_notation,
    parse_kind,
    parse_kinds,
    parse_meld,
    tiles_from_kinds,
)
from rules.engine import check_situation as engine_check_situation

WINDS = {"E": 27, "S": 28, "W": 29, "N": 30}
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
FLAGS = SITUATION_FLAGS
SCORE_FIELDS = (
    "hand",
    "melds",
    "win_tile",
    "win",
    *FLAGS,
    "round_wind",
    "seat_wind",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "riichi_sticks",
    "ruleset",
)
WAITS_FIELDS = (*(f for f in SCORE_FIELDS if f != "win_tile"), "discards")
MAX_COUNTER = 99  # honba and sticks above this are certainly a typo


class RequestError(Exception):
    """Bad input, with the name of the field the message belongs next to."""

    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field
        self.message = message

    def as_json(self) -> dict:
        return {"error": {"field": self.field, "message": self.message}}


@dataclass
class Prepared:
    """A checked request: physical tiles, melds, the situation and the ruleset."""

    ruleset_key: str
    ruleset_name: str
    ruleset: Ruleset
    concealed: list[int]
    melds: list[Meld]
    win_tile: int | None
    tsumo: bool
    flags: dict[str, bool]
    round_wind: str
    seat_wind: str
    dora: list[int]
    ura: list[int]
    honba: int
    riichi_sticks: int
    discards: list[int] = field(default_factory=list)

    @property
    def dealer_seat(self) -> int:
        return (-"ESWN".index(self.seat_wind)) % 4

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == "E"

    @property
    def discarder(self) -> int | None:
        return None if self.tsumo else 1

    def notation(self, tiles: list[int]) -> str:
        return format_tiles(tiles, self.ruleset.red_fives) if tiles else ""

    def meld_notations(self) -> list[str]:
        return [m.notation(self.ruleset.red_fives) for m in self.melds]


# --- reading ---------------------------------------------------------------------


def _flag(data: Mapping, name: str, lenient: bool) -> bool:
    value = data.get(name, False)
    if isinstance(value, bool):
        return value
    if lenient and isinstance(value, str):
        if value.strip().lower() in ("", "0", "false", "off", "no"):
            return False
        if value.strip().lower() in ("1", "true", "on", "yes"):
            return True
    if value is None:
        return False
    raise RequestError(name, f"{name} must be true or false, not {value!r}")


def _counter(data: Mapping, name: str, lenient: bool) -> int:
    value = data.get(name, 0)
    if lenient and isinstance(value, str):
        text = value.strip()
        if text == "":
            return 0
        try:
            value = int(text)
        except ValueError:
            raise RequestError(name, f"{name} must be a whole number, not '{text}'") from None
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(name, f"{name} must be a whole number, not {value!r}")
    if value < 0:
        raise RequestError(name, f"{name} cannot be negative ({value})")
    if value > MAX_COUNTER:
        raise RequestError(name, f"{name} of {value} is not believable: at most {MAX_COUNTER}")
    return value


def _wind(data: Mapping, name: str, default: str) -> str:
    value = data.get(name) or default
    if not isinstance(value, str) or value.strip().upper() not in WINDS:
        raise RequestError(name, f"{name} must be one of E, S, W, N, not {value!r}")
    return value.strip().upper()


def resolve_ruleset(value: Any) -> tuple[str, str, Ruleset]:
    """A preset key or a stored ruleset's id (blank: the club's default)."""
    from rules.models import Ruleset as StoredRuleset

    if value is None or value == "":
        stored = StoredRuleset.club_default()
        # the club's default is usually a preset as it stands: answer with its key
        key = stored.preset if not stored.settings else str(stored.pk)
        return key, stored.name, _engine(stored)
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise RequestError(
            "ruleset", f"ruleset must be a preset key or a ruleset id, not {value!r}"
        )
    text = str(value).strip()
    if text in PRESETS:
        return text, PRESETS[text].name, PRESETS[text].ruleset
    if text.isdigit():
        stored = StoredRuleset.objects.filter(pk=int(text)).first()
        if stored is not None:
            return text, stored.name, _engine(stored)
    raise RequestError(
        "ruleset",
        f"unknown ruleset '{text}': use a stored ruleset's id or one of {', '.join(PRESETS)}",
    )


def _engine(stored) -> Ruleset:
    try:
        return stored.engine_ruleset()
    except InvalidRuleset as exc:
        raise RequestError("ruleset", f"ruleset '{stored.name}' is broken: {exc.message}") from None


def _tile_list(data: Mapping, name: str) -> list[tuple[int, bool]]:
    """A list of tiles: a JSON list of notation strings, or one notation string."""
    value = data.get(name)
    if value is None or value == "":
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RequestError(name, f'{name} must be a list of tiles such as ["3m", "7z"]')
    pairs: list[tuple[int, bool]] = []
    for text in value:
        try:
            pairs.extend(parse_kinds(text, name))
        except EngineError as exc:
            raise RequestError(name, f"{name}: {exc.message}") from None
    return pairs


def _allocate(pairs, ruleset: Ruleset, taken: set[int], name: str) -> list[int]:
    try:
        tiles = tiles_from_kinds(pairs, ruleset.red_fives, taken, name)
    except EngineError as exc:
        raise RequestError(name, _fifth_copy_message(exc.message, name)) from None
    taken.update(tiles)
    return tiles


def _fifth_copy_message(message: str, name: str) -> str:
    if name == "hand" or "fifth copy" not in message:
        return message
    return f"{message} (counting the hand, the melds and the indicators together)"


def read_request(data: Any, kind: str = "score", lenient: bool = False) -> Prepared:
    """Check request data; ``kind`` is ``score`` (14 tiles) or ``waits`` (13 tiles).

    ``lenient`` accepts the strings of an HTML form for booleans and numbers; the
    JSON API is strict about types. Raises :class:`RequestError`.
    """
    if not isinstance(data, Mapping):
        raise RequestError(None, "the request must be a JSON object of field names to values")
    allowed = SCORE_FIELDS if kind == "score" else WAITS_FIELDS
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise RequestError(unknown[0], f"unknown field '{unknown[0]}'")
    key, name, ruleset = resolve_ruleset(data.get("ruleset"))

    flags = {f: _flag(data, f, lenient) for f in FLAGS}
    win = data.get("win", "ron")
    if lenient and win in (None, ""):
        win = "ron"
    if win not in ("ron", "tsumo"):
        raise RequestError("win", f'win must be "ron" or "tsumo", not {win!r}')
    round_wind = _wind(data, "round_wind", "E")
    seat_wind = _wind(data, "seat_wind", "S")
    honba = _counter(data, "honba", lenient)
    sticks = _counter(data, "riichi_sticks", lenient)

    hand_text = data.get("hand")
    if hand_text is None or (isinstance(hand_text, str) and not hand_text.strip()):
        raise RequestError("hand", "enter the hand's tiles, e.g. 123m456p789s1122z")
    if not isinstance(hand_text, str):
        raise RequestError("hand", f"hand must be tile notation text, not {hand_text!r}")
    try:
        hand_pairs = parse_kinds(hand_text, "hand")
    except EngineError as exc:
        raise RequestError("hand", exc.message) from None

    meld_texts = data.get("melds") or []
    if isinstance(meld_texts, str):
        meld_texts = meld_texts.split()
    if not isinstance(meld_texts, list) or not all(isinstance(m, str) for m in meld_texts):
        raise RequestError("melds", 'melds must be a list such as ["chi:345m", "pon:555z"]')
    if len(meld_texts) > 4:
        raise RequestError("melds", f"a hand has at most four melds, not {len(meld_texts)}")

    taken: set[int] = set()
    melds = []
    for text in meld_texts:
        try:
            meld = parse_meld(text.strip(), ruleset.red_fives, taken, "melds")
        except EngineError as exc:
            raise RequestError("melds", _fifth_copy_message(exc.message, "melds")) from None
        taken.update(meld.tiles)
        melds.append(meld)
    concealed = _allocate(hand_pairs, ruleset, taken, "hand")
    dora = _allocate(_tile_list(data, "dora_indicators"), ruleset, taken, "dora_indicators")
    ura = _allocate(_tile_list(data, "ura_indicators"), ruleset, taken, "ura_indicators")
    discards: list[int] = []
    if kind == "waits":
        discards = _allocate(_tile_list(data, "discards"), ruleset, taken, "discards")

    want = 14 if kind == "score" else 13
    have = len(concealed) + 3 * len(melds)
    if have != want:
        what = "a winning hand has 14 tiles" if want == 14 else "a waiting hand has 13 tiles"
        also = (
            f" ({len(concealed)} in the hand + 3 for each of the {len(melds)} melds)"
            if melds
            else ""
        )
        raise RequestError("hand", f"{what}, counting 3 for each meld; this one has {have}{also}")

    win_tile = None
    if kind == "score":
        win_tile = _win_tile(data, concealed, ruleset, lenient, hand_pairs)

    prepared = Prepared(
        ruleset_key=key,
        ruleset_name=name,
        ruleset=ruleset,
        concealed=concealed,
        melds=melds,
        win_tile=win_tile,
        tsumo=win == "tsumo",
        flags=flags,
        round_wind=round_wind,
        seat_wind=seat_wind,
        dora=dora,
        ura=ura,
        honba=honba,
        riichi_sticks=sticks,
        discards=discards,
    )
    check_situation(prepared, kind)
    return prepared


def _win_tile(data, concealed, ruleset, lenient, hand_pairs) -> int:
    text = data.get("win_tile")
    if lenient and (text is None or (isinstance(text, str) and not text.strip())):
        kind, red = hand_pairs[-1]  # the form's default: the last tile written
        text = kind_notation(kind, red)
    if text is None or text == "":
        raise RequestError("win_tile", 'name the winning tile, e.g. "5p"')
    if not isinstance(text, str):
        raise RequestError("win_tile", f'win_tile must be one tile such as "5p", not {text!r}')
    try:
        kind, red = parse_kind(text.strip(), "win_tile")
    except EngineError as exc:
        raise RequestError("win_tile", exc.message) from None
    for tile in reversed(concealed):
        if tile >> 2 == kind and is_red(tile, ruleset.red_fives) == red:
            return tile
    same_kind = [t for t in concealed if t >> 2 == kind]
    hint = ""
    if same_kind and kind in FIVES:
        hint = " (the hand has the other colour of that five: write a red five as 0)"
    raise RequestError(
        "win_tile",
        f"the winning tile {kind_notation(kind, red)} is not in the hand; the hand must "
        f"include the winning tile{hint}",
    )


def situation_of(p: Prepared, tsumo: bool | None = None) -> Situation:
    """The engine's :class:`Situation` of a checked request (``tsumo`` overrides its win)."""
    f = p.flags
    return Situation(
        tsumo=p.tsumo if tsumo is None else tsumo,
        # double riichi replaces riichi: a request may tick both
        riichi=f["riichi"] and not f["double_riichi"],
        double_riichi=f["double_riichi"],
        ippatsu=f["ippatsu"],
        rinshan=f["rinshan"],
        chankan=f["chankan"],
        haitei=f["haitei"],
        houtei=f["houtei"],
        tenhou=f["tenhou"],
        chiihou=f["chiihou"],
        renhou=f["renhou"],
        open_riichi=f["open_riichi"],
        round_wind=WINDS[p.round_wind],
        seat_wind=WINDS[p.seat_wind],
        dora_indicators=tuple(p.dora),
        ura_indicators=tuple(p.ura),
        honba=p.honba,
        riichi_sticks=p.riichi_sticks,
    )


def check_situation(p: Prepared, kind: str = "score") -> None:
    """Flags that cannot go together, or do not fit the hand or the ruleset.

    The flags are checked by the engine's own :func:`check_situation` (the one the
    scorer uses), and its error is reported on the flag it names.
    """
    if len(p.dora) > 5:
        raise RequestError("dora_indicators", "there are at most 5 dora indicators (1 + 4 kans)")
    if len(p.ura) > max(1, len(p.dora)):
        raise RequestError(
            "ura_indicators", "each ura indicator lies under a dora indicator: too many of them"
        )
    try:
        engine_check_situation(situation_of(p), p.melds, p.ruleset, winner=0, dealer=p.dealer_seat)
    except InvalidHand as exc:
        raise RequestError(exc.flag or "hand", exc.message) from None


# --- the query string of the calculator page -----------------------------------


def from_query(query) -> dict:
    """The calculator form's fields (a QueryDict) as request data for read_request."""
    data: dict[str, Any] = {}
    for name in ("hand", "win_tile", "win", "round_wind", "seat_wind", "honba", "riichi_sticks"):
        if query.get(name) not in (None, ""):
            data[name] = query.get(name)
    if query.get("ruleset"):
        data["ruleset"] = query.get("ruleset")
    for name in FLAGS:
        if name in query:
            data[name] = query.get(name)
    melds = [m for m in query.getlist("meld") if m.strip()]
    if melds:
        data["melds"] = melds
    for form_name, name in (
        ("dora", "dora_indicators"),
        ("ura", "ura_indicators"),
        ("discards", "discards"),
    ):
        if query.get(form_name, "").strip():
            data[name] = query.get(form_name)
    return data
