"""Speed over the link inside the app: two whole apps (host and guest, both played by
their buttons) and the host's one arbiter (ruling SP-9).  The guest's play is shown at
once, before the host has answered; a play that loses a race for a pile is taken back on
the guest's table with the cue, and both units stay in step to the end of the game.
Helpers: test_app_link.py."""
import os

import pytest

from core import app as app_mod
from core.record import record_lines
from core.speed_defs import PILE_L, PILE_R
from core.ui.palette import RGB
from drivers import host_png
from test_app_link import GOLDEN, assert_same_records, play_to_end, start_linked

HOST, GUEST = 0, 1


def to_table(w, fingers):
    """Both units past the rules page, at Speed's table."""
    guard = 0
    while not all([a.state == app_mod.TABLE for a in w.apps]):
        for f in fingers:
            if f.app.state == app_mod.RULES:
                f.key("OK")
            else:
                f.wait(50)
        guard += 1
        assert guard < 100, [app_mod.STATE_NAMES[a.state] for a in w.apps]


def test_speed_two_linked_units_whole_game(tmp_path):
    """Host and guest play a whole Speed game by their buttons; the guest's plays show on
    its table before the host's arbiter has answered; identical records."""
    w, fingers = start_linked(tmp_path, "speed", {}, None, 2, None, "lcd13", 3)
    early = []

    def sample(w):
        a = w.apps[GUEST]
        ls = a.linked.unit.lockstep if a.linked is not None and a.linked.unit else None
        if a.state != app_mod.TABLE or ls is None or not ls.tentative:
            return
        t = a.table
        act = ls.tentative[0][2]
        card, pile = act >> 1, act & 1
        # not in the game yet, but off the hand and on its pile, on the screen too
        assert card in a.game.hand[a.human][:a.game.n_hand[a.human]]
        assert card not in t.hand() and t.top(pile) == card
        assert t._d["pile%d" % pile][0] == card
        early.append(act)
    run = play_to_end(w, fingers, 3, sample=sample)
    assert_same_records(run)
    assert app_mod.HAND_RESULT in run.states[GUEST]
    assert len(early) >= 5, early               # shown at once, many times
    labels = [r for r in run.records[0][1:] if '"seat": 1' in r]
    assert len(labels) >= 5                     # the guest's plays made it into the game
    for a in w.apps:
        assert a.linked is None and a.link is None


def _pile_for(t, card):
    """The pile Speed's table plays `card` on (OK: the left one when it fits both)."""
    if t._fits(card, PILE_L):
        return PILE_L
    if t._fits(card, PILE_R):
        return PILE_R
    return -1


def _race(w):
    """(pile, host's hand index, guest's hand index) of two cards bound for one pile."""
    th = w.apps[HOST].table
    tg = w.apps[GUEST].table
    hh = th.hand()
    gh = tg.hand()
    for pile in (PILE_L, PILE_R):
        a = [i for i in range(len(hh)) if _pile_for(th, hh[i]) == pile]
        b = [i for i in range(len(gh)) if _pile_for(tg, gh[i]) == pile]
        if a and b:
            return pile, a[0], b[0]
    return None


def _cursor_to(f, i):
    guard = 0
    while f.app.table.cursor != i:
        f.key("DOWN")
        guard += 1
        assert guard < 10


