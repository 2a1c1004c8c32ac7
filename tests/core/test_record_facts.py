"""Records of version 2 carry the public facts (deals, events) and replay checks each one
(core/record_facts.py, docs/records.md): an edited deal or hand score is caught."""
import gc
import sys

from core.bots import RandomBot
from core.record import dumps, iter_plain_record, iter_record
from core.registry import game_class
from core.replay import RecordError, replay_lines
from core.speed import SpeedRecorded
from core.speed_bots import VirtualTable, make_bots


def played(name, options, seed):
    """A whole game of `name`; garbage is collected as it goes, so that the game's
    long-lived event tuples stay together instead of spread over the heap (MicroPython
    collects only when full: on the 64-bit unix port a scattered log leaves no 4 KB block
    for a list; tools/record_sizes.py plays these games too)."""
    if name == "speed":
        g = SpeedRecorded(options, seed)
        VirtualTable(g, make_bots((2, 2), seed), seed).run()
        return g
    g = game_class(name)(options, seed)
    bots = [RandomBot(seed + i) for i in range(g.n_players)]
    while not g.is_over():
        _collect()
        for seat in g.to_move():
            if not g.is_over():
                g.apply(seat, bots[seat].choose(g.observation(seat)))
    return g


def _collect():
    """gc.collect() where it helps: MicroPython (see played); on CPython a full collection
    per move only costs time (minutes over this module)."""
    if _MICROPYTHON:
        gc.collect()


_MICROPYTHON = sys.implementation.name == "micropython"
_GAMES = (("speedrun", {"length": "short"}), ("steppingstones", None),
          ("reds", {"players": 3, "short_game": True}), ("speed", None))


def _objs(game):
    """iter_record(game), collecting garbage as it goes (as in played)."""
    n = 0
    for obj in iter_record(game):
        n += 1
        if n % 16 == 0:
            _collect()
        yield obj


def _lines(game, edit=None, at=None):
    """The record of `game` line by line, never held whole (a list of a thousand lines
    fragments a small MicroPython heap); `edit(obj)` may change one line's object (True:
    changed; False: drop the line), and `at` (a list) gets its line number."""
    n = 0
    done = False
    for obj in _objs(game):
        n += 1
        if edit is not None and not done:
            hit = edit(obj)
            if hit is not None:
                done = True
                at.append(n)
                if hit is False:
                    continue
        yield dumps(obj)


def _expect_error(game, edit):
    at = []
    try:
        replay_lines(_lines(game, edit, at))
    except RecordError as exc:
        assert at and ("line %d" % at[0]) in str(exc), (at, str(exc))
        return str(exc)
    raise AssertionError("an edited record replayed")


def _every_card_once(name, deal):
    if name == "speedrun":
        cards = sum(deal["hands"], []) + deal["undealt"]
        return len(cards) == 40 and len(set(cards)) == 40
    if name == "steppingstones":
        cards = sum(deal["hands"], [])
        return len(cards) == 36 and len(set(cards)) == 36
    if name == "reds":
        pack = deal["pack"]
        dealt = sum(deal["hands"], [])
        return (len(pack) == 39 and len(set(pack)) == 39 and set(dealt) <= set(pack) and
                pack[len(dealt):len(dealt) + len(deal["turned"])] == deal["turned"])
    cards = sum(deal["hands"], []) + sum(deal["draws"], []) + sum(deal["spits"], [])
    return len(cards) == 50 and len(set(cards)) == 50     # two cards start the centre


def test_every_record_carries_each_deal_with_every_card_once():
    for name, options in _GAMES:
        g = played(name, options, 5)
        deals = 0
        for obj in _objs(g):
            if "record" in obj:
                assert obj["record"] == 2
            elif "deal" in obj and "respit" not in obj["deal"]:
                deals += 1
                assert _every_card_once(name, obj["deal"]), (name, obj)
        assert deals >= 1, name
        _collect()
        assert replay_lines(_lines(g)).result() == g.result()
        g = None


