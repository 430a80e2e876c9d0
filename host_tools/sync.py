"""marcador sync: copy a device's games into the archive, then mark them
synced on the device.

The device sends whole game entries, several per frame ("pull"), only the
games it has not yet seen synced. Each game is committed to the archive as
it arrives; after each frame the games in it are marked synced in one
request. So a sync is

- idempotent: a second run pulls nothing (all are marked), and a game the
  archive already holds is never stored twice;
- resumable: a sync cut half-way (cable pulled) left the committed games in
  the archive and the rest unmarked on the device; the next run pulls the
  unmarked ones again and the archive keeps the ones it already has.
"""

from marcador_core import gamefile

from .link import Client, LinkError, PULL_MAX

PROTOCOL = 2        # the oldest device protocol this sync speaks


def sync(client: Client, archive, progress=print, every=False,
         most=PULL_MAX):
    """Pull the device's unsynced games (every game it holds with
    every=True) into the archive. Returns what happened as a dict."""
    sent0, received0 = client.sent, client.received
    hello = client.hello()
    if hello["protocol"] < PROTOCOL:
        raise LinkError(f"the device speaks sync protocol "
                        f"{hello['protocol']}, this marcador needs "
                        f"{PROTOCOL}: update its firmware with "
                        f"`marcador flash`")
    device = hello["device"]
    games = added = size = 0
    first = 1
    while True:
        nxt, entries = client.pull(first, most, every)
        numbers = []
        for raw in entries:
            head, _ = gamefile.read_entry(raw)
            new = archive.add_entry(device, raw)
            added += new == "new"
            games += 1
            size += len(raw)
            numbers.append(head.number)
            progress(f"  {device}-{head.number} {head.gid} ({len(raw)} "
                     f"bytes) {new}")
        if numbers:
            client.mark(*numbers)
        if nxt == 0:
            break
        first = nxt
    return {"device": device, "games": games, "added": added, "bytes": size,
            "sent": client.sent - sent0,
            "received": client.received - received0}
