"""The research layer: fixed action spaces of every game class, observation
tensors (checked against planes computed here from the public game API, and
by colour symmetry), and ``SelfPlay``, the batched environment, checked step
by step against the per-game API.

The expected planes follow the layout documented at the top of
``shogi-variants/src/research/observation.rs``; nothing here reads the
library's own encoder to build an expectation.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings as hsettings, strategies as st

np = pytest.importorskip("numpy")

import shogi_variants as sv  # noqa: E402
from shogi_variants import BLACK, WHITE  # noqa: E402

from conftest import MINISHOGI_START, SHUFFLE, STANDARD_START  # noqa: E402

# --------------------------------------------------------------------------
# Layout constants (observation.rs) and independent helpers
# --------------------------------------------------------------------------

KINDS = ["P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"]
HAND_KINDS = ["P", "L", "N", "S", "B", "R", "G"]
# A full set of each hand kind (minishogi has no lances or knights).
HAND_TOTALS = {9: [18, 4, 4, 4, 2, 2, 4], 5: [2, 0, 0, 2, 2, 2, 2]}
BOARD_PLANES = 48
TSUITATE_PLANES = 39

HIDDEN_PAWN = "4k4/9/9/9/8p/9/9/9/4K3R b - 1"  # White pawn on 1e, Black rook on 1i
PAWN_ON_2E = "4k4/9/9/9/7p1/9/9/9/4K3R b - 1"  # the same, the pawn one file over

BOARD_KINDS = [
    ("standard", {}),
    ("minishogi", {}),
    ("must-capture", {}),
    ("must-capture", {"base": "minishogi"}),
]
BOARD_IDS = ["standard", "minishogi", "must-capture", "must-capture-mini"]
BASES = ["standard", "minishogi"]


def name(file: int, rank: int) -> str:
    return f"{file}{chr(ord('a') + rank - 1)}"


def cell(file: int, rank: int, viewer: int, size: int) -> tuple[int, int]:
    """Where ``viewer`` sees a square: Black as in a diagram (rank 1 on top,
    the highest file on the left), White with the board turned 180 degrees."""
    if viewer == BLACK:
        return rank - 1, size - file
    return size - rank, file - 1


def owner(letter: str) -> int:
    return BLACK if letter.lstrip("+")[0].isupper() else WHITE


def kind_index(letter: str) -> int:
    return KINDS.index(letter.upper())


def expected_board_planes(board: sv.Board, viewer: int, repetitions: int = 0) -> np.ndarray:
    """The 48 board planes of ``board`` seen by ``viewer``, built from the
    public Board API and the documented layout (``repetitions``: how often
    the position has occurred, if not the board's own count)."""
    n = board.files
    out = np.zeros((BOARD_PLANES, n, n), dtype=np.float32)
    for f in range(1, n + 1):
        for r in range(1, n + 1):
            p = board.piece_at(name(f, r))
            if p is None:
                continue
            base = 0 if owner(p) == viewer else 14
            out[(base + kind_index(p),) + cell(f, r, viewer, n)] = 1.0
    for first, color in ((28, viewer), (35, 1 - viewer)):
        hand = board.hand(color)
        for k, kind in enumerate(HAND_KINDS):
            if hand.get(kind, 0):
                out[first + k] = hand[kind] / HAND_TOTALS[n][k]
    for k in range(min((repetitions or board.repetition_count()) - 1, 3)):
        out[42 + k] = 1.0
    out[45] = float(viewer == WHITE)
    out[46] = float(board.turn == viewer and not board.is_game_over())
    out[47] = float(board.is_check())
    return out


def flip_sfen(sfen: str) -> str:
    """The colour-flipped position: the board turned 180 degrees, piece
    colours swapped, hands swapped, the other side to move."""
    board, side, hand, number = sfen.split()

    def flip_row(row: str) -> str:
        tokens = re.findall(r"\+?[A-Za-z]|\d", row)
        return "".join(t.swapcase() for t in reversed(tokens))

    rows = [flip_row(row) for row in reversed(board.split("/"))]
    return " ".join(["/".join(rows), "w" if side == "b" else "b", hand.swapcase(), number])


def random_board(variant: str, rng: random.Random, plies: int, **settings) -> sv.Board:
    board = sv.Board(variant=variant, **settings)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board


def random_boards(variant: str, seed, count: int, max_plies: int, **settings):
    rng = random.Random(seed)
    return [random_board(variant, rng, rng.randrange(max_plies), **settings) for _ in range(count)]


def mask_list(mask) -> list[int]:
    arr = np.frombuffer(mask, dtype=np.uint8) if isinstance(mask, bytes) else np.asarray(mask)
    assert set(np.unique(arr).tolist()) <= {0, 1}
    return np.flatnonzero(arr).tolist()


def check_action_api(obj, moves, size: int):
    """Actions of ``obj`` (Board, CardGame or PlayerView) against ``moves``,
    the legal (allowed, candidate) moves computed by the game API."""
    assert obj.num_actions == size
    actions = obj.legal_actions()
    assert actions == sorted(set(actions)), "legal_actions must be ascending and distinct"
    assert len(actions) == len(moves)
    assert all(0 <= a < size for a in actions)
    assert sorted(obj.move_of(a) for a in actions) == sorted(moves)
    for m in moves:
        a = obj.action(m)
        assert obj.move_of(a) == m
        assert a in actions
    mask = obj.action_mask()
    assert isinstance(mask, np.ndarray) and mask.shape == (size,) and mask.dtype == np.bool_
    assert mask_list(mask) == actions


def card_turns(game: sv.CardGame, rng: random.Random, max_moves: int):
    """Yields the game at every state of a random playout (draws and moves)."""
    while not game.is_game_over() and max_moves:
        yield game
        if game.phase == "draw":
            game.chance_step()
        else:
            game.push(rng.choice(list(game.legal_moves)))
            max_moves -= 1
    yield game


def tsuitate_states(game: sv.TsuitateGame, rng: random.Random, max_attempts: int):
    """Yields the game before every attempt of a random playout (fouls included)."""
    while not game.is_game_over() and max_attempts:
        yield game
        cands = list(game.seen(game.turn).legal_moves)
        game.push(rng.choice(cands))
        max_attempts -= 1
    yield game


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------


@pytest.mark.parametrize("variant,settings", BOARD_KINDS, ids=BOARD_IDS)
def test_board_actions_round_trip(variant, settings):
    size = 1425 if "minishogi" in (variant, settings.get("base")) else 13689
    rng = random.Random(f"act-{variant}-{settings}")
    for _ in range(25):
        board = random_board(variant, rng, rng.randrange(150), **settings)
        check_action_api(board, list(board.legal_moves), size)
        if board.is_game_over():
            assert board.legal_actions() == []
            assert not any(board.action_mask())


@pytest.mark.parametrize("base", BASES)
def test_card_actions_round_trip(base):
    size = 13689 if base == "standard" else 1425
    draws = moves = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = sv.CardGame(seed=seed, base=base)
        assert game.num_cards == (10 if base == "standard" else 6)
        for g in card_turns(game, rng, 120):
            if g.phase == "move":
                moves += 1
                check_action_api(g, list(g.legal_moves), size)
                # Allowed moves are legal board moves; the card only narrows them.
                assert set(g.legal_actions()) <= set(g.board().legal_actions())
            else:
                draws += 1
                assert g.legal_actions() == [], g.phase
                assert not any(g.action_mask())
    assert moves > 30 and draws > 30


@pytest.mark.parametrize("base", BASES)
def test_tsuitate_actions_round_trip(base):
    size = 13689 if base == "standard" else 1425
    fouls = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = sv.TsuitateGame(base=base)
        assert game.num_actions == size
        for g in tsuitate_states(game, rng, 150):
            for color in (BLACK, WHITE):
                view = g.seen(color)
                cands = list(view.legal_moves)
                if view.to_move:
                    assert cands
                    check_action_api(view, cands, size)
                else:
                    assert cands == [] and view.legal_actions() == []
                    assert not any(view.action_mask())
            fouls += g.fouls(BLACK) + g.fouls(WHITE)
    assert fouls > 0  # the playouts went through fouls too


@pytest.mark.parametrize("variant,size", [("standard", 13689), ("minishogi", 1425)])
def test_every_action_number_decodes_or_is_refused(variant, size):
    """``move_of`` is a partial inverse of ``action`` over the whole space:
    every number either names one move (that encodes back to it) or raises
    InvalidMoveError; the same for every game class on the same board."""
    board = sv.Board(variant=variant)
    card = sv.CardGame(seed=0, base=variant)
    view = sv.TsuitateGame(base=variant).seen(BLACK)
    seen = {}
    for a in range(size):
        try:
            m = board.move_of(a)
        except sv.InvalidMoveError:
            for other in (card, view):
                with pytest.raises(sv.InvalidMoveError):
                    other.move_of(a)
            continue
        assert isinstance(m, sv.Move)
        assert board.action(m) == a
        assert card.move_of(a) == m == view.move_of(a)
        assert card.action(m) == a == view.action(m)
        assert m.usi() not in seen, (a, seen.get(m.usi()))
        seen[m.usi()] = a
    # Most of the space is moves (holes are from == to and the like).
    assert len(seen) > size * 0.9


def test_non_legal_but_valid_actions_decode_to_moves():
    board = sv.Board()
    legal = set(board.legal_actions())
    for usi in ("1a1b", "5e5d+", "P*5e", "9i1a+", "R*1i"):
        a = board.action(usi)
        assert a not in legal
        assert board.move_of(a) == sv.Move.from_usi(usi)
    mini = sv.Board(variant="minishogi")
    a = mini.action("5a5b")
    assert a not in mini.legal_actions()
    assert mini.move_of(a).usi() == "5a5b"


@pytest.mark.parametrize(
    "make",
    [
        lambda: sv.Board(),
        lambda: sv.Board(variant="minishogi"),
        lambda: sv.CardGame(seed=0),
        lambda: sv.CardGame(seed=0, base="minishogi"),
        lambda: sv.TsuitateGame().seen(BLACK),
        lambda: sv.TsuitateGame(base="minishogi").seen(WHITE),
    ],
    ids=["board", "mini", "card", "card-mini", "view", "view-mini"],
)
def test_invalid_action_numbers_raise(make):
    obj = make()
    for bad in (-1, obj.num_actions, obj.num_actions + 1, 2**32, 2**70, -(2**70), "x", "7g7f", None, 1.5):
        with pytest.raises(sv.InvalidMoveError) as info:
            obj.move_of(bad)
        assert isinstance(info.value, sv.ShogiError) and isinstance(info.value, ValueError)


def test_moves_off_a_small_board_have_no_action():
    for obj in (sv.Board(variant="minishogi"), sv.CardGame(seed=0, base="minishogi"),
                sv.TsuitateGame(base="minishogi").seen(BLACK)):
        for usi in ("9i9h", "6a5a", "P*9e", "5a5f"):
            with pytest.raises(sv.InvalidMoveError):
                obj.action(usi)


# --------------------------------------------------------------------------
# Board observations
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make,shape",
    [
        (lambda: sv.Board(), (48, 9, 9)),
        (lambda: sv.Board(variant="minishogi"), (48, 5, 5)),
        (lambda: sv.Board(variant="must-capture"), (48, 9, 9)),
        (lambda: sv.Board(variant="must-capture", base="minishogi"), (48, 5, 5)),
        (lambda: sv.CardGame(seed=0), (70, 9, 9)),
        (lambda: sv.CardGame(seed=0, base="minishogi"), (62, 5, 5)),
        (lambda: sv.TsuitateGame().seen(BLACK), (39, 9, 9)),
        (lambda: sv.TsuitateGame(base="minishogi").seen(WHITE), (39, 5, 5)),
    ],
    ids=["board", "mini", "mc", "mc-mini", "card", "card-mini", "view", "view-mini"],
)
def test_observation_shape_and_dtype(make, shape):
    obj = make()
    assert tuple(obj.observation_shape) == shape
    obs = obj.observation_tensor()
    assert isinstance(obs, np.ndarray)
    assert obs.dtype == np.float32
    assert obs.shape == shape
    assert obs.flags["C_CONTIGUOUS"]
    assert np.all((obs >= 0) & (obs <= 1))
    # A fresh array each call: writing to one does not touch the next.
    obs[:] = 7
    assert np.all(obj.observation_tensor() <= 1)


