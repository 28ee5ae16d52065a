"""The play site's tables, seats, clocks and ratings, without a web
framework: what ``server.py`` serves, and what a site author would port to
another one.

A table is a ``shogi_variants.Session`` (the game and its house rules, held
by the library: a loss on time or the CPU's move over time) plus what only
a site has: each seat's secret token (the seat's link), who sits there (a
person or the CPU), when the turn began, and what each seat was told. The
rules are never decided here: moves, legal squares, views and ends all come
from the library.
"""

from __future__ import annotations

import json
import math
import os
import secrets
import tempfile
import time
from typing import Any, Optional

import shogi_variants as sv

COLORS = {"black": sv.BLACK, "white": sv.WHITE}

# The house rules of the game pages (RULES.md's seed tables), each setting
# with the choices the page offers; the first choice is the default.
BOOL = [False, True]
MOVE_LIMITS = [None, 150, 200, 300]
HOUSE_RULES: dict[str, dict[str, list[Any]]] = {
    "standard": {"move_limit": MOVE_LIMITS},
    "minishogi": {"move_limit": MOVE_LIMITS},
    "must-capture": {
        "base": ["standard", "minishogi"],
        "king_captures_first": BOOL,
        "may_flee_from_check": [True, False],
        "move_limit": MOVE_LIMITS,
    },
    "card": {
        "base": ["standard", "minishogi"],
        "jokers": BOOL,
        "no_move": ["lose", "draw_again"],
        "move_limit": MOVE_LIMITS,
    },
    "tsuitate": {
        "base": ["standard", "minishogi"],
        "foul_limit": [10, 20],
        "announce_fouls_to_both": [True, False],
        "move_limit": [150, None, 200, 300],
    },
}
TURN_TIMES = [None, 30, 60]
OVER_TIME = ["lose", "cpu"]


def catalog() -> list[dict[str, Any]]:
    """Every game a table may hold, with its house rules' choices: the five
    games, the shipped definitions and the shogi family's."""
    games = [{"name": n, "settings": HOUSE_RULES[n]} for n in HOUSE_RULES]
    named = [d for d in sv.DEFINITIONS if d not in HOUSE_RULES] + list(sv.FamilyGame.builtin_names())
    games += [{"name": n, "settings": {"move_limit": MOVE_LIMITS}} for n in named]
    return games


# Each game's house rules and their choices, by game name.
SETTINGS = {g["name"]: g["settings"] for g in catalog()}
GAME_NAMES = list(SETTINGS)


class PlayError(Exception):
    """A request the table refuses (nothing changed); the message says why."""


def _check_settings(game: str, settings: dict[str, Any]) -> dict[str, Any]:
    if game not in GAME_NAMES:
        raise PlayError(f"unknown game {game!r}")
    allowed = SETTINGS[game]
    clean = {}
    for key, value in settings.items():
        if key not in allowed:
            raise PlayError(f"{game} has no house rule {key!r}")
        if value not in allowed[key]:
            raise PlayError(f"{key} is one of {allowed[key]}, not {value!r}")
        if value is not None:
            clean[key] = value
    return clean


def _player(game_name: str, settings: dict[str, Any], seed: int) -> Any:
    """The CPU for a seat of this game: the library's player for its kind."""
    if game_name == "card":
        return sv.CardPlayer()
    if game_name == "tsuitate":
        return sv.BeliefPlayer(seed=seed)
    return sv.SearchPlayer(nodes=20_000, seed=seed)


def _atomic_write(path: str, text: str) -> None:
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


