"""The device's sync link under hostile or careless hosts, on the
MicroPython VM (tests/mp/link_check.py: the firmware's App on the
simulated board, its serial port a fake that the script feeds and reads):
no request ends the app loop, every number is bounded, every byte sent is
printable, a host that reads nothing never blocks the device, and settings
are written to flash only when they change."""

import base64
import json

import pytest

from conftest import MP_SCRIPTS, printed, run_micropython, unchecked


def check(*args, timeout=600, stdin=""):
    out = run_micropython(MP_SCRIPTS / "link_check.py", args=args,
                          timeout=timeout, stdin=stdin)
    return printed(out[-1])


def test_a_command_name_of_260_letters_is_unknown_and_the_loop_goes_on():
    r = check("longname")
    assert "raised" not in r, r
    assert r["answer"] == [["err", "3", "unknown_" + "a" * 16]]
    assert r["alive"]


@pytest.mark.parametrize("n", ["99999999999999999999", "-5", "1704067199",
                               "4102444800", "67768036191676800", "1e9",
                               "0x7fffffff", "+1800000000"])
def test_time_out_of_range_is_refused_without_touching_the_clock(n):
    # The unix port's gmtime segfaulted on the first one.
    r = check("time", n)
    assert r["answer"] == [["err", "4", "bad_arguments"]] and r["alive"]


@pytest.mark.parametrize("n", ["1704067200", "1800000000", "4102444799"])
def test_time_in_range_is_set(n):
    r = check("time", n)
    assert r["answer"] == [["ok", "time", n]] and r["alive"]


# 1758499200 is 2025-09-22 00:00 UTC: 21/09 in Mexico City (UTC-6).
@pytest.mark.parametrize("off, day", [("-360", "21/09"), ("0", "22/09"),
                                      ("120", "22/09")])
def test_time_with_the_pcs_utc_offset_dates_past_games_locally(off, day):
    r = check("tz", "1800000000", off)
    assert r["answer"] == [["ok", "time", "1800000000"]] and r["alive"]
    assert r["tz"] == r["tz_after_reboot"] == int(off)
    assert r["day"] == day


@pytest.mark.parametrize("off", ["-721", "841", "x", "0x10", "1e2"])
def test_a_utc_offset_out_of_range_is_refused_and_nothing_kept(off):
    r = check("tz", "1800000000", off)
    assert r["answer"] == [["err", "4", "bad_arguments"]] and r["alive"]
    assert r["tz"] == r["tz_after_reboot"] == 0
    assert r["day"] == "22/09"                  # dated in UTC, as before


def test_the_link_writes_no_more_than_the_ports_budget_per_step():
    r = check("pace")
    assert max(r["per_step"]) == 100 and sum(r["per_step"]) > 250
    assert len([n for n in r["per_step"] if n]) >= 3
    [[ok, what, b64]] = r["answer"]
    assert (ok, what) == ("ok", "roster")
    assert json.loads(base64.b64decode(b64)) == [
        "N%02d-abcdefgh" % i for i in range(12)]


BIG = "9" * 30


def test_every_number_of_every_request_is_bounded():
    reqs = [["fetch", BIG, "0"], ["fetch", "1", BIG], ["fetch", "1", "0", BIG],
            ["fetch", "-1", "0"], ["pull", BIG], ["pull", "1", BIG],
            ["pull", "+1"], ["mark", BIG], ["mark", "1-" + BIG],
            ["mark", "1-"], ["mark", "1-0x5"], ["mark", "1", "2", "+3"],
            ["settings", "set", "dim_s", BIG],
            ["settings", "set", "off_s", "0x3c"], ["time", BIG],
            ["hello", "a", "b", "c", "d", "e"]]
    r = check("ask", stdin="".join(json.dumps(q) + "\n" for q in reqs))
    assert r["answers"] == [[["err", "4", "bad_arguments"]]] * len(reqs)
    assert r["alive"]


def fuzz(n):
    r = check("fuzz", n)
    shown = unchecked(r)
    print(f"\n{n} hostile requests: {shown['answers']} answers, "
          f"{shown['bytes']} bytes sent, {shown['non_printable']} "
          f"non-printable, {len(shown['raised'])} tracebacks")
    assert r["raised"] == [] and r["alive"] and r["requests"] == n
    assert r["answers"] == n and r["malformed"] == 0
    # Each answer a whole frame: "#", its words, an 8-digit CRC, newline.
    assert r["bytes"] >= 12 * n
    assert r["non_printable"] == 0
    assert 0 < r["longest_echo"] <= 16
    return r


def test_every_byte_the_device_sends_is_printable_ascii():
    fuzz(2000)


@pytest.mark.slow
def test_twenty_thousand_hostile_requests():
    fuzz(20000)


def test_a_request_failing_inside_the_device_gets_err_8_and_the_loop_goes_on():
    r = check("internal")
    assert r["answer"] == [["err", "8", "internal"]]
    assert r["memory"] == [["err", "8", "internal"]]      # MemoryError
    assert r["port_failed_steps"] == 5      # a failing port: loop goes on
    assert r["alive"] and r["internal"] >= 3


