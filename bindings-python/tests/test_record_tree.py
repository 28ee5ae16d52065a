"""Records as trees (python-chess's GameNode style): KIF variations read,
walked, edited, written back, pickled. The Kifu for Windows file is
na2hiro/Kifu-for-JS's fork.kif (see shogi-formats/tests/data/corpus/SOURCES.md)."""

import copy
import pathlib
import pickle

import pytest

import shogi_variants as sv

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "shogi-formats/tests/data/corpus"

TEXT = """手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)
   2 ３四歩(33)   ( 0:02/00:00:02)+
*main two
&bookmark
   3 ２二角成(88) ( 0:03/00:00:04)
   4 投了         ( 0:04/00:00:06)
*the end

変化：2手
   2 ８四歩(83)   ( 0:05/00:00:05)
*side two
   3 ２六歩(27)   ( 0:06/00:00:07)
   4 詰み
"""


def usis(moves):
    return [m.usi() for m in moves]


def test_walk_the_main_line_and_a_variation():
    record = sv.Record.read(TEXT)
    root = record.root
    assert root.move is None and root.parent is None and root.ply() == 0
    assert repr(root) == "<RecordNode start, 1 variation>"
    assert usis(root.mainline_moves()) == ["7g7f", "3c3d", "8h2b+"]
    assert [n.ply() for n in root.mainline()] == [1, 2, 3]
    first = root.next()
    assert first is not None and first.move == sv.Move.from_usi("7g7f")
    assert first.is_mainline() and first.is_main_variation()
    main, side = first.variations
    assert main.comment == "main two" and main.bookmark == "bookmark"
    assert main.time == (2, 2)
    assert side.comments == ["side two"] and side.bookmark is None
    assert not side.is_mainline() and not side.is_main_variation() and side.starts_variation()
    assert side.parent == first
    assert first.variation("8c8d") == side and first.variation(1) == side
    with pytest.raises(KeyError):
        first.variation("2c2d")
    assert repr(main) == "<RecordNode ply 2 △３四歩 (3c3d), 1 variation>"
    assert repr(side) == "<RecordNode ply 2 △８四歩 (8c8d), 1 variation>"
    # The ends of both lines, with time and comment.
    last = root.end()
    assert last.ply() == 3 and last.is_end()
    assert last.end_reason == "resign" and last.end_comments == ["the end"]
    assert last.end_time == (4, 6)
    assert record.end == "resign" and record.end_time == (4, 6)
    assert record.end_comments == ["the end"]
    side_end = side.end()
    assert usis(side.mainline_moves()) == ["2g2f"]
    assert side_end.end_reason == "checkmate" and side_end.end_time is None
    assert main.end_reason is None  # moves follow it
    # The board after a node.
    assert side_end.board().sfen() == sv.Record.read(
        "   1 ７六歩(77)\n   2 ８四歩(83)\n   3 ２六歩(27)\n"
    ).board().sfen()
    assert root.board().sfen() == record.start_sfen
    assert main.board().peek() == sv.Move.from_usi("3c3d")


def test_the_end_of_a_foul_is_reachable():
    text = (
        "   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ２五歩(26)\n   4 ８五歩(84)\n"
        "   5 ２四歩(25)\n   6 同　歩(23)\n   7 同　飛(28)\n   8 ８六歩(85)\n"
        "   9 ７五歩打   ( 0:02/00:00:05)\n  10 反則負け   ( 0:01/00:00:09)\n*反則手にて終局\n"
    )
    record = sv.Record.read(text)
    assert record.end == "illegal_move"
    assert record.end_time == (1, 9)
    assert record.end_comments == ["反則手にて終局"]
    assert record.foul == sv.Move.from_usi("P*7e")


def test_edit_promote_demote_remove_and_write_back():
    record = sv.Record.read(TEXT)
    first = record.root.next()
    main, side = first.variations
    third = first.add_variation("4a3b", comment="a third\ntwo lines")
    assert third.comments == ["a third", "two lines"]
    assert usis(n.move for n in first.variations) == ["3c3d", "8c8d", "4a3b"]
    third.promote()
    assert usis(n.move for n in first.variations) == ["3c3d", "4a3b", "8c8d"]
    third.demote()
    third.demote()  # already last: stays
    assert usis(n.move for n in first.variations) == ["3c3d", "8c8d", "4a3b"]
    side.promote_to_main()
    assert usis(n.move for n in first.variations) == ["8c8d", "3c3d", "4a3b"]
    # The nodes follow their moves; the record's main line changed.
    assert side.is_mainline() and not main.is_mainline()
    assert usis(record.moves) == ["7g7f", "8c8d", "2g2f"]
    assert record.end == "checkmate"
    assert main.end().end_reason == "resign"
    # Comments and bookmarks set through nodes edit the record.
    side.comment = "now main"
    side.bookmark = "here"
    assert record.move_comments[1] == ["now main"]
    # Written back and read again: the same tree.
    again = sv.Record.read(record.kif())
    assert again == record
    assert again.root.variation("7g7f").variation("4a3b").comments == ["a third", "two lines"]
    # KI2 and CSA write the main line.
    assert sv.Record.read(record.ki2()).moves == record.moves
    assert sv.Record.read(record.csa()).moves == record.moves
    # add_main_variation puts the new move first.
    fourth = first.add_main_variation(sv.Move.from_usi("5c5d"))
    assert first.next() == fourth and usis(record.moves) == ["7g7f", "5c5d"]
    # remove_variation by node, by move, by index.
    first.remove_variation(fourth)
    first.remove_variation("4a3b")
    first.remove_variation(1)
    assert usis(n.move for n in first.variations) == ["8c8d"]
    assert repr(record).startswith("<Record 3 moves")
    with pytest.raises(KeyError):
        first.remove_variation("9c9d")
    with pytest.raises(KeyError):
        side.remove_variation(main)


