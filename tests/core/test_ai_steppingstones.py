"""The Stepping Stones AI: fairness, slicing, reproducibility, legal decisions in every
phase, zero allocation in the search loop and its heap working set.  Runs on CPython,
the unix port and the 32-bit WebAssembly port (heap checks need MicroPython's gc)."""
import gc

from core.prng import Prng
from core.game import IllegalAction
from core.games.steppingstones.rules import SteppingStones, BID_BASE, KIND_NAMES, row_points
from core.bots import RandomBot
from core.registry import make_ai
import core.games.steppingstones.ai  # noqa: F401  (compiled before games fragment the heap)
from core.cards import hand_cards
from core.games.steppingstones import eval as ev
from core.games.steppingstones.play import DefenceSim, rules_of
from core.trick import NO_SUIT
from ai_test_kit import HEAP_LIMIT, redeal, check_sliced_decision, \
    check_search_allocates_nothing, working_set, check_seats_share_the_machinery, \
    check_interleaved_searches, extra_seat_bytes, check_merge, MEASURES_HELD

OPTION_SETS = ({}, {"contracts": "advanced", "redo": True})


def _positions(seed, options, want, phases=("play",)):
    """Play a random game; yield (game, index of the current hand's first action, seat)
    at `want` decisions of the given phases spread over the game."""
    game = SteppingStones(options, seed)
    bots = [RandomBot(seed * 3 + s) for s in range(3)]
    rng = Prng(seed)
    hand_start = 0
    hand_no = game.hand_no
    found = 0
    while not game.is_over() and found < want:
        if game.hand_no != hand_no:
            hand_no = game.hand_no
            hand_start = len(game.history)
        seat = game.to_move()[0]
        obs = game.observation(seat)
        if obs["phase"] in phases and len(obs["legal"]) > 1 and rng.below(5) == 0:
            found += 1
            yield game, hand_start, seat
        game.apply(seat, bots[seat].choose(obs))


def _hand_actions(game, hand_start):
    return [game.history[i] for i in range(hand_start, len(game.history))]


def _other_deal(game, hand_start, seat, rng):
    """Hands at the start of the current hand that differ from the real ones only in
    cards `seat` cannot see: each other seat keeps the cards it has played this hand and
    gets unplayed cards of no suit it has shown it lacks."""
    played_by = [[], [], []]
    voids = [0, 0, 0]
    trick = []
    may = game.kind == 4
    for s, a in _hand_actions(game, hand_start):
        if a >= 64:
            continue
        trick.append((s, a))
        played_by[s].append(a)
        led = trick[0][1] >> 4
        if a >> 4 != led and not (may and a >> 4 == game.trump):
            voids[s] |= 1 << led
        if len(trick) == 3:
            trick = []
    opps = [(seat + 1) % 3, (seat + 2) % 3]
    dealt = redeal(rng, [hand_cards(game.hands[o]) for o in opps], [voids[o] for o in opps])
    hands = [None, None, None]
    hands[seat] = hand_cards(game.hands[seat]) + played_by[seat]
    for i in range(2):
        hands[opps[i]] = played_by[opps[i]] + dealt[i]
    return hands


def _twin(game, hand_start, hands):
    """The same game up to the current hand, then `hands` dealt; None when the actions
    of the hand are not legal with them (Must Beat depends on the hidden cards)."""
    twin = SteppingStones(game.options, game.seed)
    for i in range(hand_start):
        s, a = game.history[i]
        twin.apply(s, a)
    for s in range(3):
        h = twin.hands[s]
        for i in range(4):
            h[i] = 0
        for c in hands[s]:
            h[c >> 4] |= 1 << (c & 15)
    return twin


def _decide_along(game, actions, seat, ai):
    """Play `actions` (this hand's so far) on `game`, showing `ai` every observation
    `seat` has on the way (starting a decision on each, as the app does); return its
    decision at the end."""
    for s, a in actions:
        if s == seat:
            ai.start(game.observation(seat))
        game.apply(s, a)
    return ai.choose(game.observation(seat))


