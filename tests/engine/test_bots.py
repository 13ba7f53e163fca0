"""Bots: each level's choices on hand-built seat views, determinism and isolation."""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

import pytest

from rules.engine import Action, bots, shanten
from rules.engine.bots import careful, defence, efficiency, efficient, tsumogiri
from rules.engine.bots.reading import Reading
from rules.engine.presets import RONIN
from rules.engine.tiles import counts34, parse_tiles

BOTS_DIR = Path(bots.__file__).resolve().parent


class Discard(NamedTuple):
    tile: int
    tsumogiri: bool = False
    riichi: bool = False
    called: bool = False


@dataclass
class View:
    """The fields of a SeatView that bots read, with quiet defaults."""

    seat: int = 0
    hand: tuple[int, ...] = ()
    drawn: int | None = None
    legal: tuple[Action, ...] = ()
    ruleset: object = RONIN
    round_wind: int = 27
    round_number: int = 0
    dealer: int = 0
    honba: int = 0
    riichi_sticks: int = 0
    scores: tuple[int, ...] = (25000,) * 4
    melds: tuple = ((), (), (), ())
    discards: tuple = ((), (), (), ())
    riichi: tuple = (0, 0, 0, 0)
    open_hands: tuple = (None, None, None, None)
    # unknown waits: every kind, so no bot rules out a tsumo its legal actions offer
    waits: tuple[int, ...] = tuple(range(34))
    dora_indicators: tuple[int, ...] = field(default_factory=lambda: tuple(parse_tiles("7z")))
    wall_remaining: int = 50
    turn: int = 0
    phase: str = "turn"
    last_discard: tuple | None = None


def tiles(text: str, taken=()) -> list[int]:
    return parse_tiles(text, taken=taken)


def river(text: str, taken=(), riichi_at: int | None = None) -> tuple[Discard, ...]:
    return tuple(
        Discard(t, riichi=(i == riichi_at)) for i, t in enumerate(parse_tiles(text, taken=taken))
    )


def own_turn(hand_text: str, seat: int = 0, can_riichi: bool = False, **kw) -> View:
    """A view on the seat's own turn: the last tile written is the drawn one."""
    hand = tiles(hand_text, taken=kw.pop("taken", ()))
    legal = [Action(seat, "discard", t) for t in sorted(hand)]
    if can_riichi:
        legal += [Action(seat, "riichi", t) for t in sorted(hand)]
    legal += [Action(seat, t, hand[-1]) for t in kw.pop("extra", ())]
    return View(seat=seat, hand=tuple(sorted(hand)), drawn=hand[-1], legal=tuple(legal), **kw)


def kind(text: str) -> int:
    return parse_tiles(text)[0] >> 2


def brute_ukeire(counts: list[int], unseen: list[int]) -> int:
    """Ukeire the slow way: try every kind and see whether the shanten drops."""
    base = shanten(counts)
    total = 0
    for k in range(34):
        if counts[k] < 4 and unseen[k]:
            counts[k] += 1
            if shanten(counts) < base:
                total += unseen[k]
            counts[k] -= 1
    return total


# --- efficiency ------------------------------------------------------------------


def test_ukeire_masks_agree_with_trying_every_draw():
    rng = random.Random(7)
    for _ in range(200):
        hand = rng.sample(range(136), 13)
        counts = counts34(hand)
        unseen = [4 - c for c in counts]
        _, count, _ = efficiency.ukeire(counts, efficiency.levels_of(unseen))
        assert count == brute_ukeire(counts, unseen)


def test_unseen_levels_from_visible_counts_match_the_plain_loop():
    rng = random.Random(9)
    for _ in range(300):
        visible = [rng.randint(0, 4) for _ in range(34)]
        unseen = [4 - n for n in visible]
        assert efficiency.levels_from_visible(visible) == efficiency.levels_of(unseen)
        mask = rng.getrandbits(34)
        expected = sum(unseen[k] for k in range(34) if mask >> k & 1)
        assert efficiency.count_in(mask, efficiency.levels_from_visible(visible)) == expected