def test_a_host_that_reads_nothing_never_blocks_the_device():
    r = check("flood", 1200)
    shown = unchecked(r)
    print(f"\nflood of 1200 requests unread: answers kept {shown['frames']} "
          f"frames ({shown['busy']} err 7), heap growth "
          f"{shown['peak_growth']} B")
    assert r["raised"] == [] and r["requests"] == 1200
    # The loop ran a step per request and the taps' steps (after boot's 3):
    # none was skipped or blocked.
    assert r["steps"] == 3 + 1200 + 16 * len(r["moved"])
    # Keys kept working: DOWN moved the home menu at every tap.
    assert len(r["moved"]) == 24 and len(set(r["moved"])) > 1
    assert all(r["moved"][i] != r["moved"][i + 1]
               for i in range(len(r["moved"]) - 1))
    assert r["home_kept"]
    # The device kept reading requests, and its memory stayed bounded.
    assert r["unread_input"] < 400
    assert r["peak_growth"] < 8000
    # Then the host reads: whole frames, answers and refusals.
    assert r["frames"] > 5 and r["malformed"] == 0 and r["tail"] == 0
    assert r["non_printable"] == 0
    assert r["busy"] > 0
    assert "ok settings" in r["kinds"] or "ok game" in r["kinds"]
    assert r["alive"]


def test_settings_and_roster_are_written_only_when_they_change():
    r = check("settings")
    print("\nblock writes:", {k: v[0] for k, v in r.items()})
    for k in ("set_first", "roster_first", "set_other"):
        assert r[k][0] > 0 and r[k][1][0] == "ok", (k, r[k])
    for k in ("set_same", "set_default", "roster_same"):
        assert r[k][0] == 0 and r[k][1][0] == "ok", (k, r[k])


def test_the_output_buffer_keeps_every_byte_in_order_and_never_grows():
    # drivers/outbuf.py on CPython against a plain reference: random puts
    # (whole or partial) and a port taking random amounts, wrapping the
    # ring thousands of times.
    import random
    from conftest import firmware_module
    OutBuf = firmware_module("drivers/outbuf.py").OutBuf
    rnd = random.Random(3)

    class Port:
        def __init__(self):
            self.got = bytearray()

        def write(self, b):
            n = min(len(b), rnd.choice([0, 0, 1, 7, 64, 500]))
            self.got += bytes(b[:n])
            return n

    out, port, sent = OutBuf(1024), Port(), bytearray()
    for i in range(20000):
        data = bytes(rnd.randrange(256) for _ in range(rnd.randrange(300)))
        whole = rnd.random() < 0.5
        room = out.room()
        n = out.put(data, whole)
        assert n == (len(data) if len(data) <= room else 0 if whole
                     else room)
        sent += data[:n]
        most = rnd.choice([0, 1, 100, 2000])
        had = len(port.got)
        assert out.drain(port, most) == len(port.got) - had <= most
        assert 0 <= out.room() <= 1024 and len(out.buf) == 1024
    while out.room() < 1024:
        out.drain(port, 1024)
    assert port.got == sent and len(sent) > 1_000_000


def test_the_protocol_facts_have_one_home():
    # Command limits, error codes and time bounds live in core/wire.py
    # only: neither side may define its own copy (they drifted before:
    # the same 16, 192, 4096 and err 7 were written on both sides).
    import re
    from conftest import ROOT
    names = ("PROTO", "PROTOCOL", "REQUEST_MAX", "MARK_SPANS", "MAX_SPANS",
             "CHUNK", "PULL_MAX", "NUM_MAX", "OFF_MAX", "TIME_MIN",
             "TIME_MAX", "E_FRAME", "E_LONG", "E_UNKNOWN", "E_ARGS",
             "E_NO_GAME", "E_STORE", "E_BUSY", "E_INTERNAL")
    literal = re.compile(r"^(%s) = [0-9]" % "|".join(names), re.M)
    for path in ("firmware/drivers/link.py", "firmware/app/sync.py",
                 "host_tools/link.py", "host_tools/sync.py",
                 "host_tools/archive.py"):
        text = (ROOT / path).read_text()
        assert not literal.findall(text), path
    from marcador_core import wire
    assert literal.findall((ROOT / "firmware/core/wire.py").read_text())
    assert (wire.PROTOCOL, wire.E_BUSY, wire.MARK_SPANS) == (3, 7, 16)


def test_the_link_is_in_ram_only_while_the_pc_talks():
    r = check("lazy")
    assert r["boot"] == [] and not r["boot_link"]
    assert r["first"] == ["ok", "settings"]       # its first byte kept
    assert r["talking"] == ["app.sync", "drivers.link", "drivers.outbuf"]
    assert r["after_9s"] == r["talking"]
    assert r["after_10s"] == [] and not r["after_10s_link"]
    assert r["again"] == ["ok", "settings"]
