"""Save store: power cut or failure at every step, corrupt/truncated/newer files, link busy."""
from core import save
from core.save import SaveStore, parse_file, SaveCorrupt
from core.save_load import load_copy
from test_save_fakefs import FakeFs, PowerCut

A = b'{"n": 1}'
B = b'{"n": 2, "text": "second save"}'
C = b'{"n": 3, "lines": "' + b"x" * 300 + b'"}'
C_CHUNKS = [C[:100], C[100:]]


def _store_with_two_saves():
    fs = FakeFs()
    st = SaveStore(fs)
    assert st.save("s", [A])
    assert st.save("s", [B])
    return fs


def _steps_of_one_save():
    fs = _store_with_two_saves()
    before = fs.steps
    assert SaveStore(fs).save("s", C_CHUNKS)
    return fs.steps - before


def test_first_boot_finds_nothing():
    got = load_copy(SaveStore(FakeFs()), "s")
    assert got.status == save.NONE and got.value is None and got.message is None


def test_save_and_load_round_trip_keeps_previous_copy():
    fs = _store_with_two_saves()
    assert sorted(fs.files) == ["s.bak", "s.sav"]
    got = load_copy(SaveStore(fs), "s")
    assert got.status == save.OK and got.value == B
    assert got.message == "save: restored save"
    assert parse_file(fs.files["s.bak"])[1] == A
    # chunks may be str or bytes; generations increase
    st = SaveStore(fs)
    assert st.save("s", ["abc", b"def"])
    assert load_copy(SaveStore(fs), "s").value == b"abcdef"
    assert parse_file(fs.files["s.sav"])[0] == parse_file(fs.files["s.bak"])[0] + 1


def test_new_file_is_complete_before_anything_is_removed():
    fs = _store_with_two_saves()
    fs.log = []
    SaveStore(fs).save("s", [C])
    assert fs.log == [("open", "s.new"), ("remove", "s.bak"), ("rename", "s.sav", "s.bak"),
                      ("rename", "s.new", "s.sav")]


def _check_cut(k, torn, lose_unflushed):
    fs = _store_with_two_saves()
    fs.cut_at = fs.steps + k
    fs.torn = torn
    fs.lose_unflushed = lose_unflushed
    cut = False
    try:
        SaveStore(fs).save("s", C_CHUNKS)
    except PowerCut:
        cut = True
    assert cut, "step %d did not happen" % k
    fs2 = fs.rebooted()
    got = load_copy(SaveStore(fs2), "s")
    where = "cut at step %d (torn=%s, lose_unflushed=%s): %r" % (k, torn, lose_unflushed, got)
    assert got.value in (B, C), where
    assert got.status in (save.OK, save.PREVIOUS), where
    # the next save after the reboot works and is the one found next time
    st = SaveStore(fs2)
    assert st.save("s", [A]), where
    got = load_copy(SaveStore(fs2), "s")
    assert got.value == A and got.status == save.OK, where
    assert parse_file(fs2.files["s.bak"])[1] in (B, C), where


def test_power_cut_at_every_step_never_loses_both_copies():
    n = _steps_of_one_save()
    assert n >= 8
    for k in range(1, n + 1):
        for torn, lose in ((False, False), (True, False), (False, True)):
            _check_cut(k, torn, lose)


def test_power_cut_during_the_very_first_save():
    n = _steps_of_one_save()
    for k in range(1, n + 1):
        fs = FakeFs(cut_at=k, torn=True)
        try:
            SaveStore(fs).save("s", C_CHUNKS)
        except PowerCut:
            pass
        got = load_copy(SaveStore(fs.rebooted()), "s")
        assert got.value in (None, C), k
        if got.value is None:
            assert got.status in (save.NONE, save.DAMAGED), k
            if got.status == save.DAMAGED:
                assert got.message == "save: save damaged, starting fresh"


def test_write_failure_at_every_step_keeps_a_copy_and_recovers():
    n = _steps_of_one_save()
    for k in range(1, n + 1):
        fs = _store_with_two_saves()
        fs.fail_at = fs.steps + k
        st = SaveStore(fs)
        ok = st.save("s", C_CHUNKS)
        assert not ok, k
        assert st.notice.startswith("save failed"), k
        got = load_copy(SaveStore(fs), "s")
        assert got.value in (B, C), (k, got)
        assert st.save("s", [A]), k      # the same store keeps working
        got = load_copy(SaveStore(fs), "s")
        assert got.value == A and got.status == save.OK, k


def _corrupted(transform):
    fs = _store_with_two_saves()
    fs.files["s.sav"] = transform(fs.files["s.sav"])
    return load_copy(SaveStore(fs), "s"), fs


