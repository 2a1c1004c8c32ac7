"""The exact solver of sampled deals' last tricks (core/ai/exact.py, issue #17): its value
equals a brute-force minimax (no pruning, no table, no merged cards) on real endings of
every trick-taking game with the game's own sides and utility; the transposition table
and slicing change nothing; the search allocates nothing (heap_lock).  CPython, the unix
port and WebAssembly."""
import gc

import micropython

from core.prng import Prng
from core.bots import RandomBot
from core.games.speedrun.rules import SpeedRun
from core.games.steppingstones.rules import SteppingStones
from core.games.reds.rules import Reds
from core.ai.exact import MIN, POLICY
from core.games.speedrun import play as speedrun_play
from core.games.steppingstones import play as steppingstones_play
from core.games.reds import play as reds_play
from core.games.speedrun.play import SpeedRunPlay
from core.games.steppingstones.play import SteppingStonesPlay, SeatMemory
from core.games.reds.play import RedsPlay

# The most cards left at a root each game solves exactly in the setting measured (the
# app ships with the solver off: EXACT_CARDS 0, docs/ai.md "Exact endings").
_EXACT = {"speedrun": speedrun_play.EXACT_MEASURED, "steppingstones": steppingstones_play.EXACT_MEASURED,
          "reds": reds_play.EXACT_MEASURED}


def _endings(game, left, want, seed):
    """(obs, seat) at up to `want` card decisions with at most `left` cards still to
    play in the hand, random bots playing the game."""
    n = game.n_players
    bots = [RandomBot(seed * 8 + s) for s in range(n)]
    rng = Prng(seed)
    found = 0
    while not game.is_over() and found < want:
        for seat in game.to_move():
            obs = game.observation(seat)
            if obs["phase"] == "play" and len(obs["legal"]) > 1 and found < want \
                    and _left(obs, n) <= left and rng.below(2) == 0:
                found += 1
                yield obs, seat
            game.apply(seat, bots[seat].choose(obs))


def _left(obs, n):
    """Cards still to play in the hand: the seats that played to the trick in progress
    hold one card fewer than the seat to move."""
    return n * len(obs["hand"]) - len(obs["trick"])


def _setups(name, left, want, seed):
    """The game's search machinery set up on its real endings (at most `left` cards
    and the game's EXACT_MEASURED to play), one sampled deal determinized: yields
    (machinery, candidate cards)."""
    left = min(left, _EXACT[name])
    if name == "speedrun":
        game = SpeedRun({}, seed)
    elif name == "steppingstones":
        game = SteppingStones({}, seed)
    else:
        game = Reds({"players": 4}, seed)
    m = None
    for obs, seat in _endings(game, left, want, seed):
        if name == "speedrun":
            m = m or SpeedRunPlay(exact_cards=_EXACT[name])
            m.sampler.rng = Prng(seed)
            cards = m.setup(obs, obs["legal"])
        elif name == "steppingstones":
            m = m or SteppingStonesPlay(exact_cards=_EXACT[name])
            m.sampler.rng = Prng(seed)
            mem = SeatMemory()
            mem.update(obs)
            cards = m.setup(obs, obs["legal"], mem)
        else:
            m = m or RedsPlay(4, _EXACT[name])
            m.sampler.rng = Prng(seed)
            cards = m.setup(obs)
        m.sampler.sample()
        m.determinize(m.sim, m.sampler)
        yield m, cards


def _state(sim):
    res = sim.res
    return ([list(h) for h in sim.hands], bytes(sim.won), bytes(res.cards[:res.count]), bytes(res.seats[:res.count]),
            res.count, res.low, sim.turn, sim.trick_no, sim.led, sim.best, sim.best_seat,
            sim.anti_led)


def _restore(sim, st):
    hands, won, cards, seats, count, low, turn, trick_no, led, best, best_seat, anti = st
    res = sim.res
    for s in range(sim.n):
        for i in range(4):
            sim.hands[s][i] = hands[s][i]
        sim.won[s] = won[s]
    for i in range(len(cards)):
        res.cards[i] = cards[i]
        res.seats[i] = seats[i]
    res.count = count
    res.low = low
    sim.turn = turn
    sim.trick_no = trick_no
    sim.led = led
    sim.best = best
    sim.best_seat = best_seat
    sim.anti_led = anti


