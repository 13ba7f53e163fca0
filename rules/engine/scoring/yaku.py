"""The catalogue of every yaku, yakuman and dora entry the scorer can report.

One row per entry: the display name used in score breakdowns (Japanese romanisation),
the name in Japanese script, an English gloss, the han when closed and when open
(``None``: not allowed open) and the yakuman multiplier (0 for ordinary yaku). The
rulebook renders its yaku table from :data:`YAKU_NAMES`, so the two never disagree.

Han given here are the ruleset-independent defaults of the Ronin Game Rules and the YDS Mahjong Guide: Tanyao
open needs kuitan, double yakuman need the ruleset's ``double_yakuman`` list, and
renhou's worth comes from the ``renhou`` setting (5 han by default).
"""

from __future__ import annotations

from typing import NamedTuple

from mahjong.hand_calculating import yaku_list as yl
from mahjong.hand_calculating.yaku import Yaku
from mahjong.hand_calculating.yaku_list import yakuman as ym


class YakuInfo(NamedTuple):
    key: str
    name: str  # what HandScore.yaku shows
    japanese: str
    english: str
    closed: int
    open: int | None
    yakuman: int = 0


def _y(
    key: str,
    name: str,
    japanese: str,
    english: str,
    closed: int,
    open_: int | None,
    yakuman: int = 0,
) -> YakuInfo:
    return YakuInfo(key, name, japanese, english, closed, open_, yakuman)


