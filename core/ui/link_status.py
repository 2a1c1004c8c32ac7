"""What a linked game shows when the link is in trouble (core/link/unit.py status()).

`LinkStatus(unit)` is the model, `LinkStatusView(screen, model, hints)` draws a panel over
the table.  States:

    PLAYING    nothing to show (the table is drawn as usual)
    PAUSED     "Game paused" with the reason and "it resumes by itself": every unit shows
               it, local moves are refused.  The reason names the silent unit and both
               possibilities ("no answer from Ben's unit (cable out or unit off)": a
               cable cannot tell a pulled plug from a unit switched off), both ends of a
               cable another unit reports, never this unit as its own culprit, and a
               cabling problem (another link version on a cable, a ring) when there is one
    CONFIRM    host only, when a unit has been gone for GONE_MS: "Unit 291 is gone.
               Hand seat 3 to the AI?"  OK hands it over (LinkUnit.hand_to_ai) and the
               game goes on; BACK keeps waiting (asked again only for another unit)

The app calls, every tick while a linked game is on screen:
    changed = status.refresh()          # True when the panel must be (re)drawn or removed
    if changed: view.draw() if status.state != PLAYING else <redraw the table>
and passes keys to `view.handle(ev)` while status.state != PLAYING (the table gets none).
"""
from micropython import const

from core.ui import keys, text
from core.ui.palette import DARK, GOLD, ORANGE, TEXT, ACCENT

PLAYING = const(0)
PAUSED = const(1)
CONFIRM = const(2)


def wrap(s, n):
    """Split `s` into lines of at most n characters, at spaces where possible."""
    out = []
    line = ""
    for w in s.split(" "):
        while len(w) > n:
            if line:
                out.append(line)
                line = ""
            out.append(w[:n])
            w = w[n:]
        if not line:
            line = w
        elif len(line) + 1 + len(w) <= n:
            line = line + " " + w
        else:
            out.append(line)
            line = w
    if line:
        out.append(line)
    return out


class LinkStatus:
    """`names`: the app's player names by seat (App.names), so that the reasons say
    "Ben's unit"; without them, "unit 291"."""

    def __init__(self, unit, names=None):
        self.unit = unit
        self.names = names
        self.state = PLAYING
        self.message = ""
        self.gone_unit = 0
        self.gone_seat = -1
        self._declined = []
        self._sig = None

    def refresh(self):
        u = self.unit
        st = u.status()
        state = PLAYING
        self.gone_unit = 0
        self.gone_seat = -1
        if st["state"] == "paused":
            state = PAUSED
            self.message = self._reason(st)
            if st.get("can_hand_to_ai"):
                for g in st["gone"]:
                    if g in self._declined:
                        continue
                    seats = u.session.seats
                    for i in range(len(seats)):
                        if seats[i] == g:
                            self.gone_unit = g
                            self.gone_seat = i
                            state = CONFIRM
                            break
                    if state == CONFIRM:
                        break
        self.state = state
        sig = (state, self.message if state else "", self.gone_unit)
        changed = sig != self._sig
        self._sig = sig
        return changed

    def name(self, node):
        """ "Ben's unit" from the seat the unit plays, else "unit 291"."""
        seats = self.unit.session.seats
        if self.names is not None and node in seats:
            i = seats.index(node)
            if i < len(self.names) and self.names[i] != "You":
                return "%s's unit" % self.names[i]
        return "unit %d" % node

    def _reason(self, st):
        from core.link.trouble import trouble_text
        msg = trouble_text(st.get("causes", ()), st.get("waiting", ()), self.name)
        link = st.get("link", "")
        if link:
            msg = msg + "; " + link if msg else link
        if not msg:
            msg = st.get("message", "")
            if msg.startswith("paused: "):
                msg = msg[8:]
        return msg

    def handle(self, ev):
        """Keys while the panel is up: returns "handed", "waiting" or None."""
        if self.state != CONFIRM or keys.kind_of(ev) == keys.RELEASE:
            return None
        k = keys.key_of(ev)
        if k == keys.OK:
            self.unit.hand_to_ai(self.gone_seat)
            self.refresh()
            return "handed"
        if k == keys.BACK:
            self._declined.append(self.gone_unit)
            self.refresh()
            return "waiting"
        return None


class LinkStatusView:
    """A framed panel in the middle of the screen."""

    def __init__(self, screen, model, hints=None):
        self.screen = screen
        self.model = model
        self.hints = hints or {"ok": "OK", "back": "BACK"}

    def handle(self, ev):
        r = self.model.handle(ev)
        if r is not None:
            self.draw()
        return r

    def _lines(self, n):
        m = self.model
        if m.state == CONFIRM:
            who = m.name(m.gone_unit)
            body = wrap("%s has been gone for a while." % (who[:1].upper() + who[1:]), n)
            body += [""] + wrap("Hand seat %d to the AI and play on?" % (m.gone_seat + 1), n)
            return "Unit gone", body
        body = wrap(m.message[:1].upper() + m.message[1:] + ".", n)
        body += [""] + wrap("The game resumes by itself when it is back.", n)
        return "Game paused", body

    def draw(self):
        m = self.model
        if m.state == PLAYING:
            return
        s = self.screen
        fb = s.fb
        w = s.width - 24
        n = (w - 16) // text.CHAR_W
        head, body = self._lines(n)
        h = 16 + 16 + 4 + 10 * len(body) + 8 + (16 if m.state == CONFIRM else 0)
        x = (s.width - w) // 2
        y = (s.height - h) // 2
        fb.fill_rect(x, y, w, h, DARK)
        fb.rect(x, y, w, h, ORANGE if m.state == PAUSED else GOLD)
        fb.rect(x + 1, y + 1, w - 2, h - 2, ORANGE if m.state == PAUSED else GOLD)
        text.draw_centred(fb, head, x, y + 10, w, ORANGE if m.state == PAUSED else ACCENT, 2)
        ty = y + 36
        for line in body:
            text.draw_centred(fb, line, x, ty, w, TEXT)
            ty += 10
        if m.state == CONFIRM:
            hint = "%s:hand to AI  %s:wait" % (self.hints["ok"], self.hints["back"])
            text.draw_centred(fb, hint, x, ty + 6, w, GOLD)
        s.mark(x, y, w, h)
