"""Reds: a bidding trick-taker with an anti-trump suit (rules/reds.md, rulings R-*, T-*).

Actions (docs/records.md): a card played is the card int (0..44, "7S"); a bid is
64 + n ("bid:3"); choosing a card to pass is 128 + card ("give:7S"); taking a chosen card
back is 192 + card ("ungive:7S").  A seat's pass is complete, and can no longer change,
once it holds the round's count; the cards move only when every seat is complete (R-5).

Hidden bids in a linked game (core/link/sealed.py) stay sealed until the rules reveal them
(reds.md Variants: "revealed at the end of the round"): the link applies "bid:sealed"
(BID_SEALED, legal only in the hidden bidding; never listed by legal_actions, so the AI
flow and its records are unchanged) for each seat once every seal is in; after the last
trick the round waits in the `reveal` phase, where every sealed seat applies its real bid
(at once, any order), and is then scored exactly as a round bid openly.  The unit that
sealed a bid notes it locally (note_sealed): only that seat's observation shows it.

The deal, the turned cards and the first-dealer draws are chance events resolved inside
the engine with self.rng (T-4); how the engine maps the rulebook is in docs/reds_engine.md.
"""
from array import array

from micropython import const

from core.cards import (REDS_DECK, RANK_MASK, SUIT_SHIFT, hand_add, hand_cards, hand_has,
                        hand_remove, new_hand, popcount)
from core.game import Game
from core.games.reds import options as reds_options
from core.packed_log import PackedLog
from core.trick import NO_SUIT, TrickResolver
from core.games.reds.defs import (BID, BID_BASE, BID_SEALED, EXCHANGE, GIVE_BASE, MAX_BID,
                                  DIRECTION_NAMES, MAX_EXTRA_ROUNDS, OVER, PLAY, REVEAL, UNGIVE_BASE,
                                  suit_letter)

TRUMP = const(0)        # diamonds, suit 0 of "DSC", always trump
HAND_SIZE = const(5)
TRICKS = const(5)

# The exchange table: (cards, direction) per round; +1 = left (clockwise), -1 = right.
EXCHANGES = ((4, 1), (4, -1), (3, 1), (3, -1), (2, 1), (2, -1), (1, 1), (1, -1), (0, 0))
FULL_ROWS = (0, 1, 2, 3, 4, 5, 6, 7, 8)
SHORT_ROWS = (0, 3, 4, 7, 8)    # the short game skips rounds 2, 3, 6 and 7


def round_points(bid, took):
    """The rulebook's scoring: over 3/bid trick + 1/extra, exact 3/trick + 5, under 1/trick."""
    if took > bid:
        return 3 * bid + (took - bid)
    if took == bid:
        return 3 * bid + 5
    return took


def _mask_count(hand):
    return popcount(hand[0]) + popcount(hand[1]) + popcount(hand[2])


