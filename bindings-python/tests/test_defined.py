"""Variants defined by a file (issue 17), from Python.

* The shipped definitions play by name (``Board(variant="judkins")``), a
  definition's text by ``Board(variant="defined", definition=...)``, and a
  defined variant's settings (its definition's fields) are accepted back.
* Fairy-Stockfish (pyffish) is the independent oracle: judkins, gorogoro,
  checkshogi and minishogi, each defined from its file, list the same legal
  moves as pyffish along seeded random playouts. pyffish generates pawn
  drops that mate, which the rules here forbid (as in shogi): those extra
  moves are accepted only if they are pawn drops that mate, as in
  test_differential.py.
* The consumers of the contract work with a defined variant: players,
  pickling, saved games, SVG, OpenSpiel and PettingZoo adapters.
"""

from __future__ import annotations

import pickle
import random

import pytest

import shogi_variants as sv
from shogi_variants import Board
from test_differential import sfen_to_fen, usi_to_fsf  # pyffish's FEN and moves, any board

NO_DROPS = """
# Minishogi without drops.
name = "minishogi-nodrops"
files = 5
ranks = 5
promotion_ranks = 1
start = "rbsgk/4p/5/P4/KGSBR b - 1"
drops = false
"""


def test_shipped_definitions_play_by_name():
    assert set(sv.DEFINITIONS) >= {"standard", "minishogi", "judkins", "gorogoro", "checkshogi"}
    j = Board(variant="judkins")
    assert (j.files, j.ranks) == (6, 6)
    assert j.variant == "judkins"
    assert len(j.legal_moves) == 20  # pyffish: len(legal_moves("judkins", start_fen, []))
    g = Board(variant="gorogoro")
    assert (g.files, g.ranks) == (5, 6)
    assert len(g.legal_moves) == 16
    # A shipped definition of a built-in game plays exactly as the game.
    for name in ("standard", "minishogi"):
        assert Board(variant="defined", definition=name).perft(3) == Board(variant=name).perft(3)


def test_handicaps_play_by_their_kif_names():
    b = Board(variant="香落ち")
    assert b.variant == "香落ち" and b.turn == sv.WHITE
    assert b.perft(2) == Board("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1").perft(2)
    assert Board(variant="defined", definition="十枚落ち").settings["name"] == "十枚落ち"


HANDICAP_NAMES = ["香落ち", "右香落ち", "角落ち", "飛車落ち", "飛香落ち", "二枚落ち", "三枚落ち", "四枚落ち",
                  "五枚落ち", "左五枚落ち", "六枚落ち", "左七枚落ち", "右七枚落ち", "八枚落ち", "十枚落ち"]


@pytest.mark.parametrize("name", HANDICAP_NAMES)
def test_records_write_and_read_a_handicap_by_its_name(name):
    b = Board(variant=name)
    rng = random.Random(len(name))
    for _ in range(10):
        b.push(rng.choice(list(b.legal_moves)))
    kif = b.record().kif()
    # KIF says 手合割 and draws no diagram: the name implies the start.
    assert f"手合割：{name}" in kif.splitlines() and "+---" not in kif
    for text in (kif, b.record().csa()):
        back = sv.Record.read(text).board()
        assert back.variant == name and back.sfen() == b.sfen()
        assert back.move_stack == b.move_stack
    if name in ("左七枚落ち", "右七枚落ち"):
        return  # cshogi's KIF parser has no entry for these two (KeyError)
    cshogi = pytest.importorskip("cshogi")
    import cshogi.KIF  # noqa: F401

    theirs = cshogi.KIF.Parser.parse_str(kif)
    assert theirs.sfen == Board(variant=name).sfen() and len(theirs.moves) == 10


def test_a_record_of_an_even_game_reads_as_standard_shogi():
    # 平手 names standard shogi's start: not a handicap definition.
    kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"
    assert sv.Record.read(kif).board().variant == "standard"
    assert "手合割" not in Board().record().kif()


