"""Yaku names across formats, all mapped to the keys of :mod:`rules.engine.scoring.yaku`.

Tenhou writes yaku in Japanese (its XML records use numbers from its own list);
mjai uses romanised keys; our engine reports display names. Comparing a log with
our engine's result compares keys and han, so each name is looked up here. A name
nobody knows keeps its own text, which then shows up as a difference rather than
being dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.engine import BY_KEY, SINGLE_OF_DOUBLE, YAKU_NAMES, Ruleset

# Tenhou's spelling where it differs from the catalogue's Japanese.
_TENHOU_SPELLING = {"chankan": "槍槓", "kokushi_13": "国士無双１３面"}

TENHOU_NAMES: dict[str, str] = {
    y.key: _TENHOU_SPELLING.get(y.key, y.japanese) for y in YAKU_NAMES if y.key != "renhou_yakuman"
}
TENHOU_NAMES["renhou_yakuman"] = "人和"

_BY_JAPANESE: dict[str, str] = {}
for _key, _name in TENHOU_NAMES.items():
    _BY_JAPANESE.setdefault(_name, _key)
for _y in YAKU_NAMES:
    _BY_JAPANESE.setdefault(_y.japanese, _y.key)
_BY_JAPANESE.update(
    {"国士無双13面": "kokushi_13", "国士無双十三面": "kokushi_13", "役牌 發": "yakuhai_green"}
)
# Mahjong Soul's Japanese names, as converters such as tensoul write them. Its wind
# yaku do not say which wind: they read as the generic keys below, which the check
# compares with whichever seat or round wind our engine counted.
SEAT_WIND, ROUND_WIND = "seat_wind", "round_wind"
_BY_JAPANESE.update(
    {
        "ダブル立直": "double_riichi",
        "国士無双十三面待ち": "kokushi_13",
        "四暗刻単騎待ち": "suuankou_tanki",
        "役牌:自風牌": SEAT_WIND,
        "役牌:場風牌": ROUND_WIND,
        "役牌:白": "yakuhai_white",
        "役牌:發": "yakuhai_green",
        "役牌:中": "yakuhai_red",
    }
)
# Yaku written in English, as converters write them from Mahjong Soul's English client
# ("Riichi(1飜)", "Ura Dora(0飜)"): our engine's own English names and the usual English
# names of the yaku, read whatever their capitals.
_BY_ENGLISH: dict[str, str] = {y.name.casefold(): y.key for y in reversed(YAKU_NAMES)}
_BY_ENGLISH.update(
    {
        name.casefold(): key
        for key, names in {
            "menzen_tsumo": ("Fully Concealed Hand", "Self-drawn"),
            "rinshan": ("After a Kan", "Dead Wall Draw"),
            "chankan": ("Robbing a Kan", "Robbing the Kan"),
            "haitei": ("Under the Sea",),
            "houtei": ("Under the River",),
            "tanyao": ("All Simples",),
            "iipeikou": ("Pure Double Sequence",),
            "ryanpeikou": ("Twice Pure Double Sequence",),
            "chiitoitsu": ("Seven Pairs",),
            "chanta": ("Half Outside Hand",),
            "junchan": ("Fully Outside Hand",),
            "ittsuu": ("Pure Straight",),
            "sanshoku_doujun": ("Mixed Triple Sequence",),
            "sanshoku_doukou": ("Triple Triplets",),
            "toitoi": ("All Triplets",),
            "sanankou": ("Three Concealed Triplets",),
            "sankantsu": ("Three Quads", "Three Kans"),
            "shousangen": ("Little Three Dragons",),
            "honroutou": ("All Terminals and Honors", "All Terminals and Honours"),
            "honitsu": ("Half Flush",),
            "chinitsu": ("Full Flush",),
            "yakuhai_white": ("White Dragon",),
            "yakuhai_green": ("Green Dragon",),
            "yakuhai_red": ("Red Dragon",),
            SEAT_WIND: ("Seat Wind",),
            ROUND_WIND: ("Prevalent Wind", "Round Wind"),
            "aka_dora": ("Red Five", "Red Fives", "Red Dora"),
            "tenhou": ("Blessing of Heaven",),
            "chiihou": ("Blessing of Earth",),
            "daisangen": ("Big Three Dragons",),
            "suuankou": ("Four Concealed Triplets",),
            "suuankou_tanki": ("Single-wait Four Concealed Triplets",),
            "tsuuiisou": ("All Honors", "All Honours"),
            "ryuuiisou": ("All Green",),
            "chinroutou": ("All Terminals",),
            "kokushi": ("Thirteen Orphans",),
            "kokushi_13": ("Thirteen-wait Thirteen Orphans",),
            "shousuushii": ("Little Four Winds",),
            "daisuushii": ("Big Four Winds",),
            "suukantsu": ("Four Quads", "Four Kans"),
            "chuuren": ("Nine Gates",),
            "chuuren_9": ("True Nine Gates", "Pure Nine Gates"),
        }.items()
        for name in names
    }
)
_GENERIC = {
    **{f"seat_{w}": SEAT_WIND for w in ("east", "south", "west", "north")},
    **{f"round_{w}": ROUND_WIND for w in ("east", "south", "west", "north")},
}

# Tenhou's numbered yaku list, as its XML records use it.
MJLOG_IDS: tuple[str, ...] = (
    "menzen_tsumo",
    "riichi",
    "ippatsu",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "pinfu",
    "tanyao",
    "iipeikou",
    "seat_east",
    "seat_south",
    "seat_west",
    "seat_north",
    "round_east",
    "round_south",
    "round_west",
    "round_north",
    "yakuhai_white",
    "yakuhai_green",
    "yakuhai_red",
    "double_riichi",
    "chiitoitsu",
    "chanta",
    "ittsuu",
    "sanshoku_doujun",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "junchan",
    "honitsu",
    "chinitsu",
    "renhou",
    "tenhou",
    "chiihou",
    "daisangen",
    "suuankou",
    "suuankou_tanki",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "chuuren_9",
    "kokushi",
    "kokushi_13",
    "daisuushii",
    "shousuushii",
    "suukantsu",
    "dora",
    "ura_dora",
    "aka_dora",
)

# mjai's romanised names (as Mortal and mjai.app write them). Its seat-wind, round-wind
# and dragon entries do not say which tile they count, so they are read elsewhere.
MJAI_NAMES: dict[str, str] = {
    "menzenchin_tsumoho": "menzen_tsumo",
    "reach": "riichi",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshankaiho": "rinshan",
    "haiteiraoyue": "haitei",
    "hoteiraoyui": "houtei",
    "pinfu": "pinfu",
    "tanyaochu": "tanyao",
    "ipeko": "iipeikou",
    "double_reach": "double_riichi",
    "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta",
    "ikkitsukan": "ittsuu",
    "sanshokudojun": "sanshoku_doujun",
    "sanshokudoko": "sanshoku_doukou",
    "sankantsu": "sankantsu",
    "toitoiho": "toitoi",
    "sananko": "sanankou",
    "shosangen": "shousangen",
    "honroto": "honroutou",
    "ryanpeko": "ryanpeikou",
    "junchantaiyao": "junchan",
    "honiso": "honitsu",
    "chiniso": "chinitsu",
    "renhoh": "renhou",
    "tenho": "tenhou",
    "chiho": "chiihou",
    "daisangen": "daisangen",
    "suanko": "suuankou",
    "suanko_tanki": "suuankou_tanki",
    "tsuiso": "tsuuiisou",
    "ryuiso": "ryuuiisou",
    "chinroto": "chinroutou",
    "churenpoton": "chuuren",
    "junsei_churenpoton": "chuuren_9",
    "kokushimuso": "kokushi",
    "kokushimuso_jusanmen": "kokushi_13",
    "daisushi": "daisuushii",
    "shosushi": "shousuushii",
    "sukantsu": "suukantsu",
    "dora": "dora",
    "uradora": "ura_dora",
    "akadora": "aka_dora",
}

_BY_ENGINE_NAME: dict[str, str] = {}
for _y in YAKU_NAMES:
    _BY_ENGINE_NAME.setdefault(_y.name, _y.key)


def from_japanese(name: str) -> str:
    """Our key for a yaku as a tenhou.net/6 log writes it (Japanese, or English)."""
    name = name.strip()
    return _BY_JAPANESE.get(name) or _BY_ENGLISH.get(name.casefold(), name)


def from_engine(name: str, han: int) -> str:
    """Our key for a name in a HandScore (renhou is named alike in both its forms)."""
    if name == BY_KEY["renhou"].name and han >= 13:
        return "renhou_yakuman"
    return _BY_ENGINE_NAME.get(name, name)


def is_yakuman(key: str) -> bool:
    info = BY_KEY.get(key)
    return bool(info and info.yakuman)


def canonical(
    entries: Iterable[tuple[str, int]],
    ruleset: Ruleset,
    generic_winds: bool = False,
    any_yakuman: bool = False,
) -> tuple[tuple[str, int], ...]:
    """Comparable (key, han) pairs: zero-han entries dropped, doubles the ruleset does
    not count doubled reported under their single name, sorted. ``generic_winds``
    names wind yaku without their wind (as Mahjong Soul does); ``any_yakuman`` counts
    every yakuman once (a log that writes each one "(役満)" whatever its size)."""
    out = []
    for key, han in entries:
        if not han:
            continue
        if generic_winds:
            key = _GENERIC.get(key, key)
        if any_yakuman and is_yakuman(key):
            han = 13
        if key in SINGLE_OF_DOUBLE and SINGLE_OF_DOUBLE[key][0] not in ruleset.double_yakuman:
            key = SINGLE_OF_DOUBLE[key][1]
            han = min(han, 13)
        out.append((key, han))
    return tuple(sorted(out))


def label(key: str) -> str:
    """A readable name for a key (unknown names are shown as they came)."""
    info = BY_KEY.get(key)
    if info is None:
        return {SEAT_WIND: "Seat wind", ROUND_WIND: "Round wind"}.get(key, key)
    return info.name
