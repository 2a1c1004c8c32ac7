# Freeze the whole app into a custom MicroPython build for the Pico (see docs/firmware.md):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/project/firmware/manifest.py
# Relative paths in a manifest are relative to this file, so ".." is the project root.
# Frozen modules run from flash: their bytecode costs no heap, unlike .mpy files on the
# filesystem, which are loaded into RAM.  board.json and the saves stay on the filesystem.
include("$(PORT_DIR)/boards/manifest.py")   # the port's usual frozen modules

package("core", base_path="..")
package("drivers", base_path="..")
package("boards", base_path="..")
module("main.py", base_path=".")
