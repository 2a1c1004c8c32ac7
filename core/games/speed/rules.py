"""Speed (also called Spit): the real-time two-player shedding game, as rules only.

There are no turns.  Both seats act whenever they like; every action carries a time stamp
in milliseconds from the start of the round, and `apply_at(t_ms, seat, action)` applies it
(or raises IllegalAction, state unchanged, with the reason).  Everything that follows an
action without a decision -- refilling the hand, stand-still flips, re-spits, the end of
the round, the next deal -- happens at once, at the same time stamp, and is logged as a
public event.  The engine therefore has no timed steps of its own (no `advance_to`).

Seats and piles (ruling SP-1): seat 0 is player 1.  The centre piles are named as player
1 sees them: L (index 0) belongs to seat 1, R (index 1) to seat 0; a stand-still flip goes
onto the flipping seat's own pile (SP-4).

Actions are small ints: a play of card c onto pile p is ``c << 1 | p`` (label "7H>L",
"7H>R"); SPIT (label "spit") is the Spit button, used by the Stand Still Spit and Winner
Yells Spit variants (SP-8).  See docs/speed.md.

Every pile lives in a preallocated bytearray, so reading the state into a SpeedView for a
bot (`fill_view`) allocates nothing.

A match is played to its target (ruling SP-7) with memory that does not grow with the
rounds: each round is a fresh deal of all 52 cards, so only the scores, the rounds won,
the round number and the PRNG state carry over.  `Speed` keeps the current round's timed
actions, its event log and the last finished round's summary, and `round_start()` says
where the round began (what a save holds: core/save.py, core/save_load.py; and what a
linked unit resynchronises from: core/link/lockstep.py; `resume_round` rebuilds from it).
`SpeedRecorded` keeps the whole match's log and every round's summary instead, for
whole-match records (core/replay.py, tools; a host-side linked unit asked to keep one).
Neither stops before the target: there is no round limit (issue #18).
"""
from core.cards import SPEED_DECK, RANK_MASK
from core.games.speed import options as speed_options
from core.game import Game, IllegalAction
from core.games.speed.defs import (N_RANKS, HAND_MAX, SPIT_DEAL, DRAW_DEAL, SEAT_CARDS, PILE_L,
                             PILE_R, SPIT, NO_ACTION, MAX_RESPITS, MAX_T_MS,
                             PILE_NAMES, OWN_PILE, FACE_VALUE, FITS, fits, play_action,
                             action_card, action_pile, is_play, action_label,
                             TimedLog, UntimedView, SpeedView)


