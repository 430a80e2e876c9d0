"""Hostile files (issue 23, items 1, 2, 3 and 10): ids that are paths,
output targets that are symlinks, devices or planted temp names, names
that are spreadsheet formulas, control characters in JSON output."""

import csv
import io
import json
import os
import sqlite3
import stat

import pytest

from marcador.archive import Archive
from marcador.cli import main as cli
from marcador.devicelog import to_entry

DEVICE = "511a000000000001"
FSID = "3f9a12c0"
FIRST = f"{DEVICE}-{FSID}-1"
EXIT_FILE, EXIT_RECORD = 1, 2


def free_game(names, points=(3, -5, 2, 0, 1, 4)):
    events = [{"e": "round", "scores": [points[i % len(points)]
                                         for i in range(len(names))]},
              {"e": "end"}]
    return {"game": "free", "players": list(names), "options": {},
            "events": events}


def archive_with(path, *name_lists, device=DEVICE, fsid=FSID):
    db = Archive(path)
    for n, names in enumerate(name_lists, 1):
        assert db.add_entry(device, to_entry(free_game(names), n,
                                             1_790_000_000 + n), fsid) \
            == "new"
    db.close()
    return path


def sql(path, *statements):
    db = sqlite3.connect(path)
    for s, *args in statements:
        db.execute(s, *args)
    db.commit()
    db.close()


def copy_row_as(path, gid, number):
    """Game 1 again, under another id and number (as a hostile archive
    written by hand holds it)."""
    sql(path, ("INSERT INTO games SELECT ?, device, ?, game, started, "
               "finished, players, record, result, raw, added FROM games "
               "WHERE number = 1", (gid, number)))


def one_line(err):
    return err.count("\n") == 1 and "Traceback" not in err


# ------------------------------------------------- 1: ids that are paths

HOSTILE_IDS = ["../../ESCAPED", "a/b-1", "x\x00y-1", ".hidden-1",
               "..\\..\\x-1", "", f"{DEVICE}-1\n",
               f"{DEVICE}-{FSID}-1/../../x", f"{DEVICE}-zzzzzzzz-1",
               "json-../../../etc"]


@pytest.mark.parametrize("gid", HOSTILE_IDS,
                         ids=[repr(g) for g in HOSTILE_IDS])
def test_import_refuses_an_archive_with_a_hostile_id(tmp_path, capsys, gid):
    hostile = archive_with(tmp_path / "hostile.sqlite", ["Ana", "Beto"])
    copy_row_as(hostile, gid, 77)
    mine = archive_with(tmp_path / "mine.sqlite", ["Cris", "Dani"],
                        device="511a000000000002")
    before = mine.read_bytes()
    capsys.readouterr()
    assert cli(["import", str(hostile), "--db", str(mine)]) == EXIT_RECORD
    err = capsys.readouterr().err
    assert one_line(err) and "nothing was imported" in err, err
    assert "\x00" not in err
    assert mine.read_bytes() == before


def test_import_refuses_a_hostile_id_among_the_kept_apart(tmp_path,
                                                           capsys):
    hostile = archive_with(tmp_path / "hostile.sqlite", ["Ana", "Beto"])
    sql(hostile, ("INSERT INTO conflicts VALUES (?, 'x', x'00', 1)",
                  ("../../ESCAPED",)))
    mine = archive_with(tmp_path / "mine.sqlite", ["Cris"],
                        device="511a000000000002")
    before = mine.read_bytes()
    assert cli(["import", str(hostile), "--db", str(mine)]) == EXIT_RECORD
    assert "nothing was imported" in capsys.readouterr().err
    assert mine.read_bytes() == before


@pytest.mark.parametrize("gid", HOSTILE_IDS,
                         ids=[repr(g) for g in HOSTILE_IDS])
def test_import_refuses_json_with_a_hostile_id(tmp_path, capsys, gid):
    rec = dict(free_game(["Ana"]), id=gid)
    (tmp_path / "r.json").write_text(json.dumps(rec))
    mine = tmp_path / "mine.sqlite"
    assert cli(["import", str(tmp_path / "r.json"), "--db", str(mine)]) \
        == EXIT_RECORD
    err = capsys.readouterr().err
    assert one_line(err) and "nothing was imported" in err, err
    assert not mine.exists() or Archive(mine, readonly=True).games() == []


