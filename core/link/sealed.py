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
* A reveal the rules defer (Reds' hidden bids, revealed at the end of the round): the
  stand-ins are applied once every seal is in, the seals are held, and the round is opened
  at the game's reveal (core/link/deferred.py; `self._dr`, made only for such games).

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
            if self._dr is not None:
                self._dr.on_seal(src, index, seat, digest)
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
        elif src == host and self._dr is not None and self._dr.handed(seat):
            self._unseals[seat] = action
            self._dr.report_handed(seat)
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
        if not self._opened and self._dr is not None and self._dr.defer(movers):
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
        return self._dr is not None and not self.game.is_over() and self.game.revealing()

    def own_sealed(self, seat, game=None):
        """The choice this unit sealed for `seat` whose reveal the game deferred (in
        `game`, by default ours: the app's copy may lag), or None."""
        return None if self._dr is None else self._dr.own_sealed(seat, game)

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
        if self._dr is not None:
            self._dr.send_held(src)
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
                elif (index < k and self._dr is not None and
                      not self._dr.recover(index, seat, digest)):
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
                if index < k and self._dr is not None and self._dr.void(index, seat, digest):
                    pass                    # VOID at the game's reveal
                elif index == k and sealing and seat not in self._mine and (
                        seat in self.game.to_move()):
                    # a seal of ours that our secret cannot open (the flash lost it)
                    self._mine[seat] = (M.VOID, b"\x00" * 8)
                    self._seals[seat] = digest
                    self._round_at = k
                    self._send_seal(seat)
                    self._advance()
