# The core's round-event readers on MicroPython: each line of stdin is a
# JSON case (a title's builder arguments), each line out the builder's
# bytes and what the readers give back, for tests/core/test_event_readers.py to
# compare with CPython's.
import sys
import json
try:
    from core import alebrijes as A, duplicon as U, dinos as N
except ImportError:                    # CPython: the installed name
    from marcador_core import alebrijes as A, duplicon as U, dinos as N


def run(c):
    buf = bytearray(64)
    t = c["title"]
    n = c["n"]
    if t == "alebrijes":
        size = A.event(buf, A.ROUND, c["out"], n, c["token"], c["highs"])
        back = [A.round_out(buf, 0), A.round_token(buf, 0),
                [A.round_highs(buf, 0, q) for q in range(n)]]
    elif t == "duplicon":
        size = U.round_event(buf, n, c["rows"])
        back = [U.round_row(buf, 0, p) for p in range(n)]
    else:
        size = N.round_event(buf, n, c["disaster"], c["cards"], c["adjust"],
                             [], c["invert"], c["stop"], c["redirect"])
        inv, stop, red, adj = N.round_extras(buf, 0, n)
        back = [N.round_disaster(buf, 0),
                [N.round_card(buf, 0, p) for p in range(n)],
                inv, stop, red, adj]
    return {"bytes": list(buf[:size]), "back": back}


if __name__ == "__main__":
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(run(json.loads(line))))
