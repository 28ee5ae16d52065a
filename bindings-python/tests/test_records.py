"""Game records (KIF, KI2, CSA) and move notations from Python: round trips,
and cross-checks with independent readers and writers (cshogi, python-shogi)."""

from __future__ import annotations

import os
import random
import re
import tempfile

import pytest

import shogi_variants as sv

cshogi = pytest.importorskip("cshogi")
import cshogi.CSA  # noqa: E402
import cshogi.KI2  # noqa: E402
import cshogi.KIF  # noqa: E402

ENDS = ["resign", "interrupted", "timeout", None]


def random_game(rng: random.Random, variant: str = "standard", plies: int = 120) -> sv.Board:
    board = sv.Board(variant=variant)
    for _ in range(rng.randrange(1, plies)):
        moves = list(board.legal_moves)
        if not moves:
            break
        captures = [m for m in moves if m.from_square is not None and board.piece_at(m.to_square)]
        board.push(rng.choice(captures if captures and rng.random() < 0.4 else moves))
    return board


def usi(moves):
    return [m.usi() for m in moves]


@pytest.mark.parametrize("fmt", ["kif", "ki2", "csa"])
def test_round_trip_through_every_format(fmt):
    rng = random.Random(fmt)
    for i in range(60):
        variant = "minishogi" if fmt != "csa" and i % 3 == 0 else "standard"
        board = random_game(rng, variant)
        end = None if board.is_game_over() else rng.choice(ENDS)
        times = [rng.randrange(0, 100) for _ in board.move_stack]
        record = board.record(times=times, end=end, black="先手さん", white="Gote", event="test")
        text = getattr(record, fmt)()
        back = sv.Record.read(text)  # the format is detected
        assert usi(back.moves) == usi(board.move_stack), text
        assert back.header("black") == "先手さん" and back.header("white") == "Gote"
        if fmt != "ki2":  # KI2 keeps no times
            assert [t[0] if t else None for t in back.times] == times
        if end is not None and not (fmt == "ki2" and end == "interrupted"):
            assert back.end == end
        replayed = back.board()
        assert replayed.sfen() == board.sfen()
        assert replayed.variant == variant


def test_our_kif_and_csa_read_by_cshogi():
    rng = random.Random(1)
    for _ in range(80):
        board = random_game(rng)
        record = board.record(black="A", white="B", end="resign" if not board.is_game_over() else None)
        kif = cshogi.KIF.Parser.parse_str(record.kif())
        assert [cshogi.move_to_usi(m) for m in kif.moves] == usi(board.move_stack)
        assert kif.names == ["A", "B"]
        csa = cshogi.CSA.Parser.parse_str(record.csa())[0]
        assert [cshogi.move_to_usi(m) for m in csa.moves] == usi(board.move_stack)


def test_a_declined_promotion_is_written_as_kifu_for_windows_writes_it():
    board = sv.Board()
    for m in ["7g7f", "3c3d", "8h2b"]:  # the bishop enters the zone and declines to promote
        board.push_usi(m)
    kif = board.record().kif()
    assert "   3 ２二角(88)\n" in kif and "不成" not in kif
    assert usi(sv.Record.read(kif).moves) == ["7g7f", "3c3d", "8h2b"]
    # cshogi's KIF reader knows no 不成: it reads our KIF whole.
    assert [cshogi.move_to_usi(m) for m in cshogi.KIF.Parser.parse_str(kif).moves] == ["7g7f", "3c3d", "8h2b"]
    # Our reader keeps accepting the other spelling; KI2 needs the word.
    assert sv.Record.read(kif.replace("２二角(88)", "２二角不成(88)")) == sv.Record.read(kif)
    assert "▲２二角不成" in board.record().ki2()


def test_our_kif_read_by_python_shogi():
    shogi_kif = pytest.importorskip("shogi.KIF")
    rng = random.Random(2)
    for _ in range(40):
        board = random_game(rng, plies=80)
        parsed = shogi_kif.Parser.parse_str(board.record(black="A", white="B").kif())[0]
        assert parsed["moves"] == usi(board.move_stack)
        assert parsed["names"] == ["A", "B"]


def cshogi_random_game(rng: random.Random):
    b = cshogi.Board()
    moves = []
    for _ in range(rng.randrange(1, 150)):
        legal = list(b.legal_moves)
        if not legal or b.is_game_over():
            break
        m = rng.choice(legal)
        moves.append(m)
        b.push(m)
    return moves


