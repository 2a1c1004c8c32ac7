"""Boot straight into the menu on the board named in board.json (see core/boot.py).

The app loop runs from here, not from inside core.boot, so that no boot code stays on
the stack: the app drops core/boot.py once it runs (core.app.make_app, BOOT_ONLY)."""
from core.boot import main

b = main()      # steps 1-4: the Boot, or None when the device cannot start (said why)
del main
if b is not None:
    try:
        from core.app import run        # the app and its device loop
    except ImportError as exc:
        print("boot: the app (core/app.py) is not installed: %s" % exc)
    else:
        run(b)
