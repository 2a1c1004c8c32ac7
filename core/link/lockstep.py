"""Lockstep game over the link: units exchange decisions, never states.

Every unit holds the same Game (same options, same agreed seed) and applies the same
actions in the same order, each one checked by the rules first (`game.check`): an action
that fails, or that comes from a unit that does not own the seat, is rejected and reported,
never applied.  Action n is valid only when the unit's history has exactly n actions.

* One seat to move: its owner broadcasts ACTION(n, seat, action) and applies it.
* Several seats at once, or a decision the game calls sealed: sealed rounds (SEAL, UNSEAL,
  SEALREQ, VOID; the recovery of a seal after a restart), core/link/sealed.py.
* Speed (a game with `apply_at`): the host's arbiter (SPLAY, TACTION, SREJECT; tentative
  plays taken back) and the ready gate (READY, the countdown), core/link/speed_link.py.
* Every CHECK_EVERY actions (and at the end) each unit hashes the public state into a
  chain (SHA-256 over the new public events and the history length) and broadcasts CHECK;
  a unit whose hash differs from the host's rebuilds from the host's action log.  Speed's
  chain is per round: at the first check past a round's first action every unit starts it
  again from a hash of the round start (Speed.round_start()), so a unit rebuilt from that
  round start agrees with units that played the whole match.
* A unit that is behind (presence says someone has more actions, or an action arrives
  early) asks for the missing actions with SYNCREQ and gets LOG chunks; a restarted unit
  asks for the whole log.  Speed keeps only the current round's actions (memory flat with
  the rounds, SP-7): indices are absolute (`n()` counts the dropped rounds' actions too),
  and asked for actions it no longer holds a unit answers ROUNDSTART (where the current
  round began) and the round's actions as a whole LOG from there; the receiver makes the
  game again from that round start (Speed.resume_round).
* A restarted host (it found its session announced on its behalf by a guest) asks that
  guest for the whole log and is `rebuilding()` until the log is in and it has every
  action the others report (PRESENCE): meanwhile it does nothing a host does (no AI
  decisions, no log served, no arbitration, no ready gate, its player not asked); then it
  carries on as host.  Its sealed choices (its player's and its AI seats') come back with
  SEALREQ like any restarted unit's.  Speed: the arbiter is made again on the rebuilt
  game and the clock goes on from the log's last time stamp.

`Lockstep` is this module's class with the two mixins `SealedRounds` and `SpeedLink`: one
object, one state, so every unit's API (and the tests' view of it) stays in one place.
"""
import hashlib

from micropython import const

from core.clock import ticks_add, ticks_diff
from core.link import messages as M
from core.link.commit import seal as seal_digest, seal_nonce
from core.link.net import BROADCAST
from core.link.sealed import RECOVER_REQS, RESEAL_MS, SealedRounds
from core.link.speed_link import COUNT_MS, SpeedLink   # COUNT_MS: also the app's

CHECK_EVERY = const(4)
SYNC_GAP_MS = const(300)
REBUILD_WAIT_MS = const(2000)   # restarted host: at most this for every unit's PRESENCE
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


