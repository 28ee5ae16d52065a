"""The play site over HTTP and WebSockets (aiohttp): the lobby page, a page
per seat, one WebSocket per open tab, the turn timer, the CPU seats and the
patience with an empty seat. The tables themselves are ``tables.py``'s.

Protocol (JSON messages on ``/ws/{table}/{token}``):

- the server sends ``{"type": "state", ...}`` (``Table.view``: only what
  that seat may know) when the tab connects and after every change, and
  ``{"type": "selected", "svg": ...}`` in answer to a selection;
- the tab sends ``{"type": "move", "usi": "7g7f"}``,
  ``{"type": "select", "square": "7g"}`` (or ``"P*"`` for a piece in hand:
  the reply marks its legal squares by the game's own rules) and
  ``{"type": "resign"}``;
- a refused request gets ``{"type": "error", "message": ...}`` and changes
  nothing.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Optional

from aiohttp import WSMsgType, web

import shogi_variants as sv

from .tables import COLORS, Lobby, PlayError, Table, catalog

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
MAX_MESSAGE = 4096


class Site:
    """The running site: the lobby, each table's open tabs and timers."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.sockets: dict[str, dict[str, set[web.WebSocketResponse]]] = {}
        self.wakers: dict[str, asyncio.TimerHandle] = {}
        self.busy: set[str] = set()  # tables whose CPU is thinking
        self.pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cpu")

    def tabs(self, table: Table) -> dict[str, set[web.WebSocketResponse]]:
        return self.sockets.setdefault(table.id, {c: set() for c in COLORS})

    async def broadcast(self, table: Table) -> None:
        """Sends each open tab its seat's view, then keeps the table."""
        self.lobby.save(table)
        now = time.time()
        for color, sockets in self.tabs(table).items():
            if sockets:
                text = json.dumps(table.view(color, now))
                for ws in list(sockets):
                    try:
                        await ws.send_str(text)
                    except (ConnectionError, RuntimeError):
                        sockets.discard(ws)
        self.schedule(table)

    def schedule(self, table: Table) -> None:
        """Wakes the table when something is due: the CPU's turn, the turn
        timer, or an empty seat's patience running out."""
        old = self.wakers.pop(table.id, None)
        if old is not None:
            old.cancel()
        if table.session.outcome() is not None:
            return
        now = time.time()
        due = []
        color = table.to_move()
        if color in COLORS:
            if table.cpu[color]:
                due.append(now)
            else:
                away = table.away_since[color]
                if table.connections[color] == 0 and away is not None:
                    due.append(away + table.patience)
            deadline = table.deadline()
            if deadline is not None:
                due.append(deadline)
        if due:
            loop = asyncio.get_running_loop()
            delay = max(0.0, min(due) - now)
            self.wakers[table.id] = loop.call_later(delay, lambda: asyncio.ensure_future(self.wake(table)))

    async def wake(self, table: Table) -> None:
        if table.id in self.busy or table.session.outcome() is not None:
            return
        now = time.time()
        deadline = table.deadline()
        if deadline is not None and now >= deadline:
            table.time_up()
            await self.broadcast(table)
            return
        color = table.cpu_to_play(now)
        if color is None:
            self.schedule(table)
            return
        await self.cpu_move(table, color)

    async def cpu_move(self, table: Table, color: str) -> None:
        """The CPU plays ``color``'s turn (in a thread: the search releases
        the GIL), shown only that seat's view."""
        self.busy.add(table.id)
        plies = table.session.plies
        try:
            observation = table.cpu_observation(color)
            player = table.cpu_player(color)
            loop = asyncio.get_running_loop()
            move = await loop.run_in_executor(self.pool, player.choose, observation)
            if table.session.plies == plies and table.to_move() == color and move is not None:
                usi = move if isinstance(move, str) else move.usi()
                try:
                    table.move(color, usi, now=table.turn_started)  # the CPU is never late
                except PlayError:
                    table.time_up()  # a CPU with no acceptable move meets the house rule
        finally:
            self.busy.discard(table.id)
        await self.broadcast(table)


# The application's key for its Site.
SITE = web.AppKey("site", Site)

# -- handlers ---------------------------------------------------------------


def site_of(request: web.Request) -> Site:
    return request.app[SITE]


async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(os.path.join(STATIC, "index.html"))


async def api_catalog(request: web.Request) -> web.Response:
    return web.json_response({"games": catalog(), "turn_times": [None, 30, 60], "over_time": ["lose", "cpu"]})


async def api_ratings(request: web.Request) -> web.Response:
    return web.json_response(site_of(request).lobby.ratings.table())


