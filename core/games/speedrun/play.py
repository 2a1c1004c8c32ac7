"""Speed Run card play: the PIMC adapter (core/ai/pimc.py) for the seat deciding.

`setup(obs, legal)` reads the position from the observation: own hand, cards played and
by whom, voids shown by failing to follow, tricks won, the contracts known (own; others'
when revealed) and those still possible for the others (from their scoresheets).  Per
sampled deal, `determinize` models each unrevealed opponent's contract as the one the
bidding table prefers for its sampled hand plus the cards it has played; `utility` is
the seat's own contract score (x4, doubled when revealed) or, for a Pass, the others'
modelled scores.  `determinize` and `utility` allocate nothing.
"""
from array import array

from micropython import const

from core.trick import NO_SUIT, FOLLOW
from core.games.speedrun.defs import RANKINGS, BOARD_NAMES, contract_diff, contract_score
from core.ai.sim import TrickSim, G_MAX, G_MIN, G_MIDDLE
from core.ai.sampler import HandSampler
from core.ai.pimc import Pimc, distinct
from core.games.speedrun import eval as ev
from core.games.speedrun.eval import _board_of, _ranking_of, _trump_of, _mask_of

N_PLAYERS = const(3)
N_BOARDS = const(9)
# Playout goal per board (SR-1 order): Win 0/1/4/5/7/9, Least, Middle, Most.
GOALS = (0, 1, 4, 5, 7, 9, G_MIN, G_MIDDLE, G_MAX)
_PASS_BOARD = const(255)
# Sampled deals solved exactly (core/ai/exact.py) from this many cards left to play
# (0: never).  Off: from EXACT_MEASURED cards, the best setting tried, it gained no
# points against greedy and cost 3.5-6 KB of peak heap and ~200 ms of p95 device time
# (docs/ai.md, "Exact endings"); tests/core/test_ai_exact.py keeps the solver right.
EXACT_CARDS = const(0)
EXACT_MEASURED = const(9)


