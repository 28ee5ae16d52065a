"""Differential tests: our legal moves equal other libraries' on positions of
seeded random playouts.

* standard shogi: cshogi (``cshogi.Board(sfen).legal_moves``), which also
  forbids pawn-drop mate;
* minishogi: minishogilib and Fairy-Stockfish (pyffish). Both allow a pawn
  drop that gives mate, which RULES.md (and so this library) forbids: their
  extra moves are accepted only if they are pawn drops that mate, and those
  are counted so the test shows the rule was exercised;
* must-capture: cshogi's moves filtered by the rule of RULES.md section 3.
"""

from __future__ import annotations

import random

import pytest

from shogi_variants import Board

cshogi = pytest.importorskip("cshogi")

GAMES = 300
MAX_PLIES = 150


def playout_policy(board: Board, moves, rng: random.Random):
    """Uniform half the time, else prefer captures (more pieces in hand, more
    drops, checks and mates than a uniform walk)."""
    if rng.random() < 0.5:
        caps = [m for m in moves if m.from_square is not None and board.piece_at(m.to_square) is not None]
        if caps:
            return rng.choice(caps)
    return rng.choice(moves)


def diff_message(sfen, ours, theirs, who):
    ours, theirs = set(ours), set(theirs)
    return (
        f"\n  sfen: {sfen}\n"
        f"  only ours ({len(ours - theirs)}): {sorted(ours - theirs)}\n"
        f"  only {who} ({len(theirs - ours)}): {sorted(theirs - ours)}\n"
        f"  common: {len(ours & theirs)}"
    )


def random_positions(variant: str, games: int, seed: int, **settings):
    """Yields (board, our legal moves) along seeded random playouts."""
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        b = Board(variant=variant, **settings)
        for _ in range(MAX_PLIES):
            if b.is_game_over():
                break
            moves = list(b.legal_moves)
            yield b, moves
            if not moves:
                break
            b.push(playout_policy(b, moves, rng))


# ---------------------------------------------------------------------------
# standard shogi vs cshogi
# ---------------------------------------------------------------------------


def test_standard_legal_moves_equal_cshogi():
    failures = []
    positions = checks = drops = 0
    for b, moves in random_positions("standard", GAMES, seed=1):
        sfen = b.sfen()
        cb = cshogi.Board(sfen)
        ours = [m.usi() for m in moves]
        theirs = [cshogi.move_to_usi(m) for m in cb.legal_moves]
        positions += 1
        checks += cb.is_check()
        drops += any("*" in u for u in ours)
        assert len(ours) == len(set(ours)), f"duplicate moves in {sfen}"
        if set(ours) != set(theirs):
            failures.append(diff_message(sfen, ours, theirs, "cshogi"))
        elif bool(cb.is_check()) != b.is_check():
            failures.append(f"\n  sfen: {sfen}\n  is_check: ours {b.is_check()} cshogi {cb.is_check()}")
        if len(failures) >= 5:
            break
    assert not failures, f"{len(failures)} disagreements with cshogi:" + "".join(failures)
    assert positions > GAMES * 50, positions
    assert checks > 100 and drops > 1000, (checks, drops)


def test_standard_sfen_agrees_with_cshogi():
    """Our SFEN is read by cshogi into the same position cshogi reaches by
    playing the same USI moves."""
    rng = random.Random(7)
    for g in range(60):
        b = Board()
        cb = cshogi.Board()
        for _ in range(120):
            moves = list(b.legal_moves)
            if not moves or b.is_game_over():
                break
            m = playout_policy(b, moves, rng)
            b.push(m)
            cb.push_usi(m.usi())
            assert cshogi.Board(b.sfen()).zobrist_hash() == cb.zobrist_hash(), (b.sfen(), cb.sfen())
            assert b.move_number == cb.move_number


def test_mates_agree_with_cshogi():
    """When our game ends by checkmate or no legal move, cshogi has no legal move either."""
    ended = 0
    for g in range(GAMES):
        rng = random.Random(50_000 + g)
        b = Board()
        for _ in range(300):
            if b.is_game_over():
                break
            b.push(playout_policy(b, list(b.legal_moves), rng))
        o = b.outcome()
        if o is not None and o.reason in ("checkmate", "no_legal_move"):
            ended += 1
            cb = cshogi.Board(b.sfen())
            assert len(cb.legal_moves) == 0, b.sfen()
            assert bool(cb.is_check()) == (o.reason == "checkmate"), b.sfen()
            assert o.winner == 1 - b.turn
    assert ended > 10, ended


# ---------------------------------------------------------------------------
# must-capture vs cshogi filtered by the rule
# ---------------------------------------------------------------------------


def must_capture_from(cb, may_flee: bool):
    legal = [cshogi.move_to_usi(m) for m in cb.legal_moves]
    caps = []
    for m in cb.legal_moves:
        usi = cshogi.move_to_usi(m)
        if "*" not in usi and cb.piece(cshogi.move_to(m)) != cshogi.NONE:
            caps.append(usi)
    if cb.is_check() and may_flee:
        return legal
    return caps or legal


