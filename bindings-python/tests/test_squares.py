"""One square numbering across the API (issue 16): a square is numbered on the
board it belongs to, ``(file - 1) * ranks + (rank - 1)`` (0..80 on 9x9, 0..24
on 5x5), the numbering of the action space; every call that takes or gives a
square uses it, and the square helpers convert."""

import copy
import pickle

import numpy as np
import pytest

import shogi_variants as sv
from conftest import played

# PieceKind::ALL order, the observation's plane order.
KINDS = ["P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"]


def mini():
    return sv.Board(variant="minishogi")


def games():
    """One of each game and view, on 9x9 and 5x5."""
    t = sv.TsuitateGame(base="minishogi")
    return [
        sv.Board(),
        mini(),
        sv.CardGame(seed=3, base="minishogi"),
        sv.CardGame(seed=3),
        t,
        t.seen(sv.BLACK),
        sv.TsuitateGame().seen(sv.WHITE),
    ]


def by_square(planes):
    """Black's observation planes as ``planes × squares``: column ``s`` is square
    ``s`` of the board (the picture's columns run file ``files``..1, its rows rank
    1..ranks)."""
    return planes[:, :, ::-1].transpose(0, 2, 1).reshape(planes.shape[0], -1)


# --- the numbering itself --------------------------------------------------


def test_minishogi_numbers_its_25_squares():
    b = mini()
    assert (b.files, b.ranks) == (5, 5)
    assert b.parse_square("1a") == 0
    assert b.parse_square("5e") == 24
    assert b.square_name(24) == "5e"
    assert b.square(5, 5) == 24
    assert b.king(sv.BLACK) == 24  # the minishogi start: Black's king on 5e
    assert b.piece_at(24) == "K"
    assert b.piece_at("5e") == "K"
    assert set(b.piece_map()) <= set(range(25))
    assert len(b.piece_map()) == 12


def test_9x9_numbering_unchanged():
    b = sv.Board()
    assert sv.parse_square("7g") == 60 == b.parse_square("7g") == sv.square(7, 7)
    assert b.king(sv.BLACK) == sv.parse_square("5i") == 44
    assert b.push_usi("7g7f").to_square == sv.parse_square("7f")
    assert max(b.piece_map()) <= 80


@pytest.mark.parametrize("files", range(3, 10))
@pytest.mark.parametrize("ranks", range(3, 10))
def test_round_trips_on_every_shape(files, ranks):
    n = files * ranks
    for s in range(n):
        f = sv.square_file(s, files=files, ranks=ranks)
        r = sv.square_rank(s, files=files, ranks=ranks)
        assert (1 <= f <= files) and (1 <= r <= ranks)
        assert s == (f - 1) * ranks + (r - 1)
        assert sv.square(f, r, files=files, ranks=ranks) == s
        name = sv.square_name(s, files=files, ranks=ranks)
        assert name == f"{f}{'abcdefghi'[r - 1]}"
        assert sv.parse_square(name, files=files, ranks=ranks) == s
    with pytest.raises(sv.InvalidSquareError, match=rf"^{n} is not a square of this {files}x{ranks} board \(0..={n - 1}\)$"):
        sv.square_file(n, files=files, ranks=ranks)


@pytest.mark.parametrize("g", games(), ids=repr)
def test_game_methods_use_the_games_board(g):
    n = g.files * g.ranks
    for s in range(n):
        assert g.square(g.square_file(s), g.square_rank(s)) == s
        assert g.parse_square(g.square_name(s)) == s
        assert sv.square_name(s, board=g) == g.square_name(s)
    message = rf"^{n} is not a square of this {g.files}x{g.ranks} board \(0..={n - 1}\)"
    names = ["square_file", "square_rank", "square_name", "parse_square", "piece_at", "legal_squares", "attackers"]
    for name in names:
        if not hasattr(g, name):
            continue  # the referee and the card game have no piece_at
        call = getattr(g, name)
        if name == "attackers":
            call = lambda s, g=g: g.attackers(sv.BLACK, s)  # noqa: E731
        with pytest.raises(sv.InvalidSquareError, match=message):
            call(n)
    with pytest.raises(sv.InvalidSquareError, match=message):
        g.svg(highlight=[n])
    with pytest.raises(sv.InvalidSquareError, match=rf"board \(files 1..={g.files}, ranks 1..={g.ranks}\)"):
        g.square(g.files + 1, 1)


def test_one_size_alone_is_a_square_board():
    assert sv.square(5, 5, ranks=5) == sv.square(5, 5, files=5) == sv.square(5, 5, files=5, ranks=5) == 24
    assert sv.square(5, 5) == 40
    assert sv.square(9, 1, files=9, ranks=5) == 40


