"""The Reds AI: fairness (hidden cards swapped -> same decision), slicing, legal decisions
in every phase and variant, reproducibility, zero allocation in the search loop and the
heap working set.  Runs on CPython, the unix port and the 32-bit WebAssembly port."""
import gc

from core.prng import Prng
from core.games.reds.rules import Reds
from core.games.reds.bots import GreedyBot
from core.registry import make_ai
import core.games.reds.ai  # noqa: F401  (compiled before games fragment the heap)
from ai_test_kit import HEAP_LIMIT, redeal, check_same_decision, check_sliced_decision, \
    check_search_allocates_nothing, working_set, check_seats_share_the_machinery, \
    check_interleaved_searches, extra_seat_bytes, check_merge, MEASURES_HELD


def _positions(options, seed, want, phases=("play",), every=4):
    """Play a game with greedy bots; yield (game, seat) at about `want` decisions of the
    given phases (roughly one in `every`), spread over the first rounds."""
    game = Reds(options, seed)
    n = game.n_players
    bots = [GreedyBot(seed * 8 + s) for s in range(n)]
    rng = Prng(seed)
    found = 0
    while not game.is_over() and found < want:
        for seat in game.to_move():
            obs = game.observation(seat)
            if obs["phase"] in phases and len(obs["legal"]) > 1 and rng.below(every) == 0 and found < want:
                found += 1
                yield game, seat
                obs = game.observation(seat)
            game.apply(seat, bots[seat].choose(obs))


def _has(mask, c):
    return (mask[c >> 4] >> (c & 15)) & 1


def _twin(game, seat, rng):
    """The same game (same seed and actions) whose cards hidden from `seat` are dealt
    again consistently with what it saw: other seats' hands and the rest of the pack get
    a fresh deal of their cards that respects every void shown and keeps the cards
    `seat` passed with their receiver and every chosen-but-undelivered pass in place;
    with hidden bids the other seats' bids change too."""
    twin = Reds(game.options, game.seed)
    for s, a in game.history:
        twin.apply(s, a)
    n = game.n_players
    obs = game.observation(seat)
    voids = [0] * n
    done = obs["played"]
    for t in range(len(obs["leaders"])):
        trick = done[t * n:(t + 1) * n]
        for i in range(n):
            if trick[i] >> 4 != trick[0] >> 4:
                voids[(obs["leaders"][t] + i) % n] |= 1 << (trick[0] >> 4)
    cur = obs["trick"]
    for i in range(len(cur)):
        if cur[i] >> 4 != cur[0] >> 4:
            voids[(obs["leader"] + i) % n] |= 1 << (cur[0] >> 4)
    fixed = [[] for _ in range(n)]
    for o in range(n):
        for c in range(64):
            if o != seat and _has(twin.hands[o], c):
                if (not twin.delivered and _has(twin.giving[o], c)) or \
                        (twin.delivered and o == obs["pass_to"] and c in obs["pass_chosen"]):
                    fixed[o].append(c)
    holders = [o for o in range(n) if o != seat]
    held = [[c for c in range(64) if _has(twin.hands[o], c) and c not in fixed[o]] for o in holders]
    rest_at = 5 * n + len(twin.turned)
    dealt = redeal(rng, held, [voids[o] for o in holders], list(twin.pack[rest_at:]))
    for i in range(len(holders)):
        o = holders[i]
        h = twin.hands[o]
        for s in range(4):
            h[s] = 0
        for c in dealt[i] + fixed[o]:
            h[c >> 4] |= 1 << (c & 15)
    j = rest_at
    for c in dealt[len(holders)]:
        twin.pack[j] = c
        j += 1
    if game.hidden:
        for o in range(n):
            if o != seat and twin.has_bid[o]:
                twin.bids[o] = rng.below(6)
    return twin


def _fair_check(options, seed, phases, want, level="default"):
    rng = Prng(seed * 5 + 1)
    checked = changed = 0
    for game, seat in _positions(options, seed, want, phases):
        twin = _twin(game, seat, rng)
        a1, o1 = check_same_decision("reds", game, twin, seat, level)
        for o in range(game.n_players):
            if o != seat and list(game.hands[o]) != list(twin.hands[o]):
                changed += 1
                break
        assert a1 in o1["legal"]
        checked += 1
    assert checked == want
    assert changed * 2 >= checked, "the twins must really hold other cards"