def test_a_definition_from_text_and_its_settings_round_trip():
    b = Board(variant="defined", definition=NO_DROPS)
    assert b.variant == "minishogi-nodrops"
    s = b.settings
    assert s["drops"] is False and s["name"] == "minishogi-nodrops"
    again = Board(variant="defined", **s)
    assert again.settings == s
    # No drops ever: play captures until someone holds pieces.
    rng = random.Random(3)
    for _ in range(80):
        if b.is_game_over():
            break
        moves = list(b.legal_moves)
        assert all(not m.is_drop for m in moves)
        b.push(rng.choice(moves))


def test_bad_definitions_name_the_field():
    with pytest.raises(sv.SettingError, match="promotion_ranks"):
        Board(variant="defined", definition=NO_DROPS.replace("promotion_ranks = 1", "promotion_ranks = 3"))
    with pytest.raises(sv.SettingError, match="start"):
        Board(variant="defined", definition=NO_DROPS.replace("KGSBR b", "KGSBR q"))
    with pytest.raises(sv.SettingError, match="not a variant definition"):
        Board(variant="defined", definition="name = ")
    with pytest.raises(sv.SettingError, match="no setting 'rules'"):
        Board(variant="defined", rules="x")
    with pytest.raises(sv.SettingError, match="file's fields"):
        Board(variant="judkins", drops=False)


def test_a_definition_takes_the_house_rules_every_game_takes():
    """Issue 32: move_limit, repetition, stalemate and impasse by the
    built-in bases' keys, in boards, matches, saved games, OpenSpiel and
    PettingZoo."""
    b = Board(variant="judkins", move_limit=2, stalemate="Draw")
    b.push(next(iter(b.legal_moves)))
    b.push(next(iter(b.legal_moves)))
    assert b.is_game_over() and b.outcome().reason == "move_limit"
    again = sv.load(b.to_json())
    assert again.settings == b.settings and again.is_game_over()
    by_kind = Board(variant="defined", definition="judkins", move_limit=2)
    assert by_kind.settings == Board(variant="judkins", move_limit=2).settings
    assert Board(variant="judkins", repetition="first-player-loses").settings != Board(variant="judkins").settings
    with pytest.raises(sv.SettingError, match="impasse"):
        Board(variant="judkins", impasse="Points27")  # a 6x6 board has no impasse rule
    r = sv.play_match("judkins", sv.RandomPlayer(1), sv.RandomPlayer(2), games=2, seed=1, move_limit=6)
    assert all(plies <= 6 for _, _, _, plies in r.games)
    over = Board(variant="must-capture", base="judkins", move_limit=4, stalemate="Draw")
    assert over.settings["base"]["end"]["stalemate"] == "draw"


def test_house_rules_of_a_definition_reach_the_adapters():
    from pettingzoo.test import api_test

    from shogi_variants.openspiel import game_from
    from shogi_variants.pettingzoo import env

    api_test(env(game="judkins", move_limit=10), num_cycles=50, verbose_progress=False)
    game = game_from(lambda **p: Board(variant="judkins", **p), "house_rules_judkins",
                     max_game_length=lambda p: p["move_limit"], params={"move_limit": 8})
    state = game.new_initial_state()
    plies = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        plies += 1
    assert plies == 8


def test_check_wins_in_checkshogi():
    b = Board(variant="checkshogi")
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"]:
        b.push_usi(usi)
        assert not b.is_game_over()
    b.push_usi("B*4b")
    o = b.outcome()
    assert o is not None and o.winner == sv.BLACK
    assert o.reason == "check_given"