def test_observation_coordinates_in_the_start_position():
    b = sv.Board()
    ob, ow = b.observation_tensor(BLACK), b.observation_tensor(WHITE)
    assert np.array_equal(b.observation_tensor(), ob)  # default: the side to move
    assert ob[7, 8, 4] == 1 and ob[14 + 7, 0, 4] == 1  # kings on 5i / 5a
    assert ow[7, 8, 4] == 1 and ow[14 + 7, 0, 4] == 1  # turned for White
    assert ob[0, 6, 2] == 1  # Black's 7g pawn
    assert ow[14, 2, 6] == 1  # ... as White sees it
    assert ob[5, 7, 7] == 1 and ob[4, 7, 1] == 1  # rook 2h, bishop 8h
    assert ob[:14].sum() == 20 == ob[14:28].sum()
    assert ob[45].max() == 0 and ow[45].min() == 1
    assert ob[46].min() == 1 and ow[46].max() == 0
    # The start is symmetric: White's picture of it is Black's picture.
    assert np.array_equal(np.delete(ob, [45, 46], axis=0), np.delete(ow, [45, 46], axis=0))
    b.push_usi("7g7f")
    assert np.array_equal(b.observation_tensor(), b.observation_tensor(WHITE))
    mini = sv.Board(variant="minishogi")
    om = mini.observation_tensor()
    assert om[7, 4, 0] == 1 and om[21, 0, 4] == 1  # 5e king, 1a king