def test_the_archive_refuses_a_hostile_id_from_any_caller(tmp_path):
    db = Archive(tmp_path / "a.sqlite")
    raw = to_entry(free_game(["Ana"]), 1)
    with pytest.raises(ValueError):
        db.add_entry("../..", raw, FSID)
    with pytest.raises(ValueError):
        db.merge([{"id": "../../ESCAPED", "device": "x", "number": 1,
                   "game": "free", "started": None, "finished": 1,
                   "players": "[]", "record": "{}", "result": "{}",
                   "raw": raw}])
    assert db.games() == []


def test_plot_never_writes_outside_the_folder_for_an_archived_id(
        tmp_path, capsys, monkeypatch):
    # An archive that already holds such ids (written by hand, or by an
    # older marcador): the file name made from the id stays in the folder.
    db = archive_with(tmp_path / "a.sqlite", ["Ana", "Beto"])
    copy_row_as(db, "../../ESCAPED", 77)
    copy_row_as(db, "x\x00y/z", 78)
    copy_row_as(db, ".profile", 79)
    work = tmp_path / "one" / "two"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    for number in ("77", "78", "79"):
        capsys.readouterr()
        assert cli(["plot", number, "--db", str(db)]) == 0, \
            capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.sqlite", "one"]
    assert sorted(p.name for p in (tmp_path / "one").iterdir()) == ["two"]
    made = sorted(p.name for p in work.iterdir())
    assert len(made) == 3, made
    for name in made:
        assert not name.startswith(".") and name.endswith(".png")
        assert "\x00" not in name and "/" not in name and "\\" not in name


# ------------------------------------------------- 2: every -o / --out

OUT_COMMANDS = {
    "plot": (["plot", FIRST], "chart.png"),
    "plot-svg": (["plot", FIRST], "chart.svg"),
    "report": (["report"], "report.html"),
    "export-json": (["export", "--format", "json"], "games.json"),
    "export-csv": (["export", "--format", "csv"], "games.csv"),
    "export-bgstats": (["export", "--format", "bgstats"], "games.bgsplay"),
}


@pytest.fixture
def archive(tmp_path_factory):
    base = tmp_path_factory.mktemp("archive")
    return archive_with(base / "a.sqlite", ["Ana", "Beto"], ["Cris"])


def run_out(archive, command, target):
    argv, _ = OUT_COMMANDS[command]
    return cli(argv + ["--db", str(archive), "-o", str(target),
                       "--config", os.devnull]
               if command == "export-bgstats" else
               argv + ["--db", str(archive), "-o", str(target)])


def umask():
    old = os.umask(0)
    os.umask(old)
    return old


def written(path, command):
    """The target holds a whole output of `command`."""
    data = path.read_bytes()
    if command.startswith("plot") and path.suffix == ".png":
        return data.startswith(b"\x89PNG")
    if command == "plot-svg":
        return data.lstrip().startswith(b"<") and b"</svg>" in data
    if command == "report":
        return b"</html>" in data
    if command == "export-csv":
        return data.startswith(b"id,game,")
    return isinstance(json.loads(data), (list, dict))


def made(name, command):
    """The names a successful write of `command` to name makes: the
    report's summary page has its folder of pages beside it."""
    name = os.path.basename(str(name))
    if command == "report":
        return [name, name[:-len(".html")] + "_files"]
    return [name]


def leftovers(folder, *expected):
    return sorted(set(p.name for p in folder.iterdir()) - set(expected))


# Each case: (prepare(folder, name) -> target, expected exit code,
# check(folder, target, command, err)).

def _new(folder, name):
    return folder / name


def _check_new(folder, target, command, err):
    assert written(target, command)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask()
    assert leftovers(folder, *made(target, command)) == []


def _existing(folder, name):
    target = folder / name
    target.write_bytes(b"old")
    target.chmod(0o644)
    _existing.inode = target.stat().st_ino
    return target


def _check_replaced(folder, target, command, err):
    # Replaced whole (a new file renamed over it), never written in place.
    assert written(target, command)
    assert target.stat().st_ino != _existing.inode
    assert leftovers(folder, *made(target, command)) == []


def _mode(mode):
    def prepare(folder, name):
        target = folder / name
        target.write_bytes(b"old")
        target.chmod(mode)
        return target

    def check(folder, target, command, err):
        assert written(target, command)
        assert stat.S_IMODE(target.stat().st_mode) == mode
    return prepare, check


def _victim(folder):
    victim = folder.parent / f"victim-{folder.name}"
    victim.write_bytes(b"precious")
    return victim


