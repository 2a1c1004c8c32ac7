"""The Speed Run AI and its search core: fairness, slicing, reproducibility, zero
allocation in the search loop, and its heap working set.  Runs on CPython, the unix port
and the 32-bit WebAssembly port (plain asserts; heap checks need MicroPython's gc)."""
import gc
import micropython

from core.prng import Prng
from core.speedrun import SpeedRun
from core.bots import RandomBot
from core.ai import make_ai
import core.ai.speedrun_ai  # noqa: F401  (compiled before games fragment the heap)
from core.ai.sampler import HandSampler

HEAP_LIMIT = 24 * 1024


def _positions(seed, want, phases=("play",)):
    """Play a random game; yield (game, history_len_at_hand_start, seat) at `want`
    decisions of the given phases spread over the game.  The public event log is
    dropped as it grows, as the app loop does, to fit the unix port's 128 KB heap."""
    game = SpeedRun({}, seed)
    bots = [RandomBot(seed * 3 + s) for s in range(3)]
    rng = Prng(seed)
    hand_start = 0
    found = 0
    while not game.is_over() and found < want:
        seat = game.to_move()[0]
        obs = game.observation(seat)
        if obs["phase"] == "select" and obs["trump"] is None and obs["ranking"] is None:
            hand_start = len(game.history)
        if obs["phase"] in phases and len(obs["legal"]) > 1 and rng.below(6) == 0:
            found += 1
            yield game, hand_start, seat
        game.apply(seat, bots[seat].choose(obs))
        game.events.clear()


def _other_deal(game, seat, rng):
    """Hands at the start of the current hand that differ from the real ones only in
    cards `seat` cannot see, and agree with everything it saw (voids included)."""
    obs = game.observation(seat)
    played_by = [[], [], []]
    voids = [0, 0, 0]
    tricks = []
    for k in range(len(obs["trick_leaders"])):
        lead = obs["trick_leaders"][k]
        tricks.append([[(lead + i) % 3, obs["played"][3 * k + i]] for i in range(3)])
    tricks.append(obs["trick"])
    for t in tricks:
        for s, c in t:
            played_by[s].append(c)
            if (c >> 4) != (t[0][1] >> 4):
                voids[s] |= 1 << (t[0][1] >> 4)
    opps = [(seat + 1) % 3, (seat + 2) % 3]
    hidden = []
    for o in opps:
        for c in range(64):
            if (game.hands[o][c >> 4] >> (c & 15)) & 1:
                hidden.append(c)
    hidden.extend(list(game.undealt))
    caps = [12 - len(played_by[o]) for o in opps] + [4]
    smp = HandSampler(rng)
    smp.setup(hidden, caps, [voids[opps[0]], voids[opps[1]], 0])
    smp.sample()
    hands = [None, None, None]
    mine = list(obs["hand"]) + played_by[seat]
    hands[seat] = mine
    for i in range(2):
        o = opps[i]
        cards = list(played_by[o])
        for c in range(64):
            if (smp.out[i][c >> 4] >> (c & 15)) & 1:
                cards.append(c)
        hands[o] = cards
    undealt = [c for c in range(64) if (smp.out[2][c >> 4] >> (c & 15)) & 1]
    return hands, undealt


def _replay_with(game, hand_start, hands, undealt):
    twin = SpeedRun(game.options, game.seed)
    hist = list(game.history)
    for s, a in hist[:hand_start]:
        twin.apply(s, a)
        twin.events.clear()
    twin.set_hands(hands, undealt)
    for s, a in hist[hand_start:]:
        twin.apply(s, a)
        twin.events.clear()
    return twin


