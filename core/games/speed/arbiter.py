"""The one arbiter that orders Speed's simultaneous plays (ruling SP-9).

Both seats send their actions here; the arbiter applies them to the game strictly in
arrival order.  Two plays onto the same pile at the same instant: the first to arrive is
applied, the second is checked against the pile as the first left it and, no longer
fitting, is rejected; its card never left the hand.  The rejected seat is told why.

Time stamps are the arbiter's: an action stamped earlier than the last applied one (a
slow link) is applied at the last applied time, because arrival order is the order of
play.  A sender may name the round it meant, so that a play meant for a finished round is
never applied to the next deal.  This is the piece the linked two-unit game runs on the
unit that holds the authoritative state.
"""
from core.game import IllegalAction

REFUSED = "refused"         # submit(explain=False)'s reason


class SpeedArbiter:
    def __init__(self, game):
        self.game = game
        self.accepted = 0
        self.rejected = 0
        self.last_reason = [None, None]   # per seat: why its last action was refused
        # A list to note the refused plays in, for a record (core/record_json.py): entries
        # (actions applied before, t, seat, action, why).  None on the device.
        self.refusals = None

    def submit(self, t_ms, seat, action, round_no=0, explain=True):
        """Apply `action` if legal now; None when accepted, else the reason (a string).

        `round_no` 0 means "the current round".  `explain` False (a bot, which only needs
        to know it was refused): the reason is REFUSED, so that the refusal texts
        (core/games/speed/why.py) are not loaded for the races a bot loses every round."""
        game = self.game
        if round_no and round_no != game.round_no:
            why = "that action was meant for round %d; round %d is being played" % (
                round_no, game.round_no)
        else:
            t = t_ms
            if isinstance(t_ms, int) and 0 <= t_ms < game.now:
                t = game.now
            if not explain and not game.legal_at(t, seat, action):
                self.rejected += 1
                return REFUSED
            try:
                game.apply_at(t, seat, action)
                self.accepted += 1
                return None
            except IllegalAction as exc:
                why = str(exc)
                if self.refusals is not None:
                    self.refusals.append((game.actions_dropped + len(game.timed_history),
                                          t, seat, action, why))
        self.rejected += 1
        if seat == 0 or seat == 1:
            self.last_reason[seat] = why
        return why
