"""The play site under load (issue 37): scripted clients play many games at
once over the page's own protocol, on the loopback address, while CPU
seats search. A benchmark, not a test: it reports figures, and says whether
the goal was met, but does not fail.

    python examples/python/bench_play.py [--games 50] [--seconds 30]
        [--think 0.2] [--cpu-tables 10] [--timer-tables 5] [--port 0]

(needs the ``play`` extra, aiohttp). It starts the site as a subprocess
(``python -m shogi_variants.play`` on 127.0.0.1, a free port unless
``--port`` names one, its tables kept in a temporary folder, ``--patience``
long enough that no empty seat is handed to the CPU), waits until it
answers, then for ``--seconds``:

- ``--games`` person-vs-person minishogi tables, each seat a scripted
  client with its own WebSocket (``POST /api/tables`` with
  ``"opponent": "person"``, then ``/ws/ID/TOKEN`` for each seat's link);
- ``--cpu-tables`` more tables whose second seat is the CPU
  (``"opponent": "cpu"``), so that CPU seats are searching throughout;
- each scripted client, when a state says it is to move, thinks
  ``think * U(0.5, 1.5)`` seconds and sends a random move from the state's
  ``legal`` list; when a game ends the pair opens a new table.

What it measures:

- move -> opponent update: for every move at a person-vs-person table, the
  time from just before the mover's ``send_str`` to the moment the
  *opponent's* socket receives the state with the new ``plies`` (matched
  by table and plies), both read from the same clock in this process.
  Count, p50, p90, p99 and max in ms; the goal is p99 < 50 ms. The clients
  run in this one process beside the server on the same cores, so the
  figure includes this process's own delays; the event-loop lag it
  reports (a 5 ms sleep's overshoot) shows how large those are.
- the CPU's reply (information only): at a CPU table, from the person's
  move to the state carrying the CPU's answer.
- timers (only with ``--seconds`` >= 35): ``--timer-tables`` tables with a
  30 s turn time whose seats connect and never move. The site must end each
  game at the turn's start + 30 s (outcome reason ``timeout``). Lateness is
  the arrival of the state with the outcome, minus the arrival of the
  creation reply, minus 30 s. The turn begins while the table is created,
  before the reply, so this can only understate it, by at most the creation
  round trip: the lateness counted from the request is reported beside it as
  the upper bound. The goal is that none is a second late.
- the cost to the server: its CPU time (all threads) and its resident
  memory, at the start and at the peak, per table created.
- anything wrong: error replies, sockets closed by the server during a game,
  tables where no update came for ``--stuck-after`` seconds while one was
  due, moves whose update never reached the opponent, and whatever the
  server wrote to stderr.

Run it under ``nice`` on a shared machine, e.g.
``nice -n 10 python examples/python/bench_play.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import Optional

import aiohttp

GOAL_P99_MS = 50.0
TIMER_SECONDS = 30
TIMER_GOAL_S = 1.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, int(round(q / 100 * len(sorted_values) + 0.5)) - 1))
    return sorted_values[k]


def summary(values: list[float]) -> str:
    v = sorted(values)
    if not v:
        return "no samples"
    return (f"n {len(v):,}, p50 {percentile(v, 50):.1f} ms, p90 {percentile(v, 90):.1f} ms, "
            f"p99 {percentile(v, 99):.1f} ms, max {v[-1]:.1f} ms")


def process_memory_mb(pid: int) -> dict[str, float]:
    """The process's resident memory now (VmRSS) and at its peak (VmHWM), MB."""
    out = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    out[key] = int(value.split()[0]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return out


def process_cpu_seconds(pid: int) -> Optional[float]:
    """User + system CPU time of a process (all its threads), from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


class Bench:
    def __init__(self, args: argparse.Namespace, base: str) -> None:
        self.args = args
        self.base = base
        self.rng = random.Random(args.seed)
        self.stop_moves = asyncio.Event()  # no new moves, no new tables
        self.stop = asyncio.Event()  # close everything
        self.sockets: set[aiohttp.ClientWebSocketResponse] = set()
        # (table, plies after the move) -> (mover's seat, send time)
        self.pending: dict[tuple[str, int], tuple[str, float]] = {}
        self.cpu_pending: dict[tuple[str, int], float] = {}
        self.latencies: list[float] = []  # ms
        self.cpu_replies: list[float] = []  # ms
        self.moves = 0  # moves sent at person-vs-person tables
        self.cpu_table_moves = 0  # the person's moves at CPU tables
        self.games_started = collections.Counter()
        self.games_finished = collections.Counter()
        self.endings = collections.Counter()
        self.problems: list[str] = []
        self.error_replies = collections.Counter()
        self.create_rtts: list[float] = []
        self.timers: dict[str, dict] = {}
        self.lag: list[float] = []

    def problem(self, text: str) -> None:
        self.problems.append(f"[t={time.perf_counter() - self.t0:6.2f}s] {text}")

    # -- the site's protocol ---------------------------------------------

    async def create(self, http: aiohttp.ClientSession, **body) -> Optional[tuple[str, dict, float]]:
        """POST /api/tables; returns (table id, {seat: token}, the reply's
        arrival) and keeps the creation's round trip (``self.last_sent``: when
        the request left)."""
        request = {"game": "minishogi", "settings": {}, "seat": "black", "turn_time": None, **body}
        t = time.perf_counter()
        self.last_sent = t
        try:
            async with http.post(f"{self.base}/api/tables", json=request) as reply:
                answer = await reply.json()
                status = reply.status
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError) as e:
            self.problem(f"POST /api/tables {request}: {type(e).__name__}: {e}")
            return None
        arrived = time.perf_counter()
        self.create_rtts.append((arrived - t) * 1000)
        if status != 200:
            self.problem(f"POST /api/tables {request}: HTTP {status} {answer}")
            return None
        _, _, tid, mine = answer["url"].split("/")
        other = "white" if answer["seat"] == "black" else "black"
        tokens = {answer["seat"]: mine}
        if answer["join"]:
            tokens[other] = answer["join"].split("/")[3]
        return tid, tokens, arrived

    async def connect(self, http: aiohttp.ClientSession, tid: str, token: str):
        try:
            ws = await http.ws_connect(f"{self.base}/ws/{tid}/{token}", max_msg_size=1 << 20)
        except (aiohttp.ClientError, asyncio.TimeoutError) as e:
            self.problem(f"table {tid}: WebSocket connect failed: {type(e).__name__}: {e}")
            return None
        self.sockets.add(ws)
        return ws

    # -- one scripted seat -------------------------------------------------

    async def seat(self, ws, tid: str, seat: str, cpu_table: bool) -> Optional[dict]:
        """Reads this seat's socket until the game ends (returns the last
        state) or the run stops; plays when the state says so."""
        latest: Optional[dict] = None
        planned = -1
        mover: Optional[asyncio.Task] = None
        waited_since = time.perf_counter()
        reported_stuck = False
        try:
            while True:
                try:
                    msg = await ws.receive(timeout=1.0)
                except asyncio.TimeoutError:
                    if self.stop_moves.is_set():
                        continue
                    # No message: a stuck table, unless this seat is thinking.
                    idle = time.perf_counter() - waited_since
                    thinking = mover is not None and not mover.done()
                    if idle > self.args.stuck_after and not thinking and not reported_stuck:
                        reported_stuck = True
                        self.problem(
                            f"table {tid} ({'cpu' if cpu_table else 'person'}) seat {seat}: no update for "
                            f"{idle:.1f} s; last state plies={latest and latest['plies']} "
                            f"to_move={latest and latest['to_move']} outcome={latest and latest['outcome']}")
                    continue
                now = time.perf_counter()
                if msg.type != aiohttp.WSMsgType.TEXT:
                    if not self.stop.is_set():
                        self.problem(
                            f"table {tid} seat {seat}: socket ended ({msg.type.name}, close code "
                            f"{ws.close_code}, {ws.exception()!r}) during the game at plies "
                            f"{latest and latest['plies']}")
                    return None
                waited_since = now
                reported_stuck = False
                data = json.loads(msg.data)
                if data.get("type") == "error":
                    self.error_replies[data.get("message")] += 1
                    self.problem(f"table {tid} seat {seat}: error reply {data.get('message')!r} "
                                 f"(last state plies={latest and latest['plies']})")
                    continue
                if data.get("type") != "state":
                    continue
                plies = data["plies"]
                sent = self.pending.get((tid, plies))
                if sent is not None and sent[0] != seat:
                    del self.pending[(tid, plies)]
                    self.latencies.append((now - sent[1]) * 1000)
                sent_cpu = self.cpu_pending.pop((tid, plies), None)
                if sent_cpu is not None:
                    self.cpu_replies.append((now - sent_cpu) * 1000)
                latest = data
                if data["outcome"] is not None:
                    return data
                if data["to_move"] == seat and data["legal"] and plies != planned \
                        and not self.stop_moves.is_set():
                    planned = plies
                    mover = asyncio.ensure_future(self.play(ws, tid, seat, plies, data["legal"], cpu_table))
        finally:
            if mover is not None and not mover.done():
                mover.cancel()

    async def play(self, ws, tid: str, seat: str, plies: int, legal: list[str], cpu_table: bool) -> None:
        await asyncio.sleep(self.args.think * self.rng.uniform(0.5, 1.5))
        if self.stop_moves.is_set():
            return
        usi = self.rng.choice(legal)
        text = json.dumps({"type": "move", "usi": usi})
        t = time.perf_counter()
        if cpu_table:
            self.cpu_pending[(tid, plies + 2)] = t
            self.cpu_table_moves += 1
        else:
            self.pending[(tid, plies + 1)] = (seat, t)
            self.moves += 1
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError) as e:
            self.problem(f"table {tid} seat {seat}: sending {usi} at plies {plies} failed: {e!r}")

    # -- a pair of players, table after table -------------------------------

    async def pair(self, http: aiohttp.ClientSession, index: int, cpu_table: bool) -> None:
        kind = "cpu" if cpu_table else "person"
        await asyncio.sleep(self.rng.uniform(0, 1.0))  # not all in step
        while not self.stop_moves.is_set():
            made = await self.create(http, opponent=kind, name=f"bench-{kind}-{index}")
            if made is None:
                await asyncio.sleep(1.0)
                continue
            tid, tokens, _ = made
            self.games_started[kind] += 1
            sockets = {}
            for seat, token in tokens.items():
                ws = await self.connect(http, tid, token)
                if ws is not None:
                    sockets[seat] = ws
            if len(sockets) < len(tokens):
                for ws in sockets.values():
                    await ws.close()
                await asyncio.sleep(1.0)
                continue
            results = await asyncio.gather(*(self.seat(ws, tid, seat, cpu_table) for seat, ws in sockets.items()))
            for ws in sockets.values():
                self.sockets.discard(ws)
                await ws.close()
            ends = [r["outcome"] for r in results if r is not None]
            if ends:
                self.games_finished[kind] += 1
                self.endings[ends[0]["reason"]] += 1
            elif not self.stop.is_set():
                await asyncio.sleep(1.0)  # the sockets ended early: reported already

    # -- the turn timer -----------------------------------------------------

    async def timer_table(self, http: aiohttp.ClientSession, index: int) -> None:
        made = await self.create(http, opponent="person", turn_time=TIMER_SECONDS, name=f"bench-timer-{index}")
        sent = self.last_sent
        if made is None:
            return
        tid, tokens, created = made
        record = self.timers[tid] = {"created": created, "sent": sent, "fired": None, "reason": None,
                                     "winner": None}
        sockets = [ws for ws in [await self.connect(http, tid, t) for t in tokens.values()] if ws is not None]

        async def watch(ws) -> None:
            while True:  # reading keeps the heartbeat answered
                msg = await ws.receive()
                now = time.perf_counter()
                if msg.type != aiohttp.WSMsgType.TEXT:
                    if record["fired"] is None and not self.stop.is_set():
                        self.problem(f"timer table {tid}: socket ended ({msg.type.name}) before the timer fired")
                    return
                data = json.loads(msg.data)
                if data.get("type") == "state" and data["outcome"] is not None:
                    if record["fired"] is None:
                        record.update(fired=now, reason=data["outcome"]["reason"],
                                      winner=data["outcome"]["winner"], plies=data["plies"])
                    return

        try:
            await asyncio.gather(*(watch(ws) for ws in sockets))
        finally:
            for ws in sockets:
                self.sockets.discard(ws)
                await ws.close()

    # -- this process's own event-loop lag -----------------------------------

    async def lag_monitor(self) -> None:
        while not self.stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            self.lag.append((time.perf_counter() - t - 0.005) * 1000)

    # -- the run ------------------------------------------------------------

    async def run(self) -> None:
        a = self.args
        self.t0 = time.perf_counter()
        connector = aiohttp.TCPConnector(limit=0)  # one connection a socket: no pool limit
        timeout = aiohttp.ClientTimeout(total=None, sock_connect=10)
        async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:
            lag = asyncio.ensure_future(self.lag_monitor())
            pairs = [asyncio.ensure_future(self.pair(http, i, False)) for i in range(a.games)]
            pairs += [asyncio.ensure_future(self.pair(http, i, True)) for i in range(a.cpu_tables)]
            timers = []
            if a.seconds >= TIMER_SECONDS + 5 and a.timer_tables > 0:
                await asyncio.sleep(1.5)  # once the load is on
                timers = [asyncio.ensure_future(self.timer_table(http, i)) for i in range(a.timer_tables)]
            await asyncio.sleep(max(0.0, a.seconds - (time.perf_counter() - self.t0)))
            self.elapsed = time.perf_counter() - self.t0
            self.stop_moves.set()
            await asyncio.sleep(a.drain)  # the last moves' updates arrive
            if timers:  # a late timer gets a little longer than the run
                deadline = max(r["created"] for r in self.timers.values()) + TIMER_SECONDS + 5 \
                    if self.timers else time.perf_counter()
                await asyncio.wait(timers, timeout=max(0.0, deadline - time.perf_counter()))
            self.stop.set()
            for ws in list(self.sockets):
                await ws.close()
            await asyncio.wait(pairs + timers, timeout=10)
            for task in pairs + timers:
                if not task.done():
                    task.cancel()
            lag.cancel()


# -- the server ----------------------------------------------------------------


async def wait_until_up(base: str, server: subprocess.Popen, limit: float = 60.0) -> float:
    t = time.perf_counter()
    async with aiohttp.ClientSession() as http:
        while time.perf_counter() - t < limit:
            if server.poll() is not None:
                raise RuntimeError(f"the server exited with {server.returncode} before answering")
            try:
                async with http.get(f"{base}/api/catalog") as reply:
                    if reply.status == 200:
                        return time.perf_counter() - t
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError(f"the server did not answer within {limit:.0f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50, help="person-vs-person tables at once (default 50)")
    ap.add_argument("--seconds", type=float, default=30, help="how long the load runs (default 30)")
    ap.add_argument("--think", type=float, default=0.2,
                    help="a scripted client's mean thinking time, s; each move waits think*U(0.5,1.5)")
    ap.add_argument("--cpu-tables", type=int, default=10,
                    help="tables beside those whose second seat is the CPU (default 10)")
    ap.add_argument("--timer-tables", type=int, default=5,
                    help="30 s turn-timer tables nobody moves at (only with --seconds >= 35; default 5)")
    ap.add_argument("--port", type=int, default=0, help="the server's port (default 0: a free one)")
    ap.add_argument("--stuck-after", type=float, default=10.0,
                    help="seconds without an update, while one is due, that count as a stuck table")
    ap.add_argument("--drain", type=float, default=2.0,
                    help="seconds to wait for the last moves' updates after the run (default 2)")
    ap.add_argument("--seed", type=int, default=None, help="the scripted clients' random seed")
    args = ap.parse_args()

    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="bench-play-") as folder:
        log_path = os.path.join(folder, "server.log")
        with open(log_path, "w") as log:
            server = subprocess.Popen(
                [sys.executable, "-m", "shogi_variants.play", "--port", str(port),
                 "--data", os.path.join(folder, "data"), "--patience", "3600"],
                stdout=log, stderr=subprocess.STDOUT,
            )
        try:
            startup = asyncio.run(wait_until_up(base, server))
            cpu_before = process_cpu_seconds(server.pid)
            memory = {"before": process_memory_mb(server.pid)}
            client_before = time.process_time()
            bench = Bench(args, base)
            asyncio.run(bench.run())
            server_cpu = None if cpu_before is None else process_cpu_seconds(server.pid) - cpu_before
            client_cpu = time.process_time() - client_before
            memory["after"] = process_memory_mb(server.pid)
            alive = server.poll() is None
        finally:
            if server.poll() is None:
                server.send_signal(signal.SIGINT)
                try:
                    server.wait(10)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()
        with open(log_path) as f:
            log_lines = [line.rstrip("\n") for line in f if not line.startswith("shogi_variants.play: http")]

    report(args, bench, startup, server_cpu, client_cpu, memory, alive, log_lines)
    return 0


def report(args, bench: Bench, startup: float, server_cpu, client_cpu: float, memory: dict,
           alive: bool, log_lines: list[str]) -> None:
    lat = sorted(bench.latencies)
    p99 = percentile(lat, 99)
    n_person, n_cpu = args.games, args.cpu_tables
    print(f"play site under load: {n_person} person-vs-person tables + {n_cpu} with a CPU seat, "
          f"think {args.think} s x U(0.5,1.5), {bench.elapsed:.1f} s (server up in {startup:.1f} s)")
    print(f"  games: started {bench.games_started['person']:,} person + {bench.games_started['cpu']:,} cpu, "
          f"finished {bench.games_finished['person']:,} + {bench.games_finished['cpu']:,}"
          + (f" ({', '.join(f'{k} {v}' for k, v in bench.endings.most_common())})" if bench.endings else ""))
    print(f"  moves: {bench.moves:,} at person tables ({bench.moves / bench.elapsed:,.0f}/s), "
          f"{bench.cpu_table_moves:,} by the person at CPU tables (+ the CPU's replies)")
    print(f"  move -> opponent update: {summary(lat)}")
    if lat:
        print(f"  goal p99 < {GOAL_P99_MS:.0f} ms: {'met' if p99 < GOAL_P99_MS else 'NOT met'} ({p99:.1f} ms)")
    else:
        print(f"  goal p99 < {GOAL_P99_MS:.0f} ms: no samples")
    print(f"  CPU reply (person's move -> state with the CPU's move): {summary(bench.cpu_replies)}")
    print(f"  table creation round trip: {summary(bench.create_rtts)}")
    lag = sorted(bench.lag)
    if lag:
        print(f"  this process's event-loop lag (5 ms sleep overshoot): p50 {percentile(lag, 50):.1f} ms, "
              f"p99 {percentile(lag, 99):.1f} ms, max {lag[-1]:.1f} ms")
    cpu_text = "n/a" if server_cpu is None else f"{server_cpu:.1f} s ({server_cpu / bench.elapsed * 100:.0f} % of a core)"
    print(f"  CPU time: server {cpu_text}, clients {client_cpu:.1f} s "
          f"({client_cpu / bench.elapsed * 100:.0f} % of a core), {os.cpu_count()} cores")

    before, after = memory.get("before", {}), memory.get("after", {})
    if "VmRSS" in before and "VmHWM" in after:
        made = sum(bench.games_started.values()) + len(bench.timers)
        print(f"  server memory: {before['VmRSS']:,.0f} MB when it answered, peak {after['VmHWM']:,.0f} MB "
              f"after {made:,} tables were created ({(after['VmHWM'] - before['VmRSS']) / max(made, 1):.1f} MB "
              f"a table)")
    if args.seconds < TIMER_SECONDS + 5 or args.timer_tables <= 0:
        print(f"  timers: timer check skipped (needs --seconds >= {TIMER_SECONDS + 5} and --timer-tables > 0)")
    else:
        records = list(bench.timers.values())
        fired = [r for r in records if r["fired"] is not None]
        late = [r["fired"] - r["created"] - TIMER_SECONDS for r in fired]
        late_bound = [r["fired"] - r["sent"] - TIMER_SECONDS for r in fired]
        wrong = [r for r in fired if r["reason"] != "timeout"]
        ok = len(fired) == args.timer_tables and not wrong and all(x < TIMER_GOAL_S for x in late)
        text = f"  timers: {len(fired)} of {args.timer_tables} fired"
        if late:
            text += (f", latest {max(late):+.3f} s late, earliest {min(late):+.3f} s (from the creation "
                     f"reply; at most {max(late_bound):+.3f} s counting from the request)")
        if wrong:
            text += f", {len(wrong)} ended otherwise: {[r['reason'] for r in wrong]}"
        text += f"; all fired, each < {TIMER_GOAL_S:.0f} s late: {'yes' if ok else 'NO'}"
        print(text)

    missing = [(k, v) for k, v in bench.pending.items()]
    missing_cpu = list(bench.cpu_pending.items())
    problems = list(bench.problems)
    if missing:
        problems.append(f"{len(missing)} moves whose update never reached the opponent, e.g. "
                        f"{[(t, p, s) for (t, p), (s, _) in missing[:5]]} (table, plies, mover)")
    # A CPU reply still pending at the end is not a fault when the person's move ended the game.
    if not alive:
        problems.append("the server process exited during the run")
    if log_lines:
        problems.append(f"the server wrote {len(log_lines)} lines to stdout/stderr (first 40 below)")
    print(f"  problems: {len(problems) if problems else 'none'}"
          + (f" (error replies: {dict(bench.error_replies)})" if bench.error_replies else ""))
    for p in problems[:50]:
        print(f"    {p}")
    if len(problems) > 50:
        print(f"    ... and {len(problems) - 50} more")
    for line in log_lines[:40]:
        print(f"    | {line}")
    if missing_cpu:
        print(f"  (CPU replies not seen: {len(missing_cpu)}; a person's move that ended the game or "
              f"came just before the stop has none)")

    # The one-line summary the issue asks for.
    timers = "timer check skipped"
    if bench.timers and args.seconds >= TIMER_SECONDS + 5:
        fired = [r["fired"] - r["created"] - TIMER_SECONDS for r in bench.timers.values() if r["fired"]]
        timers = (f"timers: {len(fired)} fired" + (f", latest {max(fired):.2f} s late" if fired else "")
                  + f" ({'all' if len(fired) == args.timer_tables and fired and max(fired) < TIMER_GOAL_S else 'NOT all'}"
                  f" < {TIMER_GOAL_S:.0f} s)")
    if lat:
        print(f"\n{n_person + n_cpu} games ({n_cpu} with a CPU seat), {bench.moves:,} moves in "
              f"{bench.elapsed:.0f} s: move->opponent update p50 {percentile(lat, 50):.1f} ms, "
              f"p90 {percentile(lat, 90):.1f} ms, p99 {p99:.1f} ms, max {lat[-1]:.1f} ms; goal p99 < "
              f"{GOAL_P99_MS:.0f} ms: {'met' if p99 < GOAL_P99_MS else 'not met'}; {timers}")


if __name__ == "__main__":
    sys.exit(main())
