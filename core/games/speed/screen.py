"""Speed's table, in real time: both centre piles, your hand of 5, your draw and spit pile
counts, the opponent's counts, stand-still and Spit prompts.

The table owns the round clock: game time = app time - t0, stopped while the pause menu
or a results page is shown.  Every tick it fills the opponent's SpeedView (no allocation)
and lets the bot act through the one SpeedArbiter (ruling SP-9), exactly as
tools/play_speed.py's VirtualTable does on a virtual clock.  A human play goes to the same
arbiter; a refused one shows the engine's reason.

Linked (core/app_link.py), the arbiter is the host's, over the cable: a guest's play is
shown at once, provisionally (the arbiter's `pending(seat)` plays are out of the hand and
on their piles), and if the host's arbiter refuses it `take_back()` puts the card back in
the hand, raised under the cursor, and says why ("Too late! Ann got there first" when the
other player's card reached the pile first, ruling SP-9).  Between rounds a linked table
is held (`hold()`) until every player is ready: the centre piles lie face down, no card is
playable, the clock stands, and the line says "Waiting for Ann..." or counts down "3, 2, 1"
(the link's ready gate, core/link/lockstep.py).

Controls: UP/DOWN (or LEFT/RIGHT) move the cursor; the two play keys choose the pile:
OK plays the card on the left centre pile, BACK on the right one (A / B on the LCD 1.3,
X / Y on the Display 2.0, each shown under its pile).  A card that fits only one pile goes
there with either key (nothing to choose); one that fits neither is not sent, a short line
says so.  AUX calls Spit (a play key too, when no card fits and Spit is allowed); MENU
pauses.  Redraws happen only when the game's `version` changes: a card played redraws one
pile, one count line and the hand span.
"""
from array import array

from micropython import const

from core.cards import RANK_MASK, SUIT_SHIFT
from core.games.speed.arbiter import SpeedArbiter
from core.games.speed.defs import (FITS, N_RANKS, NO_ACTION, PILE_L, PILE_R, SPIT, SpeedView,
                             play_action)
from core.ui import carddraw, keys, rich, text
from core.ui.hand import HandRow
from core.ui.palette import (ACCENT, DARK, FELT, FELT_DARK, GOLD, ORANGE, TEXT)
from core.ui.widgets import hint_line

_MSG_MS = const(2500)
_FLASH_MS = const(700)
_HINT_H = const(14)
# What each region last drew, in a list by slot (a list of 10, not a dict keyed by
# formatted strings: ~0.5 KB less, and no key string made at every draw).
_D_INFO = const(0)
_D_OPP = const(1)
_D_MINE = const(2)
_D_MSG = const(3)
_D_PILE = const(4)      # + pile: (top, framed, cards in the centre, not held)
_D_TOP = const(6)       # + pile: the top card drawn
_D_SPIT = const(8)      # + pile: the spit count drawn
_D_SLOTS = const(10)
_RECENT = const(8)      # rounds the scoresheet lists: a ring, not a growing history (SP-7)

STOOD = "Stand-still: spits flipped"   # SP-4; shown until the next card is played
REASONS = {"emptied": "emptied hand and draw pile", "yelled": "yelled Spit",
           "stalemate": "spit piles used up (stalemate)",
           "unbreakable": "stand-still could not be broken: fewer cards left wins",
           "respit limit": "20 re-spits: fewer cards left wins"}


