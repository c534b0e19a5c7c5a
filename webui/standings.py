"""A club's standings across games: for one rule set, each player's finished games, places and
total score, from the final table of every game that is over (``gamelog.game_view``'s ``final``).

Points of different rule sets do not add up (an MCR hand's points, riichi's thousands after uma),
so the standings are of one rule set at a time. A game still in play is not counted until it is
over (its final table is not known): the standings say how many were left out."""
from __future__ import annotations

import io
import json
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime

import scorer

from . import gamelog, scoring
from .store import Store
from .validation import InputError

#: The most games a club may ask its ranked players to have played (a bound against a typo).
MAX_MIN_GAMES = 10_000
#: MCR table points for 1st to 4th place in a game: the custom of MCR tournaments and leagues
#: (4-2-1-0), which 000 does not define (« Fin de la Partie »: the most points wins); offered
#: beside the total and as a way to rank, players level in a game sharing the points of their
#: places (docs/rulings.md, "final ranking").
TABLE_POINTS = {"mcr": (4, 2, 1, 0)}
#: How the standings may rank players: by total score (every rule set), or by table points then
#: total (rule sets with ``TABLE_POINTS``).
RANKINGS = ("total", "table_points")


@dataclass
class PlayerStanding:
    """One player's line: ``places[k]`` games finished at rank k + 1 as the final table gives it
    (a tie shares the better rank); ``positions`` adds each game's place with a tie's places
    shared out (three level after the winner are each third: (2 + 3 + 4) / 3), as 002 §3.6.1
    shares the uma of players level."""
    games: int = 0
    total: int | float = 0
    best: int | float | None = None
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    positions: float = 0.0
    table_points: float = 0.0
    # penalties taken after the uma (a tournament chombo's -20,000, 002 §3.4.6), in ``total``:
    # what leaves the table, which the money settlement has the offender put in the pot
    penalty: int | float = 0
    spellings: dict = field(default_factory=dict)      # each spelling of the name: (games, newest game id)
    # games left before their end, a substitute finishing them: not games played (no place), but
    # the points of the hands played are in ``total``
    part_games: int = 0

    @property
    def name(self) -> str:
        """The spelling of the most games; among those level, one with capitals ("bob" typed on a
        phone that left it lowercase named a club's "Bob" in its standings), then the newest
        game's (one typo in the last game renamed the player everywhere)."""
        return max(self.spellings, key=lambda n: (self.spellings[n][0], n != n.lower(), self.spellings[n][1]))

    @property
    def average_rank(self) -> float:
        return self.positions / self.games if self.games else 0.0

    def as_dict(self) -> dict:
        return {"name": self.name, "games": self.games, "total": self.total, "best": self.best,
                "per_game": round(self.total / self.games, 1) if self.games else 0,
                "places": list(self.places), "average_rank": round(self.average_rank, 2),
                "table_points": round(self.table_points, 2), "part_games": self.part_games}


#: The places of a game, 1st to 4th: what ``_shared_out`` shares to give each player's position.
PLACES = (1, 2, 3, 4)


def _shared_out(final: list[dict], by_place: tuple) -> dict[str, float]:
    """Each player's value of their place in one game (``by_place``: 1st to 4th), players level
    sharing out the values of the places they cover (two level first: their mean, (4 + 2) / 2 of
    table points, 1.5th of places)."""
    out = {}
    for row in final:
        level = sum(1 for r in final if r["rank"] == row["rank"])
        first = min(max(row["rank"], 1), len(by_place)) - 1
        covered = by_place[first:first + level]
        out[row["player"]] = sum(covered) / len(covered)
    return out


def _played_signature(game: dict, hands: list[dict]) -> tuple:
    """What makes two games the same game: their players and every hand's changes (a game
    recorded twice, or imported beside itself)."""
    return (tuple(gamelog.name_key(p) for p in game["players"]),
            tuple((h["kind"], tuple(h["deltas"])) for h in hands))


def parse_day(value, name: str) -> date | None:
    """A day given as YYYY-MM-DD (a date field's value), or nothing."""
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise InputError("bad_field", f"{name} must be a date written YYYY-MM-DD, not {str(value)[:20]!r}",
                         field=name) from None


def _min_games(value) -> int:
    """The fewest finished games a player needs to be ranked (a club's rule), 1 by default."""
    text = "" if value is None else str(value).strip()
    if not text:
        return 1
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_MIN_GAMES:
        raise InputError("bad_field", f"min_games must be a whole number from 1 to {MAX_MIN_GAMES}, not {text[:20]!r}",
                         field="min_games")
    return int(text)


