"""Sealed choices whose reveal the rules defer (core/link/sealed.py): Reds' hidden bids,
"revealed at the end of the round" (reds.md Variants; issue #15 item 12).

The game says so with four hooks: `defer_reveal(seat)` (the stand-in action to apply now,
or None to reveal at once), `sealed_index(seat)` (where a still-sealed choice was made, or
-1), `sealed_choices(seat)` (what it may be revealed as) and `revealing()` (the reveal
phase: its movers are the sealed seats).  Once every seal of a round is in, each unit
applies the stand-ins in seat order and keeps the seals here; no choice goes on the wire.
At the game's reveal the round is opened with the seals held (each checked at the index it
was made) and applied as any sealed round's.  A unit that lacks a held seal (restarted,
resynced) asks with SEALREQ and gets copies of its own (opened with its flash secret;
VOID when it cannot) and the owners' own seals; a held seal that changes is refused and
reported; a seat handed to the AI after its unit sealed is decided by the host's AI at the
reveal (every unit reports it).  The unit that sealed a choice shows it to its seat
(`game.note_sealed`): its table's "your bid", and a host's AI seat plays knowing its own
bid and no other.

Its own module, made only for games with these hooks, so the other games' links do not
carry its code (three units compiled from source in one test process are tight).
"""
from core.clock import ticks_diff
from core.link import messages as M
from core.link.commit import seal as seal_digest, seal_nonce

_ASK_MS = 1000          # (sealed.RESEAL_MS) asks again for a held seal we lack


