"""Linked play from the menu with three units and with units that go away: whole apps in
one process on the in-memory link, driven only by button presses (helpers:
test_app_link.py).

* three units play a whole game from the menu, identical records on every unit;
* a unit is switched off in the middle of a game (its App is gone) and on again (a new
  App, the same node id, cables and flash): its player picks "Join a linked game" from
  the menu, the unit rejoins and goes back to the table where the game is; the card it
  had sealed for the exchange before the power went is opened again from its flash
  secret (its player is not asked again); the game finishes with identical records on
  every unit;
* a unit goes for good: the host's app asks whether to hand its seat to the AI, the host's
  player says yes with the buttons, the AI plays the seat and the game finishes on the
  remaining units with identical records.
"""
import json
import os

import pytest

from core import app as app_mod
from core.app_link import LOBBY_STATE
from core.loop import Boot
from core.boot import link_secret
from core.prng import Prng
from core.save import DeviceFs, SaveStore
from core.ui.link_status import CONFIRM
from test_app_link import actions_of, assert_same_records, pick_link_row, play_linked, play_to_end, \
    start_linked


def test_three_linked_units_play_a_whole_game(tmp_path):
    w, records = play_linked(tmp_path, "reds", {"short_game": True}, 3, 3, None, "lcd13", 4)
    assert len(records[0]) > 10


def _flash_secrets(tmp, n):
    """What boot does on every unit: its link secret in its flash (World keeps each unit's
    save directory across a restart)."""
    for i in range(n):
        d = os.path.join(str(tmp), "unit%d" % i)
        os.makedirs(d, exist_ok=True)
        r = Prng(4242 + i)
        link_secret(Boot(), SaveStore(DeviceFs(d)), lambda k: bytes([r.below(256) for _ in range(k)]))


def _off(w, fingers, i, step):
    """Unit i loses power (its App is gone); `step` notes when."""
    w.switch_off(i)
    fingers[i].app = None
    step.update(phase="off", at=w.now)


def _on_and_join(w, fingers, i):
    """Unit i is switched on again (a new App at the menu, the same node id, cables and
    flash) and its player picks "Join a linked game"."""
    w.switch_on(i, boots=1)
    fingers[i].reattach()
    a = w.apps[i]
    assert a.state == app_mod.MENU and a.game is None
    pick_link_row(fingers[i], "join")
    assert a.state == LOBBY_STATE


def _state(w, i):
    a = w.apps[i]
    return None if a is None else a.state


@pytest.mark.parametrize("flash", ["kept", "lost"])
def test_a_unit_switched_off_and_on_rejoins_from_the_menu(tmp_path, flash):
    """The middle unit of three (it also forwards between the others) loses power in the
    middle of a game, after sealing a card of the exchange and before revealing it: the
    others pause.  Switched on, it is a new App at the menu; its player picks "Join a
    linked game", and the unit goes straight back to the table with every action so far
    and its sealed card opened again from its flash secret: its player is not asked for
    that card again, the round applies it on every unit, and the game finishes with
    identical records on every unit.  `flash` "lost": its link secret is gone when it comes
    back (a new one), so it cannot open its seal: it says so (every unit reports it), the
    host's AI chooses that card, its player is still not asked, and the game goes on."""
    _flash_secrets(tmp_path, 3)
    w, fingers = start_linked(tmp_path, "reds", {"short_game": True}, 3, 3, None, "lcd13", 5)
    host = w.apps[0]
    step = {"phase": "playing", "at": 0, "hist": 0}
    after = set()
    offered = []

    def event(run, i):
        if host.linked is not None:
            step["reports"] = list(host.linked.unit.session.reports)
        if i != 1:
            return False
        a = w.apps[1]
        if step["phase"] == "playing":
            ls = a.linked.unit.lockstep if a.linked is not None else None
            if (a.state == app_mod.TABLE and len(a.game.history) >= 12 and ls._mine and
                    not ls._opened):        # sealed, not revealed yet
                step["hist"] = len(a.game.history)
                step["round"] = ls._round_at
                step["sealed"] = dict([(s, ls._mine[s][0]) for s in ls._mine])
                _off(w, fingers, 1, step)
            return False
        if step["phase"] == "off":
            if w.now - step["at"] < 3000:
                return False            # play_to_end lets the world run meanwhile
            assert all(run.paused_seen[k] for k in (0, 2)), run.paused_seen
            assert len(host.game.history) == step["hist"]   # nobody moved meanwhile
            if flash == "lost":
                d = os.path.join(str(tmp_path), "unit1")
                for f in os.listdir(d):
                    if f.startswith("linkkey"):
                        os.remove(os.path.join(d, f))
            _on_and_join(w, fingers, 1)
            step["phase"] = "joining"
            return True
        if step["phase"] in ("joining", "back") and a.state == app_mod.TABLE:
            k = step["round"]
            step.setdefault("first_seen", len(a.game.history))
            if len(a.game.history) <= k and a.human in a.table.turn:
                offered.append(len(a.game.history))     # asked to choose (again)?
            if len(a.game.history) == k and a.human not in a.table.turn:
                step["held"] = True
            if a.linked is not None:
                step["recovered"] = a.linked.unit.lockstep.recovered
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
    # it had sealed a card for the exchange before the power went: the others sent the seal
    # back, its flash secret opened it, and the round applied that card on every unit
    # its player was not asked again: the table showed the card held, or (the re-keying of
    # the secure link can take longer than the seal's recovery) opened after the round
    assert (step.get("held") or step["first_seen"] > step["round"]) and offered == [], offered
    k = step["round"]
    applied = actions_of(run.records[0])[k:k + 3]
    reps = step["reports"]
    assert not [r for r in reps if "again" in r or "changed" in r], reps
    if flash == "kept":
        assert step["recovered"] == 1
        for seat, action in step["sealed"].items():
            assert [e for e in applied if e.get("seat") == seat and e.get("action") == action], (
                applied, step["sealed"])
        assert not [r for r in reps if "key" in r], reps
    else:
        assert step["recovered"] == 0
        assert [r for r in reps if "unit 274 lost the key to its sealed choice" in r], reps
        seat = list(step["sealed"])[0]
        assert [e for e in applied if e.get("seat") == seat], applied
    assert app_mod.RULES not in after           # no rules page, no lobby to click through
    assert_same_records(run)
    assert len(actions_of(run.records[0])) > step["hist"] + 10    # went on after the rejoin
    for a in w.apps:
        assert a.linked is None and a.link is None