def test_any_corrupted_byte_restores_the_previous_save():
    size = len(_store_with_two_saves().files["s.sav"])
    for i in range(size):
        for flip in (0x01, 0x80, 0xFF):
            def bad(data):
                b = bytearray(data)
                b[i] ^= flip
                return bytes(b)
            got, _ = _corrupted(bad)
            assert got.status == save.PREVIOUS and got.value == A, (i, flip, got)
            assert got.message == "save: restored previous save"
            assert got.problems and got.problems[0].startswith("s.sav: ")


def test_truncated_at_every_length_restores_the_previous_save():
    size = len(_store_with_two_saves().files["s.sav"])
    for n in range(size):
        got, _ = _corrupted(lambda data: data[:n])
        assert got.status == save.PREVIOUS and got.value == A, (n, got)


def _file(fmt, gen, payload):
    """A save file as firmware of format `fmt` writes it: header, payload, trailer, CRC."""
    import binascii
    head = ("PCSAVE %d %d\n" % (fmt, gen)).encode()
    crc = binascii.crc32(payload, binascii.crc32(head)) & 0xFFFFFFFF
    return head + payload + ("\n#END %d %08x\n" % (len(payload), crc)).encode()


def test_newer_format_is_not_read_and_says_so():
    got, _ = _corrupted(lambda data: _file(2, 9, B))
    assert got.status == save.PREVIOUS and got.value == A
    assert "newer firmware" in got.problems[0]
    try:
        parse_file(_file(0, 1, b"x"))
        assert False, "format 0 accepted"
    except SaveCorrupt as exc:
        assert "unknown format" in str(exc) and not isinstance(exc, save.SaveNewer)
    # no usable copy, one from a newer firmware: said so, not "damaged"
    fs = FakeFs({"s.sav": _file(2, 9, B), "s.bak": b"junk"})
    got = load_copy(SaveStore(fs), "s")
    assert got.status == save.NEWER and got.value is None
    assert got.message == "save: saved by a newer firmware"


def test_a_damaged_file_claiming_a_newer_format_is_damaged():
    bad = _file(2, 9, B)
    bad = bad[:-4] + (b"0" if bad[-4:-3] != b"0" else b"1") + bad[-3:]     # CRC off by one
    got = load_copy(SaveStore(FakeFs({"s.sav": bad})), "s")
    assert got.status == save.DAMAGED and "checksum" in got.problems[0], got.problems


def test_a_payload_of_a_newer_version_counts_as_newer():
    def parse(payload):
        raise save.SaveNewer("record version 2 is from newer firmware")
    fs = _store_with_two_saves()
    got = load_copy(SaveStore(fs), "s", parse, "game")
    assert got.status == save.NEWER and got.message == "game: saved by a newer firmware"


def test_a_newer_firmware_save_is_never_removed_and_comes_back_after_an_upgrade():
    newest = _file(2, 20, b"newest")
    older = _file(2, 19, b"older")
    fs = FakeFs({"s.sav": newest, "s.bak": older})
    st = SaveStore(fs)
    assert load_copy(st, "s").status == save.NEWER
    # this (older) firmware saves and forgets its own saves as usual...
    for payload in (A, B, C):
        assert st.save("s", [payload])
        assert newest in fs.files.values(), sorted(fs.files)
    assert fs.files["s.fut"] == newest      # (the older copy of it made room)
    got = load_copy(SaveStore(fs), "s")
    assert got.status == save.OK and got.value == C
    assert parse_file(fs.files["s.sav"])[0] > 20        # generations go on above the newer ones
    assert st.discard("s")
    assert fs.files == {"s.fut": newest}
    got = load_copy(SaveStore(fs), "s")
    assert got.status == save.NEWER
    # ...and a fresh store does the same (it finds the newer files before it writes)
    assert SaveStore(fs).save("s", [A]) and fs.files["s.fut"] == newest
    assert SaveStore(fs).discard("s") and fs.files == {"s.fut": newest}
    # an interrupted save of a newer firmware (s.new) is kept too
    fs = FakeFs({"s.new": newest, "s.sav": _file(1, 3, A)})
    assert SaveStore(fs).save("s", [B])
    assert fs.files["s.fut"] == newest and parse_file(fs.files["s.bak"])[1] == A
    # the firmware that reads format 2 finds it again
    old_format = save.FORMAT
    save.FORMAT = 2
    try:
        fs = FakeFs({"s.fut": newest})
        got = load_copy(SaveStore(fs), "s")
        assert got.status == save.OK and got.value == b"newest"
        assert SaveStore(fs).discard("s") and fs.files == {}
    finally:
        save.FORMAT = old_format


