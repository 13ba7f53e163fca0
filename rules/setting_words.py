"""Every setting of :class:`rules.engine.rulesets.Ruleset` in plain words.

One label and one describing function per field. The ruleset sheets and the
comparison page (:mod:`rules.sheets`) and the "In this club" notes of the rulebook
all read from here, so a setting is explained the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import pgettext

from rules.engine import DOUBLE_YAKUMAN_HANDS, Ruleset


def format_points(n: int) -> str:
    return f"{n:,}"


def format_signed(n: int) -> str:
    return f"+{n:,}" if n > 0 else f"{n:,}" if n < 0 else "±0"


def _onoff(yes: str, no: str) -> Callable[[Any, Ruleset], str]:
    return lambda value, r: yes if value else no


_RENHOU = {
    "off": "Not a yaku: a win before your first draw scores only its ordinary yaku.",
    "mangan": "Counted as a mangan (a non-dealer ron before the first draw, no calls yet).",
    "baiman": "Counted as a baiman.",
    "yakuman": "A full yakuman.",
    "yaku_5han": "A 5-han yaku that adds to the hand's other yaku.",
}
_KAN_DORA_TIMING = {
    "immediate": "Every kind of kan turns a new indicator at once.",
    "after_discard": "A closed kan turns its indicator at once; an open or added kan turns it "
    "when the replacement discard is made.",
    "after_discard_survives": "A closed kan turns its indicator at once; an open or added kan "
    "turns it only once the replacement discard has passed without a ron.",
}
_FIX_YAKU = {
    "first_only": "Every tile you wait on must give a yaku by itself.",
    "middle_ok": "The yaku may be fixed part-way through, by a call that belongs to it.",
    "finally": "Only the final hand matters: the winning tile may bring the yaku.",
}
_WINNING_TILE_SELECTION = {
    "winning_tile": "Only the winning tile is checked for the yaku.",
    "any_wait": "A win is allowed if any of the waits would give a yaku.",
    "all_waits": "A win is allowed only if every wait gives a yaku.",
}
_OPEN_RIICHI_ROBOT = {
    "disable": "At a table with a robot seat, open riichi is not offered (plain riichi still "
    "is); without robots it is played as usual.",
    "ignore_robot_discard": "A player in open riichi cannot ron a robot's discard or rob its "
    "kan, and letting such a tile pass does not make them furiten.",
    "pay_as_usual": "Nothing changes: a robot that deals in to an open riichi pays as usual, "
    "the extra han included.",
}
_DOUBLE_RON_HONBA = {
    "each_winner": "Every winner is paid the honba by the discarder.",
    "nearest_only": "Only the winner nearest the discarder in turn order gets the honba; the "
    "other is paid the bare hand.",
}
_PAO_SCOPE = {
    "pao_yakuman": "The liable player covers only the yakuman they fed; any other yakuman in "
    "the hand is paid the ordinary way.",
    "whole_hand": "The liable player covers the whole hand, other yakuman included.",
}
_KAZOE = {
    "yakuman": "13 han or more (dora included) is paid as one yakuman.",
    "sanbaiman": "13 han or more stops at sanbaiman.",
    "off": "No counted yakuman: 13 han or more is a sanbaiman.",
}
_TIE = {
    "seat_order": "Equal scores are split by seat order: the player nearer the first dealer "
    "ranks higher.",
    "share_uma": "Equal scores share the uma of the places they occupy.",
}
_ROUNDING = {
    "goshashonyu": "Final scores are rounded with 500 down and 600 up (goshashonyu).",
    "half_up": "Final scores are rounded half up.",
    "none": "Final scores are not rounded.",
}
_EMPTY_WAITS = {
    "none": "A wait whose four tiles are all visible anywhere does not count as tenpai.",
    "visible_ok": "A wait still counts when its tiles are visible elsewhere; only a wait on "
    "tiles that are all in your own hand (pure karaten) is noten.",
    "all_ok": "Any wait counts as tenpai, even one on tiles you hold all four of.",
}
DOUBLE_YAKUMAN_WORDS = {
    "kokushi_13": "thirteen orphans on the 13-sided wait",
    "suuankou_tanki": "four concealed triplets on a pair wait",
    "chuuren_9": "nine gates on the 9-sided wait",
    "daisuushii": "big four winds",
}


def _uma(value, r: Ruleset) -> str:
    return " / ".join(format_signed(u) for u in value) + " (first to fourth)"


def _oka(value, r: Ruleset) -> str:
    if not value or r.target_score == r.start_score:
        return "No oka: nothing extra for first place."
    return (
        f"Each player puts in {format_points(r.target_score - r.start_score)}; first place takes "
        f"the {format_points(r.oka_points)}."
    )


def _red(value, r: Ruleset) -> str:
    if not any(value):
        return "No red fives."
    parts = [f"{n} in {suit}" for n, suit in zip(value, ("man", "pin", "sou"), strict=True) if n]
    return f"{sum(value)} red fives ({', '.join(parts)}), each worth one dora."


def _double_yakuman(value, r: Ruleset) -> str:
    if not value:
        return "None: every yakuman counts once."
    words = [DOUBLE_YAKUMAN_WORDS[k] for k in DOUBLE_YAKUMAN_HANDS if k in value]
    return "Double: " + "; ".join(words)


def _win_threshold(value, r: Ruleset) -> str:
    if not value:
        return "None: the game ends after its last round whatever the scores."
    return (
        f"{format_points(value)}: someone must reach it for the game to end after the last round."
    )


def _two_han(value, r: Ruleset) -> str:
    if not value:
        return "Off."
    return f"From {value} honba on, a win needs at least 2 han (dora do not count)."


def _minimum_han(value, r: Ruleset) -> str:
    return "1 han (yaku, not dora)." if value == 1 else "2 han at all times (yaku, not dora)."


def _chombo(value, r: Ruleset) -> str:
    if value == "mangan":
        return (
            "Paid as a reverse mangan: 4,000 to the dealer and 2,000 to each other player; "
            "a dealer pays 4,000 to each."
        )
    return f"A {format_points(r.chombo_penalty)}-point penalty taken off the final score after uma."


@dataclass(frozen=True)
class Setting:
    name: str
    label: str
    describe: Callable[[Any, Ruleset], str]


SETTINGS: dict[str, Setting] = {
    s.name: s
    for s in (
        Setting(
            "game_type",
            "Game length",
            lambda v, r: (
                "Hanchan: an East round and a South round (eight hands or more)."
                if v == "hanchan"
                else "Tonpuusen: the East round only (four hands or more)."
            ),
        ),
        Setting("start_score", "Starting score", lambda v, r: f"{format_points(v)} points each."),
        Setting(
            "target_score",
            "Return score",
            lambda v, r: f"{format_points(v)}: final scores are counted from this line.",
        ),
        Setting("win_threshold", "Score to finish", _win_threshold),
        Setting(
            "west_round",
            "West round",
            _onoff(
                "Played as sudden death when nobody has the finishing score.",
                "Never played: the game ends after its last round.",
            ),
        ),
        Setting("uma", "Uma", _uma),
        Setting("oka", "Oka", _oka),
        Setting(
            "tobi",
            "Bust (tobi)",
            _onoff("The game stops as soon as a score drops too low.", "Play goes on below zero."),
        ),
        Setting(
            "tobi_threshold",
            "Bust line",
            lambda v, r: (
                f"A score below {format_points(v)} ends the game"
                + (" (exactly that is still in)." if r.tobi else "; bust is off in this ruleset.")
            ),
        ),
        Setting(
            "riichi_below_1000",
            "Riichi below 1,000 points",
            _onoff(
                "Allowed without bust: the stick may take the score below zero.",
                "Riichi needs 1,000 points for the stick.",
            ),
        ),
        Setting(
            "agariyame",
            "Dealer may stop after a win (agariyame)",
            _onoff(
                "Yes: a leading dealer who wins the last hand may end the game.",
                "No: a dealer's win in the last hand always brings another hand.",
            ),
        ),
        Setting(
            "tenpaiyame",
            "Dealer may stop when tenpai (tenpaiyame)",
            _onoff(
                "Yes: a leading dealer tenpai at the last draw may end the game.",
                "No.",
            ),
        ),
        Setting(
            "dealer_stop_needs_threshold",
            "Dealer who keeps the seat in the last hands",
            _onoff(
                "Ends the game only when first and at the finishing score; in the extension "
                "round the game then goes on even if someone else has that score.",
                "In the extension round, the game ends as soon as anybody has the finishing "
                "score, even when the dealer keeps the seat.",
            ),
        ),
        Setting("tie_rule", "Equal final scores", lambda v, r: _TIE[v]),
        Setting("rounding", "Rounding of final scores", lambda v, r: _ROUNDING[v]),
        Setting(
            "score_unit",
            "Final score unit",
            lambda v, r: "Single points." if v == 1 else f"Units of {format_points(v)} points.",
        ),
        Setting(
            "kuitan",
            "Open tanyao (kuitan)",
            _onoff("Allowed: all simples counts with calls.", "Not allowed: closed hands only."),
        ),
        Setting("ippatsu", "Ippatsu", _onoff("Counted.", "Not counted.")),
        Setting(
            "atozuke",
            "Yaku from the winning tile (atozuke)",
            _onoff(
                "Allowed: the yaku may come with the winning tile.",
                "Not allowed: the fixing rule below applies.",
            ),
        ),
        Setting("fix_yaku", "When the yaku must be fixed", lambda v, r: _FIX_YAKU[v]),
        Setting(
            "winning_tile_selection",
            "Which waits must give the yaku",
            lambda v, r: _WINNING_TILE_SELECTION[v],
        ),
        Setting("renhou", "Renhou (blessing of man)", lambda v, r: _RENHOU[v]),
        Setting(
            "open_riichi",
            "Open riichi",
            _onoff("Allowed, worth one more han.", "Not played."),
        ),
        Setting("open_riichi_robot", "Robots and open riichi", lambda v, r: _OPEN_RIICHI_ROBOT[v]),
        Setting(
            "daisharin",
            "Daisharin",
            _onoff(
                "A yakuman: seven pairs 2 to 8 of circles.",
                "Not a yakuman; the hand scores its ordinary yaku.",
            ),
        ),
        Setting(
            "nagashi_mangan",
            "Nagashi mangan",
            _onoff("Played, paid as a mangan self-draw at a draw.", "Not played."),
        ),
        Setting("minimum_han", "Minimum value of a win", _minimum_han),
        Setting("two_han_from_honba", "Two-han minimum after repeats", _two_han),
        Setting(
            "kuikae",
            "Swap-calling (kuikae)",
            _onoff("Allowed.", "Not allowed: you may not discard the tile you just called."),
        ),
        Setting(
            "kuikae_suji",
            "Swap-calling across a chi",
            _onoff(
                "Also forbidden: no discarding the tile at the other end of the chi.",
                "Allowed: only the same tile is forbidden.",
            ),
        ),
        Setting(
            "double_ron",
            "Two players ron the same tile",
            _onoff(
                "Both win (double ron).",
                "Head bump: only the first player after the discarder wins.",
            ),
        ),
        Setting(
            "triple_ron",
            "Three players ron the same tile",
            _onoff("All three win.", "Not a triple win (see abortive draws)."),
        ),
        Setting(
            "double_ron_honba", "Honba when two players win", lambda v, r: _DOUBLE_RON_HONBA[v]
        ),
        Setting(
            "kan_min_live_wall",
            "Tiles needed for a kan",
            lambda v, r: (
                "A kan may be declared while at least one tile is left in the live wall."
                if v == 1
                else f"A kan needs at least {v} tiles left in the live wall."
            ),
        ),
        Setting(
            "riichi_min_live_wall",
            "Tiles needed for riichi",
            lambda v, r: (
                f"Riichi needs at least {v} tile{'s' if v > 1 else ''} left in the live wall."
            ),
        ),
        Setting("omote_dora", "Dora indicators", _onoff("Used.", "Not used.")),
        Setting("ura_dora", "Ura dora", _onoff("Turned over for a riichi winner.", "Not used.")),
        Setting("red_fives", "Red fives", _red),
        Setting("kan_dora", "Kan dora", _onoff("Each kan turns a new indicator.", "Not used.")),
        Setting(
            "kan_ura_dora",
            "Kan ura dora",
            _onoff("A riichi winner also looks under every kan indicator.", "Not used."),
        ),
        Setting("kan_dora_timing", "When a kan indicator turns", lambda v, r: _KAN_DORA_TIMING[v]),
        Setting(
            "rinshan_kan_dora",
            "Kan dora on a replacement-tile win",
            _onoff(
                "A win on the replacement tile of an open or added kan turns that kan's "
                "indicator and counts it.",
                "A win on the replacement tile of an open or added kan comes before that "
                "kan's indicator turns.",
            ),
        ),
        Setting(
            "kyuushu_kyuuhai",
            "Nine terminals (kyuushu kyuuhai)",
            _onoff("A player may call the hand off.", "Not an abortive draw."),
        ),
        Setting(
            "suufon_renda",
            "Four same winds (suufon renda)",
            _onoff("Abortive draw.", "Not an abortive draw."),
        ),
        Setting(
            "suucha_riichi",
            "Four riichi (suucha riichi)",
            _onoff("Abortive draw.", "Not an abortive draw."),
        ),
        Setting(
            "suukaikan",
            "Four kans by two or more players (suukaikan)",
            _onoff("Abortive draw.", "Not an abortive draw."),
        ),
        Setting(
            "sanchahou",
            "Three rons on one tile (sanchahou)",
            _onoff("Abortive draw.", "Not an abortive draw."),
        ),
        Setting("double_yakuman", "Double yakuman hands", _double_yakuman),
        Setting(
            "yakuman_stacking",
            "Several yakuman in one hand",
            _onoff("Added together.", "Only the highest counts."),
        ),
        Setting("kazoe", "Counted yakuman (kazoe)", lambda v, r: _KAZOE[v]),
        Setting(
            "max_yakuman",
            "Highest multiple",
            lambda v, r: f"{v}× yakuman at most." if v > 1 else "A single yakuman at most.",
        ),
        Setting("pao_scope", "What the liable player pays", lambda v, r: _PAO_SCOPE[v]),
        Setting(
            "double_wind_pair_fu",
            "Pair of a double wind",
            lambda v, r: f"{v} fu (the wind is both the round's and the seat's).",
        ),
        Setting(
            "pinfu_tsumo_fu",
            "Pinfu by self-draw",
            lambda v, r: "No self-draw fu: 20 fu." if v == 0 else "2 fu for the self-draw: 30 fu.",
        ),
        Setting(
            "open_pinfu_fu",
            "Open hand with no fu",
            lambda v, r: f"{v} fu added on a ron, making 30 fu." if v else "Stays at 20 fu.",
        ),
        Setting(
            "kiriage",
            "Rounded mangan (kiriage)",
            _onoff(
                "4 han 30 fu and 3 han 60 fu are paid as a mangan.",
                "Not used: 4 han 30 fu is 7,700 (11,600 for the dealer).",
            ),
        ),
        Setting("chombo", "Chombo", _chombo),
        Setting(
            "chombo_penalty",
            "Chombo penalty points",
            lambda v, r: (
                f"{format_points(v)} points"
                + (" (used only when chombo is a penalty)." if r.chombo == "mangan" else ".")
            ),
        ),
        Setting("tenpai_empty_waits", "Waits on tiles already gone", lambda v, r: _EMPTY_WAITS[v]),
        Setting(
            "tenpai_furiten_ok",
            "Furiten tenpai at a draw",
            _onoff("Counts as tenpai.", "Counts as noten."),
        ),
        Setting(
            "tenpai_no_yaku_ok",
            "Tenpai without a yaku at a draw",
            _onoff("Counts as tenpai.", "Counts as noten."),
        ),
        Setting(
            "win_settlement",
            "How wins are settled",
            lambda v, r: (
                "Automatically: only legal wins are offered, and the app scores them at once."
                if v == "automatic"
                else "By claim, as at a club table: any player may call a win, states its value, "
                "the others answer OK or NG and the dealer reviews it; a false win is a chombo."
            ),
        ),
        Setting(
            "one_han_check",
            "1-han check on the Win button",
            lambda v, r: (
                "Only with claimed wins. "
                + (
                    "The ordinary Win button appears only for a hand the app accepts; "
                    "Win anyway is always there."
                    if v
                    else "Never checked: every win is called with Win anyway."
                )
            ),
        ),
        Setting(
            "evaluate_by_app",
            "Value filled in by the app",
            lambda v, r: (
                "Only with claimed wins. "
                + (
                    "The claim form starts from the app's own han and fu."
                    if v
                    else "The winner counts han and fu and enters them."
                )
            ),
        ),
        Setting(
            "confirm_review",
            "Others confirm the review",
            lambda v, r: (
                "Only with claimed wins. "
                + (
                    "The reviewer's decision goes to the other players, and it counts "
                    "once each has answered OK (silence and robots count as OK); an NG "
                    "sends it back to the reviewer, at an event table to its referee."
                    if v
                    else "The reviewer's decision counts at once."
                )
            ),
        ),
        Setting("thinking_time", "Time per turn", lambda v, r: f"{v} seconds."),
        Setting(
            "bank_time",
            "Time bank",
            lambda v, r: f"{v} seconds per player." if v else "No time bank.",
        ),
    )
}


def describe(ruleset: Ruleset, name: str) -> str:
    """One setting of a ruleset in plain words."""
    return SETTINGS[name].describe(getattr(ruleset, name), ruleset)


def label(name: str) -> str:
    """A setting's name in the reader's language (the sheets' and the comparison's rows)."""
    return pgettext("setting", SETTINGS[name].label)
