"""The Speed Run AI and its search core: fairness, slicing, reproducibility, zero
allocation in the search loop, and its heap working set.  Runs on CPython, the unix port
and the 32-bit WebAssembly port (plain asserts; heap checks need MicroPython's gc)."""
import gc

from core.prng import Prng
from core.games.speedrun.rules import SpeedRun
from core.bots import RandomBot
from core.registry import make_ai
import core.games.speedrun.ai  # noqa: F401  (compiled before games fragment the heap)
from core.cards import hand_cards
from ai_test_kit import HEAP_LIMIT, redeal, check_same_decision, check_sliced_decision, \
    check_search_allocates_nothing, working_set, check_seats_share_the_machinery, \
    check_interleaved_searches, extra_seat_bytes, check_merge, MEASURES_HELD


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
    dealt = redeal(rng, [hand_cards(game.hands[o]) for o in opps], [voids[o] for o in opps],
                   list(game.undealt))
    hands = [None, None, None]
    hands[seat] = list(obs["hand"]) + played_by[seat]
    for i in range(2):
        hands[opps[i]] = played_by[opps[i]] + dealt[i]
    return hands, dealt[2]


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
            check_same_decision("speedrun", game, twin, seat)
            opp = (seat + 1) % 3
            if list(game.hands[opp]) != list(twin.hands[opp]):
                changed += 1
            checked += 1
    assert checked >= 6
    assert changed >= checked // 2   # the twins really hold other cards


def test_slices_give_the_same_decision():
    for game, _, seat in _positions(5, 3):
        assert check_sliced_decision("speedrun", game.observation(seat))


def test_every_phase_gets_a_legal_decision():
    for phases in (("select",), ("bid",), ("play",)):
        for game, _, seat in _positions(12, 2, phases):
            obs = game.observation(seat)
            for level in ("easy", "default", "hard"):
                assert make_ai("speedrun", level, 4).choose(obs) in obs["legal"]


def test_search_loop_allocates_nothing():
    """PIMC's step (sampling, determinizing, playouts, utilities) under heap_lock."""
    for game, _, seat in _positions(21, 3):
        assert check_search_allocates_nothing("speedrun", game.observation(seat))


def test_working_set_below_24k():
    """The AI object plus everything one decision allocates (collector paused, so
    nothing allocated is reclaimed) stays under 24 KB (MicroPython ports only)."""
    if not hasattr(gc, "mem_alloc"):
        return   # CPython: no comparable heap counter
    positions = ((game, seat) for phases in (("select",), ("bid",), ("play",))
                 for game, _, seat in _positions(30, 3, phases))
    size, worst = working_set("speedrun", positions)
    assert size + worst < HEAP_LIMIT, "AI %d B + decision %d B" % (size, worst)


def _play_observations(seed, want):
    return [game.observation(seat) for game, _, seat in _positions(seed, want)]


def test_seats_share_one_search_machinery():
    assert check_seats_share_the_machinery("speedrun", _play_observations(8, 3)) >= 2


def test_interleaved_searches_decide_as_apart():
    assert check_interleaved_searches("speedrun", _play_observations(9, 3)) >= 2


def test_an_extra_ai_seat_costs_under_1k():
    """Seats share the search machinery: each seat after the first adds its own few
    hundred bytes only (was ~5 KB on the 64-bit unix port; unix port only)."""
    if not MEASURES_HELD:
        return
    extra = extra_seat_bytes("speedrun", _play_observations(10, 3))
    assert extra < 1024, "%d B per extra AI seat" % extra


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


def _cards(text):
    from core.cards import SPEEDRUN_DECK
    return [SPEEDRUN_DECK.parse(t) for t in text.split()]


def test_a_card_beating_the_trick_is_not_merged_away():
    """Issue #17, Speed Run --seed 6 (AI in seat 0 seeded as the arena seeds it), hand
    2, trick 5: Win 5, 10 High, spades trump, 9H led; holding 8H and 10H, 10H beats the
    9H and 8H does not, so both are searched (the merge counted the 9H as out of play
    and searched 8H alone)."""
    from core.games.speedrun.play import SpeedRunPlay
    cards = _cards
    no = None
    obs = {"game": "speedrun", "seat": 0, "phase": "play", "legal": cards("8H 10H"),
           "hand": cards("8H 10H 5D 8D 1C 5C 7C 10C"), "hand_no": 2, "n_hands": 6,
           "start_player": 2, "trump": "S", "trump_by": 0, "ranking": "10-high",
           "ranking_by": 2, "trick_low": False, "bids": ["contract:win5", "down", "redo"],
           "my_reveal": None, "reveal_variant": False,
           "boards": ["win0", "win1", "win4", "win5", "win7"],
           "unplayed": [["win0", "win4", "win5", "win7"], ["win0", "win1", "win4", "win7"],
                        ["win0", "win1", "win4", "win7"]],
           "passes_left": [1, 1, 1], "redos_left": [1, 1, 1],
           "sheet_tricks": [[no, 1, no, no, no, no, no, no, no], [no, no, no, 7, no, no, no, no, no],
                            [no, no, no, 4, no, no, no, no, no]],
           "sheet_scores": [[no, -2, no, no, no, no, no, no, no], [no, no, no, 2, no, no, no, no, no],
                            [no, no, no, 1, no, no, no, no, no]],
           "totals": [-2, 2, 1], "trick_no": 5, "turn": 0, "trick": [[2, cards("9H")[0]]],
           "played": cards("9S 10S 1S 6S 7S 8S 2S 5S 5H 4S 10D 1H"),
           "trick_leaders": [1, 2, 1, 2], "trick_winners": [2, 1, 2, 2], "tricks_won": [0, 1, 3]}
    assert SpeedRunPlay().setup(obs, obs["legal"]) == cards("8H 10H")
    assert make_ai("speedrun", "default", 6 * 16).choose(obs) in obs["legal"]


def test_merged_cards_have_no_live_or_trick_card_between():
    """Property over random positions (every play decision of two random games): the
    merge drops a candidate only when every card ranked between it and a kept one is
    ours or played to a finished trick, never one in the current trick."""
    from core.games.speedrun.play import SpeedRunPlay
    play = SpeedRunPlay()
    dropped = split = 0
    for seed in (51, 52):
        game = SpeedRun({}, seed)
        bots = [RandomBot(seed * 3 + s) for s in range(3)]
        while not game.is_over():
            seat = game.to_move()[0]
            obs = game.observation(seat)
            if obs["phase"] == "play" and len(obs["legal"]) > 1:
                gone = set(obs["hand"]) | set(obs["played"])
                trick = [c for _, c in obs["trick"]]
                d, s = check_merge(obs["legal"], play.setup(obs, obs["legal"]), gone, trick)
                dropped += d
                split += s
            game.apply(seat, bots[seat].choose(obs))
            game.events.clear()
            obs = None
    assert dropped and split, (dropped, split)
