# Freezes Marcador into a MicroPython firmware image for this board:
#   make -C ports/<port> BOARD=<BOARD> FROZEN_MANIFEST=<this file>
# Frozen modules run from flash and cost almost no RAM.
include("$(PORT_DIR)/boards/manifest.py")
package("core", base_path="../../firmware")
package("app", base_path="../../firmware")
package("drivers", base_path="../../firmware")
module("board.py")
module("main.py", base_path="../../firmware")