@pytest.mark.parametrize("variant,settings", BOARD_KINDS, ids=BOARD_IDS)
def test_board_observation_matches_the_position(variant, settings):
    rng = random.Random(f"obs-{variant}")
    hands = 0
    for _ in range(30):
        board = random_board(variant, rng, rng.randrange(160), **settings)
        for viewer in (BLACK, WHITE):
            obs = board.observation_tensor(viewer)
            expected = expected_board_planes(board, viewer)
            for plane in range(BOARD_PLANES):
                np.testing.assert_array_equal(obs[plane], expected[plane], err_msg=f"plane {plane} {board.sfen()}")
            pieces = sum(board.piece_at(name(f, r)) is not None
                         for f in range(1, board.files + 1) for r in range(1, board.ranks + 1))
            assert obs[:28].sum() == pieces
            assert obs[:28].sum(axis=0).max() <= 1  # one piece per square
        hands += bool(board.hand(BLACK) or board.hand(WHITE))
    assert hands > 5  # captures happened: hand planes were exercised


@pytest.mark.parametrize("variant", ["standard", "minishogi"])
def test_observation_colour_symmetry(variant):
    """The observation of a position from one side equals the observation of
    the colour-flipped position from the other side (bar plane 45, which
    says who observes)."""
    boards = random_boards(variant, f"sym-{variant}", 40, 140)
    boards += [sv.Board(STANDARD_START if variant == "standard" else MINISHOGI_START, variant=variant)]
    flipped_hands = 0
    for board in boards:
        sfen = board.sfen()
        assert flip_sfen(flip_sfen(sfen)) == sfen
        flipped = sv.Board(flip_sfen(sfen), variant=variant)
        flipped_hands += bool(board.hand(BLACK))
        assert flipped.hand(WHITE) == board.hand(BLACK) and flipped.hand(BLACK) == board.hand(WHITE)
        fresh = sv.Board(sfen, variant=variant)  # same history-free start as `flipped`
        for viewer in (BLACK, WHITE):
            a = fresh.observation_tensor(viewer)
            b = flipped.observation_tensor(1 - viewer)
            assert a[45].min() == a[45].max() == float(viewer == WHITE)
            assert b[45].min() == b[45].max() == float(viewer == BLACK)
            keep = [p for p in range(BOARD_PLANES) if p != 45]
            np.testing.assert_array_equal(a[keep], b[keep], err_msg=sfen)
    assert flipped_hands > 5


def test_hand_planes():
    b = sv.Board("4k4/9/9/9/9/9/9/9/4K4 b 3P2LSBRG2pn 1")
    ob, ow = b.observation_tensor(BLACK), b.observation_tensor(WHITE)
    assert [ob[28 + k, 0, 0] for k in range(7)] == pytest.approx([3 / 18, 2 / 4, 0, 1 / 4, 1 / 2, 1 / 2, 1 / 4])
    assert [ob[35 + k, 0, 0] for k in range(7)] == pytest.approx([2 / 18, 0, 1 / 4, 0, 0, 0, 0])
    np.testing.assert_array_equal(ow[28:35], ob[35:42])
    np.testing.assert_array_equal(ow[35:42], ob[28:35])
    for plane in range(28, 42):
        assert ob[plane].min() == ob[plane].max()  # whole planes
    m = sv.Board("4k/5/5/5/K4 b PSpg 1", variant="minishogi")
    om = m.observation_tensor(BLACK)
    assert [om[28 + k, 2, 2] for k in range(7)] == pytest.approx([0.5, 0, 0, 0.5, 0, 0, 0])
    assert [om[35 + k, 2, 2] for k in range(7)] == pytest.approx([0.5, 0, 0, 0, 0, 0, 0.5])


def test_repetition_and_game_over_planes():
    b = sv.Board()
    assert b.observation_tensor()[42:45].max() == 0
    expected = {1: [1, 0, 0], 2: [1, 1, 0]}
    for round_ in (1, 2):
        for usi in SHUFFLE:
            b.push_usi(usi)
        o = b.observation_tensor()
        assert [o[42 + k].max() for k in range(3)] == expected[round_]
        assert [o[42 + k].min() for k in range(3)] == expected[round_]
        assert o[46].min() == 1
    b.push_usi("2h3h")  # a position seen once so far
    assert b.observation_tensor()[42].max() == 1  # ... it occurred once before (after move 1)
    b.pop()
    for usi in SHUFFLE:
        b.push_usi(usi)
    o = b.observation_tensor()
    assert b.is_game_over() and b.outcome().reason == "repetition"
    assert [o[42 + k].min() for k in range(3)] == [1, 1, 1]
    assert o[46].max() == 0  # nobody is to move in a finished game
    # Undoing clears them again.
    for _ in range(12):
        b.pop()
    np.testing.assert_array_equal(b.observation_tensor(), sv.Board().observation_tensor())


def test_check_plane():
    b = sv.Board("4k4/9/9/9/9/9/9/9/4K3R b - 1")
    assert b.observation_tensor()[47].max() == 0
    b.push_usi("1i1a+")
    assert b.is_check()
    assert b.observation_tensor(WHITE)[47].min() == 1 == b.observation_tensor(BLACK)[47].min()


# --------------------------------------------------------------------------
# Card shogi observations
# --------------------------------------------------------------------------


def expected_card_planes(game: sv.CardGame, viewer: int) -> np.ndarray:
    n = 9 if game.settings["base"] == "standard" else 5
    cards = n + 1
    out = np.zeros((2 + 2 * cards, n, n), dtype=np.float32)
    if game.phase == "draw":
        out[0] = 1
    elif game.phase == "move":
        card = game.current_card
        if card is None or card == sv.JOKER:
            out[1] = 1
            if card == sv.JOKER:
                out[2 + 0] = 1
        else:
            for r in range(1, n + 1):
                out[(1,) + cell(card, r, viewer, n)] = 1
            out[2 + card] = 1
    full = {c: game.settings["copies_per_rank"] for c in range(1, cards)}
    full[sv.JOKER] = 2 if game.settings["jokers"] else 0
    # The pile, or when it is empty the whole deck (the discards are reshuffled).
    deck = game.deck() if game.cards_left() > 0 else full
    for c in range(cards):
        if full[c]:
            out[2 + cards + c] = deck.get(c, 0) / full[c]
    return out