def test_fair_in_play_after_the_exchange():
    """Play positions (cards passed and received are known to the seat) in 4 players."""
    _fair_check({"players": 4}, 3, ("play",), 8)


def test_fair_in_play_six_players_hidden_bids():
    _fair_check({"players": 6, "hidden_bids": True}, 4, ("play",), 5)


def test_fair_in_bidding_and_exchange():
    _fair_check({"players": 3}, 5, ("bid", "exchange"), 6)
    _fair_check({"players": 4, "partnership": True}, 6, ("bid", "exchange", "play"), 6)


def test_slices_give_the_same_decision():
    for game, seat in _positions({"players": 4}, 7, 3):
        assert check_sliced_decision("reds", game.observation(seat))


def test_every_phase_and_variant_gets_a_legal_decision():
    variants = ({"players": 2}, {"players": 3, "short_game": True}, {"players": 5, "hidden_bids": True},
                {"players": 6, "partnership": True})
    for options in variants:
        for phases in (("bid",), ("exchange",), ("play",)):
            for game, seat in _positions(options, 12, 1, phases, every=3):
                obs = game.observation(seat)
                for level in ("easy", "default", "hard"):
                    assert make_ai("reds", level, 4).choose(obs) in obs["legal"]


def test_pass_is_a_whole_set_emitted_card_by_card():
    """The AI's own gives complete its pass without taking any back, and the cards it
    passes are the set it chose at the first give."""
    from core.games.reds import choice
    game = Reds({"players": 4}, 21)
    ais = [make_ai("reds", "default", s) for s in range(4)]
    first = {}
    while game.phase != "play":
        for seat in game.to_move():
            obs = game.observation(seat)
            a = ais[seat].choose(obs)
            if obs["phase"] == "exchange":
                assert 128 <= a < 192, "the AI never takes a card back"
                if seat not in first:
                    first[seat] = choice.plan(obs, ais[seat].spoil)
            game.apply(seat, a)
    assert len(first) == 4
    for seat in range(4):
        plan = first[seat]
        _, m = plan.best(game.bids[seat])
        want = sorted([plan.cards[i] for i in range(5) if (m >> i) & 1])
        assert sorted(game.observation(seat)["pass_chosen"]) == want


def test_search_loop_allocates_nothing():
    """PIMC's step (sampling, determinizing, playouts, utilities) under heap_lock, for 3,
    4 and 6 players with hidden bids (bids modelled inside the loop) and partnerships."""
    for options in ({"players": 3, "hidden_bids": True}, {"players": 4, "partnership": True},
                    {"players": 6, "hidden_bids": True}):
        for game, seat in _positions(options, 21, 2):
            check_search_allocates_nothing("reds", game.observation(seat))


def test_working_set_below_24k():
    """The AI object plus everything one decision allocates (collector paused, so
    nothing allocated is reclaimed) stays under 24 KB (MicroPython ports only)."""
    if not hasattr(gc, "mem_alloc"):
        return   # CPython: no comparable heap counter
    worst = 0
    size = 0
    for options in ({"players": 3}, {"players": 6}):
        positions = ((game, seat) for phases in (("bid",), ("exchange",), ("play",))
                     for game, seat in _positions(options, 30, 2, phases))
        s, w = working_set("reds", positions)
        size = max(size, s)
        worst = max(worst, w)
    assert size + worst < HEAP_LIMIT, "AI %d B + decision %d B" % (size, worst)


def _cards(text):
    from core.cards import REDS_DECK
    return sorted([REDS_DECK.parse(t) for t in text.split()])


def _play_observations(options, seed, want):
    return [game.observation(seat) for game, seat in _positions(options, seed, want)]


def test_seats_share_one_search_machinery():
    assert check_seats_share_the_machinery("reds", _play_observations({"players": 4}, 8, 3)) >= 2


def test_interleaved_searches_decide_as_apart():
    """Two games at once too: four players, then six with hidden bids."""
    obs = _play_observations({"players": 4}, 9, 2) + _play_observations({"players": 6, "hidden_bids": True}, 9, 2)
    assert check_interleaved_searches("reds", obs) >= 3