# cshogi's exporters' ends: (KIF reason, CSA word, what we read).
CSHOGI_ENDS = [
    ("resign", "%TORYO", "resign"),
    ("win", "%KACHI", "impasse_declaration"),  # KIF 入玉宣言
    ("draw", "%JISHOGI", "jishogi"),
    ("sennichite", "%SENNICHITE", "repetition"),
]


def test_cshogi_kif_and_csa_read_by_us():
    rng = random.Random(3)
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(80):
            kif_end, csa_end, our_end = CSHOGI_ENDS[i % len(CSHOGI_ENDS)]
            moves = cshogi_random_game(rng)
            kif_path = os.path.join(tmp, f"{i}.kif")
            kif = cshogi.KIF.Exporter(kif_path)
            kif.header(["Sente", "Gote"])
            for n, m in enumerate(moves):
                kif.move(m, sec=n % 7, sec_sum=n)
            kif.end(kif_end)
            kif.close()
            csa_path = os.path.join(tmp, f"{i}.csa")
            csa = cshogi.CSA.Exporter(csa_path)
            csa.info(names=["Sente", "Gote"])
            for n, m in enumerate(moves):
                csa.move(m, time=n % 7)
            csa.endgame(csa_end)
            csa.close()
            expected = [cshogi.move_to_usi(m) for m in moves]
            for path in (kif_path, csa_path):
                # cshogi writes KIF in Shift_JIS, as Kifu for Windows does: read the bytes.
                with open(path, "rb") as f:
                    record = sv.Record.read(f.read())
                assert usi(record.moves) == expected, path
                assert record.header("black") == "Sente"
                assert record.end == our_end, (path, kif_end)
            with open(kif_path, "rb") as f:
                assert [t[0] for t in sv.Record.read(f.read()).times] == [n % 7 for n in range(len(moves))]


def test_japanese_and_western_notation():
    board = sv.Board()
    assert board.japanese("7g7f") == "▲７六歩"
    assert board.western("7g7f") == "P-7f"
    board.push_usi("7g7f")
    board.push_usi("3c3d")
    assert board.japanese("8h2b+") == "▲２二角成"
    assert board.western("8h2b+") == "Bx2b+"
    board.push_usi("8h2b+")
    assert board.japanese("3a2b") == "△同　銀"
    assert board.parse_japanese("△同銀") == sv.Move.from_usi("3a2b")
    assert board.parse_western("Sx2b") == sv.Move.from_usi("3a2b")
    # Two golds can reach 5h: the word says which.
    golds = sv.Board("4k4/9/9/9/9/9/9/9/3GKG3 b - 1")
    assert golds.japanese("6i5h") == "▲５八金左"
    assert golds.japanese("4i5h") == "▲５八金右"
    assert golds.western("6i5h") == "G6i-5h"
    for bad in ["", "▲７六", "P-7e", "xyz"]:
        with pytest.raises(sv.InvalidMoveError):
            sv.Board().parse_japanese(bad) if not bad.startswith("P") else sv.Board().parse_western(bad)
    with pytest.raises(sv.IllegalMoveError):
        sv.Board().japanese("7g7e")


def test_every_legal_move_round_trips_through_both_notations():
    rng = random.Random(4)
    for _ in range(30):
        board = random_game(rng, rng.choice(["standard", "minishogi"]), plies=60)
        for m in board.legal_moves:
            assert board.parse_japanese(board.japanese(m)) == m
            assert board.parse_western(board.western(m)) == m


def test_malformed_records_name_the_line():
    good = sv.Board().record().kif().splitlines()
    text = "\n".join(good + ["   1 ７六歩(77)", "   2 ７六歩(77)"])
    # The second ７六歩 is on line len(good) + 2 and is illegal there.
    with pytest.raises(sv.InvalidSfenError, match=f"line {len(good) + 2}:") as e:
        sv.Record.read(text, format="kif")
    assert isinstance(e.value, ValueError)
    with pytest.raises(sv.InvalidSfenError, match="line 4:"):
        sv.Record.read("V2.2\nPI\n+\n+7775FU\n", format="csa")
    with pytest.raises(sv.SettingError):
        sv.Record.read("", format="pgn")
    with pytest.raises(sv.RecordWriteError) as e:
        sv.Board(variant="minishogi").record().csa()
    assert isinstance(e.value, sv.ShogiError) and isinstance(e.value, ValueError)