YAKU_NAMES: tuple[YakuInfo, ...] = (
    # -- situations
    _y("riichi", "Riichi", "立直", "Ready hand", 1, None),
    _y("double_riichi", "Double riichi", "両立直", "Ready hand on the first turn", 2, None),
    _y("open_riichi", "Open riichi", "オープン立直", "Ready hand shown to the table", 1, None),
    _y("ippatsu", "Ippatsu", "一発", "Win within one go-around of riichi", 1, None),
    _y("menzen_tsumo", "Menzen tsumo", "門前清自摸和", "Concealed self-draw", 1, None),
    _y("haitei", "Haitei raoyue", "海底摸月", "Win on the last wall tile", 1, 1),
    _y("houtei", "Houtei raoyui", "河底撈魚", "Win on the last discard", 1, 1),
    _y("rinshan", "Rinshan kaihou", "嶺上開花", "Win on a quad's replacement tile", 1, 1),
    _y("chankan", "Chankan", "搶槓", "Robbing a quad", 1, 1),
    # -- one han
    _y("pinfu", "Pinfu", "平和", "All runs, no fu", 1, None),
    _y("tanyao", "Tanyao", "断幺九", "All simples", 1, 1),
    _y("iipeikou", "Iipeikou", "一盃口", "Two identical runs", 1, None),
    _y("yakuhai_white", "Yakuhai: white dragon", "役牌 白", "Triplet of white dragons", 1, 1),
    _y("yakuhai_green", "Yakuhai: green dragon", "役牌 發", "Triplet of green dragons", 1, 1),
    _y("yakuhai_red", "Yakuhai: red dragon", "役牌 中", "Triplet of red dragons", 1, 1),
    _y("seat_east", "Yakuhai: seat wind East", "自風 東", "Triplet of the seat wind", 1, 1),
    _y("seat_south", "Yakuhai: seat wind South", "自風 南", "Triplet of the seat wind", 1, 1),
    _y("seat_west", "Yakuhai: seat wind West", "自風 西", "Triplet of the seat wind", 1, 1),
    _y("seat_north", "Yakuhai: seat wind North", "自風 北", "Triplet of the seat wind", 1, 1),
    _y("round_east", "Yakuhai: round wind East", "場風 東", "Triplet of the round wind", 1, 1),
    _y("round_south", "Yakuhai: round wind South", "場風 南", "Triplet of the round wind", 1, 1),
    _y("round_west", "Yakuhai: round wind West", "場風 西", "Triplet of the round wind", 1, 1),
    _y("round_north", "Yakuhai: round wind North", "場風 北", "Triplet of the round wind", 1, 1),
    # -- two han and up
    _y("chanta", "Chanta", "混全帯幺九", "Terminal or honour in every group", 2, 1),
    _y("ittsuu", "Ittsuu", "一気通貫", "Pure straight 1-9", 2, 1),
    _y("sanshoku_doujun", "Sanshoku doujun", "三色同順", "Same run in three suits", 2, 1),
    _y("sanshoku_doukou", "Sanshoku doukou", "三色同刻", "Same triplet in three suits", 2, 2),
    _y("toitoi", "Toitoi", "対々和", "All triplets", 2, 2),
    _y("sanankou", "Sanankou", "三暗刻", "Three concealed triplets", 2, 2),
    _y("sankantsu", "Sankantsu", "三槓子", "Three quads", 2, 2),
    _y("chiitoitsu", "Chiitoitsu", "七対子", "Seven pairs", 2, None),
    _y("honroutou", "Honroutou", "混老頭", "Only terminals and honours", 2, 2),
    _y("shousangen", "Shousangen", "小三元", "Little three dragons", 2, 2),
    _y("honitsu", "Honitsu", "混一色", "One suit and honours", 3, 2),
    _y("junchan", "Junchan", "純全帯幺九", "Terminal in every group", 3, 2),
    _y("ryanpeikou", "Ryanpeikou", "二盃口", "Two pairs of identical runs", 3, None),
    _y("chinitsu", "Chinitsu", "清一色", "One suit only", 6, 5),
    _y("renhou", "Renhou", "人和", "Win on a discard before the first draw", 5, None),
    # -- yakuman
    _y("kokushi", "Kokushi musou", "国士無双", "Thirteen orphans", 13, None, 1),
    _y(
        "kokushi_13",
        "Kokushi musou juusanmen",
        "国士無双十三面待ち",
        "Thirteen orphans on the 13-sided wait",
        26,
        None,
        2,
    ),
    _y("suuankou", "Suuankou", "四暗刻", "Four concealed triplets", 13, None, 1),
    _y(
        "suuankou_tanki",
        "Suuankou tanki",
        "四暗刻単騎",
        "Four concealed triplets on a pair wait",
        26,
        None,
        2,
    ),
    _y("daisangen", "Daisangen", "大三元", "Big three dragons", 13, 13, 1),
    _y("shousuushii", "Shousuushii", "小四喜", "Little four winds", 13, 13, 1),
    _y("daisuushii", "Daisuushii", "大四喜", "Big four winds", 26, 26, 2),
    _y("tsuuiisou", "Tsuuiisou", "字一色", "All honours", 13, 13, 1),
    _y("chinroutou", "Chinroutou", "清老頭", "All terminals", 13, 13, 1),
    _y("ryuuiisou", "Ryuuiisou", "緑一色", "All green", 13, 13, 1),
    _y("chuuren", "Chuuren poutou", "九蓮宝燈", "Nine gates", 13, None, 1),
    _y(
        "chuuren_9",
        "Junsei chuuren poutou",
        "純正九蓮宝燈",
        "Nine gates on the 9-sided wait",
        26,
        None,
        2,
    ),
    _y("suukantsu", "Suukantsu", "四槓子", "Four quads", 13, 13, 1),
    _y("daisharin", "Daisharin", "大車輪", "Seven pairs 2-8 of circles", 13, None, 1),
    _y("tenhou", "Tenhou", "天和", "Dealer's complete starting hand", 13, None, 1),
    _y("chiihou", "Chiihou", "地和", "Complete on a non-dealer's first draw", 13, None, 1),
    _y("renhou_yakuman", "Renhou", "人和", "Win on a discard before the first draw", 13, None, 1),
    # -- bonus tiles: one han per tile, shown with their count
    _y("dora", "Dora", "ドラ", "Bonus tiles from the indicators", 1, 1),
    _y("aka_dora", "Aka dora", "赤ドラ", "Red fives", 1, 1),
    _y("ura_dora", "Ura dora", "裏ドラ", "Bonus tiles under the indicators (riichi)", 1, None),
)

BY_KEY: dict[str, YakuInfo] = {y.key: y for y in YAKU_NAMES}

# A double yakuman that the ruleset counts only once: key -> (its name in the
# ruleset's ``double_yakuman`` setting, the key it is reported under instead).
SINGLE_OF_DOUBLE: dict[str, tuple[str, str]] = {
    "kokushi_13": ("kokushi_13", "kokushi"),
    "suuankou_tanki": ("suuankou_tanki", "suuankou"),
    "chuuren_9": ("chuuren_9", "chuuren"),
    "daisuushii": ("daisuushii", "daisuushii"),
}

