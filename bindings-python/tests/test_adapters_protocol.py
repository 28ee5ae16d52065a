"""A game the adapters have never heard of: ``NoDrops``, defined only here,
in plain Python, on the game protocol (it wraps a minishogi ``Board`` and
forbids drops). OpenSpiel (``game_from``) and PettingZoo (``env_from``) play
it, with their own API tests, without a line of either adapter knowing it."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import shogi_variants as sv  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from shogi_variants import openspiel as sos  # noqa: E402
from shogi_variants import pettingzoo as szoo  # noqa: E402


class NoDropsOutcome:
    """The end of a NoDrops game: what the adapters read of an outcome."""

    def __init__(self, winner, reason):
        self.winner, self.reason = winner, reason

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == sv.BLACK else [-1.0, 1.0]


class NoDrops:
    """Minishogi in which pieces in hand may never be dropped. A side whose
    only legal moves are drops (a check only an interposed drop would stop,
    or nothing else to move) has no move and loses, as when mated."""

    def __init__(self, move_limit: int = 60, board=None):
        self._board = board if board is not None else sv.Board(variant="minishogi", move_limit=move_limit)

    # -- the rules: the board's, without drops
    @property
    def legal_moves(self):
        return [m for m in self._board.legal_moves if not m.is_drop]

    def outcome(self):
        ruled = self._board.outcome()
        if ruled is not None:
            return ruled
        if not self.legal_moves:
            return NoDropsOutcome(1 - self._board.turn, "no_moves")
        return None

    def is_game_over(self):
        return self.outcome() is not None

    def to_move(self):
        return None if self.is_game_over() else self._board.turn

    @property
    def turn(self):
        return self._board.turn

    def push(self, move):
        move = sv.Move.from_usi(move) if isinstance(move, str) else move
        if move.is_drop:
            raise sv.IllegalMoveError(f"{move.usi()}: no drops in this game")
        if self.is_game_over():
            raise sv.GameOverError("the game is over")
        self._board.push(move)

    # -- no chance
    def is_chance_node(self):
        return False

    def chance_outcomes(self):
        return []

    def apply_chance(self, id):
        raise sv.ChanceError(f"no chance step in this game: {id}")

    def chance_step(self):
        raise sv.ChanceError("no chance step in this game")

    # -- actions: the board's encoding
    @property
    def num_actions(self):
        return self._board.num_actions

    def legal_actions(self):
        return [] if self.is_game_over() else sorted(self._board.action(m) for m in self.legal_moves)

    def action_mask(self):
        mask = bytearray(self.num_actions)
        for a in self.legal_actions():
            mask[a] = 1
        return bytes(mask)

    def action(self, move):
        return self._board.action(move)

    def move_of(self, action):
        return self._board.move_of(action)

    # -- what is seen: everything (a copy of the game)
    def seen(self, color):
        if color not in (sv.BLACK, sv.WHITE):
            raise sv.ShogiError(f"no such colour: {color}")
        return self.copy()

    def observation(self, color=None):
        return self._board.observation_tensor(color)

    @property
    def observation_shape(self):
        return self._board.observation_shape

    def history(self):
        return self._board.history()

    def copy(self):
        return NoDrops(board=self._board.copy())

    def sfen(self):
        return self._board.sfen()

    def __str__(self):
        return str(self._board)


def drops_forbidden(board: sv.Board, chosen: sv.Move) -> bool:
    """Whether ``board`` had drops that NoDrops took away, ``chosen`` not one of them."""
    assert not chosen.is_drop
    return any(m.is_drop for m in board.legal_moves)


# -- OpenSpiel -------------------------------------------------------------------


@pytest.fixture(scope="module")
def nodrops_game():
    return sos.game_from(NoDrops, "test_nodrops_minishogi", max_game_length=lambda p: p["move_limit"],
                         params={"move_limit": 60}, long_name="minishogi without drops")


def test_openspiel_random_sim_test(nodrops_game):
    assert nodrops_game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert nodrops_game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert (nodrops_game.num_distinct_actions(), nodrops_game.max_game_length()) == (1425, 60)
    pyspiel.random_sim_test(nodrops_game, num_sims=15, serialize=True, verbose=False)
    # Loaded by name with other parameters, as OpenSpiel's tools do.
    short = pyspiel.load_game("test_nodrops_minishogi(move_limit=30)")
    assert short.max_game_length() == 30
    pyspiel.random_sim_test(short, num_sims=5, serialize=True, verbose=False)


def test_openspiel_never_plays_a_drop(nodrops_game):
    forbidden = 0
    for seed in range(12):
        state, rng = nodrops_game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            assert not any("*" in state.action_to_string(a) for a in actions)
            board = state._core._board
            action = rng.choice(actions)
            forbidden += drops_forbidden(board, board.move_of(action))
            state.apply_action(action)
        assert all(not board.move_of(a).is_drop for a in state.history())
        assert state.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
        copy = pickle.loads(pickle.dumps(state))
        assert copy.history() == state.history() and str(copy) == str(state)
    # The filter was tested: drops were there to play, and none was played.
    assert forbidden > 0


def test_openspiel_mcts_plays_nodrops(nodrops_game):
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(nodrops_game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                       random_state=np.random.RandomState(1))
    state = nodrops_game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert not state._core.move_of(action).is_drop
        state.apply_action(action)


def test_game_from_refuses_bad_names_and_lengths():
    with pytest.raises(ValueError, match="taken"):
        sos.game_from(NoDrops, "chess", max_game_length=60)
    with pytest.raises(ValueError, match="own games"):
        sos.game_from(NoDrops, "shogi_variants_minishogi", max_game_length=60)
    with pytest.raises(sv.SettingError, match="max_game_length"):
        sos.game_from(NoDrops, "test_nodrops_zero", max_game_length=0)
    # The module's own game is untouched by the attempts.
    assert sos.load("minishogi").new_initial_state()._core.variant == "minishogi"


def test_game_from_again_replaces_the_game():
    first = sos.game_from(lambda: NoDrops(20), "test_nodrops_again", max_game_length=20)
    second = sos.game_from(lambda: NoDrops(10), "test_nodrops_again", max_game_length=10)
    assert (first.max_game_length(), second.max_game_length()) == (20, 10)
    assert pyspiel.load_game("test_nodrops_again").max_game_length() == 10
    # Another kind of game under the same name is refused, the name keeps its game.
    with pytest.raises(ValueError, match="another kind"):
        sos.game_from(lambda: sv.CardGame(seed=0, base="minishogi", move_limit=10), "test_nodrops_again",
                      max_game_length=10)
    assert pyspiel.load_game("test_nodrops_again").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert isinstance(pyspiel.load_game("test_nodrops_again").new_initial_state()._core, NoDrops)


# -- PettingZoo ----------------------------------------------------------------------


def test_pettingzoo_api_test():
    e = szoo.env_from(NoDrops, name="nodrops", move_limit=60)
    assert e.unwrapped.metadata["name"] == "nodrops_v0"
    assert e.action_space("black").n == 1425
    api_test(e, num_cycles=1000, verbose_progress=False)
    seed_test(lambda: szoo.env_from(NoDrops, name="nodrops"), num_cycles=200)


def test_pettingzoo_never_plays_a_drop():
    forbidden = 0
    for seed in range(10):
        e = szoo.env_from(NoDrops, name="nodrops", legal_moves_info=True)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        raw = e.unwrapped
        for agent in e.agent_iter():
            obs, _, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert not any("*" in usi for usi in info["legal_moves"]) and len(info["legal_moves"]) == legal.size
            action = int(rng.choice(legal))
            board = raw.game._board
            forbidden += drops_forbidden(board, board.move_of(action))
            e.step(action)
        assert not any("*" in usi for usi in raw.game.history())
        assert raw.game.is_game_over()
    assert forbidden > 0


def test_pettingzoo_a_drop_is_an_illegal_action():
    # Black has taken White's pawn; dropping it is refused like any illegal action.
    e = szoo.env_from(NoDrops, name="nodrops")
    e.reset()
    raw = e.unwrapped
    for usi in ("1e1b",):
        e.step(raw.game.action(usi))
    e.step(raw.game.legal_actions()[0])  # White's reply
    drop = raw.game.action("P*3c")
    assert e.last()[0]["action_mask"][drop] == 0
    e.step(drop)
    assert e.rewards == {"black": -1, "white": 0}


def test_env_from_refuses_a_name_for_the_modules_games():
    with pytest.raises(ValueError, match="factory"):
        szoo.raw_env(game="minishogi", name="mine")
    with pytest.raises(ValueError, match="unknown game"):
        szoo.raw_env(game="chess")


# -- players ---------------------------------------------------------------------------


def test_the_rust_players_cannot_observe_a_python_game():
    """The players search the Rust game they are given with its own rules;
    a rule added in Python is invisible to them. So they refuse a Python
    game (and its ``seen()``, a copy of it) with a clear error rather than
    choose a move its rules forbid."""
    game = NoDrops()
    for player in (sv.RandomPlayer(1), sv.SearchPlayer(depth=1)):
        with pytest.raises(sv.ShogiError, match="a player observes"):
            player.choose(game.seen(sv.BLACK))
    # Given the wrapped board instead, a player would choose from its rules: drops included.
    board = sv.Board("4k/5/5/5/K4 b P 1", variant="minishogi")
    assert any(m.is_drop for m in board.legal_moves)
    assert {sv.RandomPlayer(s).choose(board).is_drop for s in range(20)} == {True, False}


def test_the_adapters_docstring_examples_run():
    import doctest

    for module in (sos, szoo):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
