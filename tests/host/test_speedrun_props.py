"""Property tests: random legal Speed Run games over every option set (CPython only).

SPEEDRUN_GAMES sets the number of games (default 2500, ~25 s of CPU);
`make soak-speedrun` runs many more.
"""
import os
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from core.game import IllegalAction
from core.games.speedrun.rules import SpeedRun
from core.games.speedrun.defs import A_CONTRACT, A_PASS, A_REDO, LENGTHS, RANKINGS
from core.trick import TrickResolver, NO_SUIT, trick_is_low

GAMES = int(os.environ.get("SPEEDRUN_GAMES", "2500"))
FULL_DECK = sorted(SpeedRun(None, 0)._cards)

options = st.fixed_dictionaries({
    "length": st.sampled_from(["short", "medium", "long"]),
    "boards_short": st.sampled_from(list(SpeedRun.OPTIONS[1].choices)),
    "boards_medium": st.sampled_from(list(SpeedRun.OPTIONS[2].choices)),
    "reveal": st.booleans(),
    "first_start": st.sampled_from(["random", 0, 1, 2]),
})


TARGETS = {0: 0, 1: 1, 2: 4, 3: 5, 4: 7, 5: 9}


def ref_diff(board, m, lo, hi):
    """Ruling SR-4 and the appendix, written out independently of the engine."""
    if board in TARGETS:
        return abs(m - TARGETS[board])
    if board == 6:
        return max(0, m - lo)
    if board == 8:
        return max(0, hi - m)
    return 0 if lo <= m <= hi else (m - hi if m > hi else lo - m)


def ref_score(diff, revealed):
    s = -2 if diff == 0 else diff      # ruling SR-5
    return 2 * s if revealed else s


class Checker:
    """Replays the public events with its own bookkeeping and checks every invariant."""

    def __init__(self, game):
        self.g = game
        self.hands_seen = 0
        self.res = TrickResolver(3, 10)
        self.trick = []
        self.tricks = [0, 0, 0]
        self.trick_count = 0
        self.bids = None
        self.revealed = [False, False, False]
        self.used = [[], [], []]        # contract boards bid (not Redo), per seat
        self.passes = [0, 0, 0]
        self.redos = [0, 0, 0]
        self.sheet = [{}, {}, {}]       # board -> score, recomputed here
        self.points = []

    def hand_started(self):
        g = self.g
        cards = []
        for s in range(3):
            cards.extend(g.observation(s)["hand"])
        cards.extend(g.undealt)
        assert sorted(cards) == FULL_DECK            # every card dealt exactly once
        self.tricks = [0, 0, 0]
        self.trick_count = 0
        self.revealed = [False, False, False]
        self.hands_seen += 1

    def before_play(self, seat, card):
        g = self.g
        if not self.trick:
            rk = RANKINGS[g.ranking]
            self.res.set_rules(NO_SUIT if g.trump == NO_SUIT else g.trump)
            self.res.start(trick_is_low(rk[1], rk[2], self.trick_count))
        self.res.play(seat, card)
        self.trick.append(card)

    def after_play(self, events):
        if len(self.trick) < 3:
            return
        won = [e for e in events if e[0] == "trick_won"]
        assert len(won) == 1 and won[0][1] == self.res.winner_seat()   # agrees with the resolver
        self.tricks[won[0][1]] += 1
        self.trick_count += 1
        self.trick = []

    def scored(self, events):
        scores = [e for e in events if e[0] == "score"]
        assert len(scores) == 3 and self.trick_count == 12 and sum(self.tricks) == 12
        pts = [0, 0, 0]
        for _, seat, kind, tricks, diff, score, kept in scores:
            assert tricks == self.tricks[seat]
            a = self.bids[seat]
            assert kind == self.g.action_label(a)
            if a == A_PASS:
                self.passes[seat] += 1
                assert score == 0
                continue
            board = a - (A_REDO if a >= A_REDO else A_CONTRACT)
            others = [self.tricks[(seat + 1) % 3], self.tricks[(seat + 2) % 3]]
            assert diff == ref_diff(board, tricks, min(others), max(others))
            assert score == ref_score(diff, self.revealed[seat])
            if a >= A_REDO:
                self.redos[seat] += 1
                assert board in self.used[seat]          # a Redo replays a completed one
                old = self.sheet[seat][board]
                assert kept == (score < old)             # ruling SR-7
                if kept:
                    pts[seat] = score - old
                    self.sheet[seat][board] = score
            else:
                assert board not in self.used[seat]      # contracts used at most once
                self.used[seat].append(board)
                self.sheet[seat][board] = score
                pts[seat] = score
        self.points.append(pts)

    def finished(self):
        g = self.g
        r = g.result()
        n_boards, n_pass, n_redo, n_hands = LENGTHS[g.options["length"]]
        assert self.hands_seen == n_hands == r["hands_played"]      # 6/9/12 hands
        assert r["hand_points"] == self.points
        for s in range(3):
            assert r["scores"][s] == sum(p[s] for p in self.points)  # totals = per-hand sums
            assert r["scores"][s] == sum(self.sheet[s].values())
            assert self.passes[s] <= n_pass and self.redos[s] <= n_redo
            assert len(self.used[s]) + self.passes[s] + self.redos[s] == n_hands
            assert r["contracts_completed"][s] == len(self.used[s])
            assert r["perfect_bonuses"][s] == len([v for v in self.sheet[s].values() if v < 0])
        assert sorted(r["ranking"]) == [0, 1, 2] and r["winners"]
        assert r["scores"][r["ranking"][0]] == min(r["scores"])