@pytest.mark.parametrize("base,jokers", [("standard", False), ("standard", True), ("minishogi", False)])
def test_card_observation_matches_the_game(base, jokers):
    size = 9 if base == "standard" else 5
    checked = {"draw": 0, "move": 0, "over": 0}
    for seed in range(3):
        rng = random.Random(seed)
        game = sv.CardGame(seed=seed, base=base, jokers=jokers)
        previous_pile = None
        positions = []  # position keys after every move (g.board() has no history)
        for g in card_turns(game, rng, 200):
            key = g.sfen().rsplit(" ", 1)[0]
            if not positions or positions[-1] != key:
                positions.append(key)
            for viewer in (BLACK, WHITE):
                obs = g.observation_tensor(viewer)
                assert obs.shape == (48 + 2 + 2 * (size + 1), size, size)
                board = g.board()
                expected = expected_board_planes(board, viewer, repetitions=positions.count(key))
                np.testing.assert_array_equal(obs[:45], expected[:45], err_msg=g.sfen())
                if g.is_chance_node():
                    # The deck planes are the pile the next draw comes from.
                    deck = obs[48 + 2 + size + 1:, 0, 0]
                    odds = dict(g.chance_outcomes())
                    full = [2 if jokers else 0] + [g.settings["copies_per_rank"]] * size
                    counts = [deck[c] * full[c] for c in range(size + 1)]
                    total = sum(counts)
                    for c in range(size + 1):
                        assert odds.get(c, 0.0) == pytest.approx(counts[c] / total, abs=1e-6)
                np.testing.assert_array_equal(obs[45], np.full((size, size), float(viewer == WHITE)))
                np.testing.assert_array_equal(obs[46], np.full((size, size), float(g.turn == viewer and not g.is_game_over())))
                np.testing.assert_array_equal(obs[48:], expected_card_planes(g, viewer), err_msg=f"{g.phase} {g.current_card}")
            checked[g.phase] += 1
            pile = g.observation_tensor()[48 + 2 + size + 1:].sum()
            if previous_pile is not None and g.cards_left() > 0:
                assert pile <= previous_pile + 1e-6 or g.cards_left() >= previous_cards  # reshuffle only
            previous_pile, previous_cards = pile, g.cards_left()
        assert np.array_equal(g.observation_tensor(), g.observation_tensor(g.turn))
    assert checked["draw"] > 10 and checked["move"] > 10


def test_card_repetition_planes_follow_the_game_history():
    g = sv.CardGame(seed=0)
    for round_ in (1, 2):
        for usi in SHUFFLE:  # rook shuffles: the destination file is the card's
            g.apply_chance(int(usi[2]))
            g.push(usi)
        o = g.observation_tensor()
        assert [o[42 + k].min() for k in range(3)] == [1, round_ == 2, 0]
        # The Board copy keeps the history, so it sees the same repetitions.
        np.testing.assert_array_equal(g.board().observation_tensor()[:48], o[:48])


def test_card_planes_by_hand():
    g = sv.CardGame(seed=1)
    o = g.observation_tensor()
    assert o.shape == (70, 9, 9)
    assert o[48].min() == 1 and o[49:60].max() == 0  # drawing; no card yet
    assert [o[60 + c, 0, 0] for c in range(10)] == [0.0] + [1.0] * 9  # no jokers, full deck
    g.apply_chance(7)
    o = g.observation_tensor()
    assert o[48].max() == 0
    assert o[49, :, 2].min() == 1 and o[49].sum() == 9  # file 7 is Black's third column
    assert o[57].min() == 1 and o[50:60].sum() == 81  # one-hot: card 7
    assert o[67, 0, 0] == pytest.approx(7 / 8)
    assert g.observation_tensor(WHITE)[49, :, 6].min() == 1  # White sees file 7 as its seventh column
    g.push("7g7f")
    o = g.observation_tensor()
    assert o[48].min() == 1 and o[49:60].max() == 0
    g.apply_chance(7)
    assert g.observation_tensor()[67, 0, 0] == pytest.approx(6 / 8)
    assert g.observation_tensor()[49, :, 6].min() == 1  # White to move now
    j = sv.CardGame(seed=2, jokers=True)
    assert j.observation_tensor()[60, 0, 0] == 1
    j.apply_chance(sv.JOKER)
    o = j.observation_tensor()
    assert o[49].min() == 1 and o[50].min() == 1 and o[51:60].max() == 0
    assert o[60, 0, 0] == pytest.approx(1 / 2)
    mini = sv.CardGame(seed=3, base="minishogi")
    assert mini.num_cards == 6 and mini.observation_shape == (62, 5, 5)
    mini.apply_chance(3)
    o = mini.observation_tensor()
    assert o[49, :, 2].min() == 1 and o[49].sum() == 5
    assert o[53].min() == 1


# --------------------------------------------------------------------------
# Tsuitate observations
# --------------------------------------------------------------------------


