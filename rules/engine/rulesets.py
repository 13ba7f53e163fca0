"""Rulesets: one frozen dataclass holding every configurable setting, plus presets.

Settings are data, not subclasses: a preset is a ``Ruleset`` value with a key, a
one-line description and its sources. The groups follow the Ronin Game Rules'
headings (game structure, yaku toggles, call rules, dora, abortive draws, yakuman
options, scoring options) plus the options of a mahjong app's rule settings (claims,
pseudo-tenpai, fix-yaku, open riichi) and of the Yakuza player's guide (two-fan
minimum, red-five counts, uma tables). Where each preset value comes from is listed
in ``tests/data/presets.json``.

Points are integers (uma in points, not thousands). Validation raises
:class:`InvalidRuleset` naming the field, so an organizer's bad edit never
reaches a table.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields
from typing import Any

from .errors import InvalidRuleset

GAME_TYPES = ("hanchan", "tonpuusen")
TIE_RULES = ("seat_order", "share_uma")
ROUNDINGS = ("goshashonyu", "half_up", "none")
RENHOU_VALUES = ("off", "mangan", "baiman", "yakuman", "yaku_5han")
KAN_DORA_TIMINGS = ("immediate", "after_discard", "after_discard_survives")
FIX_YAKU = ("first_only", "middle_ok", "finally")
WINNING_TILE_SELECTIONS = ("winning_tile", "any_wait", "all_waits")
OPEN_RIICHI_ROBOT = ("disable", "ignore_robot_discard", "pay_as_usual")
KAZOE = ("yakuman", "sanbaiman", "off")
CHOMBO = ("mangan", "penalty")
WIN_SETTLEMENTS = ("automatic", "claimed")
EMPTY_WAIT_TENPAI = ("none", "visible_ok", "all_ok")
DOUBLE_RON_HONBA = ("each_winner", "nearest_only")
PAO_SCOPES = ("pao_yakuman", "whole_hand")
DOUBLE_YAKUMAN_HANDS = ("kokushi_13", "suuankou_tanki", "chuuren_9", "daisuushii")

# Which section of a ruleset sheet each field belongs to (sheet order).
GROUPS: dict[str, tuple[str, ...]] = {
    "Game structure": (
        "game_type",
        "start_score",
        "target_score",
        "win_threshold",
        "west_round",
        "uma",
        "oka",
        "tobi",
        "tobi_threshold",
        "agariyame",
        "tenpaiyame",
        "dealer_stop_needs_threshold",
        "tie_rule",
        "rounding",
        "score_unit",
    ),
    "Yaku toggles": (
        "kuitan",
        "ippatsu",
        "atozuke",
        "fix_yaku",
        "winning_tile_selection",
        "renhou",
        "open_riichi",
        "open_riichi_robot",
        "daisharin",
        "nagashi_mangan",
        "minimum_han",
        "two_han_from_honba",
    ),
    "Call rules": (
        "kuikae",
        "kuikae_suji",
        "double_ron",
        "triple_ron",
        "double_ron_honba",
        "kan_min_live_wall",
    ),
    "Dora": (
        "omote_dora",
        "ura_dora",
        "red_fives",
        "kan_dora",
        "kan_ura_dora",
        "kan_dora_timing",
    ),
    "Abortive draws": (
        "kyuushu_kyuuhai",
        "suufon_renda",
        "suucha_riichi",
        "suukaikan",
        "sanchahou",
    ),
    "Yakuman options": (
        "double_yakuman",
        "yakuman_stacking",
        "kazoe",
        "max_yakuman",
        "pao_scope",
    ),
    "Scoring options": (
        "double_wind_pair_fu",
        "pinfu_tsumo_fu",
        "open_pinfu_fu",
        "kiriage",
        "chombo",
        "chombo_penalty",
    ),
    "Tenpai at a draw": (
        "tenpai_empty_waits",
        "tenpai_furiten_ok",
        "tenpai_no_yaku_ok",
    ),
    "Table procedure": ("win_settlement", "one_han_check", "evaluate_by_app"),
    "Time": ("thinking_time", "bank_time"),
}


@dataclass(frozen=True, slots=True)
class Ruleset:
    # --- game structure
    game_type: str = "hanchan"
    start_score: int = 25000
    target_score: int = 30000  # return points; oka = 4 * (target - start)
    win_threshold: int = 30000  # ends the West round; 0 = no extension at all
    west_round: bool = True  # sudden-death extension when nobody reached the threshold
    uma: tuple[int, int, int, int] = (20000, 10000, -10000, -20000)
    oka: bool = True
    tobi: bool = True
    tobi_threshold: int = 0  # the game ends when a score goes *below* this
    agariyame: bool = False
    tenpaiyame: bool = False
    # In all-last and the extension round, a dealer who keeps the seat ends the game only
    # when first *and* at ``win_threshold`` (Tenhou, Mahjong Soul). Off: the extension
    # ends as soon as anybody reaches the threshold (Ronin Game Rules, "West Round").
    dealer_stop_needs_threshold: bool = False
    tie_rule: str = "seat_order"
    rounding: str = "goshashonyu"
    score_unit: int = 100  # final scores are integers of this many points

    # --- yaku toggles
    kuitan: bool = True
    ippatsu: bool = True
    atozuke: bool = True  # False: the fix-yaku rule ("fix yaku" app setting) applies
    fix_yaku: str = "finally"
    winning_tile_selection: str = "winning_tile"
    renhou: str = "yaku_5han"
    open_riichi: bool = False
    open_riichi_robot: str = "disable"
    daisharin: bool = False
    nagashi_mangan: bool = True
    minimum_han: int = 1  # 1-han shibari; 2 = the two-fan constraint at all times
    two_han_from_honba: int = 0  # 0 = off; 5 = the Yakuza guide's two-fan minimum

    # --- call rules
    kuikae: bool = False  # False: swap-calling forbidden
    kuikae_suji: bool = True  # with kuikae forbidden, also forbid the other end of a chi
    double_ron: bool = True  # False: head bump (atamahane)
    triple_ron: bool = False  # only when sanchahou is off: all three win
    double_ron_honba: str = "each_winner"  # or "nearest_only": the others get the bare hand
    kan_min_live_wall: int = 2  # live-wall tiles needed to declare any kan

    # --- dora
    omote_dora: bool = True
    ura_dora: bool = True
    red_fives: tuple[int, int, int] = (1, 1, 1)  # per suit: man, pin, sou
    kan_dora: bool = True
    kan_ura_dora: bool = True
    kan_dora_timing: str = "after_discard_survives"

    # --- abortive draws
    kyuushu_kyuuhai: bool = True
    suufon_renda: bool = True
    suucha_riichi: bool = True
    suukaikan: bool = True
    sanchahou: bool = True

    # --- yakuman options
    double_yakuman: frozenset[str] = field(default_factory=lambda: frozenset(DOUBLE_YAKUMAN_HANDS))
    yakuman_stacking: bool = True
    kazoe: str = "yakuman"
    max_yakuman: int = 6
    pao_scope: str = "pao_yakuman"  # what the liable seat covers: that yakuman, or all

    # --- scoring options
    double_wind_pair_fu: int = 4
    pinfu_tsumo_fu: int = 0
    open_pinfu_fu: int = 2
    kiriage: bool = True
    chombo: str = "mangan"  # reverse mangan payments, or a penalty after uma
    chombo_penalty: int = 20000

    # --- tenpai at an exhaustive draw (the app rule settings' pseudo-tenpai options)
    tenpai_empty_waits: str = "visible_ok"  # only pure karaten is noten
    tenpai_furiten_ok: bool = True
    tenpai_no_yaku_ok: bool = True

    # --- table procedure: how wins are settled (see claims.py)
    win_settlement: str = "automatic"  # "claimed": wins are claimed, answered, reviewed
    one_han_check: bool = True  # claimed: the ordinary Win button only for hands the engine accepts
    evaluate_by_app: bool = True  # claimed: the claim form is pre-filled with the engine's value

    # --- time (seconds)
    thinking_time: int = 5
    bank_time: int = 20

    def __post_init__(self) -> None:
        validate(self)

    # -- conveniences used everywhere
    @property
    def hands_in_game(self) -> int:
        return 8 if self.game_type == "hanchan" else 4

    @property
    def oka_points(self) -> int:
        return 4 * (self.target_score - self.start_score) if self.oka else 0

    def replace(self, **changes: Any) -> Ruleset:
        return from_dict({**to_dict(self), **changes})


_CHOICES: dict[str, tuple[str, ...]] = {
    "game_type": GAME_TYPES,
    "tie_rule": TIE_RULES,
    "rounding": ROUNDINGS,
    "fix_yaku": FIX_YAKU,
    "winning_tile_selection": WINNING_TILE_SELECTIONS,
    "renhou": RENHOU_VALUES,
    "open_riichi_robot": OPEN_RIICHI_ROBOT,
    "kan_dora_timing": KAN_DORA_TIMINGS,
    "kazoe": KAZOE,
    "chombo": CHOMBO,
    "win_settlement": WIN_SETTLEMENTS,
    "tenpai_empty_waits": EMPTY_WAIT_TENPAI,
    "double_ron_honba": DOUBLE_RON_HONBA,
    "pao_scope": PAO_SCOPES,
}


def _fail(name: str, message: str) -> None:
    raise InvalidRuleset(f"{name}: {message}", field=name)


def validate(r: Ruleset) -> None:
    """Check types and ranges of every field, then the combinations."""
    for f in fields(r):
        value = getattr(r, f.name)
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        if isinstance(default, bool):
            if not isinstance(value, bool):
                _fail(f.name, f"must be true or false, not {value!r}")
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                _fail(f.name, f"must be a whole number, not {value!r}")
        elif isinstance(default, str) and value not in _CHOICES[f.name]:
            _fail(f.name, f"must be one of {', '.join(_CHOICES[f.name])}, not {value!r}")
    if r.start_score <= 0:
        _fail("start_score", "must be positive")
    if r.target_score < r.start_score:
        _fail("target_score", "cannot be below the starting score (oka would be negative)")
    if r.win_threshold < 0:
        _fail("win_threshold", "cannot be negative")
    if len(r.uma) != 4 or not all(isinstance(u, int) and not isinstance(u, bool) for u in r.uma):
        _fail("uma", "must be four whole numbers of points, first place to fourth")
    if sum(r.uma) != 0:
        _fail("uma", f"must add up to zero, adds up to {sum(r.uma)}")
    if list(r.uma) != sorted(r.uma, reverse=True):
        _fail("uma", "must not pay a lower place more than a higher one")
    if len(r.red_fives) != 3 or not all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 4 for n in r.red_fives
    ):
        _fail("red_fives", "must be three counts from 0 to 4 (man, pin, sou)")
    if r.minimum_han not in (1, 2):
        _fail("minimum_han", "must be 1 or 2")
    if r.two_han_from_honba < 0:
        _fail("two_han_from_honba", "cannot be negative (0 turns it off)")
    if r.score_unit not in (1, 100, 1000):
        _fail("score_unit", "must be 1, 100 or 1000 points")
    if r.kan_min_live_wall not in (1, 2):
        _fail("kan_min_live_wall", "must be 1 or 2 tiles")
    if r.double_wind_pair_fu not in (2, 4):
        _fail("double_wind_pair_fu", "must be 2 or 4")
    if r.pinfu_tsumo_fu not in (0, 2):
        _fail("pinfu_tsumo_fu", "must be 0 or 2")
    if r.open_pinfu_fu not in (0, 2):
        _fail("open_pinfu_fu", "must be 0 or 2")
    if not 1 <= r.max_yakuman <= 8:
        _fail("max_yakuman", "must be between 1 and 8")
    if not isinstance(r.double_yakuman, frozenset) or not r.double_yakuman <= set(
        DOUBLE_YAKUMAN_HANDS
    ):
        _fail("double_yakuman", f"may only list {', '.join(DOUBLE_YAKUMAN_HANDS)}")
    if r.chombo_penalty < 0:
        _fail("chombo_penalty", "cannot be negative")
    if r.thinking_time < 0 or r.bank_time < 0:
        _fail("thinking_time" if r.thinking_time < 0 else "bank_time", "cannot be negative")
    # combinations
    if r.kan_ura_dora and not (r.ura_dora and r.kan_dora):
        _fail("kan_ura_dora", "needs both ura dora and kan dora turned on")
    if r.triple_ron and (r.sanchahou or not r.double_ron):
        _fail("triple_ron", "needs double ron on and the triple-ron abortive draw off")
    if r.west_round and r.win_threshold == 0:
        _fail("west_round", "needs a winning score threshold above 0")
    if r.tobi_threshold > r.start_score:
        _fail("tobi_threshold", "cannot be above the starting score")


def to_dict(r: Ruleset) -> dict[str, Any]:
    """Plain JSON-ready dict (tuples become lists, the set a sorted list)."""
    out: dict[str, Any] = {}
    for f in fields(r):
        value = getattr(r, f.name)
        if isinstance(value, frozenset):
            value = sorted(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def from_dict(data: dict[str, Any], base: Ruleset | None = None) -> Ruleset:
    """Build a ruleset from JSON data, on top of ``base`` (default: Ronin).

    Unknown keys are an error rather than silently dropped: a typo in an organizer's
    settings must not quietly fall back to a default.
    """
    if not isinstance(data, dict):
        raise InvalidRuleset("settings must be a JSON object of setting names to values")
    names = {f.name for f in fields(Ruleset)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise InvalidRuleset(f"{unknown[0]}: no such setting", field=unknown[0])
    merged = to_dict(base or Ruleset())
    merged.update(data)
    for name in ("uma", "red_fives"):
        if isinstance(merged[name], list):
            merged[name] = tuple(merged[name])
        elif not isinstance(merged[name], tuple):
            _fail(name, "must be a list of numbers")
    dy = merged["double_yakuman"]
    if not isinstance(dy, (list, tuple, set, frozenset)):
        _fail("double_yakuman", "must be a list of hand names")
    try:
        merged["double_yakuman"] = frozenset(dy)
    except TypeError:
        _fail("double_yakuman", "must be a list of hand names")
    return Ruleset(**merged)


@dataclass(frozen=True, slots=True)
class Preset:
    key: str
    name: str
    description: str
    sources: tuple[str, ...]
    ruleset: Ruleset


RONIN = Ruleset()

PRESETS: dict[str, Preset] = {
    p.key: p
    for p in (
        Preset(
            "ronin",
            "Ronin (club default)",
            "The Ronin Game Rules exactly: hanchan, 25,000/30,000, uma 10-20, kiriage, "
            "double ron, three red fives, renhou a 5-han yaku, kan dora after the "
            "replacement discard survives.",
            ("Ronin Game Rules",),
            RONIN,
        ),
        Preset(
            "tenhou",
            "Tenhou ranked",
            "Tenhou's ranked-lobby rules: no kiriage, no double yakuman, kan dora revealed "
            "with the replacement discard, honba only to the nearest of two winners, a "
            "kan down to the last live tile, the leading dealer stops in all-last only "
            "with 30,000, pao covers the whole hand.",
            ("Tenhou rules (tenhou.net/man)",),
            RONIN.replace(
                double_ron_honba="nearest_only",
                kan_min_live_wall=1,
                dealer_stop_needs_threshold=True,
                pao_scope="whole_hand",
                renhou="off",
                kiriage=False,
                double_yakuman=[],
                kan_dora_timing="after_discard",
                agariyame=True,
                tenpaiyame=True,
                rounding="goshashonyu",
                score_unit=1000,
                thinking_time=5,
                bank_time=10,
            ),
        ),
        Preset(
            "mahjongsoul",
            "Mahjong Soul ranked",
            "Mahjong Soul's ranked rules: 15-5 uma without oka, double yakuman for the "
            "four special waits, kan dora with the replacement discard, agari-yame on "
            "for a leading dealer with 30,000, no kiriage.",
            ("Mahjong Soul ranked-match rules (in-game description)",),
            RONIN.replace(
                kan_min_live_wall=1,
                dealer_stop_needs_threshold=True,
                uma=[15000, 5000, -5000, -15000],
                target_score=25000,
                oka=False,
                renhou="off",
                kiriage=False,
                kan_dora_timing="after_discard",
                agariyame=True,
                tenpaiyame=False,
                thinking_time=5,
                bank_time=20,
            ),
        ),
        Preset(
            "ema",
            "EMA Riichi Competition Rules",
            "European tournament rules: 30,000 start without oka, uma +15/+5/-5/-15, no "
            "abortive draws, no red fives, no nagashi mangan, 13 han capped at sanbaiman, "
            "one yakuman at most, kan dora at once, chombo -20,000 after uma.",
            ("EMA Riichi Competition Rules",),
            RONIN.replace(
                kan_min_live_wall=1,
                kan_dora_timing="immediate",
                max_yakuman=1,
                start_score=30000,
                target_score=30000,
                win_threshold=0,
                west_round=False,
                uma=[15000, 5000, -5000, -15000],
                oka=False,
                tobi=False,
                tie_rule="share_uma",
                rounding="none",
                score_unit=100,
                renhou="mangan",
                nagashi_mangan=False,
                red_fives=[0, 0, 0],
                kyuushu_kyuuhai=False,
                suufon_renda=False,
                suucha_riichi=False,
                suukaikan=False,
                sanchahou=False,
                triple_ron=True,
                double_yakuman=[],
                yakuman_stacking=False,
                kazoe="sanbaiman",
                kiriage=False,
                double_wind_pair_fu=2,
                chombo="penalty",
                chombo_penalty=20000,
                tenpai_empty_waits="visible_ok",
                thinking_time=30,
                bank_time=0,
            ),
        ),
        Preset(
            "wrc",
            "World Riichi Championship",
            "WRC rules: 30,000 start without oka, uma +15/+5/-5/-15, kiriage, head bump "
            "instead of double ron, no abortive draws, 13 han capped at sanbaiman, "
            "one yakuman at most, chombo -20,000 after uma.",
            ("World Riichi Championship Rules",),
            RONIN.replace(
                kan_min_live_wall=1,
                yakuman_stacking=False,
                max_yakuman=1,
                start_score=30000,
                target_score=30000,
                win_threshold=0,
                west_round=False,
                uma=[15000, 5000, -5000, -15000],
                oka=False,
                tobi=False,
                tie_rule="share_uma",
                rounding="none",
                renhou="off",
                nagashi_mangan=False,
                red_fives=[0, 0, 0],
                double_ron=False,
                kyuushu_kyuuhai=False,
                suufon_renda=False,
                suucha_riichi=False,
                suukaikan=False,
                sanchahou=False,
                double_yakuman=[],
                kazoe="sanbaiman",
                kiriage=True,
                double_wind_pair_fu=2,
                chombo="penalty",
                chombo_penalty=20000,
                thinking_time=30,
                bank_time=0,
            ),
        ),
        Preset(
            "mleague",
            "M-League",
            "Japan's professional league: uma 10-30, no tobi, no West round, kiriage off, "
            "no abortive draws but nine terminals, red fives, head bump, kan dora at "
            "once, tied players share the placement points.",
            ("M-League official rules",),
            RONIN.replace(
                kan_min_live_wall=1,
                double_ron=False,
                kan_dora_timing="immediate",
                tie_rule="share_uma",
                uma=[30000, 10000, -10000, -30000],
                win_threshold=0,
                west_round=False,
                tobi=False,
                renhou="off",
                kiriage=False,
                double_yakuman=[],
                suufon_renda=False,
                suucha_riichi=False,
                suukaikan=False,
                sanchahou=False,
                double_wind_pair_fu=2,
                agariyame=False,
                thinking_time=10,
                bank_time=0,
            ),
        ),
        Preset(
            "yakuza",
            "Yakuza table rules",
            "The table rules of the Yakuza games: quarter game without an extension "
            "round, kuitan, two-fan minimum from five honba, no red fives, Big Wheel a "
            "yakuman, the leading all-last dealer stops, the Normal table's uma "
            "+35/+5/-15/-25.",
            ("YDS Mahjong Guide (Yakuza: Dead Souls), Barticle, version 1.01",),
            RONIN.replace(
                win_threshold=0,
                west_round=False,
                agariyame=True,
                daisharin=True,
                game_type="tonpuusen",
                target_score=25000,
                oka=False,
                uma=[35000, 5000, -15000, -25000],
                red_fives=[0, 0, 0],
                two_han_from_honba=5,
                renhou="off",
                kiriage=False,
                double_yakuman=["kokushi_13", "suuankou_tanki", "chuuren_9", "daisuushii"],
                score_unit=1,
                rounding="none",
            ),
        ),
    )
}

# The Yakuza guide's asymmetric uma tables (points, first to fourth), for organizers.
YAKUZA_UMA_TABLES: dict[str, tuple[int, int, int, int]] = {
    "easy": (25000, 0, -10000, -15000),
    "normal": (35000, 5000, -15000, -25000),
    "hard": (45000, 5000, -15000, -35000),
    "expert": (75000, 15000, -25000, -65000),
}

DEFAULT_PRESET = "ronin"


def preset(key: str) -> Ruleset:
    """The ruleset of a preset key; InvalidRuleset names the known keys."""
    try:
        return PRESETS[key].ruleset
    except KeyError:
        raise InvalidRuleset(
            f"unknown ruleset '{key}': choose one of {', '.join(PRESETS)}", field="ruleset"
        ) from None
