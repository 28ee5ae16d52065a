"""Threads: an object is used by one call at a time. A call that finds it in
use raises ``BusyError`` at once (never blocks, never panics, changes
nothing); ``Board.perft``/``divide`` copy the position and leave the board
free; native players stay themselves in a match; long native calls release
the GIL. Every wait here is bounded (joins with timeouts, a faulthandler
guard)."""

import faulthandler
import threading
import time

import pytest

import shogi_variants as sv

GUARD = 120


@pytest.fixture(autouse=True)
def hang_guard():
    faulthandler.dump_traceback_later(GUARD, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def run_in_thread(fn):
    """Starts `fn` on a thread; returns (thread, box) where box gets its result or error."""
    box = {}

    def target():
        try:
            box["result"] = fn()
        except BaseException as e:  # noqa: BLE001 - reported to the test
            box["error"] = e

    t = threading.Thread(target=target, daemon=True)
    t.start()
    return t, box


def join(t, seconds=60):
    t.join(seconds)
    assert not t.is_alive(), "the worker thread did not finish in time"


def wait_until_busy(probe, t, seconds=30):
    """Waits until the worker `t` holds the object: `probe` (a call that keeps
    the GIL, so it cannot itself make the worker's call busy) raises
    BusyError. A call of the test's that released the GIL could otherwise
    take the object first and make the worker's own call fail."""
    deadline = time.monotonic() + seconds
    while t.is_alive() and time.monotonic() < deadline:
        try:
            probe()
        except sv.BusyError:
            return True
        time.sleep(0.0005)
    return False


def test_busy_error_is_a_shogi_error():
    assert issubclass(sv.BusyError, sv.ShogiError)
    assert issubclass(sv.BusyError, ValueError)
    assert "BusyError" in sv.__all__


def test_board_stays_usable_while_perft_runs():
    board = sv.Board()
    start = board.sfen()
    t, box = run_in_thread(lambda: board.perft(5))
    rounds = 0
    deadline = time.monotonic() + 60
    while t.is_alive() and time.monotonic() < deadline:
        # Before the fix: "Already borrowed" PanicException / RuntimeError.
        moves = list(board.legal_moves)
        assert len(moves) == 30 and len(board.legal_moves) == 30
        assert "7g7f" in board.legal_moves
        assert not board.is_game_over() and board.outcome() is None
        board.push(moves[rounds % len(moves)])
        board.push_usi("3c3d")
        board.pop()
        board.pop()
        assert board.divide(1)["7g7f"] == 1
        rounds += 1
    join(t)
    assert "error" not in box, box.get("error")
    assert box["result"] == 19_861_490
    assert rounds > 0, "perft finished before the board was used"
    assert board.sfen() == start and board.move_stack == []


def test_divide_leaves_board_usable():
    board = sv.Board()
    t, box = run_in_thread(lambda: board.divide(5))
    used = 0
    while t.is_alive():
        for m in board.legal_moves:
            board.push(m)
            board.pop()
        used += 1
        if used > 10_000:
            break
    join(t)
    assert "error" not in box, box.get("error")
    assert sum(box["result"].values()) == 19_861_490
    assert used > 0


def new_selfplay(n=16):
    pytest.importorskip("numpy")
    return sv.SelfPlay("minishogi", num_games=n, seed=3, max_plies=60)


def test_selfplay_used_by_another_thread_raises_busy_error():
    import numpy as np

    sp = new_selfplay()
    t, box = run_in_thread(lambda: sp.run_random(200_000))
    assert wait_until_busy(lambda: sp.legal_actions(0), t)
    busy = ok = 0
    deadline = time.monotonic() + 60
    calls = [
        lambda: sp.step_random(),
        lambda: sp.step(np.array([sp.legal_actions(i)[0] for i in range(len(sp))])),
        lambda: sp.reset(),
        lambda: sp.legal_actions(0),
        lambda: sp.plies(1),
        lambda: sp.game_at(2),
        lambda: sp.games_finished(),
        lambda: sp.observations,
        lambda: sp.action_masks,
        lambda: sp.run_random(1),
    ]
    i = 0
    while t.is_alive() and time.monotonic() < deadline:
        try:
            calls[i % len(calls)]()
            ok += 1
        except sv.BusyError as e:
            # Before the fix: a bare RuntimeError ("Already borrowed").
            assert "SelfPlay" in str(e) and "run_random" in str(e)
            busy += 1
        i += 1
    join(t)
    assert "error" not in box, box.get("error")
    assert busy > 0
    # Consistent afterwards: the masks are the games' legal actions.
    masks = sp.action_masks
    for g in range(len(sp)):
        assert list(np.flatnonzero(masks[g])) == sp.legal_actions(g)
    sp.step_random()


def test_selfplay_constants_answer_while_busy():
    sp = new_selfplay()
    t, box = run_in_thread(lambda: sp.run_random(100_000))
    seen = 0
    while t.is_alive() and seen < 1000:
        assert sp.num_games == 16 and len(sp) == 16 and sp.game == "minishogi"
        assert sp.max_plies == 60 and "SelfPlay" in repr(sp)
        seen += 1
    join(t)
    assert "error" not in box, box.get("error")


def test_native_player_stays_itself_during_a_match():
    # The player under test searches a fixed position to a fixed move; in a
    # match in another thread it must never be swapped for a random player.
    board = sv.Board("8k/9/8P/9/9/9/9/9/K8 b G 1")
    player = sv.SearchPlayer(depth=2)
    expected = player.choose(board)
    assert expected.usi() == "G*1b"
    t, box = run_in_thread(
        lambda: sv.play_match("minishogi", player, sv.RandomPlayer(1), games=400, max_plies=60)
    )
    assert wait_until_busy(player.new_game, t)
    answers = busy = 0
    deadline = time.monotonic() + 60
    while t.is_alive() and time.monotonic() < deadline:
        try:
            mv = player.choose(board)
            assert mv == expected, f"{mv} is not the search's move: the player was swapped"
            answers += 1
        except sv.BusyError as e:
            assert "SearchPlayer" in str(e) and "play_match" in str(e)
            busy += 1
        time.sleep(0.001)
    join(t)
    assert "error" not in box, box.get("error")
    assert busy > 0 or answers > 0
    assert box["result"].a == "search(depth 2)"
    assert player.choose(board) == expected


def test_python_player_touching_a_seated_native_player_gets_busy_error():
    native = sv.SearchPlayer(depth=1)

    class Meddler:
        name = "meddler"

        def choose(self, view):
            native.choose(view)  # the native player is in the match: BusyError
            return next(iter(view.legal_moves))

    with pytest.raises(sv.BusyError):
        sv.play_match("minishogi", native, Meddler(), games=2, max_plies=20)
    # Released after the match.
    assert native.choose(sv.Board(variant="minishogi")) is not None


def test_one_player_in_two_matches_at_once():
    player = sv.RandomPlayer(5)
    t, box = run_in_thread(
        lambda: sv.play_match("minishogi", player, sv.RandomPlayer(1), games=3000, max_plies=80)
    )
    assert wait_until_busy(player.new_game, t)
    outcomes = []
    deadline = time.monotonic() + 60
    while t.is_alive() and time.monotonic() < deadline:
        try:
            sv.play_match("minishogi", player, sv.RandomPlayer(2), games=1, max_plies=10)
            outcomes.append("ok")
        except sv.BusyError:
            outcomes.append("busy")
    join(t)
    assert "error" not in box, box.get("error")
    assert "busy" in outcomes


def ticks_during(call):
    """How often a Python thread got to run while `call` ran in this thread."""
    count = [0]
    done = threading.Event()

    def ticker():
        while not done.is_set():
            count[0] += 1
            time.sleep(0.0005)

    t = threading.Thread(target=ticker, daemon=True)
    t.start()
    time.sleep(0.05)
    before = count[0]
    start = time.monotonic()
    call()
    elapsed = time.monotonic() - start
    after = count[0]
    done.set()
    join(t)
    return after - before, elapsed


def test_search_player_releases_the_gil():
    board = sv.Board()
    ticks, elapsed = ticks_during(lambda: sv.SearchPlayer(time_ms=400).choose(board))
    assert elapsed > 0.1, "the search was too short to tell"
    # Holding the GIL, the ticker would not run at all during the search.
    assert ticks >= 10, (ticks, elapsed)


def test_native_match_releases_the_gil():
    ticks, elapsed = ticks_during(
        lambda: sv.play_match("minishogi", sv.SearchPlayer(time_ms=20), sv.RandomPlayer(1), games=6, max_plies=40)
    )
    assert elapsed > 0.1, "the match was too short to tell"
    assert ticks >= 10, (ticks, elapsed)
