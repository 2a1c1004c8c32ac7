"""The table of the three trick-taking games: what every one of them shows, drawn once.

Screen regions, top to bottom (240x240 and 320x240 alike; widths follow the screen):
    info bar     the hand / round, trump, ranking: a game's `info` string
    opponents    one box per other seat: name, a stats line, turn frame, thinking spinner
    trick        one card slot per seat, named; the last card played stays framed until
                 the next card is played; while the finished trick is held the
                 winner's name turns gold and the message line says who took it
    notes        up to four lines the game fills (your contract, turned cards, ...)
    message      what you must do now, or why a card was refused (orange)
    hand         your cards (core.ui.hand.HandRow): cursor, dimmed when not playable
    hints        the board's buttons for this screen
When the human must choose something other than a card (trump, contract, bid), a list
panel covers the trick and notes regions (a game may give it a smaller `list` and its
height, `panel_h`: Reds' covers only the card slots).

A game module subclasses TrickTable and fills the model in `read(obs)`: info, opp[seat],
notes, prompt, choices.  Its scoresheet page and results pages' texts are a module of
their own, core/games/<game>/summary.py (draw_sheet, hand_summary, game_summary, each
given the table), loaded for the page and dropped after it: a hand needs none of it.  Every region remembers what it last drew and redraws (and marks
dirty) only when its content changed, so a card played sends the trick slot, the hand
span and a few text lines, not the screen.
"""
from micropython import const

from core.cards import rank_of, rich_card as card_rich, suit_of   # card_rich: "7^H"
from core.loop import drop_modules
from core.ui import carddraw, keys, rich, text
from core.ui.hand import HandRow
from core.ui.palette import (ACCENT, DARK, FELT, FELT_DARK, GOLD, GREY, ORANGE, TEXT,
                             WHITE)
from core.ui.widgets import ListView, Thinking, hint_line

INFO_H = const(16)
OPP_Y = const(17)
OPP_H = const(28)
HINT_H = const(14)
NO_CARD = const(0xFF)
MSG_MS = const(2500)

# Results of handle(ev)
ACT = const(1)       # payload: one action
ACTS = const(2)      # payload: a list of actions (Reds' exchange)
PAUSE = const(3)
REFUSED = const(4)   # payload: the card or choice the rules refuse; the app asks why

# Suit order on screen: alternate colours (decks "SHDC" -> S H C D; Reds "DSC" -> S D C).
_SUIT_ORDER = {"SHDC": (0, 1, 3, 2), "DSC": (1, 0, 2)}


SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def display_order(deck, cards):
    """The cards sorted for the hand row: suits alternating in colour, ranks ascending."""
    order = _SUIT_ORDER.get(deck.suits, tuple(range(deck.n_suits)))
    out = []
    for s in order:
        for c in cards:
            if suit_of(c) == s:
                out.append(c)
    # ranks within a suit are already ascending in the engines' hand lists; keep it so
    for i in range(1, len(out)):
        c = out[i]
        j = i - 1
        while j >= 0 and suit_of(out[j]) == suit_of(c) and rank_of(out[j]) > rank_of(c):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = c
    return out


