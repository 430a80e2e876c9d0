# Game records (the JSON interchange format of docs/records.md) <-> the core's
# binary events, and the scored result of a record.
#
# This is the bridge the PC uses (`marcador score`, export) and the one the
# differential test runs on both CPython and the MicroPython VM. It works on
# already-parsed dicts and lists (no file or JSON I/O here) and may allocate:
# it is not on the device's per-event path. Each title's own JSON side is
# its module in core/codec/; this part is the same for every title. PC only
# (not on the board), like core/codec.

from . import errors
from .game import UNDO, REDO
from .games import IDS, game_class
from .log import GameLog
from .codec import CODECS
from .codec.common import RecordError, mask_list  # noqa: F401 (public)


def codec(gid):
    # The JSON side of the title gid (core/codec/<gid>.py).
    return CODECS[gid]


# ---------------------------------------------------------------- options

def options_bytes(gid, n, opts):
    if opts is None:
        opts = {}
    if not isinstance(opts, dict):
        raise RecordError(errors.BAD_OPTION, -1, "options: an object")
    c = CODECS.get(gid)
    return c.options_bytes(n, opts) if c is not None else b""


def options_dict(gid, n, b):
    c = CODECS.get(gid)
    return c.options_dict(n, b) if c is not None else {}


# ---------------------------------------------------------------- events

def encode_event(gid, n, ev):
    # One JSON event -> its bytes. Raises RecordError (index -1).
    if not isinstance(ev, dict) or not isinstance(ev.get("e"), str):
        raise RecordError(errors.BAD_EVENT, -1,
                          "an event is an object with 'e'")
    e = ev["e"]
    if e == "undo":
        return bytes([UNDO])
    if e == "redo":
        return bytes([REDO])
    b = codec(gid).encode(ev, e, n)
    if b is None:
        raise RecordError(errors.BAD_EVENT, -1, "unknown event %r" % e)
    return b


def decode_event(gid, n, buf, off=0):
    # The bytes of one event at off -> its JSON object.
    h = buf[off]
    k = h & 0x0F
    if k == UNDO:
        return {"e": "undo"}
    if k == REDO:
        return {"e": "redo"}
    c = CODECS.get(gid)
    if c is None:
        return {"e": "?"}
    return c.decode(buf, off, k, h >> 4, n)


# ---------------------------------------------------------------- records

def check_header(rec):
    if not isinstance(rec, dict):
        raise RecordError(errors.BAD_EVENT, -1, "a record is a JSON object")
    gid = rec.get("game")
    cls = game_class(gid) if isinstance(gid, str) else None
    if cls is None:
        said = ('no "game" given' if gid is None else
                "unknown game %r" % (gid,))
        ex = RecordError(errors.BAD_OPTION, -1, '%s: it must be one of %s'
                         % (said, ", ".join(IDS)))
        ex.alone = True
        raise ex
    names = rec.get("players")
    if not isinstance(names, list) or not all(isinstance(x, str)
                                               for x in names):
        raise RecordError(errors.BAD_PLAYER_COUNT, -1,
                          "players: a list of names")
    events = rec.get("events", [])
    if not isinstance(events, list):
        raise RecordError(errors.BAD_EVENT, -1, "events: a list")
    return cls, names, events


def load(rec):
    # Replay a record into a fresh GameLog. Raises RecordError naming the
    # first event that is invalid.
    log = None
    for log in replay(rec):
        pass
    return log


def replay(rec):
    # The same replay, one step at a time: yields the GameLog once begun
    # and again after each event, so the state after every prefix of the
    # events comes from one pass (`marcador plot`, the report's charts)
    # instead of one replay per prefix. The log is the same object each
    # time: read it before the next step. Raises RecordError as load().
    cls, names, events = check_header(rec)
    n = len(names)
    if n < cls.MIN_PLAYERS or n > cls.MAX_PLAYERS:
        # Before the options are encoded: they index arrays per player.
        raise RecordError(errors.BAD_PLAYER_COUNT, -1, "%d players" % n)
    log = GameLog(cls())
    err = log.begin(n, options_bytes(cls.ID, n, rec.get("options")))
    if err:
        raise RecordError(err, -1, "%d players" % n)
    yield log
    for i in range(len(events)):
        try:
            b = encode_event(cls.ID, n, events[i])
        except RecordError as ex:
            ex.index = i
            raise
        err = log.add(b)
        if err:
            raise _refused(log, err, i, events[i])
        yield log


def _refused(log, err, i, ev):
    # The error of event i, refused with code err by the log.
    ex = RecordError(err, i, _event_name(ev))
    if err == errors.LATER_INVALID:
        from .error_texts import message
        # A correction: which later round breaks, and why.
        ex.arg = log.bad_round
        ex.detail += ": round %d: %s" % (log.bad_round,
                                         message(log.bad_err, errors.EN))
    return ex


def _event_name(ev):
    return str(ev.get("e")) if isinstance(ev, dict) else ""


def status(g):
    # The live information a table needs, per game.
    c = CODECS.get(g.ID)
    return c.status(g) if c is not None else {}


def result(log, names):
    # The scored result of a game: the `marcador score --json` object.
    g = log.game
    g.score()
    n = g.n
    players = []
    for p in range(n):
        parts = {}
        for k in range(g.nparts()):
            parts[g.part_name(k)] = g.part(p, k)
        players.append({"name": names[p], "total": g.total[p],
                        "parts": parts})
    return {"game": g.ID, "over": bool(g.over),
            "winners": mask_list(g.winners, n),
            "leaders": mask_list(g.leaders, n),
            "players": players, "status": status(g)}


def score_record(rec):
    # load() checks the record; its players are names once it has.
    return result(load(rec), rec["players"])


def record_of(gid, names, opts, data, started=0, ended=0):
    # The JSON record (docs/records.md) of a game as a device keeps it: its
    # title,
    # names, option bytes and log bytes (the events one after another,
    # undo and redo included), for `marcador` (host_tools/devicelog.py)
    # and the browser simulator's download (sim/wasm/drive.py) alike.
    # started, ended: when the game began and ended, Unix seconds, 0 when
    # the device does not know (docs/records.md: then no such field).
    # ValueError on bytes where no event starts.
    from .games import game_class
    from .game import event_size
    n = len(names)
    cls = game_class(gid)
    if cls is None:
        raise ValueError("unknown game %r" % (gid,))
    game = cls()
    game.setup(n, opts)
    events = []
    off = 0
    while off < len(data):
        size = event_size(game, data, off, len(data))
        if size <= 0:
            raise ValueError("undecodable event at byte %d" % off)
        events.append(decode_event(gid, n, data[off:off + size]))
        off += size
    rec = {"game": gid, "players": list(names),
           "options": options_dict(gid, n, opts), "events": events}
    if started:
        rec["started"] = started
    if ended:
        rec["ended"] = ended
    return rec
