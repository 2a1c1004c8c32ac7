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