def _symlink_to_victim(folder, name):
    target = folder / name
    target.symlink_to(_victim(folder))
    return target


def _check_victim_kept(folder, target, command, err):
    assert (folder.parent / f"victim-{folder.name}").read_bytes() == \
        b"precious"
    assert target.is_symlink()
    assert "symbolic link" in err, err
    assert leftovers(folder, target.name) == []


def _dangling(folder, name):
    target = folder / name
    target.symlink_to(folder / "nowhere")
    return target


def _check_dangling(folder, target, command, err):
    assert target.is_symlink() and not (folder / "nowhere").exists()
    assert "symbolic link" in err, err
    assert leftovers(folder, target.name) == []


def _symlink_to_folder(folder, name):
    (folder / "sub").mkdir()
    target = folder / name
    target.symlink_to(folder / "sub")
    return target


def _check_link_to_folder(folder, target, command, err):
    assert target.is_symlink() and list((folder / "sub").iterdir()) == []


def _planted(folder, name):
    # Symlinks to a victim at every temp name the old code could pick
    # (".NAME.PID.tmp": the tests run the command in this process).
    victim = _victim(folder)
    pid = os.getpid()
    for p in range(max(1, pid - 5), pid + 6):
        (folder / f".{name}.{p}.tmp").symlink_to(victim)
    return folder / name


def _check_planted(folder, target, command, err):
    assert (folder.parent / f"victim-{folder.name}").read_bytes() == \
        b"precious"
    assert written(target, command) and not target.is_symlink()
    assert all(p.is_symlink() for p in folder.iterdir()
               if p.name not in made(target, command))