def play_checked(opts, seed, rnd, probe_illegal):
    g = SpeedRun(opts, seed)
    chk = Checker(g)
    chk.hand_started()
    steps = 0
    while not g.is_over():
        movers = g.to_move()
        seat = movers[rnd.randrange(len(movers))]
        legal = g.legal_actions(seat)
        assert legal
        if probe_illegal and rnd.random() < 0.02:
            bad = rnd.choice([a for a in g.all_action_ids() if a not in legal])
            before = ([g.observation(s) for s in range(3)], len(g.history), len(g.events))
            try:
                g.apply(seat, bad)
                assert False, "accepted an illegal action"
            except IllegalAction:
                pass
            assert before == ([g.observation(s) for s in range(3)], len(g.history), len(g.events))
        action = rnd.choice(legal)
        if g.phase == 3:
            chk.before_play(seat, action)
        hand_before = g.hand_no
        was_bid = g.phase == 1
        n_ev = len(g.events)
        g.apply(seat, action)
        steps += 1
        assert steps < 2000                                # the game always ends
        new = g.events[n_ev:]
        if was_bid and g.phase != 1:
            chk.bids = bytes(g.bids)
        if [e for e in new if e[0] == "reveal"]:
            for e in new:
                if e[0] == "reveal":
                    chk.revealed[e[1]] = True
        if [e for e in new if e[0] == "play"]:
            chk.after_play(new)
        if g.hand_no != hand_before:
            chk.scored(new)
            if not g.is_over():
                chk.hand_started()
    chk.finished()
    return g


@settings(max_examples=GAMES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(opts=options, seed=st.integers(0, 2 ** 30 - 1))
def test_random_legal_games_keep_every_invariant(opts, seed):
    rnd = random.Random(seed)
    play_checked(opts, seed, rnd, probe_illegal=(seed % 4 == 0))


def test_every_length_and_variant_at_least_once():
    for length in ("short", "medium", "long"):
        for reveal in (False, True):
            g = play_checked({"length": length, "reveal": reveal}, 7, random.Random(7), True)
            assert g.result()["hands_played"] == {"short": 6, "medium": 9, "long": 12}[length]
