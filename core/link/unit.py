"""One unit on the link: channels + forwarding + session + lockstep, and the pause logic.

The app loop (or tools/link_unit.py) feeds received bytes to `receive(port, buf, start,
end)` and calls `poll()` every few milliseconds; the UI reads `status()`, `lobby()`,
`game`, `my_seat()` and calls `host_game`, `join`, `start`, `submit`, `hand_to_ai`.

Presence: every unit in a session broadcasts PRESENCE (its phase, history length and
the far end of each of its cables that was up and is down now) every PRESENCE_MS.  The
game pauses on every unit while a participant has not been heard for MISSING_MS, or any
participant reports a cable down; it resumes by itself when they are back.  Nothing is
lost: the channels keep their queues, and whatever was missed is fetched with SYNCREQ.

What the pause says (core/link/trouble.py, loaded only when there is trouble): a cable that goes down cannot tell a pulled cable
from a unit switched off or restarting (both ends fall silent), so it names the silent
unit and both possibilities; reports from other units name both ends of their cable; a
unit is never named as the cause of its own report.  Beyond the session, `link_problem()`
(the same module) names a neighbour that speaks another link version (channel HELLO), a game heard from
beyond MAX_HOPS (net.Node.on_far) and a ring cabled by mistake (net.Node.ring()).

Host away: while the game is playing and the host has not been heard for MISSING_MS, the
guest with the lowest node id among those heard announces the session on the host's
behalf every ANNOUNCE_MS, so that the host, switched off and on, finds its game and
rejoins it as host (session.py, lockstep.py).
"""
from micropython import const

from core.clock import ticks_ms, ticks_diff
from core.link import messages as M
from core.link.channel import Channel
from core.link.lockstep import Lockstep
from core.link.net import Node, BROADCAST
from core.link.session import Session, LOBBY, SEEDING, PLAYING, PHASE_NAMES, ANNOUNCE_MS

PRESENCE_MS = const(400)
MISSING_MS = const(2000)
GONE_MS = const(10000)
_TROUBLE = const(1)
_KEYS_OK = const(2)        # PRESENCE flag: keys ready with every participant
_EARLY = const(16)
FAR_MS = const(3000)        # a game heard from too far away is shown this long


def _u16(b):
    return (b[0] << 8 | b[1]) or 1


