"""The shape shared by the four rules engines (in the spirit of OpenSpiel's State).

A game is created from options and a seed and is deterministic.  It says which seats must
decide now (several at once for simultaneous choices), lists a seat's legal actions, and
applies one action; an illegal action raises IllegalAction with a message that names what
was wrong, and leaves the state exactly as it was.  Each seat gets an observation holding
what that seat may know and nothing else (ruling T-3).  Actions are small ints; each game
gives them readable labels for logs and records.

Subclasses provide:
    NAME, OPTIONS (tuple of Option), PLAYERS (tuple of allowed player counts)
    _setup()                      deal and start, using self.rng
    to_move()                     tuple of seats that must decide now; () when over
    legal_actions(seat)           list of action ints
    _reason(seat, action)         why a deciding seat's action is not legal (optional):
                                  (code, message, sentence), see core/refusal.py
    _apply(seat, action)          change the state for a legal action
    observation(seat)             dict of what the seat may know
    is_over(), result()
    action_label(action), parse_action(text)
"""
from core.prng import Prng


def prng_for(seed):
    """The generator a game seeded with `seed` deals from: core.prng_wide.WidePrng for a
    wide (hex) seed, loaded only then (a local game never holds its code), else Prng."""
    if isinstance(seed, str):
        from core.prng_wide import WidePrng
        return WidePrng(seed)
    return Prng(seed)


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game state is unchanged."""


def is_choice(value, choices):
    """True if `value` is one of an option's `choices` and of that choice's type (JSON's
    true == 1 == 1.0 to Python: neither passes for the int 1).  Choices that are not a
    tuple (speedrun's BoardSubsets) check the type themselves."""
    if value not in choices:
        return False
    if not isinstance(choices, tuple):
        return True
    for c in choices:
        if c == value and type(c) is type(value):
            return True
    return False


class Option:
    """One game option: a key, its choices (first is the default unless given), a label,
    and optionally `names`, what an options page shows for each choice (else the value)."""
    names = None        # set on an instance only when given: no cost to the others

    def __init__(self, key, choices, label, default=None, names=None):
        self.key = key
        self.choices = choices
        self.label = label
        self.default = choices[0] if default is None else default
        if names is not None:
            self.names = names


def resolve_options(spec, given):
    """Merge `given` over the defaults of `spec`; reject unknown keys and values clearly."""
    out = {}
    for opt in spec:
        out[opt.key] = opt.default
    if given:
        for key in given:
            value = given[key]
            opt = None
            for o in spec:
                if o.key == key:
                    opt = o
            if opt is None:
                raise ValueError("unknown option %r (known: %s)" % (key, ", ".join([o.key for o in spec])))
            if value not in opt.choices:
                raise ValueError("option %s=%r is not one of %r" % (key, value, opt.choices))
            out[key] = value
    return out


class Game:
    NAME = "game"
    OPTIONS = ()
    RECORD_VERSION = 1
    # True: nothing reads a finished trick's events after the table has shown them (the
    # engine never reads its own past events), so the app drops them at each trick's and
    # hand's end (core.app.forget_shown_events): the log holds one trick, not the game.
    FORGET_SHOWN_EVENTS = False

    def __init__(self, options=None, seed=0):
        self.options = resolve_options(self.OPTIONS, options)
        self.seed = seed
        self.rng = prng_for(seed)   # a 128-bit hex seed for linked games (core/prng.py)
        self.history = []   # (seat, action) in the order applied: the game record
        self.events = []    # public log: tuples whose first item names the event
        self._setup()

    # -- the interface every game provides ---------------------------------------------
    def _setup(self):
        raise NotImplementedError

    def to_move(self):
        raise NotImplementedError

    def legal_actions(self, seat):
        raise NotImplementedError

    def _apply(self, seat, action):
        raise NotImplementedError

    def observation(self, seat):
        raise NotImplementedError

    def is_over(self):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def action_label(self, action):
        return str(action)

    def parse_action(self, text):
        """The action labelled `text`, ignoring case and surrounding spaces ("7h", "Trump:s")."""
        t = text.strip().lower()
        for a in self.all_action_ids():
            if self.action_label(a).lower() == t:
                return a
        raise ValueError("no action called %r in %s" % (text, self.NAME))

    def all_action_ids(self):
        return ()

    def _reason(self, seat, action):
        from core.refusal import other
        return other(self, seat, action)

    # -- shared behaviour ----------------------------------------------------------------
    def is_legal(self, seat, action):
        """True when `seat` may take `action` now (reason() says why not)."""
        return not self.is_over() and seat in self.to_move() and action in self.legal_actions(seat)

    def reason(self, seat, action):
        """None when legal, else why not, decided once and said twice: (code, the engine's
        message, the player's sentence), see core/refusal.py (loaded on a refusal only)."""
        if self.is_legal(seat, action):
            return None
        from core.refusal import reason
        return reason(self, seat, action)

    def check(self, seat, action):
        """The engine's message for why `action` by `seat` is illegal now, or None."""
        r = self.reason(seat, action)
        return None if r is None else r[1]

    def refusal(self, seat, action):
        """The player's sentence for why `action` is refused, or None if it is legal."""
        r = self.reason(seat, action)
        return None if r is None else r[2]

    def apply(self, seat, action):
        """Apply a legal action, or raise IllegalAction and change nothing."""
        why = self.check(seat, action)
        if why is not None:
            raise IllegalAction(why)
        self._apply(seat, action)
        self.history.append((seat, action))

    def log(self, *event):
        self.events.append(event)
