"""The trick games' AI imports its decisions before play (core/games/<game>/choice.py,
and Stepping Stones' hand histograms) for each of them, with the idle card-play search
set dropped, and drops them after it: they and the card-play search are never on the heap
together, nor while a player thinks (a game's heap peaks at its table: docs/memory.md,
issue #19 item 3).  Runs on CPython, the unix port and the 32-bit WebAssembly port."""
import sys

from core.ai import sliced
from core.games.speedrun.rules import SpeedRun
from core.games.speedrun.ai import SpeedRunAI
from core.games.steppingstones.rules import SteppingStones
from core.games.steppingstones.ai import SteppingStonesAI
from core.games.reds.rules import Reds
from core.games.reds.ai import RedsAI


def _held(names):
    """The loaded core modules that define one of `names`: (module, name) pairs."""
    return [(m, n) for m in sys.modules if m.startswith("core.")
            for n in names if hasattr(sys.modules[m], n)]


def _play_hands(game, ais, modules, before, hands, hand_key="hand_no", names=()):
    """Play `hands` hands (the observation's `hand_key` counts them) with the AI seats:
    after every decision `modules` are gone, and no loaded module defines one of `names`
    (the choice's code), and after a decision with a choice in a phase of `before` the
    idle search set is gone too; the phases with a choice."""
    seen = set()
    first = game.observation(0)[hand_key]
    while not game.is_over():
        seat = game.to_move()[0]
        obs = game.observation(seat)
        if obs[hand_key] >= first + hands:
            break
        action = ais[seat].choose(obs)
        assert [m for m in modules if m in sys.modules] == [], (obs["phase"], obs[hand_key])
        assert _held(names) == [], (obs["phase"], obs[hand_key], _held(names))
        if len(obs["legal"]) > 1:
            if obs["phase"] in before:
                assert sliced._idle is None, (obs["phase"], obs[hand_key])
            elif obs["phase"] == "play":
                assert sliced._idle is not None     # kept from card to card
            seen.add(obs["phase"])
        game.apply(seat, action)
    assert "play" in seen and len(seen) > 1, seen
    return seen


def test_speedrun_choice_only_while_deciding():
    ais = [SpeedRunAI(11 + s, budget=40) for s in range(3)]
    _play_hands(SpeedRun({}, 5), ais, ("core.games.speedrun.choice",), ("select", "bid", "reveal"), 2)


def test_steppingstones_choice_only_while_deciding():
    ais = [SteppingStonesAI(11 + s, budget=40) for s in range(3)]
    _play_hands(SteppingStones({}, 5), ais, ("core.games.steppingstones.choice",
                "core.games.steppingstones.hist"), ("bid", "rank", "trump"), 2)


_REDS_ESTIMATES = ("core.games.reds.eval", "core.games.reds.table")


def test_reds_choice_only_while_deciding():
    """The bid and the pass (core/games/reds/choice.py, with the received cards' values
    in recv.py: they were in its eval.py and table.py, which the card play also reads,
    so they stayed loaded through card play), and with public bids the hand estimates
    too (eval.py, table.py: the card play reads them only to model a hidden bid)."""
    ais = [RedsAI(11 + s, budget=40) for s in range(4)]
    seen = _play_hands(Reds({"players": 4}, 5), ais, ("core.games.reds.choice", "core.games.reds.recv")
                       + _REDS_ESTIMATES, ("bid", "exchange", "reveal"), 3, "round",
                       ("ExchangePlan", "make_plan", "choose_bid", "bid_shift", "RECV", "VAL", "model_bid"))
    assert "bid" in seen and "exchange" in seen, seen


def test_reds_card_play_models_hidden_bids_with_the_estimates():
    """With hidden bids the card play loads the hand estimates to model the bids it
    cannot see, and a decision before play drops them again."""
    ais = [RedsAI(11 + s, budget=40) for s in range(4)]
    game = Reds({"players": 4, "hidden_bids": True}, 5)
    phases = []
    while game.observation(0)["round"] < 3:
        seat = game.to_move()[0]
        obs = game.observation(seat)
        game.apply(seat, ais[seat].choose(obs))
        if len(obs["legal"]) > 1:
            loaded = [m for m in _REDS_ESTIMATES if m in sys.modules]
            if obs["phase"] == "play":
                assert loaded == list(_REDS_ESTIMATES), obs["round"]
            else:
                assert loaded == [], (obs["phase"], obs["round"])
            phases.append(obs["phase"])
    assert "play" in phases and "bid" in phases, phases
    sliced.drop_idle()

