"""The commands that talk to a board: flash, sync, roster, settings.

Without --port, the board's port is the only one a board may be on
(host_tools/ports.py); flash takes a Pico in BOOTSEL mode first.

sync, roster and settings set the device's clock first (`time NOW`): games
played afterwards carry dates. A device that refuses it is told in one line
and the command goes on."""

import sys
import unicodedata

from ..counted import counted
from ..termsafe import clean
from .common import (FileProblem, UsageError, add_db, add_json, add_lang,
                     add_port, lang_of, print_json, say)


def _note(text):
    print(clean(text), file=sys.stderr)


def _client_with_clock(state):
    from ..sync import set_clock
    client = state.client()
    set_clock(client, _note)
    return client


# ------------------------------------------------------------------ flash

def args_flash(p):
    p.add_argument("--board",
                   help="a folder of boards/: pico_ssd1306, pico_sh1106, "
                        "esp32_ssd1306 (not needed with --uf2)")
    add_port(p, " (.mpy files onto stock MicroPython)")
    p.add_argument("--uf2", metavar="FILE",
                   help="copy this UF2 image onto a Pico in BOOTSEL mode "
                        "(default: the board's release image that `make "
                        "uf2` builds, when a Pico in BOOTSEL mode is "
                        "found)")
    p.add_argument("--drive", metavar="PATH",
                   help="the Pico's RPI-RP2 drive (found by itself when "
                        "only one is mounted)")
    p.add_argument("--wait", type=float, default=10, metavar="SECONDS",
                   help="how long the board may take to answer (default "
                        "10)")


def do_flash(state, args):
    from .. import flash, uf2
    if args.uf2 or args.drive:
        if args.port:
            raise UsageError("--port is for a board that runs MicroPython, "
                             "--uf2 and --drive for a Pico in BOOTSEL mode: "
                             "give one or the other")
        return _flash_uf2(args)
    if not args.board:
        raise UsageError("give --board (which firmware to put on the "
                         "board), or --uf2 FILE")
    pico = flash.BOARDS.get(args.board) == "rp2"
    if args.port is None and pico:
        if uf2.find_drives():
            return _flash_uf2(args)
        from ..link import LinkError
        try:
            state.port()
        except LinkError as ex:
            raise LinkError(f"no Pico in BOOTSEL mode (its {uf2.BOARD_ID} "
                            f"drive, for the release image) and {ex}") \
                from None
    return _flash_mpy(state, args)


def _flash_uf2(args):
    from .. import flash, uf2
    from ..link import LinkError
    if not args.uf2 and not args.board:
        raise UsageError("give --board (whose release image to copy) or "
                         "--uf2 FILE")
    try:
        r = flash.flash_uf2(args.board, args.uf2, args.drive)
    except (flash.FlashError, uf2.NotUF2) as ex:
        raise FileProblem(str(ex))
    except uf2.DriveError as ex:
        raise LinkError(str(ex))
    what = f"Marcador {r['version']}" if r["version"] else "it"
    after = ("the Pico restarted as the copy ended" if r["restarted"]
             else f"the Pico restarts into {what}")
    games = ("its games and settings stay" if r["keeps_games"] else
             "it runs from RAM: whether the games stay is up to it")
    print(clean(f"{r['image'].name} ({r['blocks']} blocks) copied to "
                f"{r['drive']}: {after}; {games}"))


def _flash_mpy(state, args):
    from mpremote.transport import TransportError
    from .. import flash
    port = state.port()
    try:
        r = flash.flash(args.board, port, wait=args.wait,
                        progress=lambda s: print(s, file=sys.stderr))
    except flash.FlashError as ex:
        raise FileProblem(str(ex))
    except (OSError, TransportError) as ex:   # the cable went mid-copy
        raise FileProblem(f"the board stopped answering ({ex}). It boots to "
                          f"the REPL until flashed again: run the same "
                          f"command again")
    print(f"{args.board} on {port}: {r['copied']} of "
          f"{counted('files', r['files'])} copied ({r['bytes']} bytes), "
          f"{r['removed']} removed, "
          f"{r['unchanged']} unchanged; board reset")