class Table:
    """One game at the site: the library's ``Session`` and the seats."""

    def __init__(self, table_id: str, game: str, settings: dict[str, Any], session: sv.Session,
                 tokens: dict[str, str], names: dict[str, str], cpu: dict[str, bool],
                 turn_started: float, log: Optional[dict[str, list[str]]] = None,
                 rated: bool = False, patience: float = 30.0) -> None:
        self.id = table_id
        self.game_name = game
        self.settings = settings
        self.session = session
        self.tokens = tokens
        self.names = names
        self.cpu = cpu
        self.turn_started = turn_started
        self.log = log or {"black": [], "white": []}
        self.rated = rated
        self.patience = patience
        self.away_since: dict[str, Optional[float]] = {c: time.time() for c in COLORS}
        self.connections = {c: 0 for c in COLORS}
        # Made when the CPU first plays a seat, dropped when the game ends:
        # a search player holds a transposition table of a few megabytes.
        self.players: dict[str, Any] = {}

    # -- seats --------------------------------------------------------------

    def seat_of(self, token: str) -> str:
        for color, t in self.tokens.items():
            if secrets.compare_digest(t, token):
                return color
        raise PlayError("no seat at this table has that link")

    def to_move(self) -> Optional[str]:
        """``"black"``/``"white"``, ``"chance"``, or ``None`` once over."""
        who = self.session.to_move()
        if who is None or who == "chance":
            return who
        return "black" if who == sv.BLACK else "white"

    def settle_chance(self) -> None:
        """Draws what is due (Card shogi's card): no one's choice."""
        while self.session.to_move() == "chance":
            self.session.chance_step()

    def _after_turn(self) -> None:
        for color in COLORS:
            self.log[color] += self.session.told(COLORS[color])
        self.settle_chance()
        self.turn_started = time.time()

    # -- what a seat may do -------------------------------------------------

    def move(self, color: str, usi: object, now: Optional[float] = None) -> tuple[str, Optional[str]]:
        """The seat plays ``usi``; its thinking time is the wall clock since
        the turn began. Raises ``PlayError`` (nothing changed) for a move the
        rules refuse or a seat not to move."""
        if not isinstance(usi, str) or not usi or len(usi) > 16:
            raise PlayError("a move is USI text such as 7g7f")
        elapsed = max(0.0, (now or time.time()) - self.turn_started)
        try:
            turn = self.session.submit(COLORS[color], usi, elapsed)
        except sv.ShogiError as e:
            raise PlayError(str(e)) from None
        self._after_turn()
        return turn

    def resign(self, color: str) -> None:
        try:
            self.session.resign(COLORS[color])
        except sv.ShogiError as e:
            raise PlayError(str(e)) from None

    def time_up(self) -> tuple[str, Optional[str]]:
        """The turn's time ran out: the house rule (a loss, or the CPU)."""
        turn = self.session.time_up()
        self._after_turn()
        return turn

    def cpu_to_play(self, now: float) -> Optional[str]:
        """The seat the CPU must play now, if any: a CPU seat to move, or a
        person's seat that has stayed empty past the site's patience."""
        color = self.to_move()
        if color not in COLORS:
            return None
        if self.cpu[color]:
            return color
        away = self.away_since[color]
        if self.connections[color] == 0 and away is not None and now - away >= self.patience:
            return color
        return None

    def cpu_player(self, color: str) -> Any:
        """The CPU of ``color``'s seat (the library's player for this game)."""
        if color not in self.players:
            self.players[color] = _player(self.game_name, self.settings, seed=list(COLORS).index(color) + 1)
        return self.players[color]

    def cpu_observation(self, color: str) -> Any:
        """What the CPU of ``color`` is shown: that seat's view only."""
        return self.session.game().seen(COLORS[color])

    def deadline(self) -> Optional[float]:
        """When the turn's time runs out (wall clock), if it is limited."""
        if self.session.turn_time is None or self.to_move() not in COLORS:
            return None
        return self.turn_started + self.session.turn_time

    # -- what a seat may see ------------------------------------------------

    def svg(self, color: str, selected: Optional[str] = None, game: Optional[sv.Game] = None) -> str:
        """``color``'s picture (``game``: the table's game, if already copied)."""
        game = game if game is not None else self.session.game()
        flipped = color == "white"
        over = self.session.outcome() is not None
        if isinstance(game, sv.TsuitateGame):
            if over:
                return game.svg(flipped=flipped, opened=True)  # both boards, opened at the end
            return game.seen(COLORS[color]).svg(flipped=flipped, selected=selected)
        return game.svg(flipped=flipped, selected=selected)

    def legal(self, color: str, game: Optional[sv.Game] = None) -> list[str]:
        """``color``'s moves now (``game``: the table's game, if already copied)."""
        if self.to_move() != color:
            return []
        seen = (game if game is not None else self.session.game()).seen(COLORS[color])
        return [m.usi() for m in seen.legal_moves]

    def view(self, color: str, now: Optional[float] = None) -> dict[str, Any]:
        """Everything ``color``'s tab is sent: only what that seat may know."""
        now = now or time.time()
        outcome = self.session.outcome()
        game = self.session.game()
        deadline = self.deadline()
        view: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "game": self.game_name,
            "settings": self.settings,
            "seat": color,
            "to_move": self.to_move(),
            "names": self.names,
            "cpu": self.cpu,
            "present": {c: self.connections[c] > 0 or self.cpu[c] for c in COLORS},
            "svg": self.svg(color, game=game),
            "legal": self.legal(color, game),
            "told": self.log[color][-30:],
            "plies": self.session.plies,
            "turn_time": self.session.turn_time,
            "over_time": self.session.over_time,
            "seconds_left": None if deadline is None else max(0.0, round(deadline - now, 1)),
            "outcome": None,
        }
        if isinstance(game, sv.CardGame):
            view["card"] = game.current_card
        if outcome is not None:
            view["outcome"] = {
                "winner": None if outcome.winner is None else ("black" if outcome.winner == sv.BLACK else "white"),
                "reason": str(outcome.reason),
                "text": str(outcome),
            }
        return view

    # -- keeping -------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps({
            "id": self.id, "game": self.game_name, "settings": self.settings,
            "session": json.loads(self.session.to_json()), "tokens": self.tokens,
            "names": self.names, "cpu": self.cpu, "turn_started": self.turn_started,
            "log": self.log, "rated": self.rated,
        })

    @classmethod
    def from_json(cls, text: str, patience: float = 30.0) -> "Table":
        d = json.loads(text)
        session = sv.Session.from_json(json.dumps(d["session"]))
        return cls(d["id"], d["game"], d["settings"], session, d["tokens"], d["names"], d["cpu"],
                   d["turn_started"], d["log"], d["rated"], patience)


