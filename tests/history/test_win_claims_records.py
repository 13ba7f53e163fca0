"""A claimed game's record: the replay's words for claims, answers and decisions, and
the tenhou.net/6 export of claimed wins and chombos (rules.engine.claims.procedure)."""

import json

from history.logs.importer import import_log
from history.logs.tenhou6_export import export
from history.replayer import claim_step_label, end_label
from rules.engine import apply, parse_action
from rules.engine.presets import RONIN
from rules.engine.testing import play, scenario

CLAIMED = RONIN.replace(win_settlement="claimed", renhou="off")
TANYAO = "234m456p678s2255s"
NAMES = ["Ann", "Ben", "Cy", "Di"]


def _game():
    """Hand 1: Cy calls a false win, chombo, game over. Hand 2 (replayed): Ben's ron is
    claimed at 2 han and corrected to 1 han 40 fu."""
    state = scenario({1: TANYAO}, draws="5s", ruleset=CLAIMED, dora="9p", ura="9m")
    state = play(state, "0:discard:5s", "1:pass", "3:pass", "2:win_anyway")
    for line in ("2:claim:mangan", "0:ng:noten", "1:ng", "3:ok", "0:chombo:game_over"):
        state, _ = apply(state, parse_action(line))
    return state


def test_win_claim_replay_words_name_the_call_the_claim_answers_and_decision():
    from history.replayer import Step

    def label(text, kind=None):
        action = parse_action(text)
        step = Step(kind or action.type, action.seat, action.tile, None, action=action)
        return claim_step_label(step, NAMES[action.seat], "5s")

    assert label("2:win_anyway:5s.1") == "Cy calls a win (Win anyway) on 5s"
    assert label("2:claim:3han30fu") == "Cy claims 3 han 30 fu"
    assert label("1:ng:furiten") == "Ben answers NG: furiten"
    assert label("3:ok") == "Di answers OK"
    assert label("0:chombo:continue") == "Ann reviews the win: chombo, the hand goes on dead"
    assert label("0:correct:1han40fu") == "Ann reviews the win: corrected to 1 han 40 fu"
    result = _game().last_result
    assert end_label(result, NAMES, (1, 1, 1)) == "Chombo by Cy: the hand is played again"


def test_win_claim_tenhou_export_of_a_claimed_game_is_complete_json():
    state = _game()
    data = export(state.setup, list(state.actions), NAMES)
    text = json.dumps(data, ensure_ascii=False)
    log = json.loads(text)["log"]
    assert len(log) == 1
    assert log[0][-1] == ["錯和", [4000, 2000, -8000, 2000]]  # a chombo, not a draw
    assert json.loads(text)["chombos"] == [
        {"hand": 0, "seat": 2, "then": "game_over", "deltas": [4000, 2000, -8000, 2000]}
    ]


def test_win_claim_tenhou_export_adds_a_played_on_chombo_to_the_hands_result():
    """Cy's false win is a chombo played on with a dead hand; Ben then draws his
    winning 2s (on his first draw: chihou, a yakuman). The hand's deltas carry both, so the next hand starts from the scores
    written."""
    state = scenario({1: TANYAO}, draws="5s2s", ruleset=CLAIMED, dora="9p", ura="9m")
    state = play(state, "0:discard:5s", "1:pass", "3:pass", "2:win_anyway")
    for line in ("2:claim:mangan", "0:ng:noten", "1:ng", "3:ok", "0:chombo:continue"):
        state, _ = apply(state, parse_action(line))
    assert state.dead[2] and state.turn == 1
    state = play(state, "1:tsumo")
    assert state.win_claim.reading.value == (13, 0)  # his first draw: chihou
    for line in ("1:claim:yakuman", "0:ok", "2:ok", "3:ok", "0:accept"):
        state, _ = apply(state, parse_action(line))
    win = state.last_result.deltas
    data = export(state.setup, list(state.actions), NAMES)
    entry = data["log"][0][-1]
    chombo = [4000, 2000, -8000, 2000]
    assert entry[0] == "和了" and entry[2][:3] == [1, 1, 1]
    assert entry[1] == [c + w for c, w in zip(chombo, win, strict=True)]
    assert data["chombos"] == [{"hand": 0, "seat": 2, "then": "continue", "deltas": chombo}]
    assert [a + d for a, d in zip(data["log"][0][1], entry[1], strict=True)] == list(state.scores)


def test_win_claim_tenhou_export_with_a_chombo_loads_back_and_names_the_chombo(db):
    state = _game()
    data = json.dumps(export(state.setup, list(state.actions), NAMES), ensure_ascii=False)
    report = import_log("chombo.json", data.encode(), save=False)
    assert report.error in (None, "") and report.format == "tenhou6"
    (hand,) = report.hands
    assert hand.label == "East 1" and hand.status == "unreproducible"
    assert hand.differences == [
        "the log ends the hand with a chombo, but it does not record the called win, "
        "so our engine cannot replay it (our own JSON export can)"
    ]


def test_win_claim_tenhou_export_writes_a_settled_claim_as_a_win():
    state = scenario({1: TANYAO}, draws="5s", ruleset=CLAIMED, dora="9p", ura="9m")
    state = play(state, "0:discard:5s", "2:pass", "3:pass", "1:ron")
    for line in ("1:claim:2han40fu", "0:ng:wrong_value", "2:ok", "3:ok", "0:correct:1han40fu"):
        state, _ = apply(state, parse_action(line))
    entry = export(state.setup, list(state.actions), NAMES)["log"][0][-1]
    assert entry[0] == "和了" and entry[1] == [-1300, 1300, 0, 0]
    assert entry[2][:3] == [1, 0, 1] and entry[2][3] == "40符1飜1300点"