def test_discard_options_match_a_direct_ukeire_call_for_every_discard():
    # includes the shortcut for interchangeable honours (same count held)
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.sample(range(108, 136), 6) + rng.sample(range(108), 8)  # honour-heavy
        counts = counts34(hand)
        unseen = [rng.randint(0, 4 - c) for c in counts]
        levels = efficiency.levels_of(unseen)
        for option in efficiency.discard_options(counts, levels, all_candidates=True):
            after = counts[:]
            after[option.kind] -= 1
            assert (option.shanten, option.ukeire, option.needed) == efficiency.ukeire(
                after, levels
            )
        assert counts == counts34(hand)


def test_efficient_discards_for_lowest_shanten_then_most_ukeire():
    rng = random.Random(11)
    for _ in range(100):
        hand = rng.sample(range(136), 14)
        view = View(
            hand=tuple(sorted(hand)),
            drawn=hand[-1],
            legal=tuple(Action(0, "discard", t) for t in sorted(hand)),
        )
        reading = Reading(view)
        unseen = reading.unseen
        scores = {}
        for t in set(hand):
            counts = counts34(hand)
            counts[t >> 2] -= 1
            scores[t >> 2] = (shanten(counts), -brute_ukeire(counts, unseen))
        action = efficient.choose(view, random.Random(0))
        assert action in view.legal
        assert scores[action.tile >> 2] == min(scores.values())


def test_efficient_keeps_the_two_sided_wait_over_the_closed_one():
    # throwing 5s leaves 23s waiting on 1s/4s; throwing 2s leaves the 35s closed wait
    view = own_turn("123m456p789s55z23s5s")
    assert efficient.choose(view, random.Random(0)).tile >> 2 == kind("5s")


def test_efficient_declares_riichi_on_the_widest_wait_when_tenpai():
    view = own_turn("123m456p789s55z23s5s", can_riichi=True)
    action = efficient.choose(view, random.Random(0))
    assert action.type == "riichi"
    assert action.tile >> 2 == kind("5s")


def test_efficient_avoids_a_furiten_riichi_when_another_wait_exists():
    # throwing 7s waits on 3s/6s, but 3s is in its own river (furiten);
    # throwing 4s leaves 57s waiting on 6s alone, which it may still ron
    view = own_turn("234m456p789s55z45s7s", can_riichi=True, discards=(river("3s"), (), (), ()))
    action = efficient.choose(view, random.Random(0))
    assert action.type == "riichi"
    assert action.tile >> 2 == kind("4s")


def test_every_level_wins_when_a_win_is_legal():
    hand = tiles("123m456p789s55z45s6s")
    view = View(
        hand=tuple(sorted(hand)),
        drawn=hand[-1],
        legal=(*(Action(0, "discard", t) for t in hand), Action(0, "tsumo", hand[-1])),
    )
    for level in bots.BOTS:
        assert bots.choose(level, view, random.Random(0)).type == "tsumo"
    ron = View(hand=tuple(sorted(hand[:-1])), legal=(Action(0, "ron", 100), Action(0, "pass")))
    for level in bots.BOTS:
        assert bots.choose(level, ron, random.Random(0)).type == "ron"


def call_view(hand_text: str, offered: str, calls: list[tuple[str, str]], **kw) -> View:
    hand = tiles(hand_text)
    tile = parse_tiles(offered, taken=hand)[0]
    legal = []
    for type_name, own in calls:
        wanted = [kind(t) for t in (own[i : i + 2] for i in range(0, len(own), 2))]
        chosen, pool = [], list(hand)
        for k in wanted:
            t = next(t for t in pool if t >> 2 == k)
            pool.remove(t)
            chosen.append(t)
        legal.append(Action(0, type_name, tile, tuple(chosen)))
    legal.append(Action(0, "pass"))
    return View(
        hand=tuple(sorted(hand)),
        legal=tuple(legal),
        phase="calls",
        last_discard=(1, tile),
        **kw,
    )


def test_efficient_pons_a_dragon_pair_but_not_a_guest_wind():
    # one from tenpai; the pon of White leaves 22p as the pair and makes it tenpai
    dragon = call_view("123m456p22p78s55z1s", "5z", [("pon", "5z5z")])
    assert efficient.choose(dragon, random.Random(0)).type == "pon"
    guest = call_view("123m456p22p78s44z1s", "4z", [("pon", "4z4z")])  # North, East seat
    assert efficient.choose(guest, random.Random(0)).type == "pass"