def test_consumers_work_with_a_defined_variant():
    b = Board(variant="judkins")
    rng = random.Random(1)
    for _ in range(12):
        b.push(rng.choice(list(b.legal_moves)))
    # Pickling and saved games keep the definition.
    again = pickle.loads(pickle.dumps(b))
    assert again.sfen() == b.sfen() and again.variant == "judkins"
    d = Board(variant="defined", definition=NO_DROPS)
    d.push_usi("2e3d")
    saved = d.to_json()
    assert '"name":"minishogi-nodrops"' in saved.replace(" ", "")
    restored = sv.load(saved)
    assert restored.sfen() == d.sfen() and restored.settings == d.settings
    # A picture of the 6x6 board, players, self-play.
    assert "<svg" in b.svg()
    player = sv.RandomPlayer(seed=2)
    mv = player.choose(b)
    assert mv in b.legal_moves
    assert b.observation_tensor().shape == b.observation_shape


# ---------------------------------------------------------------------------
# against Fairy-Stockfish
# ---------------------------------------------------------------------------


def test_coordinates_on_a_board_that_is_not_square():
    # gorogoro is 5 files x 6 ranks: Black's pawns start on rank d (FSF 3).
    assert usi_to_fsf("4d4c", 5, 6) == "b3b4"
    assert usi_to_fsf("P*1a", 5, 6) == "P@e6"
    assert usi_to_fsf("9i9a+", 9, 9) == "a1a9+"


def _move_sets(sf, variant: str, b: Board):
    """``b``'s legal moves, its position as a Fairy-Stockfish FEN, and the
    move sets of both libraries there in Fairy-Stockfish's notation."""
    moves = list(b.legal_moves)
    fen = sfen_to_fen(b.sfen())
    ours = {usi_to_fsf(m.usi(), b.files, b.ranks) for m in moves}
    return moves, fen, ours, set(sf.legal_moves(variant, fen, []))


def _random_games_against_fairy_stockfish(sf, fsf_variant: str, new_board, plies: int):
    """Seeded random games (captures preferred half the time) of
    ``new_board()``, comparing the legal moves with Fairy-Stockfish's
    ``fsf_variant`` at every position; its pawn-drop mates, which shogi
    forbids and it lists, are left out (a known rule difference).
    Returns the positions compared and the differences found."""
    positions = 0
    failures = []
    for game in range(8):
        rng = random.Random(17_000 + game)
        b = new_board()
        for _ in range(plies):
            if b.is_game_over():
                break
            moves, fen, ours, theirs = _move_sets(sf, fsf_variant, b)
            extra = theirs - ours

            def is_mate(fsf_move, fen=fen):
                after = sf.get_fen(fsf_variant, fen, [fsf_move])
                return bool(sf.gives_check(fsf_variant, fen, [fsf_move])) and not sf.legal_moves(fsf_variant, after, [])

            mates = {m for m in extra if m.startswith("P@") and is_mate(m)}
            if ours != theirs - mates:
                failures.append(f"{b.sfen()}: only ours {sorted(ours - theirs)}, only pyffish {sorted(extra - mates)}")
            positions += 1
            caps = [m for m in moves if m.from_square is not None and b.piece_at(m.to_square) is not None]
            b.push(rng.choice(caps) if caps and rng.random() < 0.5 else rng.choice(moves))
    return positions, failures


@pytest.mark.parametrize("variant", ["judkins", "gorogoro", "checkshogi", "minishogi"])
def test_legal_moves_equal_fairy_stockfish(variant):
    sf = pytest.importorskip("pyffish")
    start = Board(variant="defined", definition=variant)
    assert sfen_to_fen(start.sfen()).split("[")[0] == sf.start_fen(variant).split("[")[0]
    positions, failures = _random_games_against_fairy_stockfish(
        sf, variant, lambda: Board(variant="defined", definition=variant), 60 if variant != "checkshogi" else 30
    )
    assert not failures, "\n".join(failures[:5])
    assert positions >= 100 if variant != "checkshogi" else positions >= 8