class DeferredReveals:
    """The held seals of one Lockstep `ls` (whose game defers reveals)."""

    def __init__(self, ls):
        self.ls = ls
        self.held = {}          # seat -> (index, digest, (action, nonce) or None, sealer)
        self.last_ask = None

    def defer(self, movers):
        """Every seal is in: if the game defers these reveals, apply its stand-ins (seat
        order) and keep the seals for the reveal.  False: reveal now."""
        ls = self.ls
        g = ls.game
        order = sorted(movers)
        acts = [g.defer_reveal(s) for s in order]
        if None in acts:
            return False
        k = ls._round_at
        self.hold_round()
        ls._reset_round()
        for i in range(len(order)):
            why = ls._apply(order[i], acts[i], 0)
            if why is not None:
                ls._reject(ls.session.owner(order[i]), k + i, order[i], acts[i], why)
                return True
        self.note()
        ls._drain()
        return True

    def hold_round(self):
        """Keep the open round's seals (and our choices) for the game's later reveal."""
        ls = self.ls
        k = ls._round_at
        for s in ls._seals:
            self.held[s] = (ls._seal_at.get(s, k), ls._seals[s], ls._mine.get(s),
                            ls.session.owner(s))

    def settled(self, k):
        """The open round (at `k`) was settled from a log: keep its seals if the game
        applied stand-ins there."""
        g = self.ls.game
        if g.sealed_index(g.history[k][0]) == k:
            self.hold_round()

    def live(self, seat, game=None):
        """The seal held for `seat` if the game (ours, or the app's copy a little behind
        it) still has its choice sealed, else None."""
        h = self.held.get(seat)
        if h is None or (game or self.ls.game).sealed_index(seat) != h[0]:
            return None
        return h

    def handed(self, seat):
        """True when `seat`'s held seal was made by a unit that no longer plays it (its
        seat was handed to the AI): nobody can open it."""
        h = self.live(seat)
        return h is not None and h[3] != self.ls.session.owner(seat)

    def report_handed(self, seat):
        self.ls._report("seat %d was handed to the AI after sealing: the host's AI decides "
                        "its sealed choice" % seat)

    def own_sealed(self, seat, game=None):
        """The choice this unit sealed for `seat` whose reveal is deferred, or None."""
        h = self.live(seat, game)
        if h is None or h[2] is None or h[2][0] == M.VOID:
            return None
        return h[2][0]

    def note(self):
        """Our seats' sealed choices shown to those seats (game.note_sealed)."""
        f = getattr(self.ls.game, "note_sealed", None)
        if f is not None:
            for s in self.held:
                if self.held[s][2] is not None:     # ours (every poll: keep it cheap)
                    a = self.own_sealed(s)
                    if a is not None:
                        f(s, a)

    def on_seal(self, src, index, seat, digest):
        """A seal of a choice the game holds sealed (from its owner: a resend, or an
        answer to our SEALREQ after a restart or a resync)."""
        ls = self.ls
        if (not 0 <= seat < len(ls.session.seats) or ls.session.owner(seat) != src or
                ls.game.sealed_index(seat) != index):
            return                          # an old round's seal: nothing to do
        h = self.live(seat)
        if h is not None:
            if h[1] != digest and seat not in ls._refused:
                ls._refused.append(seat)
                ls._report("unit %d changed its sealed choice (seat %d) after the round "
                           "went on: refused" % (src, seat))
            return
        self.held[seat] = (index, digest, None, src)
        self.open()

    def open(self):
        """The game reveals its sealed choices now: open the round with the held seals
        (ours are revealed as in any round); ask for the seals we lack."""
        ls = self.ls
        if not ls._revealing() or ls._rebuilding:
            return
        k = ls.n()
        if ls._round_at != k:
            ls._reset_round()
            ls._round_at = k
        host = ls._is_host()
        changed = False
        missing = False
        for s in ls.game.to_move():
            if s in ls._seals:
                if host and s not in ls._unseals and self.handed(s):
                    self.ai_reveal(s)       # handed to the AI since the round began
                    changed = True
                continue
            h = self.live(s)
            if h is None:
                missing = True
                continue
            ls._seals[s] = h[1]
            ls._seal_at[s] = h[0]
            if h[2] is not None:
                ls._mine[s] = h[2]
                if ls._opened:
                    a = h[2][0]
                    ls._send_unseal(s)
                    if a == M.VOID:
                        ls._voided(s)
                    else:
                        ls._unseals[s] = a
            elif host and self.handed(s):
                self.ai_reveal(s)
            changed = True
        now = ls._clock()
        if missing and (self.last_ask is None or ticks_diff(now, self.last_ask) >= _ASK_MS):
            self.last_ask = now
            ls._bcast(M.encode_simple(ls._buf, M.SEALREQ, ls._sid()))
        if changed:
            ls._advance()

    def ai_reveal(self, seat):
        """Host: the AI's choice revealed for a seat handed to it after its unit sealed."""
        ls = self.ls
        g = ls.game
        a = ls.ai(g, seat) if ls.ai is not None else None
        if a is None or g.check(seat, a) is not None:
            a = g.legal_actions(seat)[0]
        ls._subst[seat] = a
        ls._unseals[seat] = a
        ls._send_unseal(seat)
        self.report_handed(seat)

    def recover(self, index, seat, digest):
        """A copy of our own seal of a choice the game holds sealed: open it with our
        nonce among the game's sealed choices (False: our secret cannot open it)."""
        ls = self.ls
        g = ls.game
        if g.sealed_index(seat) != index:
            return True                     # not a choice the game holds sealed
        h = self.live(seat)
        if h is not None and h[2] is not None:
            return True                     # ours already
        sid = ls._sid()
        nonce = seal_nonce(ls._key(), sid, index, seat)
        for a in g.sealed_choices(seat):
            if seal_digest(sid, index, seat, a, nonce) == digest:
                self.held[seat] = (index, digest, (a, nonce), ls._me())
                ls.recovered += 1
                ls._recover_at = None
                ls._unopened.pop(seat, None)
                self.note()
                self.open()
                return True
        return False

    def void(self, index, seat, digest):
        """A held seal of ours that our secret cannot open (the flash lost it): VOID at
        the reveal.  False when it is not a choice the game holds sealed."""
        if self.ls.game.sealed_index(seat) != index:
            return False
        self.held[seat] = (index, digest, (M.VOID, b"\x00" * 8), self.ls._me())
        self.open()
        return True

    def send_held(self, src):
        """Unit `src` asked (SEALREQ): copies of its held seals, and our own."""
        ls = self.ls
        for s in self.held:
            h = self.live(s)
            if h is not None and s not in ls._seals:
                own = ls.session.owner(s) == src
                if own or ls.mine(s):
                    n = M.encode_seal(ls._buf, ls._sid(), h[0], s, h[1], own)
                    ls._send(src, ls._buf, n, True, False)