def test_fair_same_observation_same_decision():
    """Other seats' hidden cards replaced by another deal consistent with everything the
    seat saw: the observations are identical and so are the AI's decisions (same seed),
    in bidding and in card play, as declarer and as defender."""
    rng = Prng(99)
    checked = 0
    changed = 0
    for seed, options, phases in ((3, OPTION_SETS[0], ("play",)), (8, OPTION_SETS[1], ("play",)),
                                  (5, OPTION_SETS[0], ("bid", "rank", "trump"))):
        for game, hand_start, seat in _positions(seed, options, 3, phases):
            actions = _hand_actions(game, hand_start)
            real = _twin(game, hand_start, [[c for c in range(64) if (h[c >> 4] >> (c & 15)) & 1]
                                            for h in _start_hands(game, hand_start)])
            a1 = _decide_along(real, actions, seat, make_ai("steppingstones", "default", 77))
            o1 = real.observation(seat)
            real_opp = list(real.hands[(seat + 1) % 3])
            real = None
            gc.collect()
            for _ in range(20):
                twin = _twin(game, hand_start, _other_deal(game, hand_start, seat, rng))
                try:
                    a2 = _decide_along(twin, actions, seat, make_ai("steppingstones", "default", 77))
                except IllegalAction:
                    twin = None
                    continue   # Must Beat: the hand's plays are illegal with these cards
                assert twin.observation(seat) == o1
                assert a1 == a2, "decision changed with hidden cards: %r vs %r" % (a1, a2)
                if real_opp != list(twin.hands[(seat + 1) % 3]):
                    changed += 1
                checked += 1
                twin = None
                break
            gc.collect()
    assert checked >= 8, checked
    assert changed >= checked // 2   # the twins really hold other cards


def _start_hands(game, hand_start):
    """The real hands at the start of the current hand (held + played since)."""
    hands = [[x for x in h] for h in game.hands]
    for s, a in _hand_actions(game, hand_start):
        if a < 64:
            hands[s][a >> 4] |= 1 << (a & 15)
    return hands


def test_points_match_the_engine():
    """steppingstones_eval.points (no allocation) equals ruling SS-6's row_points."""
    for lower in (False, True):
        for a in range(13):
            for b in range(0, 13, 2):
                for c in range(0, 13, 3):
                    want = row_points([a, b, c], lower)
                    assert ev.points(a, b, c, lower) == want[0]
                    assert ev.points(b, a, c, lower) == want[1]
                    assert ev.points(c, a, b, lower) == want[2]


def test_row_value_with_known_results():
    """All other results known: the table is the seat's exact game points x 64 x 64;
    a redo keeps the better result (SS-9)."""
    out = [0] * 13
    ev.row_value(out, 1, 0, [None, 5, 7], 1, None, ev.typical_table(), 13)
    for x in range(13):
        assert out[x] == 4096 * row_points([x, 5, 7], False)[1]
    ev.row_value(out, 0, 0, [3, 5, 7], 3, 3, ev.typical_table(), 39)   # Lose: fewer is better
    for x in range(13):
        assert out[x] == 4096 * row_points([min(x, 3), 5, 7], True)[0]


def test_row_value_averages_unknown_results():
    """Unknown results: the table equals brute-force enumeration of SS-6 row points over
    the TYPICAL histogram (independent rivals), for the declarer and for a defender."""
    typ = ev.typical_table()
    out = [0] * 13
    for kind, results, seat in ((1, [None, None, None], 0), (3, [None, 4, None], 1),
                                (2, [2, None, None], 2), (6, [None, None, 5], 0)):
        toff = kind * 13
        lower = kind in (3, 6)
        ev.row_value(out, seat, 0, results, kind, None, typ, toff)
        for x in range(13):
            want = 0
            for ya in range(13):
                pa = typ[toff + ya] if results[1] is None else (64 if ya == results[1] else 0)
                for yb in range(13):
                    pb = typ[toff + yb] if results[2] is None else (64 if yb == results[2] else 0)
                    if pa and pb:
                        want += pa * pb * row_points([x, ya, yb], lower)[seat]
            assert out[x] == want, (kind, seat, x, out[x], want)


