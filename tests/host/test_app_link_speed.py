"""Speed over the link inside the app: two whole apps (host and guest, both played by
their buttons) and the host's one arbiter (ruling SP-9).  The guest's play is shown at
once, before the host has answered; a play that loses a race for a pile is taken back on
the guest's table with the cue, and both units stay in step to the end of the game.
Every round starts only when both players are ready (the link's ready gate): a player
back at the table first waits, "Waiting for Ben...", then both count down together; also
through a unit restarted between rounds, and in the link layer alone (a pulled cable, a
restart mid-round, a unit handed to the AI).  Helpers: test_app_link.py."""
import os

import pytest

from core import app as app_mod
from core.prng import Prng
from core.record_json import record_lines
from core.games.speed.defs import PILE_L, PILE_R
from core.ui.palette import RGB
from core.games.speed.screen import _D_MSG, _D_PILE     # what the table last drew, by slot
from drivers import host_png
from test_app_link import GOLDEN, assert_same_records, play_to_end, speed_step, start_linked

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
        assert t._d[_D_PILE + pile][0] == card
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
    from core.link.lockstep import COUNT_MS
    w.run(COUNT_MS + 200)             # the round's 3-2-1 is over: plays count from here
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
            assert t._d[_D_PILE + pile][0] == gcard
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


# -- every player ready before a round (the link's ready gate) ------------------------------
MATCH = {"scoring": "automatic", "auto_points": 15, "target": 25}     # 2 or 3 rounds


def _held(a):
    return a.state == app_mod.TABLE and a.table.held is not None


def _play_round(w, fingers, rngs):
    """Both players play (their buttons) until both units show the round's results."""
    guard = 0
    while not all([a.state == app_mod.HAND_RESULT for a in w.apps]):
        for i in (HOST, GUEST):
            if w.apps[i].state == app_mod.TABLE:
                speed_step(fingers[i], rngs[i])
            else:
                fingers[i].wait(50)
        guard += 1
        assert guard < 3000, [app_mod.STATE_NAMES[a.state] for a in w.apps]


def _golden(name, layout, shot, size):
    path = os.path.join(GOLDEN, "%s_%s.png" % (name, layout))
    wd, ht = size
    if os.environ.get("UPDATE_GOLDEN") or not os.path.exists(path):
        host_png.write_indexed(path, shot, wd, ht, RGB)
        return True
    with open(path, "rb") as fh:
        return fh.read() == host_png.encode_indexed(shot, wd, ht, RGB)


@pytest.mark.parametrize("layout,size", [("lcd13", (240, 240)), ("display2", (320, 240))])
def test_speed_next_round_waits_until_both_players_are_ready(tmp_path, layout, size):
    """After round 1 the host's player presses OK at once, the guest's player reads the
    results for 8 s: meanwhile the host's table says "Waiting for Ben...", its piles lie
    face down and nothing the host presses is played (the game's timed history does not
    grow).  When the guest presses OK both units count down 3-2-1 together, then play on
    to identical records.  The waiting table and the countdown are golden images."""
    w, fingers = start_linked(tmp_path, "speed", MATCH, None, 2, None, layout, 5)
    to_table(w, fingers)
    rngs = [Prng(41), Prng(42)]
    _play_round(w, fingers, rngs)
    host, guest = w.apps
    assert host.game.round_no == 2 and not host.game.is_over()
    n0 = len(host.game.timed_history)
    fingers[HOST].key("OK")                     # the host's player is back at once
    assert host.state == app_mod.TABLE
    for k in range(60):                         # ~7 s of trying to play
        fingers[HOST].key(("OK", "AUX", "DOWN")[k % 3])
        assert len(host.game.timed_history) == n0, k
        assert guest.state == app_mod.HAND_RESULT
    t = host.table
    assert t.held == ("Ben", 0) and t.msg == ""
    assert t._d[_D_MSG][0] == "Waiting for Ben..."
    assert t._d[_D_PILE][3] is False and t._d[_D_PILE + 1][3] is False     # face down
    assert host.linked.unit.lockstep.round_gate() == 0
    assert not host.linked.panel_on             # waiting is not a link trouble
    bad = [] if _golden("wait_ready", layout, bytes(host.screen.buf), size) else ["wait_ready"]
    # the guest's player is ready: both count down together, then the round is on
    seen = {HOST: [], GUEST: []}
    opened = {}
    shots = {}

    def sample(w):
        for i in (HOST, GUEST):
            a = w.apps[i]
            if _held(a):
                d = a.table.held[1]
                if d and (not seen[i] or seen[i][-1] != d):
                    seen[i].append(d)
                if d == 2 and i == GUEST and "count" not in shots:
                    shots["count"] = bytes(a.screen.buf)
            elif a.state == app_mod.TABLE and i not in opened:
                opened[i] = w.now
        if HOST not in opened or GUEST not in opened:
            assert len(host.game.timed_history) == n0      # nobody plays before both see go
    w.sample = sample
    fingers[GUEST].key("OK")
    w.run(2500)
    w.sample = None
    assert seen == {HOST: [3, 2, 1], GUEST: [3, 2, 1]}, seen
    assert 0 <= opened[GUEST] - opened[HOST] <= 30, opened
    if not _golden("countdown", layout, shots["count"], size):
        bad.append("countdown")
    assert not bad, bad
    # the round's clock starts when the countdown ends: the host's first play is near 0
    pos = host.table.playable_positions()
    assert pos
    _cursor_to(fingers[HOST], pos[0])
    fingers[HOST].key("OK")
    hg = host.game                  # (Speed drops round 1's actions at round 2's first)
    assert hg.actions_dropped + len(hg.timed_history) == n0 + 1
    assert hg.timed_history[-1][0] < 1500
    run = play_to_end(w, fingers, 5)
    assert_same_records(run)
    assert run.records[0][1]["round"] >= 2     # what a unit keeps: from its last round's start


