"""USEN (Shogi Playground's URL notation) against tsshogi 2.2.0 under Node
(``Record.usen`` and ``Record.newByUSEN``, ShogiHome's implementation; see
test_jkf.py for how it is installed): it reads our USEN of every corpus record
to the same start, main line and side lines, and we read its USEN of every
record to the moves and side lines we read from the file itself (a record
ending in a foul, which tsshogi writes as a move, is refused, naming it).

tsshogi gives a side line written after a line with an end that end too (its
writer never clears it) and writes a checkmate or repetition as ``p``
(interrupted), so ends are compared on the main line, and only for the ends
USEN has a letter for.
"""

import json

import pytest

import shogi_variants as sv
from test_jkf import FILES, read, tsshogi, tsshogi_ready

USEN_ENDS = {"resign": "resign", "timeout": "timeout", "jishogi": "impass", "draw": "impass", "interrupted": "interrupt"}


def test_usen_reads_back_in_python():
    for path in FILES:
        record = read(path)
        if record.foul is not None:
            with pytest.raises(sv.RecordWriteError, match="foul"):
                record.usen()
            continue
        back = sv.Record.read(record.usen())
        assert back.moves == record.moves, path
        assert sv.Record.read(record.usen(), format="usen") == back


def test_tsshogi_reads_our_usen_to_the_same_game(tmp_path):
    tsshogi_ready()
    checked = 0
    for path in FILES:
        record = read(path)
        if record.foul is not None:
            continue
        usen_file = tmp_path / "ours.usen"
        usen_file.write_text(record.usen(), encoding="utf-8")
        theirs = json.loads(tsshogi("readusen", str(usen_file)))
        assert theirs["start"].split(" ")[:3] == record.start_sfen.split(" ")[:3], path
        assert theirs["moves"] == [m.usi() for m in record.moves], path
        if record.end in USEN_ENDS:
            assert theirs["end"] == USEN_ENDS[record.end], (path, record.end, theirs["end"])
        # Every side line, with the ply of the move it replaces and its moves.
        theirs_side = sorted((b["ply"], tuple(b["moves"])) for b in theirs["branches"])
        assert theirs_side == sorted(side_lines(record)), path
        checked += 1
    assert checked >= 55


def side_lines(record):
    """(ply of the move a side line replaces, its USI moves) for every side
    line of the record's tree."""
    out = []

    def walk(node, ply):
        # node.variations: the main continuation first, then the side lines.
        for i, child in enumerate(node.variations):
            if i > 0:
                moves, n = [child.move.usi()], child
                while n.variations:
                    n = n.variations[0]
                    moves.append(n.move.usi())
                out.append((ply + 1, tuple(moves)))
            walk(child, ply + 1)

    walk(record.root, 0)
    return out


def test_we_read_tsshogis_usen_of_every_record_to_the_file_s_moves():
    tsshogi_ready()
    read_back = 0
    for path in FILES:
        record = read(path)
        text = tsshogi("usen", path).strip()
        if record.foul is not None:
            # tsshogi writes the foul as a move; USEN's moves are legal ones.
            with pytest.raises(sv.InvalidSfenError, match=record.foul.usi()):
                sv.Record.read(text, format="usen")
            continue
        theirs = sv.Record.read(text, format="usen")
        assert theirs.start_sfen.split(" ")[:3] == record.start_sfen.split(" ")[:3], path
        assert theirs.moves == record.moves, path
        assert sorted(side_lines(theirs)) == sorted(side_lines(record)), path
        read_back += 1
    assert read_back >= 55
