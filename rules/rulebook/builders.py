"""Numbers and examples of each chapter, computed with the engine at render time.

Every builder takes the club's ruleset and returns extra template context. Nothing
here writes prose: the words are in the templates, the numbers come from here.
"""

from __future__ import annotations

import json
from functools import lru_cache

from rules.engine import (
    STICK,
    Ron,
    Ruleset,
    base_points,
    chombo_payment,
    dora_of,
    kind_name,
    kind_notation,
    multi_ron,
    nagashi_mangan,
    noten_payments,
    parse_kinds,
    win_payment,
)

from . import examples, points
from .examples import HERE

SEAT_NAMES = ("East", "South", "West", "North")


def beginners(club: Ruleset) -> dict:
    return {"noten": noten_rows()}


def turn(club: Ruleset) -> dict:
    return {}


def riichi(club: Ruleset) -> dict:
    """The closed-kan example: a hand whose waits a quad of 7s would change."""
    from rules.engine import waits as hand_waits

    before = "123p456s99s56777m"
    counts = [0] * 34
    for kind, _ in parse_kinds(before):
        counts[kind] += 1
    waits_before = [kind_notation(k) for k in hand_waits(counts)]
    counts[parse_kinds("7m")[0][0]] -= 3  # the quad is set aside as one set
    waits_after = [kind_notation(k) for k in hand_waits(counts)]
    return {
        "kan_hand": before,
        "kan_waits": waits_before,
        "kan_after": "123p456s99s56m",
        "kan_waits_after": waits_after,
    }


def furiten(club: Ruleset) -> dict:
    from rules.engine import waits as hand_waits

    cases = []
    # (kind of furiten, hand, the tile in question); the waits come from the engine
    for notation, discards, text in (
        ("23m456p789s234s11z", "1m", "discard"),
        ("3456m456p789s111z", "6m", "shape"),
        ("46m123p456p789s99s", "5m", "temporary"),
        ("45m123p456p789s99s", "6m", "riichi"),
    ):
        counts = [0] * 34
        for kind, _ in parse_kinds(notation):
            counts[kind] += 1
        waits = [kind_notation(k) for k in hand_waits(counts)]
        cases.append(
            {
                "hand": notation,
                "waits": "".join(waits),
                "wait_list": waits,
                "discards": discards,
                "text": text,
            }
        )
    return {"cases": cases}


def dora(club: Ruleset) -> dict:
    rows = []
    for ind in ("3m", "9p", "5s", "1z", "4z", "5z", "7z"):
        kind, _ = parse_kinds(ind)[0]
        d = dora_of(kind)
        rows.append(
            {
                "indicator": ind,
                "indicator_name": kind_name(kind),
                "dora": kind_notation(d),
                "dora_name": kind_name(d),
            }
        )
    return {"indicator_rows": rows}


def yaku(club: Ruleset) -> dict:
    from rules.engine import BY_KEY

    sections: dict[str, list[dict]] = {}
    for ex in examples.in_language("yaku"):
        info = BY_KEY.get(ex["key"])
        card = {
            "key": ex["key"],
            "anchor": yaku_anchor(ex["key"]),
            "name": info.name if info else ex["ja"],
            "japanese": info.japanese if info else "",
            "english": info.english if info else ex["en"],
            "closed": info.closed if info else ex.get("closed"),
            "open": info.open if info else ex.get("open"),
            "yakuman": info.yakuman if info else 0,
            "rule": ex["rule"],
            "note": ex.get("note", ""),
            "example": ex,
            "melds": [examples.meld_display(m) for m in ex.get("request", {}).get("melds", [])],
        }
        if "request" in ex:
            card["scored"] = examples.score_example(ex)
            card["query"] = examples.calculator_query(ex)
        sections.setdefault(ex["section"], []).append(card)
    return {"yaku_sections": sections}


def fu(club: Ruleset) -> dict:
    cards = []
    for ex in examples.in_language("fu"):
        cards.append(
            {
                "example": ex,
                "melds": [examples.meld_display(m) for m in ex["request"].get("melds", [])],
                "scored": examples.score_example(ex),
                "query": examples.calculator_query(ex),
            }
        )
    return {"fu_examples": cards}


def points_ctx(club: Ruleset) -> dict:
    return {"tables": points.all_tables(club), "han": points.HAN}


def limits(club: Ruleset) -> dict:
    return {"limit_rows": points.limit_rows(club)}


def draws(club: Ruleset) -> dict:
    return {"noten": noten_rows(), "nagashi": _nagashi_rows()}


def noten_rows() -> list[dict]:
    rows = []
    for tenpai in (1, 2, 3):
        deltas = noten_payments([i < tenpai for i in range(4)])
        rows.append({"tenpai": tenpai, "gain": deltas[0], "loss": -deltas[3]})
    return rows


def _nagashi_rows() -> list[dict]:
    out = []
    for who, dealer in (("a non-dealer", 1), ("the dealer", 0)):
        deltas = nagashi_mangan([0], dealer)
        out.append({"who": who, "deltas": _by_seat(deltas, dealer)})
    return out


