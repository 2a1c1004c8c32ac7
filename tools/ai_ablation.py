"""Arena between variants of the Speed Run AI at the default budget (host only).

    python -m tools.ai_ablation --a noplan --b base --deals 200 [--seed 1] [--jobs 2]

Variants: base (the default level), noplan (contract choice ignores the cards kept for
later hands), harm1 / harm2 (the other seats' modelled scores weigh 1 or 2 in the card-play
utility, against 4 for the own score).  Prints the arena's JSON summary.
"""
import argparse
import json
import sys

import tools  # noqa: F401
from core.games.speedrun.ai import SpeedRunAI, SR_BUDGET
from tools import arena

VARIANTS = {
    "base": {},
    "noplan": {"plan": False},
    "harm1": {"harm": 1},
    "harm2": {"harm": 2},
}


def _bot_for(game_name, spec, seed):
    if spec in VARIANTS:
        return SpeedRunAI(seed, SR_BUDGET, **VARIANTS[spec])
    return _plain_bot_for(game_name, spec, seed)


_plain_bot_for = arena.bot_for


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.ai_ablation", description=__doc__.split("\n")[0])
    p.add_argument("--a", required=True, help="variant: %s" % ", ".join(sorted(VARIANTS)))
    p.add_argument("--b", default="base")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    arena.bot_for = _bot_for   # worker processes are forked, so they see it too
    print(json.dumps(arena.run_arena("speedrun", {}, args.a, args.b, args.deals, args.seed, args.jobs,
                                     show_progress=False)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
