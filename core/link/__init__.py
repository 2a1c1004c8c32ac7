"""The link stack: framing -> channel -> net -> session/lockstep -> unit (see docs/link.md).

Each layer is its own module and is tested on its own (tests/core/test_link_*.py).
"""