class Reds(Game):
    NAME = "reds"
    # Bump whenever a change alters the outcome of any record (the link refuses to
    # seat units whose versions differ: docs/link.md, "Versions").
    RULES_VERSION = 1
    PLAYERS = reds_options.PLAYERS
    OPTIONS = reds_options.OPTIONS   # the table lives in core/games/reds/options.py
    FORGET_SHOWN_EVENTS = True      # (screen.py's intro reads the first draws, before any action)

    # -- set-up --------------------------------------------------------------------------
    def _setup(self):
        # Packed logs keep a whole six-player game inside a 64 KB heap (core/packed_log.py).
        self.history = PackedLog()
        self.events = PackedLog()
        o = self.options
        n = o["players"]
        self.partnership = o["partnership"]
        if self.partnership and n not in (4, 6):
            raise ValueError("the partnership game needs 4 or 6 players, not %d" % n)
        self.n_players = n
        self.hidden = o["hidden_bids"]
        self.rows = SHORT_ROWS if o["short_game"] else FULL_ROWS
        self.n_regular = len(self.rows)
        self.pack = REDS_DECK.cards()
        self.hands = [new_hand() for _ in range(n)]
        self.giving = [new_hand() for _ in range(n)]   # cards chosen to pass, kept after delivery
        self.bids = bytearray(n)
        self.has_bid = bytearray(n)
        self.sealed = bytearray(n)      # 1: the seat's bid is sealed until the reveal
        self.noted = bytearray(n)       # 1 + the bid this unit sealed for the seat (local)
        self.sealed_from = -1           # history index of the round's first sealed bid
        self.tricks = bytearray(n)
        self.scores = [0] * n
        self.resolver = TrickResolver(n, REDS_DECK.n_ranks)
        self._scratch = array("H", (0, 0, 0, 0))
        self.play_seats = bytearray()    # this round's plays, in order
        self.play_cards = bytearray()
        self.rounds = PackedLog()        # one tuple per finished round (see _round_detail)
        self.round_no = 0
        self.turned = b""
        self.anti = NO_SUIT
        self.phase = BID
        self.delivered = False
        self.ex_count = 0
        self.ex_dir = 0
        self.bidder = 0
        self.turn = 0
        self.leader = 0
        self.trick_no = 0
        self.shared = False
        self.dealer = self._draw_first_dealer()
        self.first_dealer = self.dealer
        self.log("first_dealer", self.dealer)
        self._start_round()

    def _draw_first_dealer(self):
        """Ruling R-8: everyone draws; the tied highest draw again until one is highest.
        Draws come off one shuffled pack; if redraws ever use it up it is reshuffled."""
        pack = REDS_DECK.cards()
        self.rng.shuffle(pack)
        top = 0
        drawers = list(range(self.n_players))
        while True:
            best = -1
            high = []
            for s in drawers:
                if top == len(pack):
                    self.rng.shuffle(pack)
                    top = 0
                c = pack[top]
                top += 1
                self.log("draw", s, c)
                r = c & RANK_MASK
                if r > best:
                    best = r
                    high = [s]
                elif r == best:
                    high.append(s)
            if len(high) == 1:
                return high[0]
            drawers = high

    def _shuffle_pack(self):
        """Shuffle all 39 cards for a deal (T-4); the turned cards of the previous round are
        back in the pack (R-3).  Tests override this to stack the deck."""
        self.rng.shuffle(self.pack)

    def _start_round(self):
        n = self.n_players
        self.round_no += 1
        if self.round_no <= self.n_regular:
            self.ex_count, self.ex_dir = EXCHANGES[self.rows[self.round_no - 1]]
        else:
            self.ex_count, self.ex_dir = 0, 0   # ruling R-6: extra rounds have no exchange
        self.log("round", self.round_no, self.dealer, self.ex_count,
                 DIRECTION_NAMES[self.ex_dir], self.round_no > self.n_regular)
        self._shuffle_pack()
        pack = self.pack
        d = self.dealer
        for s in range(n):
            h = self.hands[s]
            g = self.giving[s]
            for k in range(4):
                h[k] = 0
                g[k] = 0
            self.bids[s] = 0
            self.has_bid[s] = 0
            self.sealed[s] = 0
            self.noted[s] = 0
            self.tricks[s] = 0
        dealt = HAND_SIZE * n
        for i in range(dealt):                     # one at a time from the dealer's left
            hand_add(self.hands[(d + 1 + i) % n], pack[i])
        # Turn cards until a black one: its suit is anti-trump (R-3: the turned cards are
        # public); none left but diamonds -> no anti-trump this round.
        anti = NO_SUIT
        i = dealt
        while i < len(pack):
            c = pack[i]
            i += 1
            self.log("turn", c)
            if (c >> SUIT_SHIFT) != TRUMP:
                anti = c >> SUIT_SHIFT
                break
        self.turned = bytes(pack[dealt:i])
        self.anti = anti
        self.log("anti", suit_letter(anti))
        self.resolver.set_rules(TRUMP, anti)
        self.play_seats = bytearray()
        self.play_cards = bytearray()
        self.delivered = False
        self.trick_no = 0
        self.sealed_from = -1
        self.phase = BID
        self.bidder = (d + 1) % n

    # -- whose decision ------------------------------------------------------------------
    def to_move(self):
        ph = self.phase
        if ph == PLAY:
            return (self.turn,)
        if ph == BID:
            if self.hidden:   # secret bids are written down by everyone at once
                return tuple([s for s in range(self.n_players) if not self.has_bid[s]])
            return (self.bidder,)
        if ph == EXCHANGE:
            k = self.ex_count
            return tuple([s for s in range(self.n_players) if _mask_count(self.giving[s]) < k])
        if ph == REVEAL:
            return tuple([s for s in range(self.n_players) if self.sealed[s]])
        return ()

    def is_over(self):
        return self.phase == OVER

    def exchange_target(self, seat):
        """The seat that receives `seat`'s pass this round (R-4: with 2 players left and
        right are the same opponent)."""
        return (seat + self.ex_dir) % self.n_players

    def exchange_source(self, seat):
        return (seat - self.ex_dir) % self.n_players

    def legal_actions(self, seat):
        if seat not in self.to_move():
            return []
        ph = self.phase
        if ph == BID or ph == REVEAL:
            return [BID_BASE + b for b in range(MAX_BID + 1)]
        if ph == EXCHANGE:
            g = self.giving[seat]
            h = self.hands[seat]
            out = []
            for c in hand_cards(h):
                if not hand_has(g, c):
                    out.append(GIVE_BASE + c)
            for c in hand_cards(g):
                out.append(UNGIVE_BASE + c)
            return out
        scratch = self._scratch
        self.resolver.legal_masks(self.hands[seat], scratch)
        return hand_cards(scratch)

    def _reason(self, seat, action):
        from core.games.reds.text import reason   # error path only: loaded on demand
        return reason(self, seat, action)

    def is_legal(self, seat, action):
        """Game.is_legal, plus "bid:sealed" in the hidden bidding (never in legal_actions)."""
        if (action == BID_SEALED and self.hidden and self.phase == BID and
                seat in self.to_move()):
            return True
        return Game.is_legal(self, seat, action)

    @classmethod
    def prepare_link(cls):
        """A linked game is starting: give the class the hooks that keep hidden bids
        sealed until the reveal (core/games/reds/sealed.py; loaded only for linked play, so a
        game against the AI does not hold their code)."""
        from core.games.reds.sealed import attach
        attach(cls)

    # -- applying actions ----------------------------------------------------------------
    def _apply(self, seat, action):
        ph = self.phase
        if action == BID_SEALED or ph == REVEAL:
            from core.games.reds.sealed import apply_sealed   # linked hidden bids only
            apply_sealed(self, seat, action)
        elif ph == BID:
            self._bid(seat, action - BID_BASE)
        elif ph == EXCHANGE:
            if action >= UNGIVE_BASE:
                hand_remove(self.giving[seat], action - UNGIVE_BASE)
            else:
                self._give(seat, action - GIVE_BASE)
        else:
            self._play(seat, action)

    def _bid(self, seat, value):
        self.bids[seat] = value
        self.has_bid[seat] = 1
        if not self.hidden:     # a hidden bid is logged when it is revealed
            self.log("bid", seat, value)
        n = self.n_players
        for s in range(n):
            if not self.has_bid[s]:
                self.bidder = (seat + 1) % n
                return
        if self.ex_count:
            self.phase = EXCHANGE
        else:
            self._start_play()

    def _give(self, seat, card):
        g = self.giving[seat]
        hand_add(g, card)
        if _mask_count(g) < self.ex_count:
            return
        n = self.n_players
        for s in range(n):
            if _mask_count(self.giving[s]) < self.ex_count:
                return
        # Ruling R-5: every seat has chosen; only now do the cards move.
        for s in range(n):
            h = self.hands[s]
            g = self.giving[s]
            for k in range(4):
                h[k] &= ~g[k]
        for s in range(n):
            h = self.hands[self.exchange_target(s)]
            g = self.giving[s]
            for k in range(4):
                h[k] |= g[k]
        self.delivered = True
        self.log("exchange", self.ex_count, DIRECTION_NAMES[self.ex_dir])
        self._start_play()

    def _start_play(self):
        self.phase = PLAY
        self.leader = self.turn = (self.dealer + 1) % self.n_players
        self.resolver.start(False)

    def _play(self, seat, card):
        hand_remove(self.hands[seat], card)
        r = self.resolver
        r.play(seat, card)
        self.play_seats.append(seat)
        self.play_cards.append(card)
        self.log("play", seat, card)
        if not r.is_complete():
            self.turn = (seat + 1) % self.n_players
            return
        w = r.winner_seat()          # rulings live in the shared resolver
        self.tricks[w] += 1
        self.trick_no += 1
        self.log("trick", self.trick_no, w)
        if self.trick_no == TRICKS:
            if self.sealed_from >= 0:
                self.phase = REVEAL     # sealed bids are opened before the scoring
            else:
                self._end_round()
        else:
            r.start(False)
            self.leader = self.turn = w     # ruling T-1

    def _points(self, bid, took):
        """Hook for tests that need scores to stay tied; the rules are round_points()."""
        return round_points(bid, took)

    def _end_round(self):
        n = self.n_players
        points = bytearray(n)
        for s in range(n):
            if self.hidden:
                self.log("reveal", s, self.bids[s])
            p = self._points(self.bids[s], self.tricks[s])
            points[s] = p
            self.scores[s] += p
            self.log("score", s, self.bids[s], self.tricks[s], p, self.scores[s])
        if self.partnership:
            totals = self.team_scores()
            for t in range(n // 2):
                self.log("team_score", t, points[t] + points[t + n // 2], totals[t])
        self.rounds.append((self.round_no, self.dealer, self.anti, self.ex_count, self.ex_dir, tuple(self.bids), tuple(self.tricks),
                            tuple(points)))
        self.dealer = (self.dealer + 1) % n
        if self.round_no >= self.n_regular:
            leaders = self._leaders()
            if len(leaders) == 1:
                self._finish()
                return
            if self.round_no - self.n_regular >= MAX_EXTRA_ROUNDS:
                self.shared = True          # ruling R-6: the tied leaders share the win
                self._finish()
                return
            self.log("tie", tuple(leaders))
        self._start_round()

    def _finish(self):
        self.phase = OVER
        self.log("game_over", tuple(self._winner_seats()))

    # -- standings -----------------------------------------------------------------------
    def team_scores(self):
        """Team totals (ruling R-7: team t is seats t and t + n/2); [] without partnerships."""
        if not self.partnership:
            return []
        h = self.n_players // 2
        return [self.scores[t] + self.scores[t + h] for t in range(h)]

    def teams(self):
        if not self.partnership:
            return []
        h = self.n_players // 2
        return [[t, t + h] for t in range(h)]

    def _leaders(self):
        """Seats (or teams, in the partnership game) sharing first place."""
        totals = self.team_scores() if self.partnership else self.scores
        best = max(totals)
        return [i for i in range(len(totals)) if totals[i] == best]

    def _winner_seats(self):
        leaders = self._leaders()
        if not self.partnership:
            return leaders
        h = self.n_players // 2
        out = []
        for t in leaders:
            out.append(t)
            out.append(t + h)
        out.sort()
        return out

    def result(self):
        """The final result (ruling R-7: core/games/reds/result.py, loaded at the end)."""
        from core.games.reds.result import result
        return result(self)

    # -- what a seat may know (ruling T-3) ------------------------------------------------
    def observation(self, seat):
        """A new dict of what `seat` may know: its hand, its own pass (and, once delivered,
        the cards it received), public bids (its own only, with hidden bids, until the round
        ends), the turned cards and every card played.  Completed tricks of this round are
        `played` (cards in play order) with `leaders` (who led each); the trick in progress
        is `trick`, led by `leader`."""
        n = self.n_players
        ph = self.phase
        reveal = not self.hidden or ph == OVER
        bids = []
        for s in range(n):
            known = self.has_bid[s] and (reveal or s == seat)
            if self.sealed[s]:      # the engine does not know it; the sealing unit does
                bids.append(self.noted[s] - 1 if s == seat and self.noted[s] else None)
            else:
                bids.append(self.bids[s] if known else None)
        cards = self.play_cards
        done = self.trick_no * n if ph == PLAY else len(cards)
        leaders = []
        for t in range(self.trick_no):
            leaders.append(self.play_seats[t * n])
        k = self.ex_count
        return {"seat": seat, "phase": ph, "legal": self.legal_actions(seat),
                "n_players": n, "round": self.round_no, "extra_round": self.round_no > self.n_regular,
                "dealer": self.dealer, "hand": hand_cards(self.hands[seat]),
                "anti": suit_letter(self.anti), "turned": list(self.turned),
                "hidden_bids": self.hidden, "bids": bids,
                "has_bid": [bool(b) for b in self.has_bid],
                "pass_count": k, "pass_to": self.exchange_target(seat) if k else None,
                "pass_chosen": hand_cards(self.giving[seat]),
                "pass_ready": [_mask_count(g) >= k for g in self.giving],
                # R-5 and T-3: the receiver sees the cards only once every seat has chosen.
                "pass_received": hand_cards(self.giving[self.exchange_source(seat)])
                if self.delivered else [],
                "leader": self.leader, "trick": list(cards[done:]),
                "played": list(cards[:done]), "leaders": leaders,
                "tricks": list(self.tricks), "scores": list(self.scores),
                "team_scores": self.team_scores(),
                "partner": (seat + n // 2) % n if self.partnership else None}

    # -- action names --------------------------------------------------------------------
    def action_label(self, action):
        is_card = REDS_DECK.is_card
        if is_card(action):
            return REDS_DECK.label(action)
        if BID_BASE <= action <= BID_BASE + MAX_BID:
            return "bid:%d" % (action - BID_BASE)
        if action == BID_SEALED:
            return "bid:sealed"
        if GIVE_BASE <= action < UNGIVE_BASE and is_card(action - GIVE_BASE):
            return "give:" + REDS_DECK.label(action - GIVE_BASE)
        if UNGIVE_BASE <= action < UNGIVE_BASE + 64 and is_card(action - UNGIVE_BASE):
            return "ungive:" + REDS_DECK.label(action - UNGIVE_BASE)
        return "?%d" % action

    def parse_action(self, text):
        from core.games.reds.text import parse_action
        return parse_action(text)

    def all_action_ids(self):
        from core.games.reds.text import all_action_ids
        return all_action_ids()
