"""Huge inputs (issue 15): every reader and constructor that takes text
refuses a 10 MB input with a ShogiError whose message quotes only an excerpt
of it (under ~1 KB), and does so quickly."""

import json
import time

import pytest

import shogi_variants as sv

BIG = 10_000_000
MESSAGE_LIMIT = 1000
SECONDS = 5.0
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def big(char="x"):
    return char * BIG


def saved(game="standard", **fields):
    doc = {
        "format": "shogi-variants/game",
        "version": 1,
        "game": game,
        "settings": {},
        "start": START,
        "moves": [],
    }
    doc.update(fields)
    return json.dumps(doc)


def record_text(fmt, move):
    if fmt == "csa":
        return f"V2.2\nPI\n+\n{move}\n"
    if fmt == "kif":
        return f"手合割：平手\n手数----指手---------消費時間--\n   1 {move}\n"
    return f"手合割：平手\n\n▲{move}\n"


def card_sfen():
    return sv.CardGame().sfen()


CASES = {
    "Board(sfen) board field": lambda: sv.Board(big("p") + " b - 1"),
    "Board(sfen) side": lambda: sv.Board(START.replace(" b ", " " + big("q") + " ")),
    "Board(sfen) hands": lambda: sv.Board(START.replace(" - ", " " + big("2") + "P ")),
    "Board(sfen) move number": lambda: sv.Board(START[:-1] + big("9")),
    "Board(sfen) weird char": lambda: sv.Board(big("?")),
    "Board(startpos moves)": lambda: sv.Board("startpos moves " + big("7")),
    "Board.push_usi": lambda: sv.Board().push_usi(big("7")),
    "Board.push": lambda: sv.Board().push(big("7")),
    "Board.parse_japanese": lambda: sv.Board().parse_japanese(big("七")),
    "Board.parse_western": lambda: sv.Board().parse_western(big("P")),
    "Move.from_usi": lambda: sv.Move.from_usi(big("7")),
    "Move.drop piece": lambda: sv.Move.drop(big("P"), "5e"),
    "Move(from_square)": lambda: sv.Move(big("7"), "7f"),
    "parse_square": lambda: sv.parse_square(big("7")),
    "Record.read kif move": lambda: sv.Record.read(record_text("kif", big("７")), "kif"),
    "Record.read kif line": lambda: sv.Record.read(big("歩"), "kif"),
    "Record.read ki2 move": lambda: sv.Record.read(record_text("ki2", big("７")), "ki2"),
    "Record.read ki2 line": lambda: sv.Record.read("手合割：平手\n\n" + big("歩"), "ki2"),
    "Record.read csa move": lambda: sv.Record.read(record_text("csa", "+" + big("7")), "csa"),
    "Record.read csa line": lambda: sv.Record.read("V2.2\nPI\n+\n" + big("Q") + "\n", "csa"),
    "Record.read csa bytes": lambda: sv.Record.read(("V2.2\nPI\n+\n" + big("Q")).encode(), "csa"),
    "Record.read guessed": lambda: sv.Record.read(big("?")),
    "Record.read format name": lambda: sv.Record.read("", big("k")),
    "Board.record end": lambda: sv.Board().record(end=big("e")),
    "load not json": lambda: sv.load(big("{")),
    "load move": lambda: sv.load(saved(moves=[big("7")])),
    "load start": lambda: sv.load(saved(start=big("p"))),
    "load format": lambda: sv.load(saved(format=big("f"))),
    "load version": lambda: sv.load(saved(version=big("1"))),
    "load game": lambda: sv.load(saved(game=big("g"))),
    "load ended": lambda: sv.load(saved(ended=big("e"))),
    "load setting value": lambda: sv.load(saved(settings={"impasse": big("b")})),
    "load setting key": lambda: sv.load(saved(settings={big("k"): 1})),
    "load moves type": lambda: sv.load(saved(moves=big("m"))),
    "load card generator": lambda: sv.load(
        saved("card", seed=1, turns=[], generator_position=big("9"))
    ),
    "load card card": lambda: sv.load(
        saved("card", start=card_sfen(), seed=1, turns=[{"cards": [big("1")]}],
              generator_position="0")
    ),
    "load tsuitate attempt": lambda: sv.load(saved("tsuitate", attempts=[big("7")])),
    "CardGame(sfen)": lambda: sv.CardGame(big("p") + " b - 1"),
    "CardGame.push_usi": lambda: sv.CardGame().push_usi(big("7")),
    "TsuitateGame(sfen)": lambda: sv.TsuitateGame(big("p") + " b - 1"),
    "TsuitateGame(sfen) side": lambda: sv.TsuitateGame(START.replace(" b ", " " + big("q") + " ")),
    "TsuitateGame.push_usi": lambda: sv.TsuitateGame().push_usi(big("7")),
    "TsuitateGame base": lambda: sv.TsuitateGame(base=big("b")),
    "load tsuitate base": lambda: sv.load(saved("tsuitate", attempts=[], settings={"base": big("b")})),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_10_mb_input_gives_a_short_message_quickly(name):
    began = time.monotonic()
    with pytest.raises(sv.ShogiError) as caught:
        CASES[name]()
    elapsed = time.monotonic() - began
    message = str(caught.value)
    assert len(message) < MESSAGE_LIMIT, (name, len(message), message[:200])
    assert message, name
    assert elapsed < SECONDS, (name, elapsed)


def test_the_excerpt_says_how_long_the_input_was():
    with pytest.raises(sv.InvalidMoveError) as caught:
        sv.Move.from_usi(big("7"))
    assert f"({BIG} bytes)" in str(caught.value)
    with pytest.raises(sv.InvalidSfenError) as caught:
        sv.Board(START.replace(" b ", " " + big("q") + " "))
    assert f"({BIG} bytes)" in str(caught.value)


# A child that limits its own address space after its imports, then asks for
# tensors far too big: it must raise (ShogiError or MemoryError) and live on.
TENSOR_CHILD = r"""
import resource
import numpy
import shogi_variants as sv

with open("/proc/self/status") as status:
    size_kb = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
limit = size_kb * 1024 + 400 * 2**20
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

def ask(view, capacity):
    try:
        view.information_state_tensor(capacity)
        return "ok"
    except MemoryError:
        return "memory"
    except sv.ShogiError as e:
        return "shogi: " + str(e)

bounded = sv.TsuitateGame().seen(sv.BLACK)
unbounded = sv.TsuitateGame(move_limit=None).seen(sv.BLACK)
print(ask(bounded, 2 * 10**8))
print(ask(unbounded, 2 * 10**8))
print(ask(unbounded, 26_000_000))
print(ask(bounded, None))
print("alive")
"""


def test_a_huge_information_state_tensor_raises_and_never_aborts():
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", TENSOR_CHILD], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    lines = done.stdout.splitlines()
    assert lines[-1] == "alive"
    bounded, unbounded, big, default = lines[:4]
    # With a move limit the natural size is known: more rows are refused.
    assert bounded.startswith("shogi: capacity 200000000 is more than any game"), bounded
    assert "845 announcement rows" in bounded
    # Without one, past 2**28 numbers is refused before allocating...
    assert unbounded.startswith("shogi: capacity 200000000 is too large"), unbounded
    # ... and below it, what the memory limit does not allow is a MemoryError.
    assert big == "memory", big
    assert default == "ok"
