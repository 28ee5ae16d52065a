"""HCPE and PSV training data (issue 35, item 6) against cshogi, which
reads and writes both (cshogi.HuffmanCodedPosAndEval with Board.set_hcp and
move_from_move16; cshogi.PackedSfenValue with Board.set_psfen and
move16_from_psv): cshogi reads ours to the same positions, moves, results
and plies; we read cshogi's to its positions and moves; records of the
corpus agree with cshogi's own KIF reader on the result; self-play
(Episodes, SelfPlay) and the Ray datasets write them too.
"""

from __future__ import annotations

import pathlib
import random

import pytest

import shogi_variants as sv
from conftest import played

cshogi = pytest.importorskip("cshogi")
np = pytest.importorskip("numpy")

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "shogi-formats" / "tests" / "data" / "corpus"


def _board_part(sfen: str) -> str:
    """An SFEN without its move number."""
    return " ".join(sfen.split()[:3])


def _result_code(winner) -> int:
    return 0 if winner is None else (1 if winner == sv.BLACK else 2)


def _check_cshogi_reads(board: sv.Board) -> int:
    moves = board.move_stack
    outcome = board.outcome()
    winner = None if outcome is None else outcome.winner
    hcpe = np.frombuffer(board.hcpe(), dtype=cshogi.HuffmanCodedPosAndEval)
    psv = np.frombuffer(board.psv(), dtype=cshogi.PackedSfenValue)
    assert len(hcpe) == len(psv) == len(moves)
    replay = sv.Board()
    theirs = cshogi.Board()
    for i, mv in enumerate(moves):
        theirs.set_hcp(hcpe[i]["hcp"])
        assert _board_part(theirs.sfen()) == _board_part(replay.sfen()), i
        assert cshogi.move_to_usi(theirs.move_from_move16(int(hcpe[i]["bestMove16"]) & 0xFFFF)) == mv.usi()
        assert hcpe[i]["gameResult"] == _result_code(winner)
        theirs.set_psfen(psv[i]["sfen"])
        assert _board_part(theirs.sfen()) == _board_part(replay.sfen()), i
        m16 = cshogi.move16_from_psv(int(psv[i]["move"]))
        assert cshogi.move_to_usi(theirs.move_from_move16(m16)) == mv.usi()
        assert psv[i]["gamePly"] == replay.move_number
        expected = 0 if winner is None else (1 if winner == replay.turn else -1)
        assert psv[i]["game_result"] == expected
        replay.push(mv)
    return len(moves)


def test_cshogi_reads_our_hcpe_and_psv_along_random_games():
    positions = 0
    for seed in range(30):
        positions += _check_cshogi_reads(played(sv.Board(), 200 if seed % 3 else 60, seed))
    # and games that end: checkmate (a winner) and resignation
    mated = sv.Board()
    for usi in ["7g7f", "5c5d", "8h3c+", "5a5b", "3c4b"]:
        mated.push_usi(usi)
    positions += _check_cshogi_reads(mated)
    resigned = played(sv.Board(), 30, 99)
    resigned.resign()
    positions += _check_cshogi_reads(resigned)
    assert positions > 3000


