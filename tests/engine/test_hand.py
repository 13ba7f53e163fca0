"""Hand analysis: shanten, waits, completeness, pure karaten and wait shapes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules.engine import InvalidHand, hand
from rules.engine.tiles import counts34, parse_kinds

DATA = Path(__file__).resolve().parents[1] / "data" / "waits.txt"


def kinds(text: str) -> list[int]:
    return [k for k, _ in parse_kinds(text)]


def counts(text: str) -> list[int]:
    out = [0] * 34
    for k in kinds(text):
        out[k] += 1
    return out


def read_waits():
    rows = []
    for number, line in enumerate(DATA.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        tiles, *fields = line.split()
        row = {"id": f"{number}:{tiles}", "hand": tiles, "flags": set()}
        for item in fields:
            key, eq, value = item.partition("=")
            if not eq:
                row["flags"].add(key)
            elif key == "melds":
                row["melds"] = [k for group in value.split(",") for k in kinds(group)]
            elif key in ("waits", "shape"):
                row[key] = () if value == "-" else tuple(sorted(kinds(value)))
            else:
                row[key] = int(value)
        rows.append(row)
    return rows


ROWS = read_waits()


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_it_matches_the_hand_worked_waits(row):
    c = counts(row["hand"])
    assert hand.shanten(c) == row["shanten"]
    for name in ("standard", "chiitoitsu", "kokushi"):
        if name in row:
            assert getattr(hand, f"shanten_{name}")(c) == row[name], name
    if "complete" in row["flags"]:
        assert hand.is_complete(c)
        return
    assert not hand.is_complete(c)
    assert hand.waits(c) == row["waits"]
    assert hand.is_tenpai(c) == bool(row["waits"])
    assert hand.shape_waits(c) == row.get("shape", row["waits"])
    melds = row.get("melds", [])
    karaten = "karaten" in row["flags"]
    assert hand.is_pure_karaten(c, melds) == karaten
    assert hand.counts_as_tenpai(c, melds) == (bool(row["waits"]) and not karaten)


def test_the_waits_file_covers_the_named_shapes():
    assert len(ROWS) >= 35
    assert sum("karaten" in r["flags"] for r in ROWS) >= 4


# --- the forms against each other -----------------------------------------------------


def random_hands(seed: int, n: int):
    rng = random.Random(seed)
    wall = list(range(136))
    for _ in range(n):
        rng.shuffle(wall)
        yield counts34(wall[: rng.choice((13, 14))])


def near_complete_hands(seed: int, n: int):
    """Complete hands built from random sets, with one to three tiles swapped out."""
    rng = random.Random(seed)
    for _ in range(n):
        c = [0] * 34
        while True:
            c = [0] * 34
            for _ in range(4):
                if rng.random() < 0.5:
                    suit, start = rng.randrange(3), rng.randrange(7)
                    for k in range(suit * 9 + start, suit * 9 + start + 3):
                        c[k] += 1
                else:
                    c[rng.randrange(34)] += 3
            c[rng.randrange(34)] += 2
            if max(c) <= 4:
                break
        for _ in range(rng.randrange(1, 4)):
            held = [k for k in range(34) if c[k]]
            c[rng.choice(held)] -= 1
            free = [k for k in range(34) if c[k] < 4]
            c[rng.choice(free)] += 1
        yield c


def test_overall_shanten_is_the_best_of_the_three_forms():
    for c in [*random_hands(1, 300), *near_complete_hands(2, 300)]:
        forms = (hand.shanten_standard(c), hand.shanten_chiitoitsu(c), hand.shanten_kokushi(c))
        assert hand.shanten(c) == min(forms), c


def test_the_standard_form_fallback_agrees_with_xiangting_where_it_is_the_best():
    # when the standard form is strictly best, xiangting's overall number is it
    for c in near_complete_hands(3, 300):
        std = hand._standard_replacements(tuple(c)) - 1
        other = min(hand.shanten_chiitoitsu(c), hand.shanten_kokushi(c))
        if std < other:
            assert hand.shanten(c) == std, c


def test_a_hand_is_complete_exactly_when_its_shanten_is_minus_one():
    for c in near_complete_hands(4, 200):
        assert hand.is_complete(c) == (hand.shanten(c) == -1)


def test_every_wait_completes_the_hand():
    for c in near_complete_hands(5, 300):
        held = [k for k in range(34) if c[k]]
        c[held[0]] -= 1  # 13 tiles
        for k in hand.waits(c):
            c[k] += 1
            assert hand.is_complete(c)
            c[k] -= 1


# --- bad input ------------------------------------------------------------------------


def test_it_rejects_a_wrong_tile_count():
    with pytest.raises(InvalidHand) as info:
        hand.shanten(counts("123m456p"))
    assert info.value.field == "hand"
    assert "multiple of 3" in info.value.message


def test_it_rejects_five_copies():
    with pytest.raises(InvalidHand):
        hand.waits([5] + [0] * 33)


def test_seven_pairs_needs_a_closed_hand():
    with pytest.raises(InvalidHand):
        hand.shanten_chiitoitsu(counts("1122m"))


def test_a_complete_hand_has_no_waits():
    assert hand.waits(counts("123m456p789s11122z")) == ()
    assert not hand.is_tenpai(counts("123m456p789s11122z"))


def test_seven_pairs_needs_seven_different_pairs():
    assert not hand.is_complete(counts("1111m2233p4455s66z"))
    assert hand.is_complete(counts("1133m2255p4477s66z"))


# --- readings and wait shapes -----------------------------------------------------------


@pytest.mark.parametrize(
    ("group", "win", "shape"),
    [
        ("23m", "1m", "ryanmen"),
        ("123m", "1m", "ryanmen"),
        ("123m", "3m", "penchan"),
        ("789m", "7m", "penchan"),
        ("789m", "9m", "ryanmen"),
        ("456p", "5p", "kanchan"),
        ("456p", "6p", "ryanmen"),
        ("55s", "5s", "tanki"),
        ("777z", "7z", "shanpon"),
    ],
)
def test_it_names_the_wait_shape(group, win, shape):
    g = kinds(group)
    if len(g) == 2 and g[0] != g[1]:
        g = sorted([*g, kinds(win)[0]])
    assert hand.wait_shape(g, kinds(win)[0]) == shape


def test_wait_shape_needs_the_tile_in_the_group():
    with pytest.raises(InvalidHand) as info:
        hand.wait_shape(kinds("123m"), kinds("4m")[0])
    assert info.value.field == "win_tile"


def test_it_lists_every_shape_a_winning_tile_can_take():
    assert hand.winning_shapes(counts("123m789p456789s11z"), kinds("6s")[0]) == ("ryanmen",)
    assert hand.winning_shapes(counts("123234m789p45666s"), kinds("6s")[0]) == (
        "ryanmen",
        "tanki",
    )
    assert hand.winning_shapes(counts("11122m444p777999s"), kinds("1m")[0]) == ("shanpon",)
    assert hand.winning_shapes(counts("1133m2255p4477s66z"), kinds("6z")[0]) == ("tanki",)


def test_it_reads_a_hand_every_possible_way():
    readings = hand.decompositions(counts("111222333m45699p"))
    as_sets = {frozenset(r) for r in readings}
    assert frozenset({(0, 0, 0), (1, 1, 1), (2, 2, 2), (12, 13, 14), (17, 17)}) in as_sets
    assert frozenset({(0, 1, 2), (12, 13, 14), (17, 17)}) in as_sets
    assert hand.decompositions(counts("19m19p19s12345677z")) == ()
    assert hand.decompositions(counts("123m")) == ()


def test_it_reads_the_concealed_part_of_a_hand_with_melds():
    # 11, 8, 5 and 2 tiles: one to four sets are melded
    assert hand.decompositions(counts("234m555s22z777z")) == (
        ((1, 2, 3), (22, 22, 22), (28, 28), (33, 33, 33)),
    )
    assert hand.decompositions(counts("123m555p99s")) == (((0, 1, 2), (13, 13, 13), (26, 26)),)
    assert hand.decompositions(counts("11123m")) == (((0, 0), (0, 1, 2)),)
    assert hand.decompositions(counts("11m")) == (((0, 0),),)
    assert hand.decompositions(counts("345p888p19s")) == ()


def test_tenpai_for_noten_payments_matches_its_definition():
    rng = random.Random(6)
    checked = karaten = 0
    for c in near_complete_hands(7, 400):
        held = [k for k in range(34) if c[k]]
        c[rng.choice(held)] -= 1  # a 13-tile hand, often waiting
        room = [k for k in range(34) if c[k] < 4]
        melds = [k for k in rng.sample(room, 2) for _ in range(4 - c[k])]
        # and the case that matters: every wait's remaining copies in the player's melds
        all_waits = [k for k in hand.waits(c) for _ in range(4 - c[k])]
        for meld_kinds in ([], melds, all_waits):
            expected = hand.is_tenpai(c) and not hand.is_pure_karaten(c, meld_kinds)
            assert hand.counts_as_tenpai(c, meld_kinds) == expected, (c, meld_kinds)
            checked += hand.is_tenpai(c)
            karaten += hand.is_pure_karaten(c, meld_kinds)
    assert checked > 50
    assert karaten > 20
