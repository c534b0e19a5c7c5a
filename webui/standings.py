"""A club's standings across games: for one rule set, each player's finished games, places and
total score, from the final table of every game that is over (``gamelog.game_view``'s ``final``).

Points of different rule sets do not add up (an MCR hand's points, riichi's thousands after uma),
so the standings are of one rule set at a time. A game still in play is not counted until it is
over (its final table is not known): the standings say how many were left out."""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from datetime import date, datetime

from . import gamelog, scoring
from .store import Store
from .validation import InputError


@dataclass
class PlayerStanding:
    """One player's line: ``places[k]`` games finished at rank k + 1 (a tie shares the better
    rank, as the final table gives it)."""
    name: str
    games: int = 0
    total: int = 0
    best: int | None = None
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    last_game: int = 0        # the newest game's id: its spelling of the name is the one shown

    @property
    def average_rank(self) -> float:
        return sum((k + 1) * n for k, n in enumerate(self.places)) / self.games if self.games else 0.0

    def as_dict(self) -> dict:
        return {"name": self.name, "games": self.games, "total": self.total, "best": self.best,
                "places": list(self.places), "average_rank": round(self.average_rank, 2)}


def parse_day(value, name: str) -> date | None:
    """A day given as YYYY-MM-DD (a date field's value), or nothing."""
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise InputError("bad_field", f"{name} must be a date written YYYY-MM-DD, not {str(value)[:20]!r}",
                         field=name) from None


def _local_day(created: str) -> date | None:
    """The day a game was started, in the server's own time zone (the club's clock): a game begun
    at 00:30 in Paris is that day's, not the day before as UTC would have it."""
    try:
        return datetime.fromisoformat(created).astimezone().date()
    except (TypeError, ValueError):
        return None


def club_standings(store: Store, rules: str, since: date | None = None, until: date | None = None) -> dict:
    """The standings of ``rules`` over the games started from ``since`` to ``until`` (days,
    both included): ``players`` best first (total score, then average rank, then fewer games),
    ``games`` counted and ``in_play`` (games of those days not over, left out)."""
    if since and until and since > until:
        raise InputError("bad_field", f"the first day ({since.isoformat()}) is after the last ({until.isoformat()})",
                         field="since")
    players: dict[str, PlayerStanding] = {}
    counted = in_play = 0
    for game in gamelog.games_with_state(store):
        if game["rules"] != rules:
            continue
        day = _local_day(game["created"])
        if (since and (day is None or day < since)) or (until and (day is None or day > until)):
            continue
        if not game["finished"]:
            in_play += 1
            continue
        final = gamelog.game_view(store, game["id"])["final"] or []
        if len(final) != 4:
            continue
        counted += 1
        for row in final:
            # one player across games by their name as it reads ("Ann" and "ann"), as a game
            # tells its four players apart (gamelog.name_key)
            line = players.setdefault(gamelog.name_key(row["player"]), PlayerStanding(row["player"]))
            line.games += 1
            line.total += row["score"]
            line.best = row["score"] if line.best is None else max(line.best, row["score"])
            line.places[min(max(row["rank"], 1), 4) - 1] += 1
            if game["id"] > line.last_game:
                line.last_game, line.name = game["id"], row["player"]
    ranked = sorted(players.values(), key=lambda p: (-p.total, p.average_rank, p.games, p.name.casefold()))
    rows = []
    for i, p in enumerate(ranked):
        # players level on total and average rank share a place
        same = rows and (p.total, round(p.average_rank, 6)) == (ranked[i - 1].total, round(ranked[i - 1].average_rank, 6))
        rows.append({"rank": rows[-1]["rank"] if same else i + 1, **p.as_dict()})
    return {"rules": rules, "since": since.isoformat() if since else None,
            "until": until.isoformat() if until else None, "games": counted, "in_play": in_play, "players": rows}


def from_query(store: Store, args) -> tuple[dict, list[str]]:
    """The standings a query asks for (``rules``, ``since``, ``until``): by default those of the
    rule set most played, over every day; and the rule sets played, for the page's choice."""
    played = rules_played(store)
    rules = args.get("rules") or (played[0] if played else gamelog.usual_rules(store))
    known = {r["name"] for r in scoring.available_rules()}
    if rules not in known:
        raise InputError("bad_field", f"unknown rules {str(rules)[:30]!r}: one of {', '.join(sorted(known))}",
                         field="rules")
    since, until = parse_day(args.get("since"), "since"), parse_day(args.get("until"), "until")
    return club_standings(store, rules, since, until), played


def rules_played(store: Store) -> list[str]:
    """The rule sets of the games kept, the most played first (the standings' choice)."""
    counts: dict[str, int] = {}
    for game in store.list_games():
        counts[game["rules"]] = counts.get(game["rules"], 0) + 1
    return sorted(counts, key=lambda r: (-counts[r], r))


def standings_csv(standings: dict, words, delimiter: str = ",") -> str:
    """The standings as a spreadsheet reads them; ``words`` translates a heading; ``delimiter``
    ";" for a spreadsheet set for French (its average ranks then take a decimal comma)."""
    out = io.StringIO()
    w = gamelog.SafeCsv(out, delimiter)
    w.writerow([words(c) for c in ("Rank", "Player", "Games", "Total", "Average rank", "Best game",
                                   "1st", "2nd", "3rd", "4th")])
    for r in standings["players"]:
        w.writerow([r["rank"], r["name"], r["games"], r["total"], float(r["average_rank"]), r["best"], *r["places"]])
    return out.getvalue()
