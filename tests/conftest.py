"""Host test set-up: project root and the MicroPython shim on sys.path."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (ROOT, os.path.join(ROOT, "tools", "hostshim"), os.path.join(ROOT, "tests", "core")):
    if p not in sys.path:
        sys.path.insert(0, p)
