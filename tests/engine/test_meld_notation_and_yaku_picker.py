"""Meld notation read from a form (with the called tile and where it came from), every
way it can be wrong, and the yaku a hand-by-hand picker greys out."""

import pytest

from rules.engine import InvalidHand, InvalidNotation, blocked_yaku, format_tiles, parse_meld

# --- meld notation ----------------------------------------------------------------------


def test_it_reads_the_called_tile_and_the_seat_it_came_from():
    meld = parse_meld("chi:345m/4m<3")
    assert meld.kind == "chi" and meld.source == 3
    assert format_tiles([meld.called]) == "4m"
    assert meld.kinds == (2, 3, 4) and meld.base_kind == 2 and not meld.is_kan and meld.opened


def test_a_called_tile_without_a_seat_and_a_plain_pon():
    assert parse_meld("pon:555z/5z").source is None
    plain = parse_meld("pon:777p")
    assert plain.called == plain.tiles[0] and plain.source is None


def test_a_concealed_kan_has_no_called_tile_and_does_not_open_the_hand():
    meld = parse_meld("ankan:1111s/1s<2")
    assert meld.called is None and meld.source is None
    assert meld.is_kan and not meld.opened


BAD_MELDS = [
    ("555z", InvalidNotation, "is not a meld: write it as kind:tiles"),
    ("kong:1111m", InvalidNotation, "'kong' is not a meld kind"),
    ("chi:34m", InvalidHand, "a chi is three tiles in sequence"),
    ("chi:357m", InvalidHand, "a chi must be three consecutive tiles of one suit"),
    ("chi:123z", InvalidHand, "a chi must be three consecutive tiles of one suit"),
    ("chi:89m1p", InvalidHand, "a chi must be three consecutive tiles of one suit"),
    ("pon:55z", InvalidHand, "a pon is 3 identical tiles"),
    ("pon:556z", InvalidHand, "a pon must be 3 copies of the same tile"),
    ("daiminkan:111m", InvalidHand, "a daiminkan is 4 identical tiles"),
    ("chi:345m/6m", InvalidHand, "the called tile is not part of the meld"),
    ("chi:345m/4m<4", InvalidNotation, "the source seat must be 0-3"),
]


@pytest.mark.parametrize(("text", "error", "words"), BAD_MELDS)
def test_it_says_what_is_wrong_with_a_meld(text, error, words):
    with pytest.raises(error) as refused:
        parse_meld(text, field="melds")
    assert words in refused.value.message
    assert refused.value.field == "melds"


# --- the yaku picker ----------------------------------------------------------------------


def test_an_open_hand_greys_out_the_closed_only_yaku():
    blocked = blocked_yaku([], closed=False, tsumo=False)
    assert {"riichi", "pinfu", "menzen_tsumo"} <= blocked
    assert "tanyao" not in blocked and "yakuhai_white" not in blocked


def test_a_tsumo_greys_out_the_ron_only_yaku_and_a_ron_the_tsumo_only_ones():
    on_tsumo = blocked_yaku([], closed=True, tsumo=True)
    assert {"houtei", "chankan"} <= on_tsumo and "menzen_tsumo" not in on_tsumo
    on_ron = blocked_yaku([], closed=True, tsumo=False)
    assert {"menzen_tsumo", "haitei", "rinshan"} <= on_ron and "houtei" not in on_ron


def test_a_chosen_yaku_greys_out_the_ones_it_cannot_go_with():
    blocked = blocked_yaku(["tanyao"], closed=True, tsumo=False)
    assert {"chanta", "junchan", "honroutou"} <= blocked
    assert "tanyao" not in blocked  # a chosen one stays choosable (to untick it)
    assert "pinfu" not in blocked and "riichi" not in blocked


def test_yakuman_and_plain_yaku_exclude_each_other():
    after_plain = blocked_yaku(["riichi"], closed=True, tsumo=False)
    assert "kokushi" in after_plain
    after_yakuman = blocked_yaku(["kokushi"], closed=True, tsumo=False)
    assert "riichi" in after_yakuman and "tanyao" in after_yakuman
    assert "kokushi" not in after_yakuman


def test_unknown_keys_are_ignored():
    assert blocked_yaku(["no_such_yaku"], closed=True, tsumo=True) == blocked_yaku(
        [], closed=True, tsumo=True
    )
