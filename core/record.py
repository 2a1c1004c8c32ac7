"""Game records as JSON Lines: options, seed and the actions (see docs/records.md).

    {"record": 1, "game": "speedrun", "seed": 42, "options": {...}}
    {"seat": 0, "action": 23, "label": "7H"}               one line per action
    {"seat": 1, "action": 5, "label": "5S", "t": 1830}      Speed: ms since round start
    {"result": {...}}                                       optional, checked on replay

This module holds the header line, the only part the device needs while it plays (a game
save is the header and the actions packed: core/save.py).  The writer (`encode`, `dumps`,
`action_line`, `iter_record`, `iter_plain_record`, `record_lines`, `write_record`:
core/record_json.py) and the
reader (`RecordError`, `replay_lines`, `read_record`, `first_difference`: core/replay.py)
are reached from here too, each loaded on first use: the device holds neither while a
game is played.
"""

from core.game import record_header as header  # noqa: F401  (core/record_json.py uses it too)

_WRITER_NAMES = ("encode", "dumps", "action_line", "iter_record", "iter_plain_record",
                 "record_lines", "write_record")
_READER_NAMES = ("RecordError", "replay_lines", "read_record", "first_difference")


def __getattr__(name):
    """The writer's and the reader's names, imported only when first asked for."""
    if name in _WRITER_NAMES:
        from core import record_json
        return getattr(record_json, name)
    if name in _READER_NAMES:
        from core import replay
        return getattr(replay, name)
    raise AttributeError(name)

