"""core/boot.py hands over to `core.ui.app.run(boot)`; the app loop itself is core/app.py, the device loop core/device.py."""
from core.device import run  # noqa: F401
