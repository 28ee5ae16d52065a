"""Argument values, types and messages across the module (issue 15).

Every integer parameter takes what ``operator.index`` takes (int, bool,
numpy integers) and refuses an out-of-range value with a ``ShogiError``
subclass whose message gives the range; every text parameter refuses text
that is not valid Unicode (a lone surrogate) with a ``ShogiError`` subclass.
A table-driven probe calls each parameter of each public class and function
with hostile values and checks that only ``TypeError``, a ``ShogiError`` or
success happens, that a refused call leaves the object unchanged, and that
messages stay short.
"""

import faulthandler
import operator

import pytest

import shogi_variants as sv
from shogi_variants import (
    ArgumentError,
    Board,
    CardGame,
    ChanceError,
    InvalidMoveError,
    InvalidSfenError,
    InvalidSquareError,
    SettingError,
    ShogiError,
    TsuitateGame,
)

try:
    import numpy as np
except ImportError:  # the probe runs without numpy too
    np = None

INTS = [-1, 2**31, 2**32, 2**63, 2**64, 2**100, True, 1.5, "3", None]
if np is not None:
    INTS.append(np.int64(3))
TEXTS = ["", "\ud800", "x" * 1000]

# Calls whose in-range values run for as long as the value says (a budget, a
# count of games or steps): the probe gives them only values that are refused
# or small, so that it finishes in seconds.
SMALL_ONLY = {2**31, 2**32, 2**63, 2**64, 2**100}


def board_state(b):
    return b.sfen(), b.to_json()


def json_state(g):
    return g.to_json()


def no_state(_):
    return None


def played_board():
    b = Board()
    b.push_usi("7g7f")
    return b


def selfplay():
    return sv.SelfPlay("minishogi", num_games=2, seed=1)


def selfplay_state(sp):
    return sp.games_finished(), [sp.plies(i) for i in range(sp.num_games)], sp.to_play.tolist()


def view():
    return TsuitateGame(base="minishogi").seen(sv.BLACK)


def view_state(v):
    return v.information_state_string(), v.sfen()


def record():
    return played_board().record(black="a")


def record_state(r):
    return r.kif()


def random_players():
    return sv.RandomPlayer(1), sv.RandomPlayer(2)


def match(**kwargs):
    a, b = random_players()
    args = {"games": 1, "max_plies": 40}
    args.update(kwargs)
    return sv.play_match("minishogi", a, b, **args)


