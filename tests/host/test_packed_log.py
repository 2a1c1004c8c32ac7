"""core/packed_log.py keeps every entry it is given: random tuples (the pair fast path,
bigger ints, negatives, strings, None, bools, nested tuples) read back equal by iteration,
indexing and ==."""
import pytest
from hypothesis import given, settings, strategies as st

from core.packed_log import PackedLog

ints = st.integers(min_value=-0xFFFF, max_value=0xFFFF)
atoms = st.one_of(ints, st.integers(0, 127), st.none(), st.booleans(),
                  st.sampled_from(["play", "bid", "trick_won", "x"]))
items = st.one_of(atoms, st.tuples(atoms, atoms))
entries = st.one_of(st.tuples(st.integers(0, 127), st.integers(0, 127)),     # pairs
                    st.tuples(st.integers(0, 255), st.integers(0, 255)),
                    st.lists(items, max_size=6).map(tuple))


@settings(max_examples=300, deadline=None)
@given(st.lists(entries, max_size=120))
def test_entries_read_back_unchanged(log_entries):
    log = PackedLog()
    for e in log_entries:
        log.append(e)
    assert len(log) == len(log_entries)
    assert list(log) == log_entries
    assert log == log_entries
    for i in range(len(log_entries)):      # indexing skips the entries before i
        assert log[i] == log_entries[i]
        assert log[-1 - i] == log_entries[-1 - i]


# Entries whose first two items are ints (as a game's (seat, action) history): pairs of
# 0..127 (one byte each), of 0..255 (two-byte items), other ints and longer tuples (decoded).
byte_pairs = st.tuples(st.integers(0, 255), st.integers(0, 255))
int_led = st.one_of(byte_pairs, st.tuples(st.integers(0, 127), st.integers(0, 127)),
                    st.tuples(ints, ints),
                    st.tuples(st.integers(0, 255), st.integers(0, 255), atoms))


@settings(max_examples=300, deadline=None)
@given(st.lists(int_led, max_size=150))
def test_pair_words_equal_the_decoded_entries(log_entries):
    log = PackedLog()
    for e in log_entries:
        log.append(e)
    assert list(log.pair_words()) == [e[0] << 8 | e[1] for e in log_entries]


@settings(max_examples=300, deadline=None)
@given(st.lists(entries, min_size=1, max_size=150),
       st.lists(st.tuples(st.integers(0, 10**6), st.booleans()), max_size=80))
def test_reads_in_any_order_between_appends(log_entries, steps):
    """Indexing starts from the last entry read when it can (the app reads the new events
    after each action): reads in any order, across chunks, interleaved with appends, give
    the entries appended."""
    log = PackedLog()
    n = 0
    for where, append in steps + [(0, True)] * len(log_entries):
        if append and n < len(log_entries):
            log.append(log_entries[n])
            n += 1
        if n:
            i = where % n
            assert log[i] == log_entries[i]
            assert log[n - 1] == log_entries[n - 1]


def test_clear_forgets_every_entry_and_the_log_goes_on():
    log = PackedLog()
    for i in range(200):                    # several chunks, and an index read in the last
        log.append(("play", i % 4, i, "x%d" % (i % 3)))
    assert log[150] == ("play", 2, 150, "x0")
    log.clear()
    assert len(log) == 0 and list(log) == [] and log._chunks == []
    with pytest.raises(IndexError):
        log[0]
    log.append(("trick", 1, 2))
    log.append(("score", -3, None))
    assert len(log) == 2 and log[1] == ("score", -3, None) and log[0] == ("trick", 1, 2)
    assert list(log) == [("trick", 1, 2), ("score", -3, None)]