def _brute(sim, side, adapter):
    """Minimax over every legal card (no pruning, table or merging)."""
    if sim.trick_no >= sim.n_tricks:
        return adapter.utility(sim)
    seat = sim.turn
    if side[seat] == POLICY:
        cards = [sim.policy(seat)]
    else:
        legal = [0, 0, 0, 0]
        sim.res.legal_masks(sim.hands[seat], legal)
        cards = [(s << 4) | r for s in range(4) for r in range(16) if (legal[s] >> r) & 1]
    st = _state(sim)
    best = None
    for c in cards:
        sim.play(c)
        v = _brute(sim, side, adapter)
        _restore(sim, st)
        if best is None or (v < best if side[seat] == MIN else v > best):
            best = v
    return best


def _solve(m, units=100000, tt=True):
    ex = m.pimc.exact
    ex.use_tt = tt
    ex.begin()
    while not ex.step(units):
        pass
    ex.use_tt = True
    return ex.value


def _check_against_brute(name, left, want, seed, policy=False):
    checked = 0
    for m, cards in _setups(name, left, want, seed):
        ex = m.pimc.exact
        sim = m.sim
        if policy:
            for s in range(sim.n):
                if ex.side[s] == MIN:
                    ex.side[s] = POLICY
        ex.new_deal()
        root = _state(sim)
        for c in cards:
            sim.play(c)
            after = _state(sim)
            want_v = _brute(sim, ex.side, m)
            assert _state(sim) == after
            got = _solve(m)
            assert _state(sim) == after, "the search must leave the position as it found it"
            assert got == want_v, "%s: card %d exact %d, brute force %d" % (name, c, got, want_v)
            assert _solve(m, tt=False) == got            # the table changes nothing
            assert _solve(m, units=3) == got             # nor does slicing
            _restore(sim, root)
            checked += 1
    assert checked >= 2
    return checked


def test_speedrun_exact_equals_brute_force():
    _check_against_brute("speedrun", 8, 3, 3)


def test_steppingstones_exact_equals_brute_force():
    _check_against_brute("steppingstones", 8, 3, 4)


def test_reds_exact_equals_brute_force():
    _check_against_brute("reds", 9, 3, 5)


def test_policy_opponents_equal_brute_force():
    _check_against_brute("speedrun", 8, 2, 6, policy=True)
    _check_against_brute("reds", 9, 2, 7, policy=True)


def test_exact_search_allocates_nothing():
    """The whole solve (moves, play and undo, table, utility) under heap_lock, on
    9-card endings of every game."""
    for name in ("speedrun", "steppingstones", "reds"):
        for m, cards in _setups(name, 9, 2, 8):
            sim = m.sim
            ex = m.pimc.exact
            root = _state(sim)
            for c in cards:
                sim.play(c)
                ex.new_deal()
                ex.begin()
                micropython.heap_lock()
                try:
                    while not ex.step(50):
                        pass
                finally:
                    micropython.heap_unlock()
                _restore(sim, root)
        # Drop this game's machinery before the next game's is built: the unix port
        # runs the suite in a 192 KB heap, and two sets at once came within 2 KB of it.
        m = sim = ex = root = None
        gc.collect()


def test_exact_is_deterministic():
    """The same ending solved twice, from a fresh table and a used one, gives the same
    values."""
    for m, cards in _setups("steppingstones", 10, 2, 9):
        sim = m.sim
        root = _state(sim)
        first = []
        for c in cards:
            sim.play(c)
            m.pimc.exact.new_deal()
            first.append(_solve(m))
            _restore(sim, root)
        for i in range(len(cards)):
            sim.play(cards[i])
            assert _solve(m) == first[i]
            _restore(sim, root)


def test_pimc_with_exact_endings_allocates_nothing():
    """PIMC in its exact regime (sampling, determinizing, solving each candidate) under
    heap_lock, and the search is really exact there."""
    for name in ("speedrun", "steppingstones", "reds"):
        searched = 0
        for m, cards in _setups(name, 9, 2, 10):
            pimc = m.pimc
            pimc.start(cards, 300)
            assert pimc.exact_on or len(cards) == 1
            micropython.heap_lock()
            try:
                while not pimc.step(40):
                    pass
            finally:
                micropython.heap_unlock()
            assert pimc.best() in cards
            searched += 1
        assert searched