def test_simulator_counts_like_the_engine():
    """The simulator set up by rules_of (trump, May Trump, Must Beat, Slalom, Win Last 6)
    replays random hands of every contract card for card: same legal cards, same
    declarer's counted tricks as the engine."""
    rng = Prng(7)
    sim = DefenceSim()
    legal = [0, 0, 0, 0]
    for kind in range(7):
        for rep in range(3):
            options = {"contracts": "advanced" if kind in (4, 5, 6) else "starter", "first_forehand": "0"}
            game = SteppingStones(options, 40 + kind * 3 + rep)
            game.apply(0, BID_BASE + kind)
            game.apply(0, game.legal_actions(0)[rng.below(2)])
            if game.phase == 2:
                game.apply(0, game.legal_actions(0)[rng.below(4)])
            obs = game.observation(0)
            mode, ranking, low, count_from = rules_of(kind, obs["rank"])
            sim.set_rules(NO_SUIT if obs["trump"] is None else obs["trump"], NO_SUIT, mode, ranking, low)
            sim.count_from = count_from
            for s in range(3):
                for i in range(4):
                    sim.hands[s][i] = game.hands[s][i]
                sim.won[s] = 0
            sim.begin(0, 0, [])
            hand_no = game.hand_no
            while game.hand_no == hand_no:
                seat = game.to_move()[0]
                assert sim.turn == seat
                sim.res.legal_masks(sim.hands[seat], legal)
                cards = game.legal_actions(seat)
                assert cards == [c for c in range(64) if (legal[c >> 4] >> (c & 15)) & 1]
                c = cards[rng.below(len(cards))]
                sim.play(c)
                game.apply(seat, c)
            assert sim.won[0] == game.results[0][game.rows.index(kind)], KIND_NAMES[kind]


def test_slices_give_the_same_decision():
    sliced = 0
    for game, _, seat in _positions(5, {}, 6):
        # not counted: decided without a search (one candidate left)
        if check_sliced_decision("steppingstones", game.observation(seat)):
            sliced += 1
    assert sliced >= 3


def test_every_phase_gets_a_legal_decision():
    for options in OPTION_SETS:
        for phases in (("bid",), ("rank",), ("trump",), ("play",)):
            for game, _, seat in _positions(12, options, 2, phases):
                obs = game.observation(seat)
                for level in ("easy", "default", "hard"):
                    assert make_ai("steppingstones", level, 4).choose(obs) in obs["legal"]
                    gc.collect()
                obs = None
            game = None
            gc.collect()   # the 128 KB unix run: let the finished game go first


def test_search_loop_allocates_nothing():
    """PIMC's step (sampling, determinizing, playouts, utilities) under heap_lock, for
    Win, Lose, Must Beat, May Trump and Slalom hands."""
    n = 0
    for options in OPTION_SETS:
        for game, _, seat in _positions(21, options, 3):
            check_search_allocates_nothing("steppingstones", game.observation(seat))
            n += 1
    assert n >= 5


def _play_observations(seed, options, want):
    return [game.observation(seat) for game, _, seat in _positions(seed, options, want)]


def test_seats_share_one_search_machinery():
    assert check_seats_share_the_machinery("steppingstones", _play_observations(8, OPTION_SETS[1], 3)) >= 2


def test_interleaved_searches_decide_as_apart():
    for options in OPTION_SETS:
        assert check_interleaved_searches("steppingstones", _play_observations(9, options, 3)) >= 1