# (name, make the object, its state, call(obj, value), kind): kind "int" or
# "text" picks the values; "int-small" skips the huge in-range ones.
CALLS = [
    # module functions
    ("square_name", lambda: None, no_state, lambda _, v: sv.square_name(v), "int"),
    ("parse_square(int)", lambda: None, no_state, lambda _, v: sv.parse_square(v), "int"),
    ("parse_square(text)", lambda: None, no_state, lambda _, v: sv.parse_square(v), "text"),
    ("load", lambda: None, no_state, lambda _, v: sv.load(v), "text"),
    ("play_match(game)", lambda: None, no_state, lambda _, v: sv.play_match(v, *random_players(), games=1), "text"),
    ("play_match(games)", lambda: None, no_state, lambda _, v: match(games=v), "int-small"),
    ("play_match(max_plies)", lambda: None, no_state, lambda _, v: match(max_plies=v), "int-small"),
    ("play_match(seed)", lambda: None, no_state, lambda _, v: match(seed=v), "int"),
    ("play_match(move_time)", lambda: None, no_state, lambda _, v: match(move_time=v), "int-small"),
    ("play_match(over_time)", lambda: None, no_state, lambda _, v: match(over_time=v), "text"),
    ("play_match(setting)", lambda: None, no_state, lambda _, v: match(move_limit=v), "int-small"),
    # Move
    ("Move(from)", lambda: None, no_state, lambda _, v: sv.Move(v, 10), "int"),
    ("Move(to)", lambda: None, no_state, lambda _, v: sv.Move(10, v), "int"),
    ("Move.from_usi", lambda: None, no_state, lambda _, v: sv.Move.from_usi(v), "text"),
    ("Move.drop(piece)", lambda: None, no_state, lambda _, v: sv.Move.drop(v, 40), "text"),
    ("Move.drop(square)", lambda: None, no_state, lambda _, v: sv.Move.drop("P", v), "int"),
    ("Move.from_code", lambda: None, no_state, lambda _, v: sv.Move.from_code(v), "int"),
    # Board
    ("Board(sfen)", lambda: None, no_state, lambda _, v: Board(v), "text"),
    ("Board(variant)", lambda: None, no_state, lambda _, v: Board(variant=v), "text"),
    ("Board(move_limit)", lambda: None, no_state, lambda _, v: Board(move_limit=v), "int"),
    ("Board(impasse)", lambda: None, no_state, lambda _, v: Board(impasse=v), "text"),
    ("Board.push", played_board, board_state, lambda b, v: b.push(v), "text"),
    ("Board.push_usi", played_board, board_state, lambda b, v: b.push_usi(v), "text"),
    ("Board.is_legal", played_board, board_state, lambda b, v: b.is_legal(v), "text"),
    ("Board.piece_at", played_board, board_state, lambda b, v: b.piece_at(v), "int"),
    ("Board.legal_squares", played_board, board_state, lambda b, v: b.legal_squares(v), "int"),
    ("Board.hand", played_board, board_state, lambda b, v: b.hand(v), "int"),
    ("Board.perft", played_board, board_state, lambda b, v: b.perft(v), "int"),
    ("Board.divide", played_board, board_state, lambda b, v: b.divide(v), "int"),
    ("Board.move_of", played_board, board_state, lambda b, v: b.move_of(v), "int"),
    ("Board.apply_chance", played_board, board_state, lambda b, v: b.apply_chance(v), "int"),
    ("Board.seen", played_board, board_state, lambda b, v: b.seen(v), "int"),
    ("Board.observation", played_board, board_state, lambda b, v: b.observation_tensor(v), "int"),
    ("Board.svg", played_board, board_state, lambda b, v: b.svg(highlight=[v]), "int"),
    ("Board.record(times)", played_board, board_state, lambda b, v: b.record(times=[v]), "int"),
    ("Board.record(end)", played_board, board_state, lambda b, v: b.record(end=v), "text"),
    ("Board.record(header)", played_board, board_state, lambda b, v: b.record(event=v).kif(), "text"),
    ("Board.record(header key)", played_board, board_state, lambda b, v: b.record(**{v or "k": "x"}).kif(), "text"),
    ("Board.parse_japanese", played_board, board_state, lambda b, v: b.parse_japanese(v), "text"),
    ("Board.parse_western", played_board, board_state, lambda b, v: b.parse_western(v), "text"),
    ("Board.japanese", played_board, board_state, lambda b, v: b.japanese(v), "text"),
    ("Outcome.score", lambda: Board().resign(), no_state, lambda o, v: o.score(v), "int"),
    # Record
    ("Record.read", lambda: None, no_state, lambda _, v: sv.Record.read(v), "text"),
    ("Record.read(format)", lambda: None, no_state, lambda _, v: sv.Record.read("", format=v), "text"),
    ("Record.header", record, record_state, lambda r, v: r.header(v), "text"),
    ("Record.board(variant)", record, record_state, lambda r, v: r.board(variant=v), "text"),
    ("Record.board(setting)", record, record_state, lambda r, v: r.board(move_limit=v), "int"),
    # CardGame
    ("CardGame(seed)", lambda: None, no_state, lambda _, v: CardGame(seed=v), "int"),
    ("CardGame(sfen)", lambda: None, no_state, lambda _, v: CardGame(v, seed=1), "text"),
    ("CardGame(copies_per_rank)", lambda: None, no_state, lambda _, v: CardGame(seed=1, copies_per_rank=v), "int"),
    ("CardGame.apply_draw", lambda: CardGame(seed=1), json_state, lambda c, v: c.apply_chance(v), "int"),
    ("CardGame.apply_chance", lambda: CardGame(seed=1), json_state, lambda c, v: c.apply_chance(v), "int"),
    ("CardGame.push_usi", lambda: CardGame(seed=1), json_state, lambda c, v: c.push_usi(v), "text"),
    ("CardGame.move_of", lambda: CardGame(seed=1), json_state, lambda c, v: c.move_of(v), "int"),
    ("CardGame.seen", lambda: CardGame(seed=1), json_state, lambda c, v: c.seen(v), "int"),
    ("CardGame.legal_squares", lambda: CardGame(seed=1), json_state, lambda c, v: c.legal_squares(v), "int"),
    # TsuitateGame and PlayerView
    ("TsuitateGame(sfen)", lambda: None, no_state, lambda _, v: TsuitateGame(v), "text"),
    ("TsuitateGame(foul_limit)", lambda: None, no_state, lambda _, v: TsuitateGame(foul_limit=v), "int"),
    ("TsuitateGame.push_usi", TsuitateGame, json_state, lambda t, v: t.push_usi(v), "text"),
    ("TsuitateGame.push", TsuitateGame, json_state, lambda t, v: t.push(v), "text"),
    ("TsuitateGame.view", TsuitateGame, json_state, lambda t, v: t.seen(v), "int"),
    ("TsuitateGame.fouls", TsuitateGame, json_state, lambda t, v: t.fouls(v), "int"),
    ("TsuitateGame.apply_chance", TsuitateGame, json_state, lambda t, v: t.apply_chance(v), "int"),
    ("TsuitateGame.resample(color)", lambda: TsuitateGame(base="minishogi"), json_state, lambda t, v: t.resample(v, 1), "int"),
    ("TsuitateGame.resample(seed)", lambda: TsuitateGame(base="minishogi"), json_state, lambda t, v: t.resample(0, v), "int"),
    ("PlayerView.information_state_tensor", view, view_state, lambda w, v: w.information_state_tensor(v), "int"),
    ("PlayerView.piece_at", view, view_state, lambda w, v: w.piece_at(v), "int"),
    ("PlayerView.move_of", view, view_state, lambda w, v: w.move_of(v), "int"),
    # players
    ("RandomPlayer", lambda: None, no_state, lambda _, v: sv.RandomPlayer(v), "int"),
    ("NaivePlayer", lambda: None, no_state, lambda _, v: sv.NaivePlayer(v), "int"),
    ("BeliefPlayer(seed)", lambda: None, no_state, lambda _, v: sv.BeliefPlayer(v), "int"),
    ("BeliefPlayer(particles)", lambda: None, no_state, lambda _, v: sv.BeliefPlayer(particles=v), "int"),
    ("SearchPlayer(depth)", lambda: None, no_state, lambda _, v: sv.SearchPlayer(depth=v), "int"),
    ("SearchPlayer(nodes)", lambda: None, no_state, lambda _, v: sv.SearchPlayer(nodes=v), "int"),
    ("SearchPlayer(time_ms)", lambda: None, no_state, lambda _, v: sv.SearchPlayer(time_ms=v), "int"),
    ("SearchPlayer(seed)", lambda: None, no_state, lambda _, v: sv.SearchPlayer(seed=v), "int"),
]
if np is not None:
    CALLS += [
        ("SelfPlay(game)", lambda: None, no_state, lambda _, v: sv.SelfPlay(v, num_games=1), "text"),
        ("SelfPlay(num_games)", lambda: None, no_state, lambda _, v: sv.SelfPlay("minishogi", num_games=v), "int-small"),
        ("SelfPlay(threads)", lambda: None, no_state, lambda _, v: sv.SelfPlay("minishogi", num_games=1, threads=v), "int-small"),
        ("SelfPlay(seed)", lambda: None, no_state, lambda _, v: sv.SelfPlay("minishogi", num_games=1, seed=v), "int"),
        ("SelfPlay(max_plies)", lambda: None, no_state, lambda _, v: sv.SelfPlay("minishogi", num_games=1, max_plies=v), "int"),
        ("SelfPlay.reset", selfplay, selfplay_state, lambda s, v: s.reset(v), "int"),
        ("SelfPlay.run_random", selfplay, selfplay_state, lambda s, v: s.run_random(v), "int-small"),
        ("SelfPlay.legal_actions", selfplay, selfplay_state, lambda s, v: s.legal_actions(v), "int"),
        ("SelfPlay.plies", selfplay, selfplay_state, lambda s, v: s.plies(v), "int"),
        ("SelfPlay.game_at", selfplay, selfplay_state, lambda s, v: s.game_at(v), "int"),
        ("SelfPlay.step", selfplay, selfplay_state, lambda s, v: s.step([v, v]), "int"),
    ]

