"""Property tests (hypothesis): random legal move sequences and garbage input."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import shogi_variants as sv
from shogi_variants import Board, InvalidMoveError, Move, ShogiError

from conftest import MINISHOGI_START, STANDARD_START, snapshot

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

GAME_KINDS = [
    ("standard", {}),
    ("minishogi", {}),
    ("must-capture", {}),
    ("must-capture", {"base": "minishogi"}),
]

games = st.sampled_from(GAME_KINDS)
move_choices = st.lists(st.integers(min_value=0, max_value=10**6), max_size=60)


def walk(variant, kw, choices):
    """Plays the chosen legal moves (index modulo the number of moves)."""
    b = Board(variant=variant, **kw)
    for c in choices:
        moves = list(b.legal_moves)
        if not moves:
            break
        b.push(moves[c % len(moves)])
    return b


@FAST
@given(games, move_choices)
def test_push_pop_restores_the_sfen(game, choices):
    variant, kw = game
    b = Board(variant=variant, **kw)
    sfens = [b.sfen()]
    for c in choices:
        moves = list(b.legal_moves)
        if not moves:
            break
        m = moves[c % len(moves)]
        before = b.sfen()
        b.push(m)
        assert b.peek() == m
        b.pop()
        assert b.sfen() == before
        b.push(m)
        sfens.append(b.sfen())
    for expected in reversed(sfens[1:]):
        assert b.sfen() == expected
        b.pop()
    assert b.sfen() == sfens[0]
    assert b.move_stack == []
    assert b.outcome() is None


@FAST
@given(games, move_choices)
def test_sfen_round_trips(game, choices):
    variant, kw = game
    b = walk(variant, kw, choices)
    sfen = b.sfen()
    again = Board(sfen, variant=variant, **kw)
    assert again.sfen() == sfen
    assert again.turn == b.turn and again.move_number == b.move_number
    for s in range(b.files * b.ranks):  # every square, numbered on its own board
        assert again.piece_at(s) == b.piece_at(s)
    assert again.hand(0) == b.hand(0) and again.hand(1) == b.hand(1)
    if not b.is_game_over():
        assert sorted(m.usi() for m in again.legal_moves) == sorted(m.usi() for m in b.legal_moves)


@FAST
@given(games, move_choices)
def test_every_legal_move_round_trips_through_usi_and_code(game, choices):
    variant, kw = game
    b = walk(variant, kw, choices)
    moves = list(b.legal_moves)
    codes = set()
    for m in moves:
        assert Move.from_usi(m.usi()) == m
        assert Move.from_code(m.code) == m
        assert 0 <= m.code < 1 << 16
        codes.add(m.code)
        assert m in b.legal_moves and m.usi() in b.legal_moves
        assert b.is_legal(m)
        if m.is_drop:
            assert m.from_square is None and m.drop_piece in "PLNSGBR" and b.piece_at(m.to_square) is None
        else:
            piece = b.piece_at(m.from_square)
            assert piece is not None
            assert piece.lstrip("+").isupper() == (b.turn == sv.BLACK)
    assert len(codes) == len(moves)


@FAST
@given(games, move_choices)
def test_len_count_perft_and_copy_agree(game, choices):
    variant, kw = game
    b = walk(variant, kw, choices)
    lm = b.legal_moves
    n = len(lm)
    assert n == len(list(lm)) == lm.count()
    assert bool(lm) == (n > 0)
    if not b.is_game_over():
        assert b.perft(1) == n
    c = b.copy()
    assert c == b
    assert c.sfen() == b.sfen() and c.move_stack == b.move_stack
    assert c.outcome() == b.outcome()


# ---------------------------------------------------------------------------
# garbage input
# ---------------------------------------------------------------------------

usi_alphabet = st.text(alphabet="0123456789abcdefghijkPLNSGBRKplnsgbrk*+ -=\n", max_size=8)
sfen_alphabet = st.text(alphabet="0123456789/PLNSGBRKplnsgbrk+ -bw", max_size=80)
any_text = st.text(max_size=40)


def mutations(base):
    """Valid SFENs with one character replaced, inserted or deleted."""
    return st.tuples(
        st.integers(0, len(base) - 1),
        st.sampled_from(["replace", "insert", "delete"]),
        st.sampled_from(list("0123456789/PLNSGBRKplnsgbrk+ -bwx")),
    ).map(lambda t: _mutate(base, *t))


def _mutate(base, i, op, ch):
    if op == "replace":
        return base[:i] + ch + base[i + 1 :]
    if op == "insert":
        return base[:i] + ch + base[i:]
    return base[:i] + base[i + 1 :]


@settings(max_examples=300, deadline=None)
@given(st.one_of(any_text, sfen_alphabet, mutations(STANDARD_START), mutations(MINISHOGI_START)), st.sampled_from(sv.VARIANTS))
def test_garbage_sfen_raises_only_shogi_errors(text, variant):
    try:
        b = Board(text, variant=variant)
    except ShogiError as e:
        assert isinstance(e, ValueError)
        return
    # Accepted: then it is a real position whose SFEN reads back the same.
    assert Board(b.sfen(), variant=variant).sfen() == b.sfen()


@settings(max_examples=300, deadline=None)
@given(st.one_of(any_text, usi_alphabet))
def test_garbage_usi_raises_only_invalid_move(text):
    try:
        m = Move.from_usi(text)
    except InvalidMoveError:
        return
    assert m.usi() == text  # only canonical USI is accepted


@settings(max_examples=200, deadline=None)
@given(games, st.lists(st.integers(0, 10**6), max_size=20), st.one_of(any_text, usi_alphabet))
def test_garbage_push_never_changes_the_board(game, choices, text):
    variant, kw = game
    b = walk(variant, kw, choices)
    before = snapshot(b)
    legal = {m.usi() for m in b.legal_moves}
    try:
        b.push_usi(text)
    except ShogiError:
        assert snapshot(b) == before
        assert text not in legal
        return
    assert text in legal
    assert b.move_stack[-1].usi() == text


@settings(max_examples=150, deadline=None)
@given(games, st.lists(st.integers(0, 10**6), max_size=20), st.integers(0, (1 << 16) - 1))
def test_any_code_pushes_only_if_legal(game, choices, code):
    variant, kw = game
    b = walk(variant, kw, choices)
    try:
        m = Move.from_code(code)
    except InvalidMoveError:
        return
    before = snapshot(b)
    legal = b.is_legal(m)
    assert legal == (m in set(b.legal_moves))
    try:
        b.push(m)
    except ShogiError:
        assert not legal
        assert snapshot(b) == before
        return
    assert legal


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.integers(-(2**70), 2**70), any_text))
def test_garbage_squares(value):
    try:
        i = sv.parse_square(value)
    except ShogiError:
        return
    assert 0 <= i < 81
    if isinstance(value, str):
        assert sv.square_name(i) == value
    else:
        assert i == value


# ---------------------------------------------------------------------------
# a state machine: push / pop / garbage / copy against a model stack of SFENs
# ---------------------------------------------------------------------------


class BoardMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.board = Board()
        self.sfens = [self.board.sfen()]

    @rule(data=st.data())
    def push_legal(self, data):
        moves = list(self.board.legal_moves)
        assume(moves)
        m = data.draw(st.sampled_from(moves))
        self.board.push(m)
        self.sfens.append(self.board.sfen())

    @precondition(lambda self: len(self.sfens) > 1)
    @rule()
    def pop(self):
        self.board.pop()
        self.sfens.pop()

    @rule(text=usi_alphabet)
    def push_garbage(self, text):
        before = snapshot(self.board)
        try:
            self.board.push_usi(text)
        except ShogiError:
            assert snapshot(self.board) == before
            return
        self.sfens.append(self.board.sfen())

    @rule()
    def copy_and_diverge(self):
        c = self.board.copy()
        assert c == self.board
        moves = list(c.legal_moves)
        if moves:
            c.push(moves[0])
        assert self.board.sfen() == self.sfens[-1]

    @invariant()
    def matches_model(self):
        assert self.board.sfen() == self.sfens[-1]
        assert len(self.board.move_stack) == len(self.sfens) - 1


BoardMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
test_board_state_machine = BoardMachine.TestCase


SETTING_KEYS = [
    "move_limit", "impasse", "repetition", "stalemate", "may_flee_from_check",
    "king_captures_first", "base", "copies_per_rank", "jokers", "file_rule",
    "no_move", "check_exempt", "foul_limit", "announce_fouls_to_both",
]
setting_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["Points27", "27", "Draw", "draw", "minishogi", "Origin", "FreeMove", "Off"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
settings_dicts = st.dictionaries(
    st.one_of(st.sampled_from(SETTING_KEYS), st.text(min_size=1, max_size=10)),
    setting_values,
    max_size=4,
)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["standard", "minishogi", "must-capture", "card", "tsuitate", "chess", ""]), settings_dicts)
def test_random_settings_raise_only_setting_errors(game, kw):
    """Any keyword settings either build a game whose settings echo them, or
    raise SettingError (a ShogiError, a ValueError); nothing else escapes."""
    def build():
        if game == "card":
            return sv.CardGame(seed=1, **kw)
        if game == "tsuitate":
            return sv.TsuitateGame(**kw)
        return Board(variant=game, **kw)

    try:
        g = build()
    except sv.SettingError:
        return
    # Built: every given key is a real setting (a modifier takes its base's
    # settings by name and shows them under "base"), and the game is playable.
    for key in kw:
        assert key in g.settings or key in (g.settings.get("base") or {}), (key, g.settings)
    if isinstance(g, Board):
        assert g.perft(1) == len(g.legal_moves)
    elif isinstance(g, sv.CardGame):
        if g.phase == "draw":
            g.chance_step()
        assert g.phase in ("move", "over", "draw")
    else:
        assert len(list(g.seen(g.turn).legal_moves)) > 0