# The mahjong package's yaku classes mapped to our keys (by class, so a renumbering
# upstream cannot silently swap names). Open riichi is split into riichi plus the
# extra open-riichi han by the scorer, so it maps to two keys.
_LIBRARY_CLASSES: tuple[tuple[type[Yaku], tuple[str, ...]], ...] = (
    (yl.Tsumo, ("menzen_tsumo",)),
    (yl.Riichi, ("riichi",)),
    (yl.OpenRiichi, ("riichi", "open_riichi")),
    (yl.Ippatsu, ("ippatsu",)),
    (yl.Chankan, ("chankan",)),
    (yl.Rinshan, ("rinshan",)),
    (yl.Haitei, ("haitei",)),
    (yl.Houtei, ("houtei",)),
    (yl.DaburuRiichi, ("double_riichi",)),
    (yl.DaburuOpenRiichi, ("double_riichi", "open_riichi")),
    (yl.Renhou, ("renhou",)),
    (yl.Pinfu, ("pinfu",)),
    (yl.Tanyao, ("tanyao",)),
    (yl.Iipeiko, ("iipeikou",)),
    (yl.Haku, ("yakuhai_white",)),
    (yl.Hatsu, ("yakuhai_green",)),
    (yl.Chun, ("yakuhai_red",)),
    (yl.SeatWindEast, ("seat_east",)),
    (yl.SeatWindSouth, ("seat_south",)),
    (yl.SeatWindWest, ("seat_west",)),
    (yl.SeatWindNorth, ("seat_north",)),
    (yl.RoundWindEast, ("round_east",)),
    (yl.RoundWindSouth, ("round_south",)),
    (yl.RoundWindWest, ("round_west",)),
    (yl.RoundWindNorth, ("round_north",)),
    (yl.Sanshoku, ("sanshoku_doujun",)),
    (yl.Ittsu, ("ittsuu",)),
    (yl.Chantai, ("chanta",)),
    (yl.Honroto, ("honroutou",)),
    (yl.Toitoi, ("toitoi",)),
    (yl.Sanankou, ("sanankou",)),
    (yl.SanKantsu, ("sankantsu",)),
    (yl.SanshokuDoukou, ("sanshoku_doukou",)),
    (yl.Chiitoitsu, ("chiitoitsu",)),
    (yl.Shosangen, ("shousangen",)),
    (yl.Honitsu, ("honitsu",)),
    (yl.Junchan, ("junchan",)),
    (yl.Ryanpeikou, ("ryanpeikou",)),
    (yl.Chinitsu, ("chinitsu",)),
    (ym.KokushiMusou, ("kokushi",)),
    (ym.ChuurenPoutou, ("chuuren",)),
    (ym.Suuankou, ("suuankou",)),
    (ym.Daisangen, ("daisangen",)),
    (ym.Shousuushii, ("shousuushii",)),
    (ym.Ryuuiisou, ("ryuuiisou",)),
    (ym.Suukantsu, ("suukantsu",)),
    (ym.Tsuuiisou, ("tsuuiisou",)),
    (ym.Chinroutou, ("chinroutou",)),
    (ym.Daisharin, ("daisharin",)),
    (ym.DaiSuushii, ("daisuushii",)),
    (ym.DaburuKokushiMusou, ("kokushi_13",)),
    (ym.SuuankouTanki, ("suuankou_tanki",)),
    (ym.DaburuChuurenPoutou, ("chuuren_9",)),
    (ym.Tenhou, ("tenhou",)),
    (ym.Chiihou, ("chiihou",)),
    (ym.RenhouYakuman, ("renhou_yakuman",)),
    (yl.Dora, ("dora",)),
    (yl.AkaDora, ("aka_dora",)),
    (yl.UraDora, ("ura_dora",)),
)
LIBRARY_KEYS: dict[int, tuple[str, ...]] = {cls.yaku_id: keys for cls, keys in _LIBRARY_CLASSES}

# Display order of a score breakdown: the catalogue order above.
ORDER: dict[str, int] = {y.key: i for i, y in enumerate(YAKU_NAMES)}