def test_efficient_chis_for_tanyao_only_when_kuitan_is_allowed():
    # one from tenpai, all simples but a spare 2m: chi 2s-3s-4s makes it tenpai
    view = call_view("234m66p3478s456p2m", "2s", [("chi", "3s4s")])
    assert efficient.choose(view, random.Random(0)).type == "chi"
    strict = replace(view, ruleset=RONIN.replace(kuitan=False))
    assert efficient.choose(strict, random.Random(0)).type == "pass"


def test_efficient_does_not_chi_when_the_hand_keeps_terminals():
    view = call_view("19m19p234s66s123z2m", "2s", [("chi", "3s4s")])
    assert efficient.choose(view, random.Random(0)).type == "pass"


def test_nine_terminals_is_declared_unless_thirteen_orphans_is_close():
    far = own_turn("19m19p19s1234z2468m", extra=["kyuushu"])
    assert efficient.choose(far, random.Random(0)).type == "kyuushu"
    close = own_turn("19m19p19s1234567z2m", extra=["kyuushu"])
    assert efficient.choose(close, random.Random(0)).type == "discard"


# --- defence ---------------------------------------------------------------------


def riichi_table(hand_text: str, riichi_river: str, **kw) -> View:
    """Own turn while seat 1 is in riichi, declared on the last tile of its river."""
    view = own_turn(hand_text, **kw)
    declared = len(parse_tiles(riichi_river)) - 1
    rivers = ((), river(riichi_river, taken=view.hand, riichi_at=declared), (), ())
    return replace(view, discards=rivers, riichi=(0, 1, 0, 0))


def test_careful_folds_with_genbutsu_against_riichi_at_two_shanten():
    # far from tenpai; the riichi player declared on 5m, which this hand holds once
    view = riichi_table("1359m258p2468s37z6p", "2z9s8m5m")
    assert shanten(counts34(view.hand)) >= 2
    action = careful.choose(view, random.Random(0))
    assert action.tile >> 2 == kind("5m")
    # the efficient bot, blind to the riichi, keeps its 35m shape
    assert efficient.choose(view, random.Random(0)).tile >> 2 != kind("5m")


def test_careful_prefers_suji_when_nothing_is_genbutsu():
    # riichi river 4m: 1m and 7m are suji; nothing in this hand is genbutsu
    view = riichi_table("7m5p1357s2468p4z1s1m9m", "4m6z")
    counts = counts34(view.hand)
    assert shanten(counts) >= 2
    action = careful.choose(view, random.Random(0))
    reading = Reading(view)
    threat = defence.threats(reading)[0]
    chosen = defence.danger(reading, action.tile >> 2, threat)
    assert chosen == min(defence.danger(reading, t >> 2, threat) for t in view.hand)


def test_careful_pushes_a_tenpai_hand_against_riichi():
    view = riichi_table("123m456p789s55z23s5s", "1z9s", can_riichi=True)
    action = careful.choose(view, random.Random(0))
    assert action.type == "riichi"


def test_careful_folds_far_hands_and_pushes_close_ones():
    riichi = defence.Threat(1, 1.0, True, 0, 0)
    second = defence.Threat(2, 1.0, True, 0, 0)
    open_hand = defence.Threat(3, 0.6, False, 0, 0)
    fold = careful.should_fold
    assert fold([riichi], shanten=2, ukeire=60)
    assert not fold([riichi], shanten=0, ukeire=1)
    assert not fold([riichi], shanten=1, ukeire=40)
    assert fold([riichi], shanten=1, ukeire=4)
    assert fold([riichi, second], shanten=1, ukeire=40)
    assert not fold([open_hand], shanten=2, ukeire=10)
    assert fold([open_hand], shanten=careful.OPEN_THREAT_FOLD_SHANTEN, ukeire=10)


