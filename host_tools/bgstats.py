"""An import file for the BG Stats app (its JSON export/import shape:
games, players, locations, plays with playerScores).

Every uuid is a name-based uuid5 under one Marcador namespace, so the same
game, player or play gets the same uuid in every export: importing a newer
export into BG Stats updates the plays it already has instead of adding
them twice.

- a play's uuid comes from the stable game id (device id + game number);
- a player's from their name as the device had it (names are the identity:
  "Ana" on two devices is one player);
- a title's from its id ("doggy"...); the score pad played lowest-wins is a
  title of its own, since BG Stats keeps highestWins per game.

Unfinished games are exported as ignored plays (kept, left out of stats).
Start times are local time, as BG Stats shows them; a game whose device had
no clock set gets the time the PC archived it.
"""

import json
import time
import uuid

from .stats import title_key, title_name

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://marcador.invalid/bgstats")


def _uuid(kind, key):
    # A lone surrogate (a tampered archive) as its escape: unchanged for
    # every valid name.
    name = f"{kind}:{key}".encode("utf-8", "backslashreplace").decode()
    return str(uuid.uuid5(NAMESPACE, name)).upper()


def _date(seconds):
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))


def _ranks(totals, lowest):
    # Competition ranking: equal totals share a rank (1, 2, 2, 4).
    key = (lambda t: t) if lowest else (lambda t: -t)
    return [1 + sum(key(o) < key(t) for o in totals) for t in totals]


def build(archive):
    games, players, plays = {}, {}, []
    for row in archive.games():
        rec = json.loads(row["record"])
        res = json.loads(row["result"])
        key = title_key(row["game"], rec)
        lowest = key == "free-low"
        if key not in games:
            games[key] = {
                "id": len(games) + 1, "uuid": _uuid("game", key),
                "name": title_name(key), "bggId": 0,
                "highestWins": not lowest, "cooperative": False,
                "noPoints": False, "usesTeams": row["game"] == "dog",
            }
        n = len(res["players"])
        totals = [p["total"] for p in res["players"]]
        ranks = _ranks(totals, lowest)
        scores = []
        for seat, p in enumerate(res["players"]):
            name = p["name"]
            if name not in players:
                players[name] = {"id": len(players) + 1,
                                 "uuid": _uuid("player", name),
                                 "name": name, "isAnonymous": False}
            s = {"playerRefId": players[name]["id"],
                 "score": str(p["total"]),
                 "winner": seat in res["winners"],
                 # Winners rank 1 (a tie-break can beat an equal total);
                 # everyone else comes after them.
                 "rank": 1 if seat in res["winners"] else max(
                     ranks[seat], len(res["winners"]) + 1),
                 "seatOrder": seat + 1,
                 "newPlayer": False, "startPlayer": False}
            if row["game"] == "dog":
                # Partners sit opposite: teams are seat mod n/2 (core/dog).
                s["team"] = str(seat % (n // 2) + 1)
            scores.append(s)
        status = res.get("status", {})
        plays.append({
            "uuid": _uuid("play", row["id"]),
            "gameRefId": games[key]["id"],
            "playDate": _date(row["started"] or row["added"] or 0),
            "durationMin": 0,
            "ignored": not res["over"],
            "manualWinner": False,
            "rounds": status.get("rounds", status.get("round", 0)),
            "usesTeams": row["game"] == "dog",
            "playerScores": scores,
            "comments": f"Marcador {row['id']}",
        })
    return {"games": list(games.values()), "players": list(players.values()),
            "locations": [], "plays": plays}


def write(archive):
    return json.dumps(build(archive), ensure_ascii=False, indent=1) + "\n"
