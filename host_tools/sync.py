"""marcador sync: copy a device's games into the archive, then mark them
synced on the device; then copy its damaged items (protocol 3).

The device sends whole game entries, several per frame ("pull"), only the
games it has not yet seen synced. Each game is committed to the archive as
it arrives; after each frame exactly the games received in it are marked
synced in one request. So a sync is

- idempotent: a second run pulls nothing (all are marked), and a game the
  archive already holds is never stored twice;
- resumable: a sync cut half-way (cable pulled) left the committed games in
  the archive and the rest unmarked on the device; the next run pulls the
  unmarked ones again and the archive keeps the ones it already has;
- never silent about data it cannot store: a game whose id the archive
  holds with other bytes is kept in its conflicts (and marked: both copies
  are on the PC); an entry the rules refuse, or bytes that are no entry,
  are kept apart in the archive's damaged table and NOT marked, so the
  device keeps them too. Either is reported, and the sync goes on.

Game ids are DEVICE-FSID-NUMBER: FSID, the device's filesystem nonce, makes
them unique across an erased or reflashed board.
"""

import time

from marcador_core import gamefile, wire

from .archive import CONFLICT, NEW, REFUSED, game_id
from .link import Client, DeviceError, LinkError, PULL_MAX

PROTOCOL = wire.PROTOCOL   # the device protocol this sync speaks (no older)
MAX_PULLS = 1 << 20


def set_clock(client: Client, note=print, now=time.time):
    """Set the device's clock from the PC's (`time NOW MINUTES`, the
    second the PC's offset from UTC): its games are dated from it. A device that refuses it (old firmware) is told in one
    line through note, and the caller goes on; True if it took it."""
    t = int(now())
    try:
        try:
            # With the PC's UTC offset: the device shows local days.
            client.set_time(t, time.localtime(t).tm_gmtoff // 60)
        except DeviceError:
            client.set_time(t)          # firmware from before the offset
        return True
    except DeviceError as ex:
        note(f"note: the device did not take the PC's time ({ex}); its "
             f"new games stay undated until it does (`marcador flash` "
             f"updates its firmware)")
        return False


def sync(client: Client, archive, progress=print, every=False,
         most=PULL_MAX, note=None):
    """Set the device's clock, then pull its unsynced games (every game it
    holds with every=True) into the archive, then its damaged items.
    Returns what happened as a dict."""
    sent0, received0 = client.sent, client.received
    clock = set_clock(client, note or progress)
    hello = client.hello()
    if hello["protocol"] < PROTOCOL or not hello["fsid"]:
        raise LinkError(f"the device speaks sync protocol "
                        f"{hello['protocol']}, this marcador needs "
                        f"{PROTOCOL}: update its firmware with "
                        f"`marcador flash`")
    device, fsid = hello["device"], hello["fsid"]
    r = {"device": device, "fsid": fsid, "clock": clock, "games": 0,
         "added": 0,
         "bytes": 0, "conflicts": [], "kept_apart": [], "unmarked": [],
         "damaged": 0, "damaged_new": 0}
    first = asked = 1     # the next number a game may have; the FROM asked
    for _ in range(MAX_PULLS):
        nxt, entries, rest = client.pull(first, most, every)
        numbers = []
        for raw in entries:
            try:
                head, _ = gamefile.read_entry(raw)
            except (ValueError, IndexError) as ex:
                head, why = None, str(ex)
            if head is not None and head.number < first:
                # A pull holds games numbered FROM on, each once: a game
                # before it came already (or the device is lost).
                raise LinkError(f"the device sent game {head.number} "
                                f"twice (or out of order, pulling from "
                                f"{first}); the games received before it "
                                f"are archived. Update its firmware "
                                f"(`marcador flash`)")
            first = head.number + 1 if head is not None else first
            r["games"] += 1
            r["bytes"] += len(raw)
            status = archive.add_entry(device, raw, fsid)
            if head is None:
                r["kept_apart"].append(f"an unreadable entry ({why})")
                progress(f"  an unreadable entry ({len(raw)} bytes): kept "
                         f"apart")
                continue
            gid = game_id(device, fsid, head.number)
            progress(f"  {gid} {head.gid} ({len(raw)} bytes) {status}")
            if status == REFUSED:
                r["kept_apart"].append(gid)    # not marked: the device
                continue                        # keeps its copy
            if status == NEW:
                r["added"] += 1
            elif status == CONFLICT:
                r["conflicts"].append(gid)
            numbers.append(head.number)
        if rest:
            archive.add_damaged(device, fsid, f"pull-{asked}", rest,
                                "bytes of a pull frame that are no entry")
            r["kept_apart"].append(f"{len(rest)} bytes after the games of "
                                   f"a pull")
            progress(f"  {len(rest)} bytes that are no game: kept apart")
        if numbers:
            try:
                client.mark(*numbers)
            except DeviceError as ex:
                # Archived all the same; the next sync pulls them again
                # and finds them there.
                r["unmarked"] += numbers
                progress(f"  the device did not mark them synced: {ex}")
        if nxt == 0:
            break
        if nxt < first or nxt == asked:
            raise LinkError(f"the device's pull did not move on (from "
                            f"{asked} to {nxt}); the games received are "
                            f"archived. Update its firmware (`marcador "
                            f"flash`)")
        first = asked = nxt
    else:
        raise LinkError(f"the device sent over {MAX_PULLS} pulls")
    for name, size in client.damaged():
        raw = client.raw(name, size)
        new = archive.add_damaged(device, fsid, name, raw,
                                  "reported damaged by the device")
        r["damaged"] += 1
        r["damaged_new"] += new
        progress(f"  damaged item {name} ({size} bytes) "
                 f"{'kept' if new else 'already kept'}")
    r["sent"] = client.sent - sent0
    r["received"] = client.received - received0
    return r
