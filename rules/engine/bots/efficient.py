"""The efficient bot: plays for speed, ignores the danger of its discards.

* wins whenever a win is legal;
* discards for the lowest shanten, then the most ukeire (unseen tiles that lower
  the shanten, counted from what this seat can see), then by tile value (keeps
  dora, red fives, centre tiles and pairs of value honours);
* at tenpai with a closed hand declares riichi, choosing the discard that leaves
  the most unseen winning tiles and, if it can, a wait that is not furiten;
* calls pon of a value honour (dragon, seat or round wind) when that lowers its
  shanten; once it holds such a meld it calls anything that lowers its shanten;
  calls for open tanyao (only with ``ruleset.kuitan``) when every called tile
  is a simple, at most one non-simple is left to throw, and the call lowers the
  shanten to 2 or less; an open tanyao hand throws its non-simples first and
  counts only simples as ukeire;
* takes a concealed or added quad when it does not worsen the hand (always in
  riichi, where the engine only offers quads that keep the wait), an open quad
  only when the hand is already open with a yaku;
* declares nine terminals when thirteen orphans is three or more tiles away;
* never declares open riichi (the plain riichi is offered alongside it).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import TYPE_CHECKING

from xiangting import PlayerCount, calculate_necessary_tiles, calculate_unnecessary_tiles

from ..actions import Action
from ..tiles import is_red, is_simple
from . import efficiency
from .defence import avoid_open_waits
from .efficiency import HONOURS, Option
from .reading import SIMPLES_MASK, Reading

if TYPE_CHECKING:
    from ..visibility import SeatView

Danger = dict[int, float]  # per kind: the chance (percent, weighted) of dealing in
Levels = tuple[int, int, int, int]  # unseen counts as masks, see efficiency.levels_of
OptionKey = tuple[int, bool, float]  # shanten, furiten, minus the (danger-weighted) ukeire

_FOUR = PlayerCount.FOUR
KYUUSHU_KEEP = 2  # go for thirteen orphans at this shanten or better
TANYAO_CALL_SHANTEN = 2  # call for tanyao only if the hand is then this close


def choose(view: SeatView, rng: Random) -> Action:
    legal = view.legal
    if len(legal) == 1:  # a forced move: nothing to read
        return legal[0]
    return decide(Reading(view))


def decide(r: Reading) -> Action:
    legal = r.view.legal
    if len(legal) == 1:  # e.g. in riichi with nothing but the drawn tile to throw
        return legal[0]
    actions = r.actions
    if len(actions) == 1 and r.discards:
        # nothing but discards (the usual turn): what own_turn comes down to
        return best_discard(r, r.discards)
    win = winning_action(r)
    if win is not None:
        return win
    kyuushu = r.first("kyuushu")
    if kyuushu is not None and efficiency.kokushi_shanten(r.counts) > KYUUSHU_KEEP:
        return kyuushu
    if r.discards or "riichi" in actions:
        return own_turn(r)
    return call_or_pass(r)


def winning_action(r: Reading) -> Action | None:
    return r.first("tsumo") or r.first("ron")


def pass_action(r: Reading) -> Action:
    return r.first("pass") or r.view.legal[0]


# --- plans ---------------------------------------------------------------------


def plan(r: Reading) -> str:
    """The yaku the hand is playing for: closed (riichi), yakuhai, tanyao or none."""
    melds = r.view.melds[r.seat]
    if not melds or not r.is_open:
        return "closed"
    if any(meld.base_kind in r.yakuhai for meld in melds):
        return "yakuhai"
    if r.ruleset.kuitan and all(all(is_simple(t >> 2) for t in meld.tiles) for meld in melds):
        return "tanyao"
    return "none"


# what a number tile is worth for its place in the suit: centre tiles make more runs
_PLACE_VALUE = tuple(1.0 + 0.1 * min(n, 8 - n) for n in range(9))


def tile_value(r: Reading, kind: int) -> float:
    """How much a tile is worth keeping when efficiency is tied (lower goes first)."""
    value = 0.0
    if kind in r.dora:
        value += 3.0
    if kind >= HONOURS:
        if kind in r.yakuhai and r.visible[kind] < 3:
            value += 2.0 if r.counts[kind] >= 2 else 0.5
    else:
        n = kind % 9
        value += _PLACE_VALUE[n]
        if n == 4:
            held = [t for t in r.tiles if t >> 2 == kind]
            if held and all(is_red(t, r.red_fives) for t in held):
                value += 2.0  # only red copies left: throwing one throws a dora
    return value


def option_key(
    r: Reading, option: Option, danger: Danger | None = None, weight: float = 0.0
) -> OptionKey:
    """Sort key of a discard option without the tile-value tie-break: lower is better."""
    furiten = option.shanten == 0 and bool(option.needed & (r.discarded_kinds | 1 << option.kind))
    score: float = option.ukeire
    if danger:
        score -= weight * danger.get(option.kind, 0.0)
    return (option.shanten, furiten, -score)


def pick(r: Reading, options: list[Option], key: Callable[[Option], OptionKey]) -> Option:
    """The option with the lowest ``key``; the tile value breaks exact ties."""
    keys = [key(option) for option in options]
    best_key = min(keys)
    tied = [option for option, k in zip(options, keys, strict=True) if k == best_key]
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda o: tile_value(r, o.kind))


def best_option(
    r: Reading, options: list[Option], danger: Danger | None = None, weight: float = 0.0
) -> Option:
    """``pick(r, options, lambda o: option_key(r, o, danger, weight))`` in one pass.

    The same keys, the same first-come order among exact ties, the same tile-value
    tie-break; only the per-option calls are gone.
    """
    best_key: OptionKey | None = None
    tied: list[Option] = []
    for option in options:
        shanten = option.shanten
        score: float = option.ukeire
        if danger:
            score -= weight * danger.get(option.kind, 0.0)
        key = (
            shanten,
            shanten == 0 and bool(option.needed & (r.discarded_kinds | 1 << option.kind)),
            -score,
        )
        if best_key is None or key < best_key:
            best_key = key
            tied = [option]
        elif key == best_key:
            tied.append(option)
    if len(tied) == 1:
        return tied[0]
    return min(tied, key=lambda o: tile_value(r, o.kind))


def _discard_setup(
    r: Reading, actions: list[Action], hand_plan: str
) -> tuple[list[Action], int, Levels | None]:
    """What a discard choice starts from: the actions (open-riichi waits left out
    when possible), the mask of the kinds allowed, and the unseen levels to count."""
    actions = avoid_open_waits(r, actions)
    allowed = r.allowed_mask(actions)
    if hand_plan == "tanyao":
        junk = allowed & ~SIMPLES_MASK
        held_junk = [k for k in efficiency.kinds_in(junk) if r.counts[k]]
        if held_junk:
            # non-simples are dead weight in open tanyao: they go before anything else
            return actions, efficiency.mask_of(held_junk), r.levels
        return actions, allowed, efficiency.restrict(r.levels, SIMPLES_MASK)
    return actions, allowed, None  # None: ``r.levels``, looked up only when needed


def ranked_options(
    r: Reading, actions: list[Action], hand_plan: str
) -> tuple[list[Option], list[Action]]:
    """Discard options among ``actions`` (open-riichi waits left out when possible).

    Returns the options, in kind order, and the actions they were drawn from.
    """
    actions, allowed, levels = _discard_setup(r, actions, hand_plan)
    return efficiency.discard_options(r.counts, levels or r.levels, allowed), actions


def best_kinds(
    r: Reading,
    allowed: int,
    levels: Levels | None = None,
    danger: Danger | None = None,
    weight: float = 0.0,
) -> list[int]:
    """The kinds :func:`best_option` would tie on among ``discard_options(r.counts,
    levels or r.levels, allowed)``, in kind order, without building the options.

    The same keys compared in the same order; what it saves is work: no option
    records, no second pass, and no look at the table (unseen counts, furiten)
    when there is only one candidate or the comparison does not need it.
    """
    work = bytearray(r.counts)
    candidates = allowed
    useless = calculate_unnecessary_tiles(work, _FOUR)[1]
    if candidates & useless:
        candidates &= useless
    if not candidates & (candidates - 1):  # one kind (or none): nothing to compare
        return [candidates.bit_length() - 1] if candidates else []
    one, two, three, four = levels or r.levels
    discarded = -1  # the furiten mask, read only for a tenpai candidate
    best_key: OptionKey | None = None  # with danger
    best_packed: int | None = None  # without: the same order packed into one int
    tied: list[int] = []
    honours: list[tuple[int, int, int] | None] = [None, None, None, None, None]  # see efficiency
    for kind in efficiency.kinds_of(candidates):
        held = work[kind]
        if kind < HONOURS or held > 4:
            work[kind] = held - 1
            replacement, mask = calculate_necessary_tiles(work, _FOUR)
            work[kind] = held
        else:
            first = honours[held]
            if first is None:
                work[kind] = held - 1
                replacement, mask = calculate_necessary_tiles(work, _FOUR)
                work[kind] = held
                honours[held] = (kind, replacement, mask)
            else:
                other, replacement, mask = first
                swap = (1 << other) | (1 << kind)
                if mask & swap and (mask & swap) != swap:
                    mask ^= swap
        score = (
            (mask & one).bit_count()
            + (mask & two).bit_count()
            + (mask & three).bit_count()
            + (mask & four).bit_count()
        )
        furiten = False
        if replacement == 1:  # tenpai: a wait on a kind it threw is furiten
            if discarded < 0:
                discarded = r.discarded_kinds
            furiten = bool(mask & (discarded | 1 << kind))
        if danger:
            key = (replacement, furiten, weight * danger.get(kind, 0.0) - score)
            if best_key is None or key < best_key:
                best_key = key
                tied = [kind]
            elif key == best_key:
                tied.append(kind)
        else:
            # the same order as that tuple as one number: score is at most 136
            packed = replacement * 1024 + furiten * 512 + 256 - score
            if best_packed is None or packed < best_packed:
                best_packed = packed
                tied = [kind]
            elif packed == best_packed:
                tied.append(kind)
    return tied


def best_kind(r: Reading, kinds: list[int]) -> int:
    """The kind of ``kinds`` (from :func:`best_kinds`) to throw: tile value breaks ties."""
    if len(kinds) == 1:
        return kinds[0]
    return min(kinds, key=lambda k: tile_value(r, k))


def best_discard(
    r: Reading,
    actions: list[Action],
    danger: Danger | None = None,
    weight: float = 0.0,
    options: list[Option] | None = None,
) -> Action:
    """The best discard among ``actions``; ``options`` when already computed for them."""
    if options is None:
        actions, allowed, levels = _discard_setup(r, actions, plan(r))
        kinds = best_kinds(r, allowed, levels, danger, weight)
        if not kinds:
            return actions[0]
        chosen = r.discard_of_kind(best_kind(r, kinds), actions)
    else:
        actions = avoid_open_waits(r, actions)
        if not options:
            return actions[0]
        chosen = r.discard_of_kind(best_option(r, options, danger, weight).kind, actions)
    assert chosen is not None  # the kind was chosen among these very discards
    return chosen


# --- own turn ------------------------------------------------------------------


def own_turn(
    r: Reading,
    danger: Danger | None = None,
    weight: float = 0.0,
    kans: bool = True,
    options: list[Option] | None = None,
) -> Action:
    if kans:
        kan = quad(r)
        if kan is not None:
            return kan
    riichi = r.actions.get("riichi")
    if riichi:
        chosen = riichi_action(r, riichi, danger, weight)
        if chosen is not None:
            return chosen
    if r.discards:
        return best_discard(r, r.discards, danger, weight, options)
    return pass_action(r)


def riichi_action(
    r: Reading, riichi: list[Action], danger: Danger | None, weight: float
) -> Action | None:
    """The riichi declaration with the best wait (or a bare declaration when tenpai)."""
    with_tiles = [a for a in riichi if a.tile is not None]
    if not with_tiles:
        return riichi[0] if r.shanten <= 0 else None
    safe = avoid_open_waits(r, with_tiles)
    allowed = r.allowed_mask(safe)
    options = [
        o
        for o in efficiency.discard_options(r.counts, r.levels, allowed, all_candidates=True)
        if o.shanten == 0
    ]
    if not options:
        return None
    best = best_option(r, options, danger, weight)
    return r.discard_of_kind(best.kind, safe)


def quad_kind(action: Action) -> int:
    tile = action.tile if action.tile is not None else action.tiles[0]
    return tile >> 2


def quad(r: Reading) -> Action | None:
    """A concealed or added quad that does not make the hand worse."""
    in_riichi = r.view.riichi[r.seat]
    for kind_name in ("ankan", "shouminkan"):
        for action in r.actions.get(kind_name, ()):
            if in_riichi:
                return action
            kind = quad_kind(action)
            after = r.counts[:]
            after[kind] -= 4 if kind_name == "ankan" else 1
            if after[kind] < 0:
                continue
            if efficiency.shanten(after) <= r.shanten:
                return action
    return None


# --- calls ---------------------------------------------------------------------


def call_or_pass(r: Reading) -> Action:
    chosen = best_call(r)
    return chosen if chosen is not None else pass_action(r)


def called_tile(r: Reading, action: Action) -> int | None:
    """The tile a call takes (every call action names it; the claim is a fallback)."""
    if action.tile is not None:
        return action.tile
    return r.view.last_discard[1] if r.view.last_discard else None


def call_shanten(r: Reading, action: Action, hand_plan: str) -> int | None:
    """Shanten after the call and the best discard, or None if the call loses the yaku."""
    tile = called_tile(r, action)
    if tile is None:
        return None
    kind = tile >> 2
    triplet = action.type in ("pon", "daiminkan")
    # the yaku is (or stays) secured by a value-honour meld
    secured = (triplet and kind in r.yakuhai) or hand_plan == "yakuhai"
    if not secured and not (
        r.ruleset.kuitan and hand_plan in ("closed", "tanyao") and is_simple(kind)
    ):
        return None  # no yaku left: decided before any counting
    mine = set(r.tiles)
    own = [t for t in action.tiles if t in mine and t != tile]
    after = r.counts[:]
    for t in own:
        after[t >> 2] -= 1
    if not secured:  # open tanyao: every tile called and kept must be a simple
        if not all(is_simple(t >> 2) for t in own):
            return None
        junk = [k for k in range(34) if after[k] and not is_simple(k)]
        if sum(after[k] for k in junk) > (0 if action.type == "daiminkan" else 1):
            return None
        if junk and action.type != "daiminkan":
            after[junk[0]] -= 1
    return efficiency.shanten(after)


def best_call(r: Reading) -> Action | None:
    """The call worth making (lowest shanten after it, pon before chi), or None."""
    hand_plan = plan(r)
    best = None
    best_key: tuple[int, bool] | None = None
    for type_name in ("pon", "chi", "daiminkan"):
        for action in r.actions.get(type_name, ()):
            after = call_shanten(r, action, hand_plan)
            # r.shanten is worked out (once) only for a call that keeps a yaku
            if after is None or not _worth_calling(r, action, hand_plan, r.shanten, after):
                continue
            key = (after, type_name != "pon")
            if best_key is None or key < best_key:
                best, best_key = action, key
    return best


def _worth_calling(r: Reading, action: Action, hand_plan: str, now: int, after: int) -> bool:
    if action.type == "daiminkan":
        # an open quad only for a hand already open with its yaku, and not slower
        return hand_plan in ("yakuhai", "tanyao") and after <= now
    if after >= now:
        return False
    return hand_plan != "closed" or _secures_yakuhai(r, action) or after <= TANYAO_CALL_SHANTEN


def _secures_yakuhai(r: Reading, action: Action) -> bool:
    tile = called_tile(r, action)
    return action.type in ("pon", "daiminkan") and tile is not None and tile >> 2 in r.yakuhai