def _local_day(created: str) -> date | None:
    """The day a game was started, in the server's own time zone (the club's clock): a game begun
    at 00:30 in Paris is that day's, not the day before as UTC would have it."""
    try:
        return datetime.fromisoformat(created).astimezone().date()
    except (TypeError, ValueError):
        return None


def club_standings(store: Store, rules: str, since: date | None = None, until: date | None = None,
                   min_games: int = 1, games: list[dict] | None = None, rank_by: str = "total",
                   read: "GamesRead | None" = None) -> dict:
    """The standings of ``rules`` over the games started from ``since`` to ``until`` (days,
    both included): ``players`` best first (total score, then average rank, then fewer games;
    ``rank_by`` "table_points": table points first, where the rule set has them, ``TABLE_POINTS``;
    by total where it has none, said by ``ranked_by_total_instead``)
    among those with ``min_games`` finished games or more; ``counted`` (the games added up),
    ``in_play`` (games of those days not over, left out), ``outside`` (finished games of other
    days), ``fewer_games`` (players left out for it), ``alike`` (groups of games with the same
    players and hands: one may be a copy, counted twice) and ``house_rules`` (where the games
    counted were played under different house rules, each one's ``options``, ``flow`` and
    ``games``, most games first; else empty). ``games``: ``store.list_games()``, when
    already read."""
    if since and until and since > until:
        raise InputError("bad_field", f"the first day ({since.isoformat()}) is after the last ({until.isoformat()})",
                         field="since")
    points = TABLE_POINTS.get(rules)
    if rank_by not in RANKINGS:
        raise InputError("bad_field", f"unknown ranking {str(rank_by)[:20]!r}: total or table_points", field="rank_by")
    # a club switching its page from MCR to riichi keeps the ranking it chose: a rule set without
    # table points is ranked by total, and says so
    instead = rank_by == "table_points" and points is None
    if instead:
        rank_by = "total"
    players: dict[str, PlayerStanding] = {}
    counted, in_play, outside = [], 0, 0
    substituted: set[int] = set()          # games where a substitute took a seat
    signatures: dict[tuple, list[dict]] = {}
    variants: dict[str, dict] = {}
    read = read or GamesRead(store)
    for game in reversed(store.list_games() if games is None else games):          # oldest first
        if game["rules"] != rules:
            continue
        deal = read.deal(game)
        day = _local_day(game["created"])
        if (since and (day is None or day < since)) or (until and (day is None or day > until)):
            outside += deal.finished
            continue
        if not deal.finished:
            in_play += 1
            continue
        played = read.played(game)
        if played is None:
            continue
        hands, final = played
        entry = {"id": game["id"], "name": game["name"], "created": game["created"]}
        counted.append(entry)
        variant = _house_rules_of(game)
        variants.setdefault(json.dumps(variant, sort_keys=True, default=str), {**variant, "games": []})["games"].append(entry)
        if any(h["kind"] == "win" for h in hands):
            # two short games of draws alone may well be alike: a copy is told by its wins
            signatures.setdefault(_played_signature(game, hands), []).append(entry)
        positions = _shared_out(final, PLACES)
        table_points = _shared_out(final, points) if points else {}
        for row in final:
            # one player across games by their name as it reads ("Ann" and "ann"), as a game
            # tells its four players apart (gamelog.name_key)
            line = players.setdefault(gamelog.name_key(row["player"]), PlayerStanding())
            # a seat a substitute played: each person the points of the hands they played, the one
            # who finished the game its place, its uma and the rest (docs/rulings.md, Substitutes)
            own, own_penalty = row["score"], row.get("penalty") or 0
            if row.get("shares"):
                substituted.add(game["id"])
            for share in row.get("shares") or []:
                if gamelog.name_key(share["name"]) == gamelog.name_key(row["player"]):
                    own, own_penalty = share["score"], share.get("penalty") or 0
                    continue
                left = players.setdefault(gamelog.name_key(share["name"]), PlayerStanding())
                left.total += share["score"]
                left.penalty += share.get("penalty") or 0
                left.part_games += 1
                seen = left.spellings.get(share["name"], (0, 0))
                left.spellings[share["name"]] = (seen[0], game["id"])
            line.games += 1
            line.total += own
            line.penalty += own_penalty
            line.best = own if line.best is None else max(line.best, own)
            line.places[min(max(row["rank"], 1), 4) - 1] += 1
            line.positions += positions[row["player"]]
            line.table_points += table_points.get(row["player"], 0.0)
            seen = line.spellings.get(row["player"], (0, 0))
            line.spellings[row["player"]] = (seen[0] + 1, game["id"])
    kept = [p for p in players.values() if p.games >= min_games]
    by_points = rank_by == "table_points"

    def merit(p):
        """What ranks a player, best first (the smaller the better)."""
        return ((-round(p.table_points, 6),) if by_points else ()) + (-p.total, round(p.average_rank, 6))
    ranked = sorted(kept, key=lambda p: merit(p) + (p.games, p.name.casefold()))
    rows = []
    for i, p in enumerate(ranked):
        # players level on what ranks them share a place
        same = rows and merit(p) == merit(ranked[i - 1])
        line = p.as_dict()
        if not points:          # a rule set without table points: none per player (0.0 read as counted)
            line["table_points"] = None
        rows.append({"rank": rows[-1]["rank"] if same else i + 1, **line})
    return {"rules": rules, "since": since.isoformat() if since else None,
            "until": until.isoformat() if until else None, "min_games": min_games,
            "table_points": list(points) if points else None, "rank_by": rank_by,
            "ranked_by_total_instead": instead,
            "games": len(counted), "counted": counted[::-1], "in_play": in_play, "outside": outside,
            "fewer_games": len(players) - len(kept), "substituted": len(substituted),
            # who is not ranked, by name, with their total and games: a player who only played part
            # of a game (a substitute finished it) was a bare count, as if they had played nothing
            "unranked": [{"name": p.name, "total": p.total, "games": p.games, "part_games": p.part_games}
                         for p in sorted((q for q in players.values() if q.games < min_games),
                                         key=lambda q: (-q.total, q.name.casefold()))],
            "alike": [group for group in signatures.values() if len(group) > 1],
            # a club's tournament nights (uma 15/5) added to friendly ones (no uma) without a word
            "house_rules": sorted(variants.values(), key=lambda v: -len(v["games"])) if len(variants) > 1 else [],
            "players": rows,
            # every player's total, ranked or not (fewer games than asked): what money settles, in
            # the table's order, the unranked after; and the penalties that left the table
            "totals": {p.name: p.total for p in ranked + [q for q in players.values() if q.games < min_games]},
            "penalties": {p.name: p.penalty for p in players.values() if p.penalty},
            # names that differ only by their accents ("Chloé" and "Chloe"): two lines, said
            "similar_names": similar_names([p.name for p in players.values()])}


