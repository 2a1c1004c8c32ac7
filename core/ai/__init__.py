"""The built-in AI (issue 6): `make_ai(game_name, level, seed)`.

A level is a budget of deterministic work units plus knowledge switches, so a seed
reproduces a decision on every runtime.  Levels (docs/ai.md has the measured figures):
    easy       plays by the goal-driven playout policy alone; bids by the table for this
               hand only
    default    PIMC with the device budget; plans contract cards across the game
    hard       4x the default budget
    reference  50x the default budget (host only: far too slow for the device)
Modules are imported on demand so the device holds only the game being played.
"""

LEVELS = ("easy", "default", "hard", "reference")
# Simulated card plays per card decision at the default level (see docs/ai.md for the
# device-time measurement that fixes it).
DEFAULT_BUDGET = 200
_BUDGET_FACTOR = {"easy": 0, "default": 1, "hard": 4, "reference": 50}


def level_budget(level):
    if level not in _BUDGET_FACTOR:
        raise ValueError("unknown AI level %r (known: %s)" % (level, ", ".join(LEVELS)))
    return DEFAULT_BUDGET * _BUDGET_FACTOR[level]


def make_ai(game_name, level="default", seed=0):
    budget = level_budget(level)
    if game_name == "speedrun":
        from core.ai.speedrun_ai import SpeedRunAI
        return SpeedRunAI(seed, budget, plan=level != "easy")
    if game_name == "steppingstones":
        from core.ai.steppingstones_ai import SteppingStonesAI, ss_budget
        return SteppingStonesAI(seed, ss_budget(level), plan=level != "easy")
    if game_name == "reds":
        from core.ai.reds_ai import make_reds_ai
        return make_reds_ai(level, seed)
    raise ValueError("no built-in AI for %r yet (available: speedrun)" % game_name)