def stage_race(w, fingers):
    """Play (host and guest in turn, one card each) until both hold a card for the same
    pile, then both press OK in the same instant.  Returns (pile, host card, guest card,
    what the guest showed)."""
    turn = 0
    for _ in range(40):
        r = _race(w)
        if r is not None:
            break
        t = w.apps[turn].table
        pos = t.playable_positions()
        if pos:
            _cursor_to(fingers[turn], pos[0])
            fingers[turn].key("OK")
            fingers[turn].wait(100)
        turn = 1 - turn
    assert r is not None, "no race found"
    pile, hi, gi = r
    _cursor_to(fingers[HOST], hi)
    _cursor_to(fingers[GUEST], gi)
    hcard = w.apps[HOST].table.hand()[hi]
    gcard = w.apps[GUEST].table.hand()[gi]
    seen = {"shown": False, "cue": None, "shot": None}
    g = w.apps[GUEST]
    n0 = len(g.game.timed_history)

    def sample(w):
        t = g.table
        ls = g.linked.unit.lockstep
        if ls.tentative and not seen["shown"]:
            # the same instant: the guest shows its own card on the pile, not yet in the game
            assert t.top(pile) == gcard and gcard not in t.hand()
            assert t._d["pile%d" % pile][0] == gcard
            assert len(g.game.timed_history) == n0
            seen["shown"] = True
        if t.msg.startswith("Too late") and seen["cue"] is None:
            seen["cue"] = t.msg
            seen["shot"] = bytes(g.screen.buf)
            seen["hand"] = t.hand()
            seen["raised"] = t.back_card
            seen["cursor"] = t.hand()[t.cursor]
            seen["top"] = t.top(pile)
    w.sample = sample
    w.press_together([HOST, GUEST], "OK")
    w.run(200)
    w.sample = None
    return pile, hcard, gcard, seen


@pytest.mark.parametrize("layout,size", [("lcd13", (240, 240)), ("display2", (320, 240))])
def test_speed_race_for_a_pile_guest_play_taken_back(tmp_path, layout, size):
    """Both units play on the same pile in the same instant: the host's arbiter takes the
    host's card (it arrived first), the guest's card, shown at once, goes back to its hand
    with "Too late! Ann got there first"; both units agree, and the game plays on to
    identical records.  The guest's screen at the take-back is a golden image."""
    w, fingers = start_linked(tmp_path, "speed", {}, None, 2, None, layout, 7)
    to_table(w, fingers)
    pile, hcard, gcard, seen = stage_race(w, fingers)
    assert seen["shown"]
    assert seen["cue"] == "Too late! Ann got there first"
    assert gcard in seen["hand"] and seen["raised"] == gcard and seen["cursor"] == gcard
    assert seen["top"] == hcard
    h, g = w.apps[HOST].game, w.apps[GUEST].game
    assert list(h.timed_history) == list(g.timed_history)
    assert h.timed_history[-1][1:] == (HOST, hcard << 1 | pile)
    assert not w.apps[GUEST].linked.unit.lockstep.tentative
    assert list(record_lines(h)) == list(record_lines(g))
    # the golden picture of the take-back
    path = os.path.join(GOLDEN, "take_back_%s.png" % layout)
    wd, ht = size
    if os.environ.get("UPDATE_GOLDEN") or not os.path.exists(path):
        host_png.write_indexed(path, seen["shot"], wd, ht, RGB)
    else:
        with open(path, "rb") as fh:
            assert fh.read() == host_png.encode_indexed(seen["shot"], wd, ht, RGB)
    # the cue goes after a while, the card comes down
    w.run(3000)
    assert w.apps[GUEST].table.msg == "" and w.apps[GUEST].table.back_card == -1
    run = play_to_end(w, fingers, 7)
    assert_same_records(run)


def test_a_play_from_a_round_that_has_ended_is_refused_by_the_arbiter():
    """SPLAY carries the round it was made in: the host's arbiter never applies a play
    meant for a finished round to the next deal (the guest takes it back)."""
    from core.link import messages as M
    from link_scenarios import _speed_pair
    c, host, guest, ai = _speed_pair()
    a = guest.game.legal_actions(1)[0]
    b = bytearray(32)
    sid = host.session.sid
    n = M.encode_splay(b, sid, 1, 1, a, 0, 2)      # made in "round 2"; round 1 is on
    host.lockstep.on_message(guest.node_id, M.decode(b, 0, n))
    assert len(host.game.timed_history) == 0
    n = M.encode_splay(b, sid, 2, 1, a, 0, 1)      # the same play in this round
    host.lockstep.on_message(guest.node_id, M.decode(b, 0, n))
    assert [e[1:] for e in host.game.timed_history] == [(1, a)]
