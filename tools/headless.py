"""Headless runs of the app (core/app.py): scripted key events in, PNG screenshots out.

    python -m tools.headless --layout lcd13 --keys "OK OK wait:2000 DOWN OK" --shot out/a.png
    python -m tools.headless --layout display2 --autoplay speedrun --seed 3 --shots out/run

`--keys` is a script of logical keys (UP DOWN LEFT RIGHT OK BACK MENU AUX), `wait:MS`
(let the virtual clock run), `shot:PATH` (screenshot now).  `--autoplay GAME` plays a
whole game through the buttons against AI seats (the AutoPlayer below), saving a
screenshot at every new screen when `--shots DIR` is given.

The clock is virtual: `Headless.wait(ms)` ticks the app every `step` ms, so AI delays and
held tricks cost no real time.  With `panel=True` every update goes through the real
ST7789 driver into the emulated panel (drivers/host_display.py), which is what a
screenshot shows; without it the 4-bit screen buffer is saved directly (faster).
"""
import argparse
import os
import sys

import tools  # noqa: F401
from core import app as app_mod
from core.ui import keys
from core.ui.palette import RGB, lut565
from core.ui.screen import Screen
from drivers import host_png

LAYOUTS = ("lcd13", "display2")


def board_module(layout):
    if layout == "lcd13":
        from boards import pico_lcd_1_3 as b
    else:
        from boards import pico_display_2 as b
    return b


