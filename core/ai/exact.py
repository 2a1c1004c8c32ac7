"""Exact solution of a sampled deal's last tricks: alpha-beta over the TrickSim (issue #17).

Late in a hand PIMC (core/ai/pimc.py) solves each sampled deal exactly instead of
finishing it with one heuristic playout (the GIB approach: fewer samples, each exact).
The solver searches from the position the simulator holds to the end of the hand and
returns the game adapter's `utility(sim)` there, the real contract objective (exact
trick counts, Least/Middle/Most, a bid, a row of the scoresheet).

Each seat has a side (`side[seat]`): MAX seats (the deciding seat, its partner) choose
the card that maximises the utility, MIN seats the one that minimises it, POLICY seats
play the simulator's playout policy (one move, no branching: an opponent modelled by its
goal rather than as an enemy of ours).  Alpha-beta with fail-soft bounds, a small
transposition table probed at trick boundaries (Zobrist key of who holds which card,
the leader and the counted tricks; value with its bound, best move), the TT move then
the ply's killer card tried first, and one card per run of equivalent cards (every card
ranked between them held by the same seat or out of play; a card lying in the trick in
progress is not out of play, see pimc.distinct).

The search is iterative (explicit per-ply stacks), so it is sliced like the rest of the
AI: `begin()` then `step(units)` until True, `value` then holds the result.  Work units
are the simulator's card plays: one per node, though a node (moves, play, undo, table)
costs about 2.5 playout card plays on the unix port (counting 2 per node took samples
from PIMC and cost Reds points, docs/ai.md "Exact endings").  Nothing allocates after
__init__ (tests/core/test_ai_exact.py runs it under heap_lock); every int stays below
2**30.
"""
from array import array

from micropython import const

from core.prng import Prng
from core.ai.sim import HIGH_BIT

MIN = const(0)
MAX = const(1)
POLICY = const(2)

INF = const(0x3FFFFFF)
_EXACT = const(0)
_LOWER = const(1)
_UPPER = const(2)
_ENTER = const(0)
_NEXT = const(1)
_RET = const(2)
_ZMASK = const(0x3FFFFFFF)
_NONE = const(255)


