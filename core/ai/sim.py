"""A compact trick-play simulator for the AI: hands as per-suit masks, the trick in
progress in core/trick.py's resolver, and a cheap goal-driven playout policy.

Shared by the Speed Run, Stepping Stones and Reds AIs.  Everything is preallocated in
__init__; `play`, `playout`, `policy`, `save` and `load` allocate nothing (proved under
micropython.heap_lock() in tests/core/test_ai_alloc.py).

Each seat has a goal (a small int) that drives the playout policy:
    0..15     win exactly that many counted tricks (Speed Run Win N, Reds bids)
    G_MAX     win as many as possible (Most, Win Tricks)
    G_MIN     win as few as possible (Least, Lose Tricks)
    G_MIDDLE  stay between the others (Speed Run Middle)
A game adapter may subclass TrickSim and override `want_win` (e.g. partnerships).
"""
from array import array

from micropython import const

from core.trick import TrickResolver, trick_is_low, NO_SUIT, FOLLOW, RANK_HIGH

G_MAX = const(30)
G_MIN = const(31)
G_MIDDLE = const(32)

_SNAP_SLOTS = const(2)
# A snapshot per seat: the hand's 4 suit masks, then counted tricks, goal, and the card
# and seat it played to the trick in progress; after the seats, the scalars: trick_no,
# turn, resolver count, low, led, best card, anti-trump led, and the winning seat.
_PER_SEAT = const(8)
_SCAL = const(8)


def _make_high_bit():
    t = bytearray(256)
    for m in range(1, 256):
        r = 7
        while not (m >> r) & 1:
            r -= 1
        t[m] = r
    return t


HIGH_BIT = _make_high_bit()   # HIGH_BIT[m] = index of the top set bit of a byte


def top_bit(m):
    """Index of the highest set bit of 0 < m < 2**16."""
    if m >> 8:
        return HIGH_BIT[m >> 8] + 8
    return HIGH_BIT[m]


def low_bit(m):
    """Index of the lowest set bit of 0 < m < 2**16."""
    return top_bit(m & -m)


