"""``Board.push`` and ``Board.pop`` are C methods CPython calls directly
(``bindings-python/src/direct.rs``), not PyO3's generated wrappers. These
tests pin what a caller can see of that: the signatures, the type checks the
method descriptors make before the Rust code runs, the errors, and that a
refused call leaves the board as it was."""

import inspect

import pytest

import shogi_variants as sv


def test_signatures_are_introspectable():
    assert str(inspect.signature(sv.Board.push)) == "(self, move, /)"
    assert str(inspect.signature(sv.Board.pop)) == "(self, /)"
    assert sv.Board.push.__doc__.startswith("Play a legal move.")
    assert sv.Board.pop.__doc__.startswith("Take back the last move.")
    assert sv.Board.push.__name__ == "push" and sv.Board.pop.__qualname__ == "Board.pop"


def test_the_unbound_methods_refuse_a_self_that_is_not_a_board():
    move = sv.Move.from_usi("7g7f")
    for not_a_board in (None, 1, "7g7f", sv.CardGame(seed=1), move):
        with pytest.raises(TypeError, match="descriptor 'push'"):
            sv.Board.push(not_a_board, move)
        with pytest.raises(TypeError, match="descriptor 'pop'"):
            sv.Board.pop(not_a_board)
    with pytest.raises(TypeError):
        sv.Board.push.__get__(1)


def test_arguments_are_counted_and_move_is_positional_only():
    board = sv.Board()
    with pytest.raises(TypeError):
        board.push()
    with pytest.raises(TypeError):
        board.push("7g7f", "3c3d")
    with pytest.raises(TypeError):
        board.push(move="7g7f")
    with pytest.raises(TypeError):
        board.pop(1)
    assert board.move_stack == []


def test_the_unbound_call_plays_like_the_bound_one():
    board = sv.Board()
    assert sv.Board.push(board, "7g7f") is None
    assert sv.Board.pop(board).usi() == "7g7f"
    assert board.sfen() == sv.Board().sfen()


@pytest.mark.parametrize(
    "bad, error",
    [
        ("7g7e", sv.IllegalMoveError),
        ("zz", sv.InvalidMoveError),
        (sv.Move.from_usi("5i4h"), sv.IllegalMoveError),  # White to move
        (sv.Move.from_usi("5e4d", board=sv.Board(variant="minishogi")), sv.IllegalMoveError),
        (3.5, sv.InvalidMoveError),
        (None, sv.InvalidMoveError),
    ],
)
def test_a_refused_push_raises_and_changes_nothing(bad, error):
    board = sv.Board()
    board.push("7g7f")
    before = (board.sfen(), [m.usi() for m in board.move_stack])
    with pytest.raises(error):
        board.push(bad)
    assert (board.sfen(), [m.usi() for m in board.move_stack]) == before
    assert issubclass(sv.IllegalMoveError, sv.ShogiError)


def test_pop_at_the_start_and_after_a_resignation():
    board = sv.Board()
    with pytest.raises(IndexError, match="no moves"):
        board.pop()
    board.push("7g7f")
    board.resign()
    with pytest.raises(sv.GameOverError, match="final"):
        board.pop()
    assert [m.usi() for m in board.move_stack] == ["7g7f"]


def test_pop_hands_back_the_object_pushed_and_a_call_on_another_object_is_refused():
    board = sv.Board()
    move = sv.Move.from_usi("2g2f")
    board.push(move)
    assert board.pop() is move
    # The C methods' SAFETY argument: CPython calls them only on a Board,
    # whose layout (a Game's, then a Board's) every subclass keeps.
    for other in (sv.CardGame(seed=1), sv.TsuitateGame(), object()):
        with pytest.raises(TypeError):
            sv.Board.push(other, "2g2f")
        with pytest.raises(TypeError):
            sv.Board.pop(other)
    # A Python subclass of Board pushes and pops through them.
    MyBoard = type("MyBoard", (sv.Board,), {})
    mine = MyBoard()
    assert isinstance(mine, sv.Game)
    mine.push(move)
    assert mine.pop() is move and mine.sfen() == sv.Board().sfen()
