"""Whole games of all four games, driven only by button events through the app against
AI seats, in headless mode, to the results screen and back to the menu."""
import pytest

from core import app as app_mod
from core.ui import autoplay
from tools.headless import Headless


def play(game, layout, seed, options=None, players=None, kinds=None, panel=False):
    safe = []
    h = Headless(layout, seed, panel=panel, step=100, on_safe_point=lambda g: safe.append(len(g.history)))
    states = []

    def watch(p):
        if not states or states[-1] != h.app.state:
            states.append(h.app.state)
    ok = autoplay.AutoPlayer(h, game, options, players, kinds, seed, watch).run()
    return h, ok, states, safe


def finished(h, ok, states):
    assert ok, "the game did not reach its results and the menu"
    assert app_mod.GAME_RESULT in states and states[-1] == app_mod.MENU
    assert app_mod.TABLE in states and app_mod.RULES in states and app_mod.SETUP in states


def test_speedrun_full_game_through_buttons():
    h, ok, states, safe = play("speedrun", "lcd13", 5, {"length": "short"}, None, {1: "easy", 2: "greedy"})
    finished(h, ok, states)
    # a safe point at every trick end: 6 hands of 12 tricks
    assert len(safe) == 72
    assert states.count(app_mod.HAND_RESULT) == 6


def test_steppingstones_full_game_through_buttons():
    h, ok, states, safe = play("steppingstones", "display2", 2, None, None, {1: "easy", 2: "greedy"})
    finished(h, ok, states)
    assert len(safe) == 12 * states.count(app_mod.HAND_RESULT)
    assert states.count(app_mod.HAND_RESULT) >= 12


def test_reds_full_game_six_players_partnership_through_buttons():
    h, ok, states, safe = play("reds", "lcd13", 3, {"short_game": True, "partnership": True}, 6)
    finished(h, ok, states)
    assert len(safe) == 5 * states.count(app_mod.HAND_RESULT)


def test_speed_full_game_through_buttons_on_the_panel():
    h, ok, states, safe = play("speed", "display2", 4, panel=True)
    finished(h, ok, states)
    # the emulated panel shows exactly the screen: nothing the dirty tracking forgot
    panel = h.display.rgb888()
    from core.ui.palette import RGB, rgb565
    from drivers.host_panel import rgb888_of_565
    scr = h.screen
    for y in range(0, scr.height, 3):
        for x in range(0, scr.width, 3):
            want = rgb888_of_565(rgb565(*RGB[scr.fb.pixel(x, y)]))
            o = 3 * (y * scr.width + x)
            assert tuple(panel[o:o + 3]) == want, (x, y)


def test_turn_based_table_panel_matches_screen_after_every_update():
    """Reds through the real ST7789 driver: after each key press and tick the panel equals
    the screen buffer, so a card played sends every pixel that changed."""
    h = Headless("lcd13", 7, panel=True, step=100)
    from core.ui.palette import RGB, rgb565
    from drivers.host_panel import rgb888_of_565
    lut = [rgb888_of_565(rgb565(*c)) for c in RGB]
    checks = [0]

    def watch(p):
        if h.app.state != app_mod.TABLE or checks[0] > 60:
            return
        checks[0] += 1
        panel = h.display.rgb888()
        scr = h.screen
        for y in range(0, scr.height, 2):
            for x in range(0, scr.width, 2):
                o = 3 * (y * scr.width + x)
                assert tuple(panel[o:o + 3]) == lut[scr.fb.pixel(x, y)], (x, y)
    ok = autoplay.AutoPlayer(h, "reds", {"short_game": True}, 3, None, 7, watch).run()
    assert ok and checks[0] > 60


@pytest.mark.parametrize("game,options,players,layout,seed", [
    ("reds", {"short_game": True}, 3, "lcd13", 11),
    ("speedrun", {"length": "short"}, None, "display2", 11),
    ("steppingstones", None, None, "lcd13", 11)])
def test_illegal_card_shows_why_in_the_players_words(game, options, players, layout, seed):
    """Issue #16: OK on a card the rules refuse says why as a player reads it ("Follow
    suit: play a club"), not as the engine logs it ("6D: seat 0 must follow clubs")."""
    from test_refusals import player_words
    h = Headless(layout, seed, step=100)
    a = h.app
    p = autoplay.AutoPlayer(h, game, options, players, None, seed)
    # go to a table where we must follow suit and hold a card that does not
    for _ in range(5000):
        st = a.state
        if st == app_mod.TABLE and a.hold_until < 0 and a.table.card_mode:
            t = a.table
            bad = [i for i in range(len(t.hand)) if t.card_action(t.hand[i]) not in t.legal]
            if bad:
                break
        if st == app_mod.MENU and p.started:
            pytest.fail("no position with an illegal card came up")
        if st == app_mod.MENU:
            p.menu()
        elif st == app_mod.SETUP:
            p.setup()
        elif st == app_mod.TABLE:
            p.table()
        else:
            h.key("OK")
    t = a.table
    n_hist = len(a.game.history)
    while t.cursor != bad[0]:
        h.key("DOWN")
    h.key("OK")
    assert len(a.game.history) == n_hist
    assert t.msg.startswith("Follow suit: play a ") or t.msg.startswith("Beat "), t.msg
    assert player_words(t.msg) is None, t.msg
    assert a.game.check(a.human, t.card_action(t.hand[bad[0]])) is not None   # the log's words


def test_speed_card_that_fits_no_pile_says_so_with_suit_symbols():
    """Issue #16: "A^S fits neither pile", not "AS is not adjacent to 9D or QC"."""
    from test_refusals import player_words
    h = Headless("lcd13", 4, step=100)
    a = h.app
    p = autoplay.AutoPlayer(h, "speed", None, None, None, 4)
    for _ in range(5000):
        st = a.state
        if st == app_mod.TABLE and a.table.held is None:
            t = a.table
            hand = t.hand()
            bad = [i for i in range(len(hand)) if i not in t.playable_positions()]
            if bad and t.playable_positions():
                break
        if st == app_mod.MENU and p.started:
            pytest.fail("no card that fits no pile came up")
        if st == app_mod.MENU:
            p.menu()
        elif st == app_mod.SETUP:
            p.setup()
        elif st == app_mod.TABLE:
            h.wait(100)
        else:
            h.key("OK")
    card = hand[bad[0]]
    while t.cursor != bad[0]:
        h.key("DOWN")
    h.key("OK")
    assert card in t.hand(), "the card stayed in the hand"
    # the table does not send it ("8^C fits neither pile"); the engine would have said
    # "8^C does not fit 5^S or A^S": either way the card's symbols, no card code
    assert " fit" in t.msg and "^" in t.msg, t.msg
    assert player_words(t.msg) is None, t.msg