def test_record_object():
    board = sv.Board()
    board.push_usi("7g7f")
    record = board.record(times=[3], event="E")
    assert len(record) == 1 and record.moves == [sv.Move.from_usi("7g7f")]
    assert record.start_sfen == sv.Board().sfen()
    assert ("event", "E") in record.headers
    assert record.times == [(3, 3)]
    assert record.move_comments == [[]] and record.comments == [] and record.end is None
    assert sv.Record.read(record.kif()) == sv.Record.read(record.kif())
    assert "1 move from" in repr(record)


def test_writers_take_any_header_value():
    # ShogiHome writes CSA with `$START_TIME: 13:28:35`.
    record = sv.Record.read("V2.2\n$START_TIME: 13:28:35\nPI\n+\n+2726FU\nT0\n%TORYO\n")
    assert record.header("start_time") == " 13:28:35"
    for fmt in ("kif", "ki2", "csa"):
        text = getattr(record, fmt)()
        back = sv.Record.read(text)
        assert usi(back.moves) == ["2g2f"] and back.end == "resign", fmt
        assert back.header("start_time").strip() == "13:28:35", fmt


def test_csa_star_comments_are_kif_comments():
    record = sv.Record.read("V2.2\n'Max_Moves:256\nPI\n+\n+7776FU\n'*a comment\n%TORYO\n'*after the end\n")
    assert record.move_comments == [["a comment"]] and record.remarks == ["Max_Moves:256"]
    assert record.end_comments == ["after the end"]
    assert sv.Record.read(record.kif()).end_comments == ["after the end"]
    kif = record.kif()
    assert "\n*a comment\n" in kif and "**a comment" not in kif
    assert sv.Record.read(kif).csa().count("'*a comment\n") == 1


def test_a_ki2_that_speaks_of_te_su_is_read_as_ki2():
    text = "先手：A\n後手：B\n*手数の少ない将棋\n▲７六歩    △３四歩\nまで2手で後手の勝ち\n"
    record = sv.Record.read(text)
    assert usi(record.moves) == ["7g7f", "3c3d"] and record.end == "resign"


def test_euc_jp_csa_is_read_from_bytes():
    text = "V2.2\nN+山田\nN-ぐぷす\nPI\n+\n+7776FU\n'*歩を突く\n%TORYO\n"
    for encoding in ("euc_jp", "cp932", "utf-8"):
        record = sv.Record.read(text.encode(encoding))
        assert record.header("black") == "山田" and record.header("white") == "ぐぷす", encoding
        assert record.move_comments == [["歩を突く"]], encoding
    with pytest.raises(sv.InvalidSfenError):
        sv.Record.read(b"\xff\xfe\xfa")


def test_a_foul_is_kept_and_marked():
    moves = "+2726FU\n-8384FU\n+2625FU\n-8485FU\n+2524FU\n-2324FU\n+2824HI\n-8586FU\n"
    record = sv.Record.read(f"V2.2\nPI\n+\n{moves}+0075FU\n%+ILLEGAL_ACTION\n")
    assert len(record.moves) == 8 and record.end == "illegal_move"
    assert record.foul == sv.Move.from_usi("P*7e")
    kif = record.kif()
    assert "   9 ７五歩打\n  10 反則勝ち\nまで9手で後手の反則勝ち\n" in kif
    # cshogi reads the illegal move and the foul's winner from our KIF and CSA.
    parsed = cshogi.KIF.Parser.parse_str(kif)
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == usi(record.moves) + ["P*7e"]
    assert parsed.win == cshogi.WHITE_WIN
    # cshogi's CSA reader checks moves: it reads the foul as 0, and the winner.
    csa = cshogi.Parser.parse_str(record.csa())[0]
    assert [cshogi.move_to_usi(m) for m in csa.moves if m] == usi(record.moves)
    assert csa.win == cshogi.WHITE_WIN


