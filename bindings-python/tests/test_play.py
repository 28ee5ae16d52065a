"""The play site (``python -m shogi_variants.play``, issue 37) over its own
protocol, without a browser: every game at a table against the CPU, what a
seat may see, bad requests refused with nothing changed, reconnection, a
server restart, the turn timer, an empty seat played by the CPU, and the
ratings. (The browser tests click the same pages in Chromium.)"""

from __future__ import annotations

import asyncio
import json
import time

import pytest

import shogi_variants as sv

aiohttp = pytest.importorskip("aiohttp")  # the play extra
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from shogi_variants.play import tables  # noqa: E402
from shogi_variants.play.server import SITE, make_app  # noqa: E402


def run(folder, body, patience=30.0):
    """Runs ``body(client, site)`` against a fresh server over ``folder``."""

    async def main():
        app = make_app(str(folder), patience)
        async with TestClient(TestServer(app)) as client:
            return await body(client, app[SITE])

    return asyncio.run(main())


async def create(client, **body):
    reply = await client.post("/api/tables", data=json.dumps({"opponent": "cpu", **body}))
    answer = await reply.json()
    assert reply.status == 200, answer
    return answer


async def receive(ws, kind="state", timeout=20):
    while True:
        message = json.loads((await ws.receive(timeout=timeout)).data)
        if message["type"] == kind:
            return message


async def my_turn(ws, state, timeout=20):
    """The next state in which this seat is to move, or the game is over."""
    while not state["outcome"] and state["to_move"] != state["seat"]:
        state = await receive(ws, timeout=timeout)
    return state


def test_the_catalog_offers_every_game_and_the_house_rules_of_the_game_pages():
    names = [g["name"] for g in tables.catalog()]
    assert names[:5] == ["standard", "minishogi", "must-capture", "card", "tsuitate"]
    assert set(sv.FamilyGame.builtin_names()) <= set(names) and "judkins" in names
    rules = {g["name"]: g["settings"] for g in tables.catalog()}
    assert rules["must-capture"]["king_captures_first"] == [False, True]
    assert rules["must-capture"]["may_flee_from_check"] == [True, False]
    assert rules["card"]["jokers"] == [False, True] and rules["card"]["no_move"] == ["lose", "draw_again"]
    assert rules["tsuitate"]["foul_limit"] == [10, 20] and rules["tsuitate"]["move_limit"][0] == 150
    for game in names:  # every game and every choice makes a table
        for key, choices in rules[game].items():
            for choice in choices:
                settings = tables._check_settings(game, {key: choice})
                sv.Session(sv.new_game(game, seed=1, **settings))


@pytest.mark.parametrize("game,settings", [
    ("standard", {}), ("minishogi", {}), ("must-capture", {"base": "minishogi"}),
    ("card", {"base": "minishogi"}), ("tsuitate", {"base": "minishogi"}),
    ("judkins", {}), ("dobutsu", {}), ("kyotoshogi", {}),
])
def test_a_game_against_the_cpu_through_the_protocol(tmp_path, game, settings):
    async def body(client, site):
        table = await create(client, game=game, settings=settings, seat="white")
        _, _, tid, token = table["url"].split("/")
        async with client.ws_connect(f"/ws/{tid}/{token}") as ws:
            state = await receive(ws)
            assert state["seat"] == "white" and state["game"] == game
            for _ in range(12):  # the CPU (Black) moves first, then we answer
                state = await my_turn(ws, state)
                if state["outcome"]:
                    break
                assert state["legal"], state
                if game == "tsuitate":  # White's tab never shows Black's pieces
                    assert 'class="piece black"' not in state["svg"]
                if game == "card":  # the drawn card; none only for the free move of a player in check
                    assert state["card"] is not None or site.lobby.table(tid).session.game().is_check()
                await ws.send_json({"type": "move", "usi": state["legal"][0]})
                state = await receive(ws)
            return state

    state = run(tmp_path, body)
    assert state["plies"] >= 2 or state["outcome"]


