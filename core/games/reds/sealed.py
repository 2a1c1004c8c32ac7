"""Reds' hidden bids kept sealed until the reveal, in a linked game (issue #15 item 12).

reds.md Variants: with hidden bids "bids are revealed at the end of the round".  The link
(core/link/deferred.py) applies "bid:sealed" (core.games.reds.rules.BID_SEALED) for every seat once
every seal is in; after the last trick the round waits in the `reveal` phase, where each
sealed seat applies its real bid, and is then scored as a round bid openly.  The engine
keeps the state (`sealed`, `noted`, `sealed_from`) and the phase; this module holds the
rest, loaded only when a linked game starts (Reds.prepare_link) or a sealed action is
applied (a linked record replayed): a game against the AI never holds this code.
"""
from core.games.reds.defs import BID, BID_BASE, BID_SEALED, MAX_BID, REVEAL


def apply_sealed(g, seat, action):
    """Reds._apply for "bid:sealed" in the hidden bidding and for a bid in the reveal."""
    if g.phase == REVEAL:
        g.bids[seat] = action - BID_BASE
        g.sealed[seat] = 0
        g.noted[seat] = 0
        for s in range(g.n_players):
            if g.sealed[s]:
                return
        g._end_round()
        return
    if g.sealed_from < 0:
        g.sealed_from = len(g.history)      # Game.apply appends after _apply
    g.sealed[seat] = 1
    g._bid(seat, 0)


def defer_reveal(self, seat):
    """The action that stands for `seat`'s sealed choice until the rules reveal it, or
    None when a sealed choice is revealed at once: hidden bids are revealed at the end of
    the round (reds.md Variants), so the link applies BID_SEALED now."""
    if self.hidden and self.phase == BID and seat in self.to_move():
        return BID_SEALED
    return None


def sealed_index(self, seat):
    """History index of the round's first sealed bid (where the link committed every
    seat's bid in one simultaneous round) if `seat`'s bid is sealed, else -1."""
    return self.sealed_from if self.sealed[seat] else -1


def sealed_choices(self, seat):
    """Every action a sealed bid may be revealed as."""
    return [BID_BASE + b for b in range(MAX_BID + 1)]


def revealing(self):
    """True in the reveal phase: the sealed seats open their bids, nobody decides."""
    return self.phase == REVEAL


def note_sealed(self, seat, action):
    """This unit sealed `action` as `seat`'s bid (its player, or its AI seat): only
    `seat`'s observation shows it (T-3: you know what you wrote down).  Local, never in
    the history or the public events.  True when it changed what the seat sees."""
    if not (0 <= seat < self.n_players and self.sealed[seat] and
            BID_BASE <= action <= BID_BASE + MAX_BID):
        return False
    v = action - BID_BASE + 1
    if self.noted[seat] == v:
        return False
    self.noted[seat] = v
    return True


def attach(cls):
    """The link's hooks (core/link/deferred.py) as methods of `cls`."""
    cls.defer_reveal = defer_reveal
    cls.sealed_index = sealed_index
    cls.sealed_choices = sealed_choices
    cls.revealing = revealing
    cls.note_sealed = note_sealed