def test_an_extra_ai_seat_costs_under_1k():
    """Seats share the search machinery: each seat after the first adds its own few
    hundred bytes only (was ~5.4 KB with 4 players on the 64-bit unix port; unix port
    only)."""
    if not MEASURES_HELD:
        return
    extra = extra_seat_bytes("reds", _play_observations({"players": 4}, 10, 3))
    assert extra < 1024, "%d B per extra AI seat" % extra


def test_bids_follow_hand_strength_through_the_exchange():
    """Top trumps bid more than low anti-trump cards, for every player count and pass
    size; with no exchange (a tie round) and 3+ players the weak hand bids nil (with 2
    players, 10 cards in play, even low cards often take a trick)."""
    from core.games.reds import choice
    strong = _cards("AD KD QD AS KS")
    weak = _cards("2C 3C 4C 5C 2S")
    for n in (2, 3, 4, 5, 6):
        for k in (0, 2, 4):
            bids = []
            for hand in (strong, weak):
                plan = choice.make_plan(n, hand, 2, k)
                bids.append(choice.choose_bid(plan))
            assert bids[0] > bids[1], (n, k, bids)
            if k == 0 and n > 2:
                assert bids[1] == 0 and bids[0] >= 2, (n, bids)


def test_pass_spoils_the_receivers_bid():
    """With the receiver's bid known, spoiling only ever moves the pass away from what
    the receiver planned for: stronger cards to a nil bidder, weaker ones to a bidder of
    3.  Over random hands it changes a few passes to nil bidders (own points weigh
    more, so it mostly breaks near-ties), and only ever in that direction."""
    from core.games.reds import choice
    rng = Prng(8)
    n, k = 4, 2
    moved = [0, 0]
    for t in range(150):
        deck = bytearray([s << 4 | r for s in range(3) for r in range(13)])
        rng.shuffle(deck)
        hand = sorted(deck[:5])
        anti = 1 + t % 2
        plain = choice.make_plan(n, hand, anti, k)
        bid = choice.choose_bid(plain)
        _, m0 = plain.best(bid)
        g0 = plain._given(m0)
        for j in range(2):
            rb = (0, 3)[j]
            spoil = choice.make_plan(n, hand, anti, k, choice.UNKNOWN_BID, rb, 2)
            _, m1 = spoil.best(bid)
            g1 = spoil._given(m1)
            if m1 != m0:
                moved[j] += 1
                assert (g1 > g0) if rb == 0 else (g1 < g0), (hand, anti, bid, rb, g0, g1)
    assert moved[0] > 0, moved


def test_a_card_beating_the_trick_is_not_merged_away():
    """Issue #17, Reds --seed 7, 4 players, round 9, trick 1: the AI bid 2 holding
    QD AD 2S 5S 9C and plays last to JD 5D KD.  KD lies between QD and AD, so they are
    not equivalent: QD loses the trick, AD wins it (the merge counted KD as out of play
    and searched QD alone)."""
    from core.games.reds.play import RedsPlay
    from core.cards import REDS_DECK
    hand = _cards("QD AD 2S 5S 9C")
    obs = {"seat": 0, "phase": "play", "legal": _cards("QD AD"), "n_players": 4, "round": 9,
           "extra_round": False, "dealer": 0, "hand": hand, "anti": "S", "turned": _cards("7D 6S"),
           "hidden_bids": False, "bids": [2, 1, 0, 1], "has_bid": [True] * 4, "pass_count": 0,
           "pass_to": None, "pass_chosen": [], "pass_ready": [True] * 4, "pass_received": [],
           "leader": 1, "trick": [REDS_DECK.parse(t) for t in ("JD", "5D", "KD")],
           "played": [], "leaders": [], "tricks": [0, 0, 0, 0], "scores": [37, 40, 48, 36],
           "team_scores": [], "partner": None}
    assert RedsPlay(4).setup(obs) == _cards("QD AD")
    assert make_ai("reds", "default", 7 * 8).choose(obs) == _cards("AD")[0]


