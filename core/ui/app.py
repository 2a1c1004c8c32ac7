"""core/boot.py hands over to `core.ui.app.run(boot)`; the app loop itself is core/app.py."""
from core.app import run  # noqa: F401
