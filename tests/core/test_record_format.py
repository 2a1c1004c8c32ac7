"""The canonical record encoder: sorted keys, fixed separators, same bytes everywhere."""
from core.record_json import dumps, encode


def test_sorted_keys_and_separators():
    assert dumps({"seat": 1, "action": 23, "label": "7H"}) == '{"action": 23, "label": "7H", "seat": 1}'


def test_nested_values():
    obj = {"b": [1, None, True, False, 'x"y'], "a": {"z": 0, "k": []}}
    assert dumps(obj) == '{"a": {"k": [], "z": 0}, "b": [1, null, true, false, "x\\"y"]}'


def test_encode_streams_pieces():
    parts = []
    encode({"a": [1, 2]}, parts.append)
    assert len(parts) > 3 and "".join(parts) == '{"a": [1, 2]}'


def test_rejects_floats():
    try:
        dumps({"x": 1.5})
    except ValueError:
        return
    assert False, "a float got into a record"


def test_first_difference_names_the_path():
    from core.replay import first_difference
    assert first_difference({"s": (1, 2)}, {"s": [1, 2]}, "r") is None
    assert first_difference({"s": [1, 2]}, {"s": [1, 3]}, "r") == "r.s[1]"
    assert first_difference({"s": [1]}, {"s": [1, 2]}, "r") == "r.s (length)"
    assert first_difference({"a": 1}, {"b": 1}, "r") == "r.a (missing)"
    assert first_difference({"a": True}, {"a": 1}, "r") == "r.a"


def test_core_record_is_the_header_only():
    # the device's part: the writer and the reader are modules of their own, which
    # import it (not the other way round: no import cycle, issue #20)
    from core import record
    assert not hasattr(record, "record_lines") and not hasattr(record, "replay_lines")