def similar_names(names: list[str]) -> list[list[str]]:
    """Groups of ``names`` that read the same without their accents and spaces ("Chloé", "Chloe"):
    kept apart (two players may be so named), but said, as a typo at one table split a player's
    standing in two without a word."""
    groups: dict[str, list[str]] = {}
    for name in names:
        bare = "".join(c for c in unicodedata.normalize("NFKD", gamelog.name_key(name))
                       if not unicodedata.combining(c) and not c.isspace())
        groups.setdefault(bare, []).append(name)
    return [sorted(g) for g in groups.values() if len(g) > 1]


def _house_rules_of(game: dict) -> dict:
    """What of a game's rules changes its players' scores and departs from its rule set's
    defaults: its scoring options (``scoring.house_rules``), riichi's starting points and uma
    (``flow``, as ``i18n.house_rules_text`` says them; a game made through the API may store
    002's own figures) and whether it was a tournament game or a half game (``flags``)."""
    from scorer.flow.riichi import START_POINTS, UMA
    flow = game.get("flow") or {}
    figures = {}
    if flow.get("start_points") not in (None, START_POINTS):
        figures["start_points"] = flow["start_points"]
    if flow.get("uma") is not None and list(flow["uma"]) != list(UMA):
        figures["uma"] = flow["uma"]
    return {"options": dict(scoring.house_rules(game["rules"], game.get("options"))), "flow": figures,
            "flags": [k for k in ("tournament", "east_only") if flow.get(k) is True]}


def from_query(store: Store, args) -> tuple[dict, list[str]]:
    """The standings a query asks for (``rules``, ``since``, ``until``, ``min_games``): by default
    those of the rule set with the most finished games, over every day; and the rule sets to choose
    from (those played, and the one asked)."""
    games = store.list_games()
    played = rules_played(games)
    asked = args.get("rules")
    rank_by = args.get("rank_by") or "total"
    read = GamesRead(store)         # the default's choice and the standings read each game once
    rules = scorer.rules_name(asked) if asked else (_most_finished(read, games, played, rank_by) or
                                                    (played[0] if played else gamelog.usual_rules(store)))
    known = {r["name"] for r in scoring.available_rules()}
    if rules not in known:
        raise InputError("unknown_rules", f"unknown rules {str(asked)[:30]!r}: one of {', '.join(sorted(known))}",
                         field="rules")
    since, until = parse_day(args.get("since"), "since"), parse_day(args.get("until"), "until")
    min_games = _min_games(args.get("min_games"))
    return (club_standings(store, rules, since, until, min_games, games, rank_by, read),
            played + ([rules] if rules not in played else []))