class Exact:
    def __init__(self, sim, adapter, max_cards, max_moves, suits=4, tt_bits=5):
        """sim: the TrickSim searched; adapter: `utility(sim)` (int) at the end of the hand;
        max_cards: the most cards left to play at a root (plies); max_moves: the most
        cards a hand can hold; suits: how many suits the deck has; tt_bits: log2 of the
        transposition table's entries."""
        n = sim.n
        self.sim = sim
        self.adapter = adapter
        self.side = bytearray(n)
        self.width = max_moves
        p = max_cards + 1
        self.moves = bytearray(p * max_moves)
        # Per ply, in one buffer each (fewer heap objects): moves, next move, best move,
        # killer at [k * p + ply]; alpha, beta, alpha and beta on entry, best value, TT
        # key at [k * p + ply].
        self.pb = bytearray(4 * p)
        self.pi = array("i", range(6 * p))
        self.p = p
        # Undo records, offset by n so that the trick in progress at the root (played
        # before the search) sits just below ply 0: card at [n + ply], then seat, led,
        # best card, its seat, flags (1 anti_led, 2 low, 4 trick completed, 8 counted),
        # trick number at [k * q + n + ply].
        q = p + n
        self.ub = bytearray(7 * q)
        self.q = q
        # Zobrist keys: (seat, card) at seat * zs + card; the leader at seat * zs + zs - 1
        # (no card); counted tricks at zs * n + seat * (n_tricks + 1) + won.
        zs = 16 * (suits - 1) + sim.n_ranks + 1
        self.zs = zs
        k = zs * n + (sim.n_tricks + 1) * n
        rng = Prng(0x2E7AC7)
        zob = array("i", range(k))
        for i in range(k):
            zob[i] = rng.next30()
        self.zob = zob
        size = 1 << tt_bits
        self.tmask = size - 1
        self.size = size
        self.tt = array("i", range(2 * size))   # key [i], value [size + i]
        self.tb = bytearray(3 * size)           # bound [i], move [size + i], deal [2 * size + i]
        self.gen = 1
        self.use_tt = True
        self.hash = 0
        self.ply = 0
        self.state = _ENTER
        self.value = 0
        self.done = True
        self.legal = array("H", (0, 0, 0, 0))

    def ally(self, seat, ours):
        """Seat `seat` plays for our score (MAX) or by the playout policy (POLICY): the
        games set this per decision, without importing the side constants."""
        self.side[seat] = MAX if ours else POLICY

    def new_deal(self):
        """Forget the table (call once per sampled deal: its goals may differ)."""
        g = self.gen + 1
        if g > 255:
            g = 1
            t = self.tb
            for i in range(2 * self.size, 3 * self.size):
                t[i] = 0
        self.gen = g

    def begin(self):
        """Start solving the position the simulator holds now."""
        sim = self.sim
        n = sim.n
        zob = self.zob
        zs = self.zs
        h = 0
        for s in range(n):
            hs = sim.hands[s]
            for su in range(4):
                m = hs[su]
                base = s * zs + (su << 4)
                while m:
                    b = m & -m
                    h ^= zob[base + (HIGH_BIT[b >> 8] + 8 if b >> 8 else HIGH_BIT[b])]
                    m ^= b
            h ^= zob[zs * n + s * (sim.n_tricks + 1) + sim.won[s]]
        self.hash = h
        res = sim.res
        ub = self.ub
        q = self.q
        for i in range(res.count):
            ub[n - res.count + i] = res.cards[i]
            ub[q + n - res.count + i] = res.seats[i]
        pb = self.pb
        for i in range(3 * self.p, 4 * self.p):
            pb[i] = _NONE   # killers
        self.ply = 0
        self.pi[0] = -INF
        self.pi[self.p] = INF
        self.state = _ENTER
        self.done = False

    def step(self, units):
        """Search for about `units` card plays; True when `value` holds the result."""
        if self.done:
            return True
        sim = self.sim
        res = sim.res
        hands = sim.hands
        won = sim.won
        n = sim.n
        side = self.side
        moves = self.moves
        W = self.width
        P = self.p
        pb = self.pb          # nmov [ply], mi [P + ply], best_i [2P + ply], killer [3P + ply]
        pi = self.pi          # alpha [ply], beta [P + ply], a0 [2P], b0 [3P], bestv [4P], key [5P]
        ub = self.ub
        Q = self.q
        zob = self.zob
        ZS = self.zs
        zw = ZS * n
        WS = sim.n_tricks + 1
        tt = self.tt
        tb = self.tb
        S = self.size
        tmask = self.tmask
        gen = self.gen
        use_tt = self.use_tt
        n_tricks = sim.n_tricks
        count_from = sim.count_from
        p = self.ply
        state = self.state
        v = self.value
        hh = self.hash
        stop = sim.nodes + units
        while True:
            if state == _ENTER:
                if sim.nodes >= stop:
                    break
                if sim.trick_no >= n_tricks:
                    v = self.adapter.utility(sim)
                    state = _RET
                    continue
                ttm = _NONE
                pi[5 * P + p] = -1
                if use_tt and res.count == 0:
                    k = hh ^ zob[sim.turn * ZS + ZS - 1]
                    i = k & tmask
                    pi[5 * P + p] = k
                    if tb[2 * S + i] == gen and tt[i] == k:
                        tv = tt[S + i]
                        f = tb[i]
                        if f == _EXACT or (f == _LOWER and tv >= pi[P + p]) or (f == _UPPER and tv <= pi[p]):
                            v = tv
                            state = _RET
                            continue
                        ttm = tb[S + i]
                seat = sim.turn
                sd = side[seat]
                if sd == POLICY:
                    moves[p * W] = sim.policy(seat)
                    pb[p] = 1
                else:
                    pb[p] = self._gen(seat, p * W, ttm, pb[3 * P + p])
                pb[P + p] = 0
                pb[2 * P + p] = 0
                pi[2 * P + p] = pi[p]
                pi[3 * P + p] = pi[P + p]
                pi[4 * P + p] = INF if sd == MIN else -INF
                state = _NEXT
            elif state == _NEXT:
                j = pb[P + p]
                if j < pb[p]:
                    c = moves[p * W + j]
                    # play c, keeping what undoing it needs
                    seat = sim.turn
                    q = p + n
                    ub[q] = c
                    ub[Q + q] = seat
                    ub[2 * Q + q] = sim.led
                    ub[3 * Q + q] = sim.best
                    ub[4 * Q + q] = sim.best_seat
                    t = sim.trick_no
                    ub[6 * Q + q] = t
                    fl = (1 if sim.anti_led else 0) | (2 if res.low else 0)
                    h = hh ^ zob[seat * ZS + c]
                    sim.play(c)
                    if sim.trick_no != t:
                        fl |= 4
                        if t >= count_from:
                            fl |= 8
                            w = sim.turn
                            x = won[w]
                            h ^= zob[zw + w * WS + x - 1] ^ zob[zw + w * WS + x]
                    ub[5 * Q + q] = fl
                    hh = h
                    p += 1
                    pi[p] = pi[p - 1]
                    pi[P + p] = pi[P + p - 1]
                    state = _ENTER
                else:
                    v = pi[4 * P + p]
                    k = pi[5 * P + p]
                    if k >= 0:
                        i = k & tmask
                        tt[i] = k
                        tt[S + i] = v
                        tb[2 * S + i] = gen
                        tb[S + i] = moves[p * W + pb[2 * P + p]]
                        if v <= pi[2 * P + p]:
                            tb[i] = _UPPER
                        elif v >= pi[3 * P + p]:
                            tb[i] = _LOWER
                        else:
                            tb[i] = _EXACT
                    state = _RET
            else:   # _RET: v is the value of the node at ply p
                if p == 0:
                    self.done = True
                    break
                p -= 1
                # undo the move played at ply p
                q = p + n
                c = ub[q]
                seat = ub[Q + q]
                fl = ub[5 * Q + q]
                h = hh ^ zob[seat * ZS + c]
                if fl & 4:
                    if fl & 8:
                        w = sim.turn
                        x = won[w]
                        h ^= zob[zw + w * WS + x] ^ zob[zw + w * WS + x - 1]
                        won[w] = x - 1
                    # the trick's other cards were overwritten by the next trick's
                    for i in range(n - 1):
                        res.cards[i] = ub[q - n + 1 + i]
                        res.seats[i] = ub[Q + q - n + 1 + i]
                    res.count = n - 1
                else:
                    res.count -= 1
                hh = h
                hands[seat][c >> 4] |= 1 << (c & 15)
                sim.turn = seat
                sim.led = ub[2 * Q + q]
                sim.best = ub[3 * Q + q]
                sim.best_seat = ub[4 * Q + q]
                sim.anti_led = bool(fl & 1)
                res.low = bool(fl & 2)
                sim.trick_no = ub[6 * Q + q]
                j = pb[P + p]
                if side[seat] == MIN:
                    if v < pi[4 * P + p]:
                        pi[4 * P + p] = v
                        pb[2 * P + p] = j
                    if v < pi[P + p]:
                        pi[P + p] = v
                else:
                    if v > pi[4 * P + p]:
                        pi[4 * P + p] = v
                        pb[2 * P + p] = j
                    if v > pi[p]:
                        pi[p] = v
                if pi[p] >= pi[P + p]:
                    pb[3 * P + p] = c     # killer
                    pb[P + p] = pb[p]
                else:
                    pb[P + p] = j + 1
                state = _NEXT
        self.ply = p
        self.state = state
        self.value = v
        self.hash = hh
        return self.done

    def _gen(self, seat, base, first, second):
        """Write the moves of `seat` at moves[base:], one per run of equivalent legal
        cards (the lowest), `first` (the TT move) then `second` (the killer) in front
        when present; return how many."""
        sim = self.sim
        res = sim.res
        hands = sim.hands
        legal = self.legal
        res.legal_masks(hands[seat], legal)
        moves = self.moves
        nm = 0
        for su in range(4):
            m = legal[su]
            if not m:
                continue
            if m & (m - 1):
                # cards of the suit still live elsewhere: other hands, the trick
                live = 0
                for s in range(sim.n):
                    if s != seat:
                        live |= hands[s][su]
                for i in range(res.count):
                    c = res.cards[i]
                    if c >> 4 == su:
                        live |= 1 << (c & 15)
            else:
                live = 0
            prev = -1
            while m:
                b = m & -m
                r = HIGH_BIT[b >> 8] + 8 if b >> 8 else HIGH_BIT[b]
                if prev < 0 or (b - (2 << prev)) & live:
                    moves[base + nm] = (su << 4) | r
                    nm += 1
                prev = r
                m ^= b
        # TT move, then killer, to the front
        if second != _NONE:
            self._front(base, nm, second)
        if first != _NONE:
            self._front(base, nm, first)
        return nm

    def _front(self, base, nm, c):
        moves = self.moves
        for i in range(nm):
            if moves[base + i] == c:
                while i:
                    moves[base + i] = moves[base + i - 1]
                    i -= 1
                moves[base] = c
                return