@pytest.mark.parametrize("game", ["reds", "speed"])
def test_the_host_switched_off_and_on_rejoins_as_host_from_the_menu(tmp_path, game):
    """Two units play Reds (and an AI seat the host runs) or Speed (the host is the
    arbiter); the host loses power in the middle of the game (of a Speed round): the
    guest pauses (and announces the session for the host).  Switched on, the host is a new
    App at the menu; its player picks "Join a linked game": it finds its own game,
    rebuilds it from the guest's log, makes its AI seat again and goes straight back to
    the table where the game is; the guest's pause ends and the game finishes with
    identical records on both units."""
    _flash_secrets(tmp_path, 2)
    if game == "reds":
        w, fingers = start_linked(tmp_path, "reds", {"short_game": True}, 3, 2, {2: "greedy"},
                                  "lcd13", 7)
    else:
        w, fingers = start_linked(tmp_path, "speed", {}, None, 2, None, "lcd13", 7)
    guest = w.apps[1]
    step = {"phase": "playing", "at": 0, "hist": 0}
    after = set()

    def event(run, i):
        if i != 0:
            return False
        a = w.apps[0]
        if step["phase"] == "playing":
            if a.state == app_mod.TABLE and len(a.game.history) >= 14:
                step["hist"] = len(a.game.history)
                step["seats"] = list(a.linked.unit.session.seats)
                _off(w, fingers, 0, step)
            return False
        if step["phase"] == "off" and w.now - step["at"] >= 3000:
            assert run.paused_seen[1], run.paused_seen
            gl = guest.linked
            assert gl.panel_on and gl.unit.paused()
            step["hist"] = len(guest.game.history)
            _on_and_join(w, fingers, 0)
            step["phase"] = "joining"
            return True
        if step["phase"] == "joining":
            after.add(a.state)
            if a.state == app_mod.TABLE:
                u = a.linked.unit
                assert u.session.is_host() and u.session.seats == step["seats"]
                assert not u.lockstep.rebuilding() and u.ai is not None
                assert len(a.game.history) >= step["hist"]
                assert list(a.game.history) == list(guest.linked.unit.game.history)[
                    :len(a.game.history)]
                step["phase"] = "back"
            return False
        if step["phase"] == "back" and guest.linked is not None and not guest.linked.panel_on:
            step["resumed"] = True
        return False
    run = play_to_end(w, fingers, 7, event)
    assert step["phase"] == "back" and step.get("resumed")
    assert app_mod.RULES not in after           # no rules page, no lobby to click through
    assert_same_records(run)
    assert len(run.records[0]) > step["hist"] + 3     # the game went on after the rejoin
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
                gone["node"] = a.linked.unit.node_id
                gone["hist"] = len(a.game.history)
                w.switch_off(2)
                fingers[2].app = None
                run.done[2] = True
                gone["at"] = w.now
            return False
        if i == 0 and gone["handed"] is None and host.linked is not None:
            lp = host.linked
            if lp.panel_on and lp.status.state == CONFIRM:
                # asked only once it is gone: not heard for GONE_MS (its last message
                # may have left it a little before it was switched off)
                heard = host.linked.unit._heard[gone["node"]]
                assert heard <= gone["at"] + 100 and host.linked.unit.missing(10000) == [gone["node"]]
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
    later = actions_of(run.records[0])[gone["handed"]:]
    assert [e for e in later if e.get("seat") == gone["seat"]]