def test_speed_unit_restarted_between_rounds_rejoins_and_is_waited_for(tmp_path):
    """The guest loses power on its results page while the host's player waits at the
    table: the host pauses.  Switched on, its player picks "Join a linked game"; the unit
    rejoins (the host's log of timed plays), shows the round's results, and the next
    round starts only when its player is back at the table; the match ends with
    identical records."""
    from core.app_link import LOBBY_STATE
    from test_app_link import pick_link_row
    w, fingers = start_linked(tmp_path, "speed", MATCH, None, 2, None, "lcd13", 5)
    to_table(w, fingers)
    _play_round(w, fingers, [Prng(41), Prng(42)])
    host = w.apps[HOST]
    n0 = len(host.game.timed_history)
    fingers[HOST].key("OK")
    w.switch_off(GUEST)
    fingers[GUEST].app = None
    fingers[HOST].wait(3000)
    assert host.linked.panel_on and host.table.held == ("Ben", 0)
    w.switch_on(GUEST, boots=1)
    fingers[GUEST].reattach()
    pick_link_row(fingers[GUEST], "join")
    g = w.apps[GUEST]
    assert g.state == LOBBY_STATE
    back = {}

    def sample(w):
        if g.state == app_mod.TABLE and g.game.round_no == 2 and "at" not in back:
            back["at"] = len(host.game.timed_history)
        if "at" not in back:
            assert len(host.game.timed_history) == n0       # waited for
    run = play_to_end(w, fingers, 5, sample=sample)
    assert back["at"] == n0
    assert_same_records(run)
    assert run.records[0][1]["round"] >= 2     # what a unit keeps: from its last round's start