def test_off_board_input_says_the_board():
    with pytest.raises(sv.InvalidSquareError, match=r"^25 is not a square of this 5x5 board \(0..=24\)$"):
        mini().piece_at(25)
    with pytest.raises(sv.InvalidSquareError, match=r"^81 is not a square of this 9x9 board \(0..=80\)$"):
        sv.square_name(81)
    with pytest.raises(sv.InvalidSquareError, match=r"^6a is off this 5x5 board$"):
        mini().piece_at("6a")
    with pytest.raises(sv.InvalidSquareError, match=r"^-1 is not a square"):
        sv.parse_square(-1)
    with pytest.raises(sv.InvalidSquareError, match=r"file 6, rank 1 is not a square of this 5x5 board"):
        sv.square(6, 1, ranks=5)
    with pytest.raises(sv.ArgumentError, match="files must be 3..=9"):
        sv.square(1, 1, files=10)
    with pytest.raises(sv.ArgumentError, match="not both"):
        sv.square(1, 1, files=5, board=mini())
    with pytest.raises(sv.ArgumentError, match="board must be"):
        sv.square(1, 1, board="minishogi")


# --- agreement with the action space and the observation -------------------


@pytest.mark.parametrize("variant", ["minishogi", "standard"])
@pytest.mark.parametrize("seed", range(4))
def test_piece_map_keys_index_the_observation(variant, seed):
    b = played(sv.Board(variant=variant), 12, seed)
    obs = by_square(np.asarray(b.observation_tensor(sv.BLACK)))
    board_planes = obs[:28]
    pieces = b.piece_map()
    for s in range(b.files * b.ranks):
        if s not in pieces:
            assert not board_planes[:, s].any(), s
            continue
        p = pieces[s]
        mine = p[-1].isupper()
        plane = KINDS.index(p.upper()) + (0 if mine else 14)
        assert board_planes[plane, s] == 1.0, (s, p)
        assert board_planes[:, s].sum() == 1.0
        assert b.piece_at(s) == p
        color = sv.BLACK if mine else sv.WHITE
        assert s in b.pieces(p.lstrip("+") if not p.startswith("+") else p, color)


