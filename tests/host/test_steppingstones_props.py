"""Stepping Stones property tests: random legal games over every option set, checked
against independent reference rules (not the engine's or the resolver's code paths).

SS_SOAK=N multiplies the number of games (make soak-steppingstones).
"""
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from core.cards import STEPPING_DECK
from core.prng import Prng
from core.games.steppingstones.rules import SteppingStones
from core.trick import TrickResolver, MAY_TRUMP, MUST_BEAT, FOLLOW

SOAK = int(os.environ.get("SS_SOAK", "1"))
OPTION_SETS = [{"contracts": c, "redo": r} for c in ("starter", "advanced") for r in (False, True)]
ROWS = {"starter": ("win_pick", "win_nt", "win_last6", "lose_nt"),
        "advanced": ("win_pick", "win_may", "win_slalom", "lose_mustbeat")}
MODES = {"win_may": MAY_TRUMP, "lose_mustbeat": MUST_BEAT}


def _strength(card, low):
    r = card & 15
    return 8 - r if low else r


def ref_winner(plays, trump, low):
    """Highest trump, else highest card of the led suit (T-2, SS-2)."""
    led = plays[0][1] >> 4
    best = None
    for seat, c in plays:
        s = c >> 4
        cat = 2 if s == trump else (1 if s == led else 0)
        key = (cat, _strength(c, low) if cat else -1)
        if best is None or key > best[0]:
            best = (key, seat, c)
    return best[1], best[2]


def ref_legal(hand, trick, contract, trump, low):
    """Legal cards by the rulebook: must follow (T-2), may trump (SS-7), must beat (SS-8)."""
    if not trick:
        return sorted(hand)
    led = trick[0][1] >> 4
    follow = [c for c in hand if c >> 4 == led]
    if not follow:
        return sorted(hand)
    if contract == "win_may" and trump != led:
        return sorted(follow + [c for c in hand if c >> 4 == trump])
    if contract == "lose_mustbeat":
        _, best = ref_winner(trick, None, low)
        beating = [c for c in follow if _strength(c, low) > _strength(best, low)]
        return sorted(beating or follow)
    return sorted(follow)


