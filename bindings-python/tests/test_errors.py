"""Error paths: every error is a specific ShogiError (so a ValueError, never
pyo3's PanicException) and leaves the board exactly as it was."""

from __future__ import annotations

import pytest

import shogi_variants as sv
from shogi_variants import (
    Board,
    CardGame,
    GameOverError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidSfenError,
    InvalidSquareError,
    Move,
    SettingError,
    ShogiError,
    TsuitateGame,
)

from conftest import MATE_IN_ONE, STANDARD_START, play, raises_unchanged

START_BOARD = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"

BAD_STANDARD_SFENS = [
    "",
    " ",
    "garbage",
    f"{START_BOARD} b",
    f"{START_BOARD} b - 1 moves",
    "9/9 b - 1",
    "9/9/9/9/9/9/9/9/9/9 b - 1",
    "lnsgkgsnl/1r5b/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsnl1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "4k4/9/9/9/9/9/9/9/4K3+ b - 1",
    "4k4/9/9/9/9/9/9/0/4K4 b - 1",
    f"{START_BOARD} x - 1",
    f"{START_BOARD} B - 1",
    *[f"{START_BOARD} b {h} 1" for h in ["Q", "2", "K", "0P", "P2", "*"]],
    *[f"{START_BOARD} b - {n}" for n in ["0", "abc", "-1", "1.5"]],
    # impossible positions
    "4k4/9/9/9/9/9/9/9/3KK4 b - 1",
    "3kk4/9/9/9/9/9/9/9/4K4 b - 1",
    "9/9/9/9/9/9/9/9/4K4 b - 1",
    "4k4/9/9/9/9/9/9/9/9 w - 1",
    "4k4/9/9/9/9/9/9/9/4K3l b - 1",
    "4k4/9/9/9/9/9/9/9/4K3p b - 1",
    "P3k4/9/9/9/9/9/9/9/4K4 b - 1",
    "4k4/N8/9/9/9/9/9/9/4K4 b - 1",
    "4k4/9/9/9/9/9/9/8n/4K4 b - 1",
    "4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1",
    "4k4/2p6/9/2p6/9/9/9/9/4K4 b - 1",
    f"{START_BOARD} b P 1",
    "4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1",
    f"{START_BOARD} b R 1",
    "4k4/9/9/9/9/9/9/9/4K4 b 3G2g 1",
    "4k4/9/9/9/4R4/9/9/9/4K4 b - 1",  # side not to move in check
    "4k4/9/9/9/8b/9/9/9/4K4 w - 1",
    "rbsgk/4p/5/P4/KGSBR b - 1",  # a minishogi SFEN on the 9x9 board
]

BAD_MINISHOGI_SFENS = [
    "rbsgk/4p/5/P3L/KGSBR b - 1",
    "rbsgk/4p/5/P4/KGSBR b N 1",
    "rbsgk/4p/5/P4/KGSBR b P 1",
    "rbsgk/4p/5/P4/KGSBR b G 1",
    "P3k/5/5/5/4K b - 1",
    "4k/5/5/5/K3p b - 1",
    "4k/5/2P2/2P2/K4 b - 1",
    STANDARD_START,
    "rbsgk/4p/5/P4/KGSBR",
]


@pytest.mark.parametrize("sfen", BAD_STANDARD_SFENS)
def test_bad_standard_sfen(sfen):
    with pytest.raises(InvalidSfenError) as info:
        Board(sfen)
    assert isinstance(info.value, ShogiError) and isinstance(info.value, ValueError)
    assert str(info.value)  # a message says what is wrong


@pytest.mark.parametrize("sfen", BAD_MINISHOGI_SFENS)
def test_bad_minishogi_sfen(sfen):
    with pytest.raises(InvalidSfenError):
        Board(sfen, variant="minishogi")


@pytest.mark.parametrize("sfen", ["", "startpos moves 7g7f", "4k4/9/9/9/9/9/9/9/3KK4 b - 1"])
def test_bad_sfen_in_other_games(sfen):
    with pytest.raises(InvalidSfenError):
        Board(sfen, variant="must-capture")
    with pytest.raises(InvalidSfenError):
        TsuitateGame(sfen)
    with pytest.raises(InvalidSfenError):
        CardGame(sfen, seed=1)


@pytest.mark.parametrize("bad", ["", "7g", "7g7", "7g7f+x", "7g7g", "0a1a", "7j7f", "p*5e", "K*5e", "P*5e+", "7G7F", "7g7f "])
def test_malformed_usi_on_a_board(bad):
    b = play(Board(), ["2g2f"])
    with raises_unchanged(InvalidMoveError, b):
        b.push_usi(bad)
    with raises_unchanged(InvalidMoveError, b):
        b.push(bad)


