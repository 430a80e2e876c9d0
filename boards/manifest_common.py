# What every board freezes (included by boards/*/manifest.py). Frozen
# modules run from flash and cost almost no RAM.
include("$(PORT_DIR)/boards/manifest.py")
# core: the modules the board runs, by name. Not record.py nor codec/: the
# JSON record codec is the PC's (host_tools/build_mpy.py PC_ONLY;
# tests/pc/test_flash.py checks this list against it).
package("core", files=["__init__.py", "alebrijes.py", "dinos.py", "dog.py",
                       "doggy.py", "duplicon.py", "error_texts.py",
                       "errors.py", "free.py", "game.py", "gamefile.py",
                       "games.py", "log.py", "version.py", "wire.py"],
        base_path="../firmware")
package("app", base_path="../firmware")
package("drivers", base_path="../firmware")
module("main.py", base_path="../firmware")
