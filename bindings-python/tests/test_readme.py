"""The README's Python example runs as written (as the Rust blocks do as doctests)."""

import pathlib
import re

import shogi_variants as sv

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_block_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "the README has a Python example"
    for block in blocks:
        scope: dict = {}
        exec(compile(block, str(README), "exec"), scope)
        board = scope["board"]
        assert board.perft(1) == len(board.legal_moves)
        assert isinstance(scope["tsuitate"], sv.TsuitateGame)
