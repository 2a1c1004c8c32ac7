"""Game records as JSON Lines: options, seed and the actions (see docs/records.md).

    {"record": 1, "game": "speedrun", "seed": 42, "options": {...}}
    {"seat": 0, "action": 23, "label": "7H"}               one line per action
    {"seat": 1, "action": 5, "label": "5S", "t": 1830}      Speed: ms since round start
    {"result": {...}}                                       optional, checked on replay

This module holds the header line, the only part the device needs while it plays (a game
save is the header and the actions packed: core/save.py).  The writer (`encode`, `dumps`,
`action_line`, `iter_record`, `iter_plain_record`, `record_lines`, `write_record`) is
core/record_json.py and the reader (`RecordError`, `replay_lines`, `read_record`,
`first_difference`) core/replay.py: the device holds neither while a game is played.
(They were reachable from here, loaded on first use, until issue #20: that made
core.record and core.record_json import each other.)
"""


def header(game):
    return {"record": game.RECORD_VERSION, "game": game.NAME, "seed": game.seed,
            "options": game.options}