def test_suji_and_no_chance_lower_the_danger_of_a_tile():
    view = riichi_table("7m5p1357s2468p4z1s1m9m", "4m6z")
    reading = Reading(view)
    threat = defence.threats(reading)[0]
    assert defence.danger(reading, kind("4m"), threat) == 0
    assert defence.danger(reading, kind("7m"), threat) < defence.danger(reading, kind("8m"), threat)
    assert defence.danger(reading, kind("1m"), threat) < defence.danger(reading, kind("5p"), threat)


def test_a_wall_of_four_visible_copies_blocks_the_two_sided_waits_behind_it():
    view = riichi_table("8m9m7m5p1357s2468p4z1s", "1z2z")
    view = replace(
        view, discards=(view.discards[0], view.discards[1], river("888m", view.hand), ())
    )
    reading = Reading(view)
    threat = defence.threats(reading)[0]
    assert reading.visible[kind("8m")] == 4
    # 9m could only be reached through 78m: with every 8m visible only closed waits remain
    assert defence.danger(reading, kind("9m"), threat) < defence.danger(reading, kind("9p"), threat)
    # 6m keeps only its 45m side (78m needs an 8m); 6p is open on both sides
    assert defence.danger(reading, kind("6m"), threat) < defence.danger(reading, kind("6p"), threat)


def test_riichi_genbutsu_counts_later_discards_of_others_but_not_earlier_ones():
    # seat 1 declared on its 2nd discard; seat 2 has thrown 4 tiles: with no calls the
    # first two may predate the declaration, the rest cannot
    hand = tiles("123m456p789s1234z")
    discards = (
        (),
        river("1z2z", taken=hand, riichi_at=1),
        river("2m5m8m3p", taken=hand),
        (),
    )
    view = View(hand=tuple(hand), discards=discards, riichi=(0, 1, 0, 0))
    mask = defence.riichi_safe_mask(view, 1)
    assert mask >> kind("8m") & 1 and mask >> kind("3p") & 1
    assert not mask >> kind("2m") & 1 and not mask >> kind("5m") & 1


# --- open riichi -----------------------------------------------------------------


def open_riichi_view(hand_text: str) -> View:
    shown = tiles("123m456p789s111z4s")  # waits on 4s (tanki)
    hand = tiles(hand_text, taken=shown)
    legal = tuple(Action(0, "discard", t) for t in sorted(hand))
    return View(
        hand=tuple(sorted(hand)),
        drawn=hand[-1],
        legal=legal,
        riichi=(0, 1, 0, 0),
        open_hands=(None, tuple(shown), None, None),
        discards=((), river("9m", taken=[*shown, *hand], riichi_at=0), (), ()),
    )


@pytest.mark.parametrize("setting", ["disable", "ignore_robot_discard", "pay_as_usual"])
@pytest.mark.parametrize("level", list(bots.BOTS))
def test_no_bot_deals_into_a_visible_open_riichi_wait(level, setting):
    view = open_riichi_view("234m567p22s66s5z7z1s4s")  # drew the 4s
    view = replace(view, ruleset=RONIN.replace(open_riichi=True, open_riichi_robot=setting))
    action = bots.choose(level, view, random.Random(0))
    assert action.tile >> 2 != kind("4s")


def test_a_bot_deals_in_when_every_legal_discard_does():
    view = open_riichi_view("1s4s")  # four melds called, only the 4s may go
    forced = Action(0, "discard", view.drawn)
    view = replace(view, legal=(forced,))
    for level in bots.BOTS:
        assert bots.choose(level, view, random.Random(0)) == forced


# --- tsumogiri -------------------------------------------------------------------


def test_tsumogiri_throws_the_drawn_tile_and_passes_on_calls():
    view = own_turn("123m456p789s55z4z1s", extra=["riichi"])
    action = tsumogiri.choose(view, random.Random(0))
    assert action == Action(0, "discard", view.drawn)
    calls = call_view("13m46p79s2378s55z4z", "5z", [("pon", "5z5z")])
    assert tsumogiri.choose(calls, random.Random(0)).type == "pass"


# --- determinism and isolation ---------------------------------------------------


