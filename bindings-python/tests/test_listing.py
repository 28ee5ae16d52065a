"""A board keeps the legal moves of its current position for the calls that
follow (listing, ``len``, ``is_game_over``, ``outcome``, a ``push`` from the
list). These tests pin that what it answers from the kept moves is what a
fresh board of the same history answers, through pushes, pops, transpositions
and repetitions."""

import random

import pytest

import shogi_variants as sv


def fresh(board):
    """A board replayed from ``board``'s start and moves: no kept listing."""
    b = sv.Board(variant=board.variant)
    for m in board.move_stack:
        b.push(m)
    return b


def answers(board):
    return (
        board.is_game_over(),
        str(board.outcome()),
        sorted(m.usi() for m in board.legal_moves),
        len(board.legal_moves),
    )


@pytest.mark.parametrize("variant", ["standard", "minishogi", "must-capture"])
def test_kept_moves_answer_as_a_fresh_board(variant):
    rng = random.Random(3)
    board = sv.Board(variant=variant)
    checked = 0
    for step in range(1500):
        # Ask in a random order, so each question may be the one that lists.
        questions = [
            lambda: board.is_game_over(),
            lambda: len(board.legal_moves),
            lambda: list(board.legal_moves),
            lambda: board.outcome(),
        ]
        rng.shuffle(questions)
        for q in questions[: rng.randrange(1, 4)]:
            q()
        if step % 7 == 0:
            assert answers(board) == answers(fresh(board))
            checked += 1
        moves = list(board.legal_moves)
        if moves and rng.random() < 0.7:
            board.push(rng.choice(moves))
        elif board.move_stack:
            for _ in range(rng.randrange(1, 4)):
                if board.move_stack:
                    board.pop()
    assert checked > 200


def test_a_fourth_occurrence_on_another_history_is_not_answered_from_the_older_one():
    # Two histories reach the start position again at ply 12: the first by
    # walking the kings out and back (its second occurrence), the second by
    # stepping them back and forth three times (its fourth: sennichite). What
    # was listed at ply 12 of the first must not answer for the second.
    walk = ["5i5h", "5a5b", "5h4h", "5b4b", "4h3h", "4b3b", "3h4h", "3b4b", "4h5h", "4b5b", "5h5i", "5b5a"]
    shuffle = ["5i5h", "5a5b", "5h5i", "5b5a"] * 3
    board = sv.Board()
    for m in walk:
        board.push(m)
    assert board.repetition_count() == 2
    assert not board.is_game_over()
    assert len(list(board.legal_moves)) == 30
    for _ in walk:
        board.pop()
    for m in shuffle:
        board.push(m)
    assert board.repetition_count() == 4
    assert board.is_game_over()
    assert list(board.legal_moves) == []
    assert len(board.legal_moves) == 0
    assert board.outcome().reason == "repetition"
    with pytest.raises(sv.GameOverError):
        board.push("7g7f")


def test_a_refused_push_leaves_the_kept_moves_right():
    board = sv.Board()
    before = sorted(m.usi() for m in board.legal_moves)
    with pytest.raises(sv.IllegalMoveError):
        board.push("5i5g")
    assert sorted(m.usi() for m in board.legal_moves) == before
    board.push("7g7f")
    assert len(board.legal_moves) == 30


def test_pop_hands_back_the_move_pushed_in_the_boards_numbering():
    board = sv.Board()
    m = sv.Move.from_usi("7g7f")
    board.push(m)
    assert board.pop() is m
    # Pushed as text, or from another board's numbering: pop gives the
    # move numbered on this board.
    mini = sv.Board(variant="minishogi")
    nine = sv.Move.from_usi("5e4d")
    mini.push(nine)
    back = mini.pop()
    assert back == nine and back is not nine
    assert back.to_square == mini.parse_square("4d") != nine.to_square
    mini.push("5e4d")
    assert mini.pop().to_square == mini.parse_square("4d")
    # A copy pops the moves of its game too.
    board.push(m)
    copy = board.copy()
    assert copy.pop() == m and board.pop() is m
