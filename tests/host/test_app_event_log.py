"""The app drops a finished hand's events once its table has shown them
(Game.FORGET_SHOWN_EVENTS: Speed Run and Reds), so a game's event log holds the hand in
play, not the whole game: Reds' log grew to 2 KB of chunks by its last round, at the
table's heap peak (docs/memory.md, issue #19 item 3).  The table still shows every event,
the results pages still read the hand's summary, and a save still restores the game."""
import pytest

from core import app as app_mod
from core.registry import game_class
from core.bots import RandomBot
from core.ui import autoplay
from core.ui.screen import Screen


def _most_events_in_a_hand(name, options, players, hand_start):
    """The most events one hand logs (from its `hand_start` event to the next one), and
    the whole game's, in a game played by the engine alone."""
    g = game_class(name)(dict(options, players=players) if name == "reds" else options, 7)
    bots = [RandomBot(s) for s in range(players)]
    while not g.is_over():
        s = g.to_move()[0]
        g.apply(s, bots[s].choose(g.observation(s)))
    starts = [i for i in range(len(g.events)) if g.events[i][0] == hand_start]
    starts.append(len(g.events))
    return max(starts[i + 1] - starts[i] for i in range(len(starts) - 1)), len(g.events)


@pytest.mark.parametrize("name,options,players,hand_start", [
    ("reds", {"short_game": True}, 4, "round"),
    ("speedrun", {"length": "short"}, 3, "hand_start"),
])
def test_the_event_log_holds_one_hand(name, options, players, hand_start):
    most, whole = _most_events_in_a_hand(name, options, players, hand_start)
    d = autoplay.Driver(Screen(240, 240), None, seed=3)
    longest = [0]
    shown = [0]

    def watch(p):
        g = d.app.game
        if g is not None and d.app.state == app_mod.TABLE:
            longest[0] = max(longest[0], len(g.events))
            shown[0] = max(shown[0], getattr(g, "events_dropped", 0) + len(g.events))

    assert autoplay.AutoPlayer(d, name, options, players, None, 2, watch).run()
    # one hand's events and the next hand's first ones, never the game's
    assert 0 < longest[0] <= most + 8 < whole, (longest[0], most, whole)
    assert shown[0] > 2 * most      # the count goes on over the dropped ones