def test_we_read_cshogis_hcpe_and_psv():
    rng = random.Random(5)
    hcpe = np.zeros(0, dtype=cshogi.HuffmanCodedPosAndEval)
    rows_h, rows_p, expected = [], [], []
    for game in range(20):
        board = cshogi.Board()
        for _ in range(rng.randrange(1, 150)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            h = np.zeros(1, dtype=cshogi.HuffmanCodedPosAndEval)
            board.to_hcp(h["hcp"])
            h["eval"] = rng.randrange(-3000, 3000)
            h["bestMove16"] = cshogi.move16(move)
            h["gameResult"] = game % 3
            p = np.zeros(1, dtype=cshogi.PackedSfenValue)
            board.to_psfen(p["sfen"])
            p["score"] = h["eval"]
            p["move"] = cshogi.move16_to_psv(cshogi.move16(move))
            p["gamePly"] = board.move_number
            p["game_result"] = (game % 3) - 1
            rows_h.append(h)
            rows_p.append(p)
            expected.append((board.sfen(), cshogi.move_to_usi(move), int(h["eval"][0]), game % 3, board.turn))
            board.push(move)
    hcpe = np.concatenate(rows_h).tobytes()
    psv = np.concatenate(rows_p).tobytes()
    ours_h = sv.read_hcpe(hcpe)
    ours_p = sv.read_psv(psv)
    assert len(ours_h) == len(ours_p) == len(expected) > 500
    for h, p, (sfen, usi, score, result, turn) in zip(ours_h, ours_p, expected):
        assert _board_part(h.sfen) == _board_part(sfen) and p.sfen == sfen
        assert h.best_move.usi() == usi == p.best_move.usi()
        assert h.score == score == p.score
        assert _result_code(h.winner) == result
        side = sv.BLACK if turn == cshogi.BLACK else sv.WHITE
        psv_result = result - 1
        assert p.winner == (None if psv_result == 0 else (side if psv_result == 1 else sv.Color(1 - int(side))))
    assert isinstance(ours_h[0], sv.TrainingEntry) and isinstance(ours_h[0].position, sv.Board)
    assert repr(ours_h[0]).startswith("TrainingEntry('lnsgkgsnl/")


def _text(path: pathlib.Path) -> str:
    data = path.read_bytes()
    for encoding in ("utf-8-sig", "shift_jis", "euc_jp"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", errors="replace")


def test_records_agree_with_cshogis_readers():
    # Each KIF and CSA record of the corpus that cshogi's own readers take:
    # our HCPE has its moves, and the winner cshogi reads from the end.
    import cshogi.CSA
    import cshogi.KIF

    compared = results = 0
    for path in sorted(CORPUS.rglob("*")):
        if path.suffix not in (".kif", ".csa"):
            continue
        text = _text(path)
        try:
            if path.suffix == ".kif":
                theirs = cshogi.KIF.Parser.parse_str(text)
            else:
                theirs = cshogi.CSA.Parser.parse_str(text)[0]
            record = sv.Record.read(text)
        except Exception:  # noqa: BLE001 - a record one of the readers refuses
            continue
        try:
            data = record.hcpe()
        except sv.TrainingDataError as e:
            assert "forty pieces" in str(e), e
            continue
        entries = np.frombuffer(data, dtype=cshogi.HuffmanCodedPosAndEval)
        # cshogi's KIF reader loses the thread of some files (it skips a
        # 同銀 written without its space, and stops early): the moves are
        # compared as far as both readers read the same ones, the result
        # only where they read the same main line.
        ours = [m.usi() for m in record.moves]
        same = 0
        while same < min(len(ours), len(theirs.moves)) and ours[same] == cshogi.move_to_usi(theirs.moves[same]):
            same += 1
        for entry, move in zip(entries[:same], theirs.moves[:same]):
            assert int(entry["bestMove16"]) & 0xFFFF == cshogi.move16(move), path.name
        if theirs.win is not None and same == len(ours) == len(theirs.moves):
            # cshogi names no winner for some ends (詰み): those are ours alone
            assert {int(e["gameResult"]) for e in entries} <= {theirs.win}, (path.name, theirs.win, theirs.endgame)
            results += 1
        compared += 1
    assert compared >= 20 and results >= 10, (compared, results)


def test_self_play_writes_training_data():
    batch = sv.Episodes("standard", seeds=range(4), max_plies=40, observations=False)
    batch.run()
    for k in range(4):
        positions = _check_cshogi_reads(batch.game_at(k))
        assert positions == batch.results()[k].plies
    selfplay = sv.SelfPlay("standard", num_games=3, observations=False)
    selfplay.reset(seed=3)
    for _ in range(25):
        selfplay.step_random()
    assert sum(_check_cshogi_reads(selfplay.game_at(k)) for k in range(3)) > 0
    mini = sv.Board(variant="minishogi")
    mini.push(next(iter(mini.legal_moves)))
    with pytest.raises(sv.TrainingDataError, match="9×9"):
        mini.psv()
    handicap = sv.Board("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
    handicap.push_usi("3c3d")
    with pytest.raises(sv.TrainingDataError, match="forty pieces"):
        handicap.hcpe()
    with pytest.raises(sv.TrainingDataError, match="entry 0"):
        sv.read_hcpe(bytes(38))
    with pytest.raises(sv.TrainingDataError, match="not a multiple"):
        sv.read_psv(bytes(39))