# ------------------------------------------------------------------ sync

def args_sync(p):
    add_port(p)
    add_db(p)
    p.add_argument("--all", action="store_true",
                   help="also the games the device has marked synced "
                        "(e.g. into a new archive)")
    add_json(p, "the summary (one object; notes still on stderr)")
    add_lang(p)


def do_sync(state, args):
    from ..link import LinkError
    from ..sync import sync
    # No board found, or its port not there: nothing began, and no
    # archive is made for it.
    client = state.client()
    archive = state.archive(write=True)
    try:
        r = sync(client, archive, every=args.all,
                 progress=_note, note=_note)
    except LinkError as ex:
        text = str(ex).rstrip(".")
        raise LinkError(f"{text}{'' if text.endswith('?') else '.'} "
                        f"Nothing was lost: run `marcador sync` again to "
                        f"finish.") from None
    wire = r["sent"] + r["received"]
    where = clean(archive.path)
    if args.json:
        print_json({"device": r["device"], "fsid": r["fsid"],
                    "received": r["games"], "new": r["added"],
                    "archive": str(archive.path), "bytes": r["bytes"],
                    "wire": wire, "conflicts": list(r["conflicts"]),
                    "kept_apart": list(r["kept_apart"]),
                    "unmarked": list(r["unmarked"]),
                    "damaged": r["damaged"],
                    "damaged_new": r["damaged_new"]})
        return
    lang = lang_of(args)

    def c(key, k):
        return counted(key, k, lang)
    print(say(args,
              f"device {r['device']} (filesystem {r['fsid']}): "
              f"{c('games_received', r['games'])}, "
              f"{c('new_games', r['added'])} in {where} "
              f"({r['bytes']} bytes of games, {wire} on the wire)",
              f"dispositivo {r['device']} (sistema de archivos "
              f"{r['fsid']}): {c('games_received', r['games'])}, "
              f"{c('new_games', r['added'])} en {where} ({r['bytes']} bytes "
              f"de partidas, {wire} por el cable)"))
    print_kept(r, args)
    n = len(r["unmarked"])
    if n:
        print(say(args,
                  f"NOT MARKED: the device refused to mark "
                  f"{c('archived_games', n)} synced; the next sync finds "
                  f"them archived",
                  f"SIN MARCAR: el dispositivo no marcó como "
                  f"{'sincronizada' if n == 1 else 'sincronizadas'} "
                  f"{c('archived_games', n)}; la próxima sincronización "
                  f"{'la' if n == 1 else 'las'} encuentra "
                  f"{'archivada' if n == 1 else 'archivadas'}"))
    if r["damaged"]:
        print(say(args,
                  f"{c('damaged_items', r['damaged'])} on the device, "
                  f"{c('new_items', r['damaged_new'])} in the archive "
                  f"(`marcador damaged`)",
                  f"{c('damaged_items', r['damaged'])} en el dispositivo, "
                  f"{c('new_items', r['damaged_new'])} en el archivo "
                  f"(`marcador damaged`)"))
    if r["games"] == 0 and not args.all:
        print(say(args,
                  "(every game on the device is marked synced already; "
                  "`marcador sync --all` copies them again, e.g. into a "
                  "new archive)",
                  "(todas las partidas del dispositivo ya están marcadas "
                  "como sincronizadas; `marcador sync --all` las copia de "
                  "nuevo, p. ej. a un archivo nuevo)"))


