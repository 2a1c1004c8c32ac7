"""Session: the lobby, seats and the fair seed (commit-reveal), for one unit.

One unit hosts: it picks the game, options and number of seats, and announces a SESSION
message every second.  Other units list what they hear (`lobby`) and JOIN; the host seats
each joining unit on the first AI seat (one human per unit, the rest AI, run by the host)
and re-announces.  Everyone sees the host's options before the start.

start() (host) opens seeding: every participating unit takes its 16-byte share (derived
from its flash secret, commit.seed_value) and broadcasts COMMIT = SHA-256 of it; only when
a unit holds every participant's commit does it broadcast REVEAL.  When all reveals check
against their commits, every unit derives the same 128-bit seed (commit.derive_seed) and
calls on_start(seed).  No unit alone chooses the deal: the last unit to reveal has already
committed.  A commit cannot be replaced once this unit has revealed.

A round is never restarted because it is slow or stalls (issue #15 items 4 and 10): the
channels retransmit what the line loses, so a round under loss is slow, not dead, and a
restart would both throw that work away and reward a unit that withholds its reveal with a
re-roll.  A unit switched off and on during seeding reveals the share it committed to (the
share comes from its flash secret).  A unit that does not reveal is named on every screen
(`waiting_for()`); the host's player can hand its seat to the AI, which starts round + 1
without it.  The seed never travels: SESSION carries the host's random salt instead.

A unit that missed the end of seeding, or restarts during the game (it hears the host's
SESSION in phase PLAYING), asks every participant for the round's shares (SEEDREQ) and
accepts each unit's share only from that unit itself (the link authenticates senders), its
own from its flash secret, or from the host when that does not match its commit (a lost
secret); with every share it derives the seed and rejoins: on_start(seed, rejoin=True); the
lockstep layer then fetches the log.  A guest never plays a seed it did not derive itself.

A host that restarts: while it is away the guests keep the session findable (LinkUnit has
the lowest-numbered guest heard announce it on the host's behalf: the same SESSION, sent
by a unit that is not its `host`).  Only a unit outside the session listens to such an
announcement; the restarted host finds its own node as the session's host, adopts the
session as host (`via`: the guest that announced it, which serves it the log) and
rejoins.  `tag` is a byte of the host's app kept in the session (its AI level).

Versions: SESSION carries the host's protocol and its game's RULES_VERSION, JOIN the
joiner's.  A unit never lists as joinable, adopts or follows a session whose versions
differ from its own (its lobby entry says which side needs a firmware update), and the host
answers a JOIN it will not seat with REFUSE and a reason (`refused`: what the host's room
shows; `refusal`: what a refused guest's browse page shows).
"""
from micropython import const

from core.clock import ticks_diff
from core.link import messages as M
from core.link.commit import seed_commit, seed_value, derive_seed
from core.link.net import BROADCAST

LOBBY = const(0)
SEEDING = const(1)
PLAYING = const(2)
PHASE_NAMES = ("lobby", "seeding", "playing")

AI = const(0)
ANNOUNCE_MS = const(1000)
RESEND_MS = const(1000)
SEED_SLOW_MS = const(5000)     # seeding without progress this long: name who we wait for
LOBBY_FORGET_MS = const(4000)


def rules_version(cls):
    return getattr(cls, "RULES_VERSION", 0)


def version_gap(guest_proto, guest_rules, host_proto, host_rules):
    """0 when a guest with these versions can play with the host, else which side is
    older: M.R_GUEST_OLDER or M.R_HOST_OLDER (protocol first, then the game's rules; a
    guest that lacks the game has rules -1)."""
    if guest_proto != host_proto:
        return M.R_GUEST_OLDER if guest_proto < host_proto else M.R_HOST_OLDER
    if guest_rules != host_rules:
        return M.R_GUEST_OLDER if guest_rules < host_rules else M.R_HOST_OLDER
    return 0


def option_indices(cls, options):
    out = []
    for opt in cls.OPTIONS:
        out.append(opt.choices.index(options[opt.key]))
    return out


