"""The built-in AI (issue 6): core.registry.make_ai(game_name, level, seed) asks the
game's ai.py (core/games/<game>/ai.py) for one.

A level is a budget of deterministic work units plus knowledge switches, so a seed
reproduces a decision on every runtime.  Levels (docs/ai.md has the measured figures):
    easy       plays by the goal-driven playout policy alone; bids by the table for this
               hand only
    default    PIMC with the device budget; plans contract cards across the game
    hard       4x the default budget
    reference  50x the default budget (host only: far too slow for the device)
Modules are imported on demand so the device holds only the game being played.  This
package holds what every game's AI shares (the PIMC search, the sampler, the playout
simulator) and imports no game.
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
