"""The Python examples of README.md and of the docs/ pages run as written (as
the Rust blocks do as doctests). A block is found by a text only it holds, on
whichever page it stands, so a block can move between pages freely."""

import pathlib
import re

import pytest

import shogi_variants as sv

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# (page, block) for every ```python block of every page.
BLOCKS = [
    (page, block)
    for page in PAGES
    for block in re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
]


def run(block: str) -> dict:
    (page,) = {p for p, b in BLOCKS if b == block}
    scope: dict = {}
    exec(compile(block, str(page), "exec"), scope)
    return scope


def block_with(text: str) -> str:
    (block,) = [b for _, b in BLOCKS if text in b]
    return block


def test_readme_has_its_python_examples():
    assert len(BLOCKS) == 9, (
        "README.md's tour; docs/python.md's tour; docs/mate-search.md's; docs/variants.md's "
        "defined and scripted variants and the family; docs/research.md's research and datasets; "
        "docs/players-and-usi.md's table under house rules"
    )


def test_readme_family_example_runs():
    scope = run(block_with('sv.new_game("dobutsu")'))
    g = scope["g"]
    assert type(g) is sv.FamilyGame and g.history() == ["2c2b", "2a2b"]
    assert scope["move"].usi() in g.legal_moves


def test_readme_defined_variant_example_runs():
    scope = run(block_with('variant="defined"'))
    assert (scope["judkins"].files, scope["judkins"].ranks) == (6, 6)
    mine = scope["mine"]
    assert mine.variant == "minishogi-nodrops"
    assert not any(m.is_drop for m in mine.legal_moves)
    assert scope["same"].settings == mine.settings


def test_readme_scripted_variant_example_runs():
    scope = run(block_with("register_variant"))
    board = scope["board"]
    assert board.variant == "nodrops-check" and (board.files, board.ranks) == (5, 5)
    assert len(scope["result"].games) == 2
    assert all(reason in {"first_check", "checkmate", "max_plies", "repetition", "no_legal_move"}
               for _, _, reason, _ in scope["result"].games)


def test_readme_mate_search_example_runs():
    scope = run(block_with("problem_from_sfen"))
    report = scope["report"]
    assert isinstance(report, sv.MateReport) and report.plies == 3
    assert [m.usi() for m in report.moves] == ["1f5b+", "4a5b", "S*4b"]


def test_readme_python_tour_runs():
    scope = run(block_with("tsuitate ="))
    board = scope["board"]
    assert board.perft(1) == len(board.legal_moves)
    assert isinstance(scope["tsuitate"], sv.TsuitateGame)


def test_readme_research_example_runs():
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    scope = run(block_with("batch"))
    batch = scope["batch"]
    assert scope["obs"].shape == (8, 48, 5, 5)
    assert scope["rewards"].shape == (8, 2)
    assert all(batch.plies(i) == 1 for i in range(8))
    assert scope["aec"].agent_selection == "black"


def test_readme_dataset_example_runs():
    ray = pytest.importorskip("ray")
    import os
    import shutil

    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    try:
        scope = run(block_with("distributed.generate"))
        assert scope["kif"].startswith("#KIF")
        assert scope["summary"].games == 64 and scope["summary"].worker_failures == 0
        data = scope["data"]
        assert data["masks"].shape == (len(data["actions"]), scope["games"].num_actions)
        assert sorted(set(data["games"].tolist())) == list(range(64))
        shutil.rmtree(scope["out"])
    finally:
        ray.shutdown()
