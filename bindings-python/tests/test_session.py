"""A game at a site's table (``Session``, issue 37): the house rules of the
game pages (a turn time limit, a loss on time or the CPU in the seat's
place, resignation on either turn) held in Rust, the server keeping only the
clock, and the table saved and restored with the house's ends."""

from __future__ import annotations

import json

import pytest

import shogi_variants as sv

GAMES = [
    ("standard", lambda: sv.Board()),
    ("minishogi", lambda: sv.Board(variant="minishogi")),
    ("must-capture", lambda: sv.new_game("must-capture", base="minishogi")),
    ("card", lambda: sv.CardGame(seed=3)),
    ("tsuitate", lambda: sv.TsuitateGame(base="minishogi")),
    ("judkins", lambda: sv.Board(variant="judkins")),
    ("dobutsu", lambda: sv.new_game("dobutsu")),
    ("kyotoshogi", lambda: sv.new_game("kyotoshogi")),
]


def advance(table: sv.Session, plies: int) -> None:
    """Plays ``plies`` turns in time, drawing cards where they are due."""
    for _ in range(plies):
        if table.to_move() == "chance":
            table.chance_step()
        if table.to_move() is None:
            return
        seat = table.to_move()
        move = next(iter(table.game().legal_moves))
        verdict, usi = table.submit(seat, move, 1.5)
        assert verdict in ("played", "foul") and usi


@pytest.mark.parametrize("name,make", GAMES, ids=[n for n, _ in GAMES])
def test_a_table_of_every_game_plays_saves_and_restores(name, make):
    table = sv.Session(make(), turn_time=30, over_time="cpu", seed=4)
    advance(table, 4)
    back = sv.Session.from_json(table.to_json())
    assert back.to_json() == table.to_json()
    assert back.game().history() == table.game().history()
    assert (back.plies, back.fouls, back.stand_ins) == (table.plies, table.fouls, table.stand_ins)
    assert (back.turn_time, back.over_time) == (30.0, "cpu")
    # The stand-in goes on with the same choices after the restart.
    for _ in range(3):
        if table.to_move() == "chance":
            assert table.chance_step() == back.chance_step()
        if table.to_move() is None:
            break
        assert table.time_up() == back.time_up()
    assert table.stand_ins == back.stand_ins


@pytest.mark.parametrize("name,make", GAMES, ids=[n for n, _ in GAMES])
def test_a_loss_on_time_is_the_house_end_and_the_saved_table_keeps_it(name, make):
    table = sv.Session(make(), turn_time=60)
    advance(table, 2)
    if table.to_move() == "chance":
        table.chance_step()
    late = table.to_move()
    assert table.time_up() == ("lost_on_time", None)
    end = table.outcome()
    assert end.winner == late.opponent and end.reason == "timeout"
    assert table.game().outcome() is None  # the rules did not end it: the house did
    assert table.to_move() is None
    back = sv.Session.from_json(table.to_json())
    assert back.outcome() == end
    with pytest.raises(sv.GameOverError):
        back.time_up()
    with pytest.raises(sv.GameOverError):
        back.submit(late.opponent, "1a1b")


def test_a_late_move_meets_the_house_rule_and_a_timely_one_is_played():
    lose = sv.Session(sv.Board(variant="minishogi"), turn_time=30)
    assert lose.submit(sv.BLACK, "2e3d", 29.9) == ("played", "2e3d")
    assert lose.submit(sv.WHITE, "4a3b", 30.5) == ("lost_on_time", None)
    assert lose.outcome().winner == sv.BLACK
    cpu = sv.Session(sv.Board(variant="minishogi"), turn_time=30, over_time="cpu", seed=1)
    verdict, usi = cpu.submit(sv.BLACK, "2e3d", 31)
    assert verdict == "stood_in" and usi in [m.usi() for m in sv.Board(variant="minishogi").legal_moves]
    assert cpu.stand_ins == (1, 0) and cpu.plies == 1
    unlimited = sv.Session(sv.Board(variant="minishogi"))
    assert unlimited.turn_time is None
    assert unlimited.submit(sv.BLACK, "2e3d", 10_000) == ("played", "2e3d")


def test_refusals_change_nothing():
    table = sv.Session(sv.Board(variant="minishogi"), turn_time=30)
    before = table.to_json()
    with pytest.raises(sv.IllegalMoveError):
        table.submit(sv.WHITE, "4a3b", 1)  # not White's turn
    with pytest.raises(sv.IllegalMoveError):
        table.submit(sv.BLACK, "2e2a", 1)  # not a move of this position
    with pytest.raises(sv.InvalidMoveError):
        table.submit(sv.BLACK, "zz", 1)
    with pytest.raises(sv.ArgumentError):
        table.submit(sv.BLACK, "2e3d", -1)
    with pytest.raises(sv.ArgumentError):
        table.submit(sv.BLACK, "2e3d", float("nan"))
    assert table.to_json() == before
    card = sv.Session(sv.CardGame(seed=1))
    with pytest.raises(sv.IllegalMoveError):
        card.time_up()  # a card is to be drawn, not a move
    for bad in [dict(turn_time=0), dict(turn_time=-5), dict(turn_time=float("inf")), dict(turn_time=1e300),
                dict(over_time="never")]:
        with pytest.raises(sv.SettingError):
            sv.Session(sv.Board(), **bad)
    # A time no clock can hold is a SettingError, not a crash (it was a panic
    # in play_match's move_time).
    with pytest.raises(sv.SettingError, match="a clock can hold"):
        sv.play_match("minishogi", sv.RandomPlayer(seed=1), sv.RandomPlayer(seed=2), games=1, move_time=1e300)


def test_resignation_on_either_turn_and_what_each_seat_is_told():
    table = sv.Session(sv.TsuitateGame(base="minishogi"), turn_time=60)
    assert table.submit(sv.BLACK, "1e1d", 2) == ("played", "1e1d")
    assert table.told(sv.BLACK) == ["attempted:1e1d", "played"]
    assert table.told(sv.WHITE) == ["opponent_moved"]  # never which move
    outcome = table.resign(sv.BLACK)  # on White's turn
    assert outcome.winner == sv.WHITE and outcome.reason == sv.EndReason.RESIGNATION
    assert sv.Session.from_json(table.to_json()).outcome() == outcome


def test_the_game_is_a_copy():
    original = sv.Board(variant="minishogi")
    table = sv.Session(original)
    table.submit(sv.BLACK, "2e3d")
    assert original.move_stack == [] and len(table.game().move_stack) == 1
    copy = table.game()
    copy.push_usi("4a3b")
    assert len(table.game().move_stack) == 1


def test_bad_saved_tables_are_refused_with_the_reason():
    good = json.loads(sv.Session(sv.Board(variant="minishogi"), turn_time=30).to_json())
    for field, value, words in [
        ("over_time", "never", "'over_time' is 'never'"),
        ("house_end", "timeout:grey", "'house_end' is 'timeout:grey'"),
        ("format", "shogi-variants/game", "not a saved table this library reads"),
    ]:
        with pytest.raises(sv.InvalidSfenError, match=words):
            sv.Session.from_json(json.dumps({**good, field: value}))
    for text in ["", "{}", "[]", "null", json.dumps(good)[:-5]]:
        with pytest.raises(sv.InvalidSfenError):
            sv.Session.from_json(text)


def test_repr():
    table = sv.Session(sv.Board(variant="minishogi"), turn_time=30)
    assert repr(table) == "<Session minishogi turn_time=30 over_time='lose', 0 plies>"
