"""Ctrl-C: every long native call notices a pending signal regularly (about
every 50 ms), stops and raises ``KeyboardInterrupt``, leaving its object
usable. A timer thread calls ``_thread.interrupt_main()`` (what Ctrl-C does)
while the call runs in the main thread; ``faulthandler`` ends a hung run."""

import _thread
import faulthandler
import threading
import time

import pytest

import shogi_variants as sv

#: Seconds after which an interrupted call counts as having ignored Ctrl-C.
PROMPT = 5.0


@pytest.fixture(autouse=True)
def hang_guard():
    faulthandler.dump_traceback_later(60, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def interrupted(call, after=0.2):
    """Runs `call` with Ctrl-C arriving `after` seconds in; returns the seconds it took to stop."""
    timer = threading.Timer(after, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
        timer.join(10)
    elapsed = time.monotonic() - start
    assert elapsed < after + PROMPT, f"Ctrl-C took {elapsed:.1f} s to be noticed"
    return elapsed


def test_perft_any_depth():
    board = sv.Board()
    board.push_usi("7g7f")
    expected = board.perft(3)
    interrupted(lambda: board.perft(20))
    interrupted(lambda: board.perft(20, bulk=False))
    assert board.perft(3) == expected and [m.usi() for m in board.move_stack] == ["7g7f"]
    assert len(board.legal_moves) == 30


def test_divide():
    board = sv.Board(variant="minishogi")
    interrupted(lambda: board.divide(12))
    assert sum(board.divide(2).values()) == 181


def test_deep_search():
    board = sv.Board()
    player = sv.SearchPlayer(depth=60)
    interrupted(lambda: player.choose(board))
    # Usable afterwards: a fresh budget-limited search on the same board.
    assert sv.SearchPlayer(depth=1).choose(board) in board.legal_moves
    player.new_game()


def test_selfplay_run_random():
    np = pytest.importorskip("numpy")
    sp = sv.SelfPlay("minishogi", num_games=8, seed=1, max_plies=50)
    interrupted(lambda: sp.run_random(10**9))
    # Left after a whole step: masks agree with the games.
    for g in range(len(sp)):
        assert list(np.flatnonzero(sp.action_masks[g])) == sp.legal_actions(g)
    sp.step_random()
    before = sum(sp.games_finished())
    finished = sp.run_random(3)
    # It reports the games it finished, and the batch counts the same.
    assert finished == sum(sp.games_finished()) - before


def test_native_match():
    a, b = sv.SearchPlayer(nodes=2000), sv.RandomPlayer(1)
    interrupted(lambda: sv.play_match("minishogi", a, b, games=10**6, max_plies=100))
    # Both players are free again.
    assert a.choose(sv.Board(variant="minishogi")) is not None
    result = sv.play_match("minishogi", a, b, games=2, max_plies=20)
    assert result.wins + result.draws + result.losses == 2


def test_match_with_a_deep_native_search():
    # One move of a depth-60 search would never end: the search itself checks.
    a, b = sv.SearchPlayer(depth=60), sv.RandomPlayer(1)
    interrupted(lambda: sv.play_match("standard", a, b, games=2))


class Sleeper:
    """A Python player that is slow in Python code (Ctrl-C lands inside it)."""

    name = "sleeper"

    def __init__(self):
        self.calls = 0

    def choose(self, view):
        self.calls += 1
        time.sleep(0.05)
        return next(iter(view.legal_moves))


def test_match_with_a_python_player_stops_at_once():
    # Before: the KeyboardInterrupt was taken as a forfeit and the match went
    # on through every game, raising only at the end.
    sleeper = Sleeper()
    elapsed = interrupted(lambda: sv.play_match("minishogi", sleeper, sv.RandomPlayer(2), games=10**5, max_plies=100))
    assert elapsed < 2
    calls = sleeper.calls
    time.sleep(0.2)
    assert sleeper.calls == calls


def test_python_player_raising_keyboard_interrupt_ends_the_match():
    class Quitter:
        calls = 0

        def choose(self, view):
            Quitter.calls += 1
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        sv.play_match("minishogi", Quitter(), sv.RandomPlayer(2), games=1000, max_plies=100)
    assert Quitter.calls == 1

    class Exiter:
        def choose(self, view):
            raise SystemExit(3)

    with pytest.raises(SystemExit):
        sv.play_match("minishogi", sv.RandomPlayer(2), Exiter(), games=1000, max_plies=100)

    # Ordinary exceptions stay forfeits, the first raised after the match.
    class Broken:
        calls = 0

        def choose(self, view):
            Broken.calls += 1
            raise ZeroDivisionError("oops")

    with pytest.raises(ZeroDivisionError):
        sv.play_match("minishogi", Broken(), sv.RandomPlayer(2), games=4, max_plies=100)
    assert Broken.calls == 4  # every game was played (each a forfeit)
