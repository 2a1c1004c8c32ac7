"""Speed over the link (games with `apply_at`): the host's arbiter and the ready gate.

* A non-host unit sends SPLAY (with the round it was made in) to the host, which is the
  one arbiter; the host applies plays in arrival order and broadcasts TACTION, or answers
  SREJECT, on which the player's unit takes its tentative play back (`tentative`,
  `pending(seat)`, `taken`, `cue`).  Plays still waiting for an answer when the host
  restarts (its SEALREQ) are taken back too.
* The ready gate: a unit whose player reads a results page between rounds says so
  (`use_ready_gate()`: READY for round 0), then READY(round) when its player is back at
  the table (`ready(round)`).  The host starts a round (broadcasts READY with `go`) when
  every participating unit that uses the gate is ready for it; AI seats and units that do
  not use the gate (tools, bots) are always ready.  Until then, and for COUNT_MS after
  (the shared "3-2-1"), nobody plays: the host's arbiter refuses plays, its AI waits, and
  a round's time stamps count from the end of the countdown.  A unit re-sends its READY
  every RESEAL_MS until the round starts, and the host answers a READY for a round already
  started with its `go` again (a unit that restarted), so a lost frame, a pulled cable or
  a restart cannot leave a round waiting forever.

`SpeedLink` is a mixin of `Lockstep` (core/link/lockstep.py): its state lives on the
Lockstep object, and it uses the Lockstep's helpers (`_sid`, `_me`, `_is_host`, `n`, `_base`,
`_apply`, `_after_apply`, `_drain`, `_bcast`, `_send`, `_clock`, `_rebuilding`); its
state is made in `Lockstep.__init__`, and a restarted host's rebuild sets its clock.
"""
from micropython import const

from core.clock import ticks_add, ticks_diff
from core.link import messages as M
from core.link.net import BROADCAST
from core.link.sealed import RESEAL_MS

COUNT_MS = const(1800)          # the shared countdown (3-2-1) before a round