def test_an_extra_ai_seat_costs_under_1k():
    """Seats share the search machinery: each seat after the first adds its own few
    hundred bytes only (was ~4.5 KB on the 64-bit unix port; unix port only)."""
    if not MEASURES_HELD:
        return
    extra = extra_seat_bytes("steppingstones", _play_observations(10, {}, 3))
    assert extra < 1024, "%d B per extra AI seat" % extra


def test_working_set_below_24k():
    """The AI object plus everything one decision allocates (collector paused, so
    nothing allocated is reclaimed) stays under 24 KB (MicroPython ports only)."""
    if not hasattr(gc, "mem_alloc"):
        return   # CPython: no comparable heap counter
    positions = ((game, seat) for phases in (("bid",), ("rank", "trump"), ("play",))
                 for game, _, seat in _positions(30, OPTION_SETS[1], 3, phases))
    size, worst = working_set("steppingstones", positions)
    assert size + worst < HEAP_LIMIT, "AI %d B + decision %d B" % (size, worst)


def test_a_card_beating_the_trick_is_not_merged_away():
    """Issue #17's merge bug in Stepping Stones (seed 2, AI in seat 0, greedy elsewhere,
    hand 3, trick 11): the declarer (seat 2, Win with spades trump, 9 High) leads 6C; the
    defender holds 5C and 8C.  The 6C between them makes them different: only 8C takes
    the trick from the declarer, and the AI plays it (the merge counted the 6C as out
    of play and kept 5C alone)."""
    from core.cards import STEPPING_DECK
    from core.games.steppingstones.play import SteppingStonesPlay, SeatMemory
    c5, c6, c8 = [STEPPING_DECK.parse(t) for t in ("5C", "6C", "8C")]
    sheet = [{"contract": "win_pick", "tricks": [None, 3, None], "points": None},
             {"contract": "win_nt", "tricks": [None, 5, None], "points": None},
             {"contract": "win_last6", "tricks": [None, None, None], "points": None},
             {"contract": "lose_nt", "tricks": [None, None, None], "points": None}]
    obs = {"seat": 0, "phase": "play", "legal": [c5, c8], "hand": [c5, c8], "hand_no": 3,
           "forehand": 2, "bidder": None, "passed": [], "puddle": False, "declarer": 2,
           "contract": "win_pick", "redo_hand": False, "rank": "9high", "trump": 0,
           "trick_no": 10, "trick": [[2, c6]], "trick_low": False,
           "last_trick": [[2, 22], [0, 50], [1, 33]], "played": [511, 511, 499, 359],
           "tricks_won": [2, 4, 4], "declarer_tricks": 4, "tokens": [0, 0, 0],
           "scoresheet": sheet, "scores": [0, 0, 0]}
    memory = SeatMemory()
    memory.update(obs)
    assert SteppingStonesPlay().setup(obs, obs["legal"], memory) == [c5, c8]
    assert make_ai("steppingstones", "default", 2 * 8).choose(obs) == c8


def test_merged_cards_have_no_live_or_trick_card_between():
    """Property over random positions (every play decision of random games, both
    option sets: Must Beat, May Trump, Slalom, 1 High included): the merge drops a
    candidate only when every card ranked between it and a kept one is ours or played
    to a finished trick, never one in the current trick."""
    from core.games.steppingstones.play import SteppingStonesPlay, SeatMemory
    play = SteppingStonesPlay()
    dropped = split = 0
    for options in OPTION_SETS:
        for game, _, seat in _positions(61, options, 300):
            obs = game.observation(seat)
            trick = [c for _, c in obs["trick"]]
            gone = set(obs["hand"]) | (set(hand_cards(obs["played"])) - set(trick))
            memory = SeatMemory()
            memory.update(obs)
            d, s = check_merge(obs["legal"], play.setup(obs, obs["legal"], memory), gone, trick)
            dropped += d
            split += s
    assert dropped and split, (dropped, split)