class TrickTable:
    TITLE = ""
    HAS_SHEET = False
    sheet_page = -1             # the scoresheet's page (-1: the last)
    DECK = None
    # Public events: a card played ("play", seat, card), the trick's winner (TRICK_EVENT
    # with the winner at WIN_AT), the end of a hand; SUMMARY_EVENTS are kept for the
    # hand's results page.
    TRICK_EVENT = "trick"
    WIN_AT = 2
    HAND_EVENTS = ()
    SUMMARY_EVENTS = ()

    def __init__(self, screen, game, seat, names, hints):
        self.screen = screen
        self.game = game
        self.deck = self.DECK
        self.seat = seat
        self.n = game.n_players
        self.names = names
        self.hints = hints
        W = screen.width
        H = screen.height
        self.W = W
        self.H = H
        self.hand_row = HandRow(screen, 0, H - HINT_H - 54, W, FELT, 13)
        # 6 px above the hand row: the dirty rectangles of the two stay apart
        self.msg_y = self.hand_row.y - 18
        self.trick_y = OPP_Y + OPP_H + 4
        self.notes_y = self.trick_y + 64
        # opponents in clockwise order after us; trick slots: them, then us
        self.order = [(seat + 1 + i) % self.n for i in range(self.n)]
        k = self.n - 1
        self.box_w = W // k
        self.spinner = None
        self.think_seat = -1
        cw = carddraw.width(carddraw.FULL)
        gap = (W - self.n * cw) // (self.n + 1)
        if gap > 12:
            gap = 12
        self.slot_gap = gap
        self.slot_x0 = (W - self.n * cw - (self.n - 1) * gap) // 2
        self.slots = bytearray(self.n)
        self.drawn_slots = bytearray(self.n)
        self.last_seat = -1
        self.winner = -1
        self._drawn_last = -2
        self._drawn_winner = -2
        self.list = ListView(4, self.trick_y - 2, W - 8, self.msg_y - self.trick_y)
        self.panel_h = 0           # the choice panel's height (0: down to the message)
        # the model, filled by read()
        self.info = ""
        self.opp = [""] * self.n
        self.notes = []
        self.prompt = ""
        # [(label, action)]; action None: shown, not choosable; (label, None, refused): OK
        # says why the move `refused` is not allowed (a contract already done)
        self.choices = None
        self.hand = []
        self.legal = []
        self.turn = ()
        self.card_mode = False
        self.cursor = 0
        self.raised = 0
        self.msg = ""
        self.msg_until = 0
        self.reset_drawn()
        self.clear_trick()

    # -- the scoresheet page and the results pages (core/games/<game>/summary.py) -------
    def _summary(self, part, *args):
        import sys
        name = "core.games.%s.summary" % self.game.NAME
        __import__(name)
        try:
            return getattr(sys.modules[name], part)(self, *args)
        finally:
            drop_modules((name,))

    def draw_sheet(self, screen, obs):
        self._summary("draw_sheet", screen, obs)

    def hand_summary(self, events, obs):
        """(title, header, rows, footer) of a hand's results page."""
        return self._summary("hand_summary", events, obs)

    def game_summary(self, res):
        return self._summary("game_summary", res)

    # -- model --------------------------------------------------------------------------
    def read(self, obs):
        """Game modules fill info, opp, notes, prompt and choices from the observation."""
        raise NotImplementedError

    def card_action(self, card):
        return card

    def intro(self, ms):
        """Something to show before the first action (Reds' first-dealer draws), held by
        the app for the ms returned; 0: none."""
        return 0

    def trick_pairs(self, obs):
        """The trick in progress as [(seat, card)] (None outside play)."""
        return obs["trick"] if obs["phase"] == "play" else None

    def update(self, obs, turn):
        """New state from the engine: rebuild the model and redraw what changed."""
        self.turn = turn
        self.legal = obs["legal"]
        self.hand = display_order(self.deck, obs["hand"])
        self.choices = None
        pairs = self.trick_pairs(obs)
        if pairs is not None and len(pairs) != self.trick_count():
            self.set_trick(pairs)
        self.read(obs)
        mine = self.seat in turn and bool(self.legal)
        self.card_mode = mine and self.choices is None and self._legal_cards_present()
        if self.cursor >= len(self.hand):
            self.cursor = len(self.hand) - 1 if self.hand else 0
        if self.card_mode:
            self._cursor_to_legal()
        self.draw()

    def _legal_cards_present(self):
        for c in self.hand:
            if self.card_action(c) in self.legal:
                return True
        return False

    def _cursor_to_legal(self):
        n = len(self.hand)
        for i in range(n):
            c = self.hand[(self.cursor + i) % n]
            if self.card_action(c) in self.legal:
                self.cursor = (self.cursor + i) % n
                return

    # -- the trick ------------------------------------------------------------------------
    def clear_trick(self):
        for i in range(self.n):
            self.slots[i] = NO_CARD
        self.last_seat = -1
        self.winner = -1

    def set_trick(self, pairs):
        """Slots from [(seat, card)] (a restored game, or after a refresh)."""
        self.clear_trick()
        for seat, card in pairs:
            self.slots[seat] = card
            self.last_seat = seat

    def played(self, seat, card):
        self.slots[seat] = card
        self.last_seat = seat

    def won(self, seat):
        """The trick is taken: the winner's name turns gold and the message line says so
        for as long as the app holds the finished trick."""
        self.winner = seat
        self.prompt = "You take the trick" if seat == self.seat else "%s takes the trick" % self.names[seat]

    def event(self, ev):
        """Follow one public event; returns core.app's TRICK_END/HAND_END/GAME_END bits."""
        name = ev[0]
        if name == "play":
            self.played(ev[1], ev[2])
            return 0
        if name == self.TRICK_EVENT:
            self.won(ev[self.WIN_AT])
            return 1
        if name in self.HAND_EVENTS:
            return 2
        if name == "game_over":
            return 4
        return 0

    def remove_from_hand(self, seat, action):
        """The human's card leaves the hand at once, even while the trick is held (whose
        winner, if any, the prompt keeps announcing)."""
        self.turn = ()
        self.card_mode = False
        if self.winner < 0:
            self.prompt = ""
        if seat == self.seat and action in self.hand:
            self.hand.remove(action)
            if self.cursor >= len(self.hand) and self.cursor:
                self.cursor -= 1

    def trick_count(self):
        k = 0
        for i in range(self.n):
            if self.slots[i] != NO_CARD:
                k += 1
        return k

    # -- input --------------------------------------------------------------------------
    def handle(self, ev):
        """One key event while the table is shown: (kind, payload) or None."""
        if not keys.is_down(ev):
            return None
        k = keys.key_of(ev)
        press = keys.kind_of(ev) == keys.PRESS
        if k == keys.MENU or (k == keys.BACK and press and self.choices is None):
            return (PAUSE, None) if press else None
        if self.choices is not None and self.seat in self.turn:
            if k == keys.UP or k == keys.LEFT:
                self.list.move(-1)
                self._draw_choices(False)
            elif k == keys.DOWN or k == keys.RIGHT:
                self.list.move(1)
                self._draw_choices(False)
            elif k == keys.OK and press:
                c = self.choices[self.list.sel]
                if c[1] is None:
                    return (REFUSED, c[2]) if len(c) > 2 else None
                return self.choose(c[1])
            elif k == keys.BACK and press:
                return self.choice_back()
            return None
        if not self.card_mode or not self.hand:
            return None
        n = len(self.hand)
        if k == keys.UP or k == keys.LEFT:
            self.cursor = (self.cursor - 1) % n
            self.draw_hand()
        elif k == keys.DOWN or k == keys.RIGHT:
            self.cursor = (self.cursor + 1) % n
            self.draw_hand()
        elif k == keys.OK and press:
            return self.pick(self.hand[self.cursor])
        return None

    def choose(self, action):
        """OK on a choice row: the action to apply (games may intercept)."""
        return (ACT, action)

    def choice_back(self):
        return (PAUSE, None)

    def pick(self, card):
        a = self.card_action(card)
        if a in self.legal:
            return (ACT, a)
        return (REFUSED, a)

    def flash(self, s, now):
        self.msg = s
        self.msg_until = now + MSG_MS
        self.draw_msg()

    def tick(self, now, think_seat):
        """Per frame: the spinner of the seat that is thinking, message expiry."""
        if self.msg and now - self.msg_until >= 0:
            self.msg = ""
            self.draw_msg()
        if think_seat != self.think_seat:
            if self.spinner is not None:
                self.spinner.clear()
                self.spinner = None
            self.think_seat = think_seat
            if think_seat >= 0 and think_seat != self.seat:
                i = self.order.index(think_seat)
                self.spinner = Thinking(self.screen, i * self.box_w + self.box_w - 18,
                                        OPP_Y + 2, FELT_DARK)
        if self.spinner is not None:
            self.spinner.tick(now)

    # -- drawing ------------------------------------------------------------------------
    def reset_drawn(self):
        self._d_info = None
        self._d_opp = [None] * self.n
        self._d_turn = [None] * self.n
        self._d_notes = None
        self._d_msg = None
        self._msg_cells = self.W // 8
        self._d_choices = None
        for i in range(self.n):
            self.drawn_slots[i] = 0xFE
        self._drawn_last = -2
        self._drawn_winner = -2
        self.hand_row.n = -1

    def full_draw(self):
        """Everything, e.g. after a pause menu or a results page covered the screen."""
        self.screen.clear(FELT)
        self.reset_drawn()
        self.think_seat = -2
        self.spinner = None
        hint_line(self.screen, self.hint_text(), FELT_DARK, HINT_H)
        self.draw()

    def hint_text(self):
        h = self.hints
        return "%s:move %s:ok %s:menu" % (h["move"], h["ok"], h.get("menu", h["back"]))

    def draw(self):
        self.draw_info()
        for i in range(self.n - 1):
            self.draw_box(i)
        if self.choices is not None:
            self._draw_choices(self._d_choices is None)
        else:
            if self._d_choices is not None:
                self._d_choices = None
                y, h = self.trick_y - 4, self.panel_h
                if not h:
                    y, h = self.trick_y - 2, self.msg_y - self.trick_y + 2
                self.screen.fb.fill_rect(0, y, self.W, h, FELT)
                self.screen.mark(0, y, self.W, h)
                for i in range(self.n):
                    self.drawn_slots[i] = 0xFE
                if not self.panel_h:
                    self._d_notes = None
            self.draw_trick()
            self.draw_notes()
        self.draw_msg()
        self.draw_hand()

    def fit(self, s, short, box=False):
        """`s` if it fits a notes line (a player box's second line if `box`), else `short`."""
        return s if 8 * rich.length(s) <= (self.box_w - 7 if box else self.W - 8) else short

    def draw_info(self):
        if self.info == self._d_info:
            return
        self._d_info = self.info
        fb = self.screen.fb
        fb.fill_rect(0, 0, self.W, INFO_H, DARK)
        rich.draw(fb, self.info, 4, 4, TEXT, self.W - 8)
        self.screen.mark(0, 0, self.W, INFO_H)

    def draw_box(self, i):
        seat = self.order[i]
        s = self.opp[seat]
        t = seat in self.turn
        if s == self._d_opp[seat] and t == self._d_turn[seat]:
            return
        self._d_opp[seat] = s
        self._d_turn[seat] = t
        fb = self.screen.fb
        x = i * self.box_w + 1
        w = self.box_w - 2
        fb.fill_rect(x, OPP_Y, w, OPP_H, FELT_DARK)
        if t:
            fb.rect(x, OPP_Y, w, OPP_H, GOLD)
        text.draw_fit(fb, self.names[seat], x + 3, OPP_Y + 4, w - 20, GOLD if t else TEXT)
        rich.draw(fb, s, x + 3, OPP_Y + 16, TEXT, w - 5)
        self.screen.mark(x, OPP_Y, w, OPP_H)
        if self.think_seat == seat:
            self.think_seat = -2       # the box covered the spinner: start it again

    def slot_x(self, seat):
        i = self.order.index(seat)
        return self.slot_x0 + i * (carddraw.width(carddraw.FULL) + self.slot_gap)

    def draw_trick(self):
        """The slots that changed; True if any was drawn."""
        fb = self.screen.fb
        cw = carddraw.width(carddraw.FULL)
        ch = carddraw.height(carddraw.FULL)
        y = self.trick_y + 2
        drew = False
        for seat in range(self.n):
            card = self.slots[seat]
            frame = (seat == self.last_seat) != (seat == self._drawn_last)
            named = (seat == self.winner) != (seat == self._drawn_winner)
            if card == self.drawn_slots[seat] and not (frame or named):
                continue
            x = self.slot_x(seat)
            col = GOLD if seat == self.winner else (WHITE if seat == self.seat else GREY)
            if card == self.drawn_slots[seat] and card != NO_CARD:
                # the same card: only its frame (the last card played) or its seat's name
                # (the trick's winner) changed; redraw just that (a card played: the
                # frame moves and the winner's name turns gold in three slots)
                if frame:
                    carddraw.draw_frame(fb, x, y, carddraw.FULL, seat == self.last_seat)
                    self.screen.mark(x, y, cw, ch)
                if named:
                    fb.fill_rect(x - 1, y + ch, cw + 2, 11, FELT)
                    text.draw_centred(fb, self.names[seat][:5], x - 4, y + ch + 2, cw + 8, col)
                    self.screen.mark(x - 1, y + ch, cw + 2, 11)
                continue
            drew = True
            self.drawn_slots[seat] = card
            fb.fill_rect(x - 1, y - 1, cw + 2, ch + 12, FELT)
            if card == NO_CARD:
                carddraw.draw_slot(fb, x, y)
            else:
                carddraw.draw_face(fb, self.deck, card, x, y, carddraw.FULL,
                                   carddraw.F_CURSOR if seat == self.last_seat else 0)
            text.draw_centred(fb, self.names[seat][:5], x - 4, y + ch + 2, cw + 8, col)
            self.screen.mark(x - 1, y - 1, cw + 2, ch + 12)
        self._drawn_last = self.last_seat
        self._drawn_winner = self.winner
        return drew

    def draw_notes(self):
        notes = self.notes
        if notes == self._d_notes:
            return
        old = self._d_notes
        self._d_notes = notes
        fb = self.screen.fb
        y0 = self.notes_y
        h = self.msg_y - y0
        if old is None:
            fb.fill_rect(0, y0, self.W, h, FELT)
            self.screen.mark(0, y0, self.W, h)
            old = ()
        # line by line: only the lines that changed, each as wide as its old or new text
        for i in range(max(len(old), len(notes))):
            y = y0 + 11 * i
            if y + 8 > y0 + h:
                if text.watch is not None:      # a test hears of the lines with no room
                    for b in notes[i:]:
                        text.watch(b, 4, y, 8 * rich.length(b), 0, False)
                break
            a = old[i] if i < len(old) else ""
            b = notes[i] if i < len(notes) else ""
            if a == b:
                continue
            n = rich.length(a)
            nb = rich.length(b)
            w = 8 * (n if n > nb else nb) + 8
            if w > self.W:
                w = self.W
            lh = 11 if y + 11 <= y0 + h else y0 + h - y
            fb.fill_rect(0, y, w, lh, FELT)
            rich.draw(fb, b, 4, y, TEXT, self.W - 8)
            self.screen.mark(0, y, w, lh)

    def draw_msg(self):
        s = self.msg or self.prompt
        col = ORANGE if self.msg else (GOLD if self.seat in self.turn or self.winner >= 0 else ACCENT)
        key = (s, col)
        if key == self._d_msg:
            return
        self._d_msg = key
        self._msg_cells = rich.line(self.screen, self.msg_y, s, col, FELT, self._msg_cells)

    def draw_hand(self):
        # While a trick is on the table the hand keeps its layout: a card played leaves a
        # gap and the cards it could not be dimmed stay so until the trick is taken (only
        # the played card's place is sent); the row re-centres between tricks.
        hold = self.trick_count() > 0
        dim = None if hold else 0
        if self.card_mode:
            dim = 0
            for i in range(len(self.hand)):
                if self.card_action(self.hand[i]) not in self.legal:
                    dim |= 1 << i
        cursor = self.cursor if self.card_mode or self.cursor_always() else -1
        self.hand_row.show(self.deck, self.hand, len(self.hand), cursor, self.raised, dim, hold)

    def cursor_always(self):
        return False

    def _draw_choices(self, full):
        ch = self.choices
        sig = [c[1] for c in ch]
        if full or self._d_choices != sig:
            if self._d_choices != sig:
                self.list.reset(len(ch), self.default_choice())
            self._d_choices = sig
            fb = self.screen.fb
            x = 2
            y = self.trick_y - 4
            h = self.panel_h or self.msg_y - y - 1
            fb.fill_rect(x, y, self.W - 4, h, FELT_DARK)
            self.screen.mark(x, y, self.W - 4, h)
            self.list.draw(self.screen, self._choice_label, FELT_DARK, True)
        else:
            self.list.draw(self.screen, self._choice_label, FELT_DARK)

    def default_choice(self):
        return 0

    def _choice_label(self, i):
        c = self.choices[i]
        return c[0], None, c[1] is not None
