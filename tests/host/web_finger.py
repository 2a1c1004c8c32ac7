# A scripted player for the page's linked test (tools/web/test_web.mjs runs this text in
# the page, after tools/web/start.py): FINGER() names the next button this unit's player
# presses ("" to wait), from the app's screen model, as tests/host/test_app_link.py's
# fingers do; the page itself presses it (keys or on-screen buttons) and runs the loop.
# It also watches what the page draws: every face-up card drawn while another seat of
# this unit's game still holds it counts in LEAKS (hidden hands must stay hidden).
import sys

from core import app as _am
from core.app_link import LOBBY_STATE as _LOBBY
from core.prng import Prng
from core.ui.lobby import ROOM as _ROOM
from core.ui.menu import LINK_ITEMS as _LINK_ITEMS

_F = {"role": "host", "game": "reds", "options": {"short_game": True},
      "seats": {2: "default", 3: "default"},
      "done": False, "started": False, "record": None, "rng": Prng(5)}
# faces drawn: [all, of this unit's own hand, public cards another seat holds (Reds: the
# first dealer's draws before the first action, R-8; the cards turned for anti-trump
# this round or the last one, R-3; the last round's last trick, still on the table as
# the next round is dealt), hidden cards another seat holds: must stay 0]
LEAKS = [0, 0, 0, 0]
LEAKED = []             # the first few of the last kind: (state, phase, card, seat, actions)
_turned = [b"", b""]    # Reds' turned cards: the last round's, this round's
_last = [0, b""]        # the round number, the last round's last trick
_wrapped = [None]


def _watch_faces():
    cd = sys.modules.get("core.ui.carddraw")
    if cd is None or cd.draw_face is _wrapped[0]:
        return
    from core.cards import hand_has
    inner = cd.draw_face

    def draw_face(fb, deck, card, *args, **kw):
        app = _b.app
        g = None if app is None else app.game
        hands = getattr(g, "hands", None)
        LEAKS[0] += 1
        if hands is not None:
            t = getattr(g, "turned", b"")
            if t != _turned[1]:
                _turned[0], _turned[1] = _turned[1], t
            if g.round_no != _last[0]:
                n = len(hands)
                _last[0] = g.round_no
                _last[1] = bytes([a for _, a in g.history[-2 * n:] if 0 <= a < 64][-n:])
            c = bytes((card,))
            public = ((g.round_no == 1 and not g.history) or c in _turned[0] or c in _turned[1]
                      or c in _last[1])
            for s in range(len(hands)):
                if not hand_has(hands[s], card):
                    continue
                LEAKS[1 if s == app.human else 2 if public else 3] += 1
                if s != app.human and not public and len(LEAKED) < 12:
                    LEAKED.append((app.state, getattr(g, "phase", None), card, s, len(g.history)))
        return inner(fb, deck, card, *args, **kw)
    _wrapped[0] = draw_face
    cd.draw_face = draw_face


def _menu(a):
    """The game, then its options (_F), then OK on the last row; one key per call."""
    m = a.menu
    sel = a.menu_view.list.sel
    game = _F["game"]
    if m.page == 0:
        return "DOWN" if sel != [e.name for e in m.entries].index(game) else "OK"
    if m.entries[m.game].name != game:
        return "BACK"
    want = _F["options"]
    for i in range(m.option_rows()):
        kind, opt = m.row_kind(i)
        if kind == "option" and opt.key in want and m.values[opt.key] != want[opt.key]:
            if m.editing:
                return "DOWN"
            return "DOWN" if sel != i else "OK"
    if m.editing:
        return "OK"
    return "DOWN" if sel != m.option_rows() - 1 else "OK"


def _setup(a):
    """The seats' kinds (_F "seats"), then OK on the start row; one key per call."""
    page = a.page
    plan = page.plan
    for i in range(page.rows()):
        kind, seat = page.row_kind(i)
        if kind == "seat" and seat in _F["seats"] and plan.kinds[seat] != _F["seats"][seat]:
            return "DOWN" if page.list.sel != i else "OK"
    return "DOWN" if page.row_kind(page.list.sel)[0] != "start" else "OK"


def _table(a):
    t = a.table
    rng = _F["rng"]
    if a.hold_until >= 0 or t.seat not in t.turn:
        return ""
    if t.choices is not None:
        return "OK" if t.choices[t.list.sel][1] is not None and rng.below(3) else "DOWN"
    if getattr(t, "exchange_need", 0):
        ok = not (t.raised >> t.cursor) & 1 if t.cursor < len(t.hand) else False
        return "OK" if ok and rng.below(2) else "DOWN"
    if t.card_mode and t.hand:
        c = t.cursor
        ok = c < len(t.hand) and t.card_action(t.hand[c]) in t.legal
        return "OK" if ok and rng.below(2) else "DOWN"
    return ""


def FINGER():
    """The next key of this unit's player ("" to wait; "START?" when the host's lobby
    could start: the test presses OK once every guest is seated)."""
    from core.record_json import record_lines
    _watch_faces()
    a = _b.app
    f = _F
    if a is None or f["done"]:
        return ""
    st = a.state
    if st == _am.MENU:
        if f["started"] and a.linked is None:
            f["done"] = True
            return ""
        if a.linked is None:
            m = a.menu
            want = m.game_rows() - len(_LINK_ITEMS) + [x[1][1] for x in _LINK_ITEMS].index(
                "host" if f["role"] == "host" else "join")
            return "DOWN" if a.menu_view.list.sel != want else "OK"
        return _menu(a) if f["role"] == "host" else ""
    if st == _am.SETUP:
        return _setup(a)
    if st == _LOBBY:
        lp = a.linked
        if f["role"] != "host":
            lobby = lp.lobby
            if lobby.page != _ROOM and lobby._games:
                return "OK"
            return ""
        u = lp.unit
        if len(u.session.participants()) >= 2 and not u.securing():
            return "START?"
        return ""
    if st == _am.RULES:
        f["started"] = True
        return "OK"
    if st == _am.TABLE:
        f["started"] = True
        if a.linked is not None and a.linked.panel_on:
            return ""
        return _table(a)
    if st == _am.GAME_RESULT and f["record"] is None:
        f["record"] = list(record_lines(a.game))
    if st in (_am.HAND_RESULT, _am.GAME_RESULT):
        return "OK"
    return "BACK"


def SEATED():
    a = _b.app
    return a is not None and a.linked is not None and a.linked.unit.my_seat() >= 0 \
        and not a.linked.unit.securing()


def FINGER_INFO():
    import json
    return json.dumps({"done": _F["done"], "record": _F["record"], "leaks": LEAKS, "leaked": LEAKED,
                       "state": -1 if _b.app is None else _b.app.state})
