"""Reds' hidden bids over the link (issue #15 item 12): no bid on any cable before the last
trick of its round, a guest restarted mid-play that reveals its original bid, and the same
with its flash key lost (VOID).  Three units on the in-memory chain (core/link/sim.py).

Not named test_*.py, like link_scenarios.py (three units in one MicroPython process);
its own module so that the Reds engine is not loaded in link_scenarios' process (its
Speed Run restart needs that heap).  tests/host/test_link_scenarios.py runs it on CPython,
on the unix port (640 KB, as link_scenarios) and on the WebAssembly port (256 KB).
"""
import core.link.unit  # noqa: F401  (compile the big modules first, before heap fragments)
from core.link.sim import SimChain
from test_link_session import games
from test_link_trickgame import first_legal_ai
from link_scenarios import KEYS, _keyed
HIDDEN = {"players": 4, "hidden_bids": True, "short_game": True}
_BID_SEALED = 127               # core.games.reds.rules.BID_SEALED


def _reds_hidden(ai=None, players=4, seed=31):
    """Three units host and join a Reds game with hidden bids (`players` seats: the rest
    are the host's AI seats); what every unit receives is tapped.  Returns (chain, host,
    tap): tap holds the indexes of the SEALs, the UNSEALs and the UNSEALs of a bid that any
    unit received (sets: a list of every message outgrows the ports' heap)."""
    from core.link import messages as M
    from core.link.net import HDR
    opts = dict(HIDDEN)
    opts["players"] = players
    c = SimChain(3, games, ai, seed=seed)
    _keyed(c)
    host = c.units[0]
    host.host_game("reds", opts, players)
    assert c.run_until(lambda c: all([u.lobby() for u in c.units[1:]]), 5000) >= 0
    for u in c.units[1:]:
        u.join(u.lobby()[0][0])
    assert c.run_until(lambda c: all([u.my_seat() >= 0 for u in c.units]) and
                       host.session.seats.count(0) == players - 3, 5000) >= 0
    tap = (set(), set(), set())
    for u in c.units:
        _tap(c, u, tap, M, HDR)
    host.start()
    assert c.run_until(lambda c: all([u.game is not None for u in c.units]), 10000) >= 0
    return c, host, tap


def _tap(c, u, tap, M, HDR):
    """What unit u receives from the link, opened: the cables carry these messages sealed
    (core/link/secure.py), so a tap on the wire would see none; this is what any unit, a
    modified one included, learns and when."""
    f = u._on_message

    def tapped(src, buf, start, n):
        m = M.decode(buf, start, n)
        if m is not None and m[0] == M.SEAL:
            tap[0].add(m[2])
        elif m is not None and m[0] == M.UNSEAL:
            tap[1].add(m[2])
            if 64 <= m[4] <= 69:
                tap[2].add(m[2])
        f(src, buf, start, n)
    u._on_message = tapped


def _pick(la, k):
    """A seeded choice that never takes a chosen card back (an exchange ends)."""
    la = [a for a in la if a < 192]
    return la[k % len(la)]


def _reds_bots(c):
    """_bots for Reds: every unit's human seat, never undoing its pass."""
    for u in c.units:
        g = u.game
        if g is None or g.is_over() or u.paused():
            continue
        s = u.my_seat()
        if s >= 0 and s in g.to_move() and not u.lockstep.decided(s):
            u.submit(_pick(g.legal_actions(s), len(g.history) * 7 + s))


def _no_bid_before_the_reveal(hist, tap):
    """Every UNSEAL that carries a bid was sent at a reveal (its index is where the round's
    reveals begin, after the last trick), never while bidding; the bids were sealed."""
    reveals = [k for k in range(1, len(hist)) if 64 <= hist[k][1] <= 69 and
               not 64 <= hist[k - 1][1] <= 69]
    sealed_at = [k for k in range(len(hist)) if hist[k][1] == _BID_SEALED and
                 (k == 0 or hist[k - 1][1] != _BID_SEALED)]
    seals, unseals, bids = tap
    assert bids, "no reveal seen on the cables"
    for k in bids:
        assert k in reveals, ("a bid on the wire before its reveal", k, reveals)
    assert len(reveals) == len(sealed_at) >= 5, (reveals, sealed_at)
    for k in sealed_at:
        assert k in seals and k not in unseals     # the bids were sealed, never opened there


def _same_games(c):
    """_same_records without the records' text (three Reds records outgrow the ports'
    heap): the same options, seed, actions and result on every unit."""
    g = c.units[0].game
    for u in c.units[1:]:
        h = u.game
        assert h.options == g.options and h.seed == g.seed
        assert len(h.history) == len(g.history)
        for i in range(len(g.history)):
            assert h.history[i] == g.history[i], i
        assert h.result() == g.result()


def _opened(hist):
    """The same game with every sealed bid applied at once (the AI flow's order)."""
    out = []
    at = {}
    for s, a in hist:
        if a == _BID_SEALED:
            at[s] = len(out)
            out.append([s, None])
        elif 64 <= a <= 69:
            out[at.pop(s)][1] = a
        else:
            out.append([s, a])
    return out


