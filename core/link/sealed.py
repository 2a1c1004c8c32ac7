"""Sealed simultaneous rounds of the lockstep (core/link/lockstep.py): SEAL, UNSEAL,
SEALREQ and VOID.

* Several seats at once (Speed Run contracts, Reds exchanges), or a decision the game calls
  sealed (`game.sealed_decision(seat)`, e.g. the contract under a Redo): each owner
  broadcasts SEAL(n, seat, SHA-256(sid, n, seat, action, nonce)); a unit that holds every
  mover's seal broadcasts UNSEAL(action, nonce) for its own seats; when every unseal checks
  against its seal, the actions are applied in seat order.  Nobody learns a choice before
  committing its own, and the order is the same everywhere.  A seal may be replaced only
  before reveals began; a changed seal after that is refused and reported, always.
* The nonce is derived, not drawn: commit.seal_nonce(secret, sid, n, seat), where the
  secret is this unit's 16 bytes kept in flash (core/boot.py; never sent).  A unit switched
  off and on after sealing rejoins (the host's log) and broadcasts SEALREQ; every unit
  that holds a seal of a seat this unit owns in its open round sends it back (SEAL marked
  `copy`) and re-sends its own seals.  The restarted unit computes its nonce again, tries
  each of the seat's legal actions until one opens the digest, and restores that as its
  decision (`decided(seat)`: its player is not asked again), then reveals as usual.  Until
  RECOVER_REQS requests had their time (the link up) it holds its seat in a sealed round
  as decided.  A unit whose secret changed (its flash lost it) cannot open its seal: it
  reveals VOID instead, every unit reports it, and the host's AI decides that seat for
  this round (UNSEAL from the host; the first legal action when the host has no AI).
* A reveal the rules defer (`game.defer_reveal(seat)`: Reds' hidden bids, revealed at the
  end of the round): once every seal is in, each unit applies the game's stand-in action
  for every mover (seat order) instead of revealing, and keeps the seals (`_held`); when
  the game reaches its reveal (`game.revealing()`) the movers are the sealed seats, and
  the round is opened as above with the seals held (each checked at the index it was
  made, `game.sealed_index(seat)`).  No choice is on the wire before that.  A unit that
  lacks a held seal (restarted, resynced) gets it back with SEALREQ like an open round's:
  copies of its own (opened with `game.sealed_choices(seat)`), the owners' own seals.
  The unit that sealed a choice shows it to its seat (`game.note_sealed`).  A seat handed
  to the AI after its unit sealed (gone for good): nobody can open that seal; at the
  reveal the host's AI decides it (UNSEAL from the host), and every unit reports it.

`SealedRounds` is a mixin of `Lockstep`: its state lives on the Lockstep object, and it uses
the Lockstep's helpers (`_sid`, `_me`, `_is_host`, `mine`, `n`, `_apply`, `_drain`,
`_reject`, `_ask_sync`, `_bcast`, `_send`, `_clock`, `_report`); its state is made
in `Lockstep.__init__`.
"""
from micropython import const

from core.clock import ticks_diff
from core.link import messages as M
from core.link.commit import seal as seal_digest, seal_nonce
from core.link.net import BROADCAST

RESEAL_MS = const(1000)
RECOVER_REQS = const(2)         # SEALREQs a restarted unit sends, RESEAL_MS apart


