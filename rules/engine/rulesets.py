"""Rulesets: one frozen dataclass holding every configurable setting, and its checks.

Settings are data, not subclasses: the presets (:mod:`rules.engine.presets`) are
``Ruleset`` values with a key, a one-line description and their sources. The groups follow the Ronin Game Rules'
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
        "riichi_below_1000",
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
        "riichi_min_live_wall",
    ),
    "Dora": (
        "omote_dora",
        "ura_dora",
        "red_fives",
        "kan_dora",
        "kan_ura_dora",
        "kan_dora_timing",
        "rinshan_kan_dora",
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
    "Table procedure": ("win_settlement", "one_han_check", "evaluate_by_app", "confirm_review"),
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
    # Without tobi, riichi may be declared with fewer than 1,000 points: the stick takes
    # the score below zero (Mahjong Soul's tournament lobbies with bust off). Off: the
    # stick must be paid (Ronin Game Rules, "Riichi").
    riichi_below_1000: bool = False
    agariyame: bool = False
    tenpaiyame: bool = False
    # In all-last and the extension round, a dealer who keeps the seat ends the game only
    # when first *and* at ``win_threshold`` (Tenhou, Mahjong Soul). Off: the extension
    # ends as soon as anybody reaches the threshold (Ronin Game Rules, "West Round").
    dealer_stop_needs_threshold: bool = False
    tie_rule: str = "seat_order"
    rounding: str = "goshashonyu"
    # Final scores are whole multiples of this many points. Goshashonyu (the Ronin Game
    # Rules, "Scoring Fundamentals": 500 toward zero, 600 away) rounds to thousands.
    score_unit: int = 1000

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
    # Live-wall tiles needed to declare riichi: 4 gives the declarer one more draw of
    # its own (Ronin Game Rules, "Riichi"); Mahjong Soul accepts 1 (its game records).
    riichi_min_live_wall: int = 4

    # --- dora
    omote_dora: bool = True
    ura_dora: bool = True
    red_fives: tuple[int, int, int] = (1, 1, 1)  # per suit: man, pin, sou
    kan_dora: bool = True
    kan_ura_dora: bool = True
    kan_dora_timing: str = "after_discard_survives"
    # A win on the replacement tile of an open or added kan counts that kan's
    # indicator, still waiting for the discard (Mahjong Soul's game records); the Ronin
    # Game Rules turn it only after the discard, never for rinshan kaihou.
    rinshan_kan_dora: bool = False

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
    confirm_review: bool = False  # claimed: the others confirm the review's decision with OK

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
    raise InvalidRuleset(f"{name}: {message}", field=name, reason=message)


def validate(r: Ruleset) -> None:
    """Check types and ranges of every field, then the combinations."""
    for f in fields(r):
        value = getattr(r, f.name)
        default = f.default
        if default is dataclasses.MISSING:
            factory = f.default_factory
            assert factory is not dataclasses.MISSING  # every setting has a default
            default = factory()
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
    if not 1 <= r.riichi_min_live_wall <= 4:
        _fail("riichi_min_live_wall", "must be from 1 to 4 tiles")
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
    if r.riichi_below_1000 and r.tobi:
        _fail("riichi_below_1000", "needs tobi off (the stick would bust its declarer)")
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
        raise InvalidRuleset(
            f"{unknown[0]}: no such setting", field=unknown[0], reason="no such setting"
        )
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


def setting_choices(name: str) -> tuple[str, ...]:
    """The allowed words of a setting that is one of a few words ("" for other settings)."""
    return _CHOICES.get(name, ())
