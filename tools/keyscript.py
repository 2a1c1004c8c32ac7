"""Key scripts: the one vocabulary of the simulator (tools/sim.py) and the headless runner
(tools/headless.py).  Both read the same steps with the same names and meanings; SYNTAX
is the text both --help pages end with.

A name is a logical key (core.ui.keys: what the screens see, the same on both layouts) or
a physical button of the layout (boards/*.py BUTTONS), or two buttons joined by "+".
resolve() turns a name into the raw button mask the device would read and the logical
key that mask gives, so the simulator can press buttons and the headless runner can feed
keys, and both reject a name the layout has no button for.
"""
import os

from core.ui import keys

LOGICAL = keys.NAMES[1:]

SYNTAX = """\
Key script: steps separated by spaces or newlines (--script TEXT and/or --script-file
FILE; the file's steps run after the text's).  Names are not case-sensitive.
  KEY            press and release a key: a logical key (UP DOWN LEFT RIGHT OK BACK
                 MENU AUX), the same on both layouts, or a button of the layout
                 (lcd13: UP DOWN LEFT RIGHT PRESS A B X Y; display2: A B X Y)
  BUTTON+BUTTON  press two buttons together (display2's chords A+B and X+Y)
  hold:KEY:MS    hold a key, button or chord for MS ms (UP DOWN LEFT RIGHT repeat
                 after 400 ms, then every 120 ms)
  wait:MS        let MS ms pass (a virtual clock: AI delays cost no real time)
  shot:NAME.png  save a screenshot as NAME.png in the --out folder (or at an
                 absolute path)
Which buttons give each logical key:
%s
Example, both layouts: from the game list into the second game's options, a
screenshot, and back:  DOWN OK shot:options.png BACK"""


def _layout_boards():
    from boards import pico_display_2, pico_lcd_1_3
    return (("lcd13", pico_lcd_1_3), ("display2", pico_display_2))


def buttons_for(board, key):
    """The buttons (or chords, "A+B") of `board` that give logical `key`."""
    out = [board.BUTTONS[i] for i in range(len(board.KEYMAP)) if board.KEYMAP[i] == key]
    for mask, k in board.CHORDS:
        if k == key:
            out.append("+".join([board.BUTTONS[i] for i in range(len(board.BUTTONS))
                                 if mask >> i & 1]))
    return out


def key_table():
    """The logical keys and the buttons that give them on each layout, as text lines."""
    boards = _layout_boards()
    lines = ["  %-6s %-26s %s" % ("key", boards[0][0], boards[1][0])]
    for key in range(1, len(keys.NAMES)):
        cols = [" or ".join(buttons_for(b, key)) or "(none)" for _, b in boards]
        lines.append("  %-6s %-26s %s" % (keys.NAMES[key], cols[0], cols[1]))
    return "\n".join(lines)


def syntax():
    return SYNTAX % key_table()


def read_script(text="", path=None):
    """The script's words: `text`, then the file's."""
    if path:
        with open(path) as f:
            text = (text or "") + "\n" + f.read()
    return (text or "").split()


def resolve(board, name):
    """(raw button mask, logical key or None) of a key/button name on `board`.
    Raises ValueError naming the layout's buttons when `name` has none."""
    up = name.upper()
    buttons = board.BUTTONS
    if "+" not in up and up not in buttons and up in LOGICAL:
        key = keys.key_by_name(up)
        for i in range(len(board.KEYMAP)):
            if board.KEYMAP[i] == key:
                return 1 << i, key
        for mask, k in board.CHORDS:
            if k == key:
                return mask, key
        raise ValueError("no button gives %s on %s" % (up, board.NAME))
    mask = 0
    for part in up.split("+"):
        if part not in buttons:
            raise ValueError("%r is not a key or a button of %s (keys: %s; buttons: %s)" % (
                name, board.NAME, " ".join(LOGICAL), " ".join(buttons)))
        mask |= 1 << buttons.index(part)
    if mask & (mask - 1) == 0:
        return mask, board.KEYMAP[buttons.index(up)]
    for m, k in board.CHORDS:
        if m == mask:
            return mask, k
    return mask, None


def steps(words):
    """[(kind, arg, ms)] from script words: ("key", name, 0), ("hold", name, ms),
    ("wait", None, ms), ("shot", name, 0).  Raises ValueError on a malformed step."""
    out = []
    for w in words:
        head, _, rest = w.partition(":")
        low = head.lower()
        try:
            if low == "wait" and rest:
                out.append(("wait", None, int(rest)))
            elif low == "shot" and rest:
                out.append(("shot", rest, 0))
            elif low == "hold" and rest:
                name, _, ms = rest.partition(":")
                out.append(("hold", name, int(ms)))
            elif not rest:
                out.append(("key", w, 0))
            else:
                raise ValueError
        except ValueError:
            raise ValueError("bad script step %r (see --help: wait:MS, shot:NAME.png, "
                             "hold:KEY:MS or a key name)" % w)
    return out


def checked_steps(board, words):
    """steps(words), with every key name resolved on `board` first, so that a typo stops
    the script before it runs.  Raises ValueError."""
    out = steps(words)
    for kind, arg, _ in out:
        if kind in ("key", "hold"):
            resolve(board, arg)
    return out


def shot_path(out_dir, name):
    """Where shot:NAME goes: under `out_dir`, or NAME itself if absolute; folders made."""
    path = os.path.join(out_dir, name)
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    return path