class SealedRounds:
    """Sealed simultaneous decisions and their recovery after a restart."""

    def _sealing(self):
        g = self.game
        if g.is_over():
            return False
        if self._revealing():
            return True
        movers = g.to_move()
        if len(movers) > 1:
            return True
        f = getattr(g, "sealed_decision", None)
        return bool(movers) and f is not None and f(movers[0])

    def decided(self, seat):
        """True when `seat` has sealed its choice in the current simultaneous round (or,
        just after a restart, while this unit asks the others for the seal it made)."""
        if seat in self._mine or (self._revealing() and self.mine(seat)):
            return True     # a deferred reveal opens the held seal: never asked again
        return (self._recover_at is not None and self.mine(seat) and self._sealing() and
                seat in self.game.to_move())

    def _key(self):
        if self._secret is None:
            self._secret = self._entropy(16)    # no secret in flash: this run only
        return self._secret

    # -- sealed rounds --------------------------------------------------------------------
    def _reset_round(self):
        self._round_at = -1
        self._seals = {}
        self._unseals = {}
        self._mine = {}
        self._opened = False
        self._last_reseal = None
        self._refused = []      # seats whose changed seal was refused (reported once)
        self._void = {}         # seat -> True: its owner cannot open its seal
        self._stash = {}        # seat -> the host's choice for it, before the owner's VOID
        self._subst = {}        # host: seat -> the AI's choice for a VOID seat
        self._seal_at = {}      # seat -> the index its held seal was made at (a reveal)

    def _send_seal(self, seat, dst=BROADCAST, copy=False):
        k = self._seal_at.get(seat, self._round_at)
        n = M.encode_seal(self._buf, self._sid(), k, seat, self._seals[seat], copy)
        self._send(dst, self._buf, n, True, False)
        if not copy:
            self._last_reseal = self._clock()

    def _send_unseal(self, seat, dst=BROADCAST):
        if seat in self._subst:
            action, nonce = self._subst[seat], b"\x00" * 8
        else:
            action, nonce = self._mine[seat]
        n = M.encode_unseal(self._buf, self._sid(), self._round_at, seat, action, nonce)
        self._send(dst, self._buf, n, True, False)

    def _on_seal(self, src, index, seat, digest, copy=False):
        if copy:
            self._on_copy(index, seat, digest)
            return
        if index < self.n() or (index == self.n() and self._revealing()):
            self._on_held_seal(src, index, seat, digest)
            return
        if index != self.n() or not self._sealing():
            if index > self.n():
                self._ask_sync(src, False)
            return
        if seat not in self.game.to_move() or self.session.owner(seat) != src:
            self._reject(src, index, seat, "seal", "unit %d cannot seal seat %d now" % (src, seat))
            return
        old = self._seals.get(seat)
        if old is not None and old != digest:
            if self._opened or seat in self._unseals:
                if seat not in self._refused:
                    self._refused.append(seat)
                    self._report("unit %d changed its sealed choice (seat %d) after reveals "
                                 "began: refused" % (src, seat))
                return
        self._round_at = index
        self._seals[seat] = digest
        self._advance()

    def _on_unseal(self, src, index, seat, action, nonce):
        if index != self.n() or self._round_at != index or seat in self._unseals:
            return
        d = self._seals.get(seat)
        if d is None:
            return
        host = self.session.host
        owner = self.session.owner(seat)
        if action == M.VOID:
            if src == owner:
                self._voided(seat)
                self._advance()
            return
        if seal_digest(self._sid(), self._seal_at.get(seat, index), seat, action, nonce) == d:
            self._unseals[seat] = action
        elif src == host and self._handed(seat):
            self._unseals[seat] = action
            self._report_handed(seat)
        elif src == host and owner != host:
            # the host's AI decides a seat whose owner cannot open its seal; only after
            # that owner said so (its VOID may still be on its way here)
            if seat not in self._void:
                self._stash[seat] = action
                return
            self._unseals[seat] = action
        else:
            self._reject(src, index, seat, action, "reveal does not match the sealed choice")
            return
        self._advance()

    def _voided(self, seat):
        """The owner of `seat` cannot open its seal (its secret changed: restarted with its
        flash lost): the host's AI decides the seat for this round."""
        if seat in self._void:
            return
        self._void[seat] = True
        self._report("unit %d lost the key to its sealed choice (seat %d): the host's AI "
                     "decides it" % (self.session.owner(seat), seat))
        if self._is_host():
            g = self.game
            a = None
            if self.ai is not None:
                a = self.ai(g, seat)
            if a is None or g.check(seat, a) is not None:
                a = g.legal_actions(seat)[0]
            self._subst[seat] = a
            self._unseals[seat] = a
            self._send_unseal(seat)
        elif seat in self._stash:
            self._unseals[seat] = self._stash.pop(seat)

    def _advance(self):
        movers = self.game.to_move()
        for s in movers:
            if s not in self._seals:
                return
        if not self._opened and self._defer(movers):
            return
        if not self._opened:
            self._opened = True
            for s in self._mine:
                a = self._mine[s][0]
                self._send_unseal(s)
                if a == M.VOID:
                    self._voided(s)
                else:
                    self._unseals[s] = a
        for s in movers:
            if s not in self._unseals:
                return
        k = self._round_at
        order = sorted(movers)
        owners = [self.session.owner(s) for s in order]
        acts = [self._unseals[s] for s in order]
        self._reset_round()
        for i in range(len(order)):
            why = self._apply(order[i], acts[i], 0)
            if why is not None:
                self._reject(owners[i], k + i, order[i], acts[i], why)
                return
        self._drain()

    # -- reveals the rules defer ----------------------------------------------------------
    def _revealing(self):
        f = getattr(self.game, "revealing", None)
        return f is not None and not self.game.is_over() and f()

    def _defer(self, movers):
        """Every seal is in: if the game defers these reveals, apply its stand-ins (seat
        order) and keep the seals for the reveal.  False: reveal now."""
        g = self.game
        f = getattr(g, "defer_reveal", None)
        if f is None:
            return False
        order = sorted(movers)
        acts = [f(s) for s in order]
        if None in acts:
            return False
        k = self._round_at
        self._hold_round()
        self._reset_round()
        for i in range(len(order)):
            why = self._apply(order[i], acts[i], 0)
            if why is not None:
                self._reject(self.session.owner(order[i]), k + i, order[i], acts[i], why)
                return True
        self._note_held()
        self._drain()
        return True

    def _hold_round(self):
        """Keep the open round's seals (and our choices) for the game's later reveal."""
        k = self._round_at
        for s in self._seals:
            self._held[s] = (self._seal_at.get(s, k), self._seals[s], self._mine.get(s),
                             self.session.owner(s))

    def _held_live(self, seat, game=None):
        """The seal held for `seat` if the game (ours, or the app's copy a little behind
        it) still has its choice sealed, else None."""
        h = self._held.get(seat)
        f = getattr(game or self.game, "sealed_index", None)
        if h is None or f is None or f(seat) != h[0]:
            return None
        return h

    def _handed(self, seat):
        """True when `seat`'s held seal was made by a unit that no longer plays it (its
        seat was handed to the AI): nobody can open it."""
        h = self._held_live(seat)
        return h is not None and h[3] != self.session.owner(seat)

    def _report_handed(self, seat):
        self._report("seat %d was handed to the AI after sealing: the host's AI decides "
                     "its sealed choice" % seat)

    def own_sealed(self, seat, game=None):
        """The choice this unit sealed for `seat` whose reveal is deferred (in `game`, by
        default ours), or None."""
        h = self._held_live(seat, game)
        if h is None or h[2] is None or h[2][0] == M.VOID:
            return None
        return h[2][0]

    def _note_held(self):
        """Our seats' sealed choices shown to those seats (game.note_sealed)."""
        f = getattr(self.game, "note_sealed", None)
        if f is not None:
            for s in self._held:
                if self._held[s][2] is not None:    # ours (every poll: keep it cheap)
                    a = self.own_sealed(s)
                    if a is not None:
                        f(s, a)

    def _on_held_seal(self, src, index, seat, digest):
        """A seal of a choice the game holds sealed (from its owner: a resend, or an
        answer to our SEALREQ after a restart or a resync)."""
        g = self.game
        f = getattr(g, "sealed_index", None)
        if (f is None or not 0 <= seat < len(self.session.seats) or
                self.session.owner(seat) != src or f(seat) != index):
            return                          # an old round's seal: nothing to do
        h = self._held_live(seat)
        if h is not None:
            if h[1] != digest and seat not in self._refused:
                self._refused.append(seat)
                self._report("unit %d changed its sealed choice (seat %d) after the round "
                             "went on: refused" % (src, seat))
            return
        self._held[seat] = (index, digest, None, src)
        self._open_deferred()

    def _open_deferred(self):
        """The game reveals its sealed choices now: open the round with the held seals
        (ours are revealed as in any round); ask for the seals we lack."""
        if not self._revealing() or self._rebuilding:
            return
        k = self.n()
        if self._round_at != k:
            self._reset_round()
            self._round_at = k
        g = self.game
        changed = False
        missing = False
        for s in g.to_move():
            if s in self._seals:
                if self._is_host() and s not in self._unseals and self._handed(s):
                    self._ai_reveal(s)      # handed to the AI since the round began
                    changed = True
                continue
            h = self._held_live(s)
            if h is None:
                missing = True
                continue
            self._seals[s] = h[1]
            self._seal_at[s] = h[0]
            if h[2] is not None:
                self._mine[s] = h[2]
                if self._opened:
                    a = h[2][0]
                    self._send_unseal(s)
                    if a == M.VOID:
                        self._voided(s)
                    else:
                        self._unseals[s] = a
            elif self._is_host() and self._handed(s):
                self._ai_reveal(s)
            changed = True
        if missing and (self._last_ask is None or
                        ticks_diff(self._clock(), self._last_ask) >= RESEAL_MS):
            self._last_ask = self._clock()
            self._bcast(M.encode_simple(self._buf, M.SEALREQ, self._sid()))
        if changed:
            self._advance()

    def _ai_reveal(self, seat):
        """Host: the AI's choice revealed for a seat handed to it after its unit sealed."""
        g = self.game
        a = self.ai(g, seat) if self.ai is not None else None
        if a is None or g.check(seat, a) is not None:
            a = g.legal_actions(seat)[0]
        self._subst[seat] = a
        self._unseals[seat] = a
        self._send_unseal(seat)
        self._report_handed(seat)

    def _recover_held(self, index, seat, digest):
        """A copy of our own seal of a choice the game holds sealed: open it with our
        nonce among the game's sealed choices (False: our secret cannot open it)."""
        g = self.game
        f = getattr(g, "sealed_index", None)
        if f is None or f(seat) != index:
            return True                     # not a choice the game holds sealed
        h = self._held_live(seat)
        if h is not None and h[2] is not None:
            return True                     # ours already
        sid = self._sid()
        nonce = seal_nonce(self._key(), sid, index, seat)
        for a in g.sealed_choices(seat):
            if seal_digest(sid, index, seat, a, nonce) == digest:
                self._held[seat] = (index, digest, (a, nonce), self._me())
                self.recovered += 1
                self._recover_at = None
                self._unopened.pop(seat, None)
                self._note_held()
                self._open_deferred()
                return True
        return False

    # -- a restarted unit recovers its sealed choices -----------------------------------
    def _ask_seals(self):
        n = M.encode_simple(self._buf, M.SEALREQ, self._sid())
        self._bcast(n)
        self._recover -= 1
        self._recover_at = self._clock()

    def _on_sealreq(self, src):
        """Unit `src` restarted: send back the seals we hold for its seats in the open
        round, and ours (with our reveals) so it can catch up at once.  From the host
        (only a restarted host asks): Speed plays still waiting for its answer went down
        with it, and are taken back."""
        if src == self._me():
            return
        if src == self.session.host and self.tentative:
            for r, seat, action in list(self.tentative):
                self._confirm(seat, action, r, True, "the host restarted")
        for s in self._held:
            h = self._held_live(s)
            if h is not None and s not in self._seals:
                own = self.session.owner(s) == src
                if own or self.mine(s):
                    n = M.encode_seal(self._buf, self._sid(), h[0], s, h[1], own)
                    self._send(src, self._buf, n, True, False)
        if self._round_at < 0:
            return
        for s in self._seals:
            if self.session.owner(s) == src:
                self._send_seal(s, src, True)
            elif self.mine(s):
                self._send_seal(s, src)
                if self._opened:
                    self._send_unseal(s, src)
        for s in self._subst:
            self._send_unseal(s, src)

    def _on_copy(self, index, seat, digest):
        """A copy of our own seal for `seat` at `index`, from a unit that holds it."""
        if not self.mine(seat):
            return
        c = self._copies.get(seat)
        if c is None:
            c = self._copies[seat] = []
        if (index, digest) not in c and len(c) < 4:
            c.append((index, digest))
        self._try_recover()

    def _try_recover(self):
        """Open the copies of our seals that are for the current round: the legal action
        whose seal, with our derived nonce, is the digest.  Copies none of our actions
        opens are kept in `_unopened` (VOID once the recovery requests had their time)."""
        k = self.n()
        sealing = self._sealing()
        movers = self.game.to_move() if sealing else ()
        for seat in list(self._copies):
            keep = []
            for index, digest in self._copies[seat]:
                if index > k:
                    keep.append((index, digest))
                elif index == k and seat in movers and not self._revealing():
                    self._open_copy(k, seat, digest)
                elif index < k and not self._recover_held(index, seat, digest):
                    self._unopened[seat] = (index, digest)
            if keep:
                self._copies[seat] = keep
            else:
                del self._copies[seat]

    def _open_copy(self, k, seat, digest):
        mine = self._mine.get(seat)
        if mine is not None and seal_digest(self._sid(), k, seat, mine[0], mine[1]) == digest:
            return                          # the seal we hold already
        sid = self._sid()
        nonce = seal_nonce(self._key(), sid, k, seat)
        for a in self.game.legal_actions(seat):
            if seal_digest(sid, k, seat, a, nonce) == digest:
                # the choice made before the restart; if this unit's player chose again
                # before the copy came, the first choice stands (the others hold it)
                self._mine[seat] = (a, nonce)
                self._seals[seat] = digest
                self._round_at = k
                self._unopened.pop(seat, None)
                self.recovered += 1
                self._recover_at = None
                self._send_seal(seat)
                if self._opened:
                    self._unseals[seat] = a
                    self._send_unseal(seat)
                self._advance()
                return
        if mine is None:
            self._unopened[seat] = (k, digest)

    def _recovery_poll(self, paused):
        if self._copies:
            self._try_recover()
        if self._recover_at is not None and not paused and ticks_diff(
                self._clock(), self._recover_at) >= RESEAL_MS:
            if self._recover > 0:
                self._ask_seals()
            else:
                self._recover_at = None     # asked long enough: nobody holds a seal of ours
        if self._unopened and self._recover_at is None:
            k = self.n()
            sealing = self._sealing()
            for seat in list(self._unopened):
                index, digest = self._unopened.pop(seat)
                f = getattr(self.game, "sealed_index", None)
                if index < k and f is not None and f(seat) == index:
                    # a held seal of ours that our secret cannot open: VOID at the reveal
                    self._held[seat] = (index, digest, (M.VOID, b"\x00" * 8), self._me())
                    self._open_deferred()
                elif index == k and sealing and seat not in self._mine and (
                        seat in self.game.to_move()):
                    # a seal of ours that our secret cannot open (the flash lost it)
                    self._mine[seat] = (M.VOID, b"\x00" * 8)
                    self._seals[seat] = digest
                    self._round_at = k
                    self._send_seal(seat)
                    self._advance()
