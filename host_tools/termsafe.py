"""Text from records, archives and devices, made safe to print: control
characters (C0, DEL, C1: ESC sequences, carriage returns, backspaces) and
lone surrogates are shown as escapes instead of reaching a terminal."""

import re

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_UNSAFE_BUT_TAB = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\ud800-\udfff]")
# In JSON text these can only sit inside strings, where \\uXXXX is valid.
_UNSAFE_JSON = re.compile("[\x7f-\x9f\ud800-\udfff]")


def _escape(m):
    c = ord(m.group())
    return "\\x%02x" % c if c < 0x100 else "\\u%04x" % c


def clean(text):
    """One field (a name, a message): every control character escaped."""
    return _UNSAFE.sub(_escape, str(text))


def clean_line(line):
    """A line of a table: tabs kept as column separators."""
    return _UNSAFE_BUT_TAB.sub(_escape, line)


def clean_lines(text):
    return "\n".join(clean_line(ln) for ln in text.split("\n"))


def clean_json(text):
    """json.dumps(..., ensure_ascii=False) output with what json leaves raw
    (DEL, C1 controls, lone surrogates) as \\uXXXX escapes."""
    return _UNSAFE_JSON.sub(lambda m: "\\u%04x" % ord(m.group()), text)
