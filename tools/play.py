"""Play a complete game headless with bots, or replay and validate a record.

    python -m tools.play --game speedrun [--seed N] [--bots greedy,random,random]
                         [--record FILE] [--<option> VALUE ...]
    python -m tools.play --replay FILE

Every option of every game (from its OPTIONS table) is a flag; `--help` lists them.
Speed (real time) is delegated to tools/play_speed.py.
"""
import argparse
import json
import sys

import tools  # noqa: F401  (puts the MicroPython shim on sys.path)
from core.record_json import write_record
from core.replay import RecordError, read_record
from core.registry import BOT_KINDS, GAME_NAMES, game_class, make_bot
from tools.cli import per_player, player, players, seats_as_players


def _flag(key):
    return "--" + key.replace("_", "-")


def _game_options():
    """(game name, Option) for every importable game; a missing engine is skipped."""
    out = []
    for name in GAME_NAMES:
        try:
            cls = game_class(name)
        except ImportError:
            continue
        for opt in cls.OPTIONS:
            out.append((name, opt))
    return out


def _parse_value(opt, text):
    for choice in opt.choices:
        if str(choice).lower() == text.lower():
            return choice
    raise argparse.ArgumentTypeError("%s: %r is not one of %s" % (
        opt.key, text, ", ".join([str(c) for c in opt.choices])))


def _choices_text(opt, shown=8):
    choices = [str(c) for c in opt.choices]
    if len(choices) <= shown:
        return "one of " + ", ".join(choices)
    return "one of %s, ... (%d choices)" % (", ".join(choices[:shown]), len(choices))


def build_parser():
    p = argparse.ArgumentParser(prog="python -m tools.play", description=__doc__.split("\n")[0])
    p.add_argument("--game", choices=GAME_NAMES, help="which game to play")
    p.add_argument("--seed", type=int, default=1, help="PRNG seed, 0..2**30-1 (default 1)")
    p.add_argument("--bots", default="greedy",
                   help="comma-separated bot per seat (%s, ai[:level]); one name is used for every seat"
                   % "/".join(BOT_KINDS))
    p.add_argument("--level", default=None, help="AI level (Speed)")
    p.add_argument("--record", metavar="FILE", help="write the game record (JSON Lines)")
    p.add_argument("--replay", metavar="FILE", help="replay and validate a record")
    p.add_argument("--quiet", action="store_true",
                   help="print only the final result: the scores and the winners")
    seen = {}
    for name, opt in _game_options():
        flag = _flag(opt.key)
        if flag in seen:
            seen[flag][1].append(name)
            continue
        group_help = "%s (%s): %s, default %s" % (opt.label, name, _choices_text(opt), opt.default)
        seen[flag] = (opt, [name])
        p.add_argument(flag, dest="opt_" + opt.key, default=None, metavar="VALUE", help=group_help)
    return p


def options_for(cls, args):
    """The options given on the command line that belong to game class `cls`."""
    out = {}
    for opt in cls.OPTIONS:
        raw = getattr(args, "opt_" + opt.key, None)
        if raw is not None:
            out[opt.key] = _parse_value(opt, raw)
    return out


def run_game(game, bots, max_steps=200000):
    """Drive a turn-based game to its end with one bot per seat."""
    steps = 0
    while not game.is_over():
        movers = game.to_move()
        if not movers:
            raise RuntimeError("%s: nobody to move but the game is not over" % game.NAME)
        for seat in movers:
            game.apply(seat, bots[seat].choose(game.observation(seat)))
        steps += 1
        if steps > max_steps:
            raise RuntimeError("%s: no end after %d steps" % (game.NAME, max_steps))
    return game


def print_result(game, out=sys.stdout, quiet=False):
    """The result for a person: players numbered from 1 (the record keeps zero-based
    seats, docs/records.md).  `quiet`: only the scores and the winners."""
    res = game.result()
    if not quiet:
        out.write("%s, seed %d, options %s\n" % (game.NAME, game.seed, json.dumps(game.options, sort_keys=True)))
        out.write("actions: %d, public events: %d\n" % (len(game.history), len(game.events)))
    out.write("scores: %s\n" % per_player(res["scores"]))
    if res.get("team_scores"):
        out.write("team scores: %s\n" % ", ".join([
            "%s %d" % (" + ".join([player(s) for s in team]), score)
            for team, score in zip(res["teams"], res["team_scores"])]))
    if not quiet:
        out.write("ranking (best first): %s\n" % players(res["ranking"]))
    out.write("winners: %s\n" % players(res["winners"]))
    if res.get("tiebreak") and not quiet:
        out.write("tie-break: %s\n" % seats_as_players(res["tiebreak"]))


def seat_bot(game_name, kind, seed):
    """A baseline bot, or the built-in AI for "ai" / "ai:<level>" (issue 6, docs/ai.md)."""
    k, _, level = kind.partition(":")
    if k == "ai":
        from core.registry import make_ai
        return make_ai(game_name, level or "default", seed)
    return make_bot(game_name, kind, seed)


def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.replay:
        try:
            game = read_record(args.replay)
        except (OSError, RecordError) as exc:
            sys.stderr.write("invalid record %s: %s\n" % (args.replay, exc))
            return 2
        if not game.is_over():
            sys.stderr.write("record %s replays, but the game is not finished (%d actions)\n"
                             % (args.replay, len(game.history)))
            return 2
        print("replay OK")
        print_result(game, quiet=args.quiet)
        return 0
    if not args.game:
        sys.stderr.write("give --game or --replay (see --help)\n")
        return 2
    if args.game == "speed":
        from tools import play_speed
        return play_speed.main(args)
    cls = game_class(args.game)
    try:
        game = cls(options_for(cls, args), args.seed)
    except (ValueError, argparse.ArgumentTypeError) as exc:
        sys.stderr.write("cannot start %s: %s\n" % (args.game, exc))
        return 2
    kinds = args.bots.split(",")
    n = game.n_players
    if len(kinds) == 1:
        kinds = kinds * n
    if len(kinds) != n:
        sys.stderr.write("--bots names %d bots for %d seats\n" % (len(kinds), n))
        return 2
    bots = [seat_bot(args.game, k.strip(), (args.seed * 8 + i) % 0x40000000) for i, k in enumerate(kinds)]
    run_game(game, bots)
    if args.record:
        write_record(game, args.record)
    if not args.quiet:
        print("bots: %s" % ", ".join(["%s %s" % (player(s), kinds[s]) for s in range(n)]))
    print_result(game, quiet=args.quiet)
    if args.record and not args.quiet:
        print("record written to %s" % args.record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
