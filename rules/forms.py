"""The calculator form: its state in the query string, and the tile picker's moves.

The whole calculator lives in GET parameters so a URL reproduces a calculation.
Picker buttons are ordinary submit buttons (``pick``, ``drop``, ``drop_meld``,
``clear``); :meth:`CalculatorForm.apply` turns one move into a new state and the
view redirects (without JavaScript) or pushes the new URL (htmx) to the canonical
query string. Checking and scoring are left to :mod:`rules.calculator`.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.utils.translation import get_language, gettext_lazy, pgettext_lazy

from rules import calculator
from rules.engine import EngineError, format_kinds, kind_name, kind_notation, parse_kinds

MODES = (
    ("hand", gettext_lazy("Hand")),
    ("win", gettext_lazy("Winning tile")),
    ("chi", pgettext_lazy("term", "Chi")),
    ("pon", pgettext_lazy("term", "Pon")),
    ("daiminkan", pgettext_lazy("term", "Open kan")),
    ("ankan", pgettext_lazy("term", "Closed kan")),
    ("shouminkan", pgettext_lazy("term", "Added kan")),
    ("dora", pgettext_lazy("term", "Dora indicator")),
    ("ura", pgettext_lazy("term", "Ura indicator")),
    ("discards", gettext_lazy("Own discard")),
)
MODE_KEYS = tuple(k for k, _ in MODES)
TEXT_FIELDS = ("hand", "win_tile", "win", "round_wind", "seat_wind", "dora", "ura", "discards")
COUNTERS = ("honba", "riichi_sticks")
# API field names that the form calls differently.
FORM_FIELDS = {"dora_indicators": "dora", "ura_indicators": "ura", "melds": "meld"}
OPS = ("pick", "drop", "drop_meld", "clear")
FLAG_LABELS = (
    ("riichi", pgettext_lazy("term", "Riichi")),
    ("double_riichi", pgettext_lazy("term", "Double riichi")),
    ("ippatsu", pgettext_lazy("term", "Ippatsu")),
    ("rinshan", pgettext_lazy("term", "Rinshan (kan replacement)")),
    ("chankan", pgettext_lazy("term", "Chankan (robbing a kan)")),
    ("haitei", pgettext_lazy("term", "Haitei (last wall tile)")),
    ("houtei", pgettext_lazy("term", "Houtei (last discard)")),
    ("tenhou", pgettext_lazy("term", "Tenhou")),
    ("chiihou", pgettext_lazy("term", "Chiihou")),
    ("renhou", pgettext_lazy("term", "Renhou")),
    ("open_riichi", pgettext_lazy("term", "Open riichi (if the ruleset has it)")),
)


# A tile's name as a Japanese player reads it (五萬, 赤五筒, 東, 白), for the picker's
# hover text in Japanese; the engine's kind_name gives the English one.
JAPANESE_NUMBERS = "一二三四五六七八九"
JAPANESE_SUITS = "萬筒索"
JAPANESE_HONOURS = "東南西北白發中"


def tile_words(kind: int, red: bool = False) -> str:
    if get_language() != "ja":
        return kind_name(kind, red)
    if kind >= 27:
        return JAPANESE_HONOURS[kind - 27]
    return ("赤" if red else "") + JAPANESE_NUMBERS[kind % 9] + JAPANESE_SUITS[kind // 9]


def palette() -> list[dict]:
    """The picker's 37 faces: each suit 1-9 with its red five after the plain one."""
    rows = []
    for suit in range(3):
        faces = []
        for n in range(9):
            kind = suit * 9 + n
            faces.append({"notation": kind_notation(kind), "name": tile_words(kind)})
            if n == 4:
                faces.append(
                    {"notation": kind_notation(kind, True), "name": tile_words(kind, True)}
                )
        rows.append(faces)
    rows.append([{"notation": kind_notation(k), "name": tile_words(k)} for k in range(27, 34)])
    return rows


