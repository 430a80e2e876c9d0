"""The device's binary game log -> a JSON game record (GAMES.md)."""

from marcador_core import record
from marcador_core.games import game_class
from marcador_core.game import event_size


def split_events(gid, n, opts, data):
    """The raw log as a list of per-event bytes (undo/redo included)."""
    game = game_class(gid)()
    game.setup(n, opts)
    out = []
    off = 0
    while off < len(data):
        size = event_size(game, data, off, len(data))
        if size <= 0:
            raise ValueError(f"undecodable event at byte {off}")
        out.append(bytes(data[off:off + size]))
        off += size
    return out


def to_record(gid, names, opts, data):
    n = len(names)
    return {"game": gid, "players": list(names),
            "options": record.options_dict(gid, n, opts),
            "events": [record.decode_event(gid, n, ev)
                       for ev in split_events(gid, n, opts, data)]}


def to_entry(rec, number, t=0, ended=0):
    """A JSON game record -> the device's archive entry bytes (the inverse
    of to_record): for tests and tools that need a game as a board keeps
    it. Raises record.RecordError if the record breaks a rule."""
    from marcador_core import gamefile
    log = record.load(rec)
    res = record.result(log, rec["players"])
    winners = sum(1 << p for p in res["winners"])
    opts = record.options_bytes(rec["game"], len(rec["players"]),
                                rec.get("options"))
    head = gamefile.header(number, t, gamefile.FINISHED if res["over"] else 0,
                           winners, rec["game"], rec["players"], opts, ended)
    return bytes(gamefile.entry(head, log.buf, log.used))