def test_reds_hidden_bids_stay_sealed_on_the_wire_until_the_round_ends():
    """Reds with hidden bids, three units and an AI seat on the host: no bid goes on any
    cable before the last trick of its round (reds.md Variants: "bids are revealed at the
    end of the round"); the AI seat plays knowing its own bid and nobody else's; identical
    records, and the scores of the same deal with the bids applied at once."""
    seen = []

    def ai(g, s):
        o = g.observation(s)
        if o["phase"] in ("exchange", "play") and len(seen) < 40:
            seen.append((o["round"], s, tuple(o["bids"])))
        return _pick(o["legal"], len(g.history) * 5 + s)
    c, host, tap = _reds_hidden(ai)
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 120000,
                       _reds_bots) >= 0
    _same_games(c)
    g = host.game
    hist = list(g.history)
    _no_bid_before_the_reveal(hist, tap)
    plain = g.__class__(g.options, g.seed)
    for s, a in _opened(hist):
        plain.apply(s, a)
    assert plain.is_over() and plain.result() == g.result()
    assert len(plain.events) == len(g.events)
    for i in range(len(g.events)):
        assert plain.events[i] == g.events[i]
    plain = None
    ai_seat = host.session.seats.index(0)
    assert seen
    for rnd, s, bids in seen:                       # its own bid, nobody else's
        assert s == ai_seat
        assert bids[s] == g.rounds[rnd - 1][5][s]
        assert [b for b in bids if b is not None] == [bids[s]]
    for u in c.units:
        assert u.lockstep.rejected == 0, u.session.reports


def test_reds_guest_restarted_mid_play_reveals_its_original_hidden_bid():
    """Reds with hidden bids: the middle unit is switched off and on in the middle of a
    round's tricks (its bid sealed, not revealed: nobody else knows it); it rejoins, gets
    its seal back (SEALREQ), opens it with its flash secret, and reveals that bid at the
    end of the round; nothing is refused or reported, identical records."""
    c, host, tap = _reds_hidden(first_legal_ai, 3, 37)
    u1 = c.units[1]
    seat = u1.my_seat()
    assert c.run_until(lambda c: u1.game.phase == "play" and len(u1.game.play_cards) >= 4,
                       60000, _reds_bots) >= 0
    bid = u1.lockstep.own_sealed(seat)
    assert 64 <= bid <= 69 and u1.game.round_no == 1
    u1 = c.boot(1)                                   # memory lost; the flash secret is not
    u1.secret = KEYS[1]
    assert c.run_until(lambda c: u1.game is not None and
                       u1.lockstep.own_sealed(seat) == bid, 8000, _reds_bots) >= 0
    # (opened once, or again when the host's whole log came after the copies)
    assert u1.lockstep.recovered >= 1
    assert c.run_until(lambda c: all([len(u.game.rounds) >= 1 for u in c.units]),
                       60000, _reds_bots) >= 0
    for u in c.units:
        assert u.game.rounds[0][5][seat] == bid - 64
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 120000,
                       _reds_bots) >= 0
    _same_games(c)
    _no_bid_before_the_reveal(list(host.game.history), tap)
    for u in c.units:
        assert u.lockstep.rejected == 0, u.session.reports
        assert [r for r in u.session.reports if "changed" in r or "key" in r] == [], \
            u.session.reports


def test_reds_guest_restarted_mid_play_with_its_key_lost_reveals_void():
    """The same restart with the unit's flash secret lost: it cannot open its sealed bid;
    at the end of the round it reveals VOID, every unit reports it, the host's AI bids
    for that seat and the game goes on to identical records."""
    c, host, tap = _reds_hidden(first_legal_ai, 3, 37)
    u1 = c.units[1]
    seat = u1.my_seat()
    assert c.run_until(lambda c: u1.game.phase == "play" and len(u1.game.play_cards) >= 4,
                       60000, _reds_bots) >= 0
    u1 = c.boot(1)
    u1.secret = bytes(16)                            # the flash lost the key
    assert c.run_until(lambda c: all([u.game is not None and len(u.game.rounds) >= 1
                                      for u in c.units]), 60000, _reds_bots) >= 0
    assert u1.lockstep.recovered == 0 and u1.lockstep.own_sealed(seat) is None
    for u in c.units:
        assert u.game.rounds[0][5][seat] == 0        # first_legal_ai: bid 0
        assert [r for r in u.session.reports if "lost the key" in r and
                "unit %d" % u1.node_id in r], u.session.reports
    assert c.run_until(lambda c: all([u.game.is_over() for u in c.units]), 120000,
                       _reds_bots) >= 0
    _same_games(c)
    _no_bid_before_the_reveal(list(host.game.history), tap)


def test_reds_a_unit_gone_mid_play_is_handed_to_the_ai_which_reveals_for_it():
    """A unit gone for good in the middle of a hidden-bid round (its bid sealed, nobody can
    open it): the host hands its seat to the AI, which plays its cards and, at the end of
    the round, bids for it (every unit says so); the others finish identically."""
    c, host, tap = _reds_hidden(first_legal_ai, 3, 41)
    u1 = c.units[1]
    assert c.run_until(lambda c: u1.game.phase == "play" and len(u1.game.play_cards) >= 4,
                       60000, _reds_bots) >= 0
    gone = c.units[2].node_id
    seat = host.session.seats.index(gone)
    c.unplug(1, c.now(), 10 ** 8)                    # its cable stays out
    assert c.run_until(lambda c: host.status().get("can_hand_to_ai"), 15000, _reds_bots) >= 0
    host.hand_to_ai(seat)
    two = (host, u1)
    assert c.run_until(lambda c: all([len(u.game.rounds) >= 1 for u in two]), 30000,
                       _reds_bots) >= 0
    for u in two:
        assert u.game.rounds[0][5][seat] == 0        # first_legal_ai: bid 0
        assert [r for r in u.session.reports if "handed to the AI after sealing" in r and
                "seat %d" % seat in r], u.session.reports
    assert c.run_until(lambda c: all([u.game.is_over() for u in two]), 60000, _reds_bots) >= 0
    assert list(host.game.history) == list(u1.game.history)
    assert host.game.result() == u1.game.result()
    for u in two:
        assert u.lockstep.rejected == 0, u.session.reports