@pytest.mark.parametrize("usi", ["7g7f", "7g7e", "8h2b+", "P*5e", "5i5g", "3c3e", "1a9i+", "2h2a+", "9i9h+", "3c3d+"])
def test_illegal_moves_change_nothing(usi):
    b = play(Board(), ["7g7f"])  # White to move
    with raises_unchanged(IllegalMoveError, b):
        b.push_usi(usi)
    with raises_unchanged(IllegalMoveError, b):
        b.push(Move.from_usi(usi))
    assert b.outcome() is None
    b.push_usi("3c3d")  # still playable


def test_off_board_move_on_minishogi():
    b = Board(variant="minishogi")
    for usi in ["7g7f", "9i9h", "5e6e", "P*9a"]:
        with raises_unchanged(ShogiError, b):
            b.push_usi(usi)
        assert not b.is_legal(usi)
        assert usi not in b.legal_moves


def test_moves_after_game_over():
    b = Board(MATE_IN_ONE)
    b.push_usi("G*1b")
    for usi in ["1a2a", "7g7f", "G*5e"]:
        with raises_unchanged(GameOverError, b):
            b.push_usi(usi)
    # A malformed move after the end is still a ShogiError.
    with raises_unchanged(ShogiError, b):
        b.push_usi("zz")


@pytest.mark.parametrize(
    "variant,settings,exc",
    [
        ("chess", {}, SettingError),
        ("Standard ", {}, SettingError),
        ("", {}, SettingError),
        ("card", {}, SettingError),  # Board plays the perfect-information variants only
        ("tsuitate", {}, SettingError),
        ("standard", {"colour": "red"}, SettingError),
        ("standard", {"repetition": "Draw"}, SettingError),
        ("minishogi", {"impasse": "Points27"}, SettingError),
        ("standard", {"move_limit": "abc"}, SettingError),
        ("standard", {"move_limit": -5}, SettingError),
        ("standard", {"move_limit": 2**40}, SettingError),
        ("standard", {"move_limit": 1.5}, SettingError),
        ("standard", {"impasse": "Points25"}, SettingError),
        ("standard", {"impasse": 3}, SettingError),
        ("minishogi", {"repetition": "Sometimes"}, SettingError),
        ("minishogi", {"stalemate": 3}, SettingError),
        ("must-capture", {"base": "chess"}, SettingError),
        ("must-capture", {"may_flee_from_check": "maybe"}, SettingError),
        ("must-capture", {"king_captures_first": [1]}, SettingError),
    ],
)
def test_bad_settings(variant, settings, exc):
    with pytest.raises(exc) as info:
        Board(variant=variant, **settings)
    assert isinstance(info.value, ShogiError) and isinstance(info.value, ValueError)
    assert str(info.value)


def test_unknown_variant_message_lists_the_variants():
    with pytest.raises(SettingError) as info:
        Board(variant="chess")
    assert "chess" in str(info.value)
    assert "standard" in str(info.value)


def test_bad_settings_in_card_and_tsuitate():
    for settings in [
        {"colour": "red"},
        {"copies_per_rank": -1},
        {"copies_per_rank": "eight"},
        {"jokers": "yes"},
        {"file_rule": "Sideways"},
        {"no_move": "Cry"},
        {"check_exempt": 2.5},
        {"base": "chess"},
        {"copies_per_rank": 0},  # an empty deck
    ]:
        with pytest.raises(ShogiError) as info:
            CardGame(seed=1, **settings)
        assert isinstance(info.value, ValueError), settings
    for settings in [{"colour": "red"}, {"foul_limit": "ten"}, {"foul_limit": -1}, {"base": "chess"}, {"announce_fouls_to_both": "x"}]:
        with pytest.raises(SettingError):
            TsuitateGame(**settings)


@pytest.mark.parametrize("bad", [-1, 81, 1000, "", "0a", "7j", "x", "10a", "P*"])
def test_bad_squares_on_a_board(bad):
    b = play(Board(), ["7g7f"])
    with raises_unchanged(InvalidSquareError, b):
        b.piece_at(bad)
    if bad != "P*":  # "P*" names the pawns in hand for legal_squares
        with raises_unchanged(InvalidSquareError, b):
            b.legal_squares(bad)


@pytest.mark.parametrize("bad", [-1, 81, "0a", "7j", "x", "P*"])
def test_bad_highlight_squares(bad):
    b = play(Board(), ["7g7f"])
    with raises_unchanged(InvalidSquareError, b):
        b.svg(highlight=[bad])


# A 5x5 board numbers its squares 0..=24 ((file - 1) * 5 + rank - 1): 25 and
# beyond are off it, as are names past file 5 or rank e.
@pytest.mark.parametrize("bad", ["6a", "1f", "9i", 25, 45, 80])
def test_squares_off_the_minishogi_board(bad):
    b = Board(variant="minishogi")
    with raises_unchanged(InvalidSquareError, b):
        b.piece_at(bad)
    with raises_unchanged(InvalidSquareError, b):
        b.legal_squares(bad)


