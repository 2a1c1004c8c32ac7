"""The trick games' AI imports its card-play search (the game's play.py, with
core/ai/pimc, sampler and sim) at the first card decision, not with the AI: the set-up
and the rules page after the deal do not hold it (a few KB of code; docs/memory.md,
issue #19 item 3).  Runs on CPython, the unix port and the 32-bit WebAssembly port."""
import sys

from core.ai import sliced
from core.loop import drop_modules
from core.games.reds.rules import Reds
from core.games.speedrun.rules import SpeedRun
from core.games.steppingstones.rules import SteppingStones


def _until_card_play(game, ai_module, play_module, seats):
    """A fresh import of the game's AI (`ai_module`: make_ai) makes `seats` AI seats
    and decides until the first card decision with a choice: `play_module` (the game's
    card-play search) is loaded by it and not before (was: with the AI).  Leaves
    neither loaded, and no idle search set."""
    sliced.drop_idle()
    drop_modules((ai_module, play_module))
    make_ai = __import__(ai_module, None, None, ("make_ai",)).make_ai
    ais = [make_ai("default", 11 + s) for s in range(seats)]
    assert play_module not in sys.modules
    while True:
        seat = game.to_move()[0]
        obs = game.observation(seat)
        action = ais[seat].choose(obs)
        if obs["phase"] == "play" and len(obs["legal"]) > 1:
            assert play_module in sys.modules
            sliced.drop_idle()
            drop_modules((ai_module, play_module))
            return
        assert play_module not in sys.modules, obs["phase"]
        game.apply(seat, action)


def test_reds():
    _until_card_play(Reds({"players": 4}, 5), "core.games.reds.ai", "core.games.reds.play", 4)


def test_speedrun():
    _until_card_play(SpeedRun({}, 5), "core.games.speedrun.ai", "core.games.speedrun.play", 3)


def test_steppingstones():
    _until_card_play(SteppingStones({}, 5), "core.games.steppingstones.ai",
                     "core.games.steppingstones.play", 3)
