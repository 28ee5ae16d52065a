"""Huge requests never abort the interpreter: under a memory limit they
raise ``MemoryError`` (or a ``ShogiError``), or, where nothing is allocated
up front, simply run until stopped. Each case runs in a subprocess with
``RLIMIT_AS`` set and a ``timeout``. And the memory a ``SelfPlay`` writes
cannot be written from Python (its arrays cannot be made writeable)."""

import subprocess
import sys
import textwrap

import pytest

import shogi_variants as sv

resource = pytest.importorskip("resource")

LIMIT = """
import resource, _thread, threading
import shogi_variants as sv
soft = 2 * 2**30
resource.setrlimit(resource.RLIMIT_AS, (soft, resource.getrlimit(resource.RLIMIT_AS)[1]))
"""


def run(body, timeout=120):
    code = LIMIT + textwrap.dedent(body)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout)
    # A Rust abort ends with SIGABRT (-6) and no "ok".
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-2000:])
    assert "ok" in proc.stdout, proc.stdout + proc.stderr[-2000:]
    return proc.stdout


def test_selfplay_too_big_for_memory_raises_memory_error():
    pytest.importorskip("numpy")
    out = run("""
        import numpy
        try:
            sv.SelfPlay("standard", num_games=2**20)
        except (MemoryError, sv.ShogiError) as e:
            print("raised", type(e).__name__)
        # Without observations the arrays fit; the games themselves do not.
        try:
            sv.SelfPlay("minishogi", num_games=2**20, observations=False)
        except (MemoryError, sv.ShogiError) as e:
            print("raised", type(e).__name__, "for the games")
        # The interpreter and the module still work.
        sp = sv.SelfPlay("minishogi", num_games=4)
        sp.step_random()
        print("ok")
    """)
    assert "raised MemoryError" in out
    assert "raised MemoryError for the games" in out


def test_match_of_many_games_allocates_as_it_goes():
    # Before: 2**32 - 1 games reserved 24 bytes each up front (an abort).
    out = run("""
        threading.Timer(0.5, _thread.interrupt_main).start()
        try:
            sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), games=2**32 - 1, max_plies=10)
        except KeyboardInterrupt:
            print("interrupted")
        print(sv.play_match("minishogi", sv.RandomPlayer(1), sv.RandomPlayer(2), games=3, max_plies=10).draws >= 0 and "ok")
    """)
    assert "interrupted" in out


def test_selfplay_arrays_cannot_be_made_writeable():
    np = pytest.importorskip("numpy")
    sp = sv.SelfPlay("minishogi", num_games=4, seed=5, max_plies=30)
    arrays = [sp.observations, sp.rewards, sp.terminated, sp.truncated, sp.action_masks, sp.to_play]
    arrays += list(sp.step_random()) + list(sp.reset())
    for a in arrays:
        assert not a.flags.writeable
        for view in (a, a[:2], a.view(), a.reshape(-1)):
            # Before: the flag flipped back, and writing corrupted the next step.
            with pytest.raises(ValueError):
                view.flags.writeable = True
            with pytest.raises(ValueError):
                view[...] = 1
    # Zero copy: the arrays follow the steps.
    before = sp.observations.copy()
    obs = sp.observations
    for _ in range(3):
        sp.step_random()
    assert obs.base is not None and not np.array_equal(before, sp.observations) and np.array_equal(obs, sp.observations)
    for g in range(len(sp)):
        assert list(np.flatnonzero(sp.action_masks[g])) == sp.legal_actions(g)
