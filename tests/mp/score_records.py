# Runs on the MicroPython VM: reads one JSON game record per line on stdin,
# scores it with the rules core and prints one JSON result per line (or the
# error code and event index), for the CPython-vs-MicroPython comparison.
import sys
import json
from core import record

while True:
    line = sys.stdin.readline()
    if not line:
        break
    rec = json.loads(line)
    try:
        out = record.score_record(rec)
    except record.RecordError as ex:
        out = {"error": ex.code, "index": ex.index}
    print(json.dumps(out))