class Ratings:
    """Elo ratings over the games played at the site: a win scores 1, a
    draw half, a loss 0 (K = 32, everyone starts at 1500)."""

    def __init__(self, rows: Optional[dict[str, dict[str, float]]] = None) -> None:
        self.rows = rows or {}

    def row(self, name: str) -> dict[str, float]:
        return self.rows.setdefault(name, {"rating": 1500.0, "games": 0, "wins": 0, "draws": 0, "losses": 0})

    def record(self, black: str, white: str, black_score: float) -> None:
        a, b = self.row(black), self.row(white)
        expected = 1 / (1 + math.pow(10, (b["rating"] - a["rating"]) / 400))
        change = 32 * (black_score - expected)
        a["rating"] += change
        b["rating"] -= change
        for r, s in ((a, black_score), (b, 1 - black_score)):
            r["games"] += 1
            r["wins" if s == 1 else "draws" if s == 0.5 else "losses"] += 1

    def table(self) -> list[dict[str, Any]]:
        return sorted(({"name": n, **r, "rating": round(r["rating"], 1)} for n, r in self.rows.items()),
                      key=lambda r: -r["rating"])


class Lobby:
    """Every table of the site, kept in ``folder`` (one JSON file a table,
    written after every change, and the ratings), so that a server that
    stops puts them all back."""

    def __init__(self, folder: str, patience: float = 30.0) -> None:
        self.folder = folder
        self.patience = patience
        os.makedirs(os.path.join(folder, "tables"), exist_ok=True)
        self.tables: dict[str, Table] = {}
        for name in sorted(os.listdir(os.path.join(folder, "tables"))):
            if name.endswith(".json"):
                with open(os.path.join(folder, "tables", name), encoding="utf-8") as f:
                    table = Table.from_json(f.read(), patience)
                self.tables[table.id] = table
        path = os.path.join(folder, "ratings.json")
        rows = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                rows = json.load(f)
        self.ratings = Ratings(rows)

    def create(self, game: str, settings: dict[str, Any], turn_time: Optional[int] = None,
               over_time: str = "lose", seat: str = "black", opponent: str = "cpu",
               name: str = "Player") -> tuple[Table, str, Optional[str]]:
        """A new table; returns it, the creator's seat token and the other
        seat's (``None`` when the CPU takes it)."""
        if turn_time not in TURN_TIMES:
            raise PlayError(f"turn_time is one of {TURN_TIMES}, not {turn_time!r}")
        if over_time not in OVER_TIME:
            raise PlayError(f"over_time is one of {OVER_TIME}, not {over_time!r}")
        if seat == "random":
            seat = secrets.choice(["black", "white"])
        if seat not in COLORS:
            raise PlayError("seat is 'black', 'white' or 'random'")
        if opponent not in ("cpu", "person"):
            raise PlayError("opponent is 'cpu' or 'person'")
        name = (str(name) or "Player")[:24]
        clean = _check_settings(game, dict(settings or {}))
        try:
            board = sv.new_game(game, seed=secrets.randbits(32), **clean)
            session = sv.Session(board, turn_time=turn_time, over_time="cpu" if over_time == "cpu" else "lose",
                                 seed=secrets.randbits(32))
        except sv.ShogiError as e:
            raise PlayError(str(e)) from None
        other = "white" if seat == "black" else "black"
        tokens = {c: secrets.token_urlsafe(16) for c in COLORS}
        names = {seat: name, other: "CPU" if opponent == "cpu" else "Guest"}
        cpu = {seat: False, other: opponent == "cpu"}
        table = Table(secrets.token_hex(6), game, clean, session, tokens, names, cpu, time.time(),
                      patience=self.patience)
        table.settle_chance()
        self.tables[table.id] = table
        self.save(table)
        return table, tokens[seat], None if opponent == "cpu" else tokens[other]

    def table(self, table_id: str) -> Table:
        try:
            return self.tables[table_id]
        except KeyError:
            raise PlayError("no such table") from None

    def save(self, table: Table) -> None:
        """Keeps the table, and rates its game once it is over."""
        outcome = table.session.outcome()
        if outcome is not None:
            table.players.clear()
        if outcome is not None and not table.rated:
            table.rated = True
            self.ratings.record(table.names["black"], table.names["white"], outcome.score(sv.BLACK))
            _atomic_write(os.path.join(self.folder, "ratings.json"), json.dumps(self.ratings.rows))
        _atomic_write(os.path.join(self.folder, "tables", f"{table.id}.json"), table.to_json())
