# Freezes Marcador into a MicroPython firmware image for this board:
#   make -C ports/<port> BOARD=<BOARD> FROZEN_MANIFEST=<this file>
include("../manifest_common.py")
module("board.py")
