"""Mate search from Python: problems as they are written, Board.mate,
MateSolver, limits, progress, Ctrl-C, and cshogi's own mate search as the
oracle on short problems."""

import _thread
import threading

import pytest

import shogi_variants as sv

# Black has no king; White holds the rest of the pieces (left off the SFEN).
# Mate in 3 under the game's rules (cshogi's Board.mate_move(3) finds it;
# from tsumeshogi-solver's tests, see shogi-players/tests/data/tsume.tsv).
PROBLEM = "3sks3/9/4S4/9/9/8B/9/9/9 b S 1"


def replay_is_mate(board, moves):
    """The line is legal, every attacker move checks, and it ends in mate."""
    b = board.copy()
    attacker = b.turn
    for mv in moves:
        assert b.is_legal(mv), (b.sfen(), mv)
        mover = b.turn
        b.push(mv)
        if mover == attacker:
            assert b.is_check(), (b.sfen(), mv)
    return b.is_checkmate()


def test_problem_from_sfen_reads_a_kingless_attacker():
    with pytest.raises(sv.InvalidSfenError, match="problem_from_sfen"):
        sv.Board(PROBLEM)
    b = sv.Board.problem_from_sfen(PROBLEM)
    assert b.king(sv.BLACK) is None
    assert b.king(sv.WHITE) is not None
    # The defender holds the rest, written out or left off alike.
    assert sv.Board.problem_from_sfen(b.sfen()).sfen() == b.sfen()
    assert b.hand(sv.WHITE)["R"] == 2
    # The attacker has moves (no king to protect).
    assert len(b.legal_moves) > 0
    with pytest.raises(sv.InvalidSfenError):
        sv.Board.problem_from_sfen("not an sfen")
    # No king at all: nothing to mate.
    with pytest.raises(sv.InvalidSfenError, match="no king"):
        sv.Board.problem_from_sfen("9/9/9/9/9/9/9/9/9 b G 1")
    mini = sv.Board.problem_from_sfen("4k/5/3S1/5/5 b G 1", variant="minishogi")
    assert mini.sfen() == "4k/5/3S1/5/5 b G2r2bgs2p 1"


def test_mate_finds_the_shortest_line_and_it_mates():
    b = sv.Board.problem_from_sfen(PROBLEM)
    report = b.mate()
    assert isinstance(report, sv.MateReport)
    assert report.result == "mate" and report
    assert report.plies == 3 == len(report.moves)
    assert report.shortest and report.nodes >= 1
    assert isinstance(report.elapsed, float) and 0 <= report.elapsed < 60
    assert replay_is_mate(b, report.moves)
    assert "mate in 3" in repr(report)
    # The board itself is unchanged.
    assert b.sfen() == sv.Board.problem_from_sfen(PROBLEM).sfen()


def test_the_first_mate_without_shortening():
    # A mate in 5 (stated by its source) that the search first proves longer.
    b = sv.Board.problem_from_sfen("5B1n1/8k/6Rpp/9/9/9/9/9/9 b rb4g4s3n4l16p 1")
    shortest = b.mate()
    first = b.mate(shortest=False)
    assert shortest.shortest and shortest.plies == 5
    assert first.result == "mate" and first.plies >= 5 and first.nodes <= shortest.nodes
    assert replay_is_mate(b, first.moves)


