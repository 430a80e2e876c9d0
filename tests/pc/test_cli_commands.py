"""The `marcador` command line as a whole: one table of commands, one table
of exit codes, the options every command shares (--version, --json,
--lang, usage errors), the device's clock set first, roster names checked
against the device's own rules, and `marcador import`. In process, against
tests/fakedevice.py and archives built as a board stores games."""

import json
import random
import re
import subprocess
import sys
import time

import pytest
import serial

from conftest import ROOT
from fakedevice import FakeDevice
from gamegen import random_game
from marcador import cli as C
from marcador.archive import Archive
from marcador.cli import main as cli
from marcador.devicelog import to_entry
from marcador_core.games import IDS

DEVICE = "511a000000000001"
OTHER = "511a000000000002"
FSID = "3f9a12c0"


def filled(path, device=DEVICE, numbers=range(1, 6), seed=3, fsid=FSID):
    """An archive holding games numbered `numbers` of `device`."""
    db = Archive(path)
    for n in numbers:
        rnd = random.Random(seed * 1000 + n)      # game n: the same anywhere
        rec, _ = random_game(rnd, ["free", "duplicon", "dog"][n % 3],
                             steps=30)
        assert db.add_entry(device, to_entry(rec, n, 1_790_000_000 + n),
                            fsid) == "new"
    return db