def test_an_illegal_or_impossible_edit_raises_and_changes_nothing():
    record = sv.Record.read(TEXT)
    before = copy.deepcopy(record)
    first = record.root.next()
    with pytest.raises(sv.IllegalMoveError) as e:
        first.add_variation("2b3c")  # onto its own pawn
    assert e.value.reason == "own_piece_there"
    with pytest.raises(sv.InvalidMoveError):
        first.add_variation("nonsense")
    with pytest.raises(sv.ShogiError, match="already"):
        first.add_variation("3c3d")
    last = record.root.end()
    with pytest.raises(sv.SettingError):
        record.root.bookmark = "two\nlines"
    with pytest.raises(sv.SettingError):
        last.end_reason = "not-an-end"
    assert record == before
    # Taking the end away lets a move follow.
    last.end_reason = None
    assert record.end is None
    last.add_variation("3a2b")
    assert usis(record.moves) == ["7g7f", "3c3d", "8h2b+", "3a2b"]
    record.root.end().end_reason = "resign"
    assert record.end == "resign"


def test_a_removed_node_is_stale_and_says_so():
    record = sv.Record.read(TEXT)
    first = record.root.next()
    side = first.variation("8c8d")
    deeper = side.next()
    first.remove_variation(side)
    for call in (
        lambda: deeper.move,
        lambda: deeper.variations,
        lambda: deeper.board(),
        lambda: deeper.comment,
        lambda: deeper.add_variation("3c3d"),
        lambda: deeper.promote(),
        lambda: deeper.ply(),
    ):
        with pytest.raises(sv.StaleNodeError, match="no longer in the record"):
            call()
    assert issubclass(sv.StaleNodeError, sv.ShogiError)
    assert "removed" in repr(deeper)
    # The node of the same moves, added again, is live again.
    first.add_variation("8c8d")
    assert side.ply() == 2


def test_pickling_and_equality_keep_the_tree():
    record = sv.Record.read(TEXT)
    for other in (pickle.loads(pickle.dumps(record)), copy.copy(record), copy.deepcopy(record)):
        assert other == record
        assert usis(n.move for n in other.root.next().variations) == ["3c3d", "8c8d"]
        assert other.root.next().variation("8c8d").comments == ["side two"]
    # A record differing only in a side line is not equal.
    changed = copy.deepcopy(record)
    changed.root.next().variation("8c8d").comment = "other"
    assert changed != record
    # Pickles from before the tree (no bookmark/variations in the JSON) still load.
    old = sv.Record._from_json(sv.Record.read("   1 ７六歩(77)\n").__reduce__()[1][0])
    assert old.root.next().bookmark is None and old.root.next().variations == []


def test_a_kifu_for_windows_file_with_variations():
    record = sv.Record.read((CORPUS / "kifu-for-js/fork.kif").read_bytes())
    assert "7 side lines" in repr(record)
    ends = []

    def walk(node):
        if node.is_end():
            ends.append(node.end_reason)
        for child in node.variations:
            walk(child)

    walk(record.root)
    assert ends == [
        "resign",
        "interrupted",
        "jishogi",
        "timeout",
        "illegal_move_win",
        "repetition",
        "checkmate",
        "no_mate",
    ]
    assert sv.Record.read(record.kif()) == record
    # Nodes hash and compare by record and moves.
    a = record.root.variation("7g7f")
    assert a == record.root.next() and hash(a) == hash(record.root.next())
    assert a.record is record


def test_nesting_is_bounded_and_a_deep_tree_still_pickles():
    import random

    rng = random.Random(16)
    record = sv.Record.read("   1 ７六歩(77)\n")
    node = record.root
    depth = 0
    while True:
        board = node.board()
        taken = {n.move for n in node.variations}
        moves = [m for m in board.legal_moves if m not in taken]
        rng.shuffle(moves)
        if not node.variations:
            node.add_variation(moves.pop(0))
        try:
            node = node.add_variation(moves[0])
        except sv.ShogiError as e:
            assert "nest more than" in str(e)
            break
        depth += 1
    assert depth == 30
    back = pickle.loads(pickle.dumps(record))
    assert back == record
    assert sv.Record.read(record.kif()) == record