def test_no_mate_is_a_proof_and_timeout_is_not():
    bare = sv.Board("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    report = bare.mate()
    assert report.result == "no_mate" and not report and report.moves == [] and report.plies is None
    hard = sv.Board.problem_from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R2B 1")
    report = hard.mate(nodes=2000)
    assert report.result == "timeout" and report.nodes <= 2000
    # A mate longer than max_plies is not looked for.
    five = sv.Board("8k/9/9/6S2/9/9/9/9/K8 b 2R 1")
    assert five.mate(max_plies=3).result == "timeout"
    assert five.mate(max_plies=5).plies == 5


def test_pawn_drop_mate_is_no_mate():
    # P*1b (guarded by the gold, which also covers 2b; 2a is the king's
    # own knight) would mate, and a pawn drop may not mate.
    b = sv.Board.problem_from_sfen("7nk/9/7G1/9/9/9/9/9/9 b P 1")
    assert not b.is_legal("P*1b")
    assert b.mate(max_plies=1).result != "mate"
    # With a gold in hand instead, a drop mates at once.
    g = sv.Board.problem_from_sfen("7nk/9/7G1/9/9/9/9/9/9 b G 1")
    report = g.mate(max_plies=1)
    assert report.plies == 1 and report.moves[0].usi().startswith("G*")


def test_minishogi_and_must_capture():
    mini = sv.Board("4k/5/3S1/5/K4 b G 1", variant="minishogi")
    report = mini.mate()
    assert report.plies == 1 and replay_is_mate(mini, report.moves)
    # Must-capture: the defender's duty to capture decides.
    mc = sv.Board("4k/5/3S1/5/K4 b G 1", variant="must-capture", base="minishogi")
    report = mc.mate()
    assert report.result in ("mate", "no_mate")
    if report:
        assert replay_is_mate(mc, report.moves)


def test_mate_at_the_defenders_turn():
    solver = sv.MateSolver(table_mb=1)
    mated = sv.Board.problem_from_sfen("8k/8G/8P/9/9/9/9/9/9 w - 1")
    report = solver.solve_defence(mated)
    assert report.result == "mate" and report.moves == []
    free = sv.Board.problem_from_sfen("8k/8G/9/9/9/9/9/9/9 w - 1")
    assert solver.solve_defence(free).result == "no_mate"


def test_solver_is_reused_and_agrees_with_board_mate():
    solver = sv.MateSolver(table_mb=4)
    assert solver.table_mb == 4 and "table_mb=4" in repr(solver)
    for sfen in [PROBLEM, "4k4/9/4P4/9/9/9/9/9/9 b G 1"]:
        b = sv.Board.problem_from_sfen(sfen)
        assert solver.solve(b).plies == b.mate().plies


def test_bad_arguments_raise_and_change_nothing():
    b = sv.Board.problem_from_sfen(PROBLEM)
    with pytest.raises(sv.ArgumentError):
        b.mate(max_plies=0)
    with pytest.raises(sv.ArgumentError):
        b.mate(nodes=-1)
    with pytest.raises(sv.ArgumentError):
        b.mate(table_mb=0)
    with pytest.raises(sv.ArgumentError):
        sv.MateSolver(table_mb=1 << 40)
    with pytest.raises(TypeError):
        b.mate(progress=3)
    assert b.mate().plies == 3


def test_progress_is_reported_and_its_exception_stops_the_search():
    hard = sv.Board.problem_from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R2B 1")
    seen = []
    hard.mate(time_ms=700, progress=seen.append)
    assert seen and all(isinstance(p, sv.MateProgress) for p in seen)
    assert seen[-1].nodes >= seen[0].nodes >= 1024 and "MateProgress" in repr(seen[0])
    assert all(p.mate_plies is None or p.mate_plies % 2 == 1 for p in seen)
    assert seen[-1].elapsed >= seen[0].elapsed > 0

    class Enough(Exception):
        pass

    def stop(_):
        raise Enough

    with pytest.raises(Enough):
        hard.mate(time_ms=5000, progress=stop)


def test_ctrl_c_stops_the_search():
    hard = sv.Board.problem_from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R2B 1")
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            hard.mate(time_ms=20_000)
    finally:
        timer.cancel()


def test_the_gil_is_released_while_solving():
    hard = sv.Board.problem_from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R2B 1")
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.005)

    t = threading.Thread(target=count)
    t.start()
    hard.mate(time_ms=300)
    done.set()
    t.join()
    assert len(ticks) > 10


def test_a_solver_is_used_by_one_call_at_a_time():
    solver = sv.MateSolver(table_mb=1)
    hard = sv.Board.problem_from_sfen("4k4/9/9/9/9/9/9/9/9 b 2R2B 1")
    errors = []

    def progress(_):
        try:
            solver.solve(hard, nodes=10)
        except sv.BusyError as e:
            errors.append(e)
            raise

    with pytest.raises(sv.BusyError):
        solver.solve(hard, time_ms=2000, progress=progress)
    assert errors


def test_agrees_with_cshogi_mate_move_on_random_positions():
    """cshogi's own mate search (mate_move_in_1ply, mate_move(3)) and ours
    give the same shortest length on positions of seeded random games
    (full positions: the same position for both libraries)."""
    cshogi = pytest.importorskip("cshogi")
    import random

    rng = random.Random(18)
    compared = {1: 0, 3: 0, None: 0}
    for _ in range(40):
        board = sv.Board()
        for ply in range(160):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
            if ply % 4 != 3 or board.is_check() or board.is_game_over():
                continue
            sfen = board.sfen()
            theirs = cshogi.Board(sfen)
            if theirs.mate_move_in_1ply():
                n = 1
            elif theirs.mate_move(3):
                n = 3
            else:
                n = None
            ours = sv.Board(sfen).mate(max_plies=3, nodes=200_000)
            if n is None:
                assert ours.result != "mate", (sfen, ours)
            else:
                assert ours.result == "mate" and ours.plies == n, (sfen, ours, n)
                assert replay_is_mate(sv.Board(sfen), ours.moves)
            compared[n] += 1
    assert compared[1] >= 20 and compared[3] >= 10 and compared[None] >= 100, compared
