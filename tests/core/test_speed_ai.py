"""The real-time Speed bot: no allocation per tick, no peeking, levels that differ."""
import micropython

from core.games.speed.rules import Speed, SpeedView, SPIT, NO_ACTION
from core.games.speed.ai import SpeedBot, LEVELS, LEVEL_PARAMS, NEVER
from core.games.speed.arbiter import SpeedArbiter
from core.games.speed.bots import GreedyBot, make_bots
from test_speed_support import position


def _locked_match(levels, options, seed, greedy=False):
    """Play a match; every fill_view + tick runs with the heap locked.  Returns ticks."""
    g = Speed(options, seed)
    bots = [GreedyBot(1, 500), GreedyBot(2, 650)] if greedy else make_bots(levels, seed)
    arb = SpeedArbiter(g)
    views = (SpeedView(), SpeedView())
    acts = [NO_ACTION, NO_ACTION]
    now = 0
    ticks = 0
    while not g.is_over():
        micropython.heap_lock()
        try:
            for seat in (0, 1):
                g.fill_view(seat, views[seat])
                acts[seat] = bots[seat].tick(now, views[seat])
        finally:
            micropython.heap_unlock()
        ticks += 2
        round_no = g.round_no
        acted = False
        for seat in (0, 1):
            if acts[seat] != NO_ACTION:
                acted = True
                why = arb.submit(now, seat, acts[seat])
                if why is not None:
                    bots[seat].rejected(now, why)
        if g.round_no != round_no:
            now = 0
            continue
        if not acted:
            nxt = min(bots[0].due, bots[1].due)
            assert nxt != NEVER, "no bot will act"
            now = nxt
    return ticks


def test_ai_tick_allocates_nothing():
    ticks = 0
    for levels, options in (((4, 3), None), ((1, 2), {"count_down_only": True}),
                            ((3, 4), {"stand_still_spit": True, "winner_yells_spit": True}),
                            ((2, 4), {"target": 50})):
        ticks += _locked_match(levels, options, 77)
    ticks += _locked_match(None, {"stand_still_spit": True}, 3, greedy=True)
    assert ticks > 200


def test_ai_sees_only_its_view():
    # Same own hand, tops and counts; the opponent's hand and every pile order differ.
    a = position(("3H 4H 9C KS QS", "5D 6D 7D 8D JD"), ("2C", "9D"),
                 draws=("AH AD AC", "2S 3S 4S"), spits=("5S 6S", "7S 8S"))
    b = position(("3H 4H 9C KS QS", "10C 10D JC 5C 6C"), ("2C", "9D"),
                 draws=("AC AH AD", "4S 8S 3S"), spits=("7S 2S", "6S 5S"))
    va, vb = SpeedView(), SpeedView()
    a.fill_view(0, va)
    b.fill_view(0, vb)
    for name in ("hand", "tops", "counts", "n_hand", "own_pile", "called", "opp_called",
                 "emptied", "opp_emptied", "standstills", "round_no", "now", "over"):
        assert getattr(va, name) == getattr(vb, name), name
    for level in LEVELS:
        ba, bb = SpeedBot(level, 5), SpeedBot(level, 5)
        for now in (0, 10, 2000, 4000):
            assert ba.tick(now, va) == bb.tick(now, vb)
            assert ba.due == bb.due and ba.plan == bb.plan


def test_ai_prefers_the_longer_chain():
    g = position(("AS 3H 4H 5H KD", "9S 9H 10C 10D 10S"), ("2C", "8D"))
    for level in (3, 4):
        bot = SpeedBot(level, 1)
        v = SpeedView()
        g.fill_view(0, v)
        bot.tick(0, v)
        assert g.action_label(bot.plan) == "3H>L", (level, g.action_label(bot.plan))
        assert bot.chaining
    greedy = GreedyBot(1, 500)
    greedy.tick(0, v)
    assert g.action_label(greedy.plan) == "AS>L"


