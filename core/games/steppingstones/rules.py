"""Stepping Stones: a 3-player compendium trick-taker with one declarer per hand.

Rulebook: rules/seeds/002_acaa7725b7692ab6.txt; rulings SS-1..SS-11 and T-1..T-4.
Seats 0, 1, 2 sit clockwise (seat + 1 is the next player).  Each hand: the forehand's
deal of 12 cards each, bidding from the forehand (pass or bid; the puddle when all pass),
the declarer's announcements (card ranking, then trump for Pick/May Trump), 12 tricks led
first by the declarer, then the declarer's result goes on the scoresheet.  docs/
steppingstones.md maps every rule to the code; docs/records.md lists the action ids.

Action ids: a card play is the card itself (0..63, labelled "7H"); the other decisions:
    64 pass, 65+k "bid:<contract k>", 72+k "redo:<contract k>",
    79 "rank:9high", 80 "rank:1high", 81+s "trump:<S|H|D|C>".
"""
from micropython import const

from core.cards import STEPPING_DECK, hand_add, hand_cards, hand_clear, hand_remove, new_hand
from core.game import Game
from core.games.steppingstones import options as steppingstones_options
from core.games.steppingstones.log import EventLog, PairLog
from core.trick import (FOLLOW, MAY_TRUMP, MUST_BEAT, NO_SUIT, RANK_HIGH, RANK_LOW, RANK_SLALOM,
                        TrickResolver, trick_is_low)
from core.games.steppingstones.defs import (BID_BASE, F_LAST6, F_LOSE, F_MAY_TRUMP, F_MUST_BEAT, F_SLALOM,
                                            F_TRUMP, KIND_FLAGS, KIND_NAMES, LAST_ACTION, NONE, PASS,
                                            PHASE_NAMES, RANK_1HIGH, RANK_9HIGH, REDO_BASE, TRUMP_BASE)

_N_PLAYERS = const(3)
_HAND_SIZE = const(12)
_N_TRICKS = const(12)
_LAST6_FROM = const(6)       # ruling SS-5: tricks 7-12 are indices 6..11


# Ruling SS-1: the two contract sets, in scoresheet order.
_STARTER = (0, 1, 2, 3)
_ADVANCED = (0, 4, 5, 6)

# Phases.
_BIDDING = const(0)
_RANKING = const(1)
_TRUMPING = const(2)
_PLAYING = const(3)
_OVER = const(4)

RANK_POINTS = (3, 1, -1)  # ruling SS-6: First, Second, Last

# Public events (self.events), each (name, args...); see docs/steppingstones.md.
EVENT_NAMES = ("hand", "pass", "puddle", "bid", "redo", "rank", "trump", "play", "trick",
               "result", "game_over")
EVENT_STRINGS = KIND_NAMES + ("forced", "9high", "1high") + tuple(STEPPING_DECK.suits)


def better_result(new, old, lower_better):
    """True when `new` tricks beat `old` on this contract (ruling SS-9: ties keep old)."""
    return new < old if lower_better else new > old


