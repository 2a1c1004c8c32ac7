"""Helpers shared by the Speed tests (no tests here): positions, audits, a reference check."""
from core.cards import SPEED_DECK
from core.games.speed.rules import Speed, SPIT, N_RANKS, is_play


def card(text):
    return SPEED_DECK.parse(text)


def position(hands, tops, draws=("", ""), spits=("", ""), options=None, cls=Speed):
    """A game whose first round starts from a chosen position (see load_layout)."""
    layout = {"hands": hands, "draws": draws, "spits": spits, "tops": tops}
    return cls(options, 0, lambda game: load_layout(game, layout))


def load_layout(game, layout):
    """A chosen position: {"hands": (s0, s1), "draws": ..., "spits": ..., "tops": (L, R)}.

    Each entry is a string of card labels; draw and spit piles are listed top first.
    Every card not named is buried under the two centre tops, so all 52 cards stay in
    play.  As in a real game, a hand short of 5 cards needs an empty draw pile (SP-3).
    """
    seen = bytearray(64)
    parsed = {}
    for key in ("hands", "draws", "spits"):
        pair = layout.get(key, ("", ""))
        parsed[key] = ([], [])
        for seat in (0, 1):
            for text in pair[seat].split():
                c = SPEED_DECK.parse(text)
                if seen[c]:
                    raise ValueError("layout names %s twice" % text)
                seen[c] = 1
                parsed[key][seat].append(c)
    tops = []
    for text in layout["tops"]:
        c = SPEED_DECK.parse(text)
        if seen[c]:
            raise ValueError("layout names %s twice" % text)
        seen[c] = 1
        tops.append(c)
    for seat in (0, 1):
        h, d, s = parsed["hands"][seat], parsed["draws"][seat], parsed["spits"][seat]
        if len(h) > 5 or len(s) > 5 or len(h) + len(d) + len(s) > 26:
            raise ValueError("layout: seat %d holds too many cards" % seat)
        if d and len(h) < 5:
            raise ValueError("layout: seat %d has a short hand and a draw pile (SP-3)" % seat)
        for k in range(len(h)):
            game.hand[seat][k] = h[k]
        game.n_hand[seat] = len(h)
        for k in range(len(d)):                      # listed top first; top is last
            game.draw[seat][len(d) - 1 - k] = d[k]
        game.n_draw[seat] = len(d)
        for k in range(len(s)):
            game.spit[seat][len(s) - 1 - k] = s[k]
        game.n_spit[seat] = len(s)
    game.n_centre[0] = game.n_centre[1] = 0
    pile = 0
    for c in SPEED_DECK.cards():
        if not seen[c]:
            game.centre[pile][game.n_centre[pile]] = c
            game.n_centre[pile] += 1
            pile ^= 1
    for pile in (0, 1):
        game.centre[pile][game.n_centre[pile]] = tops[pile]
        game.n_centre[pile] += 1


def hand_labels(game, seat):
    return [SPEED_DECK.label(game.hand[seat][k]) for k in range(game.n_hand[seat])]


def top_labels(game):
    return [SPEED_DECK.label(game.top(0)), SPEED_DECK.label(game.top(1))]


def every_card(game):
    """All cards wherever they lie: hands, draw piles, spit piles, centre piles."""
    out = []
    for seat in (0, 1):
        out.extend([game.hand[seat][k] for k in range(game.n_hand[seat])])
        out.extend([game.draw[seat][k] for k in range(game.n_draw[seat])])
        out.extend([game.spit[seat][k] for k in range(game.n_spit[seat])])
    for pile in (0, 1):
        out.extend([game.centre[pile][k] for k in range(game.n_centre[pile])])
    return out


def assert_all_cards_accounted(game):
    cards = every_card(game)
    assert len(cards) == 52, "%d cards on the table" % len(cards)
    assert sorted(cards) == sorted(list(SPEED_DECK.cards())), "a card is missing or doubled"
    for seat in (0, 1):
        assert game.n_hand[seat] <= 5
        assert game.n_spit[seat] <= 5
        assert game.n_draw[seat] == 0 or game.n_hand[seat] == 5, "SP-3: hand not refilled"


def snapshot(game):
    """Everything an action could change, to prove a refused action changed nothing."""
    return (every_card(game), list(game.n_hand), list(game.n_draw), list(game.n_spit),
            list(game.n_centre), list(game.called), game.now, game.version, game.round_no,
            len(game.timed_history), len(game.events), list(game.scores), game.over)


