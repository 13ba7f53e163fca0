"""Presets: the named rulesets a club can start from, each with its sources.

A preset is a :class:`~rules.engine.rulesets.Ruleset` value with a key, a display name,
a one-line description and the rule documents it follows; every value is a change
from the Ronin Game Rules (the club default). Where each preset value comes from is
listed in ``tests/data/presets.json``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidRuleset
from .rulesets import Ruleset


@dataclass(frozen=True, slots=True)
class Preset:
    key: str
    name: str
    description: str
    sources: tuple[str, ...]
    ruleset: Ruleset


RONIN = Ruleset()

# What the EMA Riichi Competition Rules and the World Riichi Championship Rules agree
# on: a 30,000 start without oka, uma +15/+5/-5/-15, no bust, tied players share the
# uma, no rounding, no red fives, no nagashi mangan, no abortive draws, one yakuman at
# most and none counted double, a kan allowed down to the last live-wall tile, a
# double-wind pair worth 2 fu, chombo -20,000 after uma, 30 seconds a move, no bank.
_WORLD_TOURNAMENT = dict(
    kan_min_live_wall=1,
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
    nagashi_mangan=False,
    red_fives=[0, 0, 0],
    kyuushu_kyuuhai=False,
    suufon_renda=False,
    suucha_riichi=False,
    suukaikan=False,
    sanchahou=False,
    double_yakuman=[],
    double_wind_pair_fu=2,
    chombo="penalty",
    chombo_penalty=20000,
    score_unit=100,
    thinking_time=30,
    bank_time=0,
)

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
            "for a leading dealer with 30,000, no kiriage, riichi while a live tile is "
            "left, honba only to the nearest of two winners.",
            ("Mahjong Soul ranked-match rules (in-game description)",),
            RONIN.replace(
                double_ron_honba="nearest_only",
                kan_min_live_wall=1,
                riichi_min_live_wall=1,
                dealer_stop_needs_threshold=True,
                uma=[15000, 5000, -5000, -15000],
                target_score=25000,
                oka=False,
                renhou="off",
                kiriage=False,
                kan_dora_timing="after_discard",
                agariyame=True,
                tenpaiyame=False,
                score_unit=100,
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
                **_WORLD_TOURNAMENT,
                kan_dora_timing="immediate",
                renhou="mangan",
                triple_ron=True,
                yakuman_stacking=False,
                kazoe="sanbaiman",
                kiriage=False,
                tenpai_empty_waits="visible_ok",
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
                **_WORLD_TOURNAMENT,
                yakuman_stacking=False,
                renhou="off",
                double_ron=False,
                kazoe="sanbaiman",
                kiriage=True,
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
                score_unit=100,
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