def test_bad_requests_are_refused_and_change_nothing(tmp_path):
    async def body(client, site):
        table = await create(client, game="minishogi", opponent="person")
        _, _, tid, mine = table["url"].split("/")
        other = table["join"].split("/")[-1]
        assert (await client.get(f"/t/{tid}/not-a-token")).status == 404
        assert (await client.get(f"/t/{tid}/{mine}")).status == 200
        assert (await client.get("/t/nosuchtable/x")).status == 404
        for bad in [{"game": "minishogi", "turn_time": 45}, {"game": "minishogi", "settings": {"jokers": True}},
                    {"game": "tsuitate", "settings": {"foul_limit": 3}}, {"game": "card", "seat": "red"}]:
            reply = await client.post("/api/tables", data=json.dumps({"opponent": "cpu", **bad}))
            assert reply.status == 400 and "error" in await reply.json()
        assert (await client.post("/api/tables", data="not json")).status == 400
        async with client.ws_connect(f"/ws/{tid}/{mine}") as black, client.ws_connect(f"/ws/{tid}/{other}") as white:
            start = await receive(black)
            await receive(white)
            plies = start["plies"]
            for ws, message in [
                (white, {"type": "move", "usi": "4a3b"}),  # out of turn
                (black, {"type": "move", "usi": "5e1a"}),  # a forged move
                (black, {"type": "move", "usi": 7}),
                (black, {"type": "shout"}),
                (black, {"type": "select", "square": "x" * 100}),
            ]:
                await ws.send_json(message)
                error = await receive(ws, "error")
                assert error["message"]
            await black.send_str("{not json")
            assert (await receive(black, "error"))["message"]
            await black.send_json({"type": "select", "square": "2e"})
            selected = await receive(black, "selected")
            assert 'class="selected" data-square="2e"' in selected["svg"] and 'class="legal"' in selected["svg"]
            table_obj = site.lobby.table(tid)
            assert table_obj.session.plies == plies == 0
            await black.send_json({"type": "move", "usi": "2e3d"})
            assert (await receive(black))["plies"] == 1
            assert (await receive(white))["to_move"] == "white"

    run(tmp_path, body)


def test_a_closed_tab_returns_to_its_seat_and_a_restart_keeps_the_table(tmp_path):
    async def first(client, site):
        table = await create(client, game="tsuitate", settings={"base": "minishogi"}, opponent="person")
        _, _, tid, mine = table["url"].split("/")
        async with client.ws_connect(f"/ws/{tid}/{mine}") as ws:
            state = await receive(ws)
            await ws.send_json({"type": "move", "usi": state["legal"][0]})
            state = await receive(ws)
        async with client.ws_connect(f"/ws/{tid}/{mine}") as ws:  # the tab reopened
            again = await receive(ws)
        assert again["plies"] == state["plies"] == 1 and again["svg"] == state["svg"]
        return tid, mine, again

    tid, mine, before = run(tmp_path, first)

    async def second(client, site):  # a new server over the same folder
        async with client.ws_connect(f"/ws/{tid}/{mine}") as ws:
            return await receive(ws)

    after = run(tmp_path, second)
    assert (after["plies"], after["svg"], after["told"]) == (before["plies"], before["svg"], before["told"])


def test_the_turn_timer_ends_the_game_as_the_house_rule_says(tmp_path):
    async def body(client, site):
        table = await create(client, game="minishogi", turn_time=30, opponent="person")
        _, _, tid, mine = table["url"].split("/")
        async with client.ws_connect(f"/ws/{tid}/{mine}") as ws:
            state = await receive(ws)
            assert state["seconds_left"] == pytest.approx(30, abs=1)
            t = site.lobby.table(tid)
            t.turn_started = time.time() - 31  # Black's 30 s have run out
            site.schedule(t)
            state = await receive(ws)
            assert state["outcome"]["reason"] == "timeout" and state["outcome"]["winner"] == "white"
            await ws.send_json({"type": "move", "usi": "2e3d"})
            assert "over" in (await receive(ws, "error"))["message"]
        return tid

    tid = run(tmp_path, body)
    kept = json.loads(open(tmp_path / "tables" / f"{tid}.json").read())
    assert kept["session"]["house_end"] == "timeout:black"  # the saved table keeps the house's end


def test_an_empty_seat_is_played_by_the_cpu_after_the_patience(tmp_path):
    async def body(client, site):
        table = await create(client, game="minishogi", opponent="person", seat="white")
        _, _, tid, mine = table["url"].split("/")  # White's seat; Black's link is never opened
        async with client.ws_connect(f"/ws/{tid}/{mine}") as ws:
            state = await my_turn(ws, await receive(ws), timeout=10)
            assert state["to_move"] == "white" and state["plies"] == 1  # the CPU moved for Black

    run(tmp_path, body, patience=0.3)


def test_ratings_count_a_draw_as_half_and_are_kept(tmp_path):
    r = tables.Ratings()
    r.record("a", "b", 0.5)
    assert r.rows["a"]["rating"] == r.rows["b"]["rating"] == 1500 and r.rows["a"]["draws"] == 1
    r.record("a", "b", 1.0)
    assert r.rows["a"]["rating"] > 1500 > r.rows["b"]["rating"]

    async def body(client, site):
        table = await create(client, game="minishogi", name="Habu")
        _, _, tid, mine = table["url"].split("/")
        async with client.ws_connect(f"/ws/{tid}/{mine}") as ws:
            await receive(ws)
            await ws.send_json({"type": "resign"})
            state = await receive(ws)
            assert state["outcome"]["reason"] == "resignation"
        return await (await client.get("/api/ratings")).json()

    rows = run(tmp_path, body)
    assert {r["name"]: r["losses"] for r in rows} == {"Habu": 1, "CPU": 0}
    assert tables.Lobby(str(tmp_path)).ratings.rows["CPU"]["wins"] == 1
