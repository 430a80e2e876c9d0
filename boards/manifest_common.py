# What every board freezes (included by boards/*/manifest.py). Frozen
# modules run from flash and cost almost no RAM.
include("$(PORT_DIR)/boards/manifest.py")
# core: every module of firmware/core but the PC's (host_tools/build_mpy.py
# PC_ONLY: record.py and codec/, the JSON record codec), so that a new
# title's core/<id>.py is frozen with no line here (tests/pc/test_flash.py
# checks this rule against PC_ONLY). makemanifest runs this file from
# boards/.
import os
package("core", files=sorted(f for f in os.listdir("../firmware/core")
                             if f.endswith(".py") and f != "record.py"),
        base_path="../firmware")
package("app", base_path="../firmware")
package("drivers", base_path="../firmware")
module("main.py", base_path="../firmware")
