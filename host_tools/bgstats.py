"""A play file for the BG Stats app (`.bgsplay`): games, players,
locations, plays with playerScores, userInfo.

BG Stats publishes no schema; the fields and their types follow a real
export written by the app and two importers whose files it accepts
(../shared/BGSTATS.md; tests/pc/test_bgstats.py checks the file against that
table, not against this code).

Every uuid is a name-based uuid5 under one Marcador namespace, so the same
game, player, location or play gets the same uuid in every export:
importing a newer export updates the plays BG Stats already has (matched by
uuid; `modificationDate` says which copy is newer) instead of adding them
twice.

- a play's uuid comes from the stable game id (device id + game number);
- a player's from their name as the device had it (names are the identity:
  "Ana" on two devices is one player);
- a title's from its id ("doggy"...); the score pad played lowest-wins is a
  title of its own, since BG Stats keeps highestWins per game.

What the device knows goes in: the winners it decided (`manualWinner` true
whenever they are not the top score, so the app does not re-derive them
from scores), who started (Alebrijes' first player, DOG's player to the
dealer's right), the variant (`board`), the rounds. Unfinished games are
exported as ignored plays (kept, left out of statistics). Dates are local
wall time, as BG Stats shows them. A game whose device had no clock set
has no date, and a play in BG Stats must have one: it is left out (see
undated(); `marcador export` names it), never dated by when the PC
archived it. `durationMin` = (ended - started) / 60, rounded, when the
record carries both times (`ended`: devices record it since the end time
was added to the game header), else 0 (the app's files always have it).
`newPlayer` marks a name's first play of a title in the archive, by date.

The user's own settings (config file, INI, see load_config): which player
is the device's owner (`userInfo.meRefId`), the location's name, and BGG
ids per title. No BGG id is built in: a title without one gets 0 (none).
"""

import configparser
import json
import os
import time
import uuid
from collections import Counter
from pathlib import Path

from marcador_core.games import MATCHES, game_class

from .titles import hook, lowest_wins, keys as title_keys
from .stats import title_key, title_name

NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://marcador.invalid/bgstats")
DEFAULT_LOCATION = "Marcador"
ABOUT = ("Plays recorded by Marcador, a score keeper for the game table; "
         "import this file into BG Stats.")
# The titles a config file may set (sections): ids and their variants.
TITLE_KEYS = title_keys()


class ConfigError(ValueError):
    """The config file cannot be used; the message says where and why."""


def default_config_path():
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "marcador" / "config.ini"


def load_config(path=None):
    """The settings of the config file (INI, read by configparser, which
    every supported Python has):

        [bgstats]
        me = Ana                 # the device's owner: userInfo.meRefId
        location = Casa de Ana   # default "Marcador"

        [doggy]                  # a title: doggy duplicon alebrijes dog
        bgg_id = 0               #   dinos free free-low
        bgg_year = 0
        bgg_name = Doggy Style

    Without `path`, the default file is read if it exists (else nothing
    is set); a `path` given must exist. Raises ConfigError."""
    must = path is not None
    path = Path(path) if must else default_config_path()
    if not path.exists():
        if must:
            raise ConfigError(f"no config file {path}")
        return {"path": None, "me": None, "location": None, "titles": {}}
    cp = configparser.ConfigParser(interpolation=None,
                                   inline_comment_prefixes=("#", ";"))
    try:
        with open(path, encoding="utf-8") as f:
            cp.read_file(f)
    except (OSError, UnicodeDecodeError, configparser.Error) as ex:
        first = str(ex).strip().splitlines()[0] if str(ex) else type(ex)
        raise ConfigError(f"cannot read the config {path}: {first}")
    out = {"path": str(path), "me": None, "location": None, "titles": {}}
    if cp.has_section("bgstats"):
        out["me"] = cp.get("bgstats", "me", fallback=None) or None
        out["location"] = cp.get("bgstats", "location", fallback=None) \
            or None
    for key in cp.sections():
        if key == "bgstats":
            continue
        if key not in TITLE_KEYS:
            raise ConfigError(f"{path}: unknown section [{key}]; titles are "
                              f"{', '.join(TITLE_KEYS)}")
        t = {}
        for field in ("bgg_id", "bgg_year"):
            v = cp.get(key, field, fallback="").strip()
            if not v:
                continue
            if not v.isdigit():
                raise ConfigError(f"{path}: [{key}] {field} = {v!r}: give a "
                                  f"whole number (0 = none)")
            t[field] = int(v)
        name = cp.get(key, "bgg_name", fallback="").strip()
        if name:
            t["bgg_name"] = name
        out["titles"][key] = t
    return out


def _uuid(kind, key):
    # A lone surrogate (a tampered archive) as its escape: unchanged for
    # every valid name.
    name = f"{kind}:{key}".encode("utf-8", "backslashreplace").decode()
    return str(uuid.uuid5(NAMESPACE, name)).upper()


def _date(seconds):
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))


def _competition_ranks(keys, lowest):
    # Equal keys share a rank (1, 2, 2, 4).
    sign = 1 if lowest else -1
    return [1 + sum(sign * o < sign * k for o in keys) for k in keys]