async def api_create(request: web.Request) -> web.Response:
    site = site_of(request)
    try:
        body = await request.json()
        if not isinstance(body, dict):
            raise PlayError("the request is a JSON object")
        table, mine, other = site.lobby.create(
            body.get("game", ""), body.get("settings") or {}, body.get("turn_time"),
            body.get("over_time", "lose"), body.get("seat", "black"), body.get("opponent", "cpu"),
            body.get("name", "Player"),
        )
    except (PlayError, ValueError, TypeError, AttributeError) as e:
        return web.json_response({"error": str(e)}, status=400)
    site.schedule(table)
    seat = next(c for c, t in table.tokens.items() if t == mine)
    return web.json_response({
        "table": table.id, "seat": seat, "url": f"/t/{table.id}/{mine}",
        "join": None if other is None else f"/t/{table.id}/{other}",
    })


async def seat_page(request: web.Request) -> web.FileResponse:
    site = site_of(request)
    try:
        site.lobby.table(request.match_info["table"]).seat_of(request.match_info["token"])
    except PlayError as e:
        raise web.HTTPNotFound(text=str(e)) from None
    return web.FileResponse(os.path.join(STATIC, "table.html"))


async def socket(request: web.Request) -> web.WebSocketResponse:
    site = site_of(request)
    try:
        table = site.lobby.table(request.match_info["table"])
        color = table.seat_of(request.match_info["token"])
    except PlayError as e:
        raise web.HTTPNotFound(text=str(e)) from None
    ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20)
    await ws.prepare(request)
    site.tabs(table)[color].add(ws)
    table.connections[color] += 1
    table.away_since[color] = None
    try:
        await ws.send_str(json.dumps(table.view(color)))
        site.schedule(table)
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            await handle(site, table, color, ws, msg.data)
    finally:
        site.tabs(table)[color].discard(ws)
        table.connections[color] -= 1
        if table.connections[color] == 0:
            table.away_since[color] = time.time()
            site.schedule(table)
    return ws


async def handle(site: Site, table: Table, color: str, ws: web.WebSocketResponse, data: str) -> None:
    try:
        message = json.loads(data)
        if not isinstance(message, dict):
            raise PlayError("a message is a JSON object")
        kind = message.get("type")
        if kind == "select":
            square = message.get("square")
            if not isinstance(square, str) or len(square) > 8:
                raise PlayError("select names a square such as 7g, or a piece in hand such as P*")
            try:
                svg = table.svg(color, selected=square) if table.to_move() == color else table.svg(color)
            except sv.ShogiError as e:
                raise PlayError(str(e)) from None
            await ws.send_str(json.dumps({"type": "selected", "square": square, "svg": svg}))
        elif kind == "move":
            if table.id in site.busy:
                raise PlayError("the CPU is thinking")
            table.move(color, message.get("usi"))
            await site.broadcast(table)
        elif kind == "resign":
            table.resign(color)
            await site.broadcast(table)
        else:
            raise PlayError(f"unknown message type {kind!r}")
    except (PlayError, ValueError) as e:
        await ws.send_str(json.dumps({"type": "error", "message": str(e)}))


def make_app(folder: str, patience: float = 30.0) -> web.Application:
    """The site's aiohttp application, its tables kept in ``folder``."""
    app = web.Application(client_max_size=64 * 1024)
    site = Site(Lobby(folder, patience))
    app[SITE] = site
    app.router.add_get("/", index)
    app.router.add_get("/api/catalog", api_catalog)
    app.router.add_get("/api/ratings", api_ratings)
    app.router.add_post("/api/tables", api_create)
    app.router.add_get("/t/{table}/{token}", seat_page)
    app.router.add_get("/ws/{table}/{token}", socket)
    app.router.add_static("/static/", STATIC)

    async def started(app: web.Application) -> None:
        for table in site.lobby.tables.values():
            site.schedule(table)

    async def stopped(app: web.Application) -> None:
        for waker in site.wakers.values():
            waker.cancel()
        site.pool.shutdown(wait=False, cancel_futures=True)

    app.on_startup.append(started)
    app.on_cleanup.append(stopped)
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, folder: Optional[str] = None,
          patience: float = 30.0) -> None:
    """Serves the site until interrupted (``python -m shogi_variants.play``)."""
    folder = folder or os.path.join(os.getcwd(), "shogi-play-data")
    print(f"shogi_variants.play: http://{host}:{port}/  (tables kept in {folder})", flush=True)
    web.run_app(make_app(folder, patience), host=host, port=port, print=None)