class SpeedRunPlay:
    """The search machinery, shared by a game's AI seats (core/ai/sliced.py)."""
    n = N_PLAYERS

    def __init__(self, n=N_PLAYERS, exact_cards=EXACT_CARDS):
        self.harm = 0
        self.sim = TrickSim(N_PLAYERS, 10, 12)
        # Sized to the deal: two other seats and the 4 undealt cards hold the unseen
        # cards (of 40), and a hand has at most 12 candidate cards.
        self.sampler = HandSampler(None, 3, 40)   # the borrowing seat's PRNG
        self.pimc = Pimc(self.sim, self.sampler, self, 12, exact_cards)
        self.me = 0
        self.opps = bytearray(2)
        self.my_board = _PASS_BOARD
        self.revealed = False
        self.opp_board = bytearray(N_PLAYERS)
        self.opp_known = bytearray(N_PLAYERS)
        self.opp_cands = array("H", (0, 0, 0))
        # Per seat 4 suit masks at [4 * seat]: one array, not one per seat (less heap).
        self.played_by = array("H", range(4 * N_PLAYERS))
        self.scratch = array("H", (0, 0, 0, 0))
        self.trump = NO_SUIT
        self.ranking = 0
        self.start_low = False
        self.fam = 0

    def setup(self, obs, legal, harm=0):
        """Load the position; return the candidate cards.  harm: weight of the others'
        modelled scores in the utility (the deciding AI's setting)."""
        me = obs["seat"]
        self.me = me
        self.harm = harm
        sim = self.sim
        rk = _ranking_of(obs["ranking"])
        _, mode, low = RANKINGS[rk]
        trump = _trump_of(obs["trump"])
        self.trump = trump
        self.ranking = mode
        self.start_low = low
        self.fam = ev.family(trump, mode)
        sim.set_rules(trump, NO_SUIT, FOLLOW, mode, low)
        for s in range(N_PLAYERS):
            for i in range(4):
                sim.hands[s][i] = 0
                self.played_by[4 * s + i] = 0
            sim.won[s] = obs["tricks_won"][s]
        seen = _mask_of(obs["hand"])
        for i in range(4):
            sim.hands[me][i] = seen[i]
        voids = [0, 0, 0]
        played = obs["played"]
        leaders = obs["trick_leaders"]
        for k in range(len(leaders)):
            # A finished trick: its cards in play order from its leader (no list of
            # (seat, card) pairs built: ~2 KB less garbage per decision late in a hand).
            led = played[3 * k] >> 4
            for i in range(3):
                self._note_card((leaders[k] + i) % N_PLAYERS, played[3 * k + i], led, voids, seen)
        trick = obs["trick"]
        if trick:
            led = trick[0][1] >> 4
            for seat, c in trick:
                self._note_card(seat, c, led, voids, seen)
        leader = trick[0][0] if trick else me
        cur = [c for _, c in trick]
        sim.begin(len(leaders), leader, cur)
        unknown = []
        for s in range(4):
            for r in range(10):
                if not (seen[s] >> r) & 1:
                    unknown.append(s << 4 | r)
        self.opps[0] = (me + 1) % N_PLAYERS
        self.opps[1] = (me + 2) % N_PLAYERS
        if self.pimc.exact:
            for s in range(N_PLAYERS):
                self.pimc.exact.ally(s, s == me)
        caps = []
        for o in self.opps:
            n = 0
            for i in range(4):
                m = self.played_by[4 * o + i]
                while m:
                    m &= m - 1
                    n += 1
            caps.append(12 - n)
        caps.append(len(unknown) - caps[0] - caps[1])   # the 4 undealt cards
        self.sampler.setup(unknown, caps, [voids[self.opps[0]], voids[self.opps[1]], 0])
        # Goals: our own contract; the others' when revealed, else modelled per sample.
        bids = obs["bids"]
        b = _board_of(bids[me])
        self.my_board = _PASS_BOARD if b < 0 else b
        self.revealed = bool(obs.get("my_reveal"))
        sim.goal[me] = G_MIN if b < 0 else GOALS[b]
        sheets = obs["sheet_scores"]
        for o in self.opps:
            ob = _board_of(bids[o])
            self.opp_known[o] = 1 if ob >= 0 else 0
            self.opp_board[o] = ob if ob >= 0 else 0
            if ob >= 0:
                sim.goal[o] = GOALS[ob]
            done = 0
            for bb in range(N_BOARDS):
                if sheets[o][bb] is not None:
                    done |= 1 << bb
            if bids[o] == "redo":
                cands = done
            else:
                cands = 0
                for name in obs["boards"]:
                    cands |= 1 << BOARD_NAMES.index(name)
                cands &= ~done
            self.opp_cands[o] = cands or 1
        return distinct(sorted(legal), seen, cur)

    def _note_card(self, seat, c, led, voids, seen):
        """Record card `c` played by `seat` to a trick led in suit `led`: who played it,
        and a void when it did not follow."""
        self.played_by[4 * seat + (c >> 4)] |= 1 << (c & 15)
        seen[c >> 4] |= 1 << (c & 15)
        if (c >> 4) != led:
            voids[seat] |= 1 << led

    # -- the PIMC adapter (no allocation below) ---------------------------------------------
    def determinize(self, sim, sampler):
        for i in range(2):
            o = self.opps[i]
            h = sim.hands[o]
            src = sampler.out[i]
            h[0] = src[0]
            h[1] = src[1]
            h[2] = src[2]
            h[3] = src[3]
            if not self.opp_known[o]:
                b = self._model_board(o, h)
                self.opp_board[o] = b
                sim.goal[o] = GOALS[b]

    def _model_board(self, seat, hand):
        """The contract a seat holding `hand` (plus what it played) would most likely
        have chosen, by the same table the AI bids with."""
        full = self.scratch
        pb = self.played_by
        j = 4 * seat
        full[0] = hand[0] | pb[j]
        full[1] = hand[1] | pb[j + 1]
        full[2] = hand[2] | pb[j + 2]
        full[3] = hand[3] | pb[j + 3]
        bkt = ev.bucket(ev.estimate(full, self.trump, self.ranking, self.start_low))
        cands = self.opp_cands[seat]
        best = 0
        best_v = 9999
        for b in range(N_BOARDS):
            if (cands >> b) & 1:
                v = ev.expected_score(self.fam, bkt, b)
                if v < best_v:
                    best_v = v
                    best = b
        return best

    def _score(self, seat, board, won):
        o1 = won[(seat + 1) % N_PLAYERS]
        o2 = won[(seat + 2) % N_PLAYERS]
        lo = o1 if o1 < o2 else o2
        hi = o1 + o2 - lo
        return contract_score(contract_diff(board, won[seat], lo, hi), False)

    def utility(self, sim):
        won = sim.won
        u = 0
        if self.my_board != _PASS_BOARD:
            s = self._score(self.me, self.my_board, won)
            u = -(s * 2 if self.revealed else s) * 4
        if self.harm or self.my_board == _PASS_BOARD:
            w = self.harm if self.harm else 1
            for i in range(2):
                o = self.opps[i]
                u += w * self._score(o, self.opp_board[o], won)
        return u
