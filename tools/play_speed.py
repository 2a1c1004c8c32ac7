"""Speed headless: two AI bots play on a virtual clock, or a record is replayed.

Called by tools/play.py for `--game speed`:

    python -m tools.play --game speed [--level L | --level L0,L1] [--<option> VALUE ...]
                         [--seed N] [--record FILE] [--quiet]
    python -m tools.play --replay FILE

`--level` is the AI level (1 casual .. 4 expert) of both seats, or one per seat.  The whole
match is decided by (options, seed, levels); the record holds options, seed and the
timed actions, so a replay needs no bots.
"""
import json
import sys

import tools  # noqa: F401  (puts the MicroPython shim on sys.path)
from core.record_json import write_record
from core.replay import RecordError, read_record
from core.games.speed.rules import Speed, SpeedRecorded
from core.games.speed.ai import LEVELS
from core.games.speed.bots import VirtualTable, make_bots
from tools.cli import per_player, player, players, seats_as_players

DEFAULT_LEVEL = 2


def parse_levels(text):
    """None -> both default; "3" -> (3, 3); "1,4" -> (1, 4)."""
    if text is None or text == "":
        return (DEFAULT_LEVEL, DEFAULT_LEVEL)
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2:
        raise ValueError("--level takes one level or two (player 1, player 2), got %r" % text)
    out = []
    for p in parts:
        try:
            level = int(p)
        except ValueError:
            level = -1
        if level not in LEVELS:
            raise ValueError("Speed AI levels are %s, got %r" % (", ".join([str(x) for x in LEVELS]), p))
        out.append(level)
    return tuple(out)


def speed_options(args):
    """Speed's options from the namespace: `opt_<key>` (tools/play.py, raw text) or `<key>`."""
    out = {}
    for opt in Speed.OPTIONS:
        raw = getattr(args, "opt_" + opt.key, None)
        if raw is None:
            raw = getattr(args, opt.key, None)
        if raw is None:
            continue
        if isinstance(raw, str):
            value = None
            for choice in opt.choices:
                if str(choice).lower() == raw.strip().lower():
                    value = choice
            if value is None:
                raise ValueError("%s: %r is not one of %s" % (
                    opt.key, raw, ", ".join([str(c) for c in opt.choices])))
            raw = value
        out[opt.key] = raw
    return out


class PrintingTable(VirtualTable):
    """A VirtualTable that prints the public log as it grows."""

    def __init__(self, game, bots, seed, out):
        VirtualTable.__init__(self, game, bots, seed)
        self.out = out
        self.printed = 0          # absolute index of the next event to print
        self.flush()

    def flush(self):
        g = self.game
        events = g.events
        for k in range(self.printed - g.events_dropped, len(events)):
            self.out.write(g.event_text(events[k]) + "\n")
        self.printed = g.events_dropped + len(events)

    def submit(self, now, seat, action):
        why = VirtualTable.submit(self, now, seat, action)
        if why is not None:
            self.out.write("%7d ms  %s %s refused: %s\n" % (
                now, player(seat), self.game.action_label(action), why))
        self.flush()
        return why


def print_summary(game, out, quiet=False):
    """The match for a person, players numbered from 1; `quiet`: scores and winners only."""
    res = game.result()
    if not quiet:
        out.write("speed, seed %s, options %s\n" % (game.seed, json.dumps(game.options, sort_keys=True)))
        out.write("timed actions: %d, rounds: %d\n" % (game.actions_dropped + len(game.timed_history),
                                                       game.round_no))
        for r in res["rounds"]:
            who = "no winner" if r["winner"] is None else "%s (+%d)" % (player(r["winner"]), r["points"])
            out.write("round %d: %s, %s at %d ms, cards left %s, re-spits %d\n" % (
                r["round"], who, r["reason"], r["t_ms"], r["cards_left"], r["respits"]))
    out.write("scores: %s\n" % per_player(res["scores"]))
    out.write("winners: %s\n" % players(res["winners"]))
    if not quiet:
        out.write("tie-break: %s\n" % seats_as_players(res["tiebreak"]))


def main(args, out=None):
    out = out or sys.stdout
    replay = getattr(args, "replay", None)
    if replay:
        try:
            game = read_record(replay)
        except (OSError, RecordError) as exc:
            sys.stderr.write("invalid record %s: %s\n" % (replay, exc))
            return 2
        out.write("replay OK\n")
        print_summary(game, out, getattr(args, "quiet", False))
        return 0
    try:
        levels = parse_levels(getattr(args, "level", None))
        options = speed_options(args)
        seed = getattr(args, "seed", 1)
        # a record is the whole match: SpeedRecorded keeps it; Speed keeps one round.
        # Both play the same match, to the target (SP-7)
        cls = SpeedRecorded if getattr(args, "record", None) else Speed
        game = cls(options, seed)
    except ValueError as exc:
        sys.stderr.write("cannot start speed: %s\n" % exc)
        return 2
    quiet = getattr(args, "quiet", False)
    bots = make_bots(levels, seed)
    if quiet:
        table = VirtualTable(game, bots, seed)
    else:
        out.write("levels: player 1 = %d, player 2 = %d\n" % levels)
        table = PrintingTable(game, bots, seed, out)
    record = getattr(args, "record", None)
    if record:
        table.arbiter.refusals = []         # the refused plays go in the record (SP-9)
    table.run()
    if record:
        write_record(game, record, table.arbiter.refusals)
    print_summary(game, out, quiet)
    if record and not quiet:
        out.write("record written to %s\n" % record)
    return 0