def _by_seat(deltas: list[int], dealer: int) -> list[dict]:
    return [
        {"seat": SEAT_NAMES[(s - dealer) % 4], "delta": d, "winner": s == 0}
        for s, d in enumerate(deltas)
    ]


def penalties(club: Ruleset) -> dict:
    rows = []
    for who, dealer in (("a non-dealer", 1), ("the dealer", 0)):
        rows.append({"who": who, "deltas": _by_seat(chombo_payment(0, dealer, club), dealer)})
    return {"chombo_rows": rows, "chombo_is_penalty": club.chombo == "penalty"}


def payments(club: Ruleset) -> dict:
    base, _ = base_points(3, 40, club)
    ron = win_payment(base, 0, 1, False, 2, 2, 1)
    tsumo = win_payment(base, 0, 1, True, None, 2, 1)
    plain_ron = win_payment(base, 0, 1, False, 2, 0, 0)
    plain_tsumo = win_payment(base, 0, 1, True, None, 0, 0)
    double = multi_ron(
        [Ron(winner=3, base=base), Ron(winner=1, base=base_points(2, 30, club)[0])],
        discarder=2,
        dealer=0,
        honba=1,
        riichi_sticks=2,
        ruleset=club.replace(double_ron=True),
    )
    yakuman = base_points(0, 0, club, yakuman=1)[0]
    pao_tsumo = win_payment(yakuman, 0, 1, True, None, 0, 0, pao=3)
    pao_ron = win_payment(yakuman, 0, 1, False, 2, 0, 0, pao=3)
    return {
        "ex_base": base,
        "ex_ron": ron,
        "ex_tsumo": tsumo,
        "ex_plain_ron": plain_ron,
        "ex_plain_tsumo": plain_tsumo,
        "ex_double": [
            {"winner": SEAT_NAMES[p.winner], "paid": p.payers.get(2, 0), "sticks": p.sticks}
            for p in double
        ],
        "ex_pao_tsumo": pao_tsumo.payers,
        "ex_pao_ron": pao_ron.payers,
        "seat_names": SEAT_NAMES,
    }


def game_end(club: Ruleset) -> dict:
    from rules.engine import final_standings, format_final

    scores = [41700, 28300, 19500, 8500]  # East, South, West, North; 2 sticks left
    leftover = 2
    rows = []
    for st in final_standings(scores, club, leftover_sticks=leftover):
        rows.append(
            {
                "seat": SEAT_NAMES[st.seat],
                "place": st.place,
                "table": scores[st.seat],
                "score": st.score,
                "sticks": st.sticks,
                "vs_target": st.score - club.target_score,
                "uma": st.uma,
                "oka": st.oka,
                "final": st.final,
                "final_text": format_final(st.final),
            }
        )
    return {
        "standings": rows,
        "leftover": leftover,
        "leftover_points": leftover * STICK,
        "uma_total": sum(abs(u) for u in club.uma) // 2,
    }


@lru_cache(maxsize=1)
def _glossary() -> list[dict]:
    with open(HERE / "glossary.json", encoding="utf-8") as fh:
        terms = json.load(fh)
    return sorted(terms, key=lambda t: t["term"].lower())


def chapter_url(slug: str) -> str:
    """The address of the chapter ``slug`` (the tiles chapter has a page of its own)."""
    from django.urls import reverse

    if slug == "tiles":
        return reverse("rules:tiles")
    return reverse("rules:chapter", args=[slug])


def _href(link: str) -> str:
    from django.urls import reverse

    if link in ("calculator", "rulesets"):
        return reverse(f"rules:{link}")
    slug, _, anchor = link.partition("#")
    return chapter_url(slug) + (f"#{anchor}" if anchor else "")


def yaku_anchor(key: str) -> str:
    return "yaku-" + key.replace("_", "-")


def term_anchor(term: str) -> str:
    return "term-" + "-".join(term.lower().split())


def glossary_terms() -> list[dict]:
    """Every glossary entry with its anchor, its page link and its own address."""
    from django.urls import reverse

    page = reverse("rules:chapter", args=["glossary"])
    return [
        {
            **t,
            "anchor": term_anchor(t["term"]),
            "href": _href(t["link"]) if t.get("link") else "",
            "glossary_url": f"{page}#{term_anchor(t['term'])}",
        }
        for t in _glossary()
    ]


def glossary_names() -> dict[str, str]:
    """Every name of a glossary term (the term and its other names), lowercased, to
    the term's anchor."""
    names = {}
    for t in _glossary():
        for name in [t["term"], *[a.strip() for a in t.get("also", "").split(",")]]:
            if name:
                names[name.lower()] = term_anchor(t["term"])
    return names


def glossary(club: Ruleset) -> dict:
    letters: dict[str, list[dict]] = {}
    for entry in glossary_terms():
        letters.setdefault(entry["term"][0].upper(), []).append(entry)
    return {"letters": letters}
