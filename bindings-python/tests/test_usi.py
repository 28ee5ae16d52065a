"""The USI engine (examples/src/bin/usi.rs) driven by a real USI client:
cshogi's ``cshogi.usi.Engine``, checked against cshogi's own board and mate
search, and shogi_variants for minishogi.

The engine binary is ``$SHOGI_USI_ENGINE`` if set; otherwise it is built
here with ``cargo build --release -p shogi-examples --bin usi`` (quick when
it is up to date) and taken from the cargo target directory.
"""

from __future__ import annotations

import random
import threading
import time

import pytest

import shogi_variants as sv
from conftest import cargo_binary

cshogi = pytest.importorskip("cshogi")
from cshogi.usi import Engine  # noqa: E402

# A generous bound on any one exchange: the engine must never hang.
ANSWER_TIMEOUT = 30


def _engine_path() -> str:
    return cargo_binary("usi", "SHOGI_USI_ENGINE")


@pytest.fixture(scope="module")
def engine_path() -> str:
    return _engine_path()


class Session:
    """A cshogi Engine whose every call is bounded in time: cshogi itself
    would wait for ever on an engine that does not answer."""

    def __init__(self, path: str):
        self.engine = Engine(path)
        self.lines: list[str] = []

    def listen(self, line: str) -> None:
        self.lines.append(line)

    def call(self, name: str, *args, timeout: float = ANSWER_TIMEOUT, **kwargs):
        result: dict = {}

        def run():
            try:
                result["value"] = getattr(self.engine, name)(*args, **kwargs)
            except BaseException as e:  # handed to the test's thread
                result["error"] = e

        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        worker.join(timeout)
        if worker.is_alive():
            self.kill()
            pytest.fail(f"the engine did not answer {name}{args or ''} within {timeout} s")
        if "error" in result:
            raise result["error"]
        return result.get("value")

    def send(self, line: str) -> None:
        """A raw line, for what cshogi's API does not send."""
        self.engine.proc.stdin.write(line.encode("ascii") + b"\n")
        self.engine.proc.stdin.flush()

    def kill(self) -> None:
        proc = self.engine.proc
        if proc is not None:
            proc.kill()
            proc.wait()
            # cshogi's reader loops on b"" after the end; a closed pipe
            # makes it raise and end instead.
            for pipe in (proc.stdout, proc.stderr, proc.stdin):
                try:
                    pipe.close()
                except (OSError, ValueError):
                    pass
            self.engine.proc = None


@pytest.fixture
def usi(engine_path):
    session = Session(engine_path)
    yield session
    if session.engine.proc is not None:
        try:
            session.call("quit", timeout=10)
        finally:
            session.kill()


def _errors(lines) -> list[str]:
    return [line for line in lines if line.startswith("info string error: ")]


def _assert_mate_line(sfen: str, line: str, plies: int) -> None:
    """cshogi agrees: each attacker move checks, the defender ends mated,
    and cshogi's own solver finds no shorter mate."""
    moves = line.split()
    assert len(moves) == plies, line
    board = cshogi.Board(sfen)
    if plies == 1:
        assert board.mate_move_in_1ply() != 0
    else:
        assert board.mate_move(plies) != 0
        if plies == 3:
            assert board.mate_move_in_1ply() == 0
        else:
            assert board.mate_move(plies - 2) == 0
    for i, usi in enumerate(moves):
        move = board.move_from_usi(usi)
        assert move != 0 and board.is_legal(move), (usi, line)
        board.push(move)
        if i % 2 == 0:
            assert board.is_check(), (usi, line)
    assert board.is_check() and board.is_game_over(), line


def test_handshake(usi):
    assert usi.engine.name.startswith("shogi-variants search")
    usi.call("isready")