@pytest.mark.parametrize("name", HANDICAP_NAMES)
def test_handicaps_equal_fairy_stockfish(name):
    """Each handicap, defined from standard shogi's file, plays the moves
    Fairy-Stockfish's shogi plays from the handicap's start."""
    sf = pytest.importorskip("pyffish")
    positions, failures = _random_games_against_fairy_stockfish(sf, "shogi", lambda: Board(variant=name), 40)
    assert not failures, "\n".join(failures[:5])
    assert positions >= 100


# ---------------------------------------------------------------------------
# The pawn-drop rules turned off, against Fairy-Stockfish's own options
# (shogiDoubledPawn, shogiPawnDropMateIllegal) in a variant it loads from text.
# ---------------------------------------------------------------------------

DROP_RULE_CASES = [
    ("minishogi", "legal", "illegal"),
    ("minishogi", "illegal", "legal"),
    ("minishogi", "legal", "legal"),
    ("judkins", "legal", "legal"),
]


def _fsf_variant(sf, base: str, nifu: str, mate: str) -> str:
    """A variant of Fairy-Stockfish's ``base`` with the rules set:
    ``dropNoDoubled = -`` lets pawns double; ``shogiPawnDropMateIllegal``
    decides a pawn-drop mate (Fairy-Stockfish lists such a drop among the
    legal moves either way and, when it is illegal, scores the position
    after it as the dropper's loss)."""
    name = f"sv-{base}-{nifu[0]}{mate[0]}"
    doubled = "dropNoDoubled = -\n" if nifu == "legal" else ""
    sf.load_variant_config(
        f"[{name}:{base}]\n{doubled}shogiPawnDropMateIllegal = {'true' if mate == 'illegal' else 'false'}\n"
    )
    return name


def _ours(base: str, nifu: str, mate: str, sfen=None) -> Board:
    fields = Board(variant="defined", definition=base).settings
    fields.update(name=f"{base}-drops-{nifu}-{mate}", nifu=nifu, pawn_drop_mate=mate)
    return Board(sfen, variant="defined", **fields)


@pytest.mark.parametrize("base,nifu,mate", DROP_RULE_CASES)
def test_drop_rules_turned_off_equal_fairy_stockfish(base, nifu, mate):
    sf = pytest.importorskip("pyffish")
    variant = _fsf_variant(sf, base, nifu, mate)
    positions = doubled = 0
    failures = []
    for game in range(10):
        rng = random.Random(23_000 + game)
        b = _ours(base, nifu, mate)
        files, ranks = b.files, b.ranks
        for _ in range(70):
            if b.is_game_over():
                break
            moves, fen, ours, theirs = _move_sets(sf, variant, b)
            if mate == "illegal":
                # The drops Fairy-Stockfish scores as the dropper's loss.
                theirs -= {m for m in theirs - ours if m.startswith("P@")
                           and not sf.legal_moves(variant, sf.get_fen(variant, fen, [m]), [])
                           and sf.game_result(variant, fen, [m]) > 0}
            if ours != theirs:
                failures.append(f"{b.sfen()}: only ours {sorted(ours - theirs)}, only pyffish {sorted(theirs - ours)}")
            positions += 1
            # A pawn drop onto a file that holds one of the mover's pawns.
            own_pawn = "P" if b.turn == sv.BLACK else "p"
            pawn_files = {b.square_file(sq) for sq in range(files * ranks) if b.piece_at(sq) == own_pawn}
            doubled += any(m.is_drop and m.usi().startswith("P*") and b.square_file(m.to_square) in pawn_files
                           for m in moves)
            caps = [m for m in moves if not m.is_drop and b.piece_at(m.to_square) is not None]
            drops = [m for m in moves if m.is_drop]
            pick = rng.random()
            b.push(rng.choice(caps) if caps and pick < 0.5 else rng.choice(drops) if drops and pick < 0.7 else rng.choice(moves))
    assert not failures, "\n".join(failures[:5])
    assert positions >= 200
    assert (doubled > 0) == (nifu == "legal"), doubled


