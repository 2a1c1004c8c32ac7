"""The choice lists say why a shown row cannot be chosen (issue #16 item 1): Stepping
Stones keeps a contract already done in the bidding list, dimmed; OK on it asks the game
why, as a refused card does.  Runs on CPython and both MicroPython ports."""
from core.ui.screen import Screen

_SCREEN = Screen(240, 240)   # first: one contiguous buffer, as at boot

from core.prng import Prng  # noqa: E402
from core.games.steppingstones.rules import SteppingStones  # noqa: E402
from core.ui import keys  # noqa: E402
from core.ui.table_common import REFUSED  # noqa: E402
from core.games.steppingstones.screen import SteppingStonesTable  # noqa: E402

HINTS = {"move": "UP/DN", "ok": "OK", "back": "BACK"}


def test_a_done_contract_row_says_why_it_cannot_be_bid():
    g = SteppingStones({}, 3)
    rng = Prng(3)
    t = SteppingStonesTable(_SCREEN, g, 0, ["You", "Ann", "Bob"], HINTS)
    while not g.is_over():
        s = g.to_move()[0]
        if s == 0 and g.observation(0)["phase"] == "bid":
            t.update(g.observation(0), g.to_move())
            done = [i for i in range(len(t.choices)) if len(t.choices[i]) > 2]
            if done:
                break
        legal = g.legal_actions(s)
        g.apply(s, legal[rng.below(len(legal))])
    assert done, "no bidding with a contract done came up"
    while t.list.sel != done[0]:
        t.handle(keys.event(keys.PRESS, keys.DOWN))
    label, action, bid = t.choices[done[0]]
    assert label.startswith("done: ") and action is None
    assert t.handle(keys.event(keys.PRESS, keys.OK)) == (REFUSED, bid)
    assert g.refusal(0, bid) == "Contract done: pick another"
    assert "(ruling SS-3)" in g.check(0, bid)       # the log keeps the engine's words
