"""The rules page (core/ui/rules_page.py): the summary, one sentence per variant in effect,
the controls; with the default options exactly the page it was before variants existed.

`render_rules_screens(w, h, sink)` (no test_ prefix) is shared with the host tests:
tests/host/test_rules_golden.py compares those screens with golden images.
"""
import framebuf

from core.ui.screen import Screen

# One buffer for both sizes, allocated before the other imports (as the device does at
# boot): on a MicroPython heap fragmented by imports, 38.4 KB in one piece may not be
# found again once a 240x240 screen has come and gone.
_BUF = bytearray(320 * 240 // 2)

from core import gameinfo  # noqa: E402
from core.game import resolve_options  # noqa: E402
from core.ui import keys, rich  # noqa: E402
from core.ui.dirty import DirtyRects  # noqa: E402
from core.ui.rules_page import RulesPage, controls, summary, variants  # noqa: E402
from test_ui_menu import press  # noqa: E402

HINTS = {"ok": "A", "back": "B", "move": "stick"}      # the 240x240 board's labels
SIZES = ((240, 240), (320, 240))

# Every variant on at once (and the longest texts: medium game, 6 players, Automatic Points)
ALL_ON = {
    "speedrun": {"length": "medium", "boards_medium": "2345789", "reveal": True},
    "steppingstones": {"contracts": "advanced", "redo": True},
    "reds": {"players": 6, "short_game": True, "hidden_bids": True, "partnership": True},
    "speed": {"count_down_only": True, "stand_still_spit": True, "winner_yells_spit": True,
              "spit_pile_stalemate": True, "scoring": "automatic", "auto_points": 100,
              "target": 500},
}

# Options that change no rule (who starts), so no sentence whatever their value.
NO_SENTENCE = ("first_start", "first_forehand")


class _Screen(Screen):
    """A Screen of w x h over the module's one buffer."""

    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.buf = memoryview(_BUF)[:(w * h) >> 1]
        self.fb = framebuf.FrameBuffer(self.buf, w, h, framebuf.GS4_HMSB)
        self.dirty = DirtyRects(w, h)


_screens = {}


def screen(w, h):
    s = _screens.get((w, h))
    if s is None:
        s = _screens[(w, h)] = _Screen(w, h)
    s.fb.fill(0)
    s.dirty.clear()
    return s


def opts(game, given=None):
    return resolve_options(gameinfo.info(game).OPTIONS, given)


def old_lines(game, cols):
    """The page's lines as they were before variants: summary, "", controls."""
    return rich.wrap(summary(game), cols) + [""] + rich.wrap(controls(game, HINTS), cols)


def page(game, w=240, h=240, given=None):
    return RulesPage(screen(w, h), game, gameinfo.TITLES[game], HINTS, opts(game, given))


def render_rules_screens(w, h, sink):
    """Reds with all its variants on, at the page showing the most variant lines (page 2 at
    240x240, page 1 at 320x240); sink("variants", screen)."""
    p = page("reds", w, h, ALL_ON["reds"])
    first = len(rich.wrap(summary("reds"), p.cols)) + 1     # the variants' first line
    last = p.n_rules - 1                                     # the empty line after them
    best = 0
    most = 0
    for k in range(p.pages):
        n = min(last, (k + 1) * p.per_page) - max(first, k * p.per_page)
        if n > most:
            best = k
            most = n
    p.page = best
    p.draw()
    sink("variants", p.screen)


# -- the default options: the page of old ---------------------------------------------
def test_default_options_give_the_same_lines_as_before():
    for w, h in SIZES:
        for game in gameinfo.GAME_NAMES:
            cols = (w - 8) // 8
            want = old_lines(game, cols)
            for given in (None, {}):
                p = page(game, w, h, given)
                assert p.variants == ""
                assert p.wrapped() == want, (game, w)
                assert p.n_rules == len(rich.wrap(summary(game), cols)) + 1
                assert p.pages == (len(want) + p.per_page - 1) // p.per_page
            p = RulesPage(screen(w, h), game, "T", HINTS)       # no options at all
            assert p.wrapped() == want


def test_explicit_default_values_add_nothing():
    for game in gameinfo.GAME_NAMES:
        given = {}
        for o in gameinfo.info(game).OPTIONS:
            given[o.key] = o.default
        assert variants(game, opts(game, given)) == ""


# -- each variant adds its sentence ---------------------------------------------------
def _changes_rules(game, key, value):
    """False for a value that is in effect nowhere (an option made irrelevant by another
    at its default), or an option that changes no rule."""
    if key in NO_SENTENCE:
        return False
    if game == "speed" and key == "auto_points":
        return False            # only with scoring "automatic" (the default is face value)
    if game == "speedrun" and key == "boards_medium":
        return False            # only in the medium game (the default is short)
    return True


def test_every_non_default_value_adds_one_sentence_after_the_summary():
    for game in gameinfo.GAME_NAMES:
        cols = 29
        for o in gameinfo.info(game).OPTIONS:
            for value in o.choices:
                if value == o.default:
                    continue
                if game == "reds" and o.key == "partnership":
                    given = {"partnership": True}           # 4 players: the default
                else:
                    given = {o.key: value}
                v = variants(game, opts(game, given))
                if not _changes_rules(game, o.key, value):
                    assert v == "", (game, o.key, value, v)
                    continue
                assert v and "\n" not in v, (game, o.key, value, v)
                assert v.endswith("."), v
                p = page(game, 240, 240, given)
                lines = p.wrapped()
                head = rich.wrap(summary(game), cols)
                assert lines[:len(head)] == head
                assert lines[len(head)] == ""
                mine = rich.wrap(v, cols)
                assert lines[len(head) + 1:len(head) + 1 + len(mine)] == mine
                assert lines[len(head) + 1 + len(mine)] == ""
                assert lines[len(head) + 2 + len(mine):] == rich.wrap(controls(game, HINTS), cols)
                assert p.n_rules == len(head) + len(mine) + 2   # drawn in the text colour
                if o.key == "boards_short":
                    break       # 125 more subsets: one is enough


def test_variant_texts():
    def v(game, given):
        return variants(game, opts(game, given))
    assert v("speedrun", {"reveal": True}) == (
        "Contract Reveal: before trick 1 you may show your contract (not a Pass): its score "
        "is doubled, a perfect hit -4.")
    assert v("speedrun", {"length": "long"}) == "Long game: 12 hands, all nine contracts, 2 Pass, 2 Redo."
    assert v("speedrun", {"length": "medium"}) == (
        "Medium game: 9 hands, contracts Win 0/1/4/5/7/9, Least; 2 Pass, 1 Redo.")
    assert v("speedrun", {"length": "medium", "boards_medium": "2345789"}) == (
        "Medium game: 9 hands, contracts Win 1/4/5/7, Least, Middle, Most; 2 Pass, 1 Redo.")
    assert v("speedrun", {"boards_short": "13579"}) == "Contracts: Win 0/4/7, Least, Most."
    # the boards of another length are not in effect
    assert v("speedrun", {"length": "long", "boards_short": "13579"}).startswith("Long game")
    assert v("speedrun", {"boards_medium": "2345789"}) == ""
    s = v("steppingstones", {"contracts": "advanced"})
    for word in ("Pick Trump", "May Trump", "Slalom", "Must Beat"):
        assert word in s
    assert v("steppingstones", {"redo": True}).startswith("Redo: one token each")
    assert v("reds", {"players": 2}) == "2 players: passes left and right both go to your opponent."
    assert v("reds", {"players": 3}) == "3 players."
    assert v("reds", {"players": 6}).startswith("6 players: if the pack has no black card")
    assert v("reds", {"short_game": True}) == (
        "Short game: 5 rounds, passing 4 left, 3 right, 2 left, 1 right, then none.")
    assert v("reds", {"hidden_bids": True}) == "Hidden bids: bids stay secret until the round is scored."
    assert v("reds", {"partnership": True}).startswith("Partnerships: the player across")
    assert v("speed", {"scoring": "automatic"}) == "Automatic Points: the winner of a round scores 25."
    assert v("speed", {"scoring": "automatic", "auto_points": 50}).endswith("scores 50.")
    assert v("speed", {"auto_points": 50}) == ""       # face-value scoring: not in effect
    assert v("speed", {"scoring": "one_point"}) == (
        "1 Point Score: the winner scores 1 per card in the loser's hand and draw pile.")
    assert v("speed", {"target": 100}) == ("Match: rounds go on until a player has 100 points or "
                                           "more.")


def test_variants_come_in_the_order_of_the_options():
    s = variants("reds", opts("reds", ALL_ON["reds"])).split("\n")
    assert [x.split(" ")[0] for x in s] == ["6", "Short", "Hidden", "Partnerships:"]
    s = variants("speedrun", opts("speedrun", ALL_ON["speedrun"])).split("\n")
    assert [x.split(" ")[0] for x in s] == ["Medium", "Contract"]
    s = variants("speed", opts("speed", ALL_ON["speed"])).split("\n")
    assert len(s) == 6 and s[-1].startswith("Match")


# -- pages ------------------------------------------------------------------------------
def test_all_variants_on_paginate_at_both_sizes():
    for w, h in SIZES:
        for game in gameinfo.GAME_NAMES:
            p = page(game, w, h, ALL_ON[game])
            lines = p.wrapped()
            assert len(lines) > len(old_lines(game, p.cols))
            for line in lines:
                assert rich.length(line) <= p.cols, (game, w, line)
            assert p.pages == (len(lines) + p.per_page - 1) // p.per_page
            assert (p.pages - 1) * p.per_page < len(lines) <= p.pages * p.per_page
            title = "%s (%d/%d)" % (p.title, p.pages, p.pages)
            assert 8 * rich.length(title) <= w
            p.draw()
            seen = [0]
            for k in range(p.pages):
                assert p.page == k
                seen[0] += min(p.per_page, len(lines) - k * p.per_page)
                assert not press(p, keys.DOWN)
            assert p.page == p.pages - 1 and seen[0] == len(lines)
            for k in range(p.pages):
                press(p, keys.UP)
            assert p.page == 0
            assert press(p, keys.OK)


def test_render_rules_screens_shows_the_page_with_most_variants():
    pages = []
    for w, h in SIZES:
        render_rules_screens(w, h, lambda name, s: pages.append((name, s.width)))
    assert pages == [("variants", 240), ("variants", 320)]
