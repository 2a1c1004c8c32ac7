"""CPython stand-in for MicroPython's `micropython` module.

Only the host puts this folder on sys.path (tests/conftest.py, tools/__init__.py).
The device has the real module built in, so this file is never deployed.
"""


def const(value):
    return value


def native(func):
    return func


def viper(func):
    return func


def heap_lock():
    return 0


def heap_unlock():
    return 0


def mem_info(*_args):
    return None
