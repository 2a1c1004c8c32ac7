"""A sniffer on every cable of a full linked Reds game (3 units, in memory) learns no hand,
no seed and no move (issue #15 item 8): tools/link_bridge.py's decoder reads only the
cleartext kinds (lobby, keys); everything else is "sealed message (N bytes)"."""
from core.link import messages as M
from tools.bench_link import sim_real_game
from tools.link_bridge import Sniffer

CLEAR = ("SESSION", "JOIN", "LEAVE", "KEY", "SKEY")


def _tapped_game(secure):
    chain = []

    def on_chain(c):
        c.tap()
        chain.append(c)
    r = sim_real_game("reds", 3, ["players=3"], False, seed=4, secure=secure, on_chain=on_chain)
    assert r["over"] and r["identical_records"]
    return chain[0]


def _decode(c):
    """Every frame on every wire (one decoder per direction of each cable)."""
    streams = {}
    for where, b in c.taps:
        streams.setdefault(where, bytearray()).extend(b)
    msgs = []
    for where in sorted(streams):
        s = Sniffer(lambda d: msgs.append(d) if "msg" in d else None)
        s.feed(bytes(streams[where]))
    wire = b"".join([bytes(streams[w]) for w in sorted(streams)])
    return msgs, wire


def _secrets(c):
    """Byte strings that give away a hand or a move: the seed, every unit's seed share,
    and the plaintext of every ACTION of the game."""
    out = []
    u = c.units[0]
    seed = u.game.seed
    out.append(seed.encode() if isinstance(seed, str) else bytes([seed >> 24 & 255, seed >> 16 & 255,
                                                                   seed >> 8 & 255, seed & 255]))
    if isinstance(seed, str) and len(seed) == 32:
        out.append(bytes.fromhex(seed))
    for x in c.units:
        out += [bytes(v) for v in x.session._reveals.values()]
    b = bytearray(16)
    for k, (seat, action) in enumerate(u.lockstep.log_entries() if hasattr(
            u.lockstep, "log_entries") else [(h[0], h[1]) for h in u.game.history]):
        n = M.encode_action(b, u.session.sid, k, seat, action)
        out.append(bytes(b[:n]))
    return out


def test_a_sniffer_on_every_cable_learns_no_hand_no_seed_and_no_move():
    c = _tapped_game(True)
    msgs, wire = _decode(c)
    kinds = set()
    sealed = 0
    for d in msgs:
        m = d["msg"]
        if isinstance(m, str):
            assert m.startswith("sealed message (")
            sealed += 1
        elif m is not None:
            kinds.add(m[0])
    assert kinds <= set(CLEAR), kinds
    assert sealed > 100
    for secret in _secrets(c):
        assert secret not in wire
    for u in c.units:
        assert u.secure.auth_failed == 0 and u.secure.replays == 0


def test_the_clear_link_gave_every_move_away():
    """The same game with secure=False (the link of before): the sniffer reads ACTIONs and
    the seed shares; this is what the test above rules out."""
    c = _tapped_game(False)
    msgs, wire = _decode(c)
    kinds = set([d["msg"][0] for d in msgs if isinstance(d["msg"], list)])
    assert "ACTION" in kinds and "REVEAL" in kinds
    assert [s for s in _secrets(c) if s in wire]


def test_every_games_session_fits_signed_for_six_units():
    """SESSION travels signed (clear, 5 tags with 6 units): every game's announcement,
    with 6 seats and its options, still fits a frame."""
    from core.registry import GAME_NAMES, game_class
    from core.link.session import option_indices
    from core.game import resolve_options
    b = bytearray(256)
    for name in GAME_NAMES:
        cls = game_class(name)
        idx = option_indices(cls, resolve_options(cls.OPTIONS, {}))
        n = M.encode_session(b, 1, 2, 0x101, 1, [0x101] * 6, bytes(8), name, idx, 3)
        assert n + 5 + M.TAG_LEN * M.MAX_TAGS <= M.NET_MAX, (name, n)