@pytest.mark.parametrize(
    "sfen, plies",
    [
        ("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1),
        ("9/8k/6S2/9/9/9/9/9/K8 b 2G 1", 3),
        ("8k/9/9/7+B1/9/9/9/9/K8 b R 1", 3),
        ("8k/9/9/6S2/9/9/9/9/K8 b 2R 1", 5),
        ("6B1k/9/9/6G2/9/9/9/9/K8 b S 1", 5),
        ("6B1k/9/7g1/9/9/9/9/9/K8 b RS 1", 7),
    ],
)
def test_go_mate_finds_the_mate(usi, sfen, plies):
    usi.call("position", sfen="sfen " + sfen)
    answer = usi.call("go_mate", byoyomi=20000)
    _assert_mate_line(sfen, answer, plies)


def test_go_mate_takes_a_problem_as_tsume_guis_send_it(usi):
    # No attacker king; the defender's hand left out (it holds the rest).
    short = "3sks3/9/4S4/9/9/8B/9/9/9 b S 1"
    full = sv.Board.problem_from_sfen(short).sfen()
    assert full != short
    answers = []
    for sfen in (short, full):
        usi.call("position", sfen="sfen " + sfen)
        answers.append(usi.call("go_mate", byoyomi=20000))
    assert answers[0] == answers[1]
    _assert_mate_line(full, answers[0], 3)
    # A strict game position without a king is still refused.
    usi.call("position", sfen="sfen 9/9/9/9/9/9/9/9/9 b - 1")
    assert usi.call("go_mate", byoyomi=1000) == "timeout"


def test_go_mate_in_minishogi(usi):
    usi.call("setoption", "UCI_Variant", "minishogi")
    sfen = "4k/2S2/5/5/K4 b R 1"
    usi.call("position", sfen="sfen " + sfen)
    answer = usi.call("go_mate")
    moves = answer.split()
    assert len(moves) == 5, answer
    board = sv.Board(sfen, variant="minishogi")
    for i, move in enumerate(moves):
        board.push_usi(move)
        if i % 2 == 0:
            assert board.is_check(), answer
    assert board.is_check() and len(board.legal_moves) == 0, answer


def test_go_mate_proves_no_mate(usi):
    # No check at all.
    usi.call("position")
    assert usi.call("go_mate", byoyomi=20000) == "nomate"
    # The only check is taken.
    usi.call("position", sfen="sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1")
    assert usi.call("go_mate", byoyomi=20000) == "nomate"
    # P*1b would mate, but a pawn drop may not.
    sfen = "7nk/9/7G1/9/9/9/9/9/K8 b P 1"
    assert cshogi.Board(sfen).mate_move_in_1ply() == 0
    usi.call("position", sfen="sfen " + sfen)
    assert usi.call("go_mate", byoyomi=20000) == "nomate"


def test_go_mate_times_out_or_stops(usi):
    # A rook and a bishop in hand give checks for a long time.
    usi.call("position", sfen="sfen 4k4/9/9/9/9/9/9/9/4K4 b RB 1")
    start = time.monotonic()
    assert usi.call("go_mate", byoyomi=300) == "timeout"
    assert 0.3 <= time.monotonic() - start < 5
    timer = threading.Timer(0.3, usi.send, args=("stop",))
    timer.start()
    try:
        start = time.monotonic()
        assert usi.call("go_mate") == "timeout"  # go mate infinite
        assert time.monotonic() - start < 5
    finally:
        timer.cancel()
    usi.call("isready")


def test_go_during_go_infinite_does_not_hang(usi):
    usi.call("position")
    usi.send("go infinite")
    time.sleep(0.2)
    # The infinite search is stopped and answers; then the new one does.
    best, _ = usi.call("go", nodes=2000, listener=usi.listen)
    assert cshogi.Board().is_legal(cshogi.Board().move_from_usi(best))
    assert "info string error: go: a search was running; stopped it first" in usi.lines
    usi.call("isready")
    usi.send("go ponder")
    time.sleep(0.2)
    usi.call("isready")
    usi.call("stop")
    usi.call("isready")


def test_refused_position_is_answered_for_nothing(usi):
    usi.call("position", moves=["7g7f", "7g7f"])
    best, ponder = usi.call("go", btime=0, wtime=0, byoyomi=100, listener=usi.listen)
    assert (best, ponder) == ("resign", None)
    assert any("no position" in line for line in _errors(usi.lines)), usi.lines
    usi.call("position", moves=["7g7f"])
    best, _ = usi.call("go", btime=0, wtime=0, byoyomi=100)
    board = cshogi.Board()
    board.push_usi("7g7f")
    assert board.is_legal(board.move_from_usi(best))


def test_moves_past_a_fourfold_repetition_are_played_and_searched(usi):
    """The GUI owns the game's rules (YaneuraOu's way): a move legal in its
    position is played after sennichite, and ``go`` answers for the position
    after it, never for an earlier one."""
    shuffle = ["2h3h", "8b7b", "3h2h", "7b8b"] * 3
    board = cshogi.Board()
    for move in shuffle:
        board.push_usi(move)
    assert board.is_draw() == cshogi.REPETITION_DRAW
    usi.lines.clear()
    usi.call("position", moves=shuffle + ["7g7f"])
    best, _ = usi.call("go", nodes=2000, listener=usi.listen)
    assert not _errors(usi.lines), usi.lines
    board.push_usi("7g7f")
    assert board.turn == cshogi.WHITE
    assert board.is_legal(board.move_from_usi(best)), best
    # A move not legal in its position is refused; go answers for nothing.
    usi.lines.clear()
    usi.call("position", moves=shuffle + ["7g7f", "7g7f"])
    best, _ = usi.call("go", nodes=2000, listener=usi.listen)
    assert best == "resign"
    assert any("move 14: 7g7f" in line for line in _errors(usi.lines)), usi.lines
    assert any("no position" in line for line in _errors(usi.lines)), usi.lines


def test_ponderhit_searches_on_and_bestmove_names_a_ponder_move(usi):
    usi.call("position", moves=["7g7f", "3c3d"])
    answer: dict = {}

    def ponder():
        answer["move"] = usi.engine.go(ponder=True, btime=0, wtime=0, byoyomi=1000)
        answer["at"] = time.monotonic()

    worker = threading.Thread(target=ponder, daemon=True)
    worker.start()
    time.sleep(0.3)
    assert "move" not in answer, "answered while pondering"
    usi.call("ponderhit")
    hit = time.monotonic()
    worker.join(ANSWER_TIMEOUT)
    assert not worker.is_alive(), "no bestmove after ponderhit"
    # 1000 ms of byoyomi less the 100 ms margin, counted from ponderhit.
    assert answer["at"] - hit >= 0.7, answer["at"] - hit
    best, reply = answer["move"]
    board = cshogi.Board()
    for m in ["7g7f", "3c3d", best]:
        move = board.move_from_usi(m)
        assert board.is_legal(move), m
        board.push(move)
    assert reply is not None
    assert board.is_legal(board.move_from_usi(reply)), reply


def test_byoyomi_of_100_ms_is_used(usi):
    usi.call("position")
    usi.call("isready")
    times = []
    for _ in range(3):  # one late answer on a busy machine is forgiven
        start = time.monotonic()
        best, _ = usi.call("go", btime=0, wtime=0, byoyomi=100)
        took = time.monotonic() - start
        assert cshogi.Board().is_legal(cshogi.Board().move_from_usi(best))
        assert took >= 0.06, took  # 100 ms less a 20 ms margin
        times.append(took)
        if took <= 0.1:
            break
    assert min(times) <= 0.1, times


def test_go_nodes_negative_is_reported(usi):
    usi.call("position")
    best, _ = usi.call("go", btime=0, wtime=0, byoyomi=300, nodes=-5, listener=usi.listen)
    assert cshogi.Board().is_legal(cshogi.Board().move_from_usi(best))
    assert any("'nodes -5'" in line for line in _errors(usi.lines)), usi.lines


MINISHOGI_START = "rbsgk/4p/5/P4/KGSBR b - 1"


@pytest.mark.parametrize("name, why", [("card", "chance"), ("tsuitate", "hides pieces")])
def test_games_with_chance_or_hidden_pieces_are_refused(usi, name, why):
    # USI has no chance steps and shows the whole board: the engine says so
    # and keeps the variant it had.
    usi.call("setoption", "UCI_Variant", "minishogi")
    usi.call("setoption", "UCI_Variant", name)
    usi.call("isready", listener=usi.listen)
    errors = _errors(usi.lines)
    assert len(errors) == 1, usi.lines
    assert "perfect-information" in errors[0] and why in errors[0], errors
    assert "the variant stays minishogi" in errors[0], errors
    usi.call("position", moves=["2e3d"])
    best, _ = usi.call("go", nodes=2000)
    board = sv.Board(MINISHOGI_START, variant="minishogi")
    board.push_usi("2e3d")
    board.push_usi(best)  # raises if the move is not legal in minishogi


def test_must_capture_moves_go_through_the_game(usi):
    usi.call("setoption", "UCI_Variant", "toru-itte")
    usi.lines.clear()
    # Black's bishop can take White's, so it must: 8h2b or 8h2b+.
    usi.call("position", moves=["7g7f", "3c3d"])
    best, _ = usi.call("go", nodes=2000)
    assert best in ("8h2b", "8h2b+"), best
    # A quiet move while a capture is due is refused, and no move is made up.
    usi.call("position", moves=["7g7f", "3c3d", "2g2f"])
    best, _ = usi.call("go", nodes=2000, listener=usi.listen)
    assert best == "resign"
    assert any("move 3: 2g2f" in line for line in _errors(usi.lines)), usi.lines


def _entering_king_positions(count: int, seed: int = 11):
    """Positions near an entering-king declaration: Black's king in or near
    the zone, some of its pieces there (promoted ones and golds and silvers,
    which may stand on any rank), some in hand, and now and then a White
    piece giving check. Every one a legal SFEN (shogi_variants reads it)."""
    rng = random.Random(seed)
    pool = ["+P"] * 12 + ["G"] * 4 + ["S"] * 4 + ["+R", "+B", "+N", "+L", "+S"]
    out = []
    while len(out) < count:
        board = [["" for _ in range(9)] for _ in range(9)]  # [rank][file 9..1]
        king_rank = rng.choice([0, 1, 2, 2, 3])
        king_file = rng.randrange(9)
        board[king_rank][king_file] = "K"
        board[8][rng.randrange(9)] = "k"
        in_zone = rng.choice([8, 9, 10, 10, 11, 12])
        pieces = rng.sample(pool, in_zone)
        squares = [(r, f) for r in range(3) for f in range(9) if not board[r][f]]
        for piece, (r, f) in zip(pieces, rng.sample(squares, in_zone)):
            board[r][f] = piece
        if rng.random() < 0.2:
            # a White rook on the king's file, nothing between: check
            r = king_rank + 1
            while r < 8 and not board[r][king_file]:
                r += 1
            if r < 8 and r > king_rank + 1 and not board[r][king_file]:
                board[r][king_file] = "r"
        rooks = sum(p in ("+R", "r") for row in board for p in row)
        bishops = sum(p == "+B" for row in board for p in row)
        held = {"R": rng.randint(0, 2 - rooks), "B": rng.randint(0, 2 - bishops)}
        held[rng.choice("PGL")] = rng.randint(0, 2)
        hand = "".join(f"{n if n > 1 else ''}{k}" for k, n in held.items() if n) or "-"
        rows = []
        for row in board:
            text, empty = "", 0
            for p in row:
                if p:
                    text += (str(empty) if empty else "") + p
                    empty = 0
                else:
                    empty += 1
            rows.append(text + (str(empty) if empty else ""))
        sfen = f"{'/'.join(rows)} b {hand} 1"
        try:
            sv.Board(sfen)
        except sv.ShogiError:
            continue
        out.append(sfen)
    return out


@pytest.mark.parametrize("rule, law", [("CSARule27", "LAW_27"), ("CSARule24", "LAW_24")])
def test_bestmove_win_agrees_with_cshogi_is_nyugyoku(usi, rule, law):
    # cshogi's own judgement of the declaration (Board.is_nyugyoku, under
    # the same rule) decides whether the engine must answer `bestmove win`.
    usi.call("setoption", "EnteringKingRule", rule)
    wins = 0
    for sfen in _entering_king_positions(100):
        expected = cshogi.Board(sfen).is_nyugyoku(getattr(cshogi, law))
        usi.call("position", sfen="sfen " + sfen)
        best, _ = usi.call("go", nodes=200)
        assert (best == "win") == expected, (rule, sfen, best)
        wins += expected
    assert 5 <= wins <= 95, wins  # both answers are met


def test_bestmove_win_only_under_an_entering_king_rule_and_gameover(usi):
    sfen = "9/4K+P3/+P+P+P+P+P+P+P+P+P/9/9/9/9/9/4k4 b 2R2B 1"
    assert cshogi.Board(sfen).is_nyugyoku()
    usi.call("position", sfen="sfen " + sfen)
    assert usi.call("go", btime=1000, wtime=1000)[0] == "win"  # CSARule27 by default
    usi.call("setoption", "EnteringKingRule", "NoEnteringKing")
    assert usi.call("go", nodes=200)[0] != "win"
    usi.call("gameover", "lose")
    usi.call("usinewgame")
    usi.call("position", moves=["7g7f"])
    best, _ = usi.call("go", nodes=500)
    board = cshogi.Board()
    board.push_usi("7g7f")
    assert board.is_legal(board.move_from_usi(best)), best


@pytest.mark.parametrize("variant", ["kyotoshogi", "dobutsu", "micro", "checkshogi", "annanshogi"])
def test_definitions_play_over_cshogis_usi_client(usi, variant):
    # cshogi's client sends the variant, positions and moves of a game the
    # engine plays against itself; every move is legal in our game.
    usi.call("setoption", "USI_Variant", variant)
    usi.call("isready", listener=usi.listen)
    assert not _errors(usi.lines), usi.lines
    name = {"micro": "microshogi"}.get(variant, variant)
    game = sv.new_game(name)
    moves = []
    while not game.is_game_over() and len(moves) < 24:
        usi.call("position", moves=moves)
        best, _ = usi.call("go", nodes=300)
        game.push_usi(best, dialect="fairy-stockfish")
        moves.append(best)
    usi.call("position", sfen="sfen " + game.sfen())
    if not game.is_game_over():
        best, _ = usi.call("go", nodes=300)
        game.parse_usi(best)
