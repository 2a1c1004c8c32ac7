"""The simulator window (drivers/host_window.py) on SDL's dummy video driver: every
button's chip holds its whole name and the keyboard keys fit beside it."""
import pytest

pygame = pytest.importorskip("pygame", reason="pygame is part of requirements-dev.txt")

from boards import host  # noqa: E402
from drivers.host_window import HostWindow  # noqa: E402
from tools.sim import Sim  # noqa: E402


@pytest.mark.parametrize("layout", sorted(host.LAYOUTS))
def test_button_chips_show_whole_names(layout, monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    sim = Sim(layout, str(tmp_path), out=lambda *a: None)     # its flash: saves, link key
    win = HostWindow(sim.hw, host.KEYS[layout], 2)
    try:
        win.draw(0)
        for name in sim.hw.board.BUTTONS:
            assert win.font.size(name)[0] + 8 <= win.chip_w, name
            keys_w = win.font.size(" / ".join(host.KEYS[layout].get(name, ())))[0]
            assert 12 + win.chip_w + 8 + keys_w <= win.side, name
    finally:
        pygame.display.quit()