def options_from_indices(cls, idx):
    """Options dict, or None if the indices do not fit the game's options."""
    if len(idx) != len(cls.OPTIONS):
        return None
    out = {}
    k = 0
    for opt in cls.OPTIONS:
        if idx[k] >= len(opt.choices):
            return None
        out[opt.key] = opt.choices[idx[k]]
        k += 1
    return out


class Session:
    """Lobby and seeding state of one unit.  `send(dst, buf, n, reliable, droppable)`."""

    def __init__(self, node_id, send, entropy, clock, games, on_start, secret=None):
        """`secret()`: this unit's flash secret (bytes), from which its seed shares come."""
        self.node_id = node_id
        self._secret = secret
        self._send = send
        self._entropy = entropy
        self._clock = clock
        self._games = games
        self._on_start = on_start
        self._buf = bytearray(118)
        self.lobby = {}        # sid -> dict(host, name, options, seats, phase, seen)
        self.reports = []      # readable problems for the UI (bounded)
        self.refused = {}      # host: unit -> REFUSE reason sent to it (this lobby)
        self.refusal = None    # guest: (host, reason) of the last REFUSE heard
        self._run_secret = None
        self._reset()

    def _reset(self):
        self.sid = 0
        self.host = 0
        self.name = None
        self.cls = None
        self.options = None
        self.seats = []
        self.phase = LOBBY
        self.rnd = 0
        self.seed = None
        self.salt = b"\0" * 8
        self.tag = 0
        self.via = 0           # a rejoin: the unit whose announcement we followed
        self._commits = {}
        self._reveals = {}
        self._my_value = None
        self._revealed = False
        self._rejoin = False    # collecting shares to rejoin a game in progress
        self._need_own = False  # restarted into a game: our own share comes from the host
        self._slow_said = False
        self._round_at = 0
        self._last_announce = None
        self._last_resend = None

    # -- what the UI reads ----------------------------------------------------------------
    def is_host(self):
        return self.sid != 0 and self.host == self.node_id

    def participants(self):
        """Distinct units holding a seat (the host always takes part)."""
        out = [self.host] if self.host else []
        for s in self.seats:
            if s != AI and s not in out:
                out.append(s)
        out.sort()
        return out

    def my_seat(self):
        for i in range(len(self.seats)):
            if self.seats[i] == self.node_id:
                return i
        return -1

    def owner(self, seat):
        """The unit that decides for `seat`: its human's unit, or the host for AI."""
        s = self.seats[seat]
        return self.host if s == AI else s

    def report(self, text):
        self.reports.append(text)
        if len(self.reports) > 8:
            self.reports.pop(0)

    # -- host -----------------------------------------------------------------------------
    def host_game(self, name, options, n_seats, sid):
        cls = self._games(name)
        if n_seats not in cls.PLAYERS:
            raise ValueError("%s plays with %s players, not %d" % (name, cls.PLAYERS, n_seats))
        from core.game import resolve_options
        self._reset()
        self.sid = sid
        self.host = self.node_id
        self.name = name
        self.cls = cls
        self.options = resolve_options(cls.OPTIONS, options)
        option_indices(cls, self.options)   # every option must be transmittable
        self.refused = {}
        self.salt = bytes(self._entropy(8))
        self.seats = [AI] * n_seats
        self.seats[0] = self.node_id
        self.announce(True)

    def start(self):
        if not self.is_host() or self.phase != LOBBY:
            raise ValueError("only the host starts, from the lobby")
        self._new_round(1)
        self.announce(True)

    def hand_to_ai(self, seat):
        """Host: the AI takes `seat` over from now on (its unit is gone for good, or it
        withholds its seed share: then seeding starts round + 1 without it)."""
        if not self.is_host() or not 0 <= seat < len(self.seats) or self.seats[seat] == self.node_id:
            raise ValueError("cannot hand seat %d to the AI" % seat)
        self.seats[seat] = AI
        if self.phase == SEEDING:
            self._new_round((self.rnd + 1) & 0xFF or 1)
        self.announce(True)

    def announce(self, reliable_now=False):
        b = self._buf
        n = M.encode_session(b, self.sid, self.phase, self.host, self.rnd, self.seats,
                             self.salt, self.name, option_indices(self.cls, self.options),
                             self.tag, rules_version(self.cls))
        self._send(BROADCAST, b, n, True, not reliable_now)
        self._last_announce = self._clock()

    def announce_for_host(self):
        """A guest, while the host is away: the session, announced on its behalf (so a
        host that restarted finds its game again); droppable."""
        if self.sid == 0 or self.is_host() or self.phase != PLAYING:
            return
        b = self._buf
        n = M.encode_session(b, self.sid, self.phase, self.host, self.rnd, self.seats,
                             self.salt, self.name, option_indices(self.cls, self.options),
                             self.tag, rules_version(self.cls))
        self._send(BROADCAST, b, n, True, True)

    # -- guest ----------------------------------------------------------------------------
    def join(self, sid):
        info = self.lobby.get(sid)
        if info is None:
            raise ValueError("no session %d in the lobby" % sid)
        if info["compat"]:
            raise ValueError("session %d needs a firmware update" % sid)
        self.refusal = None
        self._adopt(sid, info)
        n = M.encode_join(self._buf, sid, rules_version(self.cls))
        self._send(info["host"], self._buf, n, True, False)

    def leave(self):
        if self.sid and not self.is_host():
            n = M.encode_simple(self._buf, M.LEAVE, self.sid)
            self._send(self.host, self._buf, n, True, False)
        self._reset()

    def _adopt(self, sid, info):
        self.sid = sid
        self.host = info["host"]
        self.name = info["name"]
        self.cls = info["cls"]
        self.options = info["options"]
        self.seats = list(info["seats"])
        self.tag = info["tag"]
        self.salt = info["salt"]
        self.via = info["via"]

    # -- messages -------------------------------------------------------------------------
    def on_message(self, src, m):
        kind = m[0]
        if kind == M.SESSION:
            self._on_session(src, m)
        elif m[1] != self.sid or self.sid == 0:
            return
        elif kind == M.JOIN and self.is_host():
            self._on_join(src, m[2], m[3])
        elif kind == M.REFUSE and src == self.host and not self.is_host() and self.phase == LOBBY:
            self.refusal = (src, m[2])
            self._reset()
        elif kind == M.LEAVE and self.is_host() and self.phase == LOBBY:
            for i in range(len(self.seats)):
                if self.seats[i] == src:
                    self.seats[i] = AI
            self.announce(True)
        elif kind == M.COMMIT and self.phase == SEEDING:
            self._on_commit(src, m[2], m[3])
        elif kind == M.REVEAL and self.phase == SEEDING:
            self._on_reveal(src, m[2], m[3])
        elif kind == M.SEEDREQ and self.phase != LOBBY and m[2] == self.rnd and src in self.participants():
            self._send_shares(src)
        elif kind == M.SHARE and self.phase == SEEDING and m[2] == self.rnd:
            self._on_share(src, m[3], m[4])

    def _on_session(self, src, m):
        _, sid, phase, host, rnd, seats, salt, name, idx, tag, proto, rules = m
        if phase > PLAYING:
            return
        if host != src and (phase != PLAYING or (sid == self.sid and self.sid)):
            return      # on a host's behalf: only a game in progress, for units outside it
        cls = None
        if name is not None:
            try:
                cls = self._games(name)
            except (ValueError, ImportError):
                pass
        gap = version_gap(M.PROTO_VERSION, rules_version(cls) if cls is not None else -1,
                          proto, rules)
        info = {"host": host, "name": name, "cls": cls, "options": None, "seats": seats or [host],
                "phase": phase, "seen": self._clock(), "tag": tag, "via": src, "compat": gap,
                "salt": salt}
        if gap:
            # listed with what to update, never joined, adopted nor followed (a unit with
            # another rules engine would diverge)
            if sid != self.sid or self.sid == 0:
                self.lobby[sid] = info
            return
        options = options_from_indices(cls, idx)
        if options is None or len(seats) not in cls.PLAYERS:
            return
        info["options"] = options
        self.lobby[sid] = info
        if self.sid == 0:
            if phase != LOBBY and (self.node_id in seats or host == self.node_id):
                self._adopt(sid, info)          # restarted: rejoin the game in progress
                # (as its host, when the session's host is this unit)
                self._new_round(rnd)
                self._rejoin = self._need_own = phase == PLAYING
            return
        if sid != self.sid or self.is_host():
            return
        self.seats = list(seats)                # the host's word on seats (AI hand-over)
        self.tag = tag
        if self.phase == PLAYING:
            return                              # a late copy of an old announcement
        if phase == SEEDING and (self.phase == LOBBY or rnd != self.rnd):
            if self.node_id in seats:
                self._new_round(rnd)
        elif phase == PLAYING and self.phase == LOBBY and self.node_id in seats:
            # joined a game in progress (restarted, then "Join" from the menu): our share
            # from our secret, the others' on request, our own confirmed by the host
            self._new_round(rnd)
            self._rejoin = self._need_own = True
        elif phase == PLAYING and self.phase == SEEDING and not self._rejoin:
            # we missed the end of seeding: the shares we lack come on request, and the
            # seed is still derived here, never taken from anyone (issue #15 item 10)
            self._rejoin = True
            self._last_resend = None

    def _on_join(self, src, proto, rules):
        gap = version_gap(proto, rules, M.PROTO_VERSION, rules_version(self.cls))
        if gap:
            self._refuse(src, gap)      # (an older unit that sends no versions: protocol 0)
            return
        if src in self.seats:
            self.announce(True)
            return
        if self.phase != LOBBY or AI not in self.seats:
            self._refuse(src, M.R_FULL)
            return
        self.seats[self.seats.index(AI)] = src
        if src in self.refused:
            del self.refused[src]
        self.announce(True)

    def _refuse(self, src, reason):
        if len(self.refused) < 8 or src in self.refused:
            self.refused[src] = reason
        n = M.encode_refuse(self._buf, self.sid, reason, rules_version(self.cls))
        self._send(src, self._buf, n, True, False)

    def _my_secret(self):
        if self._secret is not None:
            k = self._secret()
            if k:
                return k
        if self._run_secret is None:
            self._run_secret = bytes(self._entropy(16))   # no flash: this run only
        return self._run_secret

    def _new_round(self, rnd):
        self.phase = SEEDING
        self.rnd = rnd
        self._commits = {}
        self._reveals = {}
        self._revealed = False
        self._rejoin = False
        self._need_own = False
        self._slow_said = False
        self._round_at = self._clock()
        self._my_value = seed_value(self._my_secret(), self.sid, self.salt, rnd, self.node_id)
        self._commits[self.node_id] = seed_commit(self.sid, rnd, self.node_id, self._my_value)
        self._send_commit()

    def _ask_shares(self):
        """Missed the end of seeding or rejoining: ask for the shares we lack."""
        n = M.encode_commit(self._buf, M.SEEDREQ, self.sid, self.rnd, b"")
        for p in self.participants():
            if p == self.node_id:
                continue
            if p not in self._reveals or self._need_own and p == (self.via if self.is_host() else self.host):
                self._send(p, self._buf, n, True, True)
        self._last_resend = self._clock()

    def _send_commit(self, again=False):
        """Broadcast our commit (and reveal, once revealing); `again` marks the periodic
        copies for units that restarted, droppable so they never crowd a busy link."""
        n = M.encode_commit(self._buf, M.COMMIT, self.sid, self.rnd, self._commits[self.node_id])
        self._send(BROADCAST, self._buf, n, True, again)
        if self._revealed:
            n = M.encode_commit(self._buf, M.REVEAL, self.sid, self.rnd, self._my_value)
            self._send(BROADCAST, self._buf, n, True, again)
        self._last_resend = self._clock()

    def _on_commit(self, src, rnd, digest):
        if rnd != self.rnd or src not in self.participants():
            return
        old = self._commits.get(src)
        if old is not None and old != digest and self._revealed:
            self.report("unit %d changed its seed commitment after reveals began" % src)
            return
        if old != digest:
            self._commits[src] = digest
            self._round_at = self._clock()      # progress: the stall timer restarts
        self._progress()

    def _on_reveal(self, src, rnd, value):
        if rnd != self.rnd or src in self._reveals:
            return
        c = self._commits.get(src)
        if c is None:
            return
        if seed_commit(self.sid, rnd, src, value) != c:
            self.report("unit %d's seed reveal does not match its commitment" % src)
            return
        self._reveals[src] = value
        self._round_at = self._clock()
        self._progress()

    def _progress(self):
        if self._need_own:
            return
        parts = self.participants()
        for p in parts:
            if p not in self._commits:
                return
        if not self._revealed:
            self._revealed = True
            self._reveals[self.node_id] = self._my_value
            self._send_commit()
        for p in parts:
            if p not in self._reveals:
                return
        reveals = {}
        for p in parts:
            reveals[p] = self._reveals[p]
        self._begin(derive_seed(self.sid, self.salt, self.rnd, reveals), False)

    def _send_shares(self, dst):
        """SEEDREQ: the shares of this round that we hold (ours, and those we checked)."""
        for node in self._reveals:
            n = M.encode_share(self._buf, self.sid, self.rnd, node, self._reveals[node])
            self._send(dst, self._buf, n, True, False)

    def _on_share(self, src, node, value):
        """A share re-sent on request: each unit's from that unit itself (the link
        authenticates `src`), checked against its commit when we hold one; our own, after
        a restart, from the host (a restarted host: from the guest it rejoined through),
        which also covers a flash secret lost while we were off."""
        if node not in self.participants():
            return
        if node == self.node_id:
            if src != (self.via if self.is_host() else self.host) or not self._need_own:
                return
            self._need_own = False
            self._my_value = value
            self._commits[node] = seed_commit(self.sid, self.rnd, node, value)
            if self._revealed:
                self._reveals[node] = value
        else:
            if src != node or node in self._reveals:
                return
            c = self._commits.get(node)
            if c is not None and seed_commit(self.sid, self.rnd, node, value) != c:
                self.report("unit %d's seed share does not match its commitment" % node)
                return
            self._commits[node] = seed_commit(self.sid, self.rnd, node, value)
            self._reveals[node] = value
        self._round_at = self._clock()
        self._progress()

    def waiting_for(self):
        """Seeding: the participants whose commit (or, once revealing, reveal) we lack."""
        if self.phase != SEEDING:
            return []
        have = self._reveals if self._revealed else self._commits
        return [p for p in self.participants() if p not in have]

    def seeding_slow(self):
        """Seeding has made no progress for SEED_SLOW_MS."""
        return self.phase == SEEDING and ticks_diff(self._clock(), self._round_at) >= SEED_SLOW_MS

    def _begin(self, seed, rejoin):
        rejoin = rejoin or self._rejoin
        self._rejoin = False
        self.seed = seed
        self.phase = PLAYING
        if self.is_host():
            self.announce(True)
        self._on_start(seed, rejoin)

    def poll(self):
        now = self._clock()
        if self.is_host() and (self._last_announce is None
                               or ticks_diff(now, self._last_announce) >= ANNOUNCE_MS):
            self.announce(False)
        if self.phase == SEEDING and self.node_id in self.participants():
            if self._last_resend is None or ticks_diff(now, self._last_resend) >= RESEND_MS:
                if not self._rejoin:
                    self._send_commit(True)
                if self._rejoin or self._revealed and self.waiting_for():
                    self._ask_shares()
            if not self._slow_said and self.seeding_slow() and self.waiting_for():
                self._slow_said = True          # once per stall: the screen keeps saying it
                self.report("seeding: no answer from unit %s for %d s" % (
                    ", ".join(["%d" % u for u in self.waiting_for()]), SEED_SLOW_MS // 1000))
        for sid in list(self.lobby):
            if ticks_diff(now, self.lobby[sid]["seen"]) > LOBBY_FORGET_MS and sid != self.sid:
                del self.lobby[sid]
