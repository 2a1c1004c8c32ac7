"""The unit's link secret and the seal nonces derived from it (docs/link.md, trust model):
made once at boot and kept in flash, loaded again by the next boot, replaced (and said so)
when damaged; a nonce differs for every session, history index, seat and secret, and is
the same every time it is computed again (after a restart)."""
from core import boot as bootmod
from core.loop import Boot
from core.boot import link_secret, load_link_secret
from core.link.commit import seal, seal_nonce
from core.save import SaveStore
from test_save_fakefs import FakeFs


def _rand(seed):
    state = [seed]

    def rand(n):
        out = []
        for _ in range(n):
            state[0] = (state[0] * 1103515245 + 12345) & 0x3FFFFFFF
            out.append(state[0] >> 22)
        return bytes(out)
    return rand


def test_the_secret_is_made_once_and_kept_across_boots():
    fs = FakeFs()
    b = Boot()
    k = link_secret(b, SaveStore(fs), _rand(1))
    assert len(k) == bootmod.SECRET_BYTES == 16 and b.link_secret == k and b.notices == []
    assert "linkkey.sav" in fs.files and k not in fs.files["linkkey.sav"]   # stored as hex
    writes = fs.steps
    fs2 = fs.rebooted()
    b2 = Boot()
    assert link_secret(b2, SaveStore(fs2), _rand(2)) == k      # the next boot: the same
    assert fs2.steps == 0 and b2.notices == []                 # and nothing written
    assert load_link_secret(SaveStore(fs2)) == k
    assert load_link_secret(None) is None and writes > 0


def test_a_damaged_secret_is_replaced_and_said_so():
    short = FakeFs()
    SaveStore(short).save("linkkey", (b"00ff",))               # intact file, not a key
    for junk in (b"junk", b"PCSAVE 1 1\n00ff\n#END 4 0\n", short.files["linkkey.sav"]):
        fs = FakeFs({"linkkey.sav": junk})
        assert load_link_secret(SaveStore(fs)) is None
        b = Boot()
        k = link_secret(b, SaveStore(fs), _rand(3))
        assert len(k) == 16 and b.notices == ["link key damaged: made a new one"]
        assert load_link_secret(SaveStore(fs.rebooted())) == k


def test_the_boot_sequence_makes_the_secret():
    class Hw:
        pass

    def load(name, config=None):
        return "module", Hw()
    fs = FakeFs({"board.json": b'{"board": "b"}'})
    lines = []
    b = bootmod.boot(fs, out=lines.append, load=load)
    assert len(b.link_secret) == 16 and lines == []
    b2 = bootmod.boot(fs.rebooted(), out=lines.append, load=load)
    assert b2.link_secret == b.link_secret


def test_seal_nonces_differ_per_decision_and_per_secret_and_repeat():
    k1 = bytes(range(16))
    k2 = bytes(range(1, 17))
    n = seal_nonce(k1, 0x1234, 7, 2)
    assert len(n) == 8 and n == seal_nonce(k1, 0x1234, 7, 2)   # computed again: the same
    others = [seal_nonce(k1, 0x1235, 7, 2), seal_nonce(k1, 0x1234, 8, 2),
              seal_nonce(k1, 0x1234, 7, 3), seal_nonce(k2, 0x1234, 7, 2)]
    for o in others:
        assert o != n
    assert len(set(others)) == 4
    # with the nonce, each action of a small set seals differently; only the secret's
    # owner can tell which action a seal binds before the reveal
    digests = [seal(0x1234, 7, 2, a, n) for a in range(100, 106)]
    assert len(set(digests)) == 6
    assert [seal(0x1234, 7, 2, a, seal_nonce(k2, 0x1234, 7, 2)) for a in range(100, 106)
            if seal(0x1234, 7, 2, a, seal_nonce(k2, 0x1234, 7, 2)) in digests] == []