@pytest.mark.parametrize("level", list(bots.BOTS))
def test_bots_are_deterministic_and_choose_only_legal_actions(level):
    rng = random.Random(3)
    for _ in range(50):
        hand = rng.sample(range(136), 14)
        view = View(
            hand=tuple(sorted(hand)),
            drawn=hand[-1],
            legal=tuple(Action(0, "discard", t) for t in sorted(hand)),
            riichi=(0, 0, 1, 0),
            discards=((), (), river("1z", taken=hand, riichi_at=0), ()),
        )
        first = bots.choose(level, view, random.Random(5))
        assert first in view.legal
        assert bots.choose(level, view, random.Random(5)) == first


def test_unknown_level_names_the_known_ones():
    with pytest.raises(ValueError, match="tsumogiri, efficient, careful"):
        bots.choose("genius", View(), random.Random(0))


def _imports(path: Path, type_only: bool = False):
    """The modules ``path`` imports when it runs; with ``type_only``, those it names
    only for the type checker (under ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text())
    checking = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for inner in ast.walk(node)
    }
    for node in ast.walk(tree):
        if (id(node) in checking) != type_only:
            continue
        if isinstance(node, ast.ImportFrom):
            yield "." * node.level + (node.module or "")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name


def test_bot_modules_import_nothing_from_the_game_state_or_play():
    allowed_engine = {
        "..tiles",
        "..hand",
        "..melds",
        "..rulesets",
        "..actions",
        "..errors",
        "..claims.values",  # the claim actions' names and numbers (pure data)
    }
    for path in BOTS_DIR.glob("*.py"):
        for module in _imports(path):
            if module.startswith(".."):
                assert module in allowed_engine, f"{path.name} imports {module}"
            assert not any(part in module for part in ("state", "play", "invariants", "replay"))


def test_bot_modules_name_only_the_seat_view_types_for_the_type_checker():
    # Type annotations may name the view a bot is handed and what it holds; the
    # type checker reads these imports, the running bot never does.
    view_types = {"..visibility", "..state", "..claims.procedure"}
    for path in BOTS_DIR.glob("*.py"):
        for module in _imports(path, type_only=True):
            assert module in view_types, f"{path.name} imports {module} for its types"


@pytest.mark.parametrize("level", list(bots.BOTS))
def test_in_a_real_game_no_bot_throws_into_an_open_riichi(level):
    from rules.engine import apply, seat_view
    from rules.engine.testing import QUIET, scenario

    ruleset = RONIN.replace(open_riichi=True, open_riichi_robot="pay_as_usual")
    # the dealer waits on 1s/4s and opens the hand; seat 1 then draws a 4s and
    # already holds a 1s and a 4s
    state = scenario({0: "123m456p789s55z23s", 1: QUIET}, draws="9p4s", ruleset=ruleset)
    declare = next(
        a for a in state.legal[0] if a.type == "open_riichi" and a.tile >> 2 == kind("9p")
    )
    state, _ = apply(state, declare)
    while 1 not in [s for s in range(4) if state.legal[s]] or state.phase != "turn":
        seat = next(s for s in range(4) if state.legal[s])
        state, _ = apply(state, Action(seat, "pass"))
    view = seat_view(state, 1)
    assert view.open_hands[0] and view.drawn >> 2 == kind("4s")
    action = bots.choose(level, view, random.Random(0))
    assert action in view.legal
    assert action.tile >> 2 not in (kind("1s"), kind("4s"))


def test_the_tsumogiri_shortcut_answers_as_the_full_scan_on_every_turn_of_real_games():
    # the shortcut reads the view's waits to rule out a tsumo; the full scan reads
    # every legal action: on every view of real games they must agree (the efficient
    # bot plays the games, as it reaches tenpai and draws its winning tiles)
    from rules.engine import apply, new_game, seat_view

    wait_draws = 0
    for seed in range(2):
        state = new_game(RONIN, seed=seed, robots=range(4))
        while not state.finished:
            seat = next(s for s in range(4) if state.legal[s])
            view = seat_view(state, seat)
            chosen = tsumogiri.choose(view, random.Random(0))
            assert chosen == tsumogiri._choose(view)
            wait_draws += view.drawn is not None and view.drawn >> 2 in view.waits
            state, _ = apply(state, efficient.choose(view, random.Random(seed)))
    assert wait_draws  # the games drew winning tiles, where the shortcut steps aside