def test_the_readme_records_example_runs():
    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Records as trees", 1)[1].split("\n## ", 1)[0]
    (block,) = __import__("re").findall(r"```python\n(.*?)```", section, __import__("re").S)
    scope: dict = {}
    exec(compile(block, "bindings-python/README.md", "exec"), scope)
    record = scope["record"]
    assert [m.usi() for m in record.moves] == ["7g7f", "4a3b"]
    assert record.root.next().variation("8c8d").comment == "the quieter move"


# A commentary's "投了図以下": side lines played instead of the main line's
# end, one of them ending too with a block after its own end.
AFTER_THE_END = """手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 投了
*投了図以下

変化：3手
   3 ２六歩(27)
   4 ８四歩(83)
   5 投了

変化：5手
   5 ２五歩(26)

変化：3手
   3 ６六歩(67)
"""


def test_side_lines_after_an_end_are_walked():
    record = sv.Record.read(AFTER_THE_END)
    assert usis(record.moves) == ["7g7f", "3c3d"] and record.end == "resign"
    last = record.root.end()
    assert last.ply() == 2 and last.end_reason == "resign"
    assert last.end_comments == ["投了図以下"]
    # The end is the main continuation: next() is None, the side lines are
    # variations, none of them main.
    assert last.next() is None and last.is_end()
    sides = last.variations
    assert usis(n.move for n in sides) == ["2g2f", "6g6f"]
    assert all(not n.is_main_variation() and n.starts_variation() for n in sides)
    assert not sides[0].is_mainline()
    assert repr(last) == "<RecordNode ply 2 △３四歩 (3c3d), resign, 2 variations instead>"
    # Nested: the first side line ends, and goes on after its end.
    side_end = sides[0].end()
    assert side_end.ply() == 4 and side_end.end_reason == "resign"
    (after,) = side_end.variations
    assert after.move.usi() == "2f2e" and after.parent == side_end
    # Its board replays the moves that lead to it.
    board = record.root.board()
    for usi in ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"]:
        board.push_usi(usi)
    assert after.board().sfen() == board.sfen()
    assert usis(after.board().move_stack) == usis(board.move_stack)
    # Written back and read again: the same tree.
    assert "変化：3手" in record.kif()
    assert sv.Record.read(record.kif()) == record
    assert pickle.loads(pickle.dumps(record)) == record
    assert "3 side lines" in repr(record)


def test_side_lines_after_an_end_are_edited():
    record = sv.Record.read("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n")
    last = record.root.end()
    # Adding after the end makes a side line played instead of it: the end stays.
    a = last.add_variation("2g2f", comment="instead of resigning")
    b = last.add_variation("6g6f")
    assert record.end == "resign" and usis(record.moves) == ["7g7f", "3c3d"]
    assert last.variations == [a, b] and last.next() is None
    assert not a.is_main_variation() and a.comment == "instead of resigning"
    with pytest.raises(sv.ShogiError, match="already"):
        last.add_variation("6g6f")
    with pytest.raises(sv.IllegalMoveError):
        last.add_variation("6g6e")
    # Promote and demote among the side lines; promote_to_main puts it first
    # of them, the end stays main.
    b.promote()
    assert last.variations == [b, a]
    b.demote()
    assert last.variations == [a, b]
    b.promote_to_main()
    assert last.variations == [b, a] and record.end == "resign"
    c = last.add_main_variation("5g5f")
    assert last.variations == [c, b, a] and last.next() is None
    # Removed: the end stays.
    last.remove_variation(c)
    last.remove_variation("6g6f")
    assert last.variations == [a] and record.end == "resign"
    assert sv.Record.read(record.kif()) == record
    # Another end keeps the side lines; no end: the first continues the line.
    last.end_reason = "interrupted"
    assert record.end == "interrupted" and last.variations == [a]
    last.end_reason = None
    assert record.end is None and usis(record.moves) == ["7g7f", "3c3d", "2g2f"]
    assert last.next() == a and a.is_main_variation() and a.comment == "instead of resigning"


def test_a_bookmark_before_the_first_move_is_the_starts():
    text = "手数----指手---------消費時間--\n&開始局面\n   1 ７六歩(77)\n   2 投了\n\n変化：1手\n&also the start\n   1 ２六歩(27)\n"
    with pytest.raises(sv.ShogiError, match="second bookmark"):
        sv.Record.read(text)
    record = sv.Record.read(text.replace("&also the start", "&開始局面"))
    assert record.root.bookmark == "開始局面"
    assert "&開始局面" in record.kif() and sv.Record.read(record.kif()) == record
    record.root.bookmark = None
    assert "&" not in record.kif()
    record.root.bookmark = "start"
    assert pickle.loads(pickle.dumps(record)).root.bookmark == "start"
