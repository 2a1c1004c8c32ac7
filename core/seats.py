"""Who sits where: this unit's human, AI seats with a level, linked units; and the
player objects that decide for the AI seats.

AI comes from core.registry.make_ai(game, level, seed) where the AI engineer's package offers
the game; otherwise from the baseline bots (core.registry.make_bot "greedy"/"random").
Speed is real time: its opponent is core.games.speed.ai.SpeedBot at level 1 (casual) to 4.

Linked units (core/link) are listed but can be chosen only when the app is given a link
provider (App(link=...)): the provider's `seat_player(seat)` must return an object with
the same `choose(obs)` / `start(obs)`+`step(units)` shape as an AI, fed by the lockstep
link.  Until the link stack offers that, linked seats show as unavailable.
"""

HUMAN = "you"
LINK = "link"
SPEED_LEVELS = ("casual", "club", "quick", "expert")
BASELINE = ("greedy", "random")
NAMES = ("Ann", "Ben", "Cid", "Dot", "Eli", "Fay")


def ai_levels(game_name):
    """AI level names offered for `game_name`, the default first."""
    if game_name == "speed":
        return SPEED_LEVELS[1:2] + SPEED_LEVELS[:1] + SPEED_LEVELS[2:]
    try:
        from core.registry import make_ai
        make_ai(game_name, "easy", 0)
        return ("default", "easy", "hard") + BASELINE
    except (ImportError, ValueError):
        return BASELINE


def stored_level(game_name, ai_level, levels):
    """The level an AI seat of `game_name` starts at for the stored AI level 1-4
    (core/settings.py; None: the game's default).  Speed has four levels (SPEED_LEVELS);
    the trick games three, so 1 = easy, 2 = default, 3 and 4 = hard.  The stored
    default, 2, gives each game's default level, the first of `levels` (ai_levels()),
    which is also the answer when the mapped level is not offered (no core.ai: bots)."""
    if ai_level is None or not 1 <= ai_level <= 4:
        return levels[0]
    if game_name == "speed":
        kind = SPEED_LEVELS[ai_level - 1]
    else:
        kind = ("easy", "default", "hard", "hard")[ai_level - 1]
    return kind if kind in levels else levels[0]


def make_player(game_name, kind, seed):
    """The object that decides for an AI seat of kind `kind` (a level name)."""
    if game_name == "speed":
        from core.games.speed.ai import SpeedBot
        return SpeedBot(SPEED_LEVELS.index(kind) + 1, seed)
    if kind in BASELINE:
        from core.registry import make_bot
        return make_bot(game_name, kind, seed)
    from core.registry import make_ai
    return make_ai(game_name, kind, seed)


class SeatPlan:
    """The seat set-up being edited: player count, which seat is ours, each seat's kind.
    AI seats start at the stored AI level `ai_level` (1-4, see stored_level)."""

    def __init__(self, game_name, players, counts, link=None, ai_level=None):
        self.game = game_name
        self.counts = counts            # allowed player counts
        self.levels = ai_levels(game_name)
        self.ai_level = ai_level
        self.link = link
        self.human = 0
        self.kinds = []
        self.set_players(players)

    def set_players(self, n):
        self.n = n
        while len(self.kinds) < n:
            self.kinds.append(stored_level(self.game, self.ai_level, self.levels))
        del self.kinds[n:]
        if self.human >= n:
            self.human = 0
        self.kinds[self.human] = HUMAN

    def choices(self):
        out = list(self.levels)
        if self.link is not None:
            out.append(LINK)
        return out

    def cycle(self, seat, delta):
        """Next kind for an AI/linked seat; the human seat moves with set_human()."""
        if seat == self.human:
            return
        ch = self.choices()
        k = ch.index(self.kinds[seat]) if self.kinds[seat] in ch else 0
        self.kinds[seat] = ch[(k + delta) % len(ch)]

    def set_human(self, seat):
        old = self.human
        self.kinds[old] = self.kinds[seat] if seat != old else HUMAN
        self.human = seat
        self.kinds[seat] = HUMAN

    def names(self):
        return ["You" if k == HUMAN else NAMES[s] for s, k in enumerate(self.kinds)]

    def kind_label(self, seat):
        k = self.kinds[seat]
        if k == HUMAN:
            return "you"
        if k == LINK:
            return "linked unit"
        if k in BASELINE:
            return "bot " + k
        return "AI " + k