def reference_legal(game, seat, action):
    """An independent statement of SP-2 / SP-8, used to check the engine and the arbiter."""
    if game.over or seat not in (0, 1):
        return False
    opts = game.options
    hand = [game.hand[seat][k] for k in range(game.n_hand[seat])]
    empty = game.n_hand[seat] + game.n_draw[seat] == 0
    if action == SPIT:
        if empty:
            return bool(opts["winner_yells_spit"])
        if not opts["stand_still_spit"] or game.called[seat]:
            return False
        for c in hand:
            for pile in (0, 1):
                if reference_fits(c, game.top(pile), opts["count_down_only"]):
                    return False
        return True
    if not isinstance(action, int) or not is_play(action):
        return False
    c = action >> 1
    return c in hand and reference_fits(c, game.top(action & 1), opts["count_down_only"])


def reference_fits(c, top, count_down):
    r = c & 15
    t = top & 15
    if count_down:
        return r == t - 1
    return (r - t) % N_RANKS in (1, N_RANKS - 1)


def random_options(rng):
    """Every option drawn at random (the target kept small so matches stay short)."""
    out = {}
    for opt in Speed.OPTIONS:
        choices = opt.choices
        if opt.key == "target":
            choices = (0, 0, 25, 50)
        out[opt.key] = choices[rng.below(len(choices))]
    return out


def checked_match(seed, options, speeds, fuzz_pm):
    """Play a match of RandomBots through a table that checks every step.

    speeds: ((lo, hi, step), (lo, hi, step)) per seat in ms.  Every action sent to the
    arbiter is judged independently first: accepted exactly when legal, and a refusal
    changes nothing.  After every action all 52 cards are accounted for, a seat that is
    not finished has something to do, and the cards the seats hold never increase.
    Returns (game, table, stats)."""
    from core.games.speed.bots import VirtualTable, RandomBot, derive_seed
    from core.games.speed.rules import MAX_RESPITS

    class CheckedTable(VirtualTable):
        def submit(self, now, seat, action):
            g = self.game
            legal = reference_legal(g, seat, action)
            before = snapshot(g)
            held = g.cards_left(0) + g.cards_left(1)
            round_no = g.round_no
            why = VirtualTable.submit(self, now, seat, action)
            stats["sent"] += 1
            if why is None:
                assert legal, "arbiter accepted an illegal action %r by seat %d" % (action, seat)
                stats["accepted"] += 1
                if action != SPIT:
                    stats["plays"] += 1
                if g.round_no == round_no and not g.over:
                    assert g.cards_left(0) + g.cards_left(1) < held or action == SPIT
                    assert g.respits <= MAX_RESPITS
            else:
                assert not legal, "arbiter refused a legal action %r by seat %d: %s" % (action, seat, why)
                assert snapshot(g) == before
            assert_all_cards_accounted(g)
            if not g.over:
                assert g.to_move(), "nobody may act and the game is not over"
            return why

    stats = {"sent": 0, "accepted": 0, "plays": 0}
    game = Speed(options, seed)
    bots = [RandomBot(derive_seed(seed, s), speeds[s][0], speeds[s][1], speeds[s][2], fuzz_pm)
            for s in (0, 1)]
    table = CheckedTable(game, bots, seed)
    table.run()
    assert game.over
    for r in game.rounds:
        assert r["respits"] <= MAX_RESPITS
    # SP-10 bound: at most 50 plays per round (each moves a held card to the centre)
    assert stats["plays"] <= 50 * game.round_no
    return game, table, stats


def round_position(game):
    """Everything a Speed position is, for a game that keeps one round (Speed) as for one
    that keeps the whole match (SpeedRecorded): where the round began (round, scores,
    rounds won, PRNG state before its deal, how many actions and events came before, the
    summary of the round before), the round's timed actions and events, every pile, the
    clock, the PRNG state now, the last round's summary, who may act, each seat's
    observation and, once over, the result without its list of rounds (SpeedRecorded's
    lists every round; ruling SP-7)."""
    start = game.round_start()
    first, n = game.round_actions()
    before = start["events"] if start else 0
    events = [tuple(e) for e in game.events[before - game.events_dropped:]]
    piles = []
    for seat in (0, 1):
        piles.append((list(game.hand[seat][:game.n_hand[seat]]),
                      list(game.draw[seat][:game.n_draw[seat]]),
                      list(game.spit[seat][:game.n_spit[seat]]),
                      list(game.centre[seat][:game.n_centre[seat]])))
    result = None
    if game.is_over():
        result = dict(game.result())
        del result["rounds"]
    return (start, [game.timed_history[i] for i in range(first, first + n)], events,
            game.actions_dropped + len(game.timed_history), game.round_no, game.now,
            list(game.scores), list(game.rounds_won), game.rounds[-1:], piles,
            game.rng.state(), game.respits, game.standstills, list(game.called),
            game.to_move(), [game.observation(s) for s in (0, 1)], result)
