"""(A helper, no tests: named test_save_* to sit with the save tests.)

A fake flash filesystem for the save tests: counts every step and can lose power or
fail at any of them.

`files` is what is durably on flash.  Each mutating call (open for writing, write, flush,
close, remove, rename, sync) is one step.  With `cut_at=k` the k-th step raises PowerCut
and the filesystem goes dead (later calls raise PowerCut too), so `files` is what a
reboot would find.  With `fail_at=k` the k-th step raises OSError (a full or failing
flash) and the filesystem keeps working.  `torn=True` makes a cut write leave the first
half of its data behind; `lose_unflushed=True` keeps written data in a buffer until
flush/close, and a cut loses it.
"""


class PowerCut(Exception):
    pass


class FakeFile:
    """Written data is kept as a list of pieces (`parts`: durable, `buf`: not yet flushed)
    and joined only when someone looks: growing one bytes object per write would
    fragment a 128 KB heap."""

    def __init__(self, fs, name):
        self.fs = fs
        self.name = name
        self.parts = []
        self.buf = []

    def write(self, data):
        """Keeps a copy, as a real file does: a caller may refill its buffer after."""
        fs = self.fs
        data = bytes(data)
        try:
            fs.step()
        except PowerCut:
            if fs.torn:
                self.parts.append(data[:len(data) // 2])
            raise
        (self.buf if fs.lose_unflushed else self.parts).append(data)
        return len(data)

    def _commit(self):
        self.parts.extend(self.buf)
        self.buf = []

    def contents(self):
        return b"".join(self.parts)

    def flush(self):
        self.fs.step()
        self._commit()

    def close(self):
        self.fs.step()
        self._commit()
        self.fs._close(self)


class FakeFs:
    def __init__(self, files=None, cut_at=None, fail_at=None, torn=False, lose_unflushed=False):
        self.files = dict(files or {})
        self.cut_at = cut_at
        self.fail_at = fail_at
        self.torn = torn
        self.lose_unflushed = lose_unflushed
        self.steps = 0
        self.dead = False
        self.log = []
        self._open = {}         # name -> FakeFile being written

    def step(self):
        if self.dead:
            raise PowerCut()
        self.steps += 1
        if self.cut_at == self.steps:
            self.dead = True
            raise PowerCut()
        if self.fail_at == self.steps:
            raise OSError(28)   # ENOSPC

    def _close(self, f):
        if self._open.get(f.name) is f:
            del self._open[f.name]
            self.files[f.name] = f.contents()

    def _settle(self):
        """Make open files' durable data visible in `files` (what flash holds now)."""
        for name in self._open:
            self.files[name] = self._open[name].contents()

    def rebooted(self):
        """A fresh, working filesystem holding what survived on flash."""
        self._settle()
        return FakeFs(self.files)

    def read(self, name):
        if self.dead:
            raise PowerCut()
        self._settle()
        return self.files.get(name)

    def exists(self, name):
        if self.dead:
            raise PowerCut()
        return name in self.files

    def open_write(self, name):
        self.step()
        self.log.append(("open", name))
        self.files[name] = b""
        f = FakeFile(self, name)
        self._open[name] = f
        return f

    def remove(self, name):
        self.step()
        if name not in self.files:
            raise OSError(2)
        self.log.append(("remove", name))
        del self.files[name]
        self._open.pop(name, None)

    def rename(self, old, new):
        self.step()
        if old not in self.files:
            raise OSError(2)
        if new in self.files:
            raise OSError(17)   # EEXIST: FAT cannot rename over a file; be as strict
        self.log.append(("rename", old, new))
        self._settle()
        self._open.pop(old, None)
        self.files[new] = self.files.pop(old)

    def sync(self):
        self.step()
