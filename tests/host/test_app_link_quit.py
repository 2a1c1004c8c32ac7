""""Quit game" in a linked game asks first, as against the AI (issue #16 item 5): No (and
BACK) go back to the table, still in the session; Yes leaves it (core/app_link.py close():
the session's LEAVE, the link stack dropped) and the host hears that the unit left."""
from core import app as app_mod
from core.ui import pause
from test_app_link import start_linked


def _to_table(w, fingers):
    for _ in range(200):
        if all([f.app.state == app_mod.TABLE for f in fingers]):
            return
        for f in fingers:
            if f.app.state == app_mod.RULES:
                f.key("OK")
        w.run(50)
    assert False, [app_mod.STATE_NAMES[f.app.state] for f in fingers]


def _ask(f):
    a = f.app
    f.key("MENU")
    assert a.state == app_mod.PAUSE and a.pause_items[-1] == "Quit game"
    f.key("UP")
    f.key("OK")
    assert a.state == app_mod.PAUSE and a.linked is not None, "quit without asking"
    assert a.pause_items == [pause.QUIT_NO, pause.QUIT_YES] and a.pause_list.sel == 0


def test_quitting_a_linked_game_asks_and_yes_leaves_the_session(tmp_path):
    w, fingers = start_linked(tmp_path, "reds", {"short_game": True}, 2, 2, None)
    _to_table(w, fingers)
    host, guest = fingers
    a = guest.app
    sid = a.linked.unit.session.sid
    assert sid and len(host.app.linked.unit.session.participants()) == 2
    _ask(guest)
    guest.key("OK")                                 # No
    assert a.state == app_mod.TABLE and a.game is not None and a.linked is not None
    _ask(guest)
    guest.key("BACK")                               # No
    guest.wait(500)
    assert a.state == app_mod.TABLE and a.linked is not None
    assert a.linked.unit.session.sid == sid
    assert len(host.app.linked.unit.session.participants()) == 2
    _ask(guest)
    guest.key("DOWN")
    guest.key("OK")                                 # Yes
    guest.wait(500)
    assert a.state == app_mod.MENU and a.game is None and a.linked is None and a.link is None
    # the host goes on as for a unit that stopped answering (in a game, a LEAVE is not
    # a seat freed): its table pauses, and the host may hand the seat to the AI
    from core.ui.link_status import PLAYING
    hl = host.app.linked
    for _ in range(100):
        if hl.status.state != PLAYING:
            break
        host.wait(100)
    assert hl.status.state != PLAYING and hl.panel_on
