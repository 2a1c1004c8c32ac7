"""Speed Run: a 3-player compendium trick-taker where every player is a declarer.

Rulebook: rules/seeds/000_00da486f22d95128.txt; rulings SR-1..SR-12 and T-1..T-4.
docs/speedrun.md maps the rules to this engine; docs/records.md lists the action ids.

A hand runs through these phases (the `phase` of an observation):
    select  the start player picks the trump suit or the card ranking, the next player
            picks the other (SR-8)
    bid     all three seats choose a contract card face down at once
    reveal  (Contract Reveal variant only) all three seats decide at once whether to show
            their contract; a Pass can only answer "noreveal" (SR-6)
    play    12 tricks, must follow, may beat (T-2); the third seat leads trick 1
then the hand is scored and the next one is dealt, until 6/9/12 hands are played (SR-2).
"""
from array import array

from core.cards import SPEEDRUN_DECK, new_hand, hand_add, hand_remove, hand_cards
from core.game import Game
from core.games.speedrun import view
from core.trick import TrickResolver, trick_is_low, NO_SUIT
from core.games.speedrun.defs import (N_PLAYERS, HAND_SIZE, N_TRICKS, N_BOARDS, A_TRUMP, A_NO_TRUMP,
                                A_RANK, A_CONTRACT, A_PASS, A_REDO, A_REVEAL, A_NOREVEAL,
                                RANKINGS, BOARD_NAMES, LENGTHS, P_SELECT, P_BID, P_REVEAL,
                                P_PLAY, P_OVER, NO_ENTRY, REVEALED, HIDDEN,
                                CompactHistory, board_mask, contract_diff, contract_score)
from core.games.speedrun import options

