"""The sliced decision driver shared by the trick-taking games' AIs.

A decision is started with `start(obs)` and finished by `step(units)` calls, so the UI and
the link keep running while the device thinks; `choose(obs)` runs one to the end at once.
Decisions made from tables are ready after `start`; card play runs the game's PIMC search.

The search machinery (simulator, sampler, PIMC sums, the game adapter: a few KB) is
shared by every AI seat of a game: a seat borrows it for one search with `_borrow` and
gives it back when the decision is ready, so N AI seats cost about one.  Only an idle
set is handed out: a seat that starts while another seat's search is still running (the
app never does, but a host may) gets a set of its own, so interleaved searches decide
as they would apart.  A seat that starts again, or is dropped, mid-search abandons its
set (the next `start` gives it back; at most one set per seat is ever held).

A subclass provides `self.rng` (core.prng.Prng: per seat, reseeded per decision) and:
    _mix(obs, legal)     the int that reseeds the PRNG for this decision, so a decision
                         depends only on (seed, observation, level)
    _decide(obs, legal)  the action, or -1 after starting the borrowed set's `pimc` on a
                         search
A machinery class has `n` (player count), `sampler` (its `rng` is the borrower's) and
`pimc`, and is made by `cls(n)`.
"""
from micropython import const

from core.bots import legal_of

THINK_UNITS = const(4000)   # card plays per step() when choose() thinks in one go

# The idle search machinery: one set for the game in play, lent to one search at a time.
_idle = None


def drop_idle():
    """Drop the idle machinery.  A game's AI drops it for its decisions before play, and
    `SlicedAI.start` at a hand's last trick (the next card decision makes a new set), so
    that their code and the search's working set
    are never on the heap together (docs/memory.md); tests measuring the heap start from
    nothing."""
    global _idle
    _idle = None


class SlicedAI:
    _action = -1
    _search = None   # the machinery this seat's search holds, between start and decision

    def choose(self, obs):
        self.start(obs)
        while True:
            a = self.step(THINK_UNITS)
            if a is not None:
                return a

    def start(self, obs):
        self._give_back()   # a search of ours still running is abandoned
        legal = legal_of(obs)
        self.rng.seed(self._mix(obs, legal) & 0x3FFFFFFF)
        self._action = -1
        if len(legal) == 1 and len(obs["hand"]) == 1:
            drop_idle()     # a hand's last trick: no search left in it (docs/memory.md)
        self._action = self._decide(obs, legal)
        if self._action >= 0:
            self._give_back()

    def step(self, units):
        """Think for about `units` simulated card plays; the action when decided."""
        if self._action >= 0:
            return self._action
        pimc = self._search.pimc
        if pimc.step(units):
            self._action = pimc.best()
            self._give_back()
            return self._action
        return None

    def _borrow(self, cls, n):
        """The game's search machinery for `n` players, for this seat until it decides:
        the idle set when it fits, else a new one."""
        global _idle
        m = _idle
        if m is not None and type(m) is cls and m.n == n:
            _idle = None
        else:
            m = cls(n)
        m.sampler.rng = self.rng
        self._search = m
        return m

    def _give_back(self):
        global _idle
        if self._search is not None:
            _idle = self._search
            self._search = None
