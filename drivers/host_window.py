"""Desktop window twin (pygame): the panel scaled up, the board's buttons drawn beside
it, keyboard keys mapped to physical buttons and listed on screen.

Only the simulator imports this module; pygame is imported when a window is opened.
"""


class HostWindow:
    def __init__(self, hw, keymap, scale=2):
        import pygame
        self.pg = pygame
        self.hw = hw
        self.scale = scale
        board = hw.board
        self.w = board.WIDTH * scale
        self.h = board.HEIGHT * scale
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Pocket Cards - %s" % board.NAME)
        self.font = pygame.font.Font(None, 22)
        # Each button's chip fits its whole name ("DOWN", "PRESS"), then the keyboard keys.
        self.chip_w = max(self.font.size(n)[0] for n in board.BUTTONS) + 8
        widest_keys = max(self.font.size(" / ".join(keymap.get(n, ())))[0] for n in board.BUTTONS)
        self.side = max(220, 12 + self.chip_w + 8 + widest_keys + 12)
        self.surface = pygame.display.set_mode((self.w + self.side, max(self.h, 360)))
        # pygame key code -> bit of the physical button
        self.codes = {}
        for i, name in enumerate(board.BUTTONS):
            for kname in keymap.get(name, ()):
                self.codes[pygame.key.key_code(kname)] = i
        self.keymap = keymap

    def raw_mask(self):
        pressed = self.pg.key.get_pressed()
        m = 0
        for code, bit in self.codes.items():
            if pressed[code]:
                m |= 1 << bit
        return m

    def closed(self):
        for ev in self.pg.event.get():
            if ev.type == self.pg.QUIT:
                return True
        return False

    def draw(self, mask):
        pg = self.pg
        board = self.hw.board
        d = self.hw.display
        img = pg.image.frombuffer(bytes(d.rgb888()), (board.WIDTH, board.HEIGHT), "RGB")
        self.surface.fill((30, 30, 34))
        self.surface.blit(pg.transform.scale(img, (self.w, self.h)), (0, 0))
        self._backlight_and_sound()
        x = self.w + 12
        y = 12
        for i, name in enumerate(board.BUTTONS):
            down = (mask >> i) & 1
            pg.draw.rect(self.surface, (250, 200, 40) if down else (90, 90, 100),
                         (x, y, self.chip_w, 20), 0, 4)
            self.surface.blit(self.font.render(name, True, (0, 0, 0)), (x + 4, y + 3))
            keys_txt = " / ".join(self.keymap.get(name, ()))
            self.surface.blit(self.font.render(keys_txt, True, (220, 220, 220)),
                              (x + self.chip_w + 8, y + 3))
            y += 26
        if board.CHORDS:
            y += 8
            self.surface.blit(self.font.render("chords:", True, (180, 180, 180)), (x, y))
            y += 20
            from core.ui import keys
            for mask_c, key in board.CHORDS:
                names = "+".join(board.BUTTONS[i] for i in range(len(board.BUTTONS)) if (mask_c >> i) & 1)
                self.surface.blit(self.font.render("%s = %s" % (names, keys.NAMES[key]), True,
                                                   (220, 220, 220)), (x, y))
                y += 20
        pg.display.flip()

    def _backlight_and_sound(self):
        """The board's brightness as a darker picture; "sound off" below the buttons."""
        pg = self.pg
        bl = getattr(self.hw, "backlight", None)
        if bl is not None and bl.level < 100:
            shade = pg.Surface((self.w, self.h))
            shade.set_alpha(2 * (100 - bl.level))
            self.surface.blit(shade, (0, 0))
        buzzer = getattr(self.hw, "buzzer", None)
        if buzzer is not None and not buzzer.enabled:
            self.surface.blit(self.font.render("sound off", True, (180, 180, 180)),
                              (self.w + 12, self.surface.get_height() - 24))
