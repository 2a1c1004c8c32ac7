"""Linked play from the menu with three units and with units that go away: whole apps in
one process on the in-memory link, driven only by button presses (helpers:
test_app_link.py).

* three units play a whole game from the menu, identical records on every unit;
* a unit is switched off in the middle of a game (its App is gone) and on again (a new
  App, the same node id and cables): its player picks "Join a linked game" from the menu,
  the unit rejoins and goes back to the table where the game is; the game finishes with
  identical records on every unit;
* a unit goes for good: the host's app asks whether to hand its seat to the AI, the host's
  player says yes with the buttons, the AI plays the seat and the game finishes on the
  remaining units with identical records.
"""
from core import app as app_mod
from core.app_link import LOBBY_STATE
from core.ui.link_status import CONFIRM
from test_app_link import assert_same_records, pick_link_row, play_linked, play_to_end, \
    start_linked


def test_three_linked_units_play_a_whole_game(tmp_path):
    w, records = play_linked(tmp_path, "reds", {"short_game": True}, 3, 3, None, "lcd13", 4)
    assert len(records[0]) > 10


def _state(w, i):
    a = w.apps[i]
    return None if a is None else a.state


def test_a_unit_switched_off_and_on_rejoins_from_the_menu(tmp_path):
    """The middle unit of three (it also forwards between the others) loses power in the
    middle of a game: the others pause.  Switched on, it is a new App at the menu; its
    player picks "Join a linked game", and the unit goes straight back to the table with
    every action so far; the game finishes with identical records on every unit."""
    w, fingers = start_linked(tmp_path, "reds", {"short_game": True}, 3, 3, None, "lcd13", 5)
    host = w.apps[0]
    step = {"phase": "playing", "at": 0, "hist": 0}
    after = set()

    def event(run, i):
        if host.linked is not None:
            step["reports"] = list(host.linked.unit.session.reports)
        if i != 1:
            return False
        a = w.apps[1]
        if step["phase"] == "playing":
            if a.state == app_mod.TABLE and len(a.game.history) >= 12:
                step["hist"] = len(a.game.history)
                w.switch_off(1)
                fingers[1].app = None
                step.update(phase="off", at=w.now)
            return False
        if step["phase"] == "off":
            if w.now - step["at"] < 3000:
                return False            # play_to_end lets the world run meanwhile
            assert all(run.paused_seen[k] for k in (0, 2)), run.paused_seen
            assert len(host.game.history) == step["hist"]   # nobody moved meanwhile
            w.switch_on(1, boots=1)
            fingers[1].reattach()
            a = w.apps[1]
            assert a.state == app_mod.MENU and a.game is None
            pick_link_row(fingers[1], "join")
            assert a.state == LOBBY_STATE
            step["phase"] = "joining"
            return True
        if step["phase"] == "joining":
            after.add(a.state)
            if a.state == app_mod.TABLE:
                # back at the table where the game is: every action so far replayed
                assert a.linked.unit.lockstep.resyncs >= 1
                assert len(a.game.history) >= step["hist"]
                assert list(a.game.history) == list(host.game.history)[:len(a.game.history)]
                step["phase"] = "back"
            return False
        return False
    run = play_to_end(w, fingers, 5, event)
    assert step["phase"] == "back"
    # it had sealed its card for the exchange before the power went: the nonce was lost,
    # its new seal (marked "again") replaced the old one, and every unit was told
    assert [r for r in step["reports"] if "restarted and chose again" in r], step["reports"]
    assert app_mod.RULES not in after           # no rules page, no lobby to click through
    assert_same_records(run)
    assert len(run.records[0]) > step["hist"] + 10    # the game went on after the rejoin
    for a in w.apps:
        assert a.linked is None and a.link is None


def test_a_unit_gone_for_good_is_handed_to_the_ai_by_the_hosts_player(tmp_path):
    """The last unit of three is switched off for good: every unit pauses; after a while
    the host's app asks whether to hand its seat to the AI, the host's player presses OK,
    the host's AI plays the seat and the game finishes on the two other units with
    identical records."""
    w, fingers = start_linked(tmp_path, "reds", {"short_game": True}, 3, 3, None, "lcd13", 6)
    host = w.apps[0]
    gone = {"at": None, "hist": 0, "handed": None, "seat": -1}

    def event(run, i):
        if i == 2 and gone["at"] is None:
            a = w.apps[2]
            if a.state == app_mod.TABLE and len(a.game.history) >= 10:
                gone["seat"] = a.human
                gone["hist"] = len(a.game.history)
                w.switch_off(2)
                fingers[2].app = None
                run.done[2] = True
                gone["at"] = w.now
            return False
        if i == 0 and gone["handed"] is None and host.linked is not None:
            lp = host.linked
            if lp.panel_on and lp.status.state == CONFIRM:
                assert w.now - gone["at"] >= 10000        # asked only once it is gone
                assert lp.status.gone_seat == gone["seat"]
                fingers[0].key("OK")                      # "hand to AI"
                gone["handed"] = len(host.game.history)
                return True
        return False
    run = play_to_end(w, fingers, 6, event)
    assert gone["handed"] is not None and run.confirm_seen[0]
    assert run.paused_seen[0] and run.paused_seen[1]
    assert not run.confirm_seen[1]              # only the host decides
    run.results = run.results[:2]
    run.records = run.records[:2]
    assert_same_records(run)
    # the seat went on playing, decided by the host's AI
    import json
    later = [json.loads(r) for r in run.records[0][1 + gone["handed"]:]]
    assert [e for e in later if e.get("seat") == gone["seat"]]