def _stored_claimed_game():
    """Cy's false win ruled a chombo played on; Ben's self-drawn win then fixed."""
    from history.logs.store import store_game

    state = scenario({1: TANYAO}, draws="5s2s", ruleset=CLAIMED, dora="9p", ura="9m")
    state = play(state, "0:discard:5s", "1:pass", "3:pass", "2:win_anyway")
    for line in ("2:claim:mangan", "0:ng:noten", "1:ng:wrong_value", "3:ok"):
        state, _ = apply(state, parse_action(line))
    state, _ = apply(state, parse_action("0:chombo:continue"))
    state = play(state, "1:tsumo")
    for line in ("1:claim:yakuman", "0:ok", "2:ok", "3:ok", "0:accept"):
        state, _ = apply(state, parse_action(line))
    return store_game(title="Claims", players=NAMES, setup=state.setup, actions=state.actions)


def test_win_claim_replay_shows_the_claim_panel_of_the_live_table(client, db):
    import html
    import re

    from django.urls import reverse

    game = _stored_claimed_game()
    url = reverse("history:replay", args=[game.pk, 0])
    panels = {}
    step = 0
    while True:
        page = client.get(f"{url}?view=3&step={step}", HTTP_HX_REQUEST="true").content.decode()
        label = html.unescape(re.search(r'class="step-label">([^<]*)<', page).group(1))
        if 'class="claim-box' in page and label not in panels:  # first time: the first claim
            panel = page.split('<div id="claim-panel"')[1].split("</section>")[0]
            panels[label] = html.unescape(panel)
        if 'class="button step-forward"' not in page:
            break
        step += 1
    call = panels["Cy calls a win (Win anyway) on 5s"]
    assert "Cy calls a win" in call and "ron on Ann, Win anyway" in call
    assert call.count('class="tile') >= 14  # the claimed hand and the winning tile
    claimed = panels["Cy claims mangan"]
    assert "Claimed: <strong>mangan</strong>" in claimed
    assert "The app's reading" not in claimed  # not before the review, as at the table
    review = panels["Di answers OK"]
    assert "NG: the hand is not complete (noten)" in review and "NG: the value is wrong" in review
    assert "The app's reading:</strong> not a valid win: the hand is not complete" in review
    decided = panels["Ann reviews the win: chombo, the hand goes on dead"]
    assert "Ann's review:</strong> chombo, the hand goes on dead" in decided
    assert "The app's reading" in decided
    assert 'class="claim-form"' not in decided and "review-accept" not in decided  # no controls
    end = panels["Tsumo: Ben wins on 2s"]
    assert "Ben calls a win" in end and "Ann's review:</strong> fixed as claimed" in end
    assert "a valid win, yakuman" in end and "Chiihou 13" in end
    # the same template as the live table's claim screens
    assert 'aria-label="Claimed win"' in end


def test_win_claim_replay_names_the_confirmations_of_a_review(client, db):
    import html
    import re

    from django.urls import reverse

    from history.logs.store import store_game

    ruleset = CLAIMED.replace(confirm_review=True)
    state = scenario({1: TANYAO}, draws="5s", ruleset=ruleset, dora="9p", ura="9m")
    state = play(state, "0:discard:5s", "2:pass", "3:pass", "1:ron")
    for line in ("1:claim:1han40fu", "0:ok", "2:ok", "3:ok", "0:accept", "1:ok", "2:ok", "3:ok"):
        state, _ = apply(state, parse_action(line))
    game = store_game(title="Confirmed", players=NAMES, setup=state.setup, actions=state.actions)
    url = reverse("history:replay", args=[game.pk, 0])
    labels, pages = [], []
    for step in range(40):
        page = client.get(f"{url}?view=all&step={step}", HTTP_HX_REQUEST="true").content.decode()
        labels.append(html.unescape(re.search(r'class="step-label">([^<]*)<', page).group(1)))
        pages.append(html.unescape(page))
        if 'class="button step-forward"' not in page:
            break
    # Di's confirmation, the last, ends the hand: it is the replay's last step
    assert labels[-5:] == [
        "Di answers OK",
        "Ann reviews the win: fixed as claimed",
        "Ben confirms the review",
        "Cy confirms the review",
        "Ron: Ben wins on Ann's 5s",
    ], labels
    confirms = pages[-1].split('class="claim-confirms"')[1].split("</ul>")[0]
    assert confirms.count("OK") == 3  # Ben, Cy and Di
    confirmed = pages[labels.index("Cy confirms the review")]
    assert (
        'class="claim-confirms"' in confirmed
        and "Ann's review:</strong> fixed as claimed" in confirmed
    )


def test_win_claim_tenhou_export_of_a_claimed_win_loads_back_and_says_why_it_cannot_replay(db):
    state = scenario({1: TANYAO}, draws="5s", ruleset=CLAIMED, dora="9p", ura="9m")
    state = play(state, "0:discard:5s", "2:pass", "3:pass", "1:win_anyway")
    for line in ("1:claim:mangan", "0:ok", "2:ok", "3:ok", "0:accept"):
        state, _ = apply(state, parse_action(line))
    data = export(state.setup, list(state.actions), NAMES)
    assert data["log"][0][-1][1] == [-8000, 8000, 0, 0]
    report = import_log("claimed.json", json.dumps(data, ensure_ascii=False).encode(), save=False)
    assert not report.error
    (hand,) = report.hands
    assert hand.status == "unreproducible"
    assert hand.differences == [
        "the win was claimed at the table, and the log does not record the claim, the "
        "answers and the review, so our engine cannot replay it (our own JSON export can)"
    ]