class CalculatorForm:
    def __init__(self, query):
        self.values = {name: query.get(name, "").strip() for name in TEXT_FIELDS}
        for name in COUNTERS:
            self.values[name] = query.get(name, "").strip()
        self.values["ruleset"] = query.get("ruleset", "").strip()
        self.flags = {name for name, _ in FLAG_LABELS if query.get(name)}
        # the field's example lists several melds with commas: each is a meld of its own
        self.melds = [
            part.strip() for m in query.getlist("meld") for part in m.split(",") if part.strip()
        ]
        mode = query.get("mode", "hand")
        self.mode = mode if mode in MODE_KEYS else "hand"
        self.op_error: str | None = None
        self.query = query

    # -- state ---------------------------------------------------------------------

    @property
    def has_op(self) -> bool:
        return any(self.query.get(op) not in (None, "") for op in OPS)

    def pairs(self) -> list[tuple[str, str]]:
        """The canonical query string, as (name, value) pairs."""
        out: list[tuple[str, str]] = []
        for name in ("hand",):
            if self.values[name]:
                out.append((name, self.values[name]))
        out += [("meld", m) for m in self.melds]
        for name in ("win_tile", "win", "round_wind", "seat_wind", "dora", "ura", "discards"):
            if self.values[name]:
                out.append((name, self.values[name]))
        out += [(name, "on") for name, _ in FLAG_LABELS if name in self.flags]
        for name in (*COUNTERS, "ruleset"):
            if self.values[name]:
                out.append((name, self.values[name]))
        if self.mode != "hand":
            out.append(("mode", self.mode))
        return out

    def query_string(self) -> str:
        return urlencode(self.pairs())

    def data(self) -> dict:
        """Request data for :func:`rules.calculator.read_request` (lenient)."""
        from django.http import QueryDict

        q = QueryDict(mutable=True)
        for name, value in self.pairs():
            if name != "mode":
                q.appendlist(name, value)
        return calculator.from_query(q)

    # -- picker moves ----------------------------------------------------------------

    def apply(self) -> None:
        q = self.query
        try:
            if q.get("clear"):
                for name in ("hand", "win_tile", "dora", "ura", "discards"):
                    self.values[name] = ""
                self.melds = []
            elif q.get("drop") not in (None, ""):
                self._drop(q.get("drop"))
            elif q.get("drop_meld") not in (None, ""):
                i = int(q.get("drop_meld"))
                if 0 <= i < len(self.melds):
                    del self.melds[i]
            elif q.get("pick"):
                self._pick(q.get("pick"))
        except (EngineError, ValueError) as exc:
            self.op_error = getattr(exc, "message", None) or str(exc)

    def _hand_pairs(self) -> list[tuple[int, bool]]:
        return parse_kinds(self.values["hand"], "hand") if self.values["hand"] else []

    def _drop(self, index: str) -> None:
        pairs = self._hand_pairs()
        i = int(index)
        if 0 <= i < len(pairs):
            kind, red = pairs.pop(i)
            if self.values["win_tile"] == kind_notation(kind, red) and (kind, red) not in pairs:
                self.values["win_tile"] = ""
            self.values["hand"] = format_kinds(pairs)

    def _pick(self, text: str) -> None:
        kind, red = parse_kinds(text, "pick")[0]
        tile = kind_notation(kind, red)
        mode = self.mode
        if mode in ("hand", "win"):
            pairs = self._hand_pairs()
            if len(pairs) + 3 * len(self.melds) >= 14:
                raise ValueError("the hand is full: 14 tiles, counting 3 for each meld")
            pairs.append((kind, red))
            self.values["hand"] = format_kinds(pairs)
            if mode == "win":
                self.values["win_tile"] = tile
        elif mode == "chi":
            if kind >= 27 or kind % 9 > 6:
                raise ValueError("pick the lowest tile of the chi: 1 to 7 of a suit")
            tiles = [kind_notation(kind + i, red and i == 0) for i in range(3)]
            self.melds.append("chi:" + "".join(t[0] for t in tiles) + tiles[0][1])
        elif mode in ("pon", "daiminkan", "ankan", "shouminkan"):
            if len(self.melds) >= 4:
                raise ValueError("a hand has at most four melds")
            size = 3 if mode == "pon" else 4
            digit = str(kind_notation(kind)[0])
            digits = ("0" + digit * (size - 1)) if red else digit * size
            self.melds.append(f"{mode}:{digits}{tile[1]}")
        else:  # dora, ura, discards
            self.values[mode] = self.values[mode] + tile if self.values[mode] else tile

    # -- what to show ----------------------------------------------------------------

    def tile_count(self) -> int:
        try:
            return len(self._hand_pairs()) + 3 * len(self.melds)
        except EngineError:
            return -1

    def hand_tiles(self) -> list[dict]:
        try:
            pairs = self._hand_pairs()
        except EngineError:
            return []
        complete = len(pairs) + 3 * len(self.melds) == 14
        win = self.values["win_tile"] or (kind_notation(*pairs[-1]) if pairs else "")
        win = win if complete else ""
        marked = False
        out = []
        for i in reversed(range(len(pairs))):
            notation = kind_notation(*pairs[i])
            is_win = notation == win and not marked
            marked = marked or is_win
            out.append({"index": i, "notation": notation, "win": is_win})
        return list(reversed(out))

    def win_choices(self) -> list[str]:
        seen = []
        for t in self.hand_tiles():
            if t["notation"] not in seen:
                seen.append(t["notation"])
        return seen

    def run(self) -> dict:
        """Score (14 tiles) or analyse waits (13); errors keyed by field."""
        count = self.tile_count()
        if not self.values["hand"]:
            return {"kind": None}
        kind = "waits" if count == 13 else "score"
        data = self.data()
        if kind == "score":
            data.pop("discards", None)
        else:
            data.pop("win_tile", None)
        try:
            prepared = calculator.read_request(data, kind, lenient=True)
            result = (
                calculator.score(prepared)
                if kind == "score"
                else calculator.analyse_waits(prepared)
            )
        except calculator.RequestError as exc:
            field = FORM_FIELDS.get(exc.field, exc.field) or "hand"
            return {"kind": kind, "error": exc, "errors": {field: exc.message}}
        return {"kind": kind, "result": result, "prepared": prepared, "errors": {}}