def test_tsuitate_observation_hides_what_the_player_does_not_know():
    a, b = sv.TsuitateGame(), sv.TsuitateGame()
    for black, white_a, white_b in [("7g7f", "3c3d", "8c8d"), ("2g2f", "4a5b", "6a5b"), ("6i7h", "1c1d", "9c9d")]:
        a.push(black)
        b.push(black)
        a.push(white_a)
        b.push(white_b)
        assert a.sfen() != b.sfen()
        np.testing.assert_array_equal(a.seen(BLACK).observation_tensor(), b.seen(BLACK).observation_tensor())
        assert not np.array_equal(a.seen(WHITE).observation_tensor(), b.seen(WHITE).observation_tensor())
    # Different hidden armies from the start: Black's picture is the same.
    c = sv.TsuitateGame("lnsgk1snl/1r3g1b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
    np.testing.assert_array_equal(c.seen(BLACK).observation_tensor(), sv.TsuitateGame().seen(BLACK).observation_tensor())


def test_tsuitate_observation_of_a_capture():
    a, b = sv.TsuitateGame(HIDDEN_PAWN), sv.TsuitateGame(PAWN_ON_2E)
    np.testing.assert_array_equal(a.seen(BLACK).observation_tensor(), b.seen(BLACK).observation_tensor())
    assert a.push("1i1e").played and b.push("1i1e").played
    oa, ob = a.seen(BLACK).observation_tensor(), b.seen(BLACK).observation_tensor()
    changed = sorted({int(p) for p in np.argwhere(oa != ob)[:, 0]})
    # A pawn in hand, one pawn fewer that can be White's, "my move captured on 1e".
    assert changed == [14, 21, 29]
    assert oa[14].min() == pytest.approx(1 / 18)
    assert oa[21].min() == pytest.approx(17 / 18) and ob[21].min() == 1
    assert oa[29].sum() == 1 and oa[29][cell(1, 5, BLACK, 9)] == 1
    wa, wb = a.seen(WHITE).observation_tensor(), b.seen(WHITE).observation_tensor()
    assert wa[28].sum() == 1 and wa[28][cell(1, 5, WHITE, 9)] == 1  # "they captured on 1e"
    assert wa[21].min() == 1 and wb[21].min() == pytest.approx(17 / 18)  # every pawn may be Black's now
    assert wa[0].sum() == 0 and wb[0].sum() == 1  # the pawn is gone from White's own planes
    assert wb[28].max() == 0
    assert wa[38].min() == 1 and oa[38].max() == 0  # White to move
    # White's reply clears "their capture" for Black... and Black's own capture stays told until Black moves.
    a.push("5a4a")
    oa2 = a.seen(BLACK).observation_tensor()
    assert oa2[29].sum() == 1
    a.push("5i5h")
    assert a.seen(BLACK).observation_tensor()[29].max() == 0


def test_tsuitate_observation_of_fouls_and_checks():
    a, b = sv.TsuitateGame(HIDDEN_PAWN), sv.TsuitateGame(HIDDEN_PAWN)
    before = a.seen(BLACK).observation_tensor()
    white_before = a.seen(WHITE).observation_tensor()
    assert a.push("1i1c+").verdict == "foul"
    after = a.seen(BLACK).observation_tensor()
    changed = sorted({int(p) for p in np.argwhere(before != after)[:, 0]})
    assert changed == [32, 33, 34]
    assert after[32][cell(1, 9, BLACK, 9)] == 1 and after[32].sum() == 1  # the origin 1i
    assert after[33][cell(1, 3, BLACK, 9)] == 1 and after[33].sum() == 1  # the target 1c
    assert after[34].min() == pytest.approx(1 / 10)
    w = a.seen(WHITE).observation_tensor()
    assert sorted({int(p) for p in np.argwhere(white_before != w)[:, 0]}) == [35]
    assert w[35].min() == pytest.approx(1 / 10)
    # The foul is what Black learns: b, where Black did not try it, differs.
    assert not np.array_equal(after, b.seen(BLACK).observation_tensor())
    # Playing a move ends the turn: this turn's foul squares clear, the count stays.
    assert a.push("5i5h").played
    o = a.seen(BLACK).observation_tensor()
    assert o[32].max() == 0 and o[33].max() == 0 and o[34].min() == pytest.approx(1 / 10)
    assert o[36].min() == pytest.approx(1 / 150)  # one move of the 150-move limit
    # Check is told to both.
    c = sv.TsuitateGame("4k4/9/9/9/9/9/9/9/3K4R b - 1")
    assert c.push("1i1a+").played
    assert c.seen(BLACK).observation_tensor()[31].min() == 1
    assert c.seen(WHITE).observation_tensor()[30].min() == 1
    assert c.seen(BLACK).observation_tensor()[30].max() == 0


@pytest.mark.parametrize("base", BASES)
def test_tsuitate_observation_matches_the_view(base):
    n = 9 if base == "standard" else 5
    for seed in range(3):
        rng = random.Random(seed)
        game = sv.TsuitateGame(base=base, foul_limit=12, move_limit=80)
        for g in tsuitate_states(game, rng, 200):
            for viewer in (BLACK, WHITE):
                view = g.seen(viewer)
                o = view.observation_tensor()
                assert o.shape == (39, n, n) == view.observation_shape
                expected = np.zeros((14, n, n), dtype=np.float32)
                for f in range(1, n + 1):
                    for r in range(1, n + 1):
                        p = view.piece_at(name(f, r))
                        if p is not None:
                            assert owner(p) == viewer
                            expected[(kind_index(p),) + cell(f, r, viewer, n)] = 1
                np.testing.assert_array_equal(o[:14], expected)
                hand = view.hand()
                for k, kind in enumerate(HAND_KINDS):
                    count = hand.get(kind, 0)
                    assert o[14 + k].min() == o[14 + k].max() == pytest.approx(count and count / HAND_TOTALS[n][k])
                assert o[34, 0, 0] == pytest.approx(view.fouls / 12)
                assert o[35, 0, 0] == pytest.approx(view.opponent_fouls_known / 12)
                assert o[36, 0, 0] == pytest.approx(view.moves_played / 80)
                assert o[37].min() == o[37].max() == float(viewer == WHITE)
                assert o[38].min() == o[38].max() == float(view.to_move)
                # The opponent's pieces of each hand kind: the full set minus our own.
                own = [0] * 7
                for f in range(1, n + 1):
                    for r in range(1, n + 1):
                        p = view.piece_at(name(f, r))
                        if p is not None and p.lstrip("+").upper() != "K":
                            own[HAND_KINDS.index(p.lstrip("+").upper())] += 1
                for k, kind in enumerate(HAND_KINDS):
                    total = HAND_TOTALS[n][k]
                    theirs = total - own[k] - hand.get(kind, 0)
                    assert theirs >= 0
                    assert o[21 + k].min() == o[21 + k].max() == pytest.approx(theirs / total if total else 0)


# --------------------------------------------------------------------------
# SelfPlay
# --------------------------------------------------------------------------


def new_mirror(kind: str, settings):
    if kind == "tsuitate":
        return sv.TsuitateGame(**settings)
    return sv.Board(variant=kind, **settings)


def mirror_view(kind, game):
    return game.seen(game.turn) if kind == "tsuitate" else game


def mirror_sfen(kind, game):
    return game.sfen() if kind == "tsuitate" else game.sfen()


def mirror_apply(kind, game, action):
    mv = mirror_view(kind, game).move_of(action)
    if kind == "tsuitate":
        game.push(mv)
    else:
        game.push(mv)


MIRRORED = [
    # kind, settings, games, steps, cap
    ("standard", {}, 5, 700, 400),
    ("minishogi", {}, 6, 400, 100),
    ("must-capture", {}, 4, 400, 250),
    ("must-capture", {"base": "minishogi"}, 6, 300, 70),
    ("tsuitate", {}, 6, 300, 80),
    ("tsuitate", {"base": "minishogi"}, 6, 300, 30),
]


@pytest.mark.parametrize("kind,settings,n,steps,cap", MIRRORED,
                         ids=["standard", "minishogi", "must-capture", "must-capture-mini", "tsuitate", "tsuitate-mini"])
def test_selfplay_matches_the_per_game_api(kind, settings, n, steps, cap):
    """Caller-chosen random actions; after every step each row must equal
    what the per-game API gives for the same game played by hand."""
    sp = sv.SelfPlay(kind, num_games=n, seed=11, max_plies=cap, **settings)
    assert sp.num_games == n == len(sp) and sp.max_plies == cap
    mirrors = [new_mirror(kind, settings) for _ in range(n)]
    plies = [0] * n
    assert sp.num_actions == mirrors[0].num_actions
    assert tuple(sp.observation_shape) == tuple(mirror_view(kind, mirrors[0]).observation_shape)
    rng = np.random.default_rng(5)
    ends = {"terminated": 0, "truncated": 0, "decisive": 0}

    def compare(obs, masks):
        for i, g in enumerate(mirrors):
            view = mirror_view(kind, g)
            np.testing.assert_array_equal(obs[i], view.observation_tensor(), err_msg=f"row {i}")
            legal = view.legal_actions()
            assert np.flatnonzero(masks[i]).tolist() == legal == sp.legal_actions(i)
            assert int(sp.to_play[i]) == g.turn
            assert sp.plies(i) == plies[i]
            assert mirror_sfen(kind, sp.game_at(i)) == mirror_sfen(kind, g)

    obs, masks = sp.reset()
    compare(obs, masks)
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(masks[i])) for i in range(n)], dtype=np.int64)
        obs, rewards, terminated, truncated, masks = sp.step(actions)
        assert obs.dtype == np.float32 and rewards.dtype == np.float32
        assert terminated.dtype == bool and truncated.dtype == bool and masks.dtype == bool
        for i in range(n):
            mirror_apply(kind, mirrors[i], int(actions[i]))
            plies[i] += 1
            outcome = mirrors[i].outcome()
            if outcome is not None:
                assert terminated[i] and not truncated[i], (i, outcome.reason)
                assert rewards[i].tolist() == list(outcome.returns())
                assert rewards[i].sum() == 0
                ends["terminated"] += 1
                ends["decisive"] += outcome.winner is not None
            elif plies[i] == cap:
                assert truncated[i] and not terminated[i]
                assert rewards[i].tolist() == [0.0, 0.0]
                ends["truncated"] += 1
            else:
                assert plies[i] < cap
                assert not terminated[i] and not truncated[i]
                assert rewards[i].tolist() == [0.0, 0.0]
            if outcome is not None or plies[i] == cap:
                mirrors[i] = new_mirror(kind, settings)
                plies[i] = 0
        compare(obs, masks)
    assert ends["terminated"] > 0 and ends["truncated"] > 0 and ends["decisive"] > 0, ends
    assert sp.games_finished() == (ends["terminated"], ends["truncated"])


