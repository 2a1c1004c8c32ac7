"""Who decides for the seats of a linked game, and the provider the app loop uses.

`SeatAI(game_name, level, seed)` is the `ai(game, seat)` of a LinkUnit: the built-in AI
(core.registry.make_ai) where it offers the game, else the baseline greedy bot
(core.registry.make_bot), one per seat; Speed's real-time bots (core.games.speed.ai.SpeedBot)
are ticked with the game's time and return None until they act.

`LinkProvider(unit)` is what `App(link=provider)` needs (core/seats.py):
    provider.poll()                  every loop pass (the unit's timers)
    provider.seat_player(seat)       a player with the AI's start(obs)/step(units) shape for a
                                     seat decided on another unit: step() returns that
                                     seat's next action once the link has agreed on it
    provider.next_action()           (seat, action) the app has not applied yet, in the
                                     link's order, or None; the app applies exactly these
    provider.submit(seat, action)    this unit's human decided: None, or why it was refused
                                     (paused, not this unit's seat, illegal); the action is
                                     applied when next_action() returns it (a sealed round
                                     applies every seat's choice at once, in seat order)
    provider.status()                core.link.unit.LinkUnit.status() (pause, can_hand_to_ai)
The app keeps its own game object in step with the unit's by applying next_action()s in
order; `provider.game` is the unit's (authoritative) copy.
"""
from core.clock import ticks_ms


class SeatAI:
    """The host's AI seats (and a test's stand-in humans): `ai(game, seat)`."""

    def __init__(self, game_name, level="easy", seed=0, clock=ticks_ms):
        self.name = game_name
        self.level = level
        self.seed = seed
        self.clock = clock
        self.bots = {}
        self.views = {}
        self._t0 = clock()

    def _bot(self, seat):
        b = self.bots.get(seat)
        if b is None:
            seed = (self.seed * 31 + seat + 1) & 0x3FFFFFFF
            if self.name == "speed":
                from core.games.speed.ai import SpeedBot
                b = SpeedBot(2, seed)
            else:
                try:
                    from core.registry import make_ai
                    b = make_ai(self.name, self.level, seed)
                except (ImportError, ValueError):
                    from core.registry import make_bot
                    b = make_bot(self.name, "greedy", seed)
            self.bots[seat] = b
        return b

    def __call__(self, game, seat):
        b = self._bot(seat)
        if self.name == "speed":
            from core.games.speed.defs import SpeedView, NO_ACTION
            v = self.views.get(seat)
            if v is None:
                v = self.views[seat] = SpeedView()
            game.fill_view(seat, v)
            a = b.tick(self.clock() - self._t0, v)
            return None if a == NO_ACTION else a
        return b.choose(game.observation(seat))

    def rejected(self, seat, reason):
        """Speed: the arbiter took our play back."""
        b = self.bots.get(seat)
        if b is not None and hasattr(b, "rejected"):
            b.rejected(self.clock() - self._t0, reason)


class _LinkSeat:
    """A seat decided on another unit, shaped like an AI player for the app."""

    def __init__(self, provider, seat):
        self.provider = provider
        self.seat = seat

    def start(self, obs):
        pass

    def step(self, units):
        nxt = self.provider.peek()
        if nxt is not None and nxt[0] == self.seat:
            self.provider.next_action()
            return nxt[1]
        return None


class LinkProvider:
    """The app's view of one LinkUnit in a game (see the module docstring)."""

    def __init__(self, unit):
        self.unit = unit
        self.cursor = 0

    @property
    def game(self):
        return self.unit.game

    def poll(self):
        self.unit.poll()

    def my_seat(self):
        return self.unit.my_seat()

    def status(self):
        return self.unit.status()

    def seat_player(self, seat):
        return _LinkSeat(self, seat)

    def peek(self):
        g = self.unit.game
        if g is None or self.cursor >= len(g.history):
            return None
        return g.history[self.cursor]

    def next_action(self):
        nxt = self.peek()
        if nxt is not None:
            self.cursor += 1
        return nxt

    def submit(self, seat, action):
        return self.unit.submit(action, seat)