def test_both_copies_damaged_starts_fresh_and_saves_again():
    fs = _store_with_two_saves()
    fs.files["s.sav"] = fs.files["s.sav"][:10]
    fs.files["s.bak"] = b""
    fs.files["s.new"] = b"garbage\n"
    st = SaveStore(fs)
    got = load_copy(st, "s")
    assert got.status == save.DAMAGED and got.value is None
    assert got.message == "save: save damaged, starting fresh"
    assert len(got.problems) == 3
    assert st.save("s", [C])
    got = load_copy(SaveStore(fs), "s")
    assert got.status == save.OK and got.value == C


def test_a_copy_the_caller_rejects_falls_back():
    fs = _store_with_two_saves()

    def parse(payload):
        if payload == B:
            raise ValueError("does not replay")
        return payload.decode()

    got = load_copy(SaveStore(fs), "s", parse, "game")
    assert got.status == save.PREVIOUS and got.value == A.decode()
    assert got.message == "game: restored previous save"
    assert got.problems == ["s.sav: does not replay"]


def test_finished_new_file_is_preferred_by_generation():
    # power lost after s.sav was renamed to s.bak: only s.bak (old) and s.new (new) remain
    fs = _store_with_two_saves()
    fs.cut_at = fs.steps + _steps_of_one_save() - 1     # cut at the last rename (then a sync)
    try:
        SaveStore(fs).save("s", C_CHUNKS)
    except PowerCut:
        pass
    assert sorted(fs.files) == ["s.bak", "s.new"]
    got = load_copy(SaveStore(fs.rebooted()), "s")
    assert got.status == save.OK and got.value == C


class Link:
    def __init__(self):
        self.busy = True

    def __call__(self):
        return self.busy


def test_link_busy_defers_the_write_and_says_so():
    fs = FakeFs()
    link = Link()
    st = SaveStore(fs, link)
    assert not st.save("s", iter([b"first"]))
    assert not st.save("s", (b"se", "cond"))
    assert fs.steps == 0 and fs.files == {}
    assert st.notice == "save deferred: link busy"
    assert st.pending() == ["s"]
    assert not st.poll()                  # still busy: nothing written
    assert fs.steps == 0
    link.busy = False
    assert st.poll()
    assert st.pending() == [] and st.notice is None
    assert load_copy(SaveStore(fs), "s").value == b"second"
    assert not st.poll()                  # nothing left to do


def test_discard_waits_for_the_link_too():
    fs = _store_with_two_saves()
    link = Link()
    st = SaveStore(fs, link)
    steps = fs.steps
    assert not st.discard("s")
    assert fs.steps == steps and "s.sav" in fs.files
    link.busy = False
    assert st.poll()
    assert fs.files == {}
    assert load_copy(SaveStore(fs), "s").status == save.NONE


def test_save_while_idle_cancels_an_older_deferred_one():
    fs = FakeFs()
    link = Link()
    st = SaveStore(fs, link)
    st.save("s", [b"old"])
    link.busy = False
    assert st.save("s", [b"new"])
    assert st.pending() == []
    assert not st.poll()
    assert load_copy(SaveStore(fs), "s").value == b"new"


def test_saving_over_a_damaged_current_copy_keeps_the_good_previous_one():
    for load_first in (True, False):
        got, fs = _corrupted(lambda data: data[:-3])
        st = SaveStore(fs)
        if load_first:
            assert load_copy(st, "s").value == A
        assert st.save("s", C_CHUNKS)
        assert parse_file(fs.files["s.sav"])[1] == C
        assert parse_file(fs.files["s.bak"])[1] == A, load_first
        assert st.save("s", [B])
        assert parse_file(fs.files["s.bak"])[1] == C


def test_interrupted_save_is_finished_before_the_next_one():
    fs = _store_with_two_saves()
    fs.cut_at = fs.steps + _steps_of_one_save() - 2     # cut when renaming s.sav -> s.bak
    try:
        SaveStore(fs).save("s", C_CHUNKS)
    except PowerCut:
        pass
    fs = fs.rebooted()
    assert sorted(fs.files) == ["s.new", "s.sav"]
    st = SaveStore(fs)
    assert st.save("s", [A])
    assert parse_file(fs.files["s.sav"])[1] == A
    assert parse_file(fs.files["s.bak"])[1] == C
    assert "s.new" not in fs.files


def test_exists_sees_any_copy_load_could_restore():
    fs = FakeFs()
    st = SaveStore(fs)
    assert not st.exists("s")
    st.save("s", [A])
    assert st.exists("s")
    del fs.files["s.sav"]
    fs.files["s.bak"] = b"x"                    # only a previous (even damaged) copy left
    assert st.exists("s")
    st.discard("s")
    assert not st.exists("s")