def _device(folder, name):
    # A private copy of /dev/null's node (the real one is never touched).
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    target = folder / name
    os.mknod(target, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return target


def _check_device(folder, target, command, err):
    assert stat.S_ISCHR(target.lstat().st_mode)
    assert "not a regular file" in err, err
    assert leftovers(folder, target.name) == []


def _fifo(folder, name):
    target = folder / name
    os.mkfifo(target)
    return target


def _check_fifo(folder, target, command, err):
    assert stat.S_ISFIFO(target.lstat().st_mode)
    assert "not a regular file" in err, err
    assert leftovers(folder, target.name) == []


def _folder(folder, name):
    target = folder / name
    target.mkdir()
    return target


def _check_folder(folder, target, command, err):
    assert target.is_dir() and list(target.iterdir()) == []
    assert "folder" in err, err


def _missing_parent(folder, name):
    return folder / "no" / "such" / name


def _check_missing_parent(folder, target, command, err):
    assert not (folder / "no").exists()
    assert "no folder" in err, err


def _parent_is_file(folder, name):
    (folder / "plain").write_bytes(b"x")
    return folder / "plain" / name


def _check_parent_is_file(folder, target, command, err):
    assert (folder / "plain").read_bytes() == b"x"
    assert "not a folder" in err, err


def _trailing_slash(folder, name):
    return str(folder / name) + "/"


def _check_trailing_slash(folder, target, command, err):
    assert leftovers(folder) == []


def _relative(folder, name):
    os.chdir(folder)
    return name


def _check_relative(folder, target, command, err):
    assert written(folder / target, command)
    assert leftovers(folder, *made(target, command)) == []


def _owned(folder, name):
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")
    target = folder / name
    target.write_bytes(b"old")
    os.chown(target, 4321, 4322)
    return target


def _check_owner(folder, target, command, err):
    st = target.stat()
    assert written(target, command) and (st.st_uid, st.st_gid) == \
        (4321, 4322)


def _hard_link(folder, name):
    other = folder.parent / f"other-{folder.name}"
    other.write_bytes(b"precious")
    target = folder / name
    os.link(other, target)
    return target


def _check_hard_link(folder, target, command, err):
    # The other name keeps the old contents: the file is replaced, not
    # rewritten in place.
    assert written(target, command)
    assert (folder.parent / f"other-{folder.name}").read_bytes() == \
        b"precious"


PATH_CASES = {
    "new-file": (_new, 0, _check_new),
    "existing-replaced-atomically": (_existing, 0, _check_replaced),
    "mode-600-kept": (*_mode(0o600)[:1], 0, _mode(0o600)[1]),
    "mode-640-kept": (*_mode(0o640)[:1], 0, _mode(0o640)[1]),
    "mode-664-kept": (*_mode(0o664)[:1], 0, _mode(0o664)[1]),
    "owner-kept": (_owned, 0, _check_owner),
    "hard-link-other-name-kept": (_hard_link, 0, _check_hard_link),
    "relative-name": (_relative, 0, _check_relative),
    "symlink-to-victim": (_symlink_to_victim, EXIT_FILE,
                          _check_victim_kept),
    "dangling-symlink": (_dangling, EXIT_FILE, _check_dangling),
    "symlink-to-folder": (_symlink_to_folder, EXIT_FILE,
                          _check_link_to_folder),
    "planted-temp-symlinks": (_planted, 0, _check_planted),
    "device-node": (_device, EXIT_FILE, _check_device),
    "fifo": (_fifo, EXIT_FILE, _check_fifo),
    "folder": (_folder, EXIT_FILE, _check_folder),
    "missing-parent": (_missing_parent, EXIT_FILE, _check_missing_parent),
    "parent-is-a-file": (_parent_is_file, EXIT_FILE, _check_parent_is_file),
    "trailing-slash": (_trailing_slash, EXIT_FILE, _check_trailing_slash),
}


@pytest.mark.parametrize("case", list(PATH_CASES))
@pytest.mark.parametrize("command", list(OUT_COMMANDS))
def test_every_output_path_case(tmp_path, archive, capsys, monkeypatch,
                                command, case):
    monkeypatch.chdir(tmp_path)
    prepare, code, check = PATH_CASES[case]
    folder = tmp_path / "out"
    folder.mkdir()
    target = prepare(folder, OUT_COMMANDS[command][1])
    capsys.readouterr()
    assert run_out(archive, command, target) == code
    err = capsys.readouterr().err
    if code:
        assert one_line(err), err
    check(folder, target, command, err)


@pytest.mark.parametrize("command", list(OUT_COMMANDS))
def test_dash_writes_to_standard_output(tmp_path, archive, capfdbinary,
                                        monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    argv = OUT_COMMANDS[command][0]
    if command == "plot-svg":
        argv = argv + ["--format", "svg"]
    if command == "export-bgstats":
        argv = argv + ["--config", os.devnull]
    assert cli(argv + ["--db", str(archive), "-o", "-"]) == 0
    out = capfdbinary.readouterr().out
    assert list(tmp_path.iterdir()) == []            # no file named "-"
    copy = tmp_path / OUT_COMMANDS[command][1]
    copy.write_bytes(out)
    assert written(copy, command)


@pytest.mark.parametrize("command", ["plot", "plot-svg", "report"])
def test_dash_to_a_terminal_never_gets_a_binary_or_raw_controls(
        tmp_path, capsys, monkeypatch, command):
    import sys
    monkeypatch.chdir(tmp_path)
    db = archive_with(tmp_path / "a.sqlite", ["Ana\x9b2J", "Beto"])
    argv = OUT_COMMANDS[command][0] + ["--db", str(db), "-o", "-"]
    if command == "plot-svg":
        argv += ["--format", "svg"]
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code = cli(argv)
    out, err = capsys.readouterr()
    if command == "plot":
        assert code == EXIT_FILE and "terminal" in err and out == ""
    else:
        assert code == 0 and "\\x9b" in out and "\x9b" not in out


def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path, archive,
                                                         capsys,
                                                         monkeypatch):
    from marcador import report

    def broken(archive, f, progress=None, lang=None, pages=None):
        pages.add("2026-01.html", b"<html>a page")
        f.write(b"<html>half")
        raise OSError(28, "No space left on device")
    target = tmp_path / "r.html"
    # A report there before: its page and its folder are kept whole.
    assert run_out(archive, "report", target) == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "r_files")
              .iterdir()}
    target.write_bytes(b"old")
    monkeypatch.setattr(report, "write", broken)
    assert run_out(archive, "report", target) == EXIT_FILE
    assert one_line(capsys.readouterr().err)
    assert target.read_bytes() == b"old"
    assert leftovers(tmp_path, "r.html", "r_files") == []
    assert {p.name: p.read_bytes() for p in (tmp_path / "r_files")
            .iterdir()} == before


def hostile_damaged(tmp_path):
    db = Archive(archive_with(tmp_path / "a.sqlite", ["Ana"]))
    db.add_damaged(DEVICE, FSID, "bad1", b"J" * 40, "reported damaged")
    db.close()
    return db.path