def _ranks(row_game, res, lowest):
    """Winners rank 1 (a tie-break may beat an equal total); everyone else
    after them, by total, or for DOG by their team's pawns in the goal
    (partners share a rank). Unfinished games are unranked (0)."""
    n = len(res["players"])
    if not res["over"]:
        return [0] * n
    winners = set(res["winners"])
    keys, lowest = hook(row_game, "rank_keys")(res, lowest)
    others = [p for p in range(n) if p not in winners]
    sub = _competition_ranks([keys[p] for p in others], lowest)
    out = [1] * n
    for p, r in zip(others, sub):
        out[p] = len(winners) + r
    return out


def manual_winner(res, lowest):
    """True exactly when the winners are not the player(s) with the top
    score: the rules decided (DOG's team race, Dinos' escape, Alebrijes'
    tie-break), or nobody has won yet. BG Stats then keeps the winners it
    is given instead of re-deriving them from scores and highestWins."""
    totals = [p["total"] for p in res["players"]]
    best = min(totals) if lowest else max(totals)
    top = {p for p, t in enumerate(totals) if t == best}
    return set(res["winners"]) != top


def start_player(row_game, rec):
    """The seat that played first, where the device knows it (Alebrijes'
    first player, DOG's player to the dealer's right); else None."""
    return hook(row_game, "start_player")(rec)


def board(row_game, rec, match_game):
    """The variant played, in words, or None when there is none."""
    return hook(row_game, "board")(rec, match_game)


def _match_games(rows):
    """{game id: its number within a match}, for the titles played as
    matches (core.games.MATCHES; each recognises its own in the archive:
    the match_games hook, core/codec/hooks.py)."""
    out = {}
    for gid in MATCHES:
        out.update(hook(gid, "match_games")(rows))
    return out


def _duration(row, rec):
    ended = rec.get("ended")
    if ended is None and "ended" in row.keys():
        ended = row["ended"]
    start = row["started"]
    if not ended or not start or ended < start:
        return None
    return int(round((ended - start) / 60))


def _first_plays(rows):
    """{(game id, seat)}: the seats where a name plays a title (a BG Stats
    game) for the first time in the archive, by date (not by the order
    the games were synced in). rows: (started, game id, title key,
    names); undated games are not exported."""
    seen, out = set(), set()
    for started, gid, key, names in sorted(
            (r for r in rows if r[0]), key=lambda r: (r[0], r[1])):
        for seat, name in enumerate(names):
            if (key, name) not in seen:
                seen.add((key, name))
                out.add((gid, seat))
    return out


def _first_play_row(row, rec, res):
    return (row["started"], row["id"], title_key(row["game"], rec),
            [p["name"] for p in res["players"]])


def _match_row(row, rec, res):
    # What the match_games hooks read of a game (core/codec/hooks.py).
    return ({k: row[k] for k in ("id", "game", "device", "number")},
            {"players": rec["players"], "options": rec.get("options")},
            {"over": res["over"]})