def test_ai_keeps_more_cards_playable():
    g = position(("8S 8H 3H KC 6D", "5S 5H 5D 5C 6S"), ("2C", "9D"))
    v = SpeedView()
    g.fill_view(0, v)
    for level in (2, 3, 4):
        bot = SpeedBot(level, 1)
        bot.tick(0, v)
        assert g.action_label(bot.plan) == "3H>L", level


def test_ai_levels_react_at_different_speeds():
    means = []
    slows = []
    for level in LEVELS:
        bot = SpeedBot(level, 123)
        total = 0
        slow = 0
        p = LEVEL_PARAMS[level - 1]
        for _ in range(400):
            d = bot._delay(0)
            total += d
            if d >= p[0] + p[1]:
                slow += 1          # longer than any reaction: a hesitation
        means.append(total // 400)
        slows.append(slow)
    assert means[0] > means[1] > means[2] > means[3], means
    # hesitations: frequent at level 1, occasional at 2, rare at 3, never at 4
    assert slows[0] > slows[1] > slows[2] and slows[3] == 0, slows


def test_ai_follow_up_in_a_chain_comes_faster():
    first = 0
    follow = 0
    n = 0
    for seed in range(30):
        g = position(("3H 4H 5H KS QS", "9S 9H 10C 10D 10S"), ("2C", "8D"))
        arb = SpeedArbiter(g)
        bot = SpeedBot(4, seed)
        v = SpeedView()
        g.fill_view(0, v)
        bot.tick(0, v)
        t1 = bot.due
        g.fill_view(0, v)
        action = bot.tick(t1, v)
        assert arb.submit(t1, 0, action) is None
        g.fill_view(0, v)
        bot.tick(t1, v)
        assert g.action_label(bot.plan) == "4H>L"
        first += t1
        follow += bot.due - t1
        n += 1
    assert follow * 10 < first * 7, (first // n, follow // n)


def test_ai_hard_levels_look_again_easy_levels_do_not():
    for level, expect_stale in ((1, True), (2, True), (3, False), (4, False)):
        g = position(("3H KS QS JS 10H", "AS 9S 9H 5C 6C"), ("2C", "8D"))
        arb = SpeedArbiter(g)
        bot = SpeedBot(level, 9)
        v = SpeedView()
        g.fill_view(0, v)
        bot.tick(0, v)
        assert g.action_label(bot.plan) == "3H>L"
        assert arb.submit(bot.due - 1, 1, g.parse_action("AS>L")) is None   # the pile changes
        g.fill_view(0, v)
        due = bot.due
        action = bot.tick(due, v)
        if expect_stale:
            assert g.action_label(action) == "3H>L"          # reaches anyway: refused
            assert arb.submit(due, 0, action) is not None
        else:
            assert action == NO_ACTION and bot.due > due     # re-aims instead
            assert g.action_label(bot.plan) == "KS>L"        # K on A


def test_ai_calls_spit_when_stuck_and_yells_when_empty():
    g = position(("KS", "3H 5H"), ("2C", "9D"), spits=("7C 4C", "JD"),
                 options={"stand_still_spit": True})
    v = SpeedView()
    g.fill_view(0, v)
    bot = SpeedBot(4, 1)
    bot.tick(0, v)
    assert bot.plan == SPIT and bot.due != NEVER
    g2 = position(("3H", "KS QS"), ("2C", "9D"), options={"winner_yells_spit": True})
    g2.apply_at(100, 0, g2.parse_action("3H>L"))
    g2.fill_view(0, v)
    bot2 = SpeedBot(2, 1)
    bot2.tick(100, v)
    assert bot2.plan == SPIT
    # without the variants a stuck bot simply waits
    g3 = position(("KS", "3H 5H"), ("2C", "9D"), spits=("7C 4C", "JD"))
    g3.fill_view(0, v)
    bot3 = SpeedBot(4, 1)
    assert bot3.tick(0, v) == NO_ACTION and bot3.due == NEVER


def test_ai_level_must_exist():
    for bad in (0, 5, "3"):
        try:
            SpeedBot(bad, 1)
        except ValueError:
            continue
        assert False, "level %r accepted" % (bad,)
