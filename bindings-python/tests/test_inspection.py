"""Inspection as python-chess users reach for it (issue 16): pieces and
attacks, check, hashes and repetition, notation both ways, text a person
reads, and reprs that say what an object is. Each answer is known from the
position set up (squares are indices ``(file - 1) * 9 + rank - 1``)."""

import pytest

import shogi_variants as sv
from conftest import card_snapshot, play, raises_unchanged, tsuitate_snapshot

sq = sv.parse_square

# Black: gold 6h, silver 4h, king 5i; White: king 5a. Both the gold and the
# silver attack 5g; only the silver attacks 3g.
GOLD_AND_SILVER = "4k4/9/9/9/9/9/9/3G1S3/4K4 b - 1"
# White to move in double check: the rook on 5e up the file, the knight on 4c.
DOUBLE_CHECK = "4k4/9/5N3/9/4R4/9/9/9/4K4 w - 1"
# Black's gold on 5h is pinned to its king on 5i by White's rook on 5a.
PIN = "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1"
# Black has a gold in hand; the White king stands on 5a.
GOLD_IN_HAND = "4k4/9/9/9/9/9/9/9/4K3R b G 1"
# Golds shuffled back and forth: the start recurs every four plies.
SHUFFLE = ["4i4h", "6a6b", "4h4i", "6b6a"]


# --- pieces ---------------------------------------------------------------


def test_piece_map_is_every_piece_as_piece_at_writes_it():
    b = sv.Board()
    pm = b.piece_map()
    assert len(pm) == 40
    assert pm == {s: b.piece_at(s) for s in range(81) if b.piece_at(s) is not None}
    assert pm[sq("5i")] == "K" and pm[sq("8b")] == "r"
    assert list(pm) == sorted(pm)
    play(b, ["7g7f", "3c3d", "8h2b+"])
    assert b.piece_map()[sq("2b")] == "+B" and sq("8h") not in b.piece_map()


def test_pieces_by_kind_and_color():
    b = sv.Board()
    assert b.pieces("G", sv.BLACK) == [sq("4i"), sq("6i")]
    assert b.pieces("g", sv.BLACK) == [sq("4i"), sq("6i")]  # case ignored
    assert b.pieces("K", sv.WHITE) == [sq("5a")]
    assert len(b.pieces("P", sv.WHITE)) == 9
    assert b.pieces("+B", sv.BLACK) == []
    play(b, ["7g7f", "3c3d", "8h2b+"])
    assert b.pieces("+B", sv.BLACK) == [sq("2b")]
    assert b.pieces("B", sv.BLACK) == []  # a promoted kind is its own


def test_pieces_bad_input():
    b = sv.Board()
    for bad in ("X", "+K", "+G", "", "PP"):
        with raises_unchanged(sv.ArgumentError, b):
            b.pieces(bad, sv.BLACK)
    with raises_unchanged(sv.ArgumentError, b):
        b.pieces("P", 2)


def test_king_square_or_none():
    b = sv.Board()
    assert b.king(sv.BLACK) == sq("5i") and b.king(sv.WHITE) == sq("5a")
    b = sv.Board(variant="minishogi")
    assert b.king(sv.BLACK) == b.parse_square("5e") == 24 and b.king(sv.WHITE) == b.parse_square("1a") == 0
    with raises_unchanged(sv.ArgumentError, b):
        b.king(-1)


# --- attacks and check ----------------------------------------------------


def test_attackers_gold_and_silver():
    b = sv.Board(GOLD_AND_SILVER)
    assert b.attackers(sv.BLACK, "5g") == [sq("4h"), sq("6h")]
    assert b.attackers(sv.BLACK, sq("3g")) == [sq("4h")]
    # A silver does not move sideways: the king and the gold guard 5h.
    assert b.attackers(sv.BLACK, "5h") == [sq("5i"), sq("6h")]
    assert b.attackers(sv.WHITE, "5g") == []
    assert b.is_attacked_by(sv.BLACK, "5g") and not b.is_attacked_by(sv.WHITE, "5g")
    assert not b.is_attacked_by(sv.BLACK, "1a")