def test_a_guis_illegal_last_move_is_kept_with_its_time_comments_and_loser():
    """Shogi Club 24 ends a game lost by 王手放置 with the illegal move, then
    反則勝ち and a comment (mog-core-scala's kif_017 in the corpus). cshogi and
    ShogiHome keep that move; so do we: beside ``moves``, which replay, as
    ``foul`` with its time, and ``end_side`` names its player, who lost."""
    corpus = os.path.join(os.path.dirname(__file__), "..", "..", "shogi-formats", "tests", "data", "corpus")
    with open(os.path.join(corpus, "mog-core-scala", "kif_017.kif"), "rb") as f:
        record = sv.Record.read(f.read())
    foul = sv.Move.from_usi("3g4e")
    assert len(record.moves) == 26 and record.end == "illegal_move"
    assert record.foul == foul and record.foul_time == (10, 60) and record.foul_comments == []
    assert record.end_comments == ["王手放置の反則"] and record.end_time is None
    assert record.end_side == sv.Color.BLACK
    board = record.board()
    assert len(board.move_stack) == 26 and not board.is_legal(foul)
    end = record.root.end()
    assert end.end_reason == "illegal_move" and end.foul == foul and end.move != foul
    # Written back: KIF with the move and 反則勝ち, CSA with %+ILLEGAL_ACTION.
    kif = record.kif()
    assert "  27 ４五桂(37)   ( 0:10/00:01:00)\n  28 反則勝ち\n*王手放置の反則\n" in kif, kif
    assert sv.Record.read(kif) == record
    assert sv.Record.read(kif.replace("反則勝ち", "反則負け")) == record
    csa = sv.Record.read(record.csa())
    # CSA's T line has no running total.
    assert (csa.foul, csa.foul_time, csa.end, csa.end_side) == (foul, (10, None), "illegal_move", sv.Color.BLACK)
    assert "\n+3745KE\nT10\n%+ILLEGAL_ACTION\n" in record.csa()
    # cshogi reads the illegal move last and White's win from our KIF.
    parsed = cshogi.KIF.Parser.parse_str(kif)
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == usi(record.moves) + ["3g4e"]
    assert parsed.win == cshogi.WHITE_WIN
    # 81Dojo ends such a game with the illegal move and a comment on it only.
    with open(os.path.join(corpus, "mog-core-scala", "kif_014.kif"), "rb") as f:
        dojo = sv.Record.read(f.read())
    assert dojo.foul == sv.Move.from_usi("B*5c") and dojo.foul_time == (24, 1233)
    assert dojo.foul_comments == ["反則手にて終局"] and dojo.end_comments == []
    assert dojo.end_side == sv.Color.BLACK and sv.Record.read(dojo.kif()) == dojo
    # A record without a foul: nothing, and the side to move after its moves.
    plain = sv.Record.read("   1 ７六歩(77)\n   2 投了\n")
    assert (plain.foul, plain.foul_time, plain.foul_comments) == (None, None, [])
    assert plain.end_side == sv.Color.WHITE and plain.root.end().foul is None


def test_a_draw_by_agreement_is_written_as_kif_and_ki2_write_it():
    """CSA's %HIKIWAKE has no word in KIF and KI2: written 持将棋 as ShogiHome
    and cshogi write it, which cshogi reads as a draw and we as jishogi."""
    record = sv.Record.read("V2.2\nPI\n+\n+7776FU\n-3334FU\n%HIKIWAKE\n")
    assert record.end == "draw"
    kif, ki2 = record.kif(), record.ki2()
    assert "   3 持将棋\nまで2手で持将棋\n" in kif and ki2.endswith("まで2手で持将棋\n")
    assert sv.Record.read(kif).end == sv.Record.read(ki2).end == "jishogi"
    assert sv.Record.read(kif).moves == record.moves
    assert cshogi.KIF.Parser.parse_str(kif).win == cshogi.DRAW


# ---------------------------------------------------------------------------
# The corpus of real records (shogi-formats/tests/data/corpus, sources in its
# SOURCES.md), against cshogi's parsers.

CORPUS = os.path.join(os.path.dirname(__file__), "..", "..", "shogi-formats", "tests", "data", "corpus")
EXTENSIONS = {".kif": "kif", ".kifu": "kif", ".ki2": "ki2", ".ki2u": "ki2", ".csa": "csa"}


def corpus_files():
    out = []
    for root, _, files in os.walk(CORPUS):
        for f in sorted(files):
            if os.path.splitext(f)[1] in EXTENSIONS:
                out.append(os.path.join(root, f))
    return sorted(out)