def ref_row_points(values, lower):
    """SS-6 by explicit tie groups: the mean of (3, 1, -1) over the ranks a group spans."""
    order = sorted(values) if lower else sorted(values, reverse=True)
    pts = (3, 1, -1)
    out = []
    for v in values:
        span = [pts[i] for i in range(3) if order[i] == v]
        assert sum(span) % len(span) == 0
        out.append(sum(span) // len(span))
    return out


def _last(g, name):
    i = len(g.events) - 1
    while g.events[i][0] != name:
        i -= 1
    return g.events[i]


def play_checked(options, seed, choice_seed):
    """One random legal game, checking every step and the final scoresheet."""
    g = SteppingStones(options, seed)
    rng = Prng(choice_seed)
    rows = ROWS[options["contracts"]]
    completed = [set(), set(), set()]
    tokens = [1 if options["redo"] else 0] * 3
    hand_no = 0
    forehand = g.forehand
    redos = 0
    while not g.is_over():
        if g.hand_no != hand_no:
            # A new hand: every card dealt exactly once, 12 each (T-4); forehand per SS-4.
            hand_no = g.hand_no
            dealt = []
            for s in range(3):
                h = g.observation(s)["hand"]
                assert len(h) == 12
                dealt.extend(h)
            assert sorted(dealt) == sorted(STEPPING_DECK.cards())
            hands = [g.observation(s)["hand"] for s in range(3)]
            if hand_no > 1:
                f = forehand
                while True:
                    f = (f + 1) % 3
                    if len(completed[f]) < 4 or tokens[f]:
                        break
                assert g.forehand == f
            forehand = g.forehand
            tricks = []
            trick = []
            declarer = None
        seat = g.to_move()[0]
        phase = g.phase
        legal = g.legal_actions(seat)
        assert legal
        if phase == 0:
            bids = sorted([g.action_label(a) for a in legal])
            open_ = ["bid:" + r for r in rows if r not in completed[seat]]
            redo = ["redo:" + r for r in rows if r in completed[seat]] if tokens[seat] else []
            assert bids == sorted(open_ + redo + ([] if g.puddle else ["pass"]))
        if phase == 3:
            if not trick:
                # T-1: the declarer leads trick 1, then the previous winner.
                assert seat == (declarer if not tricks else tricks[-1])
            else:
                assert seat == (trick[-1][0] + 1) % 3
            k = len(tricks)
            low = start_low ^ (k & 1) if contract == "win_slalom" else start_low
            assert legal == ref_legal(hands[seat], trick, contract, trump, low)
        a = legal[rng.below(len(legal))]
        label = g.action_label(a)
        g.apply(seat, a)
        if label.startswith("bid:") or label.startswith("redo:"):
            kind = label.split(":")[1]
            declarer = seat
            contract = kind
            if label.startswith("redo:"):
                assert kind in completed[seat] and tokens[seat]   # SS-9
                tokens[seat] = 0
                redos += 1
            else:
                assert kind not in completed[seat]                  # used at most once
            counted = 0
            trump = None
        elif phase == 1:
            start_low = label == "rank:1high"
        elif phase == 2:
            trump = "SHDC".index(label[-1])
        elif phase == 3:
            hands[seat].remove(a)
            trick.append((seat, a))
            if len(trick) == 3:
                winner, _ = ref_winner(trick, trump, low)
                r = TrickResolver(3, 9)
                r.set_rules(0xFF if trump is None else trump, 0xFF, MODES.get(contract, FOLLOW))
                r.start(low)
                for s, c in trick:
                    r.play(s, c)
                assert r.winner_seat() == winner
                assert _last(g, "trick") == ("trick", k, winner)
                if winner == declarer and (contract != "win_last6" or k >= 6):
                    counted += 1                                    # SS-5
                tricks.append(winner)
                trick = []
                if k == 11:
                    ev = _last(g, "result")
                    assert ev[1] == declarer and ev[2] == counted
                    completed[declarer].add(contract)
    # The end: every contract of every player completed (SS-4); 12 hands plus redos.
    assert all(len(c) == 4 for c in completed)
    assert g.hand_no == 12 + redos <= 15
    assert g.to_move() == () and g.events[-1] == ("game_over",)
    res = g.result()
    totals = [0, 0, 0]
    firsts = [0, 0, 0]
    for i, row in enumerate(res["scoresheet"]):
        lower = row["contract"].startswith("lose")
        assert row["points"] == ref_row_points(row["tricks"], lower)
        best = min(row["tricks"]) if lower else max(row["tricks"])
        for s in range(3):
            totals[s] += row["points"][s]
            firsts[s] += row["tricks"][s] == best
    assert res["scores"] == totals and res["firsts"] == firsts           # totals = sum of rows
    top = max(totals)
    cands = [s for s in range(3) if totals[s] == top]
    most = max(firsts[s] for s in cands)
    assert res["winners"] == [s for s in cands if firsts[s] == most]     # SS-10
    return g


def _check_redo_results(g):
    """With Redo, each recorded result is the better of the attempts (SS-9)."""
    attempts = {}
    declarer = kind = None
    for e in g.events:
        if e[0] in ("bid", "redo"):
            declarer, kind = e[1], e[2]
        elif e[0] == "result":
            attempts.setdefault((declarer, kind), []).append(e[2])
            prev = attempts[(declarer, kind)]
            best = min(prev) if kind.startswith("lose") else max(prev)
            assert e[3] == best


def _run(options, seed, choice):
    g = play_checked(options, seed, choice)
    _check_redo_results(g)


EXAMPLES = int(os.environ.get("SS_EX", "400")) * SOAK
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2 ** 30 - 1)


@SETTINGS
@given(SEEDS, SEEDS)
def test_random_games_starter(seed, choice):
    _run(OPTION_SETS[0], seed, choice)


@SETTINGS
@given(SEEDS, SEEDS)
def test_random_games_starter_redo(seed, choice):
    _run(OPTION_SETS[1], seed, choice)


@SETTINGS
@given(SEEDS, SEEDS)
def test_random_games_advanced(seed, choice):
    _run(OPTION_SETS[2], seed, choice)


@SETTINGS
@given(SEEDS, SEEDS)
def test_random_games_advanced_redo(seed, choice):
    _run(OPTION_SETS[3], seed, choice)