def test_merged_cards_have_no_live_or_trick_card_between():
    """Property over random positions (every play decision of a greedy game with 3, 4
    and 6 players; with fewer players most cards lie unseen in the pack, so a trick card
    between two candidates is rarer): the merge drops a candidate only when every card
    ranked between it and a kept one is ours or out of play (played to a finished
    trick, turned), never one in the current trick."""
    from core.games.reds.play import RedsPlay
    dropped = split = 0
    for n, seed in ((3, 41), (4, 42), (6, 43)):
        play = RedsPlay(n)
        for game, seat in _positions({"players": n}, seed, 200, every=1):
            obs = game.observation(seat)
            gone = set(obs["hand"]) | set(obs["turned"]) | set(obs["played"])
            d, s = check_merge(obs["legal"], play.setup(obs), gone, obs["trick"])
            dropped += d
            split += s
    assert dropped and split, (dropped, split)



def _nil_pass(hand, anti, bids, k, seed):
    """The cards the default AI in seat 0 of 4 passes left, having bid nil."""
    from core.games.reds.defs import GIVE_BASE
    from core.games.reds import choice
    hand = _cards(hand)
    obs = {"seat": 0, "phase": "exchange", "legal": [GIVE_BASE + c for c in hand], "n_players": 4,
           "round": 9 - 2 * k, "hand": hand, "anti": anti, "bids": bids, "pass_count": k,
           "pass_to": 1, "pass_chosen": [], "played": [], "trick": []}
    ai = make_ai("reds", "default", seed)
    _, m = choice.plan(obs, ai.spoil).best(0)
    chosen = [hand[i] for i in range(5) if (m >> i) & 1]
    assert ai.choose(obs) - GIVE_BASE in chosen
    return chosen


def test_a_nil_bidder_passes_its_riskiest_cards():
    """Reds --seed 9, 4 players (AI in seat 0, greedy elsewhere), round 5: seat 0 bid nil
    with 2S 4S 9S 10S 10C under spade anti-trump and passes two cards to seat 1 (bid 2).
    Simulated from this position (hidden cards redealt 150 times, the AI playing the
    round for nil against greedy seats), the nil is made
    140 times after passing 10S 10C, 138 after 9S 10C, 121 after 9S 10S and 113 after
    2S 4S.  The old pass weighed cards by how often they win for a seat that wants
    tricks and spoiled the receiver: it gave 2S 4S, keeping the ten of the neutral suit;
    now the cards are weighed by VAL0 and a nil bidder does not trade its bid for
    spoiling: the pass includes 10C and keeps the two low anti-trumps."""
    chosen = _nil_pass("2S 4S 9S 10S 10C", "S", [0, 2, 1, 1], 2, 9 * 8)
    assert _cards("10C")[0] in chosen and not set(_cards("2S 4S")) & set(chosen), chosen


def test_a_nil_bidders_pass_in_the_reviewed_position():
    """Issue #17, Reds --seed 7, 4 players, round 7: seat 0 holds 2D 3D KS 2C 7C under
    spade anti-trump, bid nil, passes one card left (receiving 3C) and lost the nil when
    8S was led and the lone KS had to follow.  Simulated from this position (the hidden
    cards redealt 200 times, the AI playing the round for nil against greedy seats), the
    nil is made 143 times after passing KS, 154-157 after passing a club and 165-169
    after passing a low trump (late in the round a nil hand left with trumps only must
    ruff): keeping KS was right, the pass gives a low trump (as the old code did: this
    test passes on it), and the bid stays nil."""
    from core.games.reds import choice
    assert _nil_pass("2D 3D KS 2C 7C", "S", [0, 1, 2, 1], 1, 7 * 8)[0] in _cards("2D 3D")
    obs = {"seat": 0, "phase": "bid", "n_players": 4, "round": 7, "hand": _cards("2D 3D KS 2C 7C"),
           "anti": "S", "bids": [None, None, None, 1], "pass_count": 1, "pass_to": 1}
    assert choice.bid(obs, make_ai("reds", "default", 7 * 8).spoil) == 0