@pytest.mark.parametrize("variant", ["minishogi", "standard"])
@pytest.mark.parametrize("seed", range(4))
def test_legal_move_squares_match_their_actions(variant, seed):
    b = played(sv.Board(variant=variant), 14, seed)
    n = b.files * b.ranks
    moves = list(b.legal_moves)
    assert moves
    for m in moves:
        assert m.board_shape == (b.files, b.ranks)
        a = b.action(m)
        if a < 2 * n * n:
            frm, to = divmod(a // 2, n)
            assert (m.from_square, m.to_square, m.promotion) == (frm, to, a % 2 == 1)
            assert m.to_square in b.legal_squares(m.from_square)
        else:
            assert m.from_square is None
            assert m.to_square == (a - 2 * n * n) % n
            assert m.to_square in b.legal_squares(m.drop_piece + "*")
        back = b.move_of(a)
        assert back == m and (back.from_square, back.to_square) == (m.from_square, m.to_square)
        assert b.parse_usi(m.usi()).to_square == m.to_square


def test_inspection_squares_on_5x5():
    # Black's rook on 1e gives check along file 1 to a king on 1a.
    b = sv.Board("4k/5/5/5/K3R w - 1", variant="minishogi")
    assert b.king(sv.WHITE) == b.square(1, 1) == 0
    assert b.checkers() == [b.square(1, 5)] == [4]
    assert b.attackers(sv.BLACK, 0) == [4]
    assert b.is_attacked_by(sv.BLACK, "1c")
    assert b.pieces("R", sv.BLACK) == [4]
    assert b.king(sv.BLACK) == 24


def test_players_moves_pops_and_records_number_on_their_board():
    b = mini()
    m = sv.RandomPlayer(seed=1).choose(b)
    assert m.board_shape == (5, 5)
    b.push(m)
    assert b.peek().board_shape == (5, 5) and b.peek().to_square == m.to_square
    assert [x.to_square for x in b.move_stack] == [m.to_square]
    record = b.record()
    assert record.moves[0].to_square == m.to_square
    assert b.pop().to_square == m.to_square


def test_card_game_on_5x5():
    g = sv.CardGame(seed=5, base="minishogi")
    g.chance_step()
    for m in g.legal_moves:
        assert m.board_shape == (5, 5)
        assert 0 <= m.to_square < 25
    card = g.current_card
    if card not in (None, sv.JOKER):
        assert all(g.square_file(m.to_square) == card for m in list(g.legal_moves))


def test_tsuitate_capture_squares_on_5x5():
    # Black's rook on 1e takes White's pawn on 1b.
    t = sv.TsuitateGame("4k/4p/5/5/K3R b - 1", base="minishogi")
    ruling = t.push("1e1b")
    assert ruling.played
    for side in (sv.BLACK, sv.WHITE):
        event = ruling.event(side)
        assert event.capture.square == t.square(1, 2) == 1
        assert event.capture.square_name == "1b"
        (announcement,) = [a for a in ruling.told[side] if a.kind == "capture"]
        assert announcement.square == 1
        view = t.seen(side)
        (told,) = [a for a in view.information_state if a.kind == "capture"]
        assert told.square == 1
        assert pickle.loads(pickle.dumps(told)).square == 1
        assert pickle.loads(pickle.dumps(event.capture)).square == 1
    copied = pickle.loads(pickle.dumps(ruling))
    assert copied == ruling and copied.event(sv.BLACK).capture.square == 1
    assert t.seen(sv.WHITE).piece_at(t.square(1, 1)) == "k"
    assert t.attempts()[0][1].to_square == 1


# --- moves across numberings ------------------------------------------------


def test_a_move_is_the_same_value_on_every_board():
    b = mini()
    m = b.push_usi("5e4d")
    plain = sv.Move.from_usi("5e4d")
    assert m == plain and hash(m) == hash(plain) and m.code == plain.code
    assert not (m < plain) and not (plain < m)
    assert m in {plain} and plain in b.move_stack
    assert (m.from_square, m.to_square) == (24, 18)
    assert (plain.from_square, plain.to_square) == (40, 30)
    assert plain.board_shape == (9, 9) and m.board_shape == (5, 5)


def test_moves_built_on_a_board_use_its_numbering():
    b = mini()
    m = sv.Move(24, 18, board=b)
    assert m.usi() == "5e4d" and m.to_square == 18
    assert sv.Move.drop("P", 12, board=b).usi() == "P*3c"
    assert sv.Move.from_usi("5e4d", board=b).to_square == 18
    with pytest.raises(sv.InvalidSquareError, match=r"25 is not a square of this 5x5 board"):
        sv.Move(25, 0, board=b)
    with pytest.raises(sv.InvalidMoveError, match="off this 5x5 board"):
        sv.Move.from_usi("9a9b", board=b)
    # Pushing goes by the move itself, whatever numbering it remembers.
    b.push(sv.Move.from_usi("5d5c"))
    assert b.peek().to_square == b.parse_square("5c") == 22


def test_parse_usi_checks_the_move_like_python_chess():
    b = mini()
    assert b.parse_usi("5d5c").to_square == 22
    with pytest.raises(sv.IllegalMoveError):
        b.parse_usi("5d5b")
    with pytest.raises(sv.InvalidMoveError, match="off this 5x5 board"):
        b.parse_usi("7g7f")
    assert b.move_stack == []


@pytest.mark.parametrize("make", [lambda: mini().push_usi("5e4d"), lambda: sv.Move.from_usi("5e4d")])
def test_pickling_keeps_the_numbering(make):
    m = make()
    for c in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert c == m
        assert c.board_shape == m.board_shape
        assert (c.from_square, c.to_square) == (m.from_square, m.to_square)


def test_repr_says_the_board_of_a_5x5_move():
    assert repr(sv.Move.from_usi("5e4d")) == "Move.from_usi('5e4d')"
    assert repr(mini().push_usi("5e4d")) == "<Move 5e4d on a 5x5 board>"


def test_openspiel_tsuitate_reads_capture_squares_in_the_boards_numbering():
    """The OpenSpiel adapter's public observation puts the last capture at its
    square on the 5x5 picture and names it (before, a 9-stride index was read
    with a stride of 5: the rook taken on 5a was drawn off its square)."""
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    from shogi_variants import openspiel as sos

    game = sos.load("tsuitate", base="minishogi")
    state = game.new_initial_state()
    for usi in ("5d5c", "1b1c", "5c5b", "1c1d", "5b5a+"):  # the pawn takes White's rook on 5a
        state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == usi))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    public.set_from(state, 0)
    plane = public.dict["last_capture"]
    assert plane.shape == (5, 5)
    assert list(zip(*np.nonzero(plane))) == [(0, 0)]  # rank a, file 5: the top left
    assert "capture:5a:R" in public.string_from(state, 0)
    assert "R@5a" in state.information_state_string(0) or "R@5a" in state.observation_string(0)
