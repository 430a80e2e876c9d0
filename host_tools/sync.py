"""marcador sync: copy every game of a device into the archive, then mark it
synced on the device. Idempotent (a game already archived is not fetched
again) and resumable (a game is marked synced only once it is committed to
the archive, so a sync cut half-way simply starts that game over)."""

from .link import Client


def sync(client: Client, archive, progress=print):
    hello = client.hello()
    device = hello["device"]
    games = client.games()
    added = 0
    total = sum(g["size"] for g in games if not
                archive.has(f"{device}-{g['number']}"))
    done = 0
    for g in games:
        gid = f"{device}-{g['number']}"
        if not archive.has(gid):
            def step(n):
                nonlocal done
                done += n
            raw = client.fetch(g["number"], g["size"], step)
            if archive.add_entry(device, raw):
                added += 1
            progress(f"  {gid} {g['game']} ({g['size']} bytes) "
                     f"[{done}/{total}]")
        if not g["synced"]:
            client.mark(g["number"])
    return {"device": device, "games": len(games), "added": added,
            "sent": client.sent, "received": client.received}