class TrickSim:
    """The card-play part of a hand, from any position to the last trick."""

    def __init__(self, n_players, n_ranks, n_tricks):
        self.n = n_players
        self.n_ranks = n_ranks
        self.n_tricks = n_tricks
        self.res = TrickResolver(n_players, n_ranks)
        self.hands = [array("H", (0, 0, 0, 0)) for _ in range(n_players)]
        self.won = bytearray(n_players)      # counted tricks per seat
        self.goal = bytearray(n_players)
        self.legal = array("H", (0, 0, 0, 0))
        self.wins = array("H", (0, 0, 0, 0))  # scratch: legal cards that would win now
        self.trump = NO_SUIT
        self.ranking = RANK_HIGH
        self.start_low = False
        self.low_mask = 0                    # bit k: 1 is high in trick k (set_rules)
        self.count_from = 0                  # tricks before this index are not counted
        self.trick_no = 0
        self.turn = 0
        self.nodes = 0                       # cards played since reset: the work unit
        self.led = 0                         # the current trick's led suit,
        self.best = 0                        # its winning card so far,
        self.anti_led = False                # Reds: anti-trump was led
        self.best_seat = 0                   # and who played it
        # Both snapshot slots in one array, not 5 buffers per slot: ~650 bytes less.
        self._snaps = array("H", range(_SNAP_SLOTS * (_PER_SEAT * n_players + _SCAL)))

    # -- set-up (may allocate; called once per decision) ----------------------------------
    def set_rules(self, trump=NO_SUIT, anti=NO_SUIT, mode=FOLLOW, ranking=RANK_HIGH, start_low=False):
        self.trump = trump
        self.ranking = ranking
        self.start_low = start_low
        self.res.set_rules(trump, anti, mode)
        # Bit k set when 1 is high in trick k: one shift per trick in play/playout
        # instead of a call of trick_is_low.
        m = 0
        for k in range(self.n_tricks):
            if trick_is_low(ranking, start_low, k):
                m |= 1 << k
        self.low_mask = m

    def begin(self, trick_no, leader, trick_cards):
        """Position at trick `trick_no` (0-based) led by `leader`, with the cards already
        played to it (a list of card ints in play order)."""
        self.trick_no = trick_no
        self.res.start(trick_is_low(self.ranking, self.start_low, trick_no))
        self.turn = leader
        nodes = self.nodes
        for c in trick_cards:
            h = self.hands[self.turn]
            h[c >> 4] |= 1 << (c & 15)   # play() takes it out again
            self.play(c)
        self.nodes = nodes

    def is_low(self):
        return self.res.low

    # -- snapshots (no allocation) -----------------------------------------------------
    def save(self, slot):
        n = self.n
        snap = self._snaps
        i = slot * (_PER_SEAT * n + _SCAL)
        res = self.res
        hands = self.hands
        won = self.won
        goal = self.goal
        rc = res.cards
        rs = res.seats
        for s in range(n):
            hs = hands[s]
            snap[i] = hs[0]
            snap[i + 1] = hs[1]
            snap[i + 2] = hs[2]
            snap[i + 3] = hs[3]
            snap[i + 4] = won[s]
            snap[i + 5] = goal[s]
            snap[i + 6] = rc[s]
            snap[i + 7] = rs[s]
            i += _PER_SEAT
        snap[i] = self.trick_no
        snap[i + 1] = self.turn
        snap[i + 2] = res.count
        snap[i + 3] = 1 if res.low else 0
        snap[i + 4] = self.led
        snap[i + 5] = self.best
        snap[i + 6] = 1 if self.anti_led else 0
        snap[i + 7] = self.best_seat

    def load(self, slot):
        n = self.n
        snap = self._snaps
        i = slot * (_PER_SEAT * n + _SCAL)
        res = self.res
        hands = self.hands
        won = self.won
        goal = self.goal
        rc = res.cards
        rs = res.seats
        for s in range(n):
            hs = hands[s]
            hs[0] = snap[i]
            hs[1] = snap[i + 1]
            hs[2] = snap[i + 2]
            hs[3] = snap[i + 3]
            won[s] = snap[i + 4]
            goal[s] = snap[i + 5]
            rc[s] = snap[i + 6]
            rs[s] = snap[i + 7]
            i += _PER_SEAT
        self.trick_no = snap[i]
        self.turn = snap[i + 1]
        res.count = snap[i + 2]
        res.low = snap[i + 3] == 1
        self.led = snap[i + 4]
        self.best = snap[i + 5]
        self.anti_led = snap[i + 6] == 1
        self.best_seat = snap[i + 7]

    # -- playing -------------------------------------------------------------------------
    def is_over(self):
        return self.trick_no >= self.n_tricks

    def play(self, card):
        """The seat to move plays `card` (assumed legal); resolves a completed trick.
        The winner is tracked card by card with TrickResolver.winner_index's rule: trump
        beats the rest, a neutral card beats anti-trump when anti-trump was led (R-1),
        otherwise only a better card of the winning card's suit takes the lead
        (tests/core/test_ai_sim.py checks it against the resolver)."""
        seat = self.turn
        suit = card >> 4
        rank = card & 15
        self.hands[seat][suit] &= ~(1 << rank)
        res = self.res
        i = res.count
        res.cards[i] = card
        res.seats[i] = seat
        res.count = i + 1
        self.nodes += 1
        if i == 0:
            self.led = suit
            self.anti_led = suit == res.anti
            self.best = card
            self.best_seat = seat
        else:
            b = self.best
            bs = b >> 4
            if suit == bs:
                better = (rank < (b & 15)) if res.low else (rank > (b & 15))
            elif suit == self.trump:
                better = True
            else:
                better = self.anti_led and bs == self.led and bs != self.trump
            if better:
                self.best = card
                self.best_seat = seat
        if i + 1 < self.n:
            seat += 1
            self.turn = 0 if seat == self.n else seat
            return
        w = self.best_seat
        if self.trick_no >= self.count_from:
            self.won[w] += 1
        self.trick_no += 1
        self.turn = w   # ruling T-1
        res.count = 0
        if self.trick_no < self.n_tricks:
            res.low = (self.low_mask >> self.trick_no) & 1 != 0

    def playout(self):
        """Every seat follows `policy` to the end of the hand: `play` inlined, with the
        simulator's fields in locals (the inner loop of every search; the same cards
        and results as `self.play(self.policy(self.turn))` in a loop)."""
        n = self.n
        n_tricks = self.n_tricks
        trick_no = self.trick_no
        if trick_no >= n_tricks:
            return
        res = self.res
        rc = res.cards
        rs = res.seats
        hands = self.hands
        won = self.won
        trump = self.trump
        anti = res.anti
        count_from = self.count_from
        low_mask = self.low_mask
        plays = 0
        seat = self.turn
        while True:
            card = self.policy(seat)
            suit = card >> 4
            rank = card & 15
            hands[seat][suit] &= ~(1 << rank)
            i = res.count
            rc[i] = card
            rs[i] = seat
            plays += 1
            if i == 0:
                self.led = suit
                self.anti_led = suit == anti
                self.best = card
                self.best_seat = seat
            else:
                b = self.best
                bs = b >> 4
                if suit == bs:
                    better = (rank < (b & 15)) if res.low else (rank > (b & 15))
                elif suit == trump:
                    better = True
                else:
                    better = self.anti_led and bs == self.led and bs != trump
                if better:
                    self.best = card
                    self.best_seat = seat
            i += 1
            if i < n:
                res.count = i
                seat += 1
                if seat == n:
                    seat = 0
                self.turn = seat
                continue
            seat = self.best_seat
            if trick_no >= count_from:
                won[seat] += 1
            trick_no += 1
            self.trick_no = trick_no
            self.turn = seat   # ruling T-1
            res.count = 0
            if trick_no >= n_tricks:
                break
            res.low = (low_mask >> trick_no) & 1 != 0
        self.nodes += plays

    # -- the playout policy ---------------------------------------------------------------
    def want_win(self, seat):
        """Does `seat` want to take the current trick?  Driven by its goal."""
        g = self.goal[seat]
        mine = self.won[seat]
        if g < G_MAX:
            return mine < g
        if g == G_MAX:
            return True
        if g == G_MIN:
            return False
        lo = 99
        for s in range(self.n):
            if s != seat and self.won[s] < lo:
                lo = self.won[s]
        return mine <= lo   # Middle: climb while not above the lowest other seat

    def _pick(self, masks, strongest):
        """The strongest (or weakest) card of per-suit masks: in the trick's direction,
        trumps above the rest."""
        low = self.res.low
        top = self.n_ranks - 1
        trump = self.trump
        best = -1
        best_p = -1 if strongest else 99
        for s in range(4):
            m = masks[s]
            if not m:
                continue
            if strongest == low:
                m &= -m
            r = HIGH_BIT[m >> 8] + 8 if m >> 8 else HIGH_BIT[m]
            p = (top - r) if low else r
            if s == trump:
                p += 16
            if (p > best_p) if strongest else (p < best_p):
                best_p = p
                best = (s << 4) | r
        return best

    def policy(self, seat):
        """Cheap heuristic card for `seat`: win with the strongest card or the cheapest
        sure winner when it wants the trick; otherwise duck under with its strongest
        losing card, or shed its weakest card."""
        res = self.res
        hand = self.hands[seat]
        want = self.want_win(seat)
        count = res.count
        if count == 0:
            return self._pick(hand, want)
        last = count == self.n - 1
        led = self.led
        follow = hand[led]
        low = res.low
        b = self.best
        bs = b >> 4
        r = b & 15
        # Ranks of the winning card's suit that beat it.
        beat = ((1 << r) - 1) if low else ~((2 << r) - 1)
        if follow and res.mode == FOLLOW:
            # Must follow: every candidate is in the led suit; only a better card of the
            # led suit can take the lead, and only while the led suit is winning.
            wins = follow & beat if bs == led else 0
            if want:
                if wins:
                    m = wins
                    strongest = not last
                else:
                    m = follow
                    strongest = False
            else:
                m = follow & ~wins
                strongest = True
                if not m:
                    m = follow
                    strongest = last
            if strongest == low:
                m &= -m
            return (led << 4) | (HIGH_BIT[m >> 8] + 8 if m >> 8 else HIGH_BIT[m])
        legal = self.legal
        if follow:
            res.legal_masks(hand, legal)   # May Trump / Must Beat while following
        else:
            legal[0] = hand[0]             # void in the led suit: any card (every mode)
            legal[1] = hand[1]
            legal[2] = hand[2]
            legal[3] = hand[3]
        wins = self.wins
        trump = self.trump
        # A neutral card over anti-trump: every card of another suit takes the lead.
        over = self.anti_led and bs == led and bs != trump
        any_win = False
        any_lose = False
        for s in range(4):
            m = legal[s]
            if s == bs:
                w = m & beat
            elif s == trump or over:
                w = m
            else:
                w = 0
            wins[s] = w
            if w:
                any_win = True
            if m & ~w:
                any_lose = True
        if not any_win:
            return self._pick(legal, False)
        if want:
            return self._pick(wins, not last)
        if any_lose:
            for s in range(4):
                wins[s] = legal[s] & ~wins[s]
            return self._pick(wins, True)
        return self._pick(legal, last)
