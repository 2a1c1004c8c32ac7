"""Speed's table (core/games/speed/screen.py) driven by the boards' own buttons: the player
chooses the pile (one play key per pile, on both layouts), the stand-still line leaves
once play resumes, the round result's words agree with its counts.

Each button is turned into its logical key by the board's KEYMAP and CHORDS, as
drivers/buttons.py does on the device, so the tests read like a player's presses.
"""
import gc

import framebuf
from test_speed_support import position, top_labels

# One buffer for both screen sizes, in one piece once the helpers' compile garbage is
# collected and before the table's modules fragment the heap
gc.collect()
_BUF = bytearray(320 * 240 // 2)

from core.cards import SPEED_DECK  # noqa: E402
from core.games.speed.rules import PILE_L, PILE_R  # noqa: E402
from core.ui import carddraw, keys, rich  # noqa: E402
from core.ui.dirty import DirtyRects  # noqa: E402
from core.ui.palette import GOLD  # noqa: E402
from core.ui.screen import Screen  # noqa: E402
from core.games.speed.screen import STOOD, SpeedTable  # noqa: E402

try:
    from boards import pico_display_2, pico_lcd_1_3
    BOARDS = (pico_lcd_1_3, pico_display_2)
    # the buttons of each board: the left pile's, the right pile's, pause
    PILE_KEYS = {pico_lcd_1_3: ("A", "B", "X"), pico_display_2: ("X", "Y", "A+B")}
except ImportError:                 # the WebAssembly suite has core/ only: logical keys
    class _Logical:
        NAME = "logical keys"
        WIDTH = HEIGHT = 240
        BUTTONS = ("OK", "BACK", "MENU")
        KEYMAP = (keys.OK, keys.BACK, keys.MENU)
        CHORDS = ()
        HINTS = {"ok": "OK", "back": "BACK", "move": "UP/DN"}
    BOARDS = (_Logical,)
    PILE_KEYS = {_Logical: _Logical.BUTTONS}


class _Screen(Screen):
    """A Screen of w x h over the module's one buffer."""

    def __init__(self, w, h):
        self.width = w
        self.height = h
        self.buf = memoryview(_BUF)[:(w * h) >> 1]
        self.fb = framebuf.FrameBuffer(self.buf, w, h, framebuf.GS4_HMSB)
        self.dirty = DirtyRects(w, h)


def screen(w, h):
    return _Screen(w, h)


def logical(board, button):
    """The logical key a button (or a chord "A+B") gives on `board`."""
    if "+" in button:
        mask = 0
        for b in button.split("+"):
            mask |= 1 << board.BUTTONS.index(b)
        for m, key in board.CHORDS:
            if m == mask:
                return key
        raise ValueError("no chord %s on %s" % (button, board.NAME))
    return board.KEYMAP[board.BUTTONS.index(button)]


def table(board, game, now=1000):
    # the board's own button labels (core.app.board_hints adds MENU's and AUX's: the
    # whole app does not fit the unix port's test heap beside a 320x240 screen)
    t = SpeedTable(screen(board.WIDTH, board.HEIGHT), game, 0, ("You", "Ben"),
                   dict(board.HINTS))
    t.resume(now)
    return t


def push(t, board, button, now):
    return t.handle(keys.event(keys.PRESS, logical(board, button)), now)


def at(t, label):
    """Put the cursor on the card `label` of the human's hand."""
    t.cursor = t.hand().index(SPEED_DECK.parse(label))


def _one_each():
    # 6S fits only the left top (5H), 9C only the right one (8C), QD neither.
    # Ben (seat 1) holds nothing that fits, and plays nothing here (no bot).
    return position(("6S 9C QD 2H 2D", "JH JD JS JC 10H"), ("5H", "8C"),
                    draws=("3C", "3D"))


def test_each_play_key_plays_a_card_that_fits_both_piles_on_its_own_pile():
    for board in BOARDS:
        left, right, pause = PILE_KEYS[board]
        for button, pile in ((left, PILE_L), (right, PILE_R)):
            # 6S fits both tops, 5H on the left and 7C on the right (and 6C still fits
            # after it: no stand-still)
            g = position(("6S 6C QD 2H 2D", "JH JD JS JC 10H"), ("5H", "7C"),
                         draws=("3C", "3D"))
            t = table(board, g)
            at(t, "6S")
            assert push(t, board, button, 1100) is None, (board.NAME, button)
            tops = top_labels(g)
            assert tops[pile] == "6S", (board.NAME, button, tops)
            assert tops[pile ^ 1] == ("7C" if pile == PILE_L else "5H"), (board.NAME, tops)
        assert push(t, board, pause, 1200) == "pause", (board.NAME, pause)


def test_a_card_that_fits_one_pile_goes_there_with_either_key():
    for board in BOARDS:
        left, right, _ = PILE_KEYS[board]
        for button in (left, right):
            g = _one_each()
            t = table(board, g)
            at(t, "9C")
            push(t, board, button, 1100)
            assert top_labels(g) == ["5H", "9C"], (board.NAME, button, top_labels(g))


def test_a_card_that_fits_neither_pile_is_not_played_and_the_line_says_so():
    for board in BOARDS:
        left, right, _ = PILE_KEYS[board]
        g = _one_each()
        t = table(board, g)
        v = g.version
        for button in (left, right):
            at(t, "QD")
            push(t, board, button, 1100)
            assert g.version == v and top_labels(g) == ["5H", "8C"]
            assert t.msg == "Q^D fits neither pile", t.msg
            assert rich.length(t.msg) <= (board.WIDTH - 8) // 8


def test_a_key_cap_under_each_pile_names_its_play_key():
    for board in BOARDS:
        t = table(board, _one_each())
        left, right, _ = PILE_KEYS[board]
        h = t.hints
        assert (h["ok"], h["back"]) == (left, right)    # the labels the caps show
        # a key cap under each centre pile: its gold frame's top edge
        y = t.pile_y + carddraw.height(carddraw.FULL) + 19
        for pile in (PILE_L, PILE_R):
            x = t.pile_x[pile] + carddraw.width(carddraw.FULL) // 2
            assert t.screen.fb.pixel(x, y) == GOLD, (board.NAME, pile)


def test_the_stand_still_line_leaves_when_a_card_is_played():
    for board in BOARDS:
        left = PILE_KEYS[board][0]
        # You play 3S on 2H; then nobody can play: a stand-still flips 8C (yours, onto the
        # right pile) and 5D (Ben's, onto the left); your 9s fit 8C again
        g = position(("3S 9C 9D 9H 9S", "6C 6D 6H 6S 7C"), ("2H", "2C"),
                     spits=("8C", "5D"))
        t = table(board, g)
        at(t, "3S")
        push(t, board, left, 1100)
        assert g.standstills == 1 and top_labels(g) == ["5D", "8C"]
        assert t.msg.startswith("Stand-still")
        at(t, "9C")
        push(t, board, left, 1300)     # 9C fits only the right pile; well within 2.5 s
        assert top_labels(g) == ["5D", "9C"]
        assert t.msg == "", t.msg
        assert not t._d[3][0].startswith("Stand-still")    # _D_MSG: what the line shows
        assert rich.length(STOOD) <= (board.WIDTH - 8) // 8


def test_the_round_result_names_the_spit_cards_a_winner_keeps():
    for board in BOARDS:
        left, _, _ = PILE_KEYS[board]
        # your last card out, two spit cards still down: you win with "Left 2"
        g = position(("3S", "6C 6D 6H 6S 7C"), ("2H", "2C"), spits=("KC 8C", "5D"))
        t = table(board, g)
        push(t, board, left, 1100)
        r = g.rounds[-1]
        assert (r["winner"], r["reason"]) == (0, "emptied")
        title, head, rows, footer = t.round_summary()
        assert head[1] == "Left" and rows[0][:2] == ("You", "2")
        assert footer == "You emptied hand and draw pile (2 spit cards left).", footer


def test_an_idle_tick_allocates_nothing():
    """The real-time loop's frame with nothing changed (after a play and the stand-still
    line): no allocation, heap locked on MicroPython."""
    try:
        import micropython
        micropython.heap_lock
    except (ImportError, AttributeError):
        print("skip test_an_idle_tick_allocates_nothing: no heap_lock on this runtime")
        return
    board = BOARDS[0]
    g = position(("3S 9C 9D 9H 9S", "6C 6D 6H 6S 7C"), ("2H", "2C"), spits=("8C", "5D"))
    t = table(board, g)
    at(t, "3S")
    push(t, board, PILE_KEYS[board][0], 1100)       # a play, then a stand-still
    t.tick(5000)                                    # the line and the gold frame go
    micropython.heap_lock()
    try:
        for now in range(5010, 5500, 10):
            r = t.tick(now)
    finally:
        micropython.heap_unlock()
    assert r is None
