"""Buttons: debouncing, chords, auto-repeat and a queue of logical key events.

The logic works on a bit mask of *pressed* physical buttons sampled every few ms
(`update(raw, now_ms)`), so the same code serves the device (PinReader: active-low pins
with pull-ups) and the host (keyboard, scripted presses).

- Debounce: a button's new level counts once it has held for `debounce_ms`.
- Chords: pressing two buttons of a chord within `chord_ms` gives the chord's key (and
  no single presses).  A button that belongs to a chord waits up to `chord_ms` before its
  own press is reported; other buttons report at once.
- Auto-repeat: keys listed in `repeat_keys` send REPEAT events after `repeat_delay_ms`,
  then every `repeat_ms`, while held.
Events (core.ui.keys.event) go to a ring buffer of 16; when it is full the oldest is lost.
"""
from micropython import const

from core.clock import ticks_add, ticks_diff
from core.ui import keys

_QSIZE = const(16)


class Buttons:
    def __init__(self, keymap, chords=(), repeat_keys=(keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT),
                 debounce_ms=20, chord_ms=60, repeat_delay_ms=400, repeat_ms=120):
        """keymap: logical key of each physical button (bit i of `raw` = button i).
        chords: ((bit_mask, logical_key), ...) with two bits per mask."""
        n = len(keymap)
        self.keymap = keymap
        self.chords = chords
        self.repeat_keys = repeat_keys
        self.debounce_ms = debounce_ms
        self.chord_ms = chord_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.in_chord = 0
        for mask, _ in chords:
            self.in_chord |= mask
        self.raw = 0              # last sample
        self.stable = 0           # debounced state
        self.changed_at = [0] * n  # when each button's raw level last changed
        self.pressed_at = [0] * n  # when each stable press began
        self.pending = 0          # chord members pressed, single press not yet reported
        self.reported = 0         # buttons whose single press was reported (need RELEASE)
        self.chord_down = -1      # index of the chord being held, or -1
        self.next_repeat = [0] * n
        self.q = bytearray(_QSIZE)
        self.head = 0
        self.count = 0

    # -- event queue -----------------------------------------------------------------
    def _push(self, kind, key):
        if self.count == _QSIZE:
            self.head = (self.head + 1) % _QSIZE
            self.count -= 1
        self.q[(self.head + self.count) % _QSIZE] = (kind << 4) | key
        self.count += 1

    def get(self):
        """The oldest event, or keys.NO_EVENT."""
        if not self.count:
            return keys.NO_EVENT
        ev = self.q[self.head]
        self.head = (self.head + 1) % _QSIZE
        self.count -= 1
        return ev

    # -- sampling --------------------------------------------------------------------
    def update(self, raw, now):
        n = len(self.keymap)
        diff = raw ^ self.raw
        for i in range(n):
            if (diff >> i) & 1:
                self.changed_at[i] = now
        self.raw = raw
        new = self.stable
        for i in range(n):
            bit = 1 << i
            if (raw ^ self.stable) & bit and ticks_diff(now, self.changed_at[i]) >= self.debounce_ms:
                new ^= bit
        went_down = new & ~self.stable
        went_up = self.stable & ~new
        self.stable = new
        for i in range(n):
            bit = 1 << i
            if went_down & bit:
                self.pressed_at[i] = now
                if self.in_chord & bit:
                    self.pending |= bit
                else:
                    self._press(i, now)
            if went_up & bit:
                self._release(i, now)
        self._chords(now)
        self._repeat(now)

    def _press(self, i, now):
        key = self.keymap[i]
        self.reported |= 1 << i
        self._push(keys.PRESS, key)
        self.next_repeat[i] = ticks_add(now, self.repeat_delay_ms)

    def _release(self, i, now):
        bit = 1 << i
        if self.pending & bit:
            # tapped and let go before the chord window closed: a plain press
            self.pending &= ~bit
            self._press(i, now)
        if self.chord_down >= 0 and self.chords[self.chord_down][0] & bit:
            self._push(keys.RELEASE, self.chords[self.chord_down][1])
            self.chord_down = -1
        if self.reported & bit:
            self.reported &= ~bit
            self._push(keys.RELEASE, self.keymap[i])

    def _chords(self, now):
        if not self.pending:
            return
        for c in range(len(self.chords)):
            mask, key = self.chords[c]
            if self.pending & mask == mask:
                self.pending &= ~mask
                self.chord_down = c
                self._push(keys.PRESS, key)
                return
        for i in range(len(self.keymap)):
            bit = 1 << i
            if self.pending & bit and ticks_diff(now, self.pressed_at[i]) >= self.chord_ms:
                self.pending &= ~bit
                self._press(i, now)

    def _repeat(self, now):
        held = self.reported & self.stable
        if not held:
            return
        for i in range(len(self.keymap)):
            if (held >> i) & 1 and self.keymap[i] in self.repeat_keys:
                if ticks_diff(now, self.next_repeat[i]) >= 0:
                    self._push(keys.REPEAT, self.keymap[i])
                    self.next_repeat[i] = ticks_add(now, self.repeat_ms)


class PinReader:
    """Reads active-low buttons (pins with pull-ups; pressed reads 0) into a bit mask."""

    def __init__(self, pins):
        self.pins = pins

    def read(self):
        m = 0
        for i in range(len(self.pins)):
            if not self.pins[i].value():
                m |= 1 << i
        return m
