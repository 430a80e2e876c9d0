# What every board freezes (included by boards/*/manifest.py). Frozen
# modules run from flash and cost almost no RAM.
include("$(PORT_DIR)/boards/manifest.py")
package("core", base_path="../firmware")
package("app", base_path="../firmware")
package("drivers", base_path="../firmware")
module("main.py", base_path="../firmware")