class Headless:
    def __init__(self, layout="lcd13", seed=1, panel=False, step=50, **app_kw):
        board = board_module(layout)
        self.layout = layout
        self.board = board
        self.screen = Screen(board.WIDTH, board.HEIGHT)
        self.display = None
        if panel:
            from drivers.host_display import HostDisplay
            self.display = HostDisplay(board.WIDTH, board.HEIGHT)
        self.app = app_mod.App(self.screen, self.display, lut565(), app_mod.board_hints(board),
                               seed=seed, **app_kw)
        self.now = 0
        self.step = step
        self.presses = 0
        self.app.show()

    def key(self, key):
        """Press and release one logical key."""
        if isinstance(key, str):
            key = keys.key_by_name(key)
        self.presses += 1
        self.app.feed(keys.event(keys.PRESS, key), self.now)
        self.app.feed(keys.event(keys.RELEASE, key), self.now)
        self.now += 10
        self.app.tick(self.now)
        self.app.show()

    def wait(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now += self.step
            self.app.tick(self.now)
            self.app.show()

    def shot(self, path):
        d = os.path.dirname(path)
        if d:
            os.makedirs(d, exist_ok=True)
        if self.display is not None:
            self.display.save_png(path)
        else:
            host_png.write_indexed(path, self.screen.buf, self.screen.width, self.screen.height, RGB)
        return path

    def run_script(self, script):
        for word in script.split():
            if word.startswith("wait:"):
                self.wait(int(word[5:]))
            elif word.startswith("shot:"):
                self.shot(word[5:])
            else:
                self.key(word.upper())


class AutoPlayer:
    """Plays through the UI like a person: reads the screen model, presses keys.

    It never applies an action itself: every decision is cursor moves and OK presses.
    `choice` picks which row / legal card to aim for (a Prng makes it vary by seed)."""

    def __init__(self, h, game_name, options=None, players=None, seat_kinds=None, seed=1,
                 on_screen=None):
        from core.prng import Prng
        self.h = h
        self.game = game_name
        self.options = options or {}
        self.players = players
        self.seat_kinds = seat_kinds
        self.rng = Prng(seed)
        self.on_screen = on_screen
        self.last_state = None
        self.started = False

    def _note(self, label):
        if self.on_screen is not None:
            self.on_screen(label)

    def run(self, max_presses=20000, max_ms=10 ** 8):
        h = self.h
        a = h.app
        start_ms = h.now
        while h.presses < max_presses and h.now - start_ms < max_ms:
            st = a.state
            if st != self.last_state:
                self.last_state = st
                self._note(app_mod.STATE_NAMES[st])
            if st == app_mod.MENU:
                if self.started:
                    return True
                self.menu()
            elif st == app_mod.SETUP:
                self.setup()
            elif st == app_mod.RULES:
                h.key("OK")
            elif st == app_mod.TABLE:
                self.table()
            elif st in (app_mod.HAND_RESULT, app_mod.GAME_RESULT):
                if st == app_mod.GAME_RESULT:
                    self.started = True
                h.key("OK")
            else:
                h.key("BACK")
        return False

    def menu(self):
        h = self.h
        m = h.app.menu
        view = h.app.menu_view
        if m.page == 0:
            names = [e.name for e in m.entries]
            want = names.index(self.game)
            while view.list.sel != want:
                h.key("DOWN")
            h.key("OK")
            return
        # options page: set the options we were given, then Start
        for i in range(m.option_rows()):
            kind, opt = m.row_kind(i)
            want = None
            if kind == "option" and opt.key in self.options:
                want = self.options[opt.key]
            elif kind == "players" and self.players:
                want = self.players
            if want is None:
                continue
            while view.list.sel != i:
                h.key("DOWN")
            cur = (m.values[opt.key] if kind == "option" else m.players)
            if cur != want:
                h.key("OK")
                guard = 0
                while (m.values[opt.key] if kind == "option" else m.players) != want:
                    h.key("DOWN")
                    guard += 1
                    if guard > 200:
                        raise RuntimeError("cannot set %s to %r" % (kind, want))
                h.key("OK")
        while view.list.sel != m.option_rows() - 1:
            h.key("DOWN")
        h.key("OK")

    def setup(self):
        h = self.h
        page = h.app.page
        plan = page.plan
        if self.seat_kinds:
            for i in range(page.rows()):
                kind, seat = page.row_kind(i)
                if kind != "seat" or seat not in self.seat_kinds:
                    continue
                while page.list.sel != i:
                    h.key("DOWN")
                guard = 0
                while plan.kinds[seat] != self.seat_kinds[seat]:
                    h.key("OK")
                    guard += 1
                    if guard > 20:
                        raise RuntimeError("no seat kind %r" % self.seat_kinds[seat])
        while page.row_kind(page.list.sel)[0] != "start":
            h.key("DOWN")
        self.started = True
        h.key("OK")
        if h.app.state == app_mod.SETUP:
            raise RuntimeError("the game did not start: %s" % page.status)

    def table(self):
        h = self.h
        t = h.app.table
        if getattr(t, "REALTIME", False):
            return self.realtime(t)
        human = t.seat
        if h.app.hold_until >= 0 or human not in t.turn:
            h.wait(h.step)
            return
        if t.choices is not None:
            n = len(t.choices)
            want = self.rng.below(n)
            while t.list.sel != want:
                h.key("DOWN")
            h.key("OK")
            return
        if getattr(t, "exchange_need", 0):
            return self.exchange(t)
        if t.card_mode:
            legal_pos = [i for i in range(len(t.hand)) if t.card_action(t.hand[i]) in t.legal]
            want = legal_pos[self.rng.below(len(legal_pos))]
            while t.cursor != want:
                h.key("RIGHT" if self.h.layout == "lcd13" else "DOWN")
            h.key("OK")
            return
        h.wait(h.step)

    def exchange(self, t):
        h = self.h
        while t.exchange_need and t.choices is None:
            pos = [i for i in range(len(t.hand)) if not (t.raised >> i) & 1]
            want = pos[self.rng.below(len(pos))]
            while t.cursor != want:
                h.key("DOWN")
            h.key("OK")

    def realtime(self, t):
        h = self.h
        best = t.playable_positions()
        if best:
            want = best[self.rng.below(len(best))]
            while t.cursor != want:
                h.key("DOWN")
            h.key("OK")
            h.wait(300)
        elif t.may_spit():
            h.key("AUX")
            h.wait(100)
        else:
            h.wait(100)


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.headless", description=__doc__.split("\n")[0])
    p.add_argument("--layout", choices=LAYOUTS, default="lcd13")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keys", default="", help="key script (see the module docstring)")
    p.add_argument("--shot", help="screenshot at the end")
    p.add_argument("--autoplay", help="play a whole game of GAME through the buttons")
    p.add_argument("--shots", help="with --autoplay: a screenshot of every new screen here")
    p.add_argument("--panel", action="store_true", help="draw through the emulated ST7789")
    args = p.parse_args(argv)
    h = Headless(args.layout, args.seed, panel=args.panel)
    if args.keys:
        h.run_script(args.keys)
    if args.autoplay:
        count = [0]

        def snap(label):
            if args.shots:
                count[0] += 1
                h.shot(os.path.join(args.shots, "%03d_%s.png" % (count[0], label)))
        ok = AutoPlayer(h, args.autoplay, seed=args.seed, on_screen=snap).run()
        print("%s: %s after %d key presses, %d s of virtual time" % (
            args.autoplay, "finished" if ok else "NOT finished", h.presses, h.now // 1000))
    if args.shot:
        print("screenshot:", h.shot(args.shot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