def print_kept(r, args):
    """The conflicts and what was kept apart, as sync and import report
    them."""
    for gid in r["conflicts"]:
        gid = clean(gid)
        print(say(args,
                  f"CONFLICT: {gid} is archived with other bytes; the new "
                  f"ones are kept apart (`marcador damaged`)",
                  f"CONFLICTO: {gid} está archivada con otros bytes; los "
                  f"nuevos se guardan aparte (`marcador damaged`)"))
    device = r.get("device")
    for what in r["kept_apart"]:
        what = clean(what)
        print(say(args,
                  f"KEPT APART: {what} could not be stored as a game; its "
                  f"bytes are kept (`marcador damaged`)"
                  + (", the device keeps it unsynced" if device else ""),
                  f"APARTE: {what} no se pudo guardar como partida; sus "
                  f"bytes se guardan (`marcador damaged`)"
                  + (", el dispositivo la guarda sin sincronizar"
                     if device else "")))


# ------------------------------------------------------------------ roster

def args_roster(p):
    from ..devicefacts import name_max_len, roster_max
    add_port(p)
    p.add_argument("names", nargs="*", metavar="NAME",
                   help=f"set these names (up to {roster_max()}, "
                        f"{name_max_len()} characters each, in the "
                        f"device's font; quote a name with a space)")
    add_json(p, "the names as one line")


def do_roster(state, args):
    if args.names:
        check_names(args.names)
    client = _client_with_clock(state)
    if args.names:
        client.roster(args.names)
    names = client.roster()
    if args.json:
        print_json(names)
        return
    print(shown_names(names))


def check_names(names):
    """UsageError unless the device can keep and show every name."""
    from ..devicefacts import name_problem, roster_max
    if len(names) > roster_max():
        raise UsageError(f"{len(names)} names: the device keeps "
                         f"{roster_max()} at most")
    for name in names:
        why = name_problem(name)
        if why:
            plain = _plain(name)
            hint = (f"; e.g. {shown_names([plain])}" if plain and
                    name_problem(plain) is None else "")
            raise UsageError(f"the name {shown_names([name])} {why}; "
                             f"nothing was sent{hint}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise UsageError(f"{shown_names(twice)} given twice; nothing was "
                         f"sent")


def _plain(name):
    # Letters without the accents the font lacks: "Zoë" -> "Zoe".
    from ..devicefacts import font_chars, name_max_len
    out = "".join(c if c in font_chars() else "".join(
        d for d in unicodedata.normalize("NFKD", c) if d in font_chars())
        for c in name.strip())
    return out[:name_max_len()].strip()


def shown_names(names):
    """Names as one would type them again: quoted when a name has a
    space, a quote or a backslash, or is empty; control characters
    escaped."""
    out = []
    for n in names:
        if n == "" or any(c in n for c in ' "\'\\') or n != n.strip():
            n = '"' + n.replace("\\", "\\\\").replace('"', '\\"') + '"'
        out.append(clean(n))
    return " ".join(out)


# ------------------------------------------------------------------ settings

# What the device's settings menu offers (firmware/app/settings.py; a test
# checks the two agree).
SETTINGS = {
    "lang": "es or en",
    "dim_s": "15, 30, 60, 120, 300 or 0 (never), seconds before the screen "
             "dims",
    "off_s": "60, 120, 300, 600, 1800 or 0 (never), seconds before it "
             "turns off",
}


def args_settings(p):
    add_port(p)
    p.add_argument("set", nargs="*", metavar="KEY=VALUE",
                   help="lang=es|en, dim_s=SECONDS, off_s=SECONDS")
    add_json(p, "KEY=VALUE pairs")


def do_settings(state, args):
    from ..link import DeviceError
    new = {}
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq or key not in SETTINGS:
            raise UsageError(f"{item!r}: settings are given as KEY=VALUE "
                             f"with KEY one of {', '.join(SETTINGS)}")
        new[key] = value
    client = _client_with_clock(state)
    try:
        now = client.settings(**new)
    except DeviceError as ex:
        if ex.code != 4:
            raise
        raise UsageError("the device refused these settings; it takes "
                         + "; ".join(f"{k} = {v}"
                                     for k, v in SETTINGS.items()))
    if args.json:
        print_json(dict(now))
        return
    print(" ".join(f"{k}={v}" for k, v in now.items()))