def row_points(values, lower_better):
    """Game points of one complete scoresheet row (ruling SS-6).

    Each player spans the ranks from (players strictly better) to (that + players tied
    with them) and gets the mean of RANK_POINTS over that span: two tied first 2 each,
    two tied last 0 each, all three 1 each.  Every such mean is a whole number."""
    out = []
    for v in values:
        better = 0
        tied = 0
        for w in values:
            if better_result(w, v, lower_better):
                better += 1
            elif w == v:
                tied += 1   # counts the player too
        total = 0
        for r in range(better, better + tied):
            total += RANK_POINTS[r]
        out.append(total // tied)
    return out


def placed_first(values, lower_better):
    """Who placed first (alone or shared) in a complete row: ruling SS-10's tie-break."""
    out = []
    for v in values:
        first = True
        for w in values:
            if better_result(w, v, lower_better):
                first = False
        out.append(first)
    return out


def _suit_name(suit):
    return STEPPING_DECK.suits[suit]


class SteppingStones(Game):
    NAME = "steppingstones"
    # Bump whenever a change alters the outcome of any record (the link refuses to
    # seat units whose versions differ: docs/link.md, "Versions").
    RULES_VERSION = 1
    PLAYERS = steppingstones_options.PLAYERS
    OPTIONS = steppingstones_options.OPTIONS   # the table lives in core/games/steppingstones/options.py
    n_players = _N_PLAYERS

    # -- set-up and hand flow ----------------------------------------------------------
    def _setup(self):
        # Byte-packed logs: a 15-hand game's tuples would not fit a 64 KB heap.  They grow
        # by 240-byte chunks as the game goes (no large block ever): reserving the longest
        # game up front held ~5 KB of empty chunks at the deal, the app's peak.
        self.history = PairLog()
        self.events = EventLog(EVENT_NAMES, EVENT_STRINGS)
        self.rows = _ADVANCED if self.options["contracts"] == "advanced" else _STARTER
        # results[seat][row]: the declarer's counted tricks, NONE until completed.
        self.results = [[NONE] * len(self.rows) for _ in range(_N_PLAYERS)]
        self.tokens = bytearray((1 if self.options["redo"] else 0,) * _N_PLAYERS)
        self.hands = [new_hand() for _ in range(_N_PLAYERS)]
        self._scratch = new_hand()
        self._deck = STEPPING_DECK.cards()
        self.resolver = TrickResolver(_N_PLAYERS, STEPPING_DECK.n_ranks)
        self.played = new_hand()     # per-suit masks of the cards played this hand
        self.last_trick = bytearray(2 * _N_PLAYERS)      # seat, card pairs of the last trick
        self.tricks_won = bytearray(_N_PLAYERS)
        first = self.options["first_forehand"]
        self.forehand = self.rng.below(_N_PLAYERS) if first == "random" else int(first)
        self.hand_no = 0
        self._start_hand()

    def _start_hand(self):
        self.hand_no += 1
        self.phase = _BIDDING
        self.declarer = NONE
        self.kind = NONE
        self.row = NONE
        self.redo_hand = False
        self.start_low = False
        self.ranking = RANK_HIGH
        self.trump = NO_SUIT
        self.passed = 0          # bit per seat that passed this hand
        self.puddle = False
        self.trick_no = 0
        self.counted = 0         # the declarer's tricks that count (SS-5)
        self.turn = NONE
        for s in range(_N_PLAYERS):
            self.tricks_won[s] = 0
            hand_clear(self.hands[s])
        hand_clear(self.played)
        # Ruling T-4: the forehand shuffles with the game's PRNG and deals one card at a
        # time clockwise, starting at their left.
        deck = self._deck
        self.rng.shuffle(deck)
        for i in range(_N_PLAYERS * _HAND_SIZE):
            hand_add(self.hands[(self.forehand + 1 + i) % _N_PLAYERS], deck[i])
        self.log("hand", self.hand_no, self.forehand)
        self.bidder = self.forehand
        self._skip_forced_passes()

    def _finished(self, seat):
        for v in self.results[seat]:
            if v == NONE:
                return False
        return True

    def _all_finished(self):
        for s in range(_N_PLAYERS):
            if not self._finished(s):
                return False
        return True

    def _bids(self, seat):
        """Bid and redo actions open to `seat` (ruling SS-3, SS-9), pass excluded."""
        out = []
        res = self.results[seat]
        for row in range(len(self.rows)):
            if res[row] == NONE:
                out.append(BID_BASE + self.rows[row])
        if self.tokens[seat]:
            for row in range(len(self.rows)):
                if res[row] != NONE:
                    out.append(REDO_BASE + self.rows[row])
        return out

    def _skip_forced_passes(self):
        """A bidder with nothing to bid must pass (ruling SS-3); do it for them."""
        while not self._bids(self.bidder):
            if self.puddle:
                raise RuntimeError("seat %d is in the puddle with nothing to bid" % self.bidder)
            self.log("pass", self.bidder, "forced")
            self._passes(self.bidder)

    def _passes(self, seat):
        self.passed |= 1 << seat
        if self.passed == (1 << _N_PLAYERS) - 1:
            # Ruling SS-3: all three passed; the forehand is in the puddle and must bid.
            self.puddle = True
            self.bidder = self.forehand
            self.log("puddle", self.forehand)
        else:
            self.bidder = (seat + 1) % _N_PLAYERS

    def _start_play(self):
        flags = KIND_FLAGS[self.kind]
        mode = MUST_BEAT if flags & F_MUST_BEAT else (MAY_TRUMP if flags & F_MAY_TRUMP else FOLLOW)
        self.resolver.set_rules(self.trump, NO_SUIT, mode)
        if flags & F_SLALOM:
            self.ranking = RANK_SLALOM     # ruling SS-2: the announced rank is trick 1's
        else:
            self.ranking = RANK_LOW if self.start_low else RANK_HIGH
        self.phase = _PLAYING
        self.turn = self.declarer          # the declarer leads the first trick
        self.resolver.start(trick_is_low(self.ranking, self.start_low, 0))

    def _end_trick(self):
        res = self.resolver
        winner = res.winner_seat()
        for i in range(_N_PLAYERS):
            self.last_trick[2 * i] = res.seats[i]
            self.last_trick[2 * i + 1] = res.cards[i]
        self.tricks_won[winner] += 1
        if winner == self.declarer and (self.trick_no >= _LAST6_FROM or not KIND_FLAGS[self.kind] & F_LAST6):
            self.counted += 1              # ruling SS-5 for Win Last 6
        self.log("trick", self.trick_no, winner)
        self.trick_no += 1
        if self.trick_no == _N_TRICKS:
            self._end_hand()
        else:
            self.turn = winner             # ruling T-1
            res.start(trick_is_low(self.ranking, self.start_low, self.trick_no))

    def _end_hand(self):
        d = self.declarer
        old = self.results[d][self.row]
        new = self.counted
        lower = KIND_FLAGS[self.kind] & F_LOSE
        kept = old == NONE or better_result(new, old, lower)   # ruling SS-9
        if kept:
            self.results[d][self.row] = new
        self.log("result", d, new, self.results[d][self.row])   # tricks now, on the sheet
        if self._all_finished():
            self.phase = _OVER
            self.turn = NONE
            self.log("game_over")
            return
        # Ruling SS-4: pass the forehand clockwise, skipping players who completed every
        # contract unless (Redo variant) they still hold their token.
        f = self.forehand
        while True:
            f = (f + 1) % _N_PLAYERS
            if not self._finished(f) or self.tokens[f]:
                break
        self.forehand = f
        self._start_hand()

    # -- the Game interface --------------------------------------------------------------
    def to_move(self):
        ph = self.phase
        if ph == _BIDDING:
            return (self.bidder,)
        if ph == _RANKING or ph == _TRUMPING:
            return (self.declarer,)
        if ph == _PLAYING:
            return (self.turn,)
        return ()

    def legal_actions(self, seat):
        if seat not in self.to_move():
            return []
        ph = self.phase
        if ph == _BIDDING:
            out = self._bids(seat)
            if not self.puddle:
                out.insert(0, PASS)
            return out
        if ph == _RANKING:
            return [RANK_9HIGH, RANK_1HIGH]
        if ph == _TRUMPING:
            return [TRUMP_BASE + s for s in range(4)]
        scratch = self._scratch
        self.resolver.legal_masks(self.hands[seat], scratch)
        return hand_cards(scratch)

    def _apply(self, seat, action):
        ph = self.phase
        if ph == _BIDDING:
            if action == PASS:
                self.log("pass", seat)
                self._passes(seat)
                self._skip_forced_passes()
                return
            self.declarer = seat
            if action >= REDO_BASE:
                self.kind = action - REDO_BASE
                self.redo_hand = True
                self.tokens[seat] = 0
                self.log("redo", seat, KIND_NAMES[self.kind])
            else:
                self.kind = action - BID_BASE
                self.log("bid", seat, KIND_NAMES[self.kind])
            self.row = self.rows.index(self.kind)
            self.phase = _RANKING
        elif ph == _RANKING:
            self.start_low = action == RANK_1HIGH
            self.log("rank", seat, "1high" if self.start_low else "9high")
            if KIND_FLAGS[self.kind] & F_TRUMP:
                self.phase = _TRUMPING
            else:
                self._start_play()
        elif ph == _TRUMPING:
            self.trump = action - TRUMP_BASE
            self.log("trump", seat, _suit_name(self.trump))
            self._start_play()
        else:
            hand_remove(self.hands[seat], action)
            self.resolver.play(seat, action)
            hand_add(self.played, action)
            self.log("play", seat, action)
            if self.resolver.is_complete():
                self._end_trick()
            else:
                self.turn = (seat + 1) % _N_PLAYERS

    def _reason(self, seat, action):
        # Loaded only when needed: the messages cost RAM that normal play never uses.
        from core.games.steppingstones.why import reason
        return reason(self, seat, action)

    def is_over(self):
        return self.phase == _OVER

    # -- labels ------------------------------------------------------------------------
    def action_label(self, action):
        if 0 <= action < PASS and STEPPING_DECK.is_card(action):
            return STEPPING_DECK.label(action)
        if action == PASS:
            return "pass"
        if BID_BASE <= action < REDO_BASE:
            return "bid:" + KIND_NAMES[action - BID_BASE]
        if REDO_BASE <= action < RANK_9HIGH:
            return "redo:" + KIND_NAMES[action - REDO_BASE]
        if action == RANK_9HIGH:
            return "rank:9high"
        if action == RANK_1HIGH:
            return "rank:1high"
        if TRUMP_BASE <= action <= LAST_ACTION:
            return "trump:" + _suit_name(action - TRUMP_BASE)
        return "action%d" % action

    def all_action_ids(self):
        return list(STEPPING_DECK.cards()) + list(range(PASS, LAST_ACTION + 1))

    # -- what a seat may know (ruling T-3) ------------------------------------------------
    def _row_values(self, row):
        return [self.results[s][row] for s in range(_N_PLAYERS)]

    def _scoresheet(self):
        """Rows of the scoresheet, game points from the current results (SS-6)."""
        sheet = []
        totals = [0] * _N_PLAYERS
        firsts = [0] * _N_PLAYERS
        for row in range(len(self.rows)):
            kind = self.rows[row]
            values = self._row_values(row)
            points = None
            if NONE not in values:
                lower = KIND_FLAGS[kind] & F_LOSE
                points = row_points(values, lower)
                first = placed_first(values, lower)
                for s in range(_N_PLAYERS):
                    totals[s] += points[s]
                    if first[s]:
                        firsts[s] += 1
            sheet.append({"contract": KIND_NAMES[kind],
                          "tricks": [None if v == NONE else v for v in values],
                          "points": points})
        return sheet, totals, firsts

    def observation(self, seat):
        sheet, totals, firsts = self._scoresheet()
        res = self.resolver
        trick = []
        if self.phase == _PLAYING:
            for i in range(res.count):
                trick.append([res.seats[i], res.cards[i]])
        last = []
        if self.trick_no:
            for i in range(_N_PLAYERS):
                last.append([self.last_trick[2 * i], self.last_trick[2 * i + 1]])
        playing = self.phase == _PLAYING
        return {
            "seat": seat,
            "phase": PHASE_NAMES[self.phase],
            "legal": self.legal_actions(seat),
            "hand": hand_cards(self.hands[seat]),
            "hand_no": self.hand_no,
            "forehand": self.forehand,
            "bidder": self.bidder if self.phase == _BIDDING else None,
            "passed": [s for s in range(_N_PLAYERS) if self.passed >> s & 1],
            "puddle": self.puddle,
            "declarer": None if self.declarer == NONE else self.declarer,
            "contract": None if self.kind == NONE else KIND_NAMES[self.kind],
            "redo_hand": self.redo_hand,
            "rank": None if self.phase < _TRUMPING else ("1high" if self.start_low else "9high"),
            "trump": None if self.trump == NO_SUIT else self.trump,
            "trick_no": self.trick_no,
            "trick": trick,
            "trick_low": bool(playing and res.low),
            "last_trick": last,
            "played": list(self.played),
            "tricks_won": list(self.tricks_won),
            "declarer_tricks": self.counted,
            "tokens": list(self.tokens),
            "scoresheet": sheet,
            "scores": totals,
        }

    def result(self):
        from core.games.steppingstones.result import standings     # at the end only
        sheet, totals, firsts = self._scoresheet()
        ranking, winners, why = standings(totals, firsts)
        return {"scores": totals, "ranking": ranking, "winners": winners, "tiebreak": why,
                "firsts": firsts, "scoresheet": sheet, "hands": self.hand_no,
                "tokens_left": list(self.tokens)}