class LinkUnit:
    """`writers`: one write(buf, n) per UART port.  `entropy(n)` -> n random bytes
    (default core.link.ident.entropy).  `ai(game, seat)` decides for the AI seats when
    this unit hosts: an action, or None for "not yet" (Speed's real-time bots).
    `secret`: this unit's bytes kept in flash (core.boot.load_link_secret), from which its
    seal nonces are derived, so that a sealed choice survives a restart; never sent.
    None: a secret drawn for this run only (a restart cannot open its old seals).
    `secure`: messages encrypted and authenticated end to end (core/link/secure.py);
    False gives the clear link of before, for benchmarks only.  `keep_record`: play the
    game's variant that keeps the whole match (`RECORDED`: Speed's SpeedRecorded), for
    tools and tests on a host that write or compare whole-match records; a device plays
    the game itself (Speed keeps one round: memory flat with the rounds)."""

    def __init__(self, node_id, writers, entropy=None, clock=ticks_ms, games=None, ai=None,
                 secret=None, secure=True, keep_record=False):
        if entropy is None:
            from core.link.ident import entropy
        if games is None:
            from core.registry import game_class
            games = game_class
        self.node_id = node_id
        self._entropy = entropy
        self._clock = clock
        self._games = games
        self.ai = ai
        self.secret = secret
        self.keep_record = keep_record
        self.node = Node(node_id, self._on_net, clock)
        self.node.on_far = self._on_far
        self._far_at = None
        for i in range(len(writers)):
            self.node.add_channel(Channel(node_id, _u16(entropy(2)), writers[i],
                                          self.node.deliver, self._on_link, clock, i))
        self.session = Session(node_id, self._send, entropy, clock, games, self._on_start,
                               self._flash_secret)
        self.secure = None
        if secure:
            from core.link.secure import Secure
            self.secure = Secure(node_id, entropy, clock, self.node.send, self._on_opened,
                                 self.session)
        self._keys_ok = {}
        self._start_wanted = False
        self.lockstep = None
        self._buf = bytearray(16)
        self._heard = {}
        self._early = []
        self._trouble = {}
        self._down = {}         # participant -> (far end of its cable A, of B) when down
        self._last_presence = None
        self._last_proxy = None
        self._was_trouble = False
        self._ring_told = False
        self.messages_in = 0
        self.bad_messages = 0
        self.unhandled = 0      # messages that raised in dispatch (a bug: tests assert 0)

    # -- plumbing -------------------------------------------------------------------------
    def _flash_secret(self):
        return self.secret

    def _send(self, dst, buf, n, reliable=True, droppable=False):
        if self.secure is not None:
            return self.secure.send(dst, buf, n, reliable, droppable)
        return self.node.send(dst, buf, n, reliable, droppable)

    def _on_net(self, src, buf, start, n):
        if self.secure is None:
            self._on_message(src, buf, start, n)
        else:
            self.secure.receive(src, buf, start, n)

    def _on_opened(self, src, buf, start, n, authed):
        """From the secure layer: an opened envelope (authed), or a clear SESSION / JOIN.
        A clear SESSION or LEAVE of our own session from a unit we share keys with is
        refused: a member takes the host's word (and a keyed guest's leave) only signed."""
        if not authed and n >= 3:
            s = self.session
            sid = buf[start + 1] << 8 | buf[start + 2]
            if s.sid and sid == s.sid and self.secure.ready(src) and buf[start] != M.JOIN:
                return
        self._on_message(src, buf, start, n)

    def securing(self):
        """True while this unit's session waits for its keys (the room says so)."""
        s = self.session
        if self.secure is None or not s.sid or s.phase != LOBBY:
            return False
        parts = s.participants()
        if len(parts) < 2:
            return False
        if not self.secure.all_ready(parts):
            return True
        if s.is_host():
            for p in parts:
                if p != self.node_id and not self._keys_ok.get(p):
                    return True
        return False

    def receive(self, port, buf, start, end):
        self.node.channels[port].receive(buf, start, end)

    def _trouble_here(self):
        return self.node.trouble(self.session.participants())

    def _on_link(self, ch):
        if self.session.sid and self._trouble_here() != self._was_trouble:
            self._presence()

    def _on_message(self, src, buf, start, n):
        """Last resort (issue #15 item 2): a peer's message that raises anywhere in the
        dispatch is counted, reported and dropped; the unit plays on.  No message should
        get here (the fuzz tests assert `unhandled` stays 0)."""
        try:
            self._dispatch(src, buf, start, n)
        except MemoryError:
            raise               # not the peer's bytes: the app's own handling (a full heap)
        except Exception:   # noqa: a peer's bytes never show this unit's crash page
            self.unhandled += 1
            try:
                self.session.report("unit %d sent a message this unit could not handle" % src)
            except Exception:   # noqa
                pass

    def _dispatch(self, src, buf, start, n):
        m = M.decode(buf, start, n)
        if m is None:
            self.bad_messages += 1
            return
        self.messages_in += 1
        s = self.session
        if m[1] == s.sid and s.sid:
            self._heard[src] = self._clock()
            if m[0] == M.PRESENCE:
                self._trouble[src] = m[4] & _TROUBLE
                self._keys_ok[src] = m[4] & _KEYS_OK
                if m[4] & _TROUBLE or src in self._down:
                    self._down[src] = (m[5], m[6])
                if self.lockstep is not None and m[2] == PLAYING:
                    self.lockstep.peer_progress(src, m[3])
                return
        if m[0] < M.ACTION:
            s.on_message(src, m)
        elif self.lockstep is not None:
            self.lockstep.on_message(src, m)
        elif m[1] == s.sid and s.sid and len(self._early) < _EARLY:
            self._early.append((src, m))    # game messages from units that started first

    def _on_start(self, seed, rejoin):
        s = self.session
        # Speed keeps the current round only (a resync starts from the round's start,
        # core/link/lockstep.py); SpeedRecorded when asked to keep the whole match
        cls = getattr(s.cls, "RECORDED", s.cls) if self.keep_record else s.cls
        game = cls(s.options, seed)
        self.lockstep = Lockstep(s, game, self._send, self._entropy, self._clock,
                                 s.report, self.ai, self.secret)
        now = self._clock()
        for p in s.participants():
            self._heard[p] = now
        if rejoin:
            # first: game messages heard while the seed shares came in must not start a
            # partial catch-up that would hold back the whole log's request
            self.lockstep.rejoin()
        early = self._early
        self._early = []
        for src, m in early:
            self.lockstep.on_message(src, m)

    def _on_far(self, src, buf, start, n):
        """A message that came further than MAX_HOPS (net.py): a session announced by a
        host too far down the chain for this unit to play with."""
        if n > 0 and (buf[start] == M.SESSION or buf[start] & 0xF8 == M.SIGNED) and \
                self.session.sid == 0:      # (a signed SESSION: core/link/secure.py)
            self._far_at = self._clock()

    def _down_ends(self):
        """The far end of each of this unit's cables to a participant that went down."""
        parts = self.session.participants()
        out = [0, 0]
        for ch in self.node.channels:
            if ch.ever_up and not ch.up and ch.peer_node in parts and ch.index < 2:
                out[ch.index] = ch.peer_node
        return out

    def _presence(self):
        s = self.session
        hist = self.lockstep.n() if self.lockstep is not None else 0
        t = self._trouble_here()
        self._was_trouble = t
        f = _TROUBLE if t else 0
        if self.secure is None or self.secure.all_ready():
            f |= _KEYS_OK
        d = self._down_ends()
        n = M.encode_presence(self._buf, s.sid, s.phase, hist, f, d[0], d[1])
        self._send(BROADCAST, self._buf, n, True, True)
        self._last_presence = self._clock()

    # -- the loop -------------------------------------------------------------------------
    def poll(self):
        self.node.poll()
        if self.secure is not None:
            self.secure.poll()
        s = self.session
        s.poll()
        if s.sid == 0:
            return
        if self._start_wanted and not self.securing():
            self._start_wanted = False
            if s.is_host() and s.phase == LOBBY:
                s.start()
        now = self._clock()
        ring = self.node.ring()
        if ring and not self._ring_told:
            s.report("the units are cabled in a ring: unplug one cable")
        self._ring_told = ring
        if self._last_presence is None or ticks_diff(now, self._last_presence) >= PRESENCE_MS:
            self._presence()
        if s.phase == PLAYING and not s.is_host() and (
                self._last_proxy is None or ticks_diff(now, self._last_proxy) >= ANNOUNCE_MS):
            self._announce_for_host()
        if self.lockstep is not None:
            self.lockstep.poll(self.paused())

    def _announce_for_host(self):
        """The host is away: the lowest-numbered guest heard keeps the session findable."""
        s = self.session
        self._last_proxy = self._clock()
        miss = self.missing()
        if s.host not in miss:
            return
        for p in s.participants():
            if p != s.host and p < self.node_id and p not in miss:
                return
        s.announce_for_host()

    # -- what the UI reads ----------------------------------------------------------------
    @property
    def game(self):
        return self.lockstep.game if self.lockstep is not None else None

    def my_seat(self):
        return self.session.my_seat()

    def missing(self, ms=MISSING_MS):
        """Participants not heard from for `ms`."""
        now = self._clock()
        out = []
        for p in self.session.participants():
            if p == self.node_id:
                continue
            t = self._heard.get(p)
            if t is None or ticks_diff(now, t) > ms:
                out.append(p)
        return out

    def cable_trouble(self):
        """Units (this one included) reporting a pulled cable."""
        out = [self.node_id] if self._trouble_here() else []
        for p in self.session.participants():
            if p != self.node_id and self._trouble.get(p):
                out.append(p)
        return out

    def lossy_neighbours(self):
        """Neighbours whose cable resends more than one frame in four (or delivers frames
        that fail their check): worth telling the player when a step hangs."""
        out = []
        for ch in self.node.channels:
            if ch.peer_node and ch.data_tx >= 8 and ch.retransmits * 4 > ch.data_tx:
                out.append(ch.peer_node)
        return out

    def paused(self):
        return self.session.phase == PLAYING and bool(self.missing() or self.cable_trouble())

    def status(self):
        """A dict the UI shows: state, message, and details."""
        s = self.session
        g = self.game
        st = {"state": PHASE_NAMES[s.phase] if s.sid else "idle", "host": s.is_host(),
              "links": self.node.links_up(), "missing": self.missing(),
              "gone": self.missing(GONE_MS), "reports": list(s.reports)}
        if g is not None and g.is_over():
            st["state"] = "over"
            st["message"] = "game over"
        elif self.paused():
            st["state"] = "paused"
            from core.link import trouble as T     # text for a pause: loaded when needed
            causes, waiting = T.trouble(self)
            st["causes"] = causes
            st["waiting"] = waiting
            st["message"] = "paused: " + (T.trouble_text(causes, waiting) or self.link_problem()
                                          or "waiting for the other units")
            st["can_hand_to_ai"] = s.is_host() and bool(st["gone"])
        elif s.phase == SEEDING:
            st["message"] = "agreeing on a fair shuffle"
            wait = s.waiting_for()
            if wait and s.seeding_slow():
                # issue #15 item 4/10: say who the shuffle waits for, and why if we know
                st["message"] = "shuffle: waiting for unit %s" % ", ".join(["%d" % u for u in wait])
                lossy = self.lossy_neighbours()
                if lossy:
                    st["message"] = "the cable to unit %s is losing data" % ", ".join(
                        ["%d" % u for u in lossy])
                st["waiting"] = wait
                st["can_hand_to_ai"] = s.is_host() and bool(self.missing(GONE_MS)) or (
                    s.is_host() and ticks_diff(self._clock(), s._round_at) >= GONE_MS)
        elif s.phase == LOBBY and s.sid and self.securing():
            st["message"] = "securing the link..."
        elif s.phase == LOBBY and s.sid:
            st["message"] = "waiting for the host to start"
        else:
            st["message"] = ""
        if self.lockstep is not None and self.lockstep.cue:
            st["cue"] = self.lockstep.cue
        if self.cabling_problem():
            st["link"] = self.link_problem()
        return st

    def cabling_problem(self):
        """True when link_problem() has something to say (core/link/trouble.py): a
        neighbour of another link version, a ring, a game heard from too far away."""
        for ch in self.node.channels:
            if ch.alien_version >= 0:
                return True
        return self.node.ring() or (self._far_at is not None and
                                    ticks_diff(self._clock(), self._far_at) < FAR_MS)

    def link_problem(self):
        if not self.cabling_problem():
            return ""
        from core.link.trouble import link_problem
        return link_problem(self)

    def lobby(self):
        """Games heard that this unit can join or follow: list of (sid, game name, options,
        seats, phase name)."""
        out = []
        for sid in self.session.lobby:
            i = self.session.lobby[sid]
            if not i["compat"]:
                out.append((sid, i["name"], i["options"], list(i["seats"]),
                            PHASE_NAMES[i["phase"]]))
        return out

    def lobby_updates(self):
        """Games heard that need a firmware update first: list of (sid, game name or None,
        host, reason): reason M.R_GUEST_OLDER (this unit is older) or M.R_HOST_OLDER."""
        out = []
        for sid in self.session.lobby:
            i = self.session.lobby[sid]
            if i["compat"]:
                out.append((sid, i["name"], i["host"], i["compat"]))
        return out

    # -- what the UI does -----------------------------------------------------------------
    def host_game(self, name, options, n_seats):
        self.session.host_game(name, options, n_seats, _u16(self._entropy(2)))

    def join(self, sid):
        self.session.join(sid)

    def start(self):
        """Host: open seeding, as soon as every participant holds keys with every other
        (at once when they already do)."""
        s = self.session
        if not s.is_host() or s.phase != LOBBY:
            raise ValueError("only the host starts, from the lobby")
        if self.securing():
            self._start_wanted = True
        else:
            s.start()

    def hand_to_ai(self, seat):
        self.session.hand_to_ai(seat)

    def submit(self, action, seat=None):
        """This unit's human decides; None when accepted, else the reason."""
        if self.lockstep is None:
            return "no game"
        if self.paused():
            return "paused"
        if seat is None:
            seat = self.my_seat()
        return self.lockstep.submit(seat, action)