@pytest.mark.parametrize("bad", ["K*", "X*", "*", "PP*", "+P*", "k*"])
def test_bad_drop_pieces_for_legal_squares(bad):
    b = Board("4k4/9/9/9/9/9/9/9/4K4 b P 1")
    with raises_unchanged(ShogiError, b):
        b.legal_squares(bad)


@pytest.mark.parametrize("bad", [2, -1, 5])
def test_bad_colors(bad):
    b = Board()
    with raises_unchanged(ShogiError, b):
        b.hand(bad)


def test_bad_perft_depth():
    b = Board()
    with raises_unchanged(ShogiError, b):
        b.perft(-1)
    with raises_unchanged(ShogiError, b):
        b.divide(-1)
    assert b.sfen() == STANDARD_START


def test_errors_are_never_panics():
    """A sweep of every method with odd arguments: anything raised is a
    ShogiError or a TypeError/IndexError, never a PanicException (which is a
    BaseException, not an Exception)."""
    b = play(Board(), ["7g7f"])
    calls = [
        lambda: b.push(""),
        lambda: b.push_usi("\x00"),
        lambda: b.is_legal("7g7f+"),
        lambda: b.piece_at(10**6),
        lambda: b.legal_squares(-(10**6)),
        lambda: b.divide(0),
        lambda: Move.from_code(70000),
        lambda: Move.drop("P", 10**6),
        lambda: sv.square_name(10**9),
        lambda: sv.parse_square("9999"),
        lambda: Board("4k4/9/9/9/9/9/9/9/4K4 b 200P 1"),
        lambda: Board("4k4/9/9/9/9/9/9/9/4K4 b - 99999999999999999999999"),
        lambda: Board("9" * 100 + " b - 1"),
        lambda: Board("/" * 100 + " b - 1"),
        lambda: Board("4k4/9/9/9/9/9/9/9/4K4 b - 1", variant="minishogi"),
    ]
    before = b.sfen(), list(b.move_stack)
    for call in calls:
        try:
            call()
        except (ShogiError, TypeError, IndexError):
            pass
        except BaseException as e:  # noqa: BLE001
            pytest.fail(f"{type(e).__mro__} raised: {e!r}")
    assert (b.sfen(), list(b.move_stack)) == before


@pytest.mark.parametrize("seed", [-1, 2**64, -(2**70)])
def test_out_of_range_seeds_are_value_errors(seed):
    """A seed is any int (like random.Random's): either accepted, or refused
    with a ShogiError -- not an OverflowError."""
    try:
        g = CardGame(seed=seed)
    except ShogiError:
        return
    assert g.phase == "draw"


def test_large_seeds_draw_reproducibly():
    a, b = CardGame(seed=2**63 - 1), CardGame(seed=2**63 - 1)
    assert a.chance_step() == b.chance_step()


def test_without_numpy_array_calls_say_what_to_install():
    # A fresh interpreter where `import numpy` fails, as on a machine without it.
    import subprocess
    import sys

    script = r"""
import sys
sys.modules["numpy"] = None  # makes every `import numpy` raise ImportError
import shogi_variants as sv
calls = {
    "Board.observation": lambda: sv.Board().observation_tensor(),
    "CardGame.observation": lambda: sv.CardGame(seed=1).observation_tensor(),
    "PlayerView.observation": lambda: sv.TsuitateGame().seen(0).observation_tensor(),
    "PlayerView.information_state_tensor": lambda: sv.TsuitateGame().seen(0).information_state_tensor(),
    "SelfPlay": lambda: sv.SelfPlay("minishogi", num_games=2),
    "Board.action_mask": lambda: sv.Board().action_mask(),
    "CardGame.action_mask": lambda: sv.CardGame(seed=1).action_mask(),
    "TsuitateGame.action_mask": lambda: sv.TsuitateGame().action_mask(),
    "PlayerView.action_mask": lambda: sv.TsuitateGame().seen(0).action_mask(),
}
for name, call in calls.items():
    try:
        call()
    except sv.MissingExtraError as e:
        assert isinstance(e, sv.ShogiError) and isinstance(e, Exception)
        assert "pip install shogi-variants[numpy]" in str(e), str(e)
        print(name, "ok")
    else:
        raise SystemExit(name + " did not raise")
# Everything that needs no array still works.
b = sv.Board()
b.push_usi("7g7f")
assert len(b.legal_moves) == 30
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count(" ok") == 9, out.stdout
    assert "PanicException" not in out.stderr


@pytest.mark.parametrize(
    "adapter, blocked",
    [("openspiel", "pyspiel"), ("openspiel", "numpy"), ("pettingzoo", "pettingzoo"), ("pettingzoo", "gymnasium")],
)
def test_an_adapter_without_its_framework_says_what_to_install(adapter, blocked):
    import subprocess
    import sys

    script = f"""
import sys
sys.modules[{blocked!r}] = None
try:
    import shogi_variants.{adapter}
except ImportError as e:
    assert "pip install shogi-variants[{adapter}]" in str(e), str(e)
    print("ok")
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stdout + out.stderr
