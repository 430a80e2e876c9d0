"""The simulated board's flash is littlefs on a block device (an image
file here): settings and the roster survive a reboot."""

from marcador import sim


def test_settings_and_roster_survive_a_reboot(tmp_path):
    img = tmp_path / "flash.img"
    # Settings: language to English; roster: add a name ("A" + "a": the
    # editor starts a new name on "A", its next letter on "a").
    first = "\n".join(["down 2", "ok", "ok",          # settings, language
                       "down 3", "ok", "down", "ok",  # roster, "+"
                       "ok", "long ok",               # "Aa", save
                       "state"])
    states, _ = sim.run_script(first, flash=img)
    assert states[-1]["lang"] == 1
    assert states[-1]["roster"] == ["Aa"]
    assert states[-1]["flash_writes"] > 0
    assert img.stat().st_size == 256 * 4096
    # Power off and on: a new simulator process on the same image.
    states, _ = sim.run_script("state", flash=img)
    assert states[-1]["lang"] == 1 and states[-1]["roster"] == ["Aa"]
    # Without the image, a fresh board has the defaults.
    states, _ = sim.run_script("state")
    assert states[-1]["lang"] == 0 and states[-1]["roster"] == []


def test_the_simulator_takes_a_damaged_newest_entry_as_the_firmware(
        tmp_path):
    # One damaged length byte in the newest archive entry: the simulator
    # boots, reports the damage, counts only the readable games and
    # shows the newest readable one (it used to end in a traceback).
    from conftest import MP_SCRIPTS, ROOT, printed, run_micropython
    keys = [(ROOT / "sim" / "scripts" / f"{n}.keys").read_text()
            for n in ("free", "duplicon")]
    script = "".join("\n".join(ln for ln in k.splitlines()
                               if not ln.startswith("shot")) + "\nback\n"
                     for k in keys) + "state\n"
    img = tmp_path / "flash.img"
    states, _ = sim.run_script(script, flash=img)
    assert states[-1]["past"] == 2
    first = states[-1]["last_past"]
    out = run_micropython(MP_SCRIPTS / "store_check.py", path=(),
                          args=("damage_newest", img, 0))
    damaged = printed(out[-1])
    # Both games in the first segment; the newest after the first.
    assert damaged["segment"] == "a0001" and damaged["offset"] > 0
    states, _ = sim.run_script("state\nok\nstate\n", flash=img)
    boot, after = states[0], states[1]
    assert boot["screen"] == "Note"          # the damage is reported
    assert after["past"] == 1
    assert after["last_past"]["game"] == "free" != first["game"]