@pytest.mark.parametrize("base", BASES)
def test_selfplay_card_rows_match_the_game(base):
    """Card shogi draws inside the step, so the draws cannot be mirrored; each
    row must still be what game_at(i) says, the board must continue from the
    move played, and a terminated row's rewards must say who lost."""
    n = 6
    sp = sv.SelfPlay("card", num_games=n, seed=3, base=base, max_plies=120)
    assert sp.num_actions == sv.CardGame(seed=0, base=base).num_actions
    rng = np.random.default_rng(1)
    ends = 0
    masks = sp.action_masks
    for _ in range(300):
        before = [sp.game_at(i) for i in range(n)]
        plies = [sp.plies(i) for i in range(n)]
        actions = [int(rng.choice(np.flatnonzero(masks[i]))) for i in range(n)]
        obs, rewards, terminated, truncated, masks = sp.step(actions)
        for i in range(n):
            g = before[i]
            assert g.phase == "move"
            mover = g.turn
            g.push(g.move_of(actions[i]))
            now = sp.game_at(i)
            assert now.phase == "move"  # a slot always waits for a decision
            np.testing.assert_array_equal(obs[i], now.observation_tensor())
            assert np.flatnonzero(masks[i]).tolist() == now.legal_actions() == sp.legal_actions(i)
            assert int(sp.to_play[i]) == now.turn
            assert not (terminated[i] and truncated[i])
            if terminated[i]:
                ends += 1
                if g.is_game_over():
                    assert rewards[i].tolist() == list(g.outcome().returns())
                else:
                    # The game ended at the draw after the move (no move on the card's file):
                    # the next player lost.
                    assert rewards[i][1 - mover] == -1 and rewards[i][mover] == 1
                assert sp.plies(i) == 0
            elif truncated[i]:
                assert plies[i] + 1 == 120 and sp.plies(i) == 0
                assert rewards[i].tolist() == [0.0, 0.0]
            else:
                assert rewards[i].tolist() == [0.0, 0.0]
                assert not g.is_game_over()
                assert now.sfen().split()[:3] == g.sfen().split()[:3]  # draws move no piece
                assert sp.plies(i) == plies[i] + 1
    assert ends > 0


@pytest.mark.parametrize("kind,settings", [
    ("standard", {}), ("minishogi", {}), ("must-capture", {}), ("must-capture", {"base": "minishogi"}),
    ("card", {}), ("card", {"base": "minishogi"}), ("tsuitate", {}), ("tsuitate", {"base": "minishogi"}),
], ids=["standard", "minishogi", "mc", "mc-mini", "card", "card-mini", "tsuitate", "tsuitate-mini"])
def test_selfplay_argmax_actions_finish_every_game(kind, settings):
    n = 4
    sp = sv.SelfPlay(kind, num_games=n, seed=2, **settings)
    done = np.zeros(n, dtype=bool)
    for _ in range(5000):
        obs, rewards, terminated, truncated, masks = sp.step(np.argmax(sp.action_masks, axis=1))
        assert not truncated.any()  # no cap
        for i in np.flatnonzero(terminated):
            assert rewards[i].sum() == 0 and set(rewards[i].tolist()) <= {-1.0, 0.0, 1.0}
        assert not rewards[~terminated].any()
        assert masks.any(axis=1).all()  # every slot holds a live game
        done |= terminated
        if done.all():
            break
    assert done.all(), f"{kind}: games did not finish"
    assert sp.games_finished()[0] >= n


@pytest.mark.parametrize("kind,settings,cap", [
    ("standard", {}, 60), ("card", {}, 60), ("card", {"base": "minishogi", "jokers": True}, 20), ("tsuitate", {}, 40),
], ids=["standard", "card", "card-mini-jokers", "tsuitate"])
def test_selfplay_is_deterministic_and_thread_independent(kind, settings, cap):
    runs = [sv.SelfPlay(kind, num_games=7, threads=t, seed=42, max_plies=cap, **settings) for t in (1, 2, 1)]
    other = sv.SelfPlay(kind, num_games=7, threads=1, seed=43, max_plies=cap, **settings)
    assert [r.threads for r in runs] == [1, 2, 1]
    differs = False
    for _ in range(200):
        outs = [tuple(np.array(x, copy=True) for x in r.step_random()) + (r.to_play.copy(),) for r in runs]
        for out in outs[1:]:
            for x, y in zip(outs[0], out):
                np.testing.assert_array_equal(x, y)
        o = other.step_random()
        differs |= not np.array_equal(o[0], outs[0][0])
    assert differs
    assert runs[0].games_finished() == runs[1].games_finished() == runs[2].games_finished()
    assert [runs[0].plies(i) for i in range(7)] == [runs[1].plies(i) for i in range(7)]
    assert runs[0].games_finished()[1] > 0  # the cap was hit: restarts are deterministic too