def test_trick_winners_and_hand_scores_are_in_the_record():
    g = played("speedrun", {"length": "short"}, 6)
    won = scores = 0
    for obj in _objs(g):
        for e in obj.get("events", ()):
            won += e[0] == "trick_won"
            scores += e[0] == "score"
    assert won == 12 * g.hand_no            # the last trick's winner too
    assert scores == 3 * g.hand_no          # every seat, every hand


def _swap_a_card(obj):
    if "deal" not in obj:
        return None
    hands = obj["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]     # two seats swap a card
    return True


def test_an_edited_deal_is_caught_naming_its_line():
    for name, options in _GAMES:
        g = played(name, options, 7)
        assert "deal" in _expect_error(g, _swap_a_card)
        g = None


def test_an_edited_hand_score_is_caught_naming_its_line():
    for name, options, field in (("speedrun", {"length": "short"}, 5),
                                 ("reds", {"players": 3, "short_game": True}, 4)):
        def one_more_point(obj):
            for e in obj.get("events", ()):
                if e[0] == "score":
                    e[field] += 1
                    return True
            return None
        g = played(name, options, 8)
        _expect_error(g, one_more_point)
        g = None


def test_a_missing_fact_line_is_caught():
    g = played("steppingstones", None, 9)
    seen = [0]

    def drop_the_fourth_events_line(obj):
        if "events" in obj:
            seen[0] += 1
            if seen[0] == 4:
                return False
        return None
    assert "missing" in _expect_error(g, drop_the_fourth_events_line)


def test_a_version_1_record_still_replays():
    """Records written before the facts: header, action lines, result."""
    for name, options in _GAMES:
        g = played(name, options, 10)

        def old():
            n = 0
            for obj in iter_plain_record(g):
                n += 1
                if n % 16 == 0:
                    _collect()
                yield dumps(obj)
        assert replay_lines(old()).result() == g.result()
        g = None


def _speed_with_refusals():
    """A Speed round in which seat 0 first tries a card that fits no pile (refused, SP-9)."""
    from core.speed import play_action
    for seed in range(1, 40):
        g = SpeedRecorded(None, seed)
        table = VirtualTable(g, make_bots((3, 3), seed), seed)
        table.arbiter.refusals = []
        legal = g.legal_actions(0)
        tries = [play_action(g.hand[0][k], p) for k in range(g.n_hand[0]) for p in (0, 1)]
        bad = [a for a in tries if a not in legal]
        if bad:
            assert table.submit(5, 0, bad[0]) is not None
            table.run()
            return g, table.arbiter.refusals
    raise AssertionError("no deal had a card that fits no pile")


def test_speed_refused_plays_are_recorded_and_checked():
    g, refusals = _speed_with_refusals()
    objs = list(iter_record(g, refusals))
    rejected = [o["rejected"] for o in objs if "rejected" in o]
    assert len(rejected) == len(refusals) and all(r["why"] for r in rejected)
    lines = [dumps(o) for o in objs]
    assert replay_lines(lines).result() == g.result()
    # a refused play edited into one that was legal there is caught
    for i in range(len(lines)):
        if lines[i].startswith('{"rejected"'):
            break
    before = replay_lines(lines[:i])
    legal = [a for a in before.legal_actions(0)] + [a for a in before.legal_actions(1)]
    assert legal
    seat = 0 if before.legal_actions(0) else 1
    r = objs[i]["rejected"]
    r["seat"], r["action"], r["label"] = seat, legal[0], before.action_label(legal[0])
    r["t"] = before.now
    lines[i] = dumps(objs[i])
    try:
        replay_lines(lines)
        raise AssertionError("a legal play passed as refused")
    except RecordError as exc:
        assert ("line %d" % (i + 1)) in str(exc) and "legal" in str(exc)
