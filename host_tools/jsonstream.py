"""JSON of any size, one value at a time: a top-level array is read record
by record (json.JSONDecoder.raw_decode over a buffered read), so a file
only ever holds one record in memory, however many it has. A single
top-level value (not an array) is one record.

The bounds stay: a record of more than `limit` bytes, nesting deeper than
Python's json can follow, an integer of over 4300 digits are refused with
a StreamError naming the record, never a traceback.
"""

import codecs
import json

CHUNK = 1 << 20
_WS = " \t\n\r"


class StreamError(ValueError):
    """The file is not JSON, or one of its records is too big or too
    deep; the text says which and where."""


class _Reader:
    def __init__(self, f, name, what, limit):
        self.f, self.name, self.what, self.limit = f, name, what, limit
        self.decoder = codecs.getincrementaldecoder("utf-8-sig")()
        self.buf, self.pos, self.eof = "", 0, False
        self.bytes_read = 0
        self.read_before = 0    # characters dropped from the buffer
        self.json = json.JSONDecoder()

    def more(self):
        """Read another chunk; False at the end of the file."""
        if self.eof:
            return False
        data = self.f.read(CHUNK)
        try:
            text = self.decoder.decode(data, final=not data)
        except UnicodeDecodeError as ex:
            raise StreamError(f"{self.name} is not UTF-8 text (byte "
                              f"{self.bytes_read + ex.start}): save the "
                              f"records as UTF-8 JSON") from None
        self.bytes_read += len(data)
        if not data:
            self.eof = True
        # Drop what was consumed: the buffer holds at most one record
        # and a chunk.
        self.read_before += self.pos
        self.buf = self.buf[self.pos:] + text
        self.pos = 0
        return True

    def skip_ws(self):
        """The next character that is not white space ("" at the end)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in _WS:
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self.more():
                return ""

    def value(self, where):
        """The JSON value at pos: decoded once it is whole (and something
        follows it, or the file ends), at most limit characters."""
        while True:
            end = None
            try:
                v, end = self.json.raw_decode(self.buf, self.pos)
                err = None
            except json.JSONDecodeError as ex:
                err = ex
            except RecursionError:
                raise StreamError(f"{self.name}: {where} is not "
                                  f"{self.what}: JSON nested too deeply") \
                    from None
            except ValueError as ex:       # an integer of over 4300 digits
                raise StreamError(f"{self.name}: {where} is not "
                                  f"{self.what}: {ex}") from None
            if end is not None:
                if end - self.pos > self.limit:
                    raise self.too_big(where)
                if end < len(self.buf) or self.eof:
                    self.pos = end
                    return v
            if len(self.buf) - self.pos > self.limit:
                raise self.too_big(where)
            if not self.more():
                raise self.invalid(err.msg if err else "cut short")

    def too_big(self, where):
        return StreamError(f"{self.name}: {where} is too big for "
                           f"{self.what} (more than {_size(self.limit)}); "
                           f"is it the right file?")

    def invalid(self, msg):
        at = self.read_before + self.pos
        return StreamError(f"{self.name} is not valid JSON: {msg} (near "
                           f"character {at})")


def _size(n):
    return f"{n >> 20} MB" if n >= 1 << 20 else f"{n:,} bytes"


def records(f, name, what="game records", limit=4 << 20):
    """Yield (index or None, value) for each record in the binary file f:
    the elements of a top-level array with their index, or the one
    top-level value with None."""
    r = _Reader(f, name, what, limit)
    first = r.skip_ws()
    if first == "":
        raise StreamError(f"{name} is empty: it is not {what}")
    if first != "[":
        yield None, r.value("the file")
        if r.skip_ws() != "":
            raise r.invalid("extra data after the record")
        return
    r.pos += 1
    i = 0
    if r.skip_ws() == "]":
        r.pos += 1
    else:
        while True:
            r.skip_ws()
            yield i, r.value(f"record {i}")
            i += 1
            c = r.skip_ws()
            r.pos += 1
            if c == "]":
                break
            if c != ",":
                raise r.invalid(f"expected ',' or ']' after record "
                                f"{i - 1}" if c else "cut short")
    if r.skip_ws() != "":
        raise r.invalid("extra data after the list")