class GamesRead:
    """Each game's next deal and, finished, what the standings count of it, read from the game log
    once per request (the default rule set's choice and the standings both read every game)."""

    def __init__(self, store: Store):
        self.store = store
        self._deals: dict[int, object] = {}
        self._played: dict[int, tuple[list[dict], list] | None] = {}

    def deal(self, game: dict):
        if game["id"] not in self._deals:
            self._deals[game["id"]] = gamelog.next_deal(self.store, game)
        return self._deals[game["id"]]

    def played(self, game: dict) -> tuple[list[dict], list] | None:
        """A finished game's hands and final table, as the standings count it; None for a game not
        finished, or ended before its first hand (refused now, kept in older logs), which is no
        game played. The light rows and the final table from SQLite's sums: a club's hundreds of
        games read whole (game_view) took most of a second per page."""
        if game["id"] not in self._played:
            deal, out = self.deal(game), None
            if deal.finished:
                hands = self.store.hand_summaries(game["id"])
                final = gamelog.final_table(self.store, game, deal) or []
                if len(final) == 4 and any(h["kind"] != "end" for h in hands):
                    out = (hands, final)
            self._played[game["id"]] = out
        return self._played[game["id"]]


def _most_finished(read: GamesRead, games: list[dict], played: list[str], rank_by: str) -> str | None:
    """The rule set with the most finished games (the standings count those alone), the most
    played first among equals; ranked by table points, one that has them where one is finished.
    None where no game is finished. A Hong Kong evening in play (four games started) was the
    default over the riichi games finished, and the standings said "0 finished games counted";
    riichi games in play or imported were over three MCR club games finished, and
    --by-table-points alone said riichi has no table points."""
    finished: dict[str, int] = {}
    for g in games:
        if read.played(g) is not None:      # counted as the standings count them
            finished[g["rules"]] = finished.get(g["rules"], 0) + 1
    choices = [r for r in played if finished.get(r)]
    if rank_by == "table_points":
        choices = [r for r in choices if r in TABLE_POINTS] or choices
    return min(choices, key=lambda r: (-finished[r], played.index(r)), default=None)


def rules_played(games: list[dict]) -> list[str]:
    """The rule sets of ``games`` (``store.list_games()``), the most played first (the standings'
    choice)."""
    counts: dict[str, int] = {}
    for game in games:
        counts[game["rules"]] = counts.get(game["rules"], 0) + 1
    return sorted(counts, key=lambda r: (-counts[r], r))


def standings_csv(standings: dict, words, delimiter: str = ",") -> str:
    """The standings as a spreadsheet reads them; ``words`` translates a heading; ``delimiter``
    ";" for a spreadsheet set for French (its average ranks then take a decimal comma)."""
    out = io.StringIO()
    w = gamelog.SafeCsv(out, delimiter)
    points = standings.get("table_points") is not None
    # the penalties taken after the uma, in the totals, where any was: the page and the command
    # line say why the totals add up to them; the CSV's totals added up to -20,000 unexplained
    penalties = standings.get("penalties") or {}
    w.writerow([words(c) for c in ("Rank", "Player", "Games", "Total", "Per game", "Average rank", "Best game",
                                   "1st", "2nd", "3rd", "4th")] + ([words("Table points")] if points else [])
               + ([words("Penalties after the uma")] if penalties else []))
    for r in standings["players"]:
        w.writerow([r["rank"], r["name"], r["games"], r["total"], float(r["per_game"]), float(r["average_rank"]),
                    r["best"], *r["places"]] + ([float(r["table_points"])] if points else [])
                   + ([penalties.get(r["name"], 0)] if penalties else []))
    # the players not ranked (fewer finished games than asked, or a game left to a substitute), as
    # the page names them: the money the same page settles charged a player the CSV left out
    unranked = standings.get("unranked") or []
    if unranked:
        w.writerow([])
        w.writerow([words(c) for c in ("Not ranked", "Total", "Games", "Games left to a substitute")])
        for u in unranked:
            w.writerow([u["name"], u["total"], u["games"], u.get("part_games", 0)])
    return out.getvalue()


def file_name(standings: dict) -> str:
    """The CSV's name, with its ranking when by table points and its days: a club's weekly
    exports, and its two rankings, kept apart."""
    parts = [standings["rules"]] + (["table-points"] if standings.get("rank_by") == "table_points" else []) + \
        [d for d in (standings["since"], standings["until"]) if d]
    return f"mjtable-standings-{'-'.join(parts)}.csv"