def test_ready_gate_in_the_link_layer():
    """The lockstep's ready gate between two units in memory: nothing is played before
    every unit that uses the gate is ready (the arbiter refuses, a late SPLAY too); a
    READY sent while the cable is out arrives when it is back, and the round starts on
    both units together; the round's time stamps count from the end of the countdown; a
    unit restarted after the start hears the go again (no countdown), and one restarted
    between rounds is waited for and then starts the round with the other."""
    from core.link import messages as M
    from core.link.lockstep import COUNT_MS
    from link_scenarios import _speed_pair
    for seed in range(11, 41):        # a deal (from the units' seed shares) where both can play
        c, host, guest, ai = _speed_pair(MATCH, seed)
        if host.game.legal_actions(0) and guest.game.legal_actions(1):
            break
    hl, gl = host.lockstep, guest.lockstep
    hl.use_ready_gate()
    gl.use_ready_gate()
    c.run_until(lambda c: False, 50)
    hl.ready(1)
    c.run_until(lambda c: False, 300)
    assert hl.round_gate() == 0 and gl.round_gate() == 0
    assert hl.waiting_seats() == [1] and gl.waiting_seats() == [0]
    a = guest.game.legal_actions(1)[0]
    b = host.game.legal_actions(0)[0]
    assert host.submit(b) == "round 1 has not started"
    assert guest.submit(a) == "round 1 has not started" and not gl.tentative
    buf = bytearray(32)
    n = M.encode_splay(buf, host.session.sid, 1, 1, a, 0, 1)
    hl.on_message(guest.node_id, M.decode(buf, 0, n))
    assert len(host.game.timed_history) == 0
    # the guest's READY goes out while the cable is pulled: it waits in the channel
    c.unplug(0, c.now(), 2500)
    c.run_until(lambda c: False, 100)
    gl.ready(1)
    c.run_until(lambda c: False, 1500)
    assert hl.round_gate() == 0 and host.paused()
    t = c.run_until(lambda c: hl.round_gate() > 0, 5000)
    assert t >= 0
    t = c.run_until(lambda c: gl.round_gate() > 0, 100)
    assert 0 <= t <= 20                          # the go reaches the guest at once
    assert abs(hl.round_gate() - gl.round_gate()) <= 20
    assert host.submit(b) == "round 1 has not started"       # counting down
    c.run_until(lambda c: hl.round_gate() < 0 and gl.round_gate() < 0, COUNT_MS + 100)
    c.run_until(lambda c: False, 40)
    assert host.submit(b) is None
    assert host.game.timed_history[-1][0] <= 60              # from the end of the countdown
    # a guest restarted while the round is on: it hears the go again, no countdown
    c.boot(1)
    c.run_until(lambda c: c.units[1].lockstep is not None and
                len(c.units[1].game.history) == len(host.game.history), 5000)
    g2 = c.units[1].lockstep
    g2.use_ready_gate()
    g2.ready(c.units[1].game.round_no)
    c.run_until(lambda c: g2.round_gate() < 0, 300)
    assert g2.round_gate() < 0
    # play the round out (bots); the next one waits for both, through a restart
    def bots(c):
        for u in c.units:
            gg = u.game
            s = u.my_seat()
            if gg.round_no == 1 and not gg.is_over() and s in gg.to_move() \
                    and not u.lockstep.tentative:
                u.submit(ai(gg, s))
    assert c.run_until(lambda c: host.game.round_no == 2, 60000, bots) >= 0
    hl.ready(2)
    c.run_until(lambda c: False, 500)
    assert hl.round_gate() == 0 and hl.waiting_seats() == [1]
    c.boot(1)                                    # restarted on its results page
    c.run_until(lambda c: c.units[1].lockstep is not None and
                c.units[1].game.round_no == 2, 5000)
    g3 = c.units[1].lockstep
    g3.use_ready_gate()
    c.run_until(lambda c: False, 2000)
    assert hl.round_gate() == 0                  # still waited for
    g3.ready(2)
    assert c.run_until(lambda c: hl.round_gate() > 0 and g3.round_gate() > 0, 500) >= 0
    assert c.run_until(lambda c: hl.round_gate() < 0 and g3.round_gate() < 0, 2500) >= 0
    assert c.units[1].submit(c.units[1].game.legal_actions(1)[0]) is None


def test_ready_gate_a_unit_gone_for_good_is_handed_to_the_ai():
    """The host waits for a unit that never comes back; once its seat is handed to the
    AI (always ready) the round starts and the host's AI plays it."""
    from link_scenarios import _speed_pair
    c, host, guest, ai = _speed_pair()
    host.lockstep.use_ready_gate()
    guest.lockstep.use_ready_gate()
    c.run_until(lambda c: False, 100)
    c.unplug(0, c.now(), 10 ** 8)
    host.lockstep.ready(1)
    assert c.run_until(lambda c: host.status().get("can_hand_to_ai"), 15000) >= 0
    assert host.lockstep.round_gate() == 0
    host.hand_to_ai(1)
    assert c.run_until(lambda c: host.lockstep.round_gate() < 0, 3000) >= 0
    assert c.run_until(lambda c: [e for e in host.game.timed_history if e[1] == 1], 20000) >= 0