class Speed(Game):
    NAME = "speed"
    # Bump whenever a change alters the outcome of any record (the link refuses to
    # seat units whose versions differ: docs/link.md, "Versions").
    RULES_VERSION = 2   # 2: SP-10 plays the 20th re-spit out (1 ended the round at it)
    PLAYERS = speed_options.PLAYERS
    RESPIT_LIMIT = MAX_RESPITS   # ruling SP-10 (a class attribute so tests can shorten it)
    OPTIONS = speed_options.OPTIONS   # the table lives in core/games/speed/options.py
    WHOLE_MATCH = False          # True: keep every round's actions and summary (SpeedRecorded)

    def __init__(self, options=None, seed=0, setup=None):
        """`setup(game)`, for tests and tutorials only, places the cards of the first round
        instead of the deal (tests/core/test_speed_support.py builds chosen positions)."""
        self._custom_setup = setup
        Game.__init__(self, options, seed)

    # -- set-up ------------------------------------------------------------------------
    def _setup(self):
        o = self.options
        self.count_down = bool(o["count_down_only"])
        self.stand_still_spit = bool(o["stand_still_spit"])
        self.winner_yells = bool(o["winner_yells_spit"])
        self.stalemate_variant = bool(o["spit_pile_stalemate"])
        self.fits = FITS[1 if self.count_down else 0]
        self.hand = (bytearray(HAND_MAX), bytearray(HAND_MAX))
        self.draw = (bytearray(SEAT_CARDS), bytearray(SEAT_CARDS))   # top = last
        self.spit = (bytearray(SEAT_CARDS), bytearray(SEAT_CARDS))   # top = last
        self.centre = (bytearray(52), bytearray(52))                 # top = last
        self.n_hand = [0, 0]
        self.n_draw = [0, 0]
        self.n_spit = [0, 0]
        self.n_centre = [0, 0]
        self.called = [False, False]
        self.scratch = bytearray(52)
        self.timed_history = TimedLog()
        self.history = UntimedView(self.timed_history)
        self.events_dropped = 0      # events trimmed from the front of self.events
        self._round_first_event = 0
        self.actions_dropped = 0     # actions of earlier rounds trimmed from timed_history
        self._round_first_action = 0
        # Where the current round began (round_start()): round, scores and rounds won
        # before it, PRNG state before its deal, actions and events before it (absolute).
        self._start = [0, 0, 0, 0, 0, 0, 0, 0, 0]
        self._before = None          # the summary of the round before the current one
        self.scores = [0, 0]
        self.rounds_won = [0, 0]
        self.rounds = []             # round summaries: the last one only, unless WHOLE_MATCH
        self.round_no = 0
        self.now = 0
        self.version = 0
        self.over = False
        self._start_round(self._custom_setup)
        self._custom_setup = None
        self._settle(-1)

    def _start_round(self, setup=None):
        st = self._start
        st[0] = self.round_no + 1
        st[1], st[2] = self.scores
        st[3], st[4] = self.rounds_won
        st[5], st[6] = self.rng.state()
        st[7] = self.actions_dropped + len(self.timed_history)
        st[8] = self.events_dropped + len(self.events)
        self._before = self.rounds[-1] if self.rounds else None
        self._round_first_action = len(self.timed_history)
        self.round_no += 1
        self.now = 0
        self.respits = 0
        self.standstills = 0
        self.round_over = False
        self.called[0] = self.called[1] = False
        if setup is not None:
            setup(self)
        else:
            deck = SPEED_DECK.cards()
            self.rng.shuffle(deck)
            # The deal (SP-1): spit piles, the two centre cards, draw piles, hands.
            i = 0
            for seat in (0, 1):
                i = self._fill(self.spit[seat], self.n_spit, seat, deck, i, SPIT_DEAL)
            for pile in (PILE_L, PILE_R):
                i = self._fill(self.centre[pile], self.n_centre, pile, deck, i, 1)
            for seat in (0, 1):
                i = self._fill(self.draw[seat], self.n_draw, seat, deck, i, DRAW_DEAL)
            for seat in (0, 1):
                i = self._fill(self.hand[seat], self.n_hand, seat, deck, i, HAND_MAX)
        self.version += 1
        self._round_first_event = len(self.events)
        self.log("deal", self.round_no, self.top(PILE_L), self.top(PILE_R))

    @staticmethod
    def _fill(buf, counts, index, deck, i, n):
        for k in range(n):
            buf[k] = deck[i + k]
        counts[index] = n
        return i + n

    # -- reading the state (no allocation) -----------------------------------------------
    def top(self, pile):
        return self.centre[pile][self.n_centre[pile] - 1]

    def can_play(self, seat):
        """True when some card in the seat's hand fits either centre top (SP-2)."""
        f = self.fits
        tl = self.top(PILE_L) & RANK_MASK
        tr = self.top(PILE_R) & RANK_MASK
        h = self.hand[seat]
        for k in range(self.n_hand[seat]):
            base = (h[k] & RANK_MASK) * N_RANKS
            if f[base + tl] or f[base + tr]:
                return True
        return False

    def cards_left(self, seat):
        """Hand + draw + spit: what SP-10 compares."""
        return self.n_hand[seat] + self.n_draw[seat] + self.n_spit[seat]

    def emptied(self, seat):
        return self.n_hand[seat] + self.n_draw[seat] == 0

    def _in_hand(self, seat, card):
        h = self.hand[seat]
        for k in range(self.n_hand[seat]):
            if h[k] == card:
                return k
        return -1

    def _may_spit(self, seat):
        if self.emptied(seat):
            return self.winner_yells               # SP-8 Winner Yells Spit: the yell
        return self.stand_still_spit and not self.called[seat] and not self.can_play(seat)

    def fill_view(self, seat, view):
        """Copy what `seat` may see into a SpeedView, allocating nothing."""
        view.seat = seat
        view.own_pile = OWN_PILE[seat]
        h = self.hand[seat]
        n = self.n_hand[seat]
        for k in range(n):
            view.hand[k] = h[k]
        view.n_hand = n
        view.tops[0] = self.top(PILE_L)
        view.tops[1] = self.top(PILE_R)
        c = view.counts
        for s in (0, 1):
            c[3 * s] = self.n_hand[s]
            c[3 * s + 1] = self.n_draw[s]
            c[3 * s + 2] = self.n_spit[s]
        view.count_down = self.count_down
        view.stand_still_spit = self.stand_still_spit
        view.winner_yells = self.winner_yells
        view.called = self.called[seat]
        view.opp_called = self.called[1 - seat]
        view.emptied = self.emptied(seat)
        view.opp_emptied = self.emptied(1 - seat)
        view.standstills = self.standstills
        view.round_no = self.round_no
        view.now = self.now
        view.version = self.version
        view.over = self.over

    # -- the Game interface ----------------------------------------------------------------
    def is_over(self):
        return self.over

    def to_move(self):
        if self.over:
            return ()
        return tuple([s for s in (0, 1) if self.legal_actions(s)])

    def legal_actions(self, seat):
        if self.over or seat not in (0, 1):
            return []
        out = []
        f = self.fits
        h = self.hand[seat]
        for k in range(self.n_hand[seat]):
            base = (h[k] & RANK_MASK) * N_RANKS
            for pile in (PILE_L, PILE_R):
                if f[base + (self.top(pile) & RANK_MASK)]:
                    out.append(play_action(h[k], pile))
        if self._may_spit(seat):
            out.append(SPIT)
        return out

    def action_label(self, action):
        return action_label(action)

    # Texts for tools live in core/games/speed/text.py, loaded on first use (not during a match).
    def all_action_ids(self):
        from core.games.speed.text import all_action_ids
        return all_action_ids()

    def event_text(self, event):
        """One public event as a readable line."""
        from core.games.speed.text import event_text
        return event_text(event)

    def parse_action(self, text):
        from core.games.speed.text import parse_action
        return parse_action(text)

    def legal_at(self, t_ms, seat, action):
        """True when this timed action is legal now (reason_at() says why not)."""
        return (not self.over and seat in (0, 1) and isinstance(t_ms, int)
                and self.now <= t_ms <= MAX_T_MS and action in self.legal_actions(seat))

    def reason_at(self, t_ms, seat, action):
        """None when this timed action is legal now, else (code, message, sentence) as
        Game.reason, from core/games/speed/why.py (loaded on a refusal only)."""
        if self.legal_at(t_ms, seat, action):
            return None
        from core.games.speed.why import reason_at
        return reason_at(self, t_ms, seat, action)

    def check_at(self, t_ms, seat, action):
        """The engine's message for why this timed action is illegal now, or None."""
        r = self.reason_at(t_ms, seat, action)
        return None if r is None else r[1]

    def is_legal(self, seat, action):
        return self.legal_at(self.now, seat, action)

    def reason(self, seat, action):
        return self.reason_at(self.now, seat, action)

    def check(self, seat, action):
        return self.check_at(self.now, seat, action)

    def apply_at(self, t_ms, seat, action):
        """Apply one timed action (ms since the round started), or raise IllegalAction."""
        why = self.check_at(t_ms, seat, action)
        if why is not None:
            raise IllegalAction(why)
        drop = self._round_first_event
        if drop:
            # The log holds one round: a whole match would not fit the device's heap.  The
            # finished round's events stay readable until the next action; `events_dropped`
            # counts what was trimmed, and the last round's summary stays in `rounds`.
            del self.events[:drop]
            self.events_dropped += drop
            self._round_first_event = 0
        drop = self._round_first_action
        if drop and not self.WHOLE_MATCH:
            # So does the timed log (SP-7: a match runs to its target, hundreds of rounds
            # with 1 Point Score): the finished round's actions are dropped now.
            self.timed_history.clear()
            self.actions_dropped += drop
            self._round_first_action = 0
        self.now = t_ms
        self.timed_history.append((t_ms, seat, action))
        self._apply(seat, action)

    def apply(self, seat, action):
        """An untimed action happens now (at the time of the last one)."""
        self.apply_at(self.now, seat, action)

    def _apply(self, seat, action):
        t = self.now
        if action == SPIT:
            if self.emptied(seat):
                self.log("spit", t, seat, "yell")
                self._end_round(seat, "yelled")        # SP-8 Winner Yells Spit
            else:
                self.called[seat] = True
                self.version += 1
                self.log("spit", t, seat, "stuck")
            self._settle(seat)
            return
        card = action >> 1
        pile = action & 1
        h = self.hand[seat]
        n = self.n_hand[seat]
        k = self._in_hand(seat, card)
        while k < n - 1:
            h[k] = h[k + 1]
            k += 1
        self.n_hand[seat] = n - 1
        self.centre[pile][self.n_centre[pile]] = card
        self.n_centre[pile] += 1
        self.version += 1
        got = 0
        while self.n_hand[seat] < HAND_MAX and self.n_draw[seat] > 0:   # SP-3
            self.n_draw[seat] -= 1
            h[self.n_hand[seat]] = self.draw[seat][self.n_draw[seat]]
            self.n_hand[seat] += 1
            got += 1
        self.log("play", t, seat, action, got)     # got: cards drawn to refill the hand
        self._settle(seat)

    # -- automatic steps -------------------------------------------------------------------
    def _settle(self, actor):
        """Run every automatic step the position calls for, until a seat has a decision."""
        while not self.over:
            if self.round_over:
                self._start_round()
                actor = -1
                continue
            for s in (0, 1):
                if self.called[s] and self.can_play(s):
                    self.called[s] = False     # a Spit call lapses once its caller can play
            if not self.winner_yells:
                # SP-6: a seat wins the moment it has emptied hand and draw; plays are
                # applied one at a time, so of two seats that would both empty on one
                # arbitrated event the earlier play has already won.
                first = actor if actor >= 0 else 0
                if self.emptied(first) or self.emptied(1 - first):
                    self._end_round(first if self.emptied(first) else 1 - first, "emptied")
                    continue
            if self.can_play(0) or self.can_play(1):
                return
            if self.winner_yells and (self.emptied(0) or self.emptied(1)):
                return      # SP-8: the seat that emptied can still yell: no stand-still
            if self.stand_still_spit and not (self.called[0] and self.called[1]):
                return                                         # SP-8 Stand Still Spit
            self._stand_still()

    def _stand_still(self):
        """Neither seat can play (SP-4): flip, or re-spit first (SP-5), or end (SP-10)."""
        t = self.now
        self.standstills += 1
        self.called[0] = self.called[1] = False
        if self.n_spit[0] == 0 and self.n_spit[1] == 0:
            if self.stalemate_variant:
                self.log("standstill", t, "stalemate")
                self._end_round(-1, "stalemate")              # SP-5 Spit Pile Stalemate
                return
            if self.respits >= self.RESPIT_LIMIT:
                # SP-10: this stand-still would need one re-spit too many; the last one
                # allowed has been played out, so the round ends here.
                self.log("standstill", t, "respit limit")
                self._end_round(self._fewer_cards(), "respit limit")
                return
            self._respit()
            if self.n_spit[0] == 0 and self.n_spit[1] == 0:
                self._end_round(self._fewer_cards(), "unbreakable")   # SP-10
                return
        self.log("standstill", t, "flip")
        for seat in (0, 1):
            n = self.n_spit[seat]
            if n:                                   # SP-4: an empty spit pile flips nothing
                card = self.spit[seat][n - 1]
                self.n_spit[seat] = n - 1
                pile = OWN_PILE[seat]
                self.centre[pile][self.n_centre[pile]] = card
                self.n_centre[pile] += 1
                self.log("flip", t, seat, play_action(card, pile))
        self.version += 1

    def _respit(self):
        """SP-5: pool hand and draw (n cards), shuffle, spit min(5, n-1), hand up to 5."""
        self.respits += 1
        buf = self.scratch
        for seat in (0, 1):
            n = 0
            h = self.hand[seat]
            for k in range(self.n_hand[seat]):
                buf[n] = h[k]
                n += 1
            d = self.draw[seat]
            for k in range(self.n_draw[seat]):
                buf[n] = d[k]
                n += 1
            self.rng.shuffle(buf, n)
            n_spit = min(SPIT_DEAL, n - 1) if n > 0 else 0   # never the last card
            n_hand = min(HAND_MAX, n - n_spit)
            i = self._fill(self.spit[seat], self.n_spit, seat, buf, 0, n_spit)
            i = self._fill(h, self.n_hand, seat, buf, i, n_hand)
            self._fill(d, self.n_draw, seat, buf, i, n - i)
        self.version += 1
        self.log("respit", self.now, self.respits, self.n_spit[0], self.n_spit[1])

    def _fewer_cards(self):
        a = self.cards_left(0)
        b = self.cards_left(1)
        if a == b:
            return -1
        return 0 if a < b else 1

    def _points(self, winner):
        loser = 1 - winner
        scoring = self.options["scoring"]
        if scoring == "automatic":
            return self.options["auto_points"]
        if scoring == "one_point":
            return self.n_hand[loser] + self.n_draw[loser]
        h = self.hand[loser]
        total = 0
        for k in range(self.n_hand[loser]):
            total += FACE_VALUE[h[k] & RANK_MASK]
        return total

    def _end_round(self, winner, reason):
        """SP-6/SP-7: score the round; the match ends at the target (one round by default)."""
        points = self._points(winner) if winner >= 0 else 0
        if winner >= 0:
            self.scores[winner] += points
            self.rounds_won[winner] += 1
        summary = {
            "round": self.round_no, "winner": winner if winner >= 0 else None,
            "reason": reason, "points": points, "t_ms": self.now,
            "cards_left": [self.cards_left(0), self.cards_left(1)],
            "respits": self.respits, "standstills": self.standstills}
        if self.WHOLE_MATCH:
            self.rounds.append(summary)
        else:
            self.rounds = [summary]     # memory that does not grow with the rounds (SP-7)
        self.log("round_end", self.now, self.round_no, winner, reason, points)
        self.round_over = True
        self.version += 1
        target = self.options["target"]
        if target == 0 or max(self.scores) >= target:      # SP-7: no round limit
            self.over = True

    # -- where the round began: saves (core/save.py, core/save_load.py) ---------------------
    def round_start(self):
        """Where the current round began, for a save: None in the first round (the record
        from the start is the save), else a dict: "round", "scores" and "won" (rounds won)
        before it, "rng" (the PRNG state before its deal), "actions" and "events" (how many
        came before it) and "last" (the summary of the round before it).  With the round's
        timed actions (round_actions()) it gives back the position (resume_round)."""
        st = self._start
        if st[0] <= 1:
            return None
        return {"round": st[0], "scores": [st[1], st[2]], "won": [st[3], st[4]],
                "rng": [st[5], st[6]], "actions": st[7], "events": st[8],
                "last": self._before}

    def round_actions(self):
        """(index, n) of the current round's actions in timed_history."""
        first = self._round_first_action
        return first, len(self.timed_history) - first

    def resume_round(self, start):
        """Go to the deal of the round that `start` (round_start() of a saved game) names:
        the game must be as created (options and seed); its timed actions follow through
        apply_at.  ValueError if `start` is not one."""
        def ints(v, n, top):
            if not (isinstance(v, list) and len(v) == n):
                return False
            for x in v:
                if not (isinstance(x, int) and 0 <= x < top):
                    return False
            return True
        if not isinstance(start, dict):
            raise ValueError("not a round start")
        no = start.get("round")
        last = start.get("last")
        if (not isinstance(no, int) or not 2 <= no < MAX_T_MS or
                not ints(start.get("scores"), 2, MAX_T_MS) or
                not ints(start.get("won"), 2, no) or
                not ints(start.get("rng"), 2, MAX_T_MS + 1) or
                not ints([start.get("actions"), start.get("events")], 2, MAX_T_MS) or
                not isinstance(last, dict) or last.get("round") != no - 1):
            raise ValueError("not a round start")
        if len(self.timed_history) or self.round_no != 1:
            raise ValueError("a round start applies to a game as dealt")
        target = self.options["target"]
        if target == 0 or max(start["scores"]) >= target:
            raise ValueError("the match was over before round %d" % no)
        self.rng.set_state(start["rng"])          # ValueError when out of range (first)
        self.scores[0], self.scores[1] = start["scores"]
        self.rounds_won[0], self.rounds_won[1] = start["won"]
        self.rounds = [dict(last)]
        self.round_no = no - 1
        self.actions_dropped = start["actions"]
        self.events = []
        self.events_dropped = start["events"]
        self._round_first_event = 0
        self._round_first_action = 0
        self.over = False
        self._start_round()
        self._settle(-1)

    # -- what each seat may know, and the result ---------------------------------------
    def observation(self, seat):
        """A new dict with what `seat` may know (ruling T-3)."""
        return {
            "seat": seat,
            "phase": "over" if self.over else "play",
            "round": self.round_no,
            "t": self.now,
            "legal": self.legal_actions(seat),
            "hand": [self.hand[seat][k] for k in range(self.n_hand[seat])],
            "tops": [self.top(PILE_L), self.top(PILE_R)],
            "own_pile": OWN_PILE[seat],
            "hand_counts": [self.n_hand[0], self.n_hand[1]],
            "draw_counts": [self.n_draw[0], self.n_draw[1]],
            "spit_counts": [self.n_spit[0], self.n_spit[1]],
            "scores": [self.scores[0], self.scores[1]],
            "spit_called": [self.called[0], self.called[1]],
            "emptied": [self.emptied(0), self.emptied(1)],
            "standstills": self.standstills,
            "respits": self.respits,
            "options": dict(self.options),
        }

    def _ranking(self):
        def better(a, b):
            if self.scores[a] != self.scores[b]:
                return self.scores[a] > self.scores[b]
            return self.rounds_won[a] > self.rounds_won[b]
        return [1, 0] if better(1, 0) else [0, 1]

    def result(self):
        ranking = self._ranking()
        first, second = ranking
        s = self.scores
        tied = s[0] == s[1] and self.rounds_won[0] == self.rounds_won[1]
        if tied and self.rounds_won[0] == 0:
            winners = []
            tiebreak = "No winner: no round was won."
        elif tied:
            winners = [0, 1]
            tiebreak = "Tied at %d points and %d rounds each: the victory is shared." % (
                s[0], self.rounds_won[0])
        elif s[first] != s[second]:
            winners = [first]
            tiebreak = "Seat %d wins on points, %d to %d." % (first, s[first], s[second])
        else:
            winners = [first]
            tiebreak = "Tied at %d points; seat %d won more rounds (%d to %d)." % (
                s[first], first, self.rounds_won[first], self.rounds_won[second])
        # "round_limit": always False since issue #18 (no match stops short of its target,
        # SP-7); kept so that results of every record version have the same keys
        return {"scores": [s[0], s[1]], "ranking": ranking, "winners": winners,
                "tiebreak": tiebreak, "rounds_won": [self.rounds_won[0], self.rounds_won[1]],
                "rounds": [dict(r) for r in self.rounds], "round_limit": False}


class SpeedRecorded(Speed):
    """Speed keeping the whole match: every timed action in `timed_history` (so `history`
    is the game record from action 0) and every round's summary in `rounds` (result()).

    For whole-match records (core/replay.py, tools) and host-side linked units that keep
    one (LinkUnit(keep_record=True)); its memory grows with the rounds, so the device
    plays `Speed`.  Played to the target like Speed (SP-7)."""
    WHOLE_MATCH = True


# The variant records replay in (core/replay.py) and a unit keeping a record plays.
Speed.RECORDED = SpeedRecorded
