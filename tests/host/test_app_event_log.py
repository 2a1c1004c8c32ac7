"""The app drops a finished trick's or hand's events once its table has shown them
(Game.FORGET_SHOWN_EVENTS: Speed Run and Reds), so a game's event log holds the trick in
play, not the hand or the game: Reds' log grew to 2 KB of chunks by its last round and
Speed Run's hand to ~1.5 KB of tuples, at the table's heap peak (docs/memory.md, issue
#19 item 3).  The game still ends with every hand scored (the results pages read the
summary the app keeps)."""
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
    # a trick's events, or a hand's start up to its first trick: never a whole hand
    assert 0 < longest[0] < most // 2, (longest[0], most, whole)
    assert shown[0] > 2 * most      # the count goes on over the dropped ones