def test_selfplay_run_random_equals_step_random():
    a = sv.SelfPlay("minishogi", num_games=8, threads=2, seed=9, max_plies=60)
    b = sv.SelfPlay("minishogi", num_games=8, threads=1, seed=9, max_plies=60)
    finished = a.run_random(250)
    for _ in range(250):
        b.step_random()
    assert finished == sum(a.games_finished()) == sum(b.games_finished()) > 0
    for x, y in zip((a.observations, a.action_masks, a.rewards, a.terminated, a.truncated, a.to_play),
                    (b.observations, b.action_masks, b.rewards, b.terminated, b.truncated, b.to_play)):
        np.testing.assert_array_equal(x, y)


def test_selfplay_truncation_at_the_cap():
    sp = sv.SelfPlay("standard", num_games=3, seed=0, max_plies=5)
    start = sp.observations.copy()
    for k in range(1, 5):
        _, rewards, terminated, truncated, _ = sp.step_random()
        assert not truncated.any() and not terminated.any() and not rewards.any()
        assert [sp.plies(i) for i in range(3)] == [k] * 3
    _, rewards, terminated, truncated, _ = sp.step_random()
    assert truncated.all() and not terminated.any() and not rewards.any()
    assert [sp.plies(i) for i in range(3)] == [0] * 3
    np.testing.assert_array_equal(sp.observations, start)  # restarted
    assert sp.games_finished() == (0, 3)
    _, _, terminated, truncated, _ = sp.step_random()
    assert not truncated.any()  # the end flags describe the last step only
    # Tsuitate: fouls count towards the cap.
    t = sv.SelfPlay("tsuitate", num_games=2, max_plies=1)
    for _ in range(5):
        assert t.step_random()[3].all()


def test_selfplay_illegal_action_changes_nothing():
    for kind, settings in [("standard", {}), ("card", {"base": "minishogi"}), ("tsuitate", {})]:
        sp = sv.SelfPlay(kind, num_games=4, seed=1, **settings)
        for _ in range(7):
            sp.step_random()

        def state():
            return (
                sp.observations.copy(), sp.action_masks.copy(), sp.rewards.copy(), sp.terminated.copy(),
                sp.truncated.copy(), sp.to_play.copy(), [sp.plies(i) for i in range(4)],
                [sp.game_at(i).to_json() for i in range(4)], sp.games_finished(),
            )

        before = state()
        masks = sp.action_masks.copy()
        good = [int(np.flatnonzero(masks[i])[0]) for i in range(4)]
        illegal = [int(np.flatnonzero(~masks[i])[0]) for i in range(4)]
        # A game after the bad one, the last one, and an action number that names no move (0).
        for bad in ([good[0], good[1], illegal[2], good[3]], [*good[:3], illegal[3]], [0, *good[1:]]):
            with pytest.raises(sv.IllegalMoveError) as info:
                sp.step(bad)
            assert isinstance(info.value, sv.ShogiError)
            after = state()
            for x, y in zip(before, after):
                if isinstance(x, np.ndarray):
                    np.testing.assert_array_equal(x, y)
                else:
                    assert x == y
        # ... and the batch still steps normally afterwards.
        _, _, terminated, truncated, _ = sp.step(good)
        for i in range(4):
            ended = terminated[i] or truncated[i]
            assert sp.plies(i) == (0 if ended else before[6][i] + 1)


def test_selfplay_bad_actions_are_input_errors():
    sp = sv.SelfPlay("minishogi", num_games=3, seed=0)
    legal = [sp.legal_actions(i)[0] for i in range(3)]
    before = (sp.observations.copy(), [sp.plies(i) for i in range(3)])
    for bad in (legal[:2], legal + legal[:1], [], [legal[0], -1, legal[2]], [legal[0], 2**40, legal[2]],
                np.array(legal, dtype=np.float64), np.array([legal], dtype=np.int64), "abc", None, 5,
                [legal[0], "x", legal[2]], [sp.num_actions, legal[1], legal[2]]):
        with pytest.raises(sv.ShogiError):
            sp.step(bad)
    with pytest.raises(sv.InvalidMoveError):
        sp.step([legal[0], -1, legal[2]])
    np.testing.assert_array_equal(sp.observations, before[0])
    assert [sp.plies(i) for i in range(3)] == before[1]
    # Integer arrays of any usual width and plain lists are accepted.
    for dtype in (np.int64, np.int32, np.uint32, np.int16, np.uint64):
        sp.reset()
        sp.step(np.array([sp.legal_actions(i)[0] for i in range(3)], dtype=dtype))
        assert [sp.plies(i) for i in range(3)] == [1, 1, 1]
    with pytest.raises(IndexError):
        sp.legal_actions(3)
    with pytest.raises(IndexError):
        sp.plies(3)
    with pytest.raises(IndexError):
        sp.game_at(3)


@pytest.mark.parametrize("kwargs", [
    {"game": "chess"}, {"num_games": 0}, {"num_games": -1}, {"threads": 0}, {"threads": -2},
    {"seed": -1}, {"max_plies": -1}, {"num_games": "many"}, {"foo": 1},
    {"game": "card", "base": "chess"}, {"game": "tsuitate", "foul_limit": "x"},
], ids=lambda k: ",".join(f"{a}={b}" for a, b in k.items()))
def test_selfplay_bad_arguments(kwargs):
    with pytest.raises(sv.ShogiError) as info:
        sv.SelfPlay(**kwargs)
    assert isinstance(info.value, ValueError)


def test_selfplay_properties_and_outputs():
    sp = sv.SelfPlay("card", num_games=5, threads=2, seed=4, max_plies=33, base="minishogi")
    assert (sp.num_games, sp.threads, sp.max_plies, sp.num_actions) == (5, 2, 33, 1425)
    assert tuple(sp.observation_shape) == (62, 5, 5)
    assert sp.observations.shape == (5, 62, 5, 5) and sp.observations.dtype == np.float32
    assert sp.action_masks.shape == (5, 1425)
    assert sp.rewards.shape == (5, 2) and sp.terminated.shape == (5,) == sp.truncated.shape
    assert sp.to_play.shape == (5,) and sp.to_play.dtype == np.uint8
    assert "SelfPlay" in repr(sp)
    out = sp.step_random()
    assert len(out) == 5
    # The returned arrays are the batch's own buffers (overwritten by the next step).
    for returned, prop in zip(out, (sp.observations, sp.rewards, sp.terminated, sp.truncated, sp.action_masks)):
        assert np.shares_memory(returned, prop)
    obs, masks = sp.reset()
    assert [sp.plies(i) for i in range(5)] == [0] * 5
    assert not sp.rewards.any() and not sp.terminated.any() and not sp.truncated.any()
    for i in range(5):
        np.testing.assert_array_equal(obs[i], sp.game_at(i).observation_tensor())
        assert np.flatnonzero(masks[i]).tolist() == sp.game_at(i).legal_actions()
    standard = sv.SelfPlay(num_games=2)
    assert (standard.num_games, standard.threads, standard.max_plies) == (2, 1, None)
    assert tuple(standard.observation_shape) == (48, 9, 9)
    np.testing.assert_array_equal(standard.observations[0], sv.Board().observation_tensor())
    assert sv.SelfPlay().num_games == 64


