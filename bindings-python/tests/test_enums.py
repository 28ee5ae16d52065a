"""Colours are ``Color`` (an ``IntEnum``) and end reasons ``EndReason`` (a
``str`` enum) everywhere the API returns them (issue 16): ``if
outcome.winner:`` must not read a Black win as false."""

from __future__ import annotations

import copy
import doctest
import enum
import json
import pickle

import numpy as np
import pytest

import shogi_variants as sv
from shogi_variants import BLACK, WHITE, Color, EndReason

HIDDEN_PAWN = "4k4/9/9/9/8p/9/9/9/4K3R b - 1"  # White pawn on 1e, Black rook on 1i
LONE_KINGS = "4k4/9/9/9/9/9/9/9/4K4 b - 1"


def is_color(x, want):
    return type(x) is Color and x is want


# --- Color itself -----------------------------------------------------------


def test_color_is_an_int_enum_whose_members_are_the_old_constants():
    assert issubclass(Color, enum.IntEnum)
    assert BLACK is Color.BLACK and WHITE is Color.WHITE
    assert Color.BLACK == 0 and Color.WHITE == 1
    assert [Color(0), Color(1)] == [BLACK, WHITE]
    assert ["black", "white"][Color.WHITE] == "white"
    assert np.arange(2)[Color.WHITE] == 1
    assert {0: "a"}[Color.BLACK] == "a" and hash(Color.WHITE) == hash(1)
    assert 1 - Color.WHITE == 0 and isinstance(1 - Color.WHITE, int)


def test_a_colour_is_always_true():
    # The point of the enum: the int 0 would be false.
    assert bool(Color.BLACK) is True and bool(Color.WHITE) is True
    assert Color.BLACK  # noqa: not a tautology: an IntEnum of 0 is false by default


def test_the_other_side():
    assert ~Color.BLACK is Color.WHITE and ~Color.WHITE is Color.BLACK
    assert Color.BLACK.opponent is Color.WHITE and Color.WHITE.opponent is Color.BLACK


def test_a_colour_prints_as_its_digit_and_names_itself():
    assert str(Color.WHITE) == "1" and f"{Color.BLACK}" == "0" and f"{Color.WHITE:>3}" == "  1"
    assert Color.WHITE.name == "WHITE"
    assert repr(Color.BLACK) == "<Color.BLACK: 0>"
    assert json.dumps([Color.BLACK, Color.WHITE]) == "[0, 1]"


@pytest.mark.parametrize("color", [Color.BLACK, Color.WHITE])
def test_colours_pickle_and_copy_as_themselves(color):
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(color, proto)) is color
    assert copy.copy(color) is color and copy.deepcopy(color) is color


# --- every returned colour is a member -------------------------------------


def test_board_turn_and_to_move_are_colours():
    b = sv.Board()
    assert is_color(b.turn, BLACK) and is_color(b.to_move(), BLACK)
    b.push_usi("7g7f")
    assert is_color(b.turn, WHITE) and is_color(b.to_move(), WHITE)
    assert is_color(b.seen(BLACK).turn, WHITE)


def test_a_black_win_is_a_true_winner():
    b = sv.Board()
    b.push_usi("7g7f")
    b.resign()  # White resigns
    o = b.outcome()
    assert is_color(o.winner, BLACK)
    # The regression: with winner == 0 this branch was skipped.
    assert o.winner, "a Black win must not read as a draw"
    assert (o.winner or "draw") is BLACK


def test_a_draw_has_no_winner_and_special_to_move_values_stay():
    b = sv.Board("4k4/9/9/9/9/9/9/9/4K4 b - 1", move_limit=1)
    b.push_usi("5i5h")
    o = b.outcome()
    assert o.winner is None and not o.winner and o.reason is EndReason.MOVE_LIMIT
    assert b.to_move() is None  # over: not a colour
    card = sv.CardGame(seed=3)
    assert card.to_move() == "chance" and type(card.to_move()) is str


def test_card_game_colours():
    g = sv.CardGame(LONE_KINGS, seed=1)
    assert is_color(g.turn, BLACK)
    g.apply_chance(1)  # no king move on file 1: Black loses
    o = g.outcome()
    assert is_color(o.winner, WHITE) and o.reason is EndReason.NO_MOVE_ON_CARD_FILE
    g2 = sv.CardGame(seed=2)
    g2.chance_step()
    assert is_color(g2.to_move(), BLACK)


