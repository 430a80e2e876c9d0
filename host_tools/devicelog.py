"""The device's binary game log -> a JSON game record (docs/records.md)."""

from marcador_core import record


def to_record(gid, names, opts, data, started=0, ended=0):
    """The JSON record of a device's log (core/record.py record_of), with
    its start and end times when known (Unix seconds; 0: not known)."""
    return record.record_of(gid, names, opts, data, started, ended)


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
