# Runs on the MicroPython VM: what the firmware does with a text it did not
# write itself (a name typed, a number or a message drawn, the nonce read
# from flash) makes no interned string. A 1-character str that MicroPython
# makes by iterating or indexing a str (or chr()) is interned: it joins the
# runtime's qstr pool, in the heap for good, and a full pool is followed by
# one twice its size. Prints qstr_info() before and after (the test reads
# n_qstr), then JSON.
# The texts are made from bytes: a str literal of this script would be
# interned when it is compiled, before the count.
import json
import os
import sys
import framebuf
import micropython
from app import textdraw
from app import names
from app.settings import showable_name
from drivers import game_files
from drivers.buttons import UP, DOWN, PRESS, event


class Panel(framebuf.FrameBuffer):
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)


class Folder:
    # What game_files._fs_id needs of a Store.
    def __init__(self, d):
        self.dir = d
        self.problems = []

    def path(self, name):
        return self.dir + "/" + name

    def problem(self, what):
        self.problems.append(what)


TMP = sys.argv[1]                        # an empty folder
with open(TMP + "/fsid", "wb") as f:
    f.write(b"9d8b7c6e")
text = str(b"Zqxj wvk 2789 \xc3\xa1\xc3\xb3\xc2\xbf\xc3\x91", "utf-8")
name = str(b"Yvonne", "utf-8")
fb = Panel()
folder = Folder(TMP)

micropython.qstr_info()
textdraw.draw(fb, text, 0, 3)            # blitted (a grid's cursor, a toast)
textdraw.draw(fb, text, 0, 11, 0)        # dark on lit
textdraw.put(fb, text, 0, 16)            # copied, accents included
textdraw.put(fb, text, 0, 40, 255)       # copied, inverted
names.big(fb, name, 0, 24)               # the name being typed
showable = showable_name(name)           # a roster's name, read at boot
edit = names.NameEdit(None, name, None)  # its letters, then UP and DOWN
for k in (UP, UP, DOWN):
    edit.key(event(k, PRESS))
fs_id = game_files._fs_id(folder)
micropython.qstr_info()

print(json.dumps({"showable": showable, "fs_id": fs_id, "problems": folder.problems,
                  "name": "".join(edit.chars)}))
