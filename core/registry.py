"""Games by name, imported only when asked for (the device keeps one game in memory)."""

GAME_NAMES = ("speedrun", "steppingstones", "reds", "speed")


def game_class(name):
    if name == "speedrun":
        from core.speedrun import SpeedRun
        return SpeedRun
    if name == "steppingstones":
        from core.steppingstones import SteppingStones
        return SteppingStones
    if name == "reds":
        from core.reds import Reds
        return Reds
    if name == "speed":
        from core.speed import Speed
        return Speed
    raise ValueError("unknown game %r (known: %s)" % (name, ", ".join(GAME_NAMES)))


BOT_KINDS = ("random", "greedy")


def make_bot(game_name, kind, seed=0):
    """A baseline bot for `game_name`: "random" (any game) or "greedy" (per game)."""
    if kind == "random":
        from core.bots import RandomBot
        return RandomBot(seed)
    if kind == "greedy":
        if game_name == "speedrun":
            from core.speedrun_bots import GreedyBot
        elif game_name == "steppingstones":
            from core.steppingstones_bots import GreedyBot
        elif game_name == "reds":
            from core.reds_bots import GreedyBot
        elif game_name == "speed":
            from core.speed_bots import GreedyBot
        else:
            raise ValueError("unknown game %r" % game_name)
        return GreedyBot(seed)
    raise ValueError("unknown bot %r (known: %s)" % (kind, ", ".join(BOT_KINDS)))
