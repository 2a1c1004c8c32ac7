"""Reds' table: bids (or hidden until the round's end), the trump / anti-trump / neutral
suits and the turned cards, the exchange (pick the round's number of cards, then
confirm), hand and trick, running scores and team scores in the partnership game.
Every seat's score stands under its name at the trick (the score row: no line of scores
to wrap off the screen at 5 or 6 players); the bid and confirm lists cover only the card
slots, so the suits, the turned cards and the bids so far stay in view while bidding
(a hidden bid shows as "?" until the reveal).  The scoresheet page (pause menu: every
finished round's bids, tricks and points, a page of rounds at a time) and the results
pages' texts: core/games/reds/summary.py.
Before round 1 the first-dealer draws (R-8) show as a trick the dealer wins.
Observation fields: core/games/reds/rules.py observation().
"""
from core.games.reds.rules import BID_BASE, EXCHANGES, GIVE_BASE
from core.cards import REDS_DECK, rank_of
from core.ui import carddraw, keys, rich, text
from core.ui.palette import ACCENT, FELT
from core.ui.table_common import ACT, ACTS, TrickTable, card_rich
from core.ui.widgets import ListView

_CONFIRM = -1
_CHANGE = -2


class RedsTable(TrickTable):
    TITLE = "Reds"
    HAND_WORD = "round"
    DECK = REDS_DECK
    TRICK_EVENT = "trick"
    WIN_AT = 2
    HAND_EVENTS = ("score",)
    SUMMARY_EVENTS = ("score", "team_score")
    HAS_SHEET = True

    def __init__(self, screen, game, seat, names, hints):
        self.score_row = None           # each seat's score, under its name at the trick
        TrickTable.__init__(self, screen, game, seat, names, hints)
        self.notes_y += 10              # below the score row
        # the bid and confirm lists cover the card slots only: names, scores, notes stay
        ch = carddraw.height(carddraw.FULL)
        self.list = ListView(4, self.trick_y - 2, self.W - 8, ch + 2, 16)
        self.panel_h = ch + 6
        self.exchange_need = 0
        self.direction = ""
        self.intro_done = False

    def intro(self, ms):
        """Ruling R-8, once, before anyone acts: the first-dealer draws as a trick that the
        dealer wins: everyone's draw on the slots, the tied players' redraws in the notes.
        Returns how long the app holds them (0: nothing to show); clear_trick() ends it."""
        g = self.game
        if self.intro_done or len(g.history):
            return 0
        self.intro_done = True
        self.clear_trick()
        cols = (self.W - 8) // 8
        out = ["Highest card deals."]
        line = ""
        prev = self.n
        best = -1
        ties = 0
        for ev in g.events:
            if ev[0] != "draw":
                continue
            seat, c = ev[1], ev[2]
            if seat <= prev < self.n:               # a new round of draws: the tied again
                if line:
                    out.append(line)
                line = "Tie at %s:" % self.deck.ranks[best]
                ties += 1
                best = -1
            elif ties:
                line += ","
            if ties:                                # "Ann K^C" kept on one line
                item = self.names[seat][:3] + " " + card_rich(self.deck, c)
                if rich.length(line) + 1 + rich.length(item) > cols:
                    out.append(line)
                    line = " "
                line += " " + item
            else:
                self.slots[seat] = c
            prev = seat
            if rank_of(c) > best:
                best = rank_of(c)
        if line:
            out.append(line)
        self.winner = g.first_dealer
        self.draws = out[-self._note_rows():]       # as many as the notes hold
        return ms * (3 + 2 * ties)

    def clear_trick(self):
        self.draws = None                           # the draws, if on show, are done
        TrickTable.clear_trick(self)

    def reset_drawn(self):
        TrickTable.reset_drawn(self)
        self._d_row = [None] * self.n

    def _draw_choices(self, full):
        full = self.draw_trick() or full    # a slot drawn over the panel: the panel again
        self.draw_notes()
        TrickTable._draw_choices(self, full)

    def draw_trick(self):
        """The trick's slots, then the score row under their names (what changed)."""
        drew = TrickTable.draw_trick(self)
        row = self.score_row
        if row:
            fb = self.screen.fb
            w = carddraw.width(carddraw.FULL) + 8
            y = self.trick_y + 14 + carddraw.height(carddraw.FULL)
            for seat in range(self.n):
                if row[seat] != self._d_row[seat]:
                    self._d_row[seat] = row[seat]
                    x = self.slot_x(seat) - 4
                    fb.fill_rect(x, y, w, 8, FELT)
                    text.draw_centred(fb, row[seat], x, y, w, ACCENT)
                    self.screen.mark(x, y, w, 8)
        return drew

    def _suits(self, obs):
        anti = obs["anti"]
        if anti is None:
            return "Trump ^D  no anti-trump"
        neutral = "C" if anti == "S" else "S"
        return "Trump ^D  Anti ^%s  Neutral ^%s" % (anti, neutral)

    def _team_lines(self, ts):
        """The partnership's team totals `ts` (R-7) on one line of the notes: without the
        label, then with two letters of each name, if need be (core/ui/sheets.py wraps
        them on the scoresheet)."""
        if not ts:
            return []
        h = self.n // 2
        cols = (self.W - 8) // 8
        names = self.names
        line = "Teams:"
        for t in range(h):
            line += " %s+%s %d" % (names[t][:3], names[t + h][:3], ts[t])
        k = 3
        while len(line) > cols and k >= 2:
            line = " ".join(["%s+%s %d" % (names[t][:k], names[t + h][:k], ts[t])
                             for t in range(h)])
            k -= 1
        return [line]

    def _note_rows(self):
        """Lines of notes between the trick (with its score row) and the message line."""
        return (self.msg_y - self.notes_y - 8) // 11 + 1

    def read(self, obs):
        g = self.game
        me = self.seat
        ph = obs["phase"]
        n = self.n
        rnd = obs["round"]
        if self.draws is not None:
            self.info = "Reds  Draw for first dealer"
            self.notes = self.draws
            d = g.first_dealer
            self.prompt = "You deal round 1" if d == me else "%s deals round 1" % self.names[d]
            self.hand = []                          # dealt after the draw
            self.turn = ()
            return
        if obs["extra_round"]:
            self.info = "Reds  Extra round %d" % rnd
        else:
            self.info = "Reds  Round %d/%d  dealer %s" % (rnd, g.n_regular, self.names[obs["dealer"]][:3])
        bids = obs["bids"]
        tricks = obs["tricks"]
        wide = self.box_w >= 100
        before_play = ph == "bid" or ph == "exchange"
        for s in range(n):
            if bids[s] is not None:
                b = "%d" % bids[s]
            elif obs["has_bid"][s]:
                b = "hidden" if wide else "?"     # a hidden bid, until the reveal
            else:
                b = "-"
            if before_play:                 # no tricks yet: the bids so far, in words
                self.opp[s] = "bid %s" % b
            else:
                self.opp[s] = ("bid %s  won %d" % (b, tricks[s])) if wide else ("b%s t%d" % (b, tricks[s]))
        self.score_row = ["%d" % obs["scores"][s] for s in range(n)]
        cols = (self.W - 8) // 8
        suits = self._suits(obs)
        turned = obs["turned"]
        line = ""
        if turned:
            line = "Turned:"
            for c in turned:
                line += " " + card_rich(self.deck, c)
            if rich.length(suits) + 2 + rich.length(line) <= cols:
                suits += "  " + line    # one line when it fits: room for the rest
                line = ""
        notes = [suits]
        k = obs["pass_count"]
        if ph == "exchange":
            d = EXCHANGES[g.rows[rnd - 1]][1] if rnd <= g.n_regular else 0
            self.direction = "left" if d == 1 else "right"
            notes.append("Pass %d to %s (%s)" % (k, self.names[obs["pass_to"]], self.direction))
        elif ph != "bid":
            my = "-" if bids[me] is None else "%d" % bids[me]
            got = obs["pass_received"]
            if got and ph == "play" and len(obs["played"]) < n:
                # the first trick (none won yet): every card received, in place of "won 0"
                you = ""
                for c in got:
                    you += " " + card_rich(self.deck, c)
                you = self.fit("You: bid %s, got%s" % (my, you), "Bid %s, got%s" % (my, you))
            else:
                you = "You: bid %s, won %d" % (my, tricks[me])
            notes.append(you)
        # what is decided before the bids comes first while bidding and passing (ruling
        # the turned cards are public); in play the running totals come first
        if line and before_play:
            notes.insert(1, line)
        notes.extend(self._team_lines(obs["team_scores"]))
        if line and not before_play:
            notes.append(line)
        self.notes = notes[:self._note_rows()]
        self.exchange_need = 0
        mine = me in self.turn and obs["legal"]
        if ph == "exchange" and mine:
            k -= len(obs["pass_chosen"])    # chosen before a linked unit restarted
            self.exchange_need = k
            if self.raised_count() == k:
                self.choices = [("Pass these %d cards %s" % (k, self.direction), _CONFIRM),
                                ("Change them", _CHANGE)]
                self.prompt = "Confirm the cards to pass"
            else:
                self.prompt = "Pick %d to pass %s: %d/%d" % (k, self.direction, self.raised_count(), k)
            return
        if ph != "exchange":
            self.raised = 0
        if ph == "reveal":      # a linked game opens the sealed bids (never asks again)
            self.prompt = "Revealing the bids"
            return
        if mine and ph == "bid":
            self.prompt = "Your bid: tricks to take"
            if obs["hidden_bids"]:
                self.prompt = "Your secret bid"
            self.choices = [("Bid %d%s" % (a - BID_BASE, " (nil)" if a == BID_BASE else ""), a)
                            for a in obs["legal"]]
        elif mine:
            self.prompt = "Your turn: play a card"
        elif ph == "exchange":
            self.prompt = "Waiting for the others"
        elif self.turn:
            self.prompt = "%s %s" % (self.names[self.turn[0]], "bids" if ph == "bid" else "to play")
        else:
            self.prompt = ""

    def trick_pairs(self, obs):
        if obs["phase"] != "play":
            return None
        lead = obs["leader"]
        tr = obs["trick"]
        return [((lead + i) % self.n, tr[i]) for i in range(len(tr))]

    def default_choice(self):
        return 1 if self.choices and self.choices[0][1] == BID_BASE else 0

    def raised_count(self):
        k = 0
        for i in range(len(self.hand)):
            if (self.raised >> i) & 1:
                k += 1
        return k

    def cursor_always(self):
        return self.exchange_need > 0 and self.choices is None

    def handle(self, ev):
        if self.exchange_need and self.choices is None and keys.is_down(ev):
            k = keys.key_of(ev)
            press = keys.kind_of(ev) == keys.PRESS
            n = len(self.hand)
            if k == keys.OK and press:
                bit = 1 << self.cursor
                if self.raised & bit:
                    self.raised &= ~bit
                elif (self.raised_count() < self.exchange_need and
                      GIVE_BASE + self.hand[self.cursor] in self.legal):
                    self.raised |= bit
                self._reread()
                return None
            if k in (keys.UP, keys.LEFT, keys.DOWN, keys.RIGHT) and n:
                step = -1 if k in (keys.UP, keys.LEFT) else 1
                self.cursor = (self.cursor + step) % n
                self.draw_hand()
                return None
        return TrickTable.handle(self, ev)

    def _reread(self):
        self.update(self.game.observation(self.seat), self.turn)

    def choose(self, action):
        if action == _CONFIRM:
            acts = [GIVE_BASE + self.hand[i] for i in range(len(self.hand)) if (self.raised >> i) & 1]
            self.raised = 0
            return (ACTS, acts)
        if action == _CHANGE:
            self.raised &= ~(1 << self.cursor)
            self._reread()
            return None
        return (ACT, action)

    def choice_back(self):
        if self.exchange_need:
            return self.choose(_CHANGE)
        return TrickTable.choice_back(self)
