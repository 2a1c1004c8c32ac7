"""Lockstep game over the link: units exchange decisions, never states.

Every unit holds the same Game (same options, same agreed seed) and applies the same
actions in the same order, each one checked by the rules first (`game.check`): an action
that fails, or that comes from a unit that does not own the seat, is rejected and reported,
never applied.  Action n is valid only when the unit's history has exactly n actions.

* One seat to move: its owner broadcasts ACTION(n, seat, action) and applies it.
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
* Speed (a game with `apply_at`): a non-host unit sends SPLAY (with the round it was made
  in) to the host, which is the one arbiter; the host applies plays in arrival order and
  broadcasts TACTION, or answers SREJECT, on which the player's unit takes its tentative
  play back (`tentative`, `pending(seat)`, `taken`, `cue`).
* Speed's ready gate: a unit whose player reads a results page between rounds says so
  (`use_ready_gate()`: READY for round 0), then READY(round) when its player is back at
  the table (`ready(round)`).  The host starts a round (broadcasts READY with `go`) when
  every participating unit that uses the gate is ready for it; AI seats and units that do
  not use the gate (tools, bots) are always ready.  Until then, and for COUNT_MS after
  (the shared "3-2-1"), nobody plays: the host's arbiter refuses plays, its AI waits, and
  a round's time stamps count from the end of the countdown.  A unit re-sends its READY
  every RESEAL_MS until the round starts, and the host answers a READY for a round already
  started with its `go` again (a unit that restarted), so a lost frame, a pulled cable or
  a restart cannot leave a round waiting forever.
* Every CHECK_EVERY actions (and at the end) each unit hashes the public state into a
  chain (SHA-256 over the new public events and the history length) and broadcasts CHECK;
  a unit whose hash differs from the host's rebuilds from the host's action log.
* A unit that is behind (presence says someone has more actions, or an action arrives
  early) asks for the missing actions with SYNCREQ and gets LOG chunks; a restarted unit
  asks for the whole log.
* A restarted host (it found its session announced on its behalf by a guest) asks that
  guest for the whole log and is `rebuilding()` until the log is in and it has every
  action the others report (PRESENCE): meanwhile it does nothing a host does (no AI
  decisions, no log served, no arbitration, no ready gate, its player not asked); then it
  carries on as host.  Its sealed choices (its player's and its AI seats') come back with
  SEALREQ like any restarted unit's.  Speed: the arbiter is made again on the rebuilt
  game and the clock goes on from the log's last time stamp.
"""
import hashlib

from micropython import const

from core.clock import ticks_add, ticks_diff
from core.link import messages as M
from core.link.commit import seal as seal_digest, seal_nonce
from core.link.net import BROADCAST

CHECK_EVERY = const(4)
SYNC_GAP_MS = const(300)
RESEAL_MS = const(1000)
RECOVER_REQS = const(2)         # SEALREQs a restarted unit sends, RESEAL_MS apart
REBUILD_WAIT_MS = const(2000)   # restarted host: at most this for every unit's PRESENCE
COUNT_MS = const(1800)          # Speed: the shared countdown (3-2-1) before a round
_KEEP_CHECKS = const(8)
_MAX_PENDING = const(32)


def _canon(h, obj):
    """Feed a canonical byte form of an event (ints, strings, tuples, lists, dicts)."""
    if obj is None:
        h.update(b"N")
    elif obj is True:
        h.update(b"T")
    elif obj is False:
        h.update(b"F")
    elif isinstance(obj, int):
        h.update(("i%d;" % obj).encode())
    elif isinstance(obj, str):
        e = obj.encode()
        h.update(("s%d:" % len(e)).encode())
        h.update(e)
    elif isinstance(obj, (tuple, list)):
        h.update(b"(")
        for x in obj:
            _canon(h, x)
        h.update(b")")
    elif isinstance(obj, dict):
        h.update(b"{")
        for k in sorted(obj, key=str):
            _canon(h, k)
            _canon(h, obj[k])
        h.update(b"}")
    elif isinstance(obj, (bytes, bytearray)):
        h.update(("b%d:" % len(obj)).encode())
        h.update(obj)
    else:
        e = str(obj).encode()
        h.update(("?%d:" % len(e)).encode())
        h.update(e)


