"""Tenhou's XML game records ("mjlog"), read into the neutral form.

A record is a ``<mjloggm>`` element whose children come in playing order:

* ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">`` the wall seed (:mod:`.shuffle`);
* ``<GO type="169">`` the rules as bit flags: 0x02 no red fives, 0x04 no open
  tanyao, 0x08 a South game (else East only), 0x10 three players;
* ``<UN n0=".." n1=".." ..>`` the players' names, URL-encoded;
* ``<INIT seed="round,honba,sticks,die,die,dora" ten="250,..." hai0="..">`` a new
  hand: header, scores in hundreds, the dora indicator and the tiles dealt, as
  tile ids 0-135 (``kind * 4 + copy``; copy 0 of a five is the red one);
* ``<T12/>`` ``<U..>`` ``<V..>`` ``<W..>`` draws of seats 0-3, ``<D..>`` ``<E..>``
  ``<F..>`` ``<G..>`` their discards (a discard of the tile just drawn is a tsumogiri);
* ``<N who="1" m="..">`` a call, its tiles and source packed in the number ``m``;
* ``<REACH who="0" step="1">`` before a riichi discard (step 2 once it is paid);
* ``<DORA hai="..">`` a kan dora indicator;
* ``<AGARI ..>`` a win (two in a row for a double ron) with ``ten="fu,points,limit"``,
  ``yaku="id,han,.."`` or ``yakuman="id,.."`` (Tenhou's numbered list, see
  :mod:`.yaku`), ``doraHaiUra`` and ``sc="score,change,.."`` in hundreds;
* ``<RYUUKYOKU type=".." sc="..">`` a draw: no type for the end of the wall, ``nm``
  nagashi mangan, ``yao9`` nine terminals, ``kaze4``, ``reach4``, ``kan4``, ``ron3``;
* ``owari="score,points,.."`` on the last result: the final scores.

When the seed is there and its walls fit what the record shows, each hand's whole
wall comes from the seed, so even the tiles nobody saw are known; otherwise the
wall is rebuilt from the draws like any other log (:mod:`.walls`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from urllib.parse import unquote

from rules.engine import ANKAN, CHI, DAIMINKAN, PON, SHOUMINKAN, Ruleset

from . import log_rules, play_rules
from . import shuffle as tenhou_shuffle
from . import yaku as yaku_names
from .model import (
    WIND_NAMES,
    Call,
    Code,
    Discard,
    Draw,
    Kan,
    Kyuushu,
    LogFormatError,
    LogGame,
    LogHand,
    LogResult,
    LogWin,
    Ron,
    Tsumo,
    code_of,
)
from .walls import check_known_wall

DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"
DRAW_TYPES = {
    "yao9": "kyuushu_kyuuhai",
    "kaze4": "suufon_renda",
    "reach4": "suucha_riichi",
    "kan4": "suukaikan",
    "ron3": "sanchahou",
}
LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")


def _ints(text: str | None, field: str) -> list[int]:
    if text is None:
        raise LogFormatError("missing", field)
    try:
        return [int(x) for x in text.split(",") if x.strip() != ""]
    except ValueError:
        raise LogFormatError(f"'{text}' is not a list of whole numbers", field) from None


def _tile(value: int, field: str) -> int:
    if not 0 <= value < 136:
        raise LogFormatError(f"{value} is not a tile id (0-135)", field)
    return value


def rules_of(flags: int) -> log_rules.ReadRules:
    """The rules the ``GO`` type's bits state: 0x02 no red fives, 0x04 no open tanyao,
    0x08 a South game (East only without it), 0x10 three players, 0x200 and 0x400 a
    chip game (祝儀)."""
    if flags & 0x10:
        raise LogFormatError("three-player games are not supported", "GO.type")
    read = log_rules.ReadRules(log_rules.TENHOU)
    where = f"GO type {flags}"
    read.say("game_type", "hanchan" if flags & 0x08 else "tonpuusen", where)
    read.say("red_fives", (0, 0, 0) if flags & 0x02 else (1, 1, 1), where)
    read.say("kuitan", not flags & 0x04, where)
    if flags & 0x600:
        read.say("chips", True, where)
    return read


def decode_meld(who: int, m: int, field: str) -> tuple[str, list[int], int | None, int]:
    """An ``<N>`` tag's number as (kind, physical tiles, called tile or added tile, source)."""
    source = (who + (m & 3)) % 4
    if m & 0x04:
        t = m >> 10
        called_index, t = t % 3, t // 3
        base = (t // 7) * 9 + t % 7
        copies = ((m >> 3) & 3, (m >> 5) & 3, (m >> 7) & 3)
        tiles = [(base + i) * 4 + copies[i] for i in range(3)]
        return CHI, tiles, tiles[called_index], source
    if m & 0x18:
        t = m >> 9
        called_index, t = t % 3, t // 3
        unused = (m >> 5) & 3
        tiles = [t * 4 + c for c in range(4) if c != unused]
        if m & 0x10:
            return SHOUMINKAN, tiles, t * 4 + unused, source
        return PON, tiles, tiles[called_index], source
    if m & 0x20:
        raise LogFormatError("a north-tile call (three-player games are not supported)", field)
    called = (m >> 8) & 0xFF
    base = called - called % 4
    tiles = [base + c for c in range(4)]
    if m & 3 == 0:
        return ANKAN, tiles, None, who
    return DAIMINKAN, tiles, called, source


_INIT_SEED = re.compile(r'<INIT\b[^>]*?seed="(\d+),(\d+),')


def _broken_hand(text: str, exc: ET.ParseError) -> str:
    """Where in the game a record stops being XML: ", in hand 8 (South 4)"."""
    line, column = exc.position
    lines = text.split("\n")
    offset = sum(len(x) + 1 for x in lines[: line - 1]) + column
    seeds = list(_INIT_SEED.finditer(text, 0, offset))
    if not seeds:
        return ""
    kyoku, honba = int(seeds[-1].group(1)), int(seeds[-1].group(2))
    label = f"{WIND_NAMES[kyoku // 4 % 4]} {kyoku % 4 + 1}" + (f", {honba} honba" if honba else "")
    return f", in hand {len(seeds)} ({label}): the record is cut or broken there"


def parse(text: str, override: Ruleset | None = None) -> LogGame:
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise LogFormatError("a Tenhou record has no document type or entity declarations")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise LogFormatError(f"not well-formed XML ({exc}){_broken_hand(text, exc)}") from None
    if root.tag != "mjloggm":
        raise LogFormatError(f"the root element must be <mjloggm>, not <{root.tag}>", "mjloggm")
    reader = _Reader(override)
    for position, el in enumerate(root):
        reader.read(el, f"{el.tag} (element {position + 1})")
    return reader.finish()


class _Reader:
    def __init__(self, override: Ruleset | None) -> None:
        self.override = override
        self.read_rules = rules_of(9)  # no GO tag: a plain South game
        self.names: list[str] | None = None
        self.shuffle: tenhou_shuffle.TenhouShuffle | None = None
        self.shuffle_note = ""
        self.hands: list[LogHand] = []
        self.hand: LogHand | None = None
        self.final: tuple[int, ...] | None = None
        self.notes: list[str] = []
        self.final_chips: tuple[int, ...] | None = None

    # -- per tag
    def read(self, el: ET.Element, field: str) -> None:
        tag = el.tag
        if tag == "SHUFFLE":
            seed = el.get("seed", "")
            if seed:
                try:
                    self.shuffle = tenhou_shuffle.TenhouShuffle(seed)
                except LogFormatError as exc:
                    self.notes.append(
                        f"the shuffle seed is unusable ({exc.message}); walls are rebuilt from the draws"
                    )
        elif tag == "GO":
            self.read_rules = rules_of(_ints(el.get("type"), "GO.type")[0])
        elif tag == "UN":
            if self.names is None and el.get("n0") is not None:
                self.names = [
                    unquote(el.get(f"n{i}", "")).strip() or f"Player {i + 1}" for i in range(4)
                ]
        elif tag == "INIT":
            self._init(el, field)
        elif tag in ("TAIKYOKU", "BYE"):
            return
        elif tag[0] in DRAW_TAGS and tag[1:].isdigit():
            self._draw(DRAW_TAGS.index(tag[0]), int(tag[1:]), field)
        elif tag[0].upper() in DISCARD_TAGS and tag[1:].isdigit():
            self._discard(DISCARD_TAGS.index(tag[0].upper()), int(tag[1:]), tag[0].islower(), field)
        elif tag == "N":
            self._meld(el, field)
        elif tag == "REACH":
            if el.get("step") == "1":
                self._need_hand(field)
                self.pending_riichi.add(_ints(el.get("who"), field + ".who")[0])
        elif tag == "DORA":
            hand = self._need_hand(field)
            hand.dora = (
                *hand.dora,
                self._code(_tile(_ints(el.get("hai"), field + ".hai")[0], field)),
            )
        elif tag == "AGARI":
            self._agari(el, field)
        elif tag == "RYUUKYOKU":
            self._ryuukyoku(el, field)
        # other tags (seen in live protocol captures) carry nothing we need

    def _code(self, tile: int) -> Code:
        return code_of(tile, self.read_rules.values["red_fives"])

    def _need_hand(self, field: str) -> LogHand:
        if self.hand is None:
            raise LogFormatError("comes before any <INIT> (no hand has started)", field)
        return self.hand

    def _init(self, el: ET.Element, field: str) -> None:
        if self.hand is not None and self.hand.result is None:
            raise LogFormatError(
                f"a new hand starts before hand {len(self.hands)} ({self.hand.label}) has a result",
                field,
            )
        seed = _ints(el.get("seed"), f"{field}.seed")
        if len(seed) != 6:
            raise LogFormatError("must be round,honba,sticks,die,die,dora", f"{field}.seed")
        kyoku, honba, sticks = seed[0], seed[1], seed[2]
        if not 0 <= kyoku <= 15 or honba < 0 or sticks < 0:
            raise LogFormatError("round must be 0-15, honba and sticks at least 0", f"{field}.seed")
        ten = _ints(el.get("ten"), f"{field}.ten")
        if len(ten) != 4:
            raise LogFormatError("must hold four scores", f"{field}.ten")
        dealt = []
        for seat in range(4):
            tiles = [
                _tile(t, f"{field}.hai{seat}")
                for t in _ints(el.get(f"hai{seat}"), f"{field}.hai{seat}")
            ]
            if len(tiles) != 13:
                raise LogFormatError(
                    f"seat {seat} must be dealt 13 tiles, not {len(tiles)}", f"{field}.hai{seat}"
                )
            dealt.append(tuple(self._code(t) for t in tiles))
        hand = LogHand(
            index=len(self.hands),
            round_wind=kyoku // 4,
            round_number=kyoku % 4,
            honba=honba,
            sticks=sticks,
            scores=tuple(100 * t for t in ten),
            haipai=tuple(dealt),
            dora=(self._code(_tile(seed[5], f"{field}.seed")),),
        )
        oya = el.get("oya")
        if oya is not None and int(oya) != kyoku % 4:
            raise LogFormatError(f"the dealer {oya} does not fit round {kyoku}", f"{field}.oya")
        self.hands.append(hand)
        self.hand = hand
        self.last_draw: list[int | None] = [None] * 4
        self.rinshan = [False] * 4
        self.pending_riichi: set[int] = set()
        self.last_discarder = hand.dealer

    def _draw(self, seat: int, tile: int, field: str) -> None:
        hand = self._need_hand(field)
        hand.events.append(Draw(seat, self._code(_tile(tile, field)), self.rinshan[seat]))
        self.rinshan[seat] = False
        self.last_draw[seat] = tile

    def _discard(self, seat: int, tile: int, lower: bool, field: str) -> None:
        hand = self._need_hand(field)
        _tile(tile, field)
        riichi = seat in self.pending_riichi
        self.pending_riichi.discard(seat)
        tsumogiri = lower or tile == self.last_draw[seat]
        hand.events.append(Discard(seat, self._code(tile), tsumogiri, riichi))
        self.last_draw[seat] = None
        self.last_discarder = seat

    def _meld(self, el: ET.Element, field: str) -> None:
        hand = self._need_hand(field)
        who = _ints(el.get("who"), f"{field}.who")[0]
        if not 0 <= who <= 3:
            raise LogFormatError(f"{who} is not a seat", f"{field}.who")
        m = _ints(el.get("m"), f"{field}.m")[0]
        kind, tiles, special, source = decode_meld(who, m, field)
        code = self._code
        if kind in (CHI, PON, DAIMINKAN):
            assert special is not None  # the called tile
            own = tuple(code(t) for t in tiles if t != special)
            hand.events.append(Call(who, kind, code(special), own, source))
        elif kind == ANKAN:
            hand.events.append(Kan(who, ANKAN, tuple(code(t) for t in tiles)))
        else:
            assert special is not None  # the added tile
            hand.events.append(Kan(who, SHOUMINKAN, (code(special),)))
        self.last_draw[who] = None
        if kind in (DAIMINKAN, ANKAN, SHOUMINKAN):
            self.rinshan[who] = True

    def _scores(self, el: ET.Element, field: str) -> tuple[int, ...]:
        """The score changes of ``sc``: per seat the score and its change (in hundreds),
        followed in a chip game by the chips: ``score,change,chips`` per seat, or
        ``score,change,chips,chip change``. A chip game's chip changes are kept with the
        hand (the change, or the difference of the counts from the hand before)."""
        sc = _ints(el.get("sc"), f"{field}.sc")
        if len(sc) not in (8, 12, 16):
            raise LogFormatError(
                "must hold score and change (and, in a chip game, chips) for each of the "
                f"four seats: 8, 12 or 16 numbers, not {len(sc)}",
                f"{field}.sc",
            )
        step = len(sc) // 4
        if step > 2:
            hand = self._need_hand(field)
            if step == 4:
                change = tuple(sc[3::4])
            else:
                change = tuple(sc[2::3])
            hand.chips = (
                change
                if hand.chips is None
                else tuple(a + b for a, b in zip(hand.chips, change, strict=True))
            )
            self.read_rules.say("chips", True, f"{field}.sc")
        return tuple(100 * d for d in sc[1::step])

    def _owari(self, el: ET.Element, field: str) -> None:
        owari = el.get("owari")
        if owari:
            try:
                values = [float(x) for x in owari.split(",")]
            except ValueError:
                raise LogFormatError(
                    f"'{owari}' is not a list of numbers", f"{field}.owari"
                ) from None
            if len(values) not in (8, 12, 16):
                raise LogFormatError(
                    "must hold score and points (and, in a chip game, chips) for each seat",
                    f"{field}.owari",
                )
            step = len(values) // 4
            self.final = tuple(round(v * 100) for v in values[0::step])
            if step > 2:
                self.final_chips = tuple(round(v) for v in values[2::step])

    def _agari(self, el: ET.Element, field: str) -> None:
        hand = self._need_hand(field)
        who = _ints(el.get("who"), f"{field}.who")[0]
        source = _ints(el.get("fromWho"), f"{field}.fromWho")[0]
        pao = el.get("paoWho")
        ten = _ints(el.get("ten"), f"{field}.ten")
        if len(ten) < 3:
            raise LogFormatError("must be fu,points,limit", f"{field}.ten")
        entries = []
        if el.get("yaku"):
            raw = _ints(el.get("yaku"), f"{field}.yaku")
            if len(raw) % 2:
                raise LogFormatError("must list yaku id and han in pairs", f"{field}.yaku")
            for k in range(0, len(raw), 2):
                entries.append((self._yaku(raw[k], f"{field}.yaku"), raw[k + 1]))
        for yid in _ints(el.get("yakuman") or "", f"{field}.yakuman"):
            entries.append((self._yaku(yid, f"{field}.yakuman"), 13))
        yakuman = sum(h for k, h in entries if yaku_names.is_yakuman(k)) // 13
        deltas = self._scores(el, field)
        win = LogWin(
            seat=who,
            from_seat=None if source == who else source,
            han=13 * yakuman if yakuman else sum(h for _, h in entries),
            fu=ten[0] if not yakuman else None,
            yakuman=yakuman,
            yaku=tuple(entries),
            deltas=deltas,
            pao=int(pao) if pao is not None else None,
            limit=LIMITS[ten[2]] if 0 <= ten[2] < len(LIMITS) else "",
        )
        if el.get("doraHaiUra"):
            hand.ura = tuple(
                self._code(_tile(t, f"{field}.doraHaiUra"))
                for t in _ints(el.get("doraHaiUra"), field)
            )
        previous = hand.result
        if previous is not None and previous.kind == "ron" and win.from_seat is not None:
            # the second winner of a double ron
            assert previous.deltas is not None  # an AGARI always has its score changes
            total = tuple(a + b for a, b in zip(previous.deltas, deltas, strict=True))
            hand.result = previous._replace(wins=(*previous.wins, win), deltas=total)
            ron = hand.events[-1]
            assert isinstance(ron, Ron) and ron.seats is not None  # the first win's Ron
            hand.events[-1] = ron._replace(seats=(*ron.seats, who))
        elif previous is not None:
            raise LogFormatError("a second result for the same hand", field)
        else:
            kind = "tsumo" if win.from_seat is None else "ron"
            hand.result = LogResult(kind, wins=(win,), deltas=deltas, label="AGARI")
            hand.events.append(Tsumo(who) if kind == "tsumo" else Ron((who,), source))
        self._owari(el, field)

    def _yaku(self, number: int, field: str) -> str:
        if not 0 <= number < len(yaku_names.MJLOG_IDS):
            raise LogFormatError(f"{number} is not a Tenhou yaku number", field)
        return yaku_names.MJLOG_IDS[number]

    def _ryuukyoku(self, el: ET.Element, field: str) -> None:
        hand = self._need_hand(field)
        if hand.result is not None:
            raise LogFormatError("a second result for the same hand", field)
        kind = el.get("type")
        deltas = self._scores(el, field) if el.get("sc") else (0, 0, 0, 0)
        if kind is None:
            tenpai = tuple(el.get(f"hai{s}") is not None for s in range(4))
            hand.result = LogResult("exhaustive", deltas=deltas, tenpai=tenpai, label="RYUUKYOKU")
        elif kind == "nm":
            hand.result = LogResult("nagashi", deltas=deltas, label="RYUUKYOKU nm")
        elif kind in DRAW_TYPES:
            reason = DRAW_TYPES[kind]
            hand.result = LogResult("abortive", reason, deltas=deltas, label=f"RYUUKYOKU {kind}")
            if reason == "kyuushu_kyuuhai":
                drawer = next(
                    (e.seat for e in reversed(hand.events) if isinstance(e, Draw)), hand.dealer
                )
                hand.events.append(Kyuushu(drawer))
            elif reason == "sanchahou":
                hand.events.append(Ron(None, self.last_discarder))
        else:
            raise LogFormatError(
                f"'{kind}' is not a draw type this importer knows", f"{field}.type"
            )
        self._owari(el, field)

    def finish(self) -> LogGame:
        if not self.hands:
            raise LogFormatError("the record holds no hand (no <INIT>)", "mjloggm")
        if self.hands[-1].result is None:
            last = self.hands[-1]
            raise LogFormatError(
                "the record ends in the middle of this hand (it has no result)",
                f"hand {len(self.hands)} ({last.label})",
            )
        first = self.hands[0]
        self.read_rules.say(
            "start_score", log_rules.start_score(first.scores, first.sticks), "the first INIT's ten"
        )
        play_rules.read_play(self.read_rules, self.hands)
        settled = log_rules.settle(self.read_rules, self.override)
        reds = settled.ruleset.red_fives
        for hand in self.hands:
            if self.shuffle is None:
                continue
            wall = tenhou_shuffle.engine_wall(self.shuffle.yama(hand.index))
            misfit = check_known_wall(hand, wall, reds)
            if misfit is None:
                hand.wall = wall
                hand.notes.append("the whole wall comes from the record's shuffle seed")
            else:
                hand.notes.append(
                    f"the shuffle seed does not give this hand ({misfit}); the wall is rebuilt from the draws"
                )
        names = tuple(self.names or [f"Player {i + 1}" for i in range(4)])
        game = LogGame(
            "mjlog",
            "",
            names,
            settled.ruleset,
            settled.note,
            self.hands,
            self.final,
            notes=self.notes,
        )
        game.rules_read = settled.read
        game.rules_assumed = settled.assumed
        game.final_chips = self.final_chips
        return game