@pytest.mark.parametrize("may_flee", [True, False])
def test_must_capture_equals_filtered_cshogi(may_flee):
    failures = []
    for b, moves in random_positions("must-capture", 80, seed=3, may_flee_from_check=may_flee):
        cb = cshogi.Board(b.sfen())
        ours = [m.usi() for m in moves]
        theirs = must_capture_from(cb, may_flee)
        if set(ours) != set(theirs):
            failures.append(diff_message(b.sfen(), ours, theirs, "cshogi+filter"))
            if len(failures) >= 5:
                break
    assert not failures, "".join(failures)


# ---------------------------------------------------------------------------
# minishogi vs minishogilib and pyffish
# ---------------------------------------------------------------------------


def usi_to_fsf(usi: str, files: int = 5, ranks: int = 5) -> str:
    """USI -> Fairy-Stockfish coordinates on a files x ranks board (minishogi's
    5x5 by default): file letters from Black's left (USI file ``files`` is
    'a'), rank numbers from Black's side (the last rank letter is 1)."""

    def square(s):
        return chr(ord("a") + files - int(s[0])) + str(ranks - (ord(s[1]) - ord("a")))

    if usi[1] == "*":
        return f"{usi[0]}@{square(usi[2:4])}"
    return square(usi[0:2]) + square(usi[2:4]) + ("+" if usi.endswith("+") else "")


def sfen_to_fen(sfen: str) -> str:
    board, side, hands, *_ = sfen.split()
    hand = ""
    if hands != "-":
        n = ""
        for ch in hands:
            if ch.isdigit():
                n += ch
            else:
                hand += ch * int(n or "1")
                n = ""
    return f"{board}[{hand}] {'w' if side == 'b' else 'b'} 0 1"


def is_pawn_drop_mate_by(apply, usi: str) -> bool:
    """``apply(usi)`` returns (in_check, has_moves) after the move, on the other library."""
    if not usi.startswith("P*"):
        return False
    in_check, has_moves = apply(usi)
    return in_check and not has_moves


def test_usi_to_fsf_conversion():
    assert usi_to_fsf("5d5c") == "a2a3"
    assert usi_to_fsf("1e1b") == "e1e4"
    assert usi_to_fsf("P*1b") == "P@e4"
    assert usi_to_fsf("3b3a+") == "c4c5+"
    assert sfen_to_fen("rbsgk/4p/5/P4/KGSBR w 2Pp 12") == "rbsgk/4p/5/P4/KGSBR[PPp] b 0 1"


def test_minishogi_legal_moves_equal_minishogilib():
    minishogilib = pytest.importorskip("minishogilib")
    failures = []
    pawn_drop_mates = positions = 0
    for b, moves in random_positions("minishogi", GAMES, seed=2):
        sfen = b.sfen()
        pos = minishogilib.Position()
        pos.set_sfen(sfen)
        ours = {m.usi() for m in moves}
        theirs = {m.sfen() for m in pos.generate_moves()}
        positions += 1

        def apply(usi, sfen=sfen):
            p = minishogilib.Position()
            p.set_sfen(sfen)
            p.do_move(p.sfen_to_move(usi))
            return bool(p.is_in_check()), bool(p.generate_moves())

        extra = theirs - ours
        mates = {u for u in extra if is_pawn_drop_mate_by(apply, u)}
        pawn_drop_mates += len(mates)
        if ours != theirs - mates:
            failures.append(diff_message(sfen, ours, theirs - mates, "minishogilib"))
            if len(failures) >= 5:
                break
    assert not failures, "disagreements with minishogilib:" + "".join(failures)
    assert positions > GAMES * 20
    assert pawn_drop_mates > 0, "no pawn-drop mate was met: the rule was not exercised"


def test_minishogi_legal_moves_equal_fairy_stockfish():
    sf = pytest.importorskip("pyffish")
    failures = []
    pawn_drop_mates = 0
    compared = 0
    for i, (b, moves) in enumerate(random_positions("minishogi", GAMES // 3, seed=4)):
        if i % 3:  # pyffish rebuilds its position per call (~2 ms): sample a third
            continue
        compared += 1
        sfen = b.sfen()
        fen = sfen_to_fen(sfen)
        ours = {usi_to_fsf(m.usi()): m.usi() for m in moves}
        theirs = set(sf.legal_moves("minishogi", fen, []))

        def apply(usi, fen=fen):
            after = sf.get_fen("minishogi", fen, [usi_to_fsf(usi)])
            return bool(sf.gives_check("minishogi", fen, [usi_to_fsf(usi)])), bool(sf.legal_moves("minishogi", after, []))

        extra = theirs - set(ours)
        mates = set()
        for m in extra:
            if m.startswith("P@"):
                f, r = m[2], int(m[3])
                usi = f"P*{5 - (ord(f) - ord('a'))}{chr(ord('a') + 5 - r)}"
                if is_pawn_drop_mate_by(apply, usi):
                    mates.add(m)
        pawn_drop_mates += len(mates)
        if set(ours) != theirs - mates:
            failures.append(diff_message(sfen + f"  (fen {fen})", set(ours), theirs - mates, "pyffish"))
            if len(failures) >= 5:
                break
    assert not failures, "disagreements with Fairy-Stockfish:" + "".join(failures)
    assert compared > 2000, compared
    assert pawn_drop_mates > 0
