"""Platform-agnostic core: runs unchanged on CPython 3.11 and MicroPython."""