def test_attackers_count_pinned_pieces():
    # python-chess semantics: a pinned piece still attacks.
    b = sv.Board(PIN)
    assert sq("5h") in b.attackers(sv.BLACK, "4g")
    assert not b.is_legal("5h4g")
    assert b.attackers(sv.WHITE, "5h") == [sq("5a")]
    assert b.attackers(sv.WHITE, "5i") == []  # the gold blocks


def test_attackers_bad_input():
    b = sv.Board()
    with raises_unchanged(sv.InvalidSquareError, b):
        b.attackers(sv.BLACK, "5z")
    with raises_unchanged(sv.InvalidSquareError, b):
        b.is_attacked_by(sv.BLACK, 81)
    with raises_unchanged(sv.ArgumentError, b):
        b.attackers(2, "5e")
    mini = sv.Board(variant="minishogi")
    with raises_unchanged(sv.InvalidSquareError, mini):
        mini.attackers(sv.BLACK, "9i")


def test_checkers_double_check():
    b = sv.Board(DOUBLE_CHECK)
    assert b.is_check()
    assert b.checkers() == [sq("4c"), sq("5e")]
    assert sv.Board().checkers() == []


def test_gives_check_and_is_capture():
    b = sv.Board(GOLD_IN_HAND)
    assert b.gives_check("G*5b") and b.gives_check(sv.Move.drop("G", "4b"))
    assert not b.gives_check("G*9b")
    assert b.gives_check("1i1a") and b.gives_check("1i1a+")  # along rank a
    assert not b.gives_check("1i1b")
    assert b.is_capture("1i1a") is False
    b = sv.Board()
    play(b, ["7g7f", "3c3d"])
    assert b.is_capture("8h2b+") and b.is_capture("8h2b")
    assert not b.is_capture("2g2f")
    assert not b.gives_check("8h2b+")  # the horse on 2b does not reach 5a
    play(b, ["8h2b+", "3a2b"])
    assert not b.is_capture("B*5e")  # a drop never captures
    assert b.gives_check("B*5e") is False
    assert sv.Board("4k4/9/9/9/9/9/9/9/4K4 b B 1").gives_check("B*2d")


def test_gives_check_refuses_illegal_moves_and_leaves_the_board():
    b = sv.Board(PIN)
    with raises_unchanged(sv.IllegalMoveError, b):
        b.gives_check("5h4g")  # pinned
    with raises_unchanged(sv.IllegalMoveError, b):
        b.is_capture("5h4g")
    with raises_unchanged(sv.InvalidMoveError, b):
        b.gives_check("nonsense")
    mini = sv.Board(variant="minishogi")
    with raises_unchanged(sv.InvalidMoveError, mini):
        mini.is_capture("7g7f")  # off the 5x5 board: no move of this game
    before = b.sfen()
    assert b.gives_check("5h5g") is False and b.sfen() == before


# --- hash, ply, repetition -------------------------------------------------


def test_zobrist_hash_is_the_positions():
    a, b = sv.Board(), sv.Board()
    assert a.zobrist_hash() == b.zobrist_hash()
    start = a.zobrist_hash()
    a.push_usi("7g7f")
    assert a.zobrist_hash() != start
    # The same position by another order of moves has the same hash.
    play(a, ["3c3d", "2g2f"])
    play(b, ["2g2f", "3c3d", "7g7f"])
    assert a.zobrist_hash() == b.zobrist_hash() and a.move_stack != b.move_stack
    # The move number is not part of it.
    assert (
        sv.Board("4k4/9/9/9/9/9/9/9/4K4 b - 1").zobrist_hash()
        == sv.Board("4k4/9/9/9/9/9/9/9/4K4 b - 30").zobrist_hash()
    )
    assert 0 <= start < 2**64


def test_ply_counts_moves_played_since_the_start():
    b = sv.Board("4k4/9/9/9/9/9/9/9/4K4 b - 10")
    assert b.ply() == 0 and b.move_number == 10
    play(b, ["5i5h", "5a5b"])
    assert b.ply() == 2 == len(b.move_stack) and b.move_number == 12
    b.pop()
    assert b.ply() == 1