class Lockstep:
    """The game of one unit.  `session` gives sid, seats, host and node_id."""

    def __init__(self, session, game, send, entropy, clock, report, ai=None, secret=None):
        self.session = session
        self.game = game
        self._send = send
        self._entropy = entropy
        self._clock = clock
        self._report = report
        self.ai = ai
        self.timed = hasattr(game, "apply_at")
        self._buf = bytearray(118)
        self.rejected = 0
        self.resyncs = 0
        self.applied_remote = 0
        self.tentative = []     # Speed: (req, seat, action) shown but not yet confirmed
        self.tentative_rev = 0  # Speed: counts changes of `tentative` (the UI redraws)
        self.taken = []         # Speed: (seat, action, why) taken back, for the UI to show
        self.cue = None         # Speed: text shown when a play was taken back
        self._req = 0
        self._secret = secret   # this unit's flash secret (None: drawn at the first seal)
        self._recover = 0       # after a restart: SEALREQs still to send
        self._recover_at = None     # ... when the last one went (None: not recovering)
        self._copies = {}       # seat -> [(index, digest)] of our seals sent back to us
        self._unopened = {}     # seat -> (index, digest) of a copy our actions do not open
        self.recovered = 0      # seals opened again after a restart
        self._gate = False      # Speed: this unit's player says when ready for a round
        self._gated = {}        # Speed, host: unit -> the last round it said ready for
        self._said = -1         # Speed: the last round this unit said ready for
        self._go = 0            # Speed: the last round started (the host's go)
        self._go_at = 0         # Speed: when that go was decided (host) or heard (others)
        self._last_ready = None
        self._t0 = clock()
        self._arbiter = None
        if self.timed:
            try:
                from core.speed_arbiter import SpeedArbiter
                self._arbiter = SpeedArbiter(game)
            except ImportError:
                pass
        self._pending = {}      # index -> (src, seat, action, t)
        self._rebuilding = False    # restarted host: until the game is rebuilt
        self._log_from = 0      # the unit asked for the whole log after a restart
        self._full_at = None    # restarted host: when the whole log began to arrive
        self._peer_hist = {}    # restarted host: unit -> history length it reported
        self._last_sync = None
        self._host_checks = {}
        self._own_checks = {}
        self._reset_chain()
        self._reset_round()

    # -- small helpers --------------------------------------------------------------------
    def _sid(self):
        return self.session.sid

    def _me(self):
        return self.session.node_id

    def _is_host(self):
        return self.session.is_host()

    def rebuilding(self):
        """True while a restarted host rebuilds the game from a guest's log."""
        return self._rebuilding

    def n(self):
        return len(self.game.history)

    def _hist(self):
        g = self.game
        if self.timed:
            return g.timed_history
        return g.history

    def mine(self, seat):
        """True when this unit decides for `seat` (its human, or AI seats on the host)."""
        return 0 <= seat < len(self.session.seats) and self.session.owner(seat) == self._me()

    def _bcast(self, n, droppable=False):
        self._send(BROADCAST, self._buf, n, True, droppable)

    def _reject(self, culprit, index, seat, action, why):
        self.rejected += 1
        self._report("rejected action %d (seat %d, %s) from unit %d: %s" % (
            index, seat, self.game.action_label(action) if isinstance(action, int) else action,
            culprit, why))
        if self._is_host() and culprit != self._me():
            n = M.encode_reject(self._buf, self._sid(), index, seat, action, culprit, why)
            self._bcast(n)

    # -- public-state hash chain ----------------------------------------------------------
    def _reset_chain(self):
        self._chain = b"\x00" * 32
        self._ev_done = 0

    def _checkpoint(self):
        g = self.game
        h = hashlib.sha256(self._chain)
        ev = g.events
        # Speed trims finished rounds from its event log (events_dropped counts them): keep
        # an absolute position, identical on every unit since they apply the same actions.
        off = getattr(g, "events_dropped", 0)
        i = max(self._ev_done, off)
        while i - off < len(ev):
            _canon(h, ev[i - off])
            i += 1
        self._ev_done = i
        h.update(("n%d" % len(g.history)).encode())
        self._chain = h.digest()
        k = len(g.history)
        d8 = self._chain[:8]
        self._keep(self._own_checks, k, d8)
        if not self._is_host():
            self._compare(k)
        n = M.encode_check(self._buf, self._sid(), k, d8)
        self._bcast(n, True)

    def _keep(self, d, k, v):
        d[k] = v
        if len(d) > _KEEP_CHECKS:
            del d[min(d)]

    def _compare(self, k):
        a = self._own_checks.get(k)
        b = self._host_checks.get(k)
        if a is not None and b is not None and a != b:
            self._report("state differs from the host's at action %d: resynchronising" % k)
            self._host_checks = {}
            self._ask_sync(self.session.host, True)

    # -- applying -------------------------------------------------------------------------
    def _apply(self, seat, action, t):
        """Check and apply; the reason it is illegal, or None when applied."""
        g = self.game
        if self.timed:
            check_at = getattr(g, "check_at", None)
            why = check_at(t, seat, action) if check_at is not None else g.check(seat, action)
            if why is not None:
                return why
            g.apply_at(t, seat, action)
        else:
            why = g.check(seat, action)
            if why is not None:
                return why
            g.apply(seat, action)
        self._after_apply()
        return None

    def _after_apply(self):
        g = self.game
        k = len(g.history)
        if k % CHECK_EVERY == 0 or g.is_over():
            self._checkpoint()
        if 0 <= self._round_at < k:
            self._reset_round()             # the round was settled (e.g. from a log)

    def _drain(self):
        """Apply early-arrived actions that are now next."""
        while True:
            k = self.n()
            p = self._pending.pop(k, None)
            if p is None:
                break
            src, seat, action, t = p
            self._remote(src, k, seat, action, t)
        for k in list(self._pending):
            if k < self.n():
                del self._pending[k]

    def _remote(self, src, index, seat, action, t):
        if index < self.n():
            return
        if index > self.n():
            if len(self._pending) < _MAX_PENDING:
                self._pending[index] = (src, seat, action, t)
            self._ask_sync(src, False)
            return
        if not 0 <= seat < len(self.session.seats):
            self._reject(src, index, seat, action, "no seat %d" % seat)
            return
        if self.session.owner(seat) != src and not (self.timed and src == self.session.host):
            self._reject(src, index, seat, action,
                         "unit %d does not play seat %d" % (src, seat))
            return
        why = self._apply(seat, action, t)
        if why is not None:
            self._reject(src, index, seat, action, why)
            return
        self.applied_remote += 1
        self._drain()

    # -- local decisions ------------------------------------------------------------------
    def _sealing(self):
        g = self.game
        if g.is_over():
            return False
        movers = g.to_move()
        if len(movers) > 1:
            return True
        f = getattr(g, "sealed_decision", None)
        return bool(movers) and f is not None and f(movers[0])

    def submit(self, seat, action):
        """A decision made on this unit (its human or, on the host, the AI).

        Returns None when accepted, else the reason."""
        if not self.mine(seat):
            return "this unit does not play seat %d" % seat
        if self._rebuilding:
            return "rejoining the game"
        g = self.game
        why = g.check(seat, action)
        if why is not None:
            return why
        k = self.n()
        if self.timed:
            return self._play_timed(seat, action)
        if self._sealing():
            if seat in self._mine:
                return "seat %d has already decided" % seat
            if self._recover_at is not None:
                return "recovering the choice sealed before the restart"
            nonce = seal_nonce(self._key(), self._sid(), k, seat)
            self._mine[seat] = (action, nonce)
            self._seals[seat] = seal_digest(self._sid(), k, seat, action, nonce)
            self._round_at = k
            self._send_seal(seat)
            self._advance()
            return None
        n = M.encode_action(self._buf, self._sid(), k, seat, action)
        self._bcast(n)                 # before _apply, which may reuse the buffer for CHECK
        self._apply(seat, action, 0)
        self._drain()
        return None

    def decided(self, seat):
        """True when `seat` has sealed its choice in the current simultaneous round (or,
        just after a restart, while this unit asks the others for the seal it made)."""
        if seat in self._mine:
            return True
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

    def _send_seal(self, seat, dst=BROADCAST, copy=False):
        n = M.encode_seal(self._buf, self._sid(), self._round_at, seat, self._seals[seat], copy)
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
        if seal_digest(self._sid(), index, seat, action, nonce) == d:
            self._unseals[seat] = action
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

    # -- Speed: one arbiter on the host ---------------------------------------------------
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
        n = M.encode_splay(self._buf, self._sid(), self._req, seat, action, self._now_t(),
                           getattr(self.game, "round_no", 0))
        self._send(self.session.host, self._buf, n, True, False)
        return None

    def pending(self, seat):
        """Speed: the plays of `seat` shown at once and not yet answered by the host."""
        return [a for r, s, a in self.tentative if s == seat]

    def _arbitrate(self, src, req, seat, action, rnd=0):
        """Host: plays are taken in arrival order (ruling SP-9), by the game's arbiter
        (core/speed_arbiter.py) when it has one.  `rnd`: the round the play was made in
        (mod 256; 0 = the current one): a play from a round that has ended is refused,
        never applied to the next deal."""
        g = self.game
        k = self.n()
        cur = getattr(g, "round_no", 0)
        if self._rebuilding:
            why = "the host is rejoining"
        elif rnd and rnd != cur & 0xFF:
            why = "round %d is over" % rnd
        elif self.round_gate() >= 0:
            why = "round %d has not started" % cur
        elif self.session.owner(seat) != src:
            why = "unit %d does not play seat %d" % (src, seat)
        elif self._arbiter is not None:
            why = self._arbiter.submit(self._now_t(), seat, action)
            if why is None:
                self._after_apply()
        else:
            t = max(self._now_t(), getattr(g, "now", 0))
            why = self._apply(seat, action, t)
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

    def _confirm(self, seat, action, req, taken_back, why):
        for i in range(len(self.tentative)):
            r, s, a = self.tentative[i]
            if r == req and s == seat and a == action:
                self.tentative.pop(i)
                self.tentative_rev += 1
                if taken_back:
                    self.cue = "%s taken back: %s" % (self.game.action_label(action), why)
                    if len(self.taken) < 4:
                        self.taken.append((seat, action, why))
                return

    # -- Speed: every player ready before a round ----------------------------------------
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

    # -- catching up ----------------------------------------------------------------------
    def _ask_sync(self, peer, full):
        now = self._clock()
        if self._last_sync is not None and ticks_diff(now, self._last_sync) < SYNC_GAP_MS:
            return
        self._last_sync = now
        if full:
            self.resyncs += 1
        n = M.encode_syncreq(self._buf, self._sid(), 0 if full else self.n(), full)
        self._send(peer, self._buf, n, True, False)

    def peer_progress(self, src, hist):
        """A unit said it has `hist` actions: fetch what we miss, preferring the host."""
        if self._rebuilding:
            self._peer_hist[src] = hist
            if self._full_at is None:
                return                      # the whole log first
        if hist > self.n():
            self._ask_sync(src, False)
        elif self._rebuilding:
            self._check_rebuilt()

    def _check_rebuilt(self):
        """Restarted host: rebuilt once the whole log is in and we have every action any
        unit reported (every other unit reported, or REBUILD_WAIT_MS passed)."""
        if not self._rebuilding or self._full_at is None:
            return
        k = self.n()
        for p in self._peer_hist:
            if self._peer_hist[p] > k:
                return
        if ticks_diff(self._clock(), self._full_at) < REBUILD_WAIT_MS:
            for p in self.session.participants():
                if p != self._me() and p not in self._peer_hist:
                    return
        self._rebuilding = False
        if self.timed:
            # Speed: our clock goes on from the round's time in the log; a round being
            # played goes on (no countdown); one not begun waits for the ready gate
            g = self.game
            last = getattr(g, "now", 0)
            now = self._clock()
            self._t0 = ticks_add(now, -last)
            if last > 0:
                self._go = getattr(g, "round_no", 0)
                self._go_at = ticks_add(now, -(last + COUNT_MS))

    def _send_log(self, dst, start, full):
        if self._rebuilding:
            return                          # we have no whole log to serve yet
        hist = self._hist()
        end = len(hist)
        i = start
        sent = 0
        chunk = M.LOG_CHUNK_TIMED if self.timed else M.LOG_CHUNK
        if full and start == 0 and end == 0:
            n = M.encode_log(self._buf, self._sid(), 0, True, [], self.timed)
            self._send(dst, self._buf, n, True, False)  # nothing played yet: say so
            return
        while i < end and sent < 4:
            j = min(end, i + chunk)
            # by index: Speed's TimedLog (6 bytes an entry) has no slices
            n = M.encode_log(self._buf, self._sid(), i, full and i == 0,
                             [hist[k] for k in range(i, j)], self.timed)
            if not self._send(dst, self._buf, n, True, False):
                break
            i = j
            sent += 1

    def _on_log(self, src, start, full, timed, entries):
        if timed != self.timed:
            return
        if full and start == 0:
            cls = self.game.__class__
            self.game = cls(self.game.options, self.game.seed)
            self._reset_chain()
            self._reset_round()
            self._pending = {}
            self._own_checks = {}
            if self._rebuilding:
                self._full_at = self._clock()
                if self._arbiter is not None:       # Speed: the arbiter of the new game
                    from core.speed_arbiter import SpeedArbiter
                    self._arbiter = SpeedArbiter(self.game)
            if self._recover_at is None and not self._is_host():
                self._recover = RECOVER_REQS    # a resync forgets the open round: our
                self._ask_seals()               # seals come back as after a restart
        k = start
        for e in entries:
            if k == self.n():
                if timed:
                    t, seat, action = e
                else:
                    seat, action = e
                    t = 0
                why = self._apply(seat, action, t)
                if why is not None:
                    self._reject(src, k, seat, action, why)
                    return
            k += 1
        self._drain()
        self._check_rebuilt()

    # -- dispatch -------------------------------------------------------------------------
    def on_message(self, src, m):
        kind = m[0]
        if m[1] != self._sid():
            return
        if kind == M.ACTION:
            self._remote(src, m[2], m[3], m[4], 0)
        elif kind == M.TACTION:
            self._remote(src, m[2], m[3], m[4], m[5])
            if self.session.owner(m[3]) == self._me():
                self._confirm(m[3], m[4], m[6], False, None)
        elif kind == M.SEAL:
            self._on_seal(src, m[2], m[3], m[4], m[5])
        elif kind == M.UNSEAL:
            self._on_unseal(src, m[2], m[3], m[4], m[5])
        elif kind == M.SEALREQ:
            self._on_sealreq(src)
        elif kind == M.CHECK:
            if src == self.session.host and not self._is_host():
                self._keep(self._host_checks, m[2], m[3])
                self._compare(m[2])
        elif kind == M.SYNCREQ:
            self._send_log(src, m[2], m[3])
        elif kind == M.LOG:
            if m[3] and src != self.session.host and src != self._log_from:
                return      # a full rebuild: from the host, or the unit we asked after a restart
            self._on_log(src, m[2], m[3], m[4], m[5])
        elif kind == M.REJECT:
            self._report("host rejected action %d (seat %d) from unit %d: %s" % (m[2], m[3], m[5], m[6]))
        elif kind == M.SPLAY and self._is_host():
            self._arbitrate(src, m[2], m[3], m[4], m[6])
        elif kind == M.SREJECT:
            self._confirm(m[3], m[4], m[2], True, m[5])
        elif kind == M.READY:
            if m[3]:
                self._on_go(src, m[2], m[4])
            elif self._is_host():
                self._on_ready(src, m[2])

    def rejoin(self):
        """After a restart: fetch the whole log from the host (a restarted host: from the
        guest that announced the session for it) and ask every unit for the seals this
        unit made before it (to open them again)."""
        s = self.session
        src = s.via if s.via and s.via != self._me() else s.host
        if self._is_host():
            self._rebuilding = True
            self._peer_hist = {}
            self._full_at = None
        self._log_from = src
        self._ask_sync(src, True)
        self._recover = RECOVER_REQS
        self._ask_seals()

    def _rebuild_poll(self):
        """Restarted host: ask again for the whole log (another unit each time) until it
        comes; see whether the game is rebuilt."""
        if self._full_at is not None:
            self._check_rebuilt()
            return
        if self._last_sync is not None and ticks_diff(self._clock(), self._last_sync) < RESEAL_MS:
            return
        others = [p for p in self.session.participants() if p != self._me()]
        if not others:
            return
        k = others.index(self._log_from) + 1 if self._log_from in others else 0
        self._log_from = others[k % len(others)]
        self._last_sync = None
        self._ask_sync(self._log_from, True)

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
        if not self.mine(seat) or index < self.n():
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
                elif index == k and seat in movers:
                    self._open_copy(k, seat, digest)
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
                if index == k and sealing and seat not in self._mine and (
                        seat in self.game.to_move()):
                    # a seal of ours that our secret cannot open (the flash lost it)
                    self._mine[seat] = (M.VOID, b"\x00" * 8)
                    self._seals[seat] = digest
                    self._round_at = k
                    self._send_seal(seat)
                    self._advance()

    def poll(self, paused):
        """Host: let the AI decide for its seats; everyone: re-send open seals."""
        if self._rebuilding:
            self._rebuild_poll()
        g = self.game
        if g.is_over():
            return
        if self._recover_at is not None or self._copies or self._unopened:
            self._recovery_poll(paused)
        now = self._clock()
        if self.timed and self._go != g.round_no:
            if self._is_host():
                if not self._rebuilding:
                    self._check_go()        # a seat handed to the AI may be all we waited for
            elif self._gate and self._said >= 0 and (
                    self._last_ready is None or ticks_diff(now, self._last_ready) >= RESEAL_MS):
                self._send_ready(True)      # until the round starts
        if self._round_at >= 0 and (self._mine or self._subst) and (
                self._last_reseal is None or ticks_diff(now, self._last_reseal) >= RESEAL_MS):
            for s in self._mine:
                self._send_seal(s)
                if self._opened:
                    self._send_unseal(s)
            for s in self._subst:
                self._send_unseal(s)
            self._last_reseal = now
        if (paused or self.ai is None or not self._is_host() or self._rebuilding or
                self.round_gate() >= 0):
            return
        for seat in g.to_move():
            if self.session.seats[seat] == 0 and seat not in self._mine:
                a = self.ai(g, seat)
                if a is not None:
                    why = self.submit(seat, a)
                    if why is not None and hasattr(self.ai, "rejected"):
                        self.ai.rejected(seat, why)     # Speed: look at the table again
                    return
