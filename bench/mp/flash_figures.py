# Flash figures on the MicroPython VM with real littlefs2 (1 MB, 4 KB
# blocks: the rp2 geometry). Run by bench/flash.py.
#
#   micropython flash_figures.py play < game.keys
#       one game through the keys on a fresh flash: events, journal bytes,
#       archive entry bytes, and what littlefs wrote to the flash for them
#   micropython flash_figures.py fill < games.json
#       archive those games again and again, as the device does, until it
#       refuses a new game: how many fit

import sys
import json
import os

_root = sys.path[0] + "/../.."
sys.path.append(_root + "/sim")
sys.path.append(_root + "/firmware")

import board                           # noqa: E402
from fakes.blockdev import BlockDev    # noqa: E402
from drivers import store as S         # noqa: E402
from drivers.game_files import FULL  # noqa: E402
from app.app import App                # noqa: E402

dev = BlockDev(256)
os.VfsLfs2.mkfs(dev)
board.CONFIG["blockdev"] = dev


def play():
    from feeders import ScriptFeeder
    fig = {"events": 0, "event_bytes": 0}
    _append = S.Store.append
    _start = S.Store.start
    _close = S.Store.close

    def start(self, session, t=0):
        fig["w0"] = (dev.bytes_written, dev.writes, dev.erases)
        return _start(self, session, t)

    def append(self, log, start):
        ok = _append(self, log, start)
        if ok:
            fig["events"] += 1
            fig["event_bytes"] += log.used - start
        return ok

    def close(self, session, finished, ended=0):
        fig["journal"] = os.stat(self.path("cur"))[6]
        w = fig.pop("w0")
        fig["flash_bytes"] = dev.bytes_written - w[0]
        fig["flash_writes"] = dev.writes - w[1]
        fig["erases"] = dev.erases - w[2]
        b0 = dev.bytes_written
        ok = _close(self, session, finished, ended)
        fig["archive_flash_bytes"] = dev.bytes_written - b0
        fig["game"] = session.gid
        fig["players"] = session.n
        fig["log_bytes"] = session.log.used
        from core import gamefile as F     # not resident in play (store.py)
        fig["entry"] = F.entry_size(F.entry(
            F.header(1, 0, 0, 0, session.gid, session.names,
                       session.opts, ended), session.log.buf,
            session.log.used))
        fig["record"] = {"names": session.names,
                         "opts": bytes(session.opts).hex(),
                         "log": bytes(session.log.buf[:session.log.used])
                         .hex()}
        return ok

    S.Store.append = append
    S.Store.start = start
    S.Store.close = close
    board.CONFIG["feeder"] = ScriptFeeder(sys.stdin.read().split("\n"))
    hw = board.setup()
    app = App(hw)
    try:
        while True:
            app.step(hw.clock.now)
            hw.clock.sleep_ms(10)
    except SystemExit:
        pass
    print(json.dumps(fig))


def fill():
    from app.session import Session
    games = json.loads(sys.stdin.read())
    hw = board.setup()
    app = App(hw)
    st = app.store
    n = 0
    every = 64
    while True:
        # space() counts the free blocks (a littlefs traversal, slow on a
        # full 1 MB): every 64 games (~1 block) until the end is near.
        if n % every == 0 and st.free_blocks() < st.low + 8:
            every = 1
        if every == 1 and st.space() == FULL:
            break
        g = games[n % len(games)]
        s = Session(g["game"], g["names"], bytes.fromhex(g["opts"]))
        st.start(s, 1790000000)          # a board whose clock is set
        s.store = st
        log = bytes.fromhex(g["log"])
        err, _ = s.log.load(log)     # replayed (its journal is not needed)
        if err:
            raise ValueError("game does not replay")
        if not st.close(s, True, 1790003600):   # ...and its end time
            break
        n += 1
    used = 0
    for seg in st.segments():
        used += os.stat(st.seg_path(seg))[6]
    print(json.dumps({"games": n, "segments": len(st.segments()),
                      "archive_bytes": used,
                      "free_blocks": st.free_blocks(),
                      "reserve_blocks": st.reserve}))


{"play": play, "fill": fill}[sys.argv[1]]()