def test_is_repetition_with_shuffled_golds():
    b = sv.Board()
    assert b.is_repetition(1) and not b.is_repetition(2) and not b.is_repetition()
    play(b, SHUFFLE)
    assert b.repetition_count() == 2 and b.is_repetition(2) and not b.is_repetition()
    play(b, SHUFFLE)
    assert b.is_repetition() and b.is_repetition(3) and not b.is_repetition(4)
    assert not b.is_game_over()
    play(b, SHUFFLE)
    # The fourth occurrence is sennichite: is_repetition(4) is the game's end.
    assert b.is_repetition(4) and b.is_game_over()
    assert b.outcome().winner is None
    b.pop()  # the position after 4i4h 6a6b 4h4i, seen at plies 3, 7 and 11
    assert b.is_repetition(3) and not b.is_repetition(4) and not b.is_game_over()


def test_is_repetition_bad_n():
    b = sv.Board()
    for bad in (0, -1, 2**40):
        with raises_unchanged(sv.ArgumentError, b, match=r"must be 1\.\.=4294967295"):
            b.is_repetition(bad)
    with pytest.raises(TypeError):
        b.is_repetition(2.0)


# --- moves ----------------------------------------------------------------


def test_move_is_drop_and_is_promotion_properties():
    drop = sv.Move.from_usi("P*5e")
    promo = sv.Move.from_usi("8h2b+")
    quiet = sv.Move.from_usi("7g7f")
    assert drop.is_drop is True and drop.is_promotion is False
    assert promo.is_drop is False and promo.is_promotion is True and promo.promotion
    assert quiet.is_drop is False and quiet.is_promotion is False


# --- notation both ways ---------------------------------------------------


def test_push_japanese_and_western_play_and_return_the_move():
    b = sv.Board()
    m = b.push_japanese("▲７六歩")
    assert m == sv.Move.from_usi("7g7f") and b.peek() == m
    assert b.push_western("P-3d").usi() == "3c3d"
    assert b.push_western("Bx2b+").usi() == "8h2b+"
    assert b.push_japanese("△同　銀").usi() == "3a2b"
    assert b.push_japanese("▲４五角打").usi() == "B*4e"
    assert b.ply() == 5


def test_ambiguous_notation_is_its_own_error():
    assert issubclass(sv.AmbiguousMoveError, sv.InvalidMoveError)
    b = sv.Board()
    with raises_unchanged(sv.AmbiguousMoveError, b, match="4i5h, 6i5h"):
        b.push_western("G-5h")
    with raises_unchanged(sv.AmbiguousMoveError, b, match="which piece"):
        b.push_japanese("５八金")
    with raises_unchanged(sv.AmbiguousMoveError, b):
        b.parse_western("G-5h")
    with raises_unchanged(sv.AmbiguousMoveError, b):
        b.parse_japanese("▲５八金")
    # Saying which gold is enough.
    assert b.push_western("G6i-5h").usi() == "6i5h"
    assert b.push_japanese("△５二金右").usi() == "6a5b"  # right as White sees it


def test_notation_that_fits_no_move():
    b = sv.Board()
    for text in ("P-7e", "Q-7f"):
        with raises_unchanged(sv.InvalidMoveError, b) as info:
            b.push_western(text)
        assert not isinstance(info.value, sv.AmbiguousMoveError)
    with raises_unchanged(sv.InvalidMoveError, b):
        b.push_japanese("△３四歩")  # White is not to move
    with raises_unchanged(sv.InvalidMoveError, b):
        b.push_japanese("同　歩")  # no previous move


def test_push_notation_after_the_end():
    b = sv.Board()
    b.resign()
    with raises_unchanged(sv.GameOverError, b):
        b.push_western("P-7f")
    with raises_unchanged(sv.GameOverError, b):
        b.push_japanese("▲７六歩")


# --- text a person reads --------------------------------------------------


def test_str_has_coordinates_side_to_move_and_named_hands():
    b = sv.Board()
    play(b, ["7g7f", "3c3d", "8h2b+", "3a2b"])
    lines = str(b).split("\n")
    assert lines[0] == "White's hand: bishop"
    assert lines[1] == "  9  8  7  6  5  4  3  2  1"
    assert lines[2] == "  l  n  s  g  k  g  .  n  l  a"
    assert lines[3] == "  .  r  .  .  .  .  .  s  .  b"
    assert lines[10] == "  L  N  S  G  K  G  S  N  L  i"
    assert lines[11] == "Black's hand: bishop"
    assert lines[12] == "Black to move, move 5"
    assert len(lines) == 13