# Every call's message is bounded (the record readers included).
UNBOUNDED_ELSEWHERE: set[str] = set()

# An index into a batch raises IndexError out of range, as a list does.
INDEXES = {"SelfPlay.legal_actions", "SelfPlay.plies", "SelfPlay.game_at"}


def probe_values(kind):
    if kind == "text":
        return TEXTS
    if kind == "int-small":
        return [v for v in INTS if not (isinstance(v, int) and v in SMALL_ONLY)]
    return INTS


@pytest.fixture(autouse=True)
def bounded():
    # The whole probe runs in a few seconds; a hang dumps the stacks and fails.
    faulthandler.dump_traceback_later(120, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.mark.parametrize("name,make,state,call,kind", CALLS, ids=[c[0] for c in CALLS])
def test_hostile_values_raise_only_typed_errors(name, make, state, call, kind):
    allowed = (TypeError, ShogiError, IndexError) if name in INDEXES else (TypeError, ShogiError)
    for value in probe_values(kind):
        obj = make()
        before = state(obj)
        try:
            call(obj, value)
        except allowed as e:
            message = str(e)
            if name not in UNBOUNDED_ELSEWHERE:
                assert len(message.encode("utf-8", "backslashreplace")) < 1024, (name, value, len(message))
            assert state(obj) == before, f"{name}({value!r}) refused but changed the object"
            if isinstance(e, ShogiError):
                assert "Overflow" not in message and "surrogates not allowed" not in message, message
        except BaseException as e:  # noqa: BLE001 -- OverflowError, UnicodeEncodeError, panics...
            pytest.fail(f"{name}({value!r:.40}) raised {type(e).__mro__}: {e!s:.200}")


# --- integers ---------------------------------------------------------------


@pytest.mark.parametrize("value", [-1, 2**64, 2**100])
def test_out_of_range_ints_say_the_range_and_name(value):
    with pytest.raises(ArgumentError) as info:
        sv.RandomPlayer(value)
    assert f"seed must be an integer 0..={2**64 - 1}, not" in str(info.value)
    assert not isinstance(info.value, OverflowError)
    with pytest.raises(ArgumentError, match=r"games must be an integer 0\.\.=4294967295"):
        sv.play_match("minishogi", *random_players(), games=-1)
    with pytest.raises(ArgumentError, match="capacity must be"):
        view().information_state_tensor(-1)
    with pytest.raises(ArgumentError, match="times must be"):
        played_board().record(times=[-1])


def test_huge_ints_are_described_by_size_not_printed():
    with pytest.raises(ArgumentError) as info:
        sv.RandomPlayer(10**5000)  # str() of it would raise ValueError
    assert "an integer of 16610 bits" in str(info.value)


def test_index_likes_and_bools_are_ints_everywhere():
    b = Board()
    assert sv.square_name(True) == sv.square_name(1) == "1b"
    assert b.hand(True) == b.hand(1)
    assert b.perft(True) == b.perft(1) == 30
    assert sv.RandomPlayer(True).choose is not None

    class Index:
        def __index__(self):
            return 60

    assert sv.square_name(Index()) == "7g"
    assert b.piece_at(Index()) == "P"
    if np is not None:
        assert sv.square_name(np.int64(60)) == "7g"
        assert sv.parse_square(np.uint8(60)) == 60
        assert b.perft(np.int32(2)) == 900
        c = CardGame(seed=np.uint64(5))
        assert c.seed == 5
        c.apply_chance(np.int16(7))
        assert c.current_card == 7
    with pytest.raises(TypeError):
        b.perft(1.5)
    with pytest.raises(TypeError):
        sv.RandomPlayer("3")


@pytest.mark.parametrize("square", [2**63, 2**64, 2**100, -(2**70)])
def test_huge_squares_say_the_real_number(square):
    with pytest.raises(InvalidSquareError) as info:
        sv.square_name(square)
    message = str(info.value)
    assert "is not a square of this 9x9 board (0..=80)" in message
    assert "-1 is not" not in message
    assert str(square) in message or "bits" in message


def test_colours_say_what_was_given():
    b = Board()
    with pytest.raises(ArgumentError, match=r"a color is BLACK \(0\) or WHITE \(1\), not 2"):
        b.hand(2)
    with pytest.raises(ArgumentError, match="not a str"):
        b.hand("black")


@pytest.mark.parametrize("card,said", [("5", "the str '5'"), (2**64, str(2**64)), (None, "a NoneType"), (-1, "-1")])
def test_apply_draw_says_what_was_given(card, said):
    c = CardGame(seed=1)
    before = c.to_json()
    with pytest.raises(ChanceError) as info:
        c.apply_chance(card)
    assert f"not {said}" in str(info.value)
    assert c.to_json() == before


def test_selfplay_indices_count_from_the_end_like_a_list():
    pytest.importorskip("numpy")
    sp = selfplay()
    assert sp.legal_actions(-1) == sp.legal_actions(1)
    assert sp.plies(-2) == sp.plies(0)
    for i in (2, -3, 2**64, -(2**64)):
        with pytest.raises(IndexError, match="this batch has 2 games"):
            sp.game_at(i)
    with pytest.raises(ArgumentError, match="steps must be"):
        sp.run_random(-1)


# --- perft and divide -------------------------------------------------------


@pytest.mark.parametrize("depth", [-1, 65, 2**32, 2**40, 2**64])
def test_perft_depth_gives_the_real_range(depth):
    b = Board()
    with pytest.raises(ArgumentError, match=rf"depth must be 0\.\.=64, not {depth}"):
        b.perft(depth)
    with pytest.raises(ArgumentError, match=rf"depth must be 1\.\.=64 .*not {depth}"):
        b.divide(depth)
    assert b.perft(0) == 1


def test_divide_is_refused_at_depth_0_and_sums_to_perft_where_accepted():
    b = Board("rbsgk/4p/5/P4/KGSBR b - 1", variant="minishogi")
    with pytest.raises(ArgumentError, match="depth 0 has no first move"):
        b.divide(0)
    for depth in (1, 2, 3):
        assert sum(b.divide(depth).values()) == b.perft(depth)


# --- text -------------------------------------------------------------------


@pytest.mark.parametrize(
    "call,error",
    [
        (lambda: Board("\ud800"), InvalidSfenError),
        (lambda: Board().push_usi("7g\ud800"), InvalidMoveError),
        (lambda: Board().push("\ud800"), InvalidMoveError),
        (lambda: sv.Move.from_usi("\ud800"), InvalidMoveError),
        (lambda: sv.parse_square("\ud800"), InvalidSquareError),
        (lambda: Board(variant="\ud800"), SettingError),
        (lambda: Board(impasse="\ud800"), SettingError),
        (lambda: Board(**{"\ud800": 1}), SettingError),
        (lambda: sv.load("\ud800"), InvalidSfenError),
        (lambda: sv.Record.read("\ud800"), InvalidSfenError),
        (lambda: Board().record(event="\ud800"), ArgumentError),
        (lambda: TsuitateGame("\ud800"), InvalidSfenError),
        (lambda: CardGame("\ud800", seed=1), InvalidSfenError),
    ],
)
def test_lone_surrogates_are_refused_with_the_domain_class(call, error):
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert "valid Unicode" in message and "\\ud800" in message, message


# --- messages in words ------------------------------------------------------


def test_setting_messages_say_the_choices_and_the_type_given():
    with pytest.raises(SettingError) as info:
        Board(impasse="bogus")
    message = str(info.value)
    assert "impasse is one of 'None', 'Off'" in message and "not 'bogus'" in message
    assert "unknown variant" not in message and "`" not in message
    with pytest.raises(SettingError) as info:
        Board(move_limit="300")
    message = str(info.value)
    assert "move_limit must be a whole number 1..=4294967295, not '300' (a string)" in message
    assert "u32" not in message
    with pytest.raises(SettingError) as info:
        Board(move_limit="x" * 100_000)
    assert len(str(info.value)) < 400


@pytest.mark.parametrize("make", [Board, lambda s: CardGame(s, seed=1), TsuitateGame])
def test_a_usi_position_command_is_not_an_sfen(make):
    for text in ("startpos moves 7g7f", "position startpos", "sfen 9/9/9/9/9/9/9/9/9 b - 1"):
        with pytest.raises(InvalidSfenError) as info:
            make(text)
        message = str(info.value)
        assert "USI position command, not an SFEN" in message and "ranks" not in message, message


@pytest.mark.parametrize(
    "make",
    [
        lambda: Board(variant="minishogi"),
        lambda: CardGame(seed=1, base="minishogi"),
        lambda: TsuitateGame(base="minishogi"),
    ],
)
def test_a_move_off_the_board_is_no_move_of_the_game(make):
    g = make()
    if isinstance(g, CardGame):
        g.apply_chance(g.chance_outcomes()[0][0])
    before = g.to_json()
    for push in (g.push_usi, g.push):
        with pytest.raises(InvalidMoveError, match="7g is off this 5x5 board"):
            push("7g7f")
    assert g.to_json() == before
    if isinstance(g, TsuitateGame):
        assert g.fouls(sv.BLACK) == 0  # no foul counted for a square that does not exist
    if isinstance(g, Board):
        assert not g.is_legal("7g7f")


# --- the SFEN move number ---------------------------------------------------


def test_playing_past_the_largest_move_number_writes_readable_sfens():
    b = Board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 999999999")
    for usi in ("7g7f", "3c3d", "2g2f"):
        b.push_usi(usi)
        sfen = b.sfen()
        assert Board(sfen).sfen() == sfen
    assert b.move_number == 1000000000
    assert b.sfen().endswith(" 1000000000")
    b.pop()
    b.pop()
    assert b.sfen().endswith(" 1000000000")
    b.pop()
    assert b.sfen().endswith(" 999999999")


def test_tsuitate_true_sfen_past_the_largest_move_number_reads_back():
    t = TsuitateGame("rbsgk/4p/5/P4/KGSBR b - 1000000000", base="minishogi")
    t.push_usi("5d5c")
    t.push_usi("1b1c")
    assert t.sfen().endswith(" 1000000000"), t.sfen()
    assert TsuitateGame(t.sfen(), base="minishogi").sfen() == t.sfen()
    # A player's own board counts the moves of this game (RULES.md: a view
    # shows only what its player knows); it reads back as an SFEN too.
    for color in (sv.BLACK, sv.WHITE):
        own = t.seen(color).sfen()
        assert own.split()[-1].isdigit()


def test_argument_error_is_exported_and_a_shogi_error():
    assert issubclass(ArgumentError, ShogiError) and issubclass(ArgumentError, ValueError)
    assert "ArgumentError" in sv.__all__
    assert operator.index(True) == 1  # the rule the module follows
