"""The built-in AI (issue 6): core.registry.make_ai(game_name, level, seed) asks the
game's ai.py (core/games/<game>/ai.py) for one.

A level is a budget of deterministic work units plus knowledge switches, so a seed
reproduces a decision on every runtime.  Levels (docs/ai.md has the measured figures):
    easy       plays by the goal-driven playout policy alone; bids by the table for this
               hand only
    default    PIMC with the device budget; plans contract cards across the game
    hard       4x the default budget
    reference  a fixed budget, 50x the default budgets before issue #17 (host only: far
               too slow for the device)
Modules are imported on demand so the device holds only the game being played.  This
package holds what every game's AI shares (the PIMC search, the sampler, the playout
simulator) and imports no game.
"""

LEVELS = ("easy", "default", "hard", "reference")
# Hard spends this many times the default level's budget.
HARD_FACTOR = 4


def level_budget(level, default, reference):
    """Simulated card plays per card decision at `level` for a game whose default level
    spends `default` (fixed by its device-time bench, docs/ai.md) and whose reference
    spends `reference`: a fixed host-only yardstick (50x the default budgets before
    issue #17), so arena figures against it stay comparable when a default changes."""
    if level == "easy":
        return 0
    if level == "default":
        return default
    if level == "hard":
        return HARD_FACTOR * default
    if level == "reference":
        return reference
    raise ValueError("unknown AI level %r (known: %s)" % (level, ", ".join(LEVELS)))