def test_str_counts_hands_and_promoted_pieces_keep_columns():
    b = sv.Board("4k4/9/9/9/4+P4/9/9/9/4K4 w 2P3Sr 7")
    text = str(b)
    assert "White's hand: rook\n" in text
    assert "Black's hand: 3 silvers, 2 pawns\n" in text
    assert text.endswith("White to move, move 7")
    assert "  .  .  .  . +P  .  .  .  .  e" in text.split("\n")
    mini = sv.Board(variant="minishogi")
    assert str(mini).split("\n")[1] == "  5  4  3  2  1"
    assert str(mini).split("\n")[2] == "  r  b  s  g  k  a"


def test_bod_is_the_kanji_diagram_and_reads_back():
    b = sv.Board()
    play(b, ["7g7f", "3c3d", "8h2b+", "3a2b"])
    bod = b.bod()
    lines = bod.split("\n")
    assert lines[0] == "後手の持駒：角"
    assert lines[1] == "  ９ ８ ７ ６ ５ ４ ３ ２ １"
    assert lines[3] == "|v香v桂v銀v金v玉v金 ・v桂v香|一"
    assert lines[-3] == "先手の持駒：角"
    assert lines[-2] == "手数＝4" and bod.endswith("\n")
    assert "後手番" not in bod
    b.push_usi("B*5e")
    assert b.bod().endswith("手数＝5\n後手番\n")
    record = sv.Record.read("手合割：平手\n" + b.bod() + "手数----指手---------消費時間--\n")
    assert record.board().sfen() == b.sfen()


# --- reprs ----------------------------------------------------------------


def test_reprs_say_what_the_object_is():
    card = sv.CardGame(seed=7)
    assert repr(card).startswith("<CardGame standard seed=7 phase=draw")
    drawn = card.chance_step()
    assert f"seed=7 phase=move card={drawn} " in repr(card)
    game = sv.TsuitateGame()
    assert repr(game) == "<TsuitateGame BLACK to move, attempts=0, fouls black=0 white=0>"
    game.push_usi("7g7f")
    view = game.seen(sv.WHITE)
    assert repr(view) == (
        "<PlayerView of WHITE (to move), moves_played=1, fouls=0, opponent_fouls_known=0>"
    )
    assert "sfen" not in repr(game) and "/" not in repr(game)  # hides the position
    assert repr(sv.Board()).startswith("Board('lnsgkgsnl/")


# --- the same questions on CardGame and the Tsuitate referee ---------------


def test_card_game_answers_like_a_board():
    card = sv.CardGame(DOUBLE_CHECK, seed=1)
    board = sv.Board(DOUBLE_CHECK)
    assert card.checkers() == board.checkers() == [sq("4c"), sq("5e")]
    assert card.piece_map() == board.piece_map()
    assert card.pieces("N", sv.BLACK) == [sq("4c")]
    assert card.attackers(sv.BLACK, "5a") == [sq("4c"), sq("5e")]
    assert card.is_attacked_by(sv.BLACK, "5a") and not card.is_attacked_by(sv.WHITE, "5e")
    assert card.king(sv.WHITE) == sq("5a")
    assert card.zobrist_hash() == board.zobrist_hash()
    assert card.bod() == board.bod() and str(card) == str(board)
    with raises_unchanged(sv.InvalidSquareError, card, snap=card_snapshot):
        card.attackers(sv.BLACK, "0a")
    with raises_unchanged(sv.ArgumentError, card, snap=card_snapshot):
        card.pieces("Q", sv.BLACK)


def test_tsuitate_referee_answers_on_the_true_position():
    game = sv.TsuitateGame()
    board = sv.Board()
    for usi in ["7g7f", "3c3d"]:
        game.push_usi(usi)
        board.push_usi(usi)
    assert game.piece_map() == board.piece_map()
    assert game.attackers(sv.BLACK, "2b") == [sq("8h")]
    assert game.pieces("B", sv.WHITE) == [sq("2b")] and game.king(sv.BLACK) == sq("5i")
    assert game.checkers() == [] and game.zobrist_hash() == board.zobrist_hash()
    assert game.bod() == board.bod() and str(game) == str(board)
    with raises_unchanged(sv.ArgumentError, game, snap=tsuitate_snapshot):
        game.king(5)