@pytest.mark.parametrize("kind", ["standard", "card", "tsuitate"])
def test_selfplay_without_observations(kind):
    a = sv.SelfPlay(kind, num_games=6, seed=5, max_plies=50, observations=False)
    b = sv.SelfPlay(kind, num_games=6, seed=5, max_plies=50)
    assert a.observations.shape[:2] == (6, 0)
    assert tuple(a.observation_shape) == tuple(b.observation_shape)
    for _ in range(120):
        oa, ra, ta, ua, ma = a.step_random()
        ob, rb, tb, ub, mb = b.step_random()
        assert oa.size == 0
        for x, y in ((ra, rb), (ta, tb), (ua, ub), (ma, mb), (a.to_play, b.to_play)):
            np.testing.assert_array_equal(x, y)
    assert a.games_finished() == b.games_finished() and sum(a.games_finished()) > 0
    a.step(np.argmax(a.action_masks, axis=1))
    before = sum(a.games_finished())
    finished = a.run_random(10)
    assert finished == sum(a.games_finished()) - before


def test_selfplay_tsuitate_rows_are_the_movers_view():
    sp = sv.SelfPlay("tsuitate", num_games=4, seed=8, max_plies=60)
    for _ in range(80):
        obs, *_ = sp.step_random()
        for i in range(4):
            g = sp.game_at(i)
            mover = int(sp.to_play[i])
            assert mover == g.turn
            np.testing.assert_array_equal(obs[i], g.seen(mover).observation_tensor())
            assert obs[i][38].min() == 1  # the mover's own view: "I am to move"
            assert obs[i][37].min() == obs[i][37].max() == float(mover == WHITE)


def test_selfplay_accepts_strided_action_arrays():
    sp = sv.SelfPlay("minishogi", num_games=3, seed=0)
    table = np.zeros((3, 2), dtype=np.int64)
    table[:, 0] = [sp.legal_actions(i)[0] for i in range(3)]
    sp.step(table[:, 0])
    assert [sp.plies(i) for i in range(3)] == [1, 1, 1]


def test_selfplay_refuses_a_zero_cap_and_names_the_range():
    for kwargs, text in (({"max_plies": 0}, "max_plies"), ({"num_games": 0}, "num_games"), ({"threads": 0}, "threads")):
        with pytest.raises(sv.SettingError, match=f"{text} must be an integer in 1"):
            sv.SelfPlay("minishogi", **kwargs)


def test_selfplay_reset_with_a_seed_replays_a_fresh_batch():
    fresh = sv.SelfPlay("card", num_games=4, seed=5, base="minishogi")
    for _ in range(30):
        fresh.step_random()
    expected = fresh.observations.copy()
    used = sv.SelfPlay("card", num_games=4, seed=9, base="minishogi")
    for _ in range(17):
        used.step_random()
    used.reset(seed=5)
    for _ in range(30):
        used.step_random()
    np.testing.assert_array_equal(used.observations, expected)
    # Without a seed the generators go on: the next games differ.
    used.reset()
    for _ in range(30):
        used.step_random()
    assert not np.array_equal(used.observations, expected)
    with pytest.raises(sv.SettingError):
        used.reset(seed=-1)


def test_selfplay_arrays_are_read_only_views_of_the_batch():
    sp = sv.SelfPlay("minishogi", num_games=3, seed=0)
    obs, masks = sp.reset()
    for array in (obs, masks, sp.rewards, sp.terminated, sp.truncated, sp.to_play):
        assert not array.flags.writeable
        with pytest.raises(ValueError):
            array[0] = 0
    out = sp.step_random()
    # Zero copies: the same memory every step, updated in place.
    assert np.shares_memory(out[0], obs) and np.shares_memory(out[4], masks)
    assert all(set(np.flatnonzero(masks[i])) == set(sp.legal_actions(i)) for i in range(3))


def test_player_view_information_state_tensor():
    game = sv.TsuitateGame(base="minishogi", move_limit=30, foul_limit=3)
    view = game.seen(sv.BLACK)
    size = int(np.prod(view.observation_shape))
    full = view.information_state_tensor()
    assert full.dtype == np.float32 and full.shape == (size + 10 * 5 * (30 + 2 * 3 - 1),)
    np.testing.assert_array_equal(full[:size], view.observation_tensor().ravel())
    assert not full[size:].any()  # nothing told yet
    game.push("5d5c")
    view = game.seen(sv.BLACK)
    rows = view.information_state_tensor(4)[size:].reshape(4, 10)
    assert rows[0, 0] == 1 and rows[0, 8] == pytest.approx((view.action("5d5c") + 1) / view.num_actions)
    assert rows[1, 1] == 1 and not rows[2:].any()  # attempted, played
    with pytest.raises(sv.ShogiError, match="do not fit"):
        view.information_state_tensor(1)
    with pytest.raises(sv.ShogiError, match="pass a capacity"):
        sv.TsuitateGame(move_limit=None).seen(sv.BLACK).information_state_tensor()



@hsettings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(["minishogi", "must-capture", "card", "tsuitate"]),
    steps=st.lists(
        st.one_of(
            st.none(),  # a random step
            st.lists(st.integers(min_value=-(2**40), max_value=2**40), min_size=0, max_size=4),
        ),
        max_size=12,
    ),
)
def test_selfplay_takes_any_actions_without_harm(game, steps):
    """Any action list is played (all legal) or refused with a ShogiError,
    leaving every game and array as it was."""
    settings = {} if game in ("minishogi",) else {"base": "minishogi"}
    sp = sv.SelfPlay(game, num_games=3, seed=1, max_plies=30, **settings)
    for actions in steps:
        if actions is None:
            sp.step_random()
            continue
        before = ([sp.plies(i) for i in range(3)], sp.observations.copy(), sp.action_masks.copy())
        legal = len(actions) == 3 and all(a in sp.legal_actions(i) for i, a in enumerate(actions))
        try:
            sp.step(np.array(actions, dtype=np.int64) if actions else actions)
            assert legal
        except sv.ShogiError:
            assert not legal
            assert [sp.plies(i) for i in range(3)] == before[0]
            np.testing.assert_array_equal(sp.observations, before[1])
            np.testing.assert_array_equal(sp.action_masks, before[2])
        for i in range(3):
            assert set(np.flatnonzero(sp.action_masks[i])) == set(sp.legal_actions(i))