@pytest.mark.parametrize("mate", ["illegal", "legal"])
def test_a_pawn_drop_mate_is_legal_only_when_the_definition_says(mate):
    # White's king on 1a; a pawn on 1b is guarded by the gold and 2a by the silver.
    sfen = "4k/2S2/4G/5/K4 b P 1"
    b = _ours("minishogi", "illegal", mate, sfen)
    drop = sv.Move.from_usi("P*1b", board=b)
    assert (drop in b.legal_moves) == (mate == "legal")
    if mate == "legal":
        b.push(drop)
        assert b.outcome().reason == "checkmate" and b.outcome().winner == sv.BLACK
    else:
        with pytest.raises(sv.IllegalMoveError) as e:
            b.push(drop)
        assert e.value.reason == "pawn_drop_mate"
    sf = pytest.importorskip("pyffish")
    variant = _fsf_variant(sf, "minishogi", "illegal", mate)
    # After the drop White, mated, has no move; Fairy-Stockfish scores that
    # for White (to move): a loss when the drop is legal, a win when not.
    fen = sfen_to_fen(sfen)
    assert not sf.legal_moves(variant, sf.get_fen(variant, fen, ["P@e4"]), [])
    assert (sf.game_result(variant, fen, ["P@e4"]) < 0) == (mate == "legal")


def test_nifu_legal_allows_a_second_pawn_and_such_positions_read_back():
    b = _ours("minishogi", "legal", "illegal", "4k/5/5/4P/K4 b P 1")
    drop = sv.Move.from_usi("P*1c", board=b)
    assert drop in b.legal_moves
    b.push(drop)
    again = _ours("minishogi", "legal", "illegal", b.sfen())
    assert again.sfen() == b.sfen()
    with pytest.raises(sv.InvalidSfenError):
        Board(b.sfen(), variant="minishogi")
    saved = sv.load(b.to_json())
    assert saved.sfen() == b.sfen() and saved.settings["nifu"] == "legal"


def _kings_only(files: int, ranks: int, hands: str) -> str:
    """Two kings alone (White's on 1a, Black's in the far corner), with ``hands``."""
    gap = lambda n: str(n) if n else ""  # noqa: E731
    rows = [f"{gap(files - 1)}k"] + [str(files)] * (ranks - 2) + [f"K{gap(files - 1)}"]
    return f"{'/'.join(rows)} b {hands} 1"


@pytest.mark.parametrize("name", sorted(sv.DEFINITIONS))
def test_every_kind_a_shipped_definition_holds_shows_in_the_observation(name):
    """Hand planes count by the variant's own material, whatever the board:
    each kind of the definition's start, one in Black's hand, changes both
    players' observations (Judkins' knight was encoded as 0)."""
    start = Board(variant=name)
    _, ranks, files = start.observation_shape
    kinds = sorted({c.upper() for c in start.sfen().split()[0] if c.isalpha()} - {"K"})
    assert kinds, name
    bare = Board(_kings_only(files, ranks, "-"), variant=name)
    for kind in kinds:
        held = Board(_kings_only(files, ranks, kind), variant=name)
        for color in (sv.BLACK, sv.WHITE):
            assert not (held.observation_tensor(color) == bare.observation_tensor(color)).all(), (name, kind, color)


def test_a_knight_in_hand_in_judkins_is_half_of_its_knights():
    held = Board("5k/6/6/6/6/K5 b N 1", variant="judkins").observation_tensor()
    bare = Board("5k/6/6/6/6/K5 b - 1", variant="judkins").observation_tensor()
    # Own hand planes 28.. in P L N S B R G order: the knight is plane 30.
    assert (held[30] == 0.5).all() and (bare[30] == 0.0).all()
    assert (held[:30] == bare[:30]).all() and (held[31:] == bare[31:]).all()
