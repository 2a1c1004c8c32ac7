"""A virtual board: the MicroPython unix port behind a pseudo-terminal, for mpremote.

    python -m tools.virtual_board DIR [--heap 128K]     (prints the port, runs until Ctrl-C)

The unix port runs with DIR as its working directory, so DIR is the board's filesystem:
`mpremote connect PORT resume fs cp x.py :x.py` writes DIR/x.py.  It replaces
`socat PTY,link=P,raw,echo=0 EXEC:micropython,pty,raw,echo=0` without needing socat:

    client (mpremote) <-> pty A <-> relay thread <-> pty B <-> micropython process

Two ptys are needed because the unix port only runs its REPL when stdin is a terminal,
and a terminal has one reader.  `.venv/bin/micropython` is a CPython wrapper that calls
the embedded MicroPython's main(); a soft reset (Ctrl-D in the raw REPL, mpremote
`soft-reset`/`reset`) ends that process.  A real board comes back after a reset, so the
relay starts a fresh process (a "reboot"; `boots` counts them) unless told not to.  Bytes
that arrive while no process runs are held and delivered to the next one, like a board's
USB serial that re-enumerates.

Quirks of the wrapper, and how the relay deals with them:
- Ctrl-C: the unix port keeps its terminal raw in the REPL, even while the raw REPL runs
  code, so a ^C byte never becomes SIGINT and cannot stop a running script (a board
  stops it).  The relay sends SIGINT itself when ^C arrives and the process is not at a
  prompt.  It never does so while the process is starting: a SIGINT during the CPython
  wrapper's start-up kills it ("Fatal Python error: init_import_site"), and between
  scripts MicroPython leaves SIGINT at its default action (terminate).  Client bytes are
  held until the new process has printed its banner (the board is "booting").
- Soft reset: the unix port prints nothing, it just exits; mpremote waits for
  "soft reboot" and then the raw REPL.  The relay prints what a board prints, starts a
  new process and, if the old one was in the raw REPL, puts the new one there too.
"""
import argparse
import os
import select
import signal
import subprocess
import sys
import termios
import threading
import time
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_micropython():
    exe = os.path.join(ROOT, ".venv", "bin", "micropython")
    return exe if os.path.exists(exe) else "micropython"


def _make_controlling_tty():
    os.setsid()
    import fcntl
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class VirtualBoard:
    """The unix port on a pty.  Use as a context manager; `port` is the path to open."""

    def __init__(self, root, command=None, heapsize=None, respawn=True, env=None):
        self.root = root
        if command is None:
            command = [default_micropython()]
            if heapsize:
                command.append("-X")
                command.append("heapsize=%s" % heapsize)
        self.command = command
        self.respawn = respawn
        self.env = env
        self.port = None
        self.boots = 0
        self._proc = None
        self._child_fd = None
        self._pending = b""   # client bytes not yet delivered (the board is booting)
        self._ready = False
        self._raw = False
        self._stop = threading.Event()
        self._thread = None
        self._lock = threading.Lock()

    # -- lifecycle ----------------------------------------------------------------------
    def start(self):
        self._client_fd, self._client_slave = os.openpty()
        tty.setraw(self._client_slave)
        self.port = os.ttyname(self._client_slave)
        self._spawn()
        self._thread = threading.Thread(target=self._relay, name="virtual-board", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self._kill()
        for fd in (self._client_fd, self._client_slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def running(self):
        with self._lock:
            return self._proc is not None and self._proc.poll() is None

    def wait_for_boots(self, n, timeout=10.0):
        """Wait until the board has been started `n` times in all (reset checks)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.boots >= n and self.running():
                return True
            time.sleep(0.05)
        return False

    # -- the child process -------------------------------------------------------------
    def _spawn(self):
        master, slave = os.openpty()
        tty.setraw(slave)
        proc = subprocess.Popen(self.command, stdin=slave, stdout=slave, stderr=slave,
                                cwd=self.root, env=self.env, close_fds=True,
                                preexec_fn=_make_controlling_tty)
        os.close(slave)
        with self._lock:
            self._proc = proc
            self._child_fd = master
            self._ready = False
            self.boots += 1

    def _kill(self):
        with self._lock:
            proc, fd = self._proc, self._child_fd
            self._proc = None
            self._child_fd = None
        if proc is not None:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
        if fd is not None:
            try:
                os.close(fd)
            except OSError:
                pass

    @staticmethod
    def _write_all(fd, data):
        while data:
            try:
                n = os.write(fd, data)
            except BlockingIOError:
                time.sleep(0.001)
                continue
            data = data[n:]

    # -- the relay ---------------------------------------------------------------------
    def _relay(self):
        tail = b""          # the end of the child's output, to spot the raw REPL banner
        while not self._stop.is_set():
            child = self._child_fd
            fds = [self._client_fd] + ([child] if child is not None else [])
            try:
                ready, _, _ = select.select(fds, [], [], 0.05)
            except (OSError, ValueError):
                break
            if self._client_fd in ready:
                try:
                    data = os.read(self._client_fd, 4096)
                except OSError:
                    data = b""
                if b"\x02" in data:
                    self._raw = False
                if b"\x03" in data and self._ready and not tail.endswith(_PROMPTS):
                    self._interrupt()
                self._pending += data
            if child is not None and child in ready:
                try:
                    data = os.read(child, 4096)
                except OSError:
                    data = b""          # EIO: the process closed the terminal (exited)
                if data:
                    self._ready = True
                    tail = (tail + data)[-64:]
                    if _RAW_BANNER in tail:
                        self._raw = True
                        tail = b""
                    self._write_all(self._client_fd, data)
                else:
                    self._child_ended()
                    continue
            elif child is not None and not self.running():
                self._child_ended()
                continue
            if self._pending and self._ready and self._child_fd is not None:
                data, self._pending = self._pending, b""
                try:
                    self._write_all(self._child_fd, data)
                except OSError:
                    self._pending = data + self._pending

    def _interrupt(self):
        """Ctrl-C while a script runs: the REPL keeps the terminal raw, so signal it."""
        with self._lock:
            proc = self._proc
        if proc is not None and proc.poll() is None:
            os.kill(proc.pid, signal.SIGINT)

    def _child_ended(self):
        was_raw = self._raw
        self._kill()
        if not self.respawn or self._stop.is_set():
            return
        self._write_all(self._client_fd, b"MPY: soft reboot\r\n")
        self._spawn()
        if was_raw:
            self._pending = b"\r\x01" + self._pending


_RAW_BANNER = b"raw REPL; CTRL-B to exit"
_PROMPTS = (b">", b">>> ", b"... ")


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m tools.virtual_board", description=__doc__.split("\n")[0])
    p.add_argument("root", help="directory that is the board's filesystem")
    p.add_argument("--heap", default=None, help="heap size for the unix port, e.g. 128K")
    args = p.parse_args(argv)
    os.makedirs(args.root, exist_ok=True)
    with VirtualBoard(args.root, heapsize=args.heap) as vb:
        print("virtual board on %s (filesystem %s); Ctrl-C to stop" % (vb.port, args.root))
        sys.stdout.flush()
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