class SpeedTable:
    REALTIME = True
    HAS_SHEET = True
    TITLE = "Speed"
    sheet_page = -1

    def __init__(self, screen, game, seat, names, hints):
        self.screen = screen
        self.game = game
        self.deck = game_deck()
        self.seat = seat
        self.opp = 1 - seat
        self.names = names
        self.hints = hints
        self.n = 2
        W = screen.width
        H = screen.height
        self.W = W
        self.H = H
        self.hand_row = HandRow(screen, 0, H - _HINT_H - 54, W, FELT, 5)
        # the count line 6 px above the hand row, so their dirty rectangles stay apart
        self.msg_y = self.hand_row.y - 35
        self.count_y = self.hand_row.y - 18
        self._mine_cells = self._msg_cells = W // 8
        self.view = SpeedView()
        self.my_view = SpeedView()
        self.arbiter = self.own_arbiter = SpeedArbiter(game)
        self.bot = None
        self.t0 = 0
        self.paused_t = 0
        self.round_seen = game.round_no
        self.cursor = 0
        self.shown = []             # the hand in the order shown (hand()), in that round
        self.shown_round = game.round_no
        self.msg = ""
        self.msg_until = 0
        self.flash_pile = -1
        self.flash_until = 0
        self.standstills_seen = 0
        self.drawn_version = -1
        self.pend = ()              # plays shown before the (remote) arbiter has answered
        self.pend_rev = -1
        self.back_card = -1         # a card taken back: raised in the hand for a moment
        self.back_until = 0
        self.gated = False          # linked: each round waits for every player (hold())
        self.held = None            # (who is waited for, countdown digit) while held
        self._d = [None] * _D_SLOTS
        # the last _RECENT finished rounds: round number, (winner + 1) << 8 | points
        self.recent = array("H", bytes(4 * _RECENT))
        cw = carddraw.width(carddraw.FULL)
        gap = 16 if W >= 300 else 8
        self.pile_x = ((W - 2 * cw - gap) // 2, (W + gap) // 2)
        self.pile_y = 50

    def set_players(self, players):
        self.bot = players[self.opp]

    # -- the clock ------------------------------------------------------------------------
    def pause(self, now):
        self.paused_t = now - self.t0

    def resume(self, now):
        if self.game.round_no != self.round_seen:
            self.round_seen = self.game.round_no
            self.paused_t = 0
            self.standstills_seen = 0
            if self.gated:
                self.held = ("", 0)     # a new round: held until the link says go
        self.t0 = now - self.paused_t
        self.full_draw()

    def hold(self, wait, count, now):
        """Linked: the round has not started on every unit.  `wait`: whom it waits for
        ("Ann"), `count`: the countdown's digit (3, 2, 1); both empty: the round is on.
        While held the centre piles lie face down, no card is playable and the clock
        stands; every change of the hold redraws the whole table."""
        state = (wait, count) if wait or count else None
        if state == self.held:
            return
        if state is None:
            self.t0 = now - self.paused_t   # the clock runs from here
        elif self.held is None:
            self.paused_t = now - self.t0
        self.held = state
        self.full_draw()

    def game_time(self, now):
        if self.held is not None:
            return self.game.now
        t = now - self.t0
        return t if t > self.game.now else self.game.now

    # -- what the human may do ------------------------------------------------------------
    def _fits(self, card, pile):
        f = FITS[1 if self.game.count_down else 0]
        return f[(card & RANK_MASK) * N_RANKS + (self.top(pile) & RANK_MASK)] == 1

    def _sync_pending(self):
        """True when the plays still waiting for a remote arbiter changed."""
        ar = self.arbiter
        if ar is self.own_arbiter:
            return False            # this unit's own arbiter answers at once
        r = ar.rev()
        if r == self.pend_rev:
            return False
        self.pend_rev = r
        self.pend = ar.pending(self.seat)
        return True

    def top(self, pile):
        """The top of a centre pile as this unit shows it (its own pending play on it)."""
        t = self.game.top(pile)
        for a in self.pend:
            if a != SPIT and a & 1 == pile:
                t = a >> 1
        return t

    def hand(self):
        """The hand as shown: the engine's cards but this unit's pending plays, in the
        order shown last, a card drawn taking the place of the card played (the engine
        appends it at the end).  So a card played redraws one card of the row, not every
        card right of it (issue #19: card played within 50 ms)."""
        g = self.game
        h = g.hand[self.seat]
        cur = [h[k] for k in range(g.n_hand[self.seat])]
        for a in self.pend:
            if a != SPIT and (a >> 1) in cur:
                cur.remove(a >> 1)
        shown = self.shown
        if self.shown_round != g.round_no:
            shown = []              # a new deal is shown as dealt (as a restored round is)
            self.shown_round = g.round_no
        new = [c for c in cur if c not in shown]
        out = []
        for c in shown:
            if c in cur:
                out.append(c)
            elif new:
                out.append(new.pop(0))
        out += new
        self.shown = out
        return out

    def playable_positions(self):
        h = self.hand()
        return [i for i in range(len(h)) if self._fits(h[i], PILE_L) or self._fits(h[i], PILE_R)]

    def _fit_mask(self, h):
        """Bit k set when h[k] fits a centre pile."""
        m = 0
        for k in range(len(h)):
            if self._fits(h[k], PILE_L) or self._fits(h[k], PILE_R):
                m |= 1 << k
        return m

    def may_spit(self):
        return SPIT in self.game.legal_actions(self.seat)

    def submit(self, action, now):
        why = self.arbiter.submit(self.game_time(now), self.seat, action, self.game.round_no)
        if why is not None:             # the engine's words stay in the arbiter's log
            self.flash(self.game.refusal(self.seat, action) or "Not played", now)
        self._sync_pending()
        self.back_card = -1
        self.draw(now)

    def take_back(self, action, why, now):
        """The remote arbiter refused a play this table showed at once: the card leaves the
        pile, comes back to the hand raised under the cursor, and the message says why."""
        self._sync_pending()
        g = self.game
        if action == SPIT:
            self.flash(g.refusal(self.seat, SPIT) or "Spit not taken", now)
        elif why.endswith(" is over"):      # the lockstep's word for a finished round
            self.flash("Too late: that round was over", now)
        else:
            h = self.hand()
            card = action >> 1
            if card in h and not g.is_over():
                # it fitted when it was played: the other player's card got there first
                self.flash("Too late! %s got there first" % self.names[self.opp][:3], now)
                self.cursor = h.index(card)
                self.back_card = card
                self.back_until = now + _MSG_MS
                self.flash_pile = action & 1
                self.flash_until = now + _FLASH_MS
            else:
                self.flash(g.refusal(self.seat, action) or "Not played", now)
        self.draw(now)

    def handle(self, ev, now):
        if not keys.is_down(ev):
            return None
        k = keys.key_of(ev)
        press = keys.kind_of(ev) == keys.PRESS
        if k == keys.MENU and press:
            return "pause"          # not BACK: in Speed it plays on the right pile
        if self.game.is_over() or self.game.round_no != self.round_seen:
            return None
        h = self.hand()
        n = len(h)
        if k in (keys.UP, keys.LEFT, keys.DOWN, keys.RIGHT) and n:
            self.cursor = (self.cursor + (-1 if k in (keys.UP, keys.LEFT) else 1)) % n
            self.draw_hand()
        elif self.held is not None:
            return None             # the round has not started: nothing is played
        elif k == keys.AUX and press:
            self.submit(SPIT, now)
        elif (k == keys.OK or k == keys.BACK) and press:
            if n == 0 or (not self.playable_positions() and self.may_spit()):
                self.submit(SPIT, now)
                return None
            self.play(h[self.cursor], PILE_L if k == keys.OK else PILE_R, now)
        return None

    def play(self, card, pile, now):
        """`card` on `pile`, the pile whose key was pressed; on the other pile when the card
        fits only that one (SP-2: nothing to choose).  A card that fits neither is not sent:
        the line says so, in the card's own symbols."""
        if not self._fits(card, pile):
            if not self._fits(card, pile ^ 1):
                d = self.deck
                self.flash("%s^%s fits neither pile" % (d.ranks[card & RANK_MASK],
                                                       d.suits[card >> SUIT_SHIFT]), now)
                self.draw(now)
                return
            pile ^= 1
        self.submit(play_action(card, pile), now)

    # -- the opponent and the clock -------------------------------------------------------
    def tick(self, now):
        g = self.game
        if g.is_over() or g.round_no != self.round_seen:
            return "over" if g.is_over() else "round"
        t = self.game_time(now)
        bot = self.bot
        if bot is not None and self.held is None:
            g.fill_view(self.opp, self.view)
            a = bot.tick(t, self.view)
            if a != NO_ACTION:
                why = self.arbiter.submit(t, self.opp, a, g.round_no, False)
                if why is not None:
                    bot.rejected(t, why)
        changed = g.version != self.drawn_version
        if self._sync_pending():
            changed = True
        if self.back_card >= 0 and now - self.back_until >= 0:
            self.back_card = -1
            changed = True
        if self.msg and now - self.msg_until >= 0:
            self.msg = ""
            changed = True
        if self.flash_pile >= 0 and now - self.flash_until >= 0:
            self.flash_pile = -1
            changed = True
        if changed:
            self.draw(now)      # only when something changed: no allocation per frame
        if g.is_over() or g.round_no != self.round_seen:
            return "over" if g.is_over() else "round"
        return None

    def flash(self, s, now):
        self.msg = s
        self.msg_until = now + _MSG_MS
        if not s:
            self.msg_until = now

    # -- drawing --------------------------------------------------------------------------
    def full_draw(self):
        self.screen.clear(FELT)
        self._d = [None] * _D_SLOTS
        self._mine_cells = self._msg_cells = self.W // 8
        self.hand_row.n = -1
        self.drawn_version = -1
        h = self.hints
        line = "%s/%s:play %s:Spit %s:menu" % (h["ok"], h["back"], h.get("aux", "AUX"),
                                               h.get("menu", "MENU"))
        if text.fits("%s:card " % h["move"] + line, self.W - 4):
            line = "%s:card " % h["move"] + line
        hint_line(self.screen, line, FELT_DARK, _HINT_H)
        self.draw(0)
        # each centre pile's play key, in a key cap under it (drawn once: nothing covers it)
        y = self.pile_y + carddraw.height(carddraw.FULL) + 19   # below _draw_pile's
        cw = carddraw.width(carddraw.FULL)
        for pile, label in ((PILE_L, h["ok"]), (PILE_R, h["back"])):
            w = 8 * len(label) + 8
            x = self.pile_x[pile] + (cw - w) // 2
            self.screen.fb.fill_rect(x, y, w, 13, DARK)
            self.screen.fb.rect(x, y, w, 13, GOLD)
            text.draw(self.screen.fb, label, x + 4, y + 3, GOLD)

    def _changed(self, slot, value):
        if self._d[slot] == value:
            return False
        self._d[slot] = value
        return True

    def draw(self, now):
        g = self.game
        if g.version != self.drawn_version:
            if self.drawn_version >= 0:
                self._note_changes(now)
            self.drawn_version = g.version
        g.fill_view(self.seat, self.my_view)
        v = self.my_view
        fb = self.screen.fb
        W = self.W
        me = self.seat
        op = self.opp
        sc = g.scores
        info = "Round %d   %s %d : %d %s" % (g.round_no, self.names[me][:3], sc[me], sc[op],
                                                   self.names[op][:3])
        if self._changed(_D_INFO, info):
            fb.fill_rect(0, 0, W, 16, DARK)
            text.draw_fit(fb, info, 4, 4, W - 8, TEXT)
            self.screen.mark(0, 0, W, 16)
        c = v.counts
        opp_line = "%s  hand %d  draw %d  spit %d" % (self.names[op][:3], c[3 * op], c[3 * op + 1],
                                                    c[3 * op + 2])
        flags = ("  SPIT!" if v.opp_called else "")
        if self._changed(_D_OPP, opp_line + flags):
            fb.fill_rect(0, 17, W, 26, FELT_DARK)
            text.draw_fit(fb, opp_line, 4, 21, W - 8, TEXT)
            if flags:
                fb.text("called Spit", 4, 31, ORANGE)
            self.screen.mark(0, 17, W, 26)
        for pile in (PILE_L, PILE_R):
            self._draw_pile(pile, self.top(pile), c)
            self._draw_spit(pile, c)
        mine = "Your draw %d  spit %d" % (c[3 * me + 1], c[3 * me + 2])
        if self._changed(_D_MINE, mine):
            self._mine_cells = rich.line(self.screen, self.count_y, mine, ACCENT, FELT,
                                         self._mine_cells)
        h = self.hand()
        fit = self._fit_mask(h)     # once for the message and the hand
        self._draw_msg(v, fit)
        self.draw_hand(h, fit)
        if self.held is not None and self.held[1]:
            self._draw_count(self.held[1])

    def _draw_count(self, digit):
        """The countdown's digit, large, in a box over the gap between the centre piles
        (drawn after them; the hold's end redraws the whole table)."""
        fb = self.screen.fb
        ch = carddraw.height(carddraw.FULL)
        w = 36
        x = (self.W - w) // 2
        y = self.pile_y + (ch - w) // 2
        fb.fill_rect(x, y, w, w, GOLD)
        fb.fill_rect(x + 2, y + 2, w - 4, w - 4, DARK)
        text.draw(fb, "%d" % digit, x + 6, y + 6, GOLD, 3)
        self.screen.mark(x, y, w, w)

    def _note_changes(self, now):
        g = self.game
        stood = g.standstills > self.standstills_seen
        if stood:
            self.standstills_seen = g.standstills
            self.flash(STOOD, now)
        # the pile whose top changed gets a gold frame for a moment
        played = False
        for pile in (PILE_L, PILE_R):
            if self._d[_D_TOP + pile] not in (None, self.top(pile)):
                self.flash_pile = pile
                self.flash_until = now + _FLASH_MS
                played = True
        if played and not stood and self.msg is STOOD:
            self.flash("", now)     # a card played since: the stand-still is over (SP-4)

    def _draw_pile(self, pile, top, counts):
        g = self.game
        owner = 1 if pile == PILE_L else 0     # ruling SP-1: L is seat 1's, R seat 0's
        hl = pile == self.flash_pile
        key = (top, hl, g.n_centre[pile] + (top != g.top(pile)), self.held is None)
        if not self._changed(_D_PILE + pile, key):
            return
        self._d[_D_TOP + pile] = top
        fb = self.screen.fb
        x = self.pile_x[pile]
        y = self.pile_y
        cw = carddraw.width(carddraw.FULL)
        ch = carddraw.height(carddraw.FULL)
        fb.fill_rect(x - 4, y - 4, cw + 8, ch + 22, FELT)
        if key[2] > 1:
            carddraw.draw_back(fb, x + 3, y - 3)      # the pile beneath
        if self.held is None:
            carddraw.draw_face(fb, self.deck, top, x, y, carddraw.FULL,
                               carddraw.F_CURSOR if hl else 0)
        else:
            carddraw.draw_back(fb, x, y)            # not flipped yet: the round waits
        label = "yours" if owner == self.seat else self.names[owner][:5]
        text.draw_centred(fb, label, x - 4, y + ch + 4, cw + 8, GOLD if owner == self.seat else TEXT)
        self.screen.mark(x - 4, y - 4, cw + 8, ch + 22)

    def _draw_spit(self, pile, counts):
        seat = self.opp if pile == PILE_L else self.seat
        n = counts[3 * seat + 2]
        if not self._changed(_D_SPIT + pile, n):
            return
        fb = self.screen.fb
        y = self.pile_y
        cw = carddraw.width(carddraw.FULL)
        ch = carddraw.height(carddraw.FULL)
        # spit piles beside the centre: the opponent's on the left, ours on the right
        sx = (self.pile_x[0] - cw) // 2 - 4 if pile == PILE_L else self.pile_x[1] + cw + (
            self.W - self.pile_x[1] - cw - cw) // 2 + 4
        fb.fill_rect(sx - 2, y - 2, cw + 4, ch + 16, FELT)
        if n:
            carddraw.draw_back(fb, sx, y)
        else:
            carddraw.draw_slot(fb, sx, y)
        text.draw_centred(fb, "spit %d" % n, sx - 8, y + ch + 4, cw + 16, TEXT)
        self.screen.mark(sx - 8, y - 2, cw + 16, ch + 16)

    def _draw_msg(self, v, fit):
        held = self.held
        if self.msg:
            s, col = self.msg, ORANGE
        elif held is not None and held[1]:
            s, col = "Get ready...", GOLD
        elif held is not None:
            s, col = "Waiting for %s..." % held[0] if held[0] else "Waiting...", ACCENT
        elif self.game.is_over():
            s, col = "", TEXT
        elif v.emptied and v.winner_yells:
            s, col = "Yell Spit now! (%s)" % self.hints.get("aux", "AUX"), GOLD
        elif not fit:
            if self.may_spit():
                s, col = "No play: call Spit (%s)" % self.hints.get("aux", "AUX"), GOLD
            elif v.called:
                s, col = "Spit called: waiting", ACCENT
            else:
                s, col = "No play: wait for stand-still", ACCENT
        else:
            s, col = "Play on either pile!", ACCENT
        if not self._changed(_D_MSG, (s, col)):
            return
        self._msg_cells = rich.line(self.screen, self.msg_y, s, col, FELT, self._msg_cells)

    def draw_hand(self, h=None, fit=0):
        if h is None:
            h = self.hand()
            fit = self._fit_mask(h)
        n = len(h)
        if self.cursor >= n:
            self.cursor = n - 1 if n else 0
        dim = 0
        up = 0
        for i in range(n):
            if self.held is not None or not (fit >> i) & 1:
                dim |= 1 << i
            if h[i] == self.back_card:
                up = 1 << i
        self.hand_row.show(self.deck, h, n, self.cursor if n else -1, up, dim)

    # -- the scoresheet -------------------------------------------------------------------
    def note_round(self):
        """Keep the last finished round (the engine keeps only the last one) in the ring."""
        g = self.game
        if not g.rounds:
            return
        r = g.rounds[-1]
        no = r["round"]
        rec = self.recent
        i = 2 * ((no - 1) % _RECENT)
        if rec[i] != no:
            rec[i] = no
            rec[i + 1] = (0 if r["winner"] is None else r["winner"] + 1) << 8 | r["points"]

    def draw_sheet(self, screen, obs):
        self.note_round()
        from core.ui.sheets import draw_speed    # loaded while the page is shown
        draw_speed(self, screen, _RECENT)

    # -- results --------------------------------------------------------------------------
    def round_summary(self):
        self.note_round()
        g = self.game
        r = g.rounds[-1]
        rows = []
        for s in (self.seat, self.opp):
            rows.append((self.names[s], "%d" % r["cards_left"][s],
                         "+%d" % r["points"] if r["winner"] == s else "", "%d" % g.scores[s]))
        if r["winner"] is None:
            footer = "No winner: %s." % REASONS.get(r["reason"], r["reason"])
        else:
            w = r["winner"]
            footer = "%s %s" % (self.names[w], REASONS.get(r["reason"], r["reason"]))
            left = r["cards_left"][w]
            if r["reason"] in ("emptied", "yelled") and left:
                # Left counts hand + draw + spit (SP-10's measure): a winner who emptied hand
                # and draw pile (SP-6) still holds spit cards, which the line names
                footer += " (%d spit card%s left)" % (left, "" if left == 1 else "s")
            footer += "."
        target = g.options["target"]
        if target:
            footer += " Match to %d points." % target
        return ("Round %d over" % r["round"], ("Player", "Left", "Pts", "Score"), rows, footer)

    def game_summary(self, res):
        from core.ui.results import name_seats, place_rows, winners_line
        extra = ["%d" % w for w in res["rounds_won"]]
        rows = place_rows(self.names, res["ranking"], res["scores"], res["winners"], extra)
        footer = "%s %s" % (winners_line(self.names, res["winners"]),
                            name_seats(res["tiebreak"], self.names))
        return ("Speed: final", ("", "Player", "Score", "Rounds"), rows, footer)


def game_deck():
    from core.cards import SPEED_DECK
    return SPEED_DECK
