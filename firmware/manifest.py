# Freeze the whole app into a custom MicroPython build for the Pico (see docs/firmware.md):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/project/firmware/manifest.py
# Relative paths in a manifest are relative to this file, so ".." is the project root.
# Frozen modules run from flash: their bytecode costs no heap, unlike .mpy files on the
# filesystem, which are loaded into RAM.  board.json and the saves stay on the filesystem.
include("$(PORT_DIR)/boards/manifest.py")   # the port's usual frozen modules

package("core", base_path="..")
# drivers/ and boards/ less the web page's board and driver (drivers/browser.py,
# boards/browser.py: only the WebAssembly port in a browser runs them, tools/deploy.py
# BROWSER_ONLY).  A new file here must be named: tests/host/test_firmware_fit.py checks
# these lists against the folders.
package("drivers", files=["__init__.py", "_expand_viper.py", "buttons.py", "expand.py",
                          "host_display.py", "host_panel.py", "host_png.py", "host_window.py",
                          "null_bus.py", "st7789.py"], base_path="..")
package("boards", files=["__init__.py", "hardware.py", "host.py", "link_pins.py",
                         "pico_display_2.py", "pico_lcd_1_3.py"], base_path="..")
module("main.py", base_path=".")