def test_bids_read_the_other_seats_public_bids():
    """The other seats' public bids claim tricks: over random hands (4 players, round 9,
    no exchange and so no receiver to spoil), the AI bids no more after three high bids
    than with the bids hidden, and no less after three nils; over a third of the hands
    bid differently in the two cases (26 of 60 with the shift capped at one bid's worth,
    SHIFT_MAX; 31+ uncapped) (500 deals against greedy: +0.65 points per game over main,
    +0.29 without the shift, docs/ai.md; fails on the old code, which ignored them: 0).
    Nil is not shifted: its value reads VAL0 alone."""
    from core.games.reds import choice
    rng = Prng(5)
    ai = make_ai("reds", "default", 5)
    moved = 0
    for t in range(60):
        deck = bytearray([s << 4 | r for s in range(3) for r in range(13)])
        rng.shuffle(deck)
        bids = []
        for others in ([3, 2, 2], [None, None, None], [0, 0, 0]):
            obs = {"seat": 0, "phase": "bid", "n_players": 4, "round": 9, "hand": sorted(deck[:5]),
                   "anti": "SC"[t % 2], "bids": [None] + others, "pass_count": 0, "pass_to": None}
            bids.append(choice.bid(obs, ai.spoil))
        assert bids[0] <= bids[1] <= bids[2], bids
        moved += bids[0] != bids[2]
    assert moved > 20, moved
    assert choice.bid_shift(4, [None, None, None, None], 0) == 0


def test_the_public_bids_shift_at_most_one_bid():
    """Bids far from the mean (the random bot's, or a table of overbidders) move our
    estimate by at most SHIFT_MAX: uncapped, three bids of 5 took 1.74 tricks off it and
    the default lost 7.7 points a game against random (33.9 -> 26.2, 200 deals, docs/ai.md)."""
    from core.games.reds import choice
    assert choice.bid_shift(4, [None, 5, 5, 5], 0) == -choice.SHIFT_MAX
    assert choice.bid_shift(4, [None, 0, 0, 0], 0) == choice.SHIFT_MAX
    assert choice.bid_shift(6, [5, None, 5, 5, 5, 5], 1) == -choice.SHIFT_MAX
    assert -choice.SHIFT_MAX < choice.bid_shift(4, [None, 2, 1, None], 0) < choice.SHIFT_MAX


def _bid_samples(obs, steps, count, seed=3):
    """Per other seat, the summed VAL estimate of its held cards over `count` samples of
    the card-play search's deals (sampler, then determinize), reading the public bids
    with `steps` Metropolis steps; asserts each deal keeps sizes and shown voids."""
    from core.games.reds.play import RedsPlay
    from core.games.reds import eval as ev
    play = RedsPlay(obs["n_players"], mcmc_steps=steps)
    play.sampler.rng = Prng(seed)
    play.setup(obs)
    sim = play.sim
    sizes = [sum([bin(sim.hands[s][i]).count("1") for i in range(3)]) for s in range(play.n)]
    sums = [0] * play.n
    for _ in range(count):
        play.sampler.sample()
        play.determinize(sim, play.sampler)
        for i in range(play.n_others):
            o = play.others[i]
            h = sim.hands[o]
            assert sum([bin(h[s]).count("1") for s in range(3)]) == 5 - len(
                [c for c in obs["played"] + obs["trick"] if _seat_of(obs, c) == o])
            assert not h[3]
            for s in range(3):
                if (play.sampler.void[i] >> s) & 1:
                    assert not h[s]
            sums[o] += ev.estimate(h, play.n, play.anti)
    return sums, sizes


def _seat_of(obs, card):
    n = obs["n_players"]
    played = obs["played"]
    for t in range(len(obs["leaders"])):
        trick = played[t * n:(t + 1) * n]
        if card in trick:
            return (obs["leaders"][t] + trick.index(card)) % n
    if card in obs["trick"]:
        return (obs["leader"] + obs["trick"].index(card)) % n
    return -1


def test_samples_follow_the_public_bids():
    """Issue #17: the card-play samples read the other seats' public bids.  Over 150
    sampled deals at the start of a round's play, a seat that bid 3 holds stronger
    cards (VAL estimate) than in uniform deals of the same cards, and a seat that bid
    nil weaker ones; with the bids hidden the samples do not move (fails on the old
    code, whose samples ignored the bids)."""
    for game, seat in _positions({"players": 4}, 41, 3, every=6):
        obs = game.observation(seat)
        if obs["played"]:
            continue
        n = obs["n_players"]
        hi = (seat + 1) % n
        nil = (seat + 2) % n
        bids = [1] * n
        bids[hi] = 3
        bids[nil] = 0
        obs["bids"] = bids
        read, _ = _bid_samples(obs, 24, 150)
        uniform, _ = _bid_samples(obs, 0, 150)
        assert read[hi] > uniform[hi] + 150 * 20, (read, uniform)
        assert read[nil] < uniform[nil] - 150 * 10, (read, uniform)
        obs["bids"] = [None] * n
        obs["bids"][seat] = 1
        hidden, _ = _bid_samples(obs, 24, 150)
        assert hidden == uniform