def test_damaged_out_creates_a_missing_folder(tmp_path, capsys):
    path = hostile_damaged(tmp_path)
    out = tmp_path / "new" / "folder"
    assert cli(["damaged", "--db", str(path), "--out", str(out)]) == 0, \
        capsys.readouterr().err
    files = list(out.iterdir())
    assert len(files) == 1 and files[0].read_bytes() == b"J" * 40


def test_damaged_out_that_is_a_file_is_one_line(tmp_path, capsys):
    path = hostile_damaged(tmp_path)
    (tmp_path / "plain").write_bytes(b"x")
    assert cli(["damaged", "--db", str(path), "--out",
                str(tmp_path / "plain")]) == EXIT_FILE
    assert one_line(capsys.readouterr().err)
    assert (tmp_path / "plain").read_bytes() == b"x"


def test_damaged_out_never_follows_a_planted_symlink(tmp_path, capsys):
    path = hostile_damaged(tmp_path)
    out = tmp_path / "out"
    assert cli(["damaged", "--db", str(path), "--out", str(out)]) == 0
    (item,) = out.iterdir()
    item.unlink()
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    item.symlink_to(victim)
    capsys.readouterr()
    assert cli(["damaged", "--db", str(path), "--out", str(out)]) == \
        EXIT_FILE
    assert "symbolic link" in capsys.readouterr().err
    assert victim.read_bytes() == b"precious"


# ------------------------------------------------- 3: formulas in CSV

FORMULAS = ["=1+2", "+SUM(A1)", "-2+3", "@cmd", "\tTab", "\rCR"]