class SpeedLink:
    """Speed's timed plays (one arbiter on the host) and its ready gate."""

    # -- one arbiter on the host ----------------------------------------------------------
    def _now_t(self):
        now = self._clock()
        if self._gated and self._go == self.game.round_no:
            t = ticks_diff(now, self._go_at) - COUNT_MS     # from the end of the countdown
            return t if t > 0 else 0
        return ticks_diff(now, self._t0) & 0x3FFFFFFF

    def _play_timed(self, seat, action):
        if self.round_gate() >= 0:
            return "round %d has not started" % self.game.round_no
        if self._is_host():
            return self._arbitrate(self._me(), 0, seat, action)
        self._req = (self._req + 1) & 0xFF
        self.tentative.append((self._req, seat, action))
        self.tentative_rev += 1
        self.cue = None
        self._splays[self._req] = (self._now_t(), getattr(self.game, "round_no", 0))
        self._send_splay(self._req, seat, action)
        return None

    def _send_splay(self, req, seat, action):
        t, rnd = self._splays.get(req, (0, 0))
        n = M.encode_splay(self._buf, self._sid(), req, seat, action, t, rnd)
        self._send(self.session.host, self._buf, n, True, False)
        self._splay_at = self._clock()

    def _splay_poll(self):
        """A play the host has not answered for RESEAL_MS is asked again (the same req:
        the host answers a repeat with what it decided).  A channel that started afresh
        after damaged frames (channel.py) may have lost the play or its answer."""
        if self.tentative and ticks_diff(self._clock(), self._splay_at) >= RESEAL_MS:
            r, seat, action = self.tentative[0]
            self._send_splay(r, seat, action)

    def pending(self, seat):
        """Speed: the plays of `seat` shown at once and not yet answered by the host."""
        return [a for r, s, a in self.tentative if s == seat]

    def _arbitrate(self, src, req, seat, action, rnd=0):
        """Host: plays are taken in arrival order (ruling SP-9), by the game's arbiter
        (core/games/speed/arbiter.py) when it has one.  `rnd`: the round the play was made in
        (mod 256; 0 = the current one): a play from a round that has ended is refused,
        never applied to the next deal."""
        g = self.game
        k = self.n()
        cur = getattr(g, "round_no", 0)
        for e in self._arbitrated:
            if e[0] == src and e[1] == req and e[2] == seat and e[3] == action and src != self._me():
                self._answer_again(src, e)      # a repeat: the same answer
                return e[5]
        if self._rebuilding:
            why = "the host is rejoining"
        elif rnd and rnd != cur & 0xFF:
            why = "round %d is over" % rnd
        elif self.round_gate() >= 0:
            why = "round %d has not started" % cur
        elif not 0 <= seat < len(self.session.seats) or self.session.owner(seat) != src:
            why = "unit %d does not play seat %d" % (src, seat)
        elif self._arbiter is not None:
            why = self._arbiter.submit(self._now_t(), seat, action)
            if why is None:
                self._after_apply()
        else:
            t = max(self._now_t(), getattr(g, "now", 0))
            why = self._apply(seat, action, t)
        if src != self._me():
            self._arbitrated.append((src, req, seat, action, k if why is None else -1, why))
            if len(self._arbitrated) > 8:
                self._arbitrated.pop(0)
        if why is None:
            t = g.timed_history[-1][0]
            n = M.encode_taction(self._buf, self._sid(), k, seat, action, t, req)
            self._bcast(n)
            self._drain()
            return None
        if src != self._me():
            n = M.encode_sreject(self._buf, self._sid(), req, seat, action, why)
            self._send(src, self._buf, n, True, False)
        return why

    def _answer_again(self, src, e):
        _, req, seat, action, k, why = e
        if k >= 0:
            hist = self.game.timed_history
            j = k - self._base()            # Speed holds the current round's actions only
            if not 0 <= j < len(hist):
                return
            n = M.encode_taction(self._buf, self._sid(), k, seat, action, hist[j][0], req)
        else:
            n = M.encode_sreject(self._buf, self._sid(), req, seat, action, why)
        self._send(src, self._buf, n, True, False)

    def _confirm(self, seat, action, req, taken_back, why):
        for i in range(len(self.tentative)):
            r, s, a = self.tentative[i]
            if r == req and s == seat and a == action:
                self.tentative.pop(i)
                self._splays.pop(r, None)
                self.tentative_rev += 1
                if taken_back:
                    self.cue = "%s taken back: %s" % (self.game.action_label(action), why)
                    if len(self.taken) < 4:
                        self.taken.append((seat, action, why))
                return

    # -- every player ready before a round -----------------------------------------------
    def use_ready_gate(self):
        """This unit's player says when they are ready for each round (the app: back at
        the table after the rules or a round's results); the host waits for them."""
        self._gate = True
        self._said = -1
        self.ready(0)

    def ready(self, rnd):
        """This unit's player is ready for round `rnd` (0: not for any yet)."""
        if rnd <= self._said:
            return
        self._said = rnd
        if self._is_host():
            self._on_ready(self._me(), rnd)
        else:
            self._send_ready(False)

    def _send_ready(self, droppable):
        n = M.encode_ready(self._buf, self._sid(), self._said if self._said > 0 else 0)
        self._send(self.session.host, self._buf, n, True, droppable)
        self._last_ready = self._clock()

    def _send_go(self, dst):
        el = ticks_diff(self._clock(), self._go_at)
        n = M.encode_ready(self._buf, self._sid(), self._go, True, el)
        if dst == BROADCAST:
            self._bcast(n)
        else:
            self._send(dst, self._buf, n, True, False)

    def _on_ready(self, src, rnd):
        """Host: unit `src` is ready for round `rnd`."""
        if src not in self.session.participants():
            return
        old = self._gated.get(src, 0)
        self._gated[src] = rnd if rnd > old else old
        g = self.game
        if src != self._me() and rnd and rnd == self._go == g.round_no:
            self._send_go(src)              # it missed the go (restarted): here it is again
        self._check_go()

    def _on_go(self, src, rnd, elapsed):
        """The host started round `rnd` `elapsed` ms ago; a repeat changes nothing."""
        if src != self.session.host or rnd <= self._go:
            return
        self._go = rnd
        self._go_at = ticks_add(self._clock(), -elapsed)

    def _check_go(self):
        """Host: start the current round when every unit that uses the gate is ready."""
        g = self.game
        if not self._gated or g.is_over() or self._rebuilding:
            return
        cur = g.round_no
        if self._go == cur:
            return
        for p in self.session.participants():
            r = self._gated.get(p)
            if r is not None and r < cur:
                return
        self._go = cur
        self._go_at = self._clock()
        self._send_go(BROADCAST)

    def round_gate(self):
        """Speed's ready gate: -1 while the current round may be played (or no gate is in
        use), 0 while a unit is not ready yet, else the ms left of the countdown."""
        if not self.timed:
            return -1
        if not (self._gated if self._is_host() else self._gate) or self.game.is_over():
            return -1
        if self._go != self.game.round_no:
            return 0
        left = COUNT_MS - ticks_diff(self._clock(), self._go_at)
        return left if left > 0 else -1

    def waiting_seats(self):
        """Speed's ready gate: the seats of the other units a round waits for (the host
        knows who has said ready; another unit lists every other unit's seat)."""
        s = self.session
        me = self._me()
        host = self._is_host()
        cur = self.game.round_no
        out = []
        for seat in range(len(s.seats)):
            o = s.seats[seat]
            if o == 0 or o == me:
                continue
            if host:
                r = self._gated.get(o)
                if r is None or r >= cur:
                    continue
            out.append(seat)
        return out