def test_bid_samples_match_rejection_sampling():
    """The Metropolis steps sample deals in proportion to their likelihood: with many
    steps, each seat's mean estimate matches rejection sampling (uniform deals kept with
    probability the product of BID_LIK / 255 over the seats) within 0.15 trick, while
    uniform deals are 0.3 trick or more away for the seats that bid 2 and nil (measured:
    Metropolis 61 / 178 / 66, rejection 61 / 180 / 64, uniform 52 / 130 / 124)."""
    from core.games.reds.play import RedsPlay
    from core.games.reds.bidread import BID_LIK, LIK_N, LIK_STEP
    from core.games.reds import eval as ev
    game, seat = next(_positions({"players": 4}, 46, 1, every=2))
    obs = game.observation(seat)
    assert not obs["trick"] and not obs["played"]
    n = obs["n_players"]
    free = [s for s in range(n) if s != seat and s != obs["pass_to"]]   # no cards of ours
    bids = [1] * n
    bids[free[0]] = 2
    bids[free[1]] = 0
    obs["bids"] = bids
    mc, _ = _bid_samples(obs, 300, 120)
    uni, _ = _bid_samples(obs, 0, 120)
    play = RedsPlay(n, mcmc_steps=0)
    rng = Prng(9)
    play.sampler.rng = rng
    play.setup(obs)
    sims = [0] * n
    kept = 0
    for _ in range(20000):
        if kept == 400:
            break
        play.sampler.sample()
        play.determinize(play.sim, play.sampler)
        w = 1 << 16
        for i in range(play.n_others):
            o = play.others[i]
            e = ev.estimate(play.sim.hands[o], n, play.anti)   # nothing played yet
            w = w * BID_LIK[bids[o] * LIK_N + min(e // LIK_STEP, LIK_N - 1)] // 255
        if rng.below(1 << 16) < w:
            kept += 1
            for i in range(play.n_others):
                o = play.others[i]
                sims[o] += ev.estimate(play.sim.hands[o], n, play.anti)
    assert kept == 400
    for i in range(play.n_others):
        o = play.others[i]
        assert abs(mc[o] / 120 - sims[o] / 400) < 15, (o, mc[o] / 120, sims[o] / 400)
    for o in free[:2]:   # the bids move the estimates much more than that (~50 each)
        assert abs(uni[o] / 120 - sims[o] / 400) > 30, (o, uni[o] / 120, sims[o] / 400)


def test_bid_samples_are_reproducible():
    """The same PRNG seed gives the same bid-read deals."""
    game, seat = next(_positions({"players": 4}, 45, 1))
    obs = game.observation(seat)
    assert _bid_samples(obs, 24, 20, 7) == _bid_samples(obs, 24, 20, 7)
    assert _bid_samples(obs, 24, 20, 7) != _bid_samples(obs, 24, 20, 8)


def test_bid_reading_search_allocates_nothing():
    """The card-play search with the samples reading the public bids (Metropolis steps
    inside the loop) under heap_lock, 4 and 6 players and partnerships."""
    import micropython
    from core.games.reds.play import RedsPlay
    for options in ({"players": 4}, {"players": 6}, {"players": 4, "partnership": True}):
        for game, seat in _positions(options, 23, 2):
            obs = game.observation(seat)
            play = RedsPlay(obs["n_players"], mcmc_steps=24)
            play.sampler.rng = Prng(4)
            cards = play.setup(obs)
            if len(cards) < 2:
                continue
            assert play.weigh
            play.pimc.start(cards, 400)
            done = False
            micropython.heap_lock()
            try:
                for _ in range(400):
                    if play.pimc.step(50):
                        done = True
                        break
            finally:
                micropython.heap_unlock()
            assert done and play.pimc.best() in cards