def test_csv_neutralises_formulas_and_nothing_else(tmp_path, capsys):
    names = FORMULAS + ["Ana"]
    db = Archive(tmp_path / "a.sqlite")
    path = tmp_path / "r.json"
    recs = [dict(free_game(names[:4]), id=f"{DEVICE}-1",
                 started=1_790_000_000),
            dict(free_game(names[4:]), id=f"{DEVICE}-2",
                 started=1_790_000_000)]
    path.write_text(json.dumps(recs))
    db.close()
    assert cli(["import", str(path), "--db", str(db.path)]) == 0, \
        capsys.readouterr().err
    capsys.readouterr()
    assert cli(["export", "--format", "csv", "--db", str(db.path)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out,
                                           newline="")))
    assert [r["player"] for r in rows] == ["'" + n for n in FORMULAS] + \
        ["Ana"]
    # Numbers stay numbers: a negative total is not a formula.
    assert any(r["total"] == "-5" for r in rows)
    # JSON and BG Stats keep the names as they are.
    assert cli(["export", "--format", "json", "--db", str(db.path)]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert [n for r in exported for n in r["players"]] == names
    assert cli(["export", "--format", "bgstats", "--config", os.devnull,
                "--db", str(db.path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sorted(p["name"] for p in doc["players"]) == sorted(names)


# ------------------------------------------------- 10: JSON is terminal-safe

@pytest.mark.parametrize("argv", [["stats"], ["games"], ["show", FIRST],
                                  ["export", "--format", "json"], ["score"]],
                         ids=["stats", "games", "show", "export", "score"])
def test_json_output_escapes_c1_controls(tmp_path, capsys, argv):
    name = "Ana\x9b2J\x85"
    db = archive_with(tmp_path / "a.sqlite", [name, "Beto"])
    if argv[0] == "score":
        path = tmp_path / "r.json"
        path.write_text(json.dumps(free_game([name, "Beto"])))
        argv = ["score", str(path), "--json"]
    elif argv[0] != "export":
        argv = argv + ["--json", "--db", str(db)]
    else:
        argv = argv + ["--db", str(db)]
    assert cli(argv) == 0
    out = capsys.readouterr().out
    assert not any(0x7f <= ord(c) <= 0x9f for c in out), repr(out)
    assert name in json.dumps(json.loads(out), ensure_ascii=False)


def test_sim_shots_never_follow_a_planted_symlink(tmp_path, capsys):
    path = tmp_path / "ok.keys"
    path.write_text("ok\nshot\n")
    shots = tmp_path / "shots"
    shots.mkdir()
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    (shots / "shot1.png").symlink_to(victim)
    assert cli(["sim", "--script", str(path), "--shots", str(shots)]) == \
        EXIT_FILE
    err = capsys.readouterr().err
    assert one_line(err) and "symbolic link" in err, err
    assert victim.read_bytes() == b"precious"
    assert [p.name for p in shots.iterdir()] == ["shot1.png"]


def test_csv_with_a_bom_opens_right_in_a_spreadsheet(tmp_path, capsys):
    # --bom: the UTF-8 byte order mark first (Excel reads UTF-8 only then);
    # the rows are the same bytes as without it.
    db = archive_with(tmp_path / "a.sqlite", ["Peñita", "Zoe"])
    plain, bom = tmp_path / "plain.csv", tmp_path / "bom.csv"
    assert cli(["export", "--format", "csv", "-o", str(plain), "--db",
                str(db)]) == 0
    assert cli(["export", "--format", "csv", "--bom", "-o", str(bom),
                "--db", str(db)]) == 0
    assert bom.read_bytes() == b"\xef\xbb\xbf" + plain.read_bytes()
    assert "Peñita" in plain.read_text(encoding="utf-8")
    capsys.readouterr()
    assert cli(["export", "--format", "json", "--bom", "--db",
                str(db)]) == 64


# ------------------------------------------ the report's folder of pages

def test_the_report_folder_is_replaced_whole_and_only_if_ours(tmp_path,
                                                             archive,
                                                             capsys):
    target = tmp_path / "r.html"
    pages = tmp_path / "r_files"
    assert run_out(archive, "report", target) == 0
    assert stat.S_IMODE(pages.stat().st_mode) == 0o777 & ~umask()
    first = sorted(p.name for p in pages.iterdir())
    assert ".marcador-report" in first and len(first) >= 2
    stale = pages / "1999-01.html"
    stale.write_bytes(b"an old month")
    assert run_out(archive, "report", target) == 0
    assert sorted(p.name for p in pages.iterdir()) == first   # whole
    assert leftovers(tmp_path, "r.html", "r_files") == []
    capsys.readouterr()


def test_the_report_folder_is_replaced_where_a_rename_onto_a_folder_fails(
        tmp_path, archive, monkeypatch, capsys):
    # Windows refuses os.replace onto an existing folder, even an empty
    # one (POSIX allows it): the second report must not need it.
    import os as os_module
    real = os_module.replace

    def windows_replace(src, dst):
        if os_module.path.isdir(src) and os_module.path.lexists(dst):
            raise FileExistsError(183, "Cannot create a file when that "
                                  "file already exists", dst)
        return real(src, dst)
    target = tmp_path / "r.html"
    pages = tmp_path / "r_files"
    assert run_out(archive, "report", target) == 0
    first = sorted(p.name for p in pages.iterdir())
    (pages / "1999-01.html").write_bytes(b"an old month")
    monkeypatch.setattr(os_module, "replace", windows_replace)
    assert run_out(archive, "report", target) == 0, capsys.readouterr().err
    assert sorted(p.name for p in pages.iterdir()) == first
    assert leftovers(tmp_path, "r.html", "r_files") == []
    capsys.readouterr()


@pytest.mark.parametrize("what", ["symlink-to-folder", "symlink-dangling",
                                  "someone-s-folder", "a-file"])
def test_the_report_refuses_a_pages_folder_it_did_not_make(tmp_path,
                                                           archive, capsys,
                                                           what):
    target = tmp_path / "r.html"
    pages = tmp_path / "r_files"
    victim = tmp_path.parent / f"victim-{tmp_path.name}"
    victim.mkdir()
    (victim / "keep.txt").write_bytes(b"precious")
    if what == "symlink-to-folder":
        # Even one that looks like a report folder is never followed.
        (victim / ".marcador-report").write_bytes(b"")
        pages.symlink_to(victim)
    elif what == "symlink-dangling":
        pages.symlink_to(tmp_path / "nowhere")
    elif what == "someone-s-folder":
        pages.mkdir()
        (pages / "notes.txt").write_bytes(b"mine")
    else:
        pages.write_bytes(b"mine")
    assert run_out(archive, "report", target) == EXIT_FILE
    err = capsys.readouterr().err
    assert one_line(err)
    assert "r_files" in err and ("symbolic link" in err or "not a folder "
                                 "of pages" in err), err
    assert not target.exists()
    assert sorted(p.name for p in victim.iterdir()) == sorted(
        ["keep.txt"] + ([".marcador-report"] if what ==
                        "symlink-to-folder" else []))
    assert (victim / "keep.txt").read_bytes() == b"precious"
    assert leftovers(tmp_path, "r_files") == []
    if what == "someone-s-folder":
        assert [p.name for p in pages.iterdir()] == ["notes.txt"]