class SpeedRun(Game):
    NAME = "speedrun"
    # Bump whenever a change alters the outcome of any record (the link refuses to
    # seat units whose versions differ: docs/link.md, "Versions").
    RULES_VERSION = 1
    PLAYERS = options.PLAYERS
    OPTIONS = options.OPTIONS   # core/games/speedrun/options.py (rulings SR-1, SR-9)
    FORGET_SHOWN_EVENTS = True

    # -- set-up --------------------------------------------------------------------------
    def _setup(self):
        opts = self.options
        n_boards, n_pass, n_redo, n_hands = LENGTHS[opts["length"]]
        if opts["length"] == "short":
            boards = board_mask(opts["boards_short"])
        elif opts["length"] == "medium":
            boards = board_mask(opts["boards_medium"])
        else:
            boards = (1 << N_BOARDS) - 1
        self.n_players = N_PLAYERS
        self.n_hands = n_hands
        # At most 2 selections, 3 bids, 3 reveal decisions and 36 cards per hand.
        self.history = CompactHistory(n_hands * 44)
        self.boards = boards
        first = opts["first_start"]
        self.first_start = self.rng.below(N_PLAYERS) if first == "random" else first
        self.deck = SPEEDRUN_DECK
        self.resolver = TrickResolver(N_PLAYERS, SPEEDRUN_DECK.n_ranks)
        self._scratch = array("H", (0, 0, 0, 0))
        self._cards = SPEEDRUN_DECK.cards()
        # Contract cards per seat (SR-2): unplayed boards, Pass and Redo cards left.
        self.unplayed = [boards, boards, boards]
        self.passes = bytearray((n_pass, n_pass, n_pass))
        self.redos = bytearray((n_redo, n_redo, n_redo))
        # Scoresheet, index seat * 9 + board: tricks (NO_ENTRY = not scored) and score.
        # A Perfect Bonus is the only negative score (SR-5), so it needs no flag.
        self.sheet_tricks = bytearray(b"\xff" * (N_PLAYERS * N_BOARDS))
        self.sheet_score = array("b", bytes(N_PLAYERS * N_BOARDS))
        self.hand_points = []   # per hand: change of each seat's total
        self.hands = [new_hand(), new_hand(), new_hand()]
        self.undealt = bytearray(4)
        self.hand_no = 0
        self._start_hand()

    def _start_hand(self):
        """Ruling SR-9: the start player deals; the start player card passes clockwise."""
        self.start = (self.first_start + self.hand_no) % N_PLAYERS
        deck = self._cards
        self.rng.shuffle(deck)   # ruling T-4
        for s in range(N_PLAYERS):
            h = self.hands[s]
            for i in range(4):
                h[i] = 0
        # Dealt one at a time clockwise from the dealer's left; 4 stay face down.
        for i in range(N_PLAYERS * HAND_SIZE):
            hand_add(self.hands[(self.start + 1 + i) % N_PLAYERS], deck[i])
        for i in range(4):
            self.undealt[i] = deck[N_PLAYERS * HAND_SIZE + i]
        self.phase = P_SELECT
        self.trump = -1          # -1 not chosen yet, NO_SUIT for no trump, else a suit
        self.ranking = -1        # -1 not chosen yet, else an index into RANKINGS
        self.trump_by = -1
        self.rank_by = -1
        self.bids = bytearray(N_PLAYERS)           # action id, 0 = not bid yet
        self.reveals = bytearray(N_PLAYERS)
        self.tricks = bytearray(N_PLAYERS)
        self.trick_no = 0
        self.played = bytearray(N_TRICKS * N_PLAYERS)   # cards of this hand in play order
        self.leaders = bytearray(N_TRICKS)
        self.winners = bytearray(N_TRICKS)
        self.n_played = 0
        self.turn = -1
        self.log("hand_start", self.hand_no + 1, self.start)

    def set_hands(self, hands, undealt):
        """Replace the current deal (tests, puzzles): three lists of 12 cards and the 4
        undealt ones, together the whole deck.  Only before the hand's first selection."""
        if self.phase != P_SELECT or self.trump != -1 or self.ranking != -1:
            raise ValueError("set_hands only before the first selection of a hand")
        seen = []
        for h in hands:
            if len(h) != HAND_SIZE:
                raise ValueError("each hand holds 12 cards")
            seen.extend(h)
        if len(undealt) != 4:
            raise ValueError("4 cards stay undealt")
        seen.extend(undealt)
        if sorted(seen) != sorted(self._cards):
            raise ValueError("hands and undealt cards must be the 40 cards, each once")
        for s in range(N_PLAYERS):
            h = self.hands[s]
            for i in range(4):
                h[i] = 0
            for c in hands[s]:
                hand_add(h, c)
        for i in range(4):
            self.undealt[i] = undealt[i]

    # -- who decides, what is legal -------------------------------------------------------
    def is_over(self):
        return self.phase == P_OVER

    def to_move(self):
        p = self.phase
        if p == P_SELECT:
            if self.trump == -1 and self.ranking == -1:
                return (self.start,)
            return ((self.start + 1) % N_PLAYERS,)
        if p == P_PLAY:
            return (self.turn,)
        if p == P_BID:
            return tuple([s for s in range(N_PLAYERS) if not self.bids[s]])
        if p == P_REVEAL:
            return tuple([s for s in range(N_PLAYERS) if not self.reveals[s]])
        return ()

    def _completed(self, seat):
        """Mask of boards the seat has completed (played without Pass or Redo)."""
        return self.boards & ~self.unplayed[seat]

    def legal_actions(self, seat):
        if seat not in self.to_move():
            return []
        p = self.phase
        if p == P_PLAY:
            out = self._scratch
            self.resolver.legal_masks(self.hands[seat], out)
            return hand_cards(out)
        if p == P_SELECT:
            acts = []
            if self.trump == -1:
                acts.extend(range(A_TRUMP, A_NO_TRUMP + 1))
            if self.ranking == -1:
                acts.extend(range(A_RANK, A_RANK + len(RANKINGS)))
            return acts
        if p == P_BID:
            acts = []
            unplayed = self.unplayed[seat]
            for b in range(N_BOARDS):
                if (unplayed >> b) & 1:
                    acts.append(A_CONTRACT + b)
            if self.passes[seat]:
                acts.append(A_PASS)
            if self.redos[seat]:
                done = self._completed(seat)
                for b in range(N_BOARDS):
                    if (done >> b) & 1:
                        acts.append(A_REDO + b)
            return acts
        if p == P_REVEAL:
            if self.bids[seat] == A_PASS:
                return [A_NOREVEAL]   # ruling SR-6: a Pass cannot be revealed
            return [A_REVEAL, A_NOREVEAL]
        return []

    def _reason(self, seat, action):
        # The messages live in their own module, loaded only when an action is refused:
        # on a 64 KB heap every kilobyte of loaded code counts.
        from core.games.speedrun.why import reason
        return reason(self, seat, action)

    # -- applying actions -------------------------------------------------------------------
    def _apply(self, seat, action):
        p = self.phase
        if p == P_PLAY:
            self._play(seat, action)
        elif p == P_SELECT:
            self._select(seat, action)
        elif p == P_BID:
            self._bid(seat, action)
        else:
            self.reveals[seat] = REVEALED if action == A_REVEAL else HIDDEN
            if not self.to_move():
                for s in range(N_PLAYERS):
                    if self.reveals[s] == REVEALED:
                        self.log("reveal", s, BOARD_NAMES[self._bid_board(s)])
                self._start_play()

    def _select(self, seat, action):
        if action <= A_NO_TRUMP:
            self.trump = NO_SUIT if action == A_NO_TRUMP else action - A_TRUMP
            self.trump_by = seat
        else:
            self.ranking = action - A_RANK
            self.rank_by = seat
        self.log("select", seat, self.action_label(action))
        if self.trump != -1 and self.ranking != -1:
            self.resolver.set_rules(self.trump)
            self.phase = P_BID

    def _bid(self, seat, action):
        self.bids[seat] = action
        self.log("bid_placed", seat)   # a face-down card: only the fact is public
        if self.to_move():
            return
        # All cards are down: Redo cards are shown (SR-7); the contract under a Redo and
        # every other contract stay hidden.  The cards count as used from scoring on
        # (_spend), so that the public card counts give nothing away before then.
        for s in range(N_PLAYERS):
            if self.bids[s] >= A_REDO:
                self.log("redo", s)
        if self.options["reveal"]:
            self.phase = P_REVEAL
        else:
            self._start_play()

    def _bid_board(self, seat):
        a = self.bids[seat]
        if a == A_PASS:
            return -1
        return a - A_REDO if a >= A_REDO else a - A_CONTRACT

    def _start_play(self):
        self.phase = P_PLAY
        self.turn = (self.start + 2) % N_PLAYERS   # SR-8: the third player leads trick 1
        self._start_trick(self.turn)

    def _start_trick(self, leader):
        self.leaders[self.trick_no] = leader
        r = RANKINGS[self.ranking]
        self.resolver.start(trick_is_low(r[1], r[2], self.trick_no))   # ruling SR-3

    def _play(self, seat, card):
        hand_remove(self.hands[seat], card)
        res = self.resolver
        res.play(seat, card)
        self.played[self.n_played] = card
        self.n_played += 1
        self.log("play", seat, card)
        if not res.is_complete():
            self.turn = (seat + 1) % N_PLAYERS
            return
        w = res.winner_seat()
        self.tricks[w] += 1
        self.winners[self.trick_no] = w
        self.trick_no += 1
        self.log("trick_won", w, self.trick_no)
        if self.trick_no < N_TRICKS:
            self.turn = w   # ruling T-1
            self._start_trick(w)
        else:
            self._score_hand()

    # -- scoring ------------------------------------------------------------------------
    def _score_hand(self):
        t = self.tricks
        points = [0, 0, 0]
        for s in range(N_PLAYERS):
            a = self.bids[s]
            self._spend(s, a)
            if a == A_PASS:   # ruling SR-6: plays the hand, scores nothing
                self.log("score", s, "pass", t[s], 0, 0, False)
                continue
            b = self._bid_board(s)
            o1 = t[(s + 1) % N_PLAYERS]
            o2 = t[(s + 2) % N_PLAYERS]
            diff = contract_diff(b, t[s], min(o1, o2), max(o1, o2))
            score = contract_score(diff, self.reveals[s] == REVEALED)
            at = s * N_BOARDS + b
            if a >= A_REDO:
                # Ruling SR-7: replace only a strictly lower (better) score.
                kept = score < self.sheet_score[at]
                if kept:
                    points[s] = score - self.sheet_score[at]
                self.log("score", s, "redo:" + BOARD_NAMES[b], t[s], diff, score, kept)
            else:
                kept = True
                points[s] = score
                self.log("score", s, "contract:" + BOARD_NAMES[b], t[s], diff, score, kept)
            if kept:
                self.sheet_tricks[at] = t[s]
                self.sheet_score[at] = score
        self.hand_points.append(points)
        self.hand_no += 1
        self.log("hand_end", self.hand_no, self.totals())
        if self.hand_no >= self.n_hands:
            self.phase = P_OVER
            self.turn = -1
            self.log("game_over")
        else:
            self._start_hand()

    def _spend(self, seat, action):
        """Ruling SR-2: every contract card is used at most once."""
        if action == A_PASS:
            self.passes[seat] -= 1
        elif action >= A_REDO:
            self.redos[seat] -= 1
        else:
            self.unplayed[seat] &= ~(1 << (action - A_CONTRACT))

    def totals(self):
        out = []
        for s in range(N_PLAYERS):
            tot = 0
            for i in range(s * N_BOARDS, (s + 1) * N_BOARDS):
                tot += self.sheet_score[i]
            out.append(tot)
        return out

    def _perfects(self, seat):
        n = 0
        for i in range(seat * N_BOARDS, (seat + 1) * N_BOARDS):
            if self.sheet_score[i] < 0:
                n += 1
        return n

    def result(self):
        from core.games.speedrun.result import result     # at the end only
        return result(self)

    def observation(self, seat):
        return view.observation(self, seat)

    # -- action names ---------------------------------------------------------------------
    def action_label(self, action):
        if 0 <= action < 64:
            if self.deck.is_card(action):
                return self.deck.label(action)
        elif A_TRUMP <= action < A_NO_TRUMP:
            return "trump:" + self.deck.suits[action - A_TRUMP]
        elif action == A_NO_TRUMP:
            return "trump:none"
        elif A_RANK <= action < A_RANK + len(RANKINGS):
            return "rank:" + RANKINGS[action - A_RANK][0]
        elif A_CONTRACT <= action < A_CONTRACT + N_BOARDS:
            return "contract:" + BOARD_NAMES[action - A_CONTRACT]
        elif action == A_PASS:
            return "pass"
        elif A_REDO <= action < A_REDO + N_BOARDS:
            return "redo:" + BOARD_NAMES[action - A_REDO]
        elif action == A_REVEAL:
            return "reveal"
        elif action == A_NOREVEAL:
            return "noreveal"
        return "?%d" % action

    def all_action_ids(self):
        ids = [c for c in self._cards]
        ids.sort()
        ids.extend(range(A_TRUMP, A_RANK + len(RANKINGS)))
        ids.extend(range(A_CONTRACT, A_REDO + N_BOARDS))
        ids.append(A_REVEAL)
        ids.append(A_NOREVEAL)
        return ids