def test_fair_same_observation_same_decision():
    """Other seats' hidden cards replaced by another consistent deal: the observation is
    identical and so is the AI's decision (same seed)."""
    rng = Prng(99)
    checked = 0
    changed = 0
    for seed in (3, 8):
        for game, hand_start, seat in _positions(seed, 4):
            hands, undealt = _other_deal(game, seat, rng)
            twin = _replay_with(game, hand_start, hands, undealt)
            o1 = game.observation(seat)
            o2 = twin.observation(seat)
            assert o1 == o2, "the twin deal must look the same to seat %d" % seat
            opp = (seat + 1) % 3
            if list(game.hands[opp]) != list(twin.hands[opp]):
                changed += 1
            a1 = make_ai("speedrun", "default", 77).choose(o1)
            a2 = make_ai("speedrun", "default", 77).choose(o2)
            assert a1 == a2, "decision changed with hidden cards: %r vs %r" % (a1, a2)
            checked += 1
    assert checked >= 6
    assert changed >= checked // 2   # the twins really hold other cards


def test_slices_give_the_same_decision():
    for game, _, seat in _positions(5, 3):
        obs = game.observation(seat)
        whole = make_ai("speedrun", "default", 11).choose(obs)
        ai = make_ai("speedrun", "default", 11)
        ai.start(obs)
        slices = 0
        action = None
        while action is None:
            action = ai.step(7)
            slices += 1
        assert action == whole
        assert slices > 3   # the work really was spread over several calls


def test_every_phase_gets_a_legal_decision():
    for phases in (("select",), ("bid",), ("play",)):
        for game, _, seat in _positions(12, 2, phases):
            obs = game.observation(seat)
            for level in ("easy", "default", "hard"):
                assert make_ai("speedrun", level, 4).choose(obs) in obs["legal"]


def test_search_loop_allocates_nothing():
    """PIMC's step (sampling, determinizing, playouts, utilities) under heap_lock."""
    for game, _, seat in _positions(21, 3):
        obs = game.observation(seat)
        ai = make_ai("speedrun", "hard", 5)
        ai.start(obs)
        done = False
        micropython.heap_lock()
        try:
            for _ in range(400):
                if ai.pimc.step(50):
                    done = True
                    break
        finally:
            micropython.heap_unlock()
        assert done
        assert ai.step(1) in obs["legal"]


def test_working_set_below_24k():
    """The AI object plus everything one decision allocates (collector paused, so
    nothing allocated is reclaimed) stays under 24 KB (MicroPython ports only)."""
    if not hasattr(gc, "mem_alloc"):
        return   # CPython: no comparable heap counter
    gc.collect()
    a0 = gc.mem_alloc()
    ai = make_ai("speedrun", "default", 3)
    gc.collect()
    size = gc.mem_alloc() - a0
    worst = 0
    for phases in (("select",), ("bid",), ("play",)):
        for game, _, seat in _positions(30, 3, phases):
            obs = game.observation(seat)
            gc.collect()
            gc.disable()
            try:
                b0 = gc.mem_alloc()
                ai.choose(obs)
                used = gc.mem_alloc() - b0
            finally:
                gc.enable()
            if used > worst:
                worst = used
            obs = None
    assert size + worst < HEAP_LIMIT, "AI %d B + decision %d B" % (size, worst)


def test_whole_games_with_reveal_and_long_length():
    """Every decision of a Contract Reveal game and of a long game (Least/Middle/Most,
    two Redo cards) is legal; the reveal and Redo choices are really made."""
    kinds = {}
    for options in ({"reveal": True}, {"length": "long"}):
        game = SpeedRun(options, 6)
        bots = [make_ai("speedrun", "default" if s == 0 else "easy", 40 + s) for s in range(3)]
        while not game.is_over():
            for seat in game.to_move():
                obs = game.observation(seat)
                action = bots[seat].choose(obs)
                assert action in obs["legal"]
                label = game.action_label(action).split(":")[0]
                kinds[label] = kinds.get(label, 0) + 1
                game.apply(seat, action)
            game.events.clear()
    assert kinds.get("reveal", 0) + kinds.get("noreveal", 0) > 0
    assert kinds.get("contract", 0) > 0