class Device(FakeDevice):
    """The fake device with a roster and settings, counting closes."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.names = []
        self.closed = 0

    def close(self):
        self.closed += 1

    def do_roster(self, a):
        import base64
        if a[0] == "get":
            data = base64.b64encode(json.dumps(self.names).encode())
            return self.send("ok", "roster", data.decode())
        self.names = json.loads(base64.b64decode(a[1]))
        self.send("ok", "roster", len(self.names))

    def do_settings(self, a):
        self.send("ok", "settings", "lang", "es", "dim_s", 60, "off_s", 300)


@pytest.fixture
def device(monkeypatch):
    def make(entries=(), **k):
        dev = Device(list(entries), **k)
        monkeypatch.setattr(serial, "serial_for_url", lambda *a, **kw: dev)
        return dev
    return make


# ---------------------------------------------------------------- shape

def test_every_command_is_named_once_and_every_name_parses():
    source = (ROOT / "host_tools" / "cli.py").read_text()
    parser = C.build_parser()
    assert set(parser.commands) == set(C.COMMANDS)
    for name in C.COMMANDS:
        # The table's key is the only place cli.py spells the name.
        assert source.count(f'"{name}"') == 1, name
        handler, builder, text = C.COMMANDS[name]
        assert callable(handler) and callable(builder) and text
        assert handler.__name__ == f"do_{name}", name
    assert set(C.COMMANDS) >= {"score", "sim", "flash", "sync", "games",
                               "show", "export", "stats", "plot", "report",
                               "damaged", "roster", "settings", "import"}


def test_exit_codes_come_from_the_one_table_and_match_readme():
    from marcador.archive import ArchiveError
    from marcador.commands.common import (FileProblem, InvalidRecord,
                                            UsageError)
    from marcador.link import DeviceError, LinkError
    import sqlite3
    codes = {FileProblem: 1, InvalidRecord: 2, ArchiveError: 3,
             sqlite3.OperationalError: 3, LinkError: 4, DeviceError: 4,
             UsageError: 64, KeyError: 70, KeyboardInterrupt: 130,
             BrokenPipeError: 141}
    for error, code in codes.items():
        assert C.exit_code(error) == code, error
    readme = (ROOT / "docs" / "pc-tools.md").read_text(encoding="utf-8")
    table = readme.split("## Errors and exit codes")[1]
    documented = {int(c) for c in re.findall(r"^\| (\d+)", table, re.M)}
    documented |= {130, 141}
    assert {code for _, code, _ in C.ERRORS} | {0} == documented


def test_version_and_usage_errors_print_that_commands_usage(capsys):
    with pytest.raises(SystemExit) as ex:
        cli(["--version"])
    assert ex.value.code == 0
    from marcador_core.version import VERSION
    assert capsys.readouterr().out == \
        f"marcador {VERSION} (sync protocol 3)\n"
    for argv, command in [(["show"], "show"), (["games", "--bogus"], "games"),
                          (["score"], "score"), (["nope"], None),
                          (["settings", "--port", "x", "volume=3"],
                           "settings"),
                          (["plot", "1", "--format", "gif"], "plot")]:
        assert cli(argv) == 64, argv
        err = capsys.readouterr().err
        usage = "usage: marcador" + (f" {command}" if command else "")
        assert err.startswith(usage), (argv, err)
        assert len([ln for ln in err.splitlines() if "error:" in ln]) == 1


def test_usage_exit_code_differs_from_invalid_record(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "chess", "players": ["A"], "events": []}')
    assert cli(["score", str(bad)]) == 2
    assert cli(["score", "--jsn", str(bad)]) == 64


# ---------------------------------------------------------------- output

def test_json_on_games_show_and_stats(tmp_path, capsys):
    db = filled(tmp_path / "a.sqlite")
    rows = db.games()
    assert cli(["games", "--json", "--db", str(db.path)]) == 0
    games = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in games] == [r["id"] for r in rows]
    assert set(games[0]) >= {"id", "game", "over", "players", "totals",
                             "winners", "started"}
    assert cli(["show", rows[1]["id"], "--json", "--db", str(db.path)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["result"] == json.loads(rows[1]["result"])
    assert shown["record"]["id"] == rows[1]["id"]
    assert cli(["stats", "--json", "--db", str(db.path)]) == 0
    assert json.loads(capsys.readouterr().out)


def test_lang_es_translates_column_heads(tmp_path, capsys):
    doggy = ROOT / "examples" / "doggy_rulebook.json"
    assert cli(["score", str(doggy), "--lang", "es"]) == 0
    head = capsys.readouterr().out.splitlines()[2].split()
    assert head == ["jugador", "parrandas", "reserva", "sets", "mayorías",
                    "total"]
    assert cli(["score", str(doggy)]) == 0
    assert capsys.readouterr().out.splitlines()[2].split() == [
        "player", "parrandas", "reserve", "sets", "majorities", "total"]
    db = filled(tmp_path / "a.sqlite")
    assert cli(["stats", "--lang", "es", "--db", str(db.path)]) == 0
    out = capsys.readouterr().out
    assert "jugador" in out and "victorias" in out and "wins" not in out
    assert cli(["games", "--lang", "es", "--db", str(db.path)]) == 0
    out = capsys.readouterr().out
    assert "terminada" in out and "over" not in out


def test_lang_es_on_the_commands_that_print_sentences(tmp_path, device,
                                                      capsys):
    from test_reliability_sync import good_entries
    parser = C.build_parser()
    with_lang = {name for name, p in parser.commands.items()
                 if any("--lang" in a.option_strings for a in p._actions)}
    assert with_lang == {"score", "show", "games", "stats", "sync", "plot",
                         "report", "damaged", "import"}
    device(good_entries([1, 2]))
    db = tmp_path / "a.sqlite"
    assert cli(["sync", "--lang", "es", "--port", "fake", "--db",
                str(db)]) == 0
    assert cli(["sync", "--lang", "es", "--port", "fake", "--db",
                str(db)]) == 0
    assert cli(["damaged", "--lang", "es", "--db", str(db)]) == 0
    assert cli(["plot", "1", "--lang", "es", "--db", str(db), "-o",
                str(tmp_path / "p.svg")]) == 0
    assert cli(["report", "--lang", "es", "--db", str(db), "-o",
                str(tmp_path / "r.html")]) == 0
    other = filled(tmp_path / "b.sqlite", numbers=[1])
    assert cli(["import", "--lang", "es", str(other.path), "--db",
                str(db)]) == 0
    out = capsys.readouterr().out
    for es in ["2 partidas recibidas, 2 nuevas", "ya están marcadas",
               "nada guardado aparte", "eventos", "partidas, ",
               "1 partida leída de 1 fichero: 1 nueva"]:
        assert es in out, (es, out)
    for en in ["received", "games", "(s)", "nothing kept", "events", "already"]:
        assert en not in out, (en, out)


def test_show_takes_a_bare_number_when_unambiguous(tmp_path, capsys):
    db = filled(tmp_path / "a.sqlite")
    Archive(db.path).close()
    two = filled(tmp_path / "a.sqlite", OTHER, [3], seed=9)
    assert cli(["show", "2", "--db", str(db.path)]) == 0
    by_number = capsys.readouterr().out
    assert cli(["show", f"{DEVICE}-{FSID}-2", "--db", str(db.path)]) == 0
    assert capsys.readouterr().out == by_number != ""
    # Number 3 is on two devices: the ids are named, nothing is shown.
    assert cli(["show", "3", "--db", str(two.path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and f"{DEVICE}-{FSID}-3" in err and \
        f"{OTHER}-{FSID}-3" in err
    assert cli(["show", "99", "--db", str(db.path)]) == 1


def test_score_takes_several_files(tmp_path, capsys):
    ex = sorted((ROOT / "examples").glob("*.json"))[:3]
    assert cli(["score", "--json", *map(str, ex)]) == 0
    results = json.loads(capsys.readouterr().out)
    assert len(results) == 3
    assert cli(["score", *map(str, ex)]) == 0
    out = capsys.readouterr().out
    assert all(f"== {p}" in out for p in ex)
    # One invalid among them: exit 2 and no result printed at all.
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "chess", "players": ["A"], "events": []}')
    assert cli(["score", str(ex[0]), str(bad)]) == 2
    assert capsys.readouterr().out == ""


# ---------------------------------------------------------------- device

def test_sync_sets_the_device_clock_first(tmp_path, device, capsys):
    from test_reliability_sync import good_entries
    dev = device(good_entries([1, 2]))
    before = int(time.time())
    assert cli(["sync", "--port", "fake", "--db",
                str(tmp_path / "a.sqlite")]) == 0
    assert dev.requests[0][0] == "time"
    assert before <= dev.clock <= time.time() + 1
    assert dev.closed == 1                   # the port, closed once


def test_sync_gives_the_device_the_pcs_utc_offset(tmp_path, device, capsys,
                                                 monkeypatch):
    # Mexico City (UTC-6, no daylight saving since 2022): the device dates
    # past games in local days.
    monkeypatch.setenv("TZ", "America/Mexico_City")
    time.tzset()
    try:
        dev = device()
        assert cli(["sync", "--port", "fake", "--db",
                    str(tmp_path / "a.sqlite")]) == 0
        assert dev.tz_min == -360
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_a_device_without_the_utc_offset_still_gets_the_time(tmp_path,
                                                              device, capsys):
    # Firmware older than the offset refuses a second argument: the PC
    # sends the time alone, and says nothing.
    dev = device(mode="time-utc-only")
    before = int(time.time())
    assert cli(["sync", "--port", "fake", "--db",
                str(tmp_path / "a.sqlite")]) == 0
    assert before <= dev.clock <= time.time() + 1 and dev.tz_min is None
    assert "time" not in capsys.readouterr().err


def test_a_device_refusing_the_time_is_told_and_sync_goes_on(tmp_path,
                                                              device, capsys):
    from test_reliability_sync import good_entries
    dev = device(good_entries([1, 2]), mode="time-refused")
    assert cli(["sync", "--port", "fake", "--db",
                str(tmp_path / "a.sqlite")]) == 0
    out, err = capsys.readouterr()
    notes = [ln for ln in err.splitlines() if "time" in ln]
    assert len(notes) == 1 and notes[0].startswith("note:")
    assert "2 games received, 2 new" in out
    assert dev.synced == {1, 2}


@pytest.mark.parametrize("argv", [["roster"], ["roster", "Ana"],
                                  ["settings"], ["settings", "lang=es"]])
def test_roster_and_settings_set_the_clock_first(device, capsys, argv):
    dev = device()
    assert cli(argv[:1] + ["--port", "fake"] + argv[1:]) == 0
    assert dev.requests[0][0] == "time" and dev.clock
    assert dev.closed == 1


def test_roster_names_checked_against_the_device_before_sending(device,
                                                                capsys):
    dev = device()
    for names, says in [(["Ana", "Zoë"], "Zoe"),
                        (["Ana", "x" * 13], "longer than 12"),
                        ([f"J{i}" for i in range(13)], "12 at most"),
                        (["Ana", "Ana"], "twice"),
                        (["Ana", "  "], "empty")]:
        assert cli(["roster", "--port", "fake", *names]) == 64, names
        err = capsys.readouterr().err
        assert says in err and "usage: marcador roster" in err, err
    assert dev.requests == [] and dev.names == []      # nothing sent
    # Accents the font has are fine; names print as one would type them.
    assert cli(["roster", "--port", "fake", "Peñita", "Juan Carlos",
                "Íñigo"]) == 0
    assert dev.names == ["Peñita", "Juan Carlos", "Íñigo"]
    assert capsys.readouterr().out.strip() == 'Peñita "Juan Carlos" Íñigo'


def test_the_name_rules_come_from_the_firmware():
    from marcador import devicefacts
    names = (ROOT / "firmware" / "app" / "names.py").read_text()
    assert f"MAX_LEN = {devicefacts.name_max_len()}" in names
    # Every character the name editor offers is one the font draws.
    assert set(devicefacts.editor_chars()) <= devicefacts.font_chars()
    assert "ë" not in devicefacts.font_chars()
    assert {"ñ", "Ñ", "á", "ü"} <= devicefacts.font_chars()


# ---------------------------------------------------------------- import

def test_import_an_archive_merges_without_duplicates_and_reports_conflicts(
        tmp_path, capsys):
    a = filled(tmp_path / "a.sqlite", numbers=range(1, 6))
    b = filled(tmp_path / "b.sqlite", numbers=range(4, 9))   # 4, 5 shared
    # One game of B under A's id with other bytes: a conflict.
    rnd = random.Random(77)
    rec, _ = random_game(rnd, "free", steps=10)
    other = Archive(tmp_path / "c.sqlite")
    other.add_entry(DEVICE, to_entry(rec, 2, 1_790_000_005), FSID)
    a.add_damaged(DEVICE, FSID, "bad1", b"J" * 40, "reported damaged")
    assert cli(["import", str(a.path), str(other.path),
                "--db", str(b.path)]) == 0
    out = capsys.readouterr().out
    assert "6 games read from 2 files: 3 new" in out, out
    assert "2 already there, 1 conflict" in out
    assert [ln for ln in out.splitlines() if ln.startswith("CONFLICT")] == [
        f"CONFLICT: {DEVICE}-{FSID}-2 is archived with other bytes; the new "
        f"ones are kept apart (`marcador damaged`)"]
    merged = Archive(b.path, readonly=True)
    ids = [g["id"] for g in merged.games()]
    assert len(ids) == len(set(ids)) == 8
    kinds = sorted(k["kind"] for k in merged.damaged())
    assert kinds == ["conflict", "damaged"]
    # Again: nothing new.
    assert cli(["import", str(a.path), "--db", str(b.path)]) == 0
    assert "0 new" in capsys.readouterr().out
    assert len(Archive(b.path, readonly=True).games()) == 8


def test_import_json_records_from_export(tmp_path, capsys):
    a = filled(tmp_path / "a.sqlite")
    out = tmp_path / "a.json"
    assert cli(["export", "--db", str(a.path), "-o", str(out)]) == 0
    b = tmp_path / "b.sqlite"
    assert cli(["import", str(out), "--db", str(b)]) == 0
    assert "5 new" in capsys.readouterr().out
    assert cli(["import", str(out), "--db", str(b)]) == 0
    assert "0 new" in capsys.readouterr().out
    got = Archive(b, readonly=True)
    assert [json.loads(g["record"]) for g in got.games()] == \
        [json.loads(g["record"]) for g in a.games()]
    # A record without id, twice: one game.
    rec = json.loads((ROOT / "examples" / "doggy_rulebook.json").read_text())
    one = tmp_path / "one.json"
    one.write_text(json.dumps(rec))
    assert cli(["import", str(one), str(one), "--db", str(b)]) == 0
    assert "1 new" in capsys.readouterr().out
    assert len(Archive(b, readonly=True).games()) == 6
    # The same id with another record: a conflict, reported.
    recs = json.loads(out.read_text())
    recs[0]["players"] = list(reversed(recs[0]["players"]))
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(recs[:1]))
    assert cli(["import", str(changed), "--db", str(b)]) == 0
    assert f"CONFLICT: {recs[0]['id']}" in capsys.readouterr().out


def test_import_of_an_invalid_record_changes_nothing(tmp_path, capsys):
    a = filled(tmp_path / "a.sqlite")
    out = tmp_path / "a.json"
    assert cli(["export", "--db", str(a.path), "-o", str(out)]) == 0
    recs = json.loads(out.read_text())
    recs[3]["events"].append({"e": "nonsense"})
    out.write_text(json.dumps(recs))
    b = tmp_path / "b.sqlite"
    assert cli(["import", str(out), "--db", str(b)]) == 2
    err = capsys.readouterr().err
    assert "record 3" in err and "nothing was imported" in err
    assert Archive(b, readonly=True).games() == []
    assert cli(["import", str(a.path), "--db", str(a.path)]) == 64
    assert cli(["import", str(tmp_path / "none.json"), "--db", str(b)]) == 1


# ---------------------------------------------------------------- simulator

@pytest.mark.parametrize("stop", [2, 15], ids=["ctrl-c", "sigterm"])
def test_sim_serial_exposes_the_port_with_another_uid(tmp_path, stop):
    from marcador.link import Client
    link = tmp_path / "board2"
    proc = subprocess.Popen(
        [sys.executable, "-m", "marcador", "sim", "--serial", str(link),
         "--uid", "511A000000000002", "--script", "-",
         "--flash", str(tmp_path / "b2.img")],
        stdin=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    proc.stdin.write("ok\nback\n")
    proc.stdin.close()
    try:
        line = proc.stderr.readline()
        assert f"linked at {link}" in line, line
        c = Client(str(link), timeout=5)
        hello = c.hello()
        c.close()
        assert hello["device"] == "511a000000000002"
    finally:
        proc.send_signal(stop)
        code = proc.wait(10)
    assert code == 130
    assert not link.exists()             # the link goes with the device
    assert "Traceback" not in proc.stderr.read()


# ---------------------------------------------------------------- club night

def test_two_simulated_boards_into_one_archive_then_merged(tmp_path,
                                                           capsys):
    # Two boards with different ids each play a game, both are synced into
    # one archive with `marcador sync`, and another archive of one of them
    # is imported into it: nothing duplicated, a conflict reported.
    import test_sync as T
    from marcador.simport import SimDevice
    club = tmp_path / "club.sqlite"
    home = tmp_path / "home.sqlite"
    boards = [("511a0000000000a1", "free"), ("511a0000000000b2", "duplicon")]
    ids = {}
    for uid, title in boards:
        script = T.keys(title) + "back\nserve\n"
        with SimDevice(tmp_path / f"{uid}.img", script,
                       extra=["--uid", uid]) as dev:
            T.connect(dev, games=1).close()
            assert cli(["sync", "--port", dev.port, "--db", str(club)]) == 0
            if title == "free":
                assert cli(["sync", "--all", "--port", dev.port, "--db",
                            str(home)]) == 0
        out = capsys.readouterr().out
        assert f"device {uid}" in out and "1 new" in out, out
        ids[uid] = [g["id"] for g in Archive(club, readonly=True).games()
                    if g["device"] == uid]
    assert [len(v) for v in ids.values()] == [1, 1]
    # home holds board a1's game too: importing it adds nothing.
    assert cli(["import", str(home), "--db", str(club)]) == 0
    assert "0 new" in capsys.readouterr().out
    # A row under a1's id with other bytes: reported, kept apart.
    (gid,) = ids["511a0000000000a1"]
    device, fsid, number = gid.split("-")
    rec = json.loads((ROOT / "examples" / "doggy_rulebook.json").read_text())
    other = Archive(tmp_path / "other.sqlite")
    other.add_entry(device, to_entry(rec, int(number)), fsid)
    other.close()
    assert cli(["import", str(other.path), "--db", str(club)]) == 0
    assert f"CONFLICT: {gid}" in capsys.readouterr().out
    games = Archive(club, readonly=True).games()
    assert len(games) == 2 and len({g["id"] for g in games}) == 2


def test_the_readme_path_sim_serial_then_sync(tmp_path, capsys):
    # `marcador sim --serial LINK --script ...` in one process, `marcador
    # sync --port LINK` in this one: the game arrives, dated by the clock
    # sync set.
    link = tmp_path / "sim-serial"
    # The game is archived (offered to the PC) once the final screen is
    # left: BACK after the script's last key.
    script = tmp_path / "free.keys"
    script.write_text((ROOT / "sim/scripts/free.keys").read_text() +
                      "back\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "marcador", "sim", "--serial", str(link),
         "--script", str(script),
         "--flash", str(tmp_path / "board.img")],
        stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert "linked at" in proc.stderr.readline()
        from marcador.link import Client, LinkError
        c = Client(str(link), timeout=2)
        for _ in range(100):             # until the script's game is over
            try:
                if c.games():
                    break
            except LinkError:
                pass
            time.sleep(0.1)
        c.close()
        assert cli(["sync", "--port", str(link), "--db",
                    str(tmp_path / "a.sqlite")]) == 0
        out = capsys.readouterr().out
    finally:
        proc.send_signal(2)
        proc.wait(10)
    assert "1 game received, 1 new" in out, out
    (game,) = Archive(tmp_path / "a.sqlite", readonly=True).games()
    assert game["game"] == "free" and game["started"]


def test_every_doc_the_help_names_exists(capsys):
    # `marcador COMMAND --help` may point to documents: they must be there.
    names = []
    for command in C.COMMANDS:
        with pytest.raises(SystemExit):
            cli([command, "--help"])
        names += re.findall(r"[\w./-]+\.md\b", capsys.readouterr().out)
    assert "docs/simulator.md" in names
    assert [n for n in names if not (ROOT / n).exists()] == []


@pytest.mark.parametrize("script, says", [
    ("ok\nfrobnicate\n", "line 2: frobnicate"),
    ("ok\nhold\n", "line 2: hold"),
    ("ok\nshot ../../escape\n", "line 2: shot ../../escape"),
    ("ok\nwait soon\n", "line 2: wait soon"),
])
def test_a_bad_script_line_is_one_message_and_runs_nothing(
        script, says, tmp_path, capsys):
    # Script mode never shows a traceback: the line at fault, in one line,
    # and no screenshot written anywhere.
    path = tmp_path / "bad.keys"
    path.write_text(script)
    shots = tmp_path / "shots"
    rc = cli(["sim", "--script", str(path), "--shots", str(shots)])
    err = capsys.readouterr().err
    assert rc != 0
    assert says in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    assert not shots.exists() and not (tmp_path.parent / "escape.png").exists()


def test_an_unnamed_shot_gets_a_name_and_an_unwritable_folder_is_one_line(
        tmp_path, capsys):
    path = tmp_path / "ok.keys"
    path.write_text("ok\nshot\n")
    shots = tmp_path / "shots"
    assert cli(["sim", "--script", str(path), "--shots", str(shots)]) == 0
    assert [p.name for p in shots.iterdir()] == ["shot1.png"]
    blocker = tmp_path / "file"
    blocker.write_text("")
    rc = cli(["sim", "--script", str(path), "--shots", str(blocker / "x")])
    err = capsys.readouterr().err
    assert rc != 0 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err


def test_a_missing_port_is_one_line_that_lists_ports_with_one_exit_code(
        capsys):
    # sync, roster, settings and flash on a port that is not there: the
    # same kind of failure, the same exit code (4, the device), the reason
    # said once (pyserial repeats the errno) and the ports that are here.
    for argv in (["sync", "--port", "/dev/nonexistent"],
                 ["roster", "--port", "/dev/nonexistent", "Ana"],
                 ["settings", "--port", "/dev/nonexistent", "lang=es"],
                 ["flash", "--board", "pico_ssd1306", "--port",
                  "/dev/nonexistent"]):
        assert cli(argv) == 4, argv
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1, err
        assert err.count("Errno") <= 1 and err.count("No such file") <= 1, err
        assert "cannot open /dev/nonexistent" in err, err
        assert "Serial ports here:" in err, err


def test_a_record_without_a_known_game_names_the_games(capsys, monkeypatch):
    import io
    for text, said in (("{}", "no \"game\""), ('{"game": "chess"}',
                                               "'chess'")):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(
            io.BytesIO(text.encode()), encoding="utf-8"))
        assert cli(["score", "-"]) == 2
        err = capsys.readouterr().err
        assert said in err and "None" not in err, err
        assert ", ".join(IDS) in err, err


def test_every_command_that_prints_data_has_json(tmp_path, device, capsys):
    # sync, roster, settings and damaged print data too: --json gives one
    # JSON value on stdout for each (notes stay on stderr).
    from test_reliability_sync import good_entries
    db = str(tmp_path / "a.sqlite")
    device(good_entries([1, 2]))
    assert cli(["sync", "--port", "fake", "--db", db, "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert (got["received"], got["new"]) == (2, 2) and got["wire"] > 0
    device()
    assert cli(["roster", "--port", "fake", "Ana", "Beto", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == ["Ana", "Beto"]
    device()
    assert cli(["settings", "--port", "fake", "--json"]) == 0
    assert isinstance(json.loads(capsys.readouterr().out), dict)
    assert cli(["damaged", "--db", db, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    for command in C.COMMANDS:
        if command in ("sync", "roster", "settings", "damaged", "games",
                       "show", "stats", "score"):
            with pytest.raises(SystemExit):
                cli([command, "--help"])
            assert "--json" in capsys.readouterr().out, command
