"""The simulated board's flash is littlefs on a block device (an image
file here): settings and the roster survive a reboot."""

from host_tools import sim


def test_settings_and_roster_survive_a_reboot(tmp_path):
    img = tmp_path / "flash.img"
    # Settings: language to English; roster: add a name ("J1" + "a").
    first = "\n".join(["down 2", "ok", "ok",          # settings, language
                       "down 3", "ok", "down", "ok",  # roster, "+"
                       "ok", "long ok",               # J1 -> "J11" (copies), save
                       "state"])
    states, _ = sim.run_script(first, flash=img)
    assert states[-1]["lang"] == 1
    assert states[-1]["roster"] == ["J11"]
    assert states[-1]["flash_writes"] > 0
    assert img.stat().st_size == 256 * 4096
    # Power off and on: a new simulator process on the same image.
    states, _ = sim.run_script("state", flash=img)
    assert states[-1]["lang"] == 1 and states[-1]["roster"] == ["J11"]
    # Without the image, a fresh board has the defaults.
    states, _ = sim.run_script("state")
    assert states[-1]["lang"] == 0 and states[-1]["roster"] == []
