"""The Python examples run to completion (the tour quickly, the benchmark in
its --quick smoke-test mode)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from conftest import REPO

EXAMPLES = os.path.join(REPO, "examples", "python")


def run(script, *args, env=None, timeout=60):
    return subprocess.run(
        [sys.executable, os.path.join(EXAMPLES, script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
    )


def test_tour_runs_quickly(tmp_path):
    t = time.perf_counter()
    r = run("tour.py", env={"SHOGI_TOUR_OUT": str(tmp_path)})
    elapsed = time.perf_counter() - t
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert elapsed < 10, elapsed
    svgs = sorted(p.name for p in tmp_path.iterdir())
    assert len(svgs) >= 6, svgs
    for p in tmp_path.iterdir():
        assert "<svg" in p.read_text(encoding="utf-8")
    assert "tour done" in r.stdout


def test_bench_quick_mode():
    pytest.importorskip("cshogi")
    r = run("bench_python.py", "--quick")
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "native Board.perft(3)" in r.stdout
    assert "25,470" in r.stdout


def test_openspiel_mcts_example_plays_a_game():
    pytest.importorskip("pyspiel")
    r = run("openspiel_mcts.py", "--quick")
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "game 1: MCTS as Black:" in r.stdout
    assert "MCTS (8 simulations) vs random: " in r.stdout


def test_research_bench_quick_mode():
    pytest.importorskip("pyspiel")
    r = run("bench_research.py", "--quick")
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "SelfPlay" in r.stdout and "OpenSpiel" in r.stdout


def test_scripted_bench_runs():
    r = run("bench_scripted.py", "--games", "3", "--repeat", "1")
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "no drops, Python filter" in r.stdout and "hook cost" in r.stdout


def test_distributed_bench_quick_mode():
    pytest.importorskip("ray")
    r = run("bench_distributed.py", "--quick", env={"RAY_AUTH_MODE": "disabled"}, timeout=180)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "generate on Ray, 2 workers" in r.stdout
    assert "scaling efficiency, 2 workers over 1:" in r.stdout


def test_play_bench_runs_briefly():
    pytest.importorskip("aiohttp")
    r = run("bench_play.py", "--games", "4", "--cpu-tables", "2", "--seconds", "4", timeout=120)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "move -> opponent update" in r.stdout
    assert "problems: none" in r.stdout


def test_learning_example_quick_mode(tmp_path):
    # PyTorch is not among the test requirements (5 GB): this runs where
    # examples/python/requirements-learn.txt is installed.
    pytest.importorskip("torch")
    pytest.importorskip("matplotlib")
    pytest.importorskip("ray")
    png = tmp_path / "learn.png"
    r = run("learn_minishogi.py", "--quick", "--png", str(png), env={"RAY_AUTH_MODE": "disabled"}, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert "iteration 1:" in r.stdout and "score" in r.stdout
    assert png.read_bytes().startswith(b"\x89PNG")
