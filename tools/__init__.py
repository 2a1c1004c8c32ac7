"""Host-side tools (simulator, deploy, arena, benchmarks).  CPython only.

Importing this package puts the MicroPython shim on sys.path so that `core` imports.
"""
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (_ROOT, os.path.join(_ROOT, "tools", "hostshim")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