class Lockstep(SealedRounds, SpeedLink):
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
        self._splays = {}       # Speed: req -> (t, round) of our unanswered plays
        self._splay_at = 0
        self._arbitrated = []   # Speed, host: the last answers (src, req, seat, action,
                                # index or -1, why), for a repeated SPLAY
        self.taken = []         # Speed: (seat, action, why) taken back, for the UI to show
        self.cue = None         # Speed: text shown when a play was taken back
        self._req = 0
        self._secret = secret   # this unit's flash secret (None: drawn at the first seal)
        self._recover = 0       # after a restart: SEALREQs still to send
        self._recover_at = None     # ... when the last one went (None: not recovering)
        self._copies = {}       # seat -> [(index, digest)] of our seals sent back to us
        self._unopened = {}     # seat -> (index, digest) of a copy our actions do not open
        self.recovered = 0      # seals opened again after a restart
        self._dr = None         # reveals the game defers (Reds' hidden bids): deferred.py
        prepare = getattr(game, "prepare_link", None)
        if prepare is not None:
            prepare()           # the game's link-only hooks, loaded now (core/games/reds/sealed.py)
        if hasattr(game, "defer_reveal"):
            from core.link.deferred import DeferredReveals
            self._dr = DeferredReveals(self)
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
                from core.games.speed.arbiter import SpeedArbiter
                self._arbiter = SpeedArbiter(game)
            except ImportError:
                pass
        self._pending = {}      # index -> (src, seat, action, t)
        self._rebuilding = False    # restarted host: until the game is rebuilt
        self._log_from = 0      # the unit asked for the whole log after a restart
        self._full_at = None    # restarted host: when the whole log began to arrive
        self._peer_hist = {}    # restarted host: unit -> history length it reported
        self._last_sync = None
        self._asked = {}        # units this unit sent a SYNCREQ: the only LOGs it takes
        self._resync = 0        # guest: 1 while the whole log is asked for after a state
                                # mismatch, 2 while it comes in; decisions are held
        self._resync_at = 0
        self._old = None        # during a resync: (our history, our sealed choices) before
        self._rejoined = False  # restarted: decisions made before it are unknown here
        self._refused_log = []  # units whose LOG was refused (reported once each)
        self._host_checks = {}
        self._own_checks = {}
        self._rs = None         # Speed: (unit, round start) of the last ROUNDSTART heard
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
        """Actions applied since the match began (Speed: the dropped rounds' included)."""
        g = self.game
        return getattr(g, "actions_dropped", 0) + len(g.history)

    def _base(self):
        """The index of the first action the game still holds (Speed drops finished
        rounds' actions: core/games/speed/rules.py)."""
        return getattr(self.game, "actions_dropped", 0)

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

    def _label(self, action):
        """An action's label; a peer's bytes may name no action at all."""
        if not isinstance(action, int):
            return str(action)
        try:
            return self.game.action_label(action)
        except Exception:   # noqa: any game's label of any int: never out of receive()
            return "action %d" % action

    def _reject(self, culprit, index, seat, action, why):
        self.rejected += 1
        self._report("rejected action %d (seat %d, %s) from unit %d: %s" % (
            index, seat, self._label(action), culprit, why))
        if self._is_host() and culprit != self._me():
            n = M.encode_reject(self._buf, self._sid(), index, seat, action, culprit, why)
            self._bcast(n)

    # -- public-state hash chain ----------------------------------------------------------
    def _reset_chain(self):
        self._chain = b"\x00" * 32
        self._ev_done = 0
        self._chain_round = 0   # Speed: the round whose start seeded the chain

    def _round_chain(self, k):
        """Speed: at the first check past a round's first action the chain starts again,
        from a hash of the round start, and takes the round's events from its first one.
        A check at the round's first index still belongs to the round before: a unit
        rebuilt from the round start (which applies no action there) never makes it."""
        g = self.game
        if not self.timed or g.round_no == self._chain_round:
            return
        st = g.round_start()
        if st is None or k <= st["actions"]:
            return
        self._chain_round = g.round_no
        h = hashlib.sha256(b"round")
        _canon(h, st)
        self._chain = h.digest()
        self._ev_done = st["events"]

    def _checkpoint(self):
        g = self.game
        k = self.n()
        self._round_chain(k)
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
        h.update(("n%d" % k).encode())
        self._chain = h.digest()
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
            self._start_resync()

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
        k = self.n()
        if k % CHECK_EVERY == 0 or g.is_over():
            self._checkpoint()
        if 0 <= self._round_at < k:
            if self._dr is not None:
                self._dr.settled(self._round_at)    # with stand-ins: keep the seals
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
        if self._dr is not None:
            self._dr.open()

    def _remote(self, src, index, seat, action, t):
        if index < self.n():
            return
        if index > self.n():
            if len(self._pending) < _MAX_PENDING:
                self._pending[index] = (src, seat, action, t)
            if self._resync != 1:
                self._ask_sync(self._sync_peer(src), False)
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
            if src == self.session.host and not self._is_host():
                self._start_resync()    # the host's move is illegal here: we diverged
            return
        self.applied_remote += 1
        self._drain()

    # -- a guest rebuilds its game from the host's log ---------------------------------
    def _start_resync(self):
        """A state mismatch: ask the host for the whole log.  Until it is in (and we hold
        every action the host reported) no decision is made here: a player or bot asked at
        an old index while the log comes in would decide that index again and split the
        records (issue #15 item 1)."""
        if self._resync == 0:
            self._resync = 1
        self._resync_at = self._clock()
        self._last_sync = None
        self._ask_sync(self.session.host, True)

    def resyncing(self):
        """True while this guest rebuilds its game from the host's log."""
        return self._resync != 0

    def _resync_poll(self):
        now = self._clock()
        if ticks_diff(now, self._resync_at) < REBUILD_WAIT_MS:
            return
        self._resync_at = now
        if self._resync == 1:
            self._last_sync = None
            self._ask_sync(self.session.host, True)     # the request or its answer was lost
        else:
            self._end_resync()      # the host said nothing newer for a while: carry on

    def _end_resync(self):
        self._resync = 0
        self._old = None

    def holding(self):
        """The reason this unit makes no decision now, or None."""
        if self._rebuilding:
            return "rejoining the game"
        if self._resync:
            return "resynchronising with the host"
        return None

    # -- local decisions ------------------------------------------------------------------
    def submit(self, seat, action):
        """A decision made on this unit (its human or, on the host, the AI).

        Returns None when accepted, else the reason."""
        if not self.mine(seat):
            return "this unit does not play seat %d" % seat
        why = self.holding()
        if why is not None:
            return why
        g = self.game
        why = g.check(seat, action)
        if why is not None:
            return why
        k = self.n()
        if self.timed:
            return self._play_timed(seat, action)
        if self._sealing():
            if seat in self._mine or self._revealing():
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

    # -- catching up ----------------------------------------------------------------------
    def _ask_sync(self, peer, full):
        now = self._clock()
        if self._last_sync is not None and ticks_diff(now, self._last_sync) < SYNC_GAP_MS:
            return
        self._last_sync = now
        if full:
            self.resyncs += 1
        self._asked[peer] = True
        n = M.encode_syncreq(self._buf, self._sid(), 0 if full else self.n(), full)
        self._send(peer, self._buf, n, True, False)

    def _sync_peer(self, src):
        """Whom to ask for actions that `src` has and we miss: a guest asks the host (or
        the unit serving it after a restart), the only units whose LOG it takes."""
        if self._is_host() or src == self._log_from:
            return src
        return self.session.host

    def peer_progress(self, src, hist):
        """A unit said it has `hist` actions: fetch what we miss (a guest: from the host)."""
        if self._rebuilding:
            self._peer_hist[src] = hist
            if self._full_at is None:
                return                      # the whole log first
        if self._resync == 1:
            return                          # the whole log first
        if hist > self.n():
            self._ask_sync(self._sync_peer(src), False)
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
        base = self._base()
        if start < base or (full and base):
            # Speed keeps the current round only: where it began, then its actions as a
            # whole log from there (the receiver makes the game again from that start)
            first, _ = self.game.round_actions()
            st = self.game.round_start()
            n = M.encode_round_start(self._buf, self._sid(), st)
            if not self._send(dst, self._buf, n, True, False):
                return
            start = base + first
            full = True
        end = base + len(hist)
        i = start
        sent = 0
        chunk = M.LOG_CHUNK_TIMED if self.timed else M.LOG_CHUNK
        if full and start == end:
            n = M.encode_log(self._buf, self._sid(), start, True, [], self.timed)
            self._send(dst, self._buf, n, True, False)  # nothing played yet: say so
            return
        while i < end and sent < 4:
            j = min(end, i + chunk)
            # by index: Speed's TimedLog (6 bytes an entry) has no slices
            n = M.encode_log(self._buf, self._sid(), i, full and i == start,
                             [hist[k - base] for k in range(i, j)], self.timed)
            if not self._send(dst, self._buf, n, True, False):
                break
            i = j
            sent += 1

    def _refuse_log(self, src, why):
        if src not in self._refused_log:
            if len(self._refused_log) < 8:
                self._refused_log.append(src)
            self._report("refused a log from unit %d: %s" % (src, why))

    def _sealed_at(self):
        """index -> action this unit sealed in the open round (applied in seat order).
        Not in a game that may defer reveals (Reds' hidden bids: stand-ins go in first;
        deferred.py checks the held seals at the reveal)."""
        out = {}
        k = self._round_at
        if k >= 0 and k == self.n() and self._mine and self._dr is None:
            movers = sorted(self.game.to_move())
            for seat in self._mine:
                if seat in movers:
                    out[k + movers.index(seat)] = self._mine[seat][0]
        return out

    def _own_entry_ok(self, k, seat, action, sealed):
        """A LOG entry for a seat this unit plays must be what this unit decided (issue
        #15 item 11): what it applied before a resync, its sealed choice in the open
        round; and a decision it never made is forged.  Unknown, not refused: a restarted
        unit's decisions before the restart, a seal being recovered, Speed's plays (the
        host's arbiter applies them; a lost TACTION)."""
        old = self._old
        if old is not None:
            j = k - old[2]                  # old[2]: the first index old[0] holds (Speed)
            if 0 <= j < len(old[0]):
                e = old[0][j]
                # another seat there: our state had diverged, the host's log stands
                return e[-1] == action if e[-2] == seat else True
            if k in old[1]:
                return old[1][k] == action
        if k in sealed:
            return sealed[k] == action
        # a deferred reveal (Reds' hidden bids) applies a choice made rounds before
        return (self._rejoined or self.timed or self._recover_at is not None or
                self._dr is not None)

    def _on_log(self, src, start, full, timed, entries):
        if timed != self.timed:
            return
        if src not in self._asked:
            self._refuse_log(src, "this unit did not ask it")
            return
        if full:
            st = None
            if start:
                # Speed: a log from a round start, which the ROUNDSTART just before gave
                rs = self._rs
                self._rs = None
                if rs is None or rs[0] != src or rs[1].get("actions") != start:
                    self._refuse_log(src, "a log from action %d without its round start" % start)
                    return
                st = rs[1]
            cls = self.game.__class__
            game = cls(self.game.options, self.game.seed)
            if st is not None:
                try:
                    game.resume_round(st)
                except (ValueError, KeyError, TypeError) as exc:
                    self._refuse_log(src, "its round start: %s" % exc)
                    return
            if self._resync:
                self._resync = 2
                self._resync_at = self._clock()
                if self._old is None:
                    self._old = (self._hist(), self._sealed_at(), self._base())
            self.game = game
            self._reset_chain()
            self._reset_round()
            self._pending = {}
            self._own_checks = {}
            if self._rebuilding:
                self._full_at = self._clock()
                if self._arbiter is not None:       # Speed: the arbiter of the new game
                    from core.games.speed.arbiter import SpeedArbiter
                    self._arbiter = SpeedArbiter(self.game)
            if self._recover_at is None and not self._is_host():
                self._recover = RECOVER_REQS    # a resync forgets the open round: our
                self._ask_seals()               # seals come back as after a restart
        elif self._resync == 1:
            return                  # a catch-up asked before the mismatch: the whole log first
        sealed = self._sealed_at()
        k = start
        for e in entries:
            if k == self.n():
                if timed:
                    t, seat, action = e
                else:
                    seat, action = e
                    t = 0
                if self.mine(seat) and not self._own_entry_ok(k, seat, action, sealed):
                    self._refuse_log(src, "action %d for seat %d is not what this unit "
                                     "decided" % (k, seat))
                    return
                why = self._apply(seat, action, t)
                if why is not None:
                    self._reject(src, k, seat, action, why)
                    if src == self.session.host and not self._is_host() and not self._resync:
                        self._start_resync()    # the host's log does not fit: we diverged
                    return
            k += 1
        self._drain()
        if self._resync == 2:
            # a short chunk is the end of the host's log as it was when it answered (a
            # presence may be older); a log of whole chunks ends by _resync_poll's timer
            self._resync_at = self._clock()
            chunk = M.LOG_CHUNK_TIMED if self.timed else M.LOG_CHUNK
            if len(entries) < chunk:
                self._end_resync()
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
            if src == self.session.host and self.mine(m[3]):
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
                self._refuse_log(src, "a whole log only comes from the host")
                return
            self._on_log(src, m[2], m[3], m[4], m[5])
        elif kind == M.REJECT:
            if src != self.session.host:
                return
            self._report("host rejected action %d (seat %d) from unit %d: %s" % (m[2], m[3], m[5], m[6]))
            if m[5] == self._me() and not self._is_host():
                self._start_resync()    # the host found our decision illegal: we diverged
        elif not self.timed:
            return                      # the rest is Speed's
        elif kind == M.SPLAY and self._is_host():
            self._arbitrate(src, m[2], m[3], m[4], m[6])
        elif kind == M.SREJECT:
            if src == self.session.host:
                self._confirm(m[3], m[4], m[2], True, m[5])
        elif kind == M.READY:
            if m[3]:
                self._on_go(src, m[2], m[4])
            elif self._is_host():
                self._on_ready(src, m[2])
        elif kind == M.ROUNDSTART:
            if src in self._asked:
                self._rs = (src, m[2])      # the whole LOG that follows starts there

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
        self._rejoined = True
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

    def poll(self, paused):
        """Host: let the AI decide for its seats; everyone: re-send open seals."""
        if self._rebuilding:
            self._rebuild_poll()
        if self._resync:
            self._resync_poll()
        if self.tentative:
            self._splay_poll()
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
        if self._dr is not None:
            self._dr.open()                 # a reveal: asks again for a held seal we lack
            self._dr.note()                 # our seats know the bids they sealed (a resync
                                            # makes the game again)
        if (paused or self.ai is None or not self._is_host() or self.holding() is not None or
                self.round_gate() >= 0 or self._revealing()):
            return
        for seat in g.to_move():
            if self.session.seats[seat] == 0 and seat not in self._mine:
                a = self.ai(g, seat)
                if a is not None:
                    why = self.submit(seat, a)
                    if why is not None and hasattr(self.ai, "rejected"):
                        self.ai.rejected(seat, why)     # Speed: look at the table again
                    return