def text_of(path):
    data = open(path, "rb").read()
    for encoding in ("utf-8-sig", "cp932", "euc_jp"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            pass
    raise AssertionError(path)


def winner(record):
    """Who won by our reading: BLACK_WIN, WHITE_WIN, DRAW, or None."""
    if record.end is None or record.end in ("interrupted", "max_moves", "no_mate", "checkmate"):
        return None
    side = sv.Board(record.start_sfen).turn
    if len(record.moves) % 2:
        side = 1 - side
    wins = {0: cshogi.BLACK_WIN, 1: cshogi.WHITE_WIN}
    if record.end in ("repetition", "jishogi", "draw"):
        return cshogi.DRAW
    if record.end in ("illegal_move_win", "impasse_declaration", "win_by_default"):
        return wins[side]
    return wins[1 - side]


def cshogi_read(fmt, text):
    """cshogi's reading: (start SFEN, moves as USI, winner or None, comments
    per move or None), or None where cshogi 1.1.0 cannot read the text: its
    KI2 reader fails on common moves (``▲２二角成 △同銀`` raises), and its
    KIF reader knows no ``同`` without a full-width space after it nor some
    diagrams' hands (it raises)."""
    if fmt == "csa":
        p = cshogi.Parser.parse_str(text)[0]
        win = p.win if p.endgame else None
        if p.endgame in ("%CHUDAN", "%MAX_MOVES", "%TSUMI", "%FUZUMI", "%ERROR"):
            win = None
        # cshogi checks a CSA move: an illegal one reads as 0, a foul is not kept.
        moves = [cshogi.move_to_usi(m) for m in p.moves if m]
        return p.sfen, moves, win, None
    if fmt == "kif" and re.search(r"^ *[0-9]+ +同[^　]", text, re.M):
        return None
    if fmt == "ki2" and re.search("[▼▽]", text):  # it knows only ▲ and △
        return None
    parser = cshogi.KIF.Parser if fmt == "kif" else cshogi.KI2.Parser
    try:
        p = parser.parse_str(text)
    except IndexError:
        assert fmt == "ki2"
        return None
    except cshogi.KIF.ParserException:  # e.g. hands of a diagram it cannot read
        return None
    # cshogi's KI2 reader makes each comment line an entry of its own: its
    # comments are not per move.
    return p.sfen, [cshogi.move_to_usi(m) for m in p.moves], p.win, p.comments if fmt == "kif" else None


def ours(record, fmt):
    moves = usi(record.moves)
    if record.foul and fmt != "csa":
        moves.append(record.foul.usi())
    comments = ["\n".join(c[1:] if c.startswith("*") else c for c in cs) or None for cs in record.move_comments]
    return moves, winner(record), comments


def agree(path, fmt, text, record):
    """Whether cshogi reads `text` as we read `record`; False where cshogi
    cannot read it (a start it does not know: it reads no board diagram)."""
    theirs = cshogi_read(fmt, text)
    if theirs is None:
        return False
    sfen, moves, win, comments = theirs
    if sfen.split()[:3] != record.start_sfen.split()[:3]:
        return False
    our_moves, our_win, our_comments = ours(record, fmt)
    # Variations: cshogi reads no 変化 and may run on into one; the main line comes first.
    assert moves[: len(our_moves)] == our_moves, path
    if "変化" not in text:
        assert moves == our_moves, path
    # Nor does it know that a まで line after a variation (Kifu for Windows
    # writes one after every line, and so does our KIF) ends a side line.
    if win is not None and "変化" not in text:
        assert win == our_win, (path, win, our_win)
    if comments is not None and "変化" not in text:
        # cshogi gives the comments after the last move to it (ours to the end).
        n = max(len(our_moves) - 1, 0)
        padded = (comments + [None] * len(our_comments))[:n]
        assert padded == our_comments[:n], path
    return True


def check_corpus_file(path):
    """Checks one corpus file against cshogi; returns how many of its
    readings (the original, our KIF, KI2 and CSA) cshogi could make."""
    fmt = EXTENSIONS[os.path.splitext(path)[1]]
    record = sv.Record.read(open(path, "rb").read())
    assert sv.Record.read(open(path, "rb").read(), format=fmt) == record
    agreed = [agree(path, fmt, text_of(path), record)]
    # What cshogi reads from our output agrees with what we read.
    agreed.append(agree(path + " (our KIF)", "kif", record.kif(), record))
    agreed.append(agree(path + " (our KI2)", "ki2", record.ki2(), record))
    if record.start_sfen.count("/") == 8:
        agreed.append(agree(path + " (our CSA)", "csa", record.csa(), record))
    return sum(agreed), len(agreed)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: os.path.relpath(p, CORPUS))
def test_corpus_agrees_with_cshogi(path):
    check_corpus_file(path)


def test_cshogi_reads_most_of_the_corpus():
    # cshogi's gaps (no diagrams, its KI2 reader) are the exception, not the rule.
    counts = [check_corpus_file(p) for p in corpus_files()]
    agreed, tried = sum(a for a, _ in counts), sum(t for _, t in counts)
    assert len(counts) >= 36 and agreed > tried * 2 // 3, (agreed, tried)