def test_tsuitate_colours():
    g = sv.TsuitateGame(HIDDEN_PAWN)
    assert is_color(g.turn, BLACK) and is_color(g.to_move(), BLACK)
    r = g.push("1i1e")
    cap = r.event(WHITE).capture
    assert is_color(cap.owner, WHITE)
    assert is_color(r.event(WHITE).by, BLACK) and is_color(r.events[0].by, BLACK)
    view = g.seen(WHITE)
    assert is_color(view.color, WHITE) and is_color(view.turn, WHITE)
    assert is_color(g.view(np.int64(0)).color, BLACK)
    assert is_color(g.attempts()[0][0], BLACK)
    t = sv.TsuitateGame(foul_limit=1)
    t.push("7g7f")
    t.push("3c3d")
    t.push("8h1a")  # through White's hidden bishop: a foul, the limit
    assert is_color(t.outcome().winner, WHITE) and t.outcome().reason is EndReason.FOUL_LIMIT
    start, end, attempts = t.reveal()
    assert [a[0] for a in attempts] == [BLACK, WHITE, BLACK]
    assert all(type(a[0]) is Color for a in attempts)


def test_match_results_name_colours_and_reasons():
    r = sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), games=2, seed=1)
    for a_color, winner, reason, plies in r.games:
        assert type(a_color) is Color
        assert winner is None or type(winner) is Color
        assert isinstance(reason, str)
        assert type(reason) is EndReason or reason == "max_plies"
    assert sum(r.reasons.values()) == 2
    assert all(type(k) is EndReason or k == "max_plies" for k in r.reasons)
    assert pickle.loads(pickle.dumps(r)).games == r.games


@pytest.mark.parametrize("color", [BLACK, 0, np.int8(0), np.uint64(0), True - 1])
def test_colour_arguments_take_members_ints_and_numpy_ints(color):
    b = sv.Board()
    assert b.king(color) == b.king(Color.BLACK)
    assert b.hand(color) == {}


@pytest.mark.parametrize("bad", [2, -1, "black", 0.0, None])
def test_a_bad_colour_is_refused(bad):
    with pytest.raises((sv.ArgumentError, TypeError)):
        sv.Board().king(bad)


# --- EndReason --------------------------------------------------------------


def test_end_reason_is_a_str_enum_equal_to_its_name():
    assert issubclass(EndReason, str) and issubclass(EndReason, enum.Enum)
    assert EndReason.CHECKMATE == "checkmate" and EndReason("foul_limit") is EndReason.FOUL_LIMIT
    assert str(EndReason.MOVE_LIMIT) == "move_limit" and f"{EndReason.TIMEOUT}" == "timeout"
    assert json.dumps(EndReason.RESIGNATION) == '"resignation"'
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(EndReason.REPETITION, proto)) is EndReason.REPETITION


def test_end_reason_lists_every_built_in_end():
    # The core's ends (shogi_core::EndReason::name), then the games' and the
    # match runner's CustomEnds.
    assert [r.value for r in EndReason] == [
        "checkmate", "no_legal_move", "repetition", "perpetual_check", "move_limit",
        "impasse_declaration", "resignation",
        "foul_limit", "no_move_on_card_file", "timeout", "illegal_move",
    ]


def test_outcome_reason_is_a_member():
    b = sv.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    b.push_usi("G*5b")  # mate
    o = b.outcome()
    assert o.reason is EndReason.CHECKMATE and o.reason == "checkmate"
    assert is_color(o.winner, BLACK) and o.winner
    assert repr(o) == "<Outcome winner=BLACK reason='checkmate'>"
    assert pickle.loads(pickle.dumps(o)).reason is EndReason.CHECKMATE


def test_a_reason_the_enum_does_not_list_is_a_plain_str():
    o = sv.Outcome._from_json('{"winner":null,"reason":{"Custom":"flag_fell"}}')
    assert o.reason == "flag_fell" and type(o.reason) is str


def test_the_package_docstring_examples_run():
    # Color's and EndReason's examples (and the module's own).
    result = doctest.testmod(sv)
    assert result.attempted >= 7 and result.failed == 0
