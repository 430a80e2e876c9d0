# Runs on the MicroPython VM: the real app on the simulator's board (home
# screen). A message (toast) is drawn, which loads its code (app/notes.py);
# the next key ends it, and the quiet step after that key forgets the code.
# Prints JSON: whether app.notes is loaded before the message, while it is
# up, and after the key that ends it.
#
#   micropython notes_check.py
import json
import sys

from vmboard import boot, fresh
from drivers.buttons import DOWN, PRESS, event

app = boot(fresh())
t = 0


def steps(n):
    global t
    for _ in range(n):
        app.step(t)
        t += 10


steps(5)
out = ["app.notes" in sys.modules]
app.toast("hola", 5000)
steps(5)
out.append("app.notes" in sys.modules)
app.buttons._emit(event(DOWN, PRESS))      # as a press gives it
steps(30)
out.append("app.notes" in sys.modules)
print(json.dumps(out))