class _Plays:
    """The file's games, players and plays, built a game at a time:
    register() each dated game in the archive's order, then finish(),
    then play() each again for its play."""

    def __init__(self, config=None, location=None, me=None):
        config = config or {}
        self.titles = config.get("titles", {})
        self.loc_name = location or config.get("location") \
            or DEFAULT_LOCATION
        self.me = me or config.get("me")
        self.games, self.players = {}, {}
        self.first_date = None
        self.seen = Counter()
        self.matches, self.new_players = {}, set()

    def register(self, row, rec, res):
        key = title_key(row["game"], rec)
        entry_date = _date(row["added"] or row["started"])
        self.first_date = min(self.first_date or entry_date, entry_date)
        if key not in self.games:
            t = self.titles.get(key, {})
            self.games[key] = {
                "id": len(self.games) + 1, "uuid": _uuid("game", key),
                "name": title_name(key), "bggId": t.get("bgg_id", 0),
                "bggName": t.get("bgg_name", title_name(key)),
                "bggYear": t.get("bgg_year", 0),
                "highestWins": not lowest_wins(key), "noPoints": False,
                "cooperative": False,
                "usesTeams": game_class(row["game"]).TEAMS,
                "modificationDate": entry_date, "isBaseGame": 1,
                "isExpansion": 0, "metaData": "{}"}
        for p in res["players"]:
            name = p["name"]
            self.seen[name] += 1
            if name not in self.players:
                self.players[name] = {"id": len(self.players) + 1,
                                      "uuid": _uuid("player", name),
                                      "name": name, "isAnonymous": False,
                                      "modificationDate": entry_date,
                                      "metaData": "{}"}

    def finish(self, matches, new_players):
        self.matches, self.new_players = matches, new_players
        players, me = self.players, self.me
        if me and me not in players:
            # The owner is named but played none of these games.
            players[me] = {"id": len(players) + 1,
                           "uuid": _uuid("player", me), "name": me,
                           "isAnonymous": False,
                           "modificationDate": self.first_date or _date(0),
                           "metaData": "{}"}
        if not me and self.seen:
            # Not named: the one at the table most often (first seen on a
            # tie).
            me = max(self.seen, key=lambda nm: (self.seen[nm],
                                                -players[nm]["id"]))
        self.me = me

    def play(self, row, rec, res):
        played = row["started"]
        key = title_key(row["game"], rec)
        lowest = lowest_wins(key)
        entry_date = _date(row["added"] or played)
        n = len(res["players"])
        ranks = _ranks(row["game"], res, lowest)
        starter = start_player(row["game"], rec)
        scores = []
        for seat, p in enumerate(res["players"]):
            scores.append({
                "playerRefId": self.players[p["name"]]["id"],
                "score": str(p["total"]),
                "winner": seat in res["winners"],
                "rank": ranks[seat],
                "seatOrder": seat + 1,
                "newPlayer": (row["id"], seat) in self.new_players,
                "startPlayer": seat == starter,
                "team": str(hook(row["game"], "team")(seat, n)),
                "role": ""})
        status = res.get("status", {})
        date = _date(played)
        play = {
            "uuid": _uuid("play", row["id"]),
            "gameRefId": self.games[key]["id"],
            "playDate": date,
            "playDateYmd": int(date[:10].replace("-", "")),
            "entryDate": entry_date,
            # Archived games do not change; a corrected game would carry a
            # later date here so that a re-import updates the play.
            "modificationDate": entry_date,
            "ignored": not res["over"],
            "manualWinner": manual_winner(res, lowest),
            "rounds": status.get("rounds", status.get("round", 0)),
            "usesTeams": game_class(row["game"]).TEAMS,
            "scoringSetting": 0,
            "rating": 0, "nemestatsId": 0, "importPlayId": 0, "bggId": 0,
            "playImages": "[]",
            "expansionPlays": [],
            "locationRefId": 1,
            "playerScores": scores,
            "comments": f"Marcador {row['id']}",
        }
        # The app's own files always have it: 0 for a length not known.
        play["durationMin"] = _duration(row, rec) or 0
        variant = board(row["game"], rec, self.matches.get(row["id"]))
        if variant:
            play["board"] = variant
        return play

    def document(self, plays):
        return {
            "about": ABOUT,
            "games": list(self.games.values()),
            "players": list(self.players.values()),
            "locations": [{"id": 1, "uuid": _uuid("location", self.loc_name),
                           "name": self.loc_name,
                           "modificationDate": self.first_date or _date(0)}],
            "plays": plays,
            "userInfo": {"meRefId": self.players[self.me]["id"]
                         if self.me else 0},
        }


def build(archive, config=None, location=None, me=None):
    """The whole file as one dict (tests, small archives; the export
    streams it: chunks())."""
    rows = [(row, json.loads(row["record"]), json.loads(row["result"]))
            for row in archive.games()]
    st = _Plays(config, location, me)
    for row, rec, res in rows:
        if row["started"]:      # date unknown: see undated()
            st.register(row, rec, res)
    st.finish(_match_games(rows),
              _first_plays([_first_play_row(*r) for r in rows]))
    return st.document([st.play(row, rec, res) for row, rec, res in rows
                        if row["started"]])


def chunks(archive, config=None, location=None, me=None, undated=None):
    """The file as pieces of text, joined the same bytes as write(): the
    archive is read twice, memory for a few facts per game instead of
    every play at once. The first pass checks each game (a replay) and
    gathers the titles, players, matches and first plays the file lists
    before its plays; the second writes each play, a game at a time, not
    checking again a row that is still the same (archive.row_digest);
    a game that appeared in between is not in the file. undated, if
    given, a list: the ids of the games left out for want of a date are
    appended to it (what undated() gives, without another pass)."""
    from .archive import row_digest
    st = _Plays(config, location, me)
    checked, dated, matches, firsts = set(), set(), [], []
    for row in archive.iter_games():
        rec, res = json.loads(row["record"]), json.loads(row["result"])
        checked.add(row_digest(row))
        matches.append(_match_row(row, rec, res))
        firsts.append(_first_play_row(row, rec, res))
        if row["started"]:
            st.register(row, rec, res)
            dated.add(row["id"])
        elif undated is not None:
            undated.append(row["id"])
    st.finish(_match_games(matches), _first_plays(firsts))
    del matches, firsts
    head = json.dumps(st.document([]), ensure_ascii=False, indent=1) + "\n"
    cut = '\n "plays": []'
    at = head.index(cut) + len(cut) - 1       # the "]" of the empty list
    first = True
    for row in archive.iter_games(checked=checked):
        if row["id"] not in dated:
            continue
        text = json.dumps(st.play(row, json.loads(row["record"]),
                                  json.loads(row["result"])),
                          ensure_ascii=False, indent=1)
        # One level deeper than the list: two spaces more a line.
        yield (head[:at] + "\n  " if first else ",\n  ") \
            + text.replace("\n", "\n  ")
        first = False
    yield head if first else "\n " + head[at:]


def undated(archive):
    """Ids of the games build() leaves out: their device's clock was not
    set, so they have no date (BG Stats needs one for every play)."""
    return [row["id"] for row in archive.games() if not row["started"]]


def write(archive, config=None, location=None, me=None):
    return "".join(chunks(archive, config, location, me))
