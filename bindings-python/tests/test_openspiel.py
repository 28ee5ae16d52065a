"""The OpenSpiel adapter (shogi_variants.openspiel): OpenSpiel's own API
checks on each game, and agreement with the library played directly."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import shogi_variants as sv  # noqa: E402
from shogi_variants import openspiel as sos  # noqa: E402

CHANCE = pyspiel.PlayerId.CHANCE


def act(state, usi):
    """Applies the legal action whose string is ``usi``."""
    state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) == usi))


def play_random(state, rng: random.Random):
    """Plays ``state`` to the end: chance by its odds, players uniformly."""
    while not state.is_terminal():
        if state.is_chance_node():
            cards, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(cards, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "name, params, sims",
    [
        ("standard", {}, 3),
        ("minishogi", {}, 20),
        ("must_capture", {"base": "minishogi"}, 20),
        ("must_capture", {}, 3),
        ("card", {"base": "minishogi"}, 20),
        ("card", {"base": "minishogi", "jokers": True, "no_move": "draw_again"}, 10),
        ("card", {}, 3),
        ("tsuitate", {"base": "minishogi"}, 20),
        ("tsuitate", {"base": "minishogi", "move_limit": 12, "foul_limit": 3}, 20),
        ("tsuitate", {}, 3),
    ],
)
def test_random_sim(name, params, sims):
    game = sos.load(name, **params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_games_and_sizes():
    sos.register()
    sos.register()  # idempotent
    names = pyspiel.registered_names()
    for short in ("standard", "minishogi", "must_capture", "card", "tsuitate"):
        assert names.count("shogi_variants_" + short) == 1
    mini, std = sos.load("minishogi"), sos.load("shogi_variants_standard")
    assert (mini.num_distinct_actions(), mini.max_game_length()) == (1425, 256)
    assert (std.num_distinct_actions(), std.max_game_length()) == (13689, 512)
    assert sos.load("must-capture", base="minishogi", max_plies=40).max_game_length() == 40
    card = sos.load("card", base="minishogi")
    assert card.max_chance_outcomes() == 6 and sos.load("card").max_chance_outcomes() == 10
    assert card.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    ts = sos.load("tsuitate", base="minishogi", foul_limit=5, move_limit=40)
    assert ts.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert ts.max_game_length() == 40 + 2 * 5 - 1
    assert ts.num_distinct_actions() == 1425
    with pytest.raises(ValueError):
        sos.load("chess")


@pytest.mark.parametrize(
    "name, variant, settings",
    [
        ("standard", "standard", {}),
        ("minishogi", "minishogi", {}),
        ("must_capture", "must-capture", {"base": "minishogi"}),
        ("must_capture", "must-capture", {"base": "standard"}),
    ],
)
def test_board_games_follow_the_board(name, variant, settings):
    cap = 40
    game = sos.load(name, max_plies=cap, **settings)
    for seed in range(3):
        board = sv.Board(variant=variant, move_limit=cap, **settings)

        def check(state):
            assert state.current_player() == board.turn
            assert state.legal_actions() == board.legal_actions()
            for p in (0, 1):
                expected = board.observation(p).ravel()
                assert np.array_equal(np.asarray(state.observation_tensor(p)), expected)
            action = board.legal_actions()[0]
            assert state.action_to_string(action) == board.move_of(action).usi()

        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            check(state)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            board.push(board.move_of(action))
        assert board.is_game_over()
        assert state.returns() == list(board.outcome().returns())
        assert len(state.history()) <= cap
        if len(state.history()) == cap and board.outcome().reason == "move_limit":
            assert state.returns() == [0.0, 0.0]  # the cap ends the game as a draw


@pytest.mark.parametrize("settings", [{"base": "minishogi"}, {"base": "minishogi", "jokers": True}, {}])
def test_card_chance_nodes_match_card_game(settings):
    game = sos.load("card", max_plies=30, **settings)
    state = game.new_initial_state()
    files = 5 if settings.get("base") == "minishogi" else 9
    deck = 8 * files + (2 if settings.get("jokers") else 0)
    expected = ([(0, 2 / deck)] if settings.get("jokers") else []) + [
        (f, 8 / deck) for f in range(1, files + 1)
    ]
    assert state.is_chance_node()
    cards, probs = zip(*state.chance_outcomes())
    assert list(cards) == [card for card, _ in expected] == state.legal_actions()
    assert list(probs) == pytest.approx([p for _, p in expected])
    assert state.action_to_string(CHANCE, 3) == "card 3"

    for seed in range(3):
        cg = sv.CardGame(move_limit=30, **settings)
        draws = 0

        def check(state):
            nonlocal draws
            if cg.is_chance_node():
                draws += 1
                assert state.current_player() == CHANCE
                outcomes = state.chance_outcomes()
                assert outcomes == cg.chance_outcomes()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            else:
                assert state.current_player() == cg.turn
                assert state.legal_actions() == cg.legal_actions()
                assert np.array_equal(
                    np.asarray(state.observation_tensor(cg.turn)), cg.observation(cg.turn).ravel()
                )

        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            check(state)
            chance = state.is_chance_node()
            if chance:
                cards, probs = zip(*state.chance_outcomes())
                action = rng.choices(cards, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            cg.apply_draw(action) if chance else cg.push(cg.move_of(action))
        assert draws > 0 and cg.is_game_over()
        assert state.returns() == list(cg.outcome().returns())


def test_tsuitate_follows_the_referee():
    settings = {"base": "minishogi", "move_limit": 40, "foul_limit": 4}
    game = sos.load("tsuitate", **settings)
    for seed in range(3):
        history = play_random(game.new_initial_state(), random.Random(seed)).history()
        # Replay the actions on the referee directly, comparing at each step.
        ref, state = sv.TsuitateGame(**settings), game.new_initial_state()
        for action in history:
            p = ref.turn
            assert state.current_player() == p
            assert state.legal_actions() == ref.view(p).legal_actions()
            for q in (0, 1):
                view = ref.view(q)
                assert state.information_state_string(q) == view.information_state_string()
                obs = view.observation().ravel()
                # Capacity: five announcements per attempt, 40 + 2 * 4 - 1 attempts.
                info = view.information_state_tensor(5 * (40 + 2 * 4 - 1))
                assert np.array_equal(np.asarray(state.information_state_tensor(q)), info)
                assert np.array_equal(info[: obs.size], obs)
                assert np.array_equal(np.asarray(state.observation_tensor(q)), obs)
            ref.attempt(ref.view(p).move_of(action))
            state.apply_action(action)
        assert ref.is_game_over() and state.is_terminal()
        assert state.returns() == list(ref.outcome().returns())
        assert len(history) <= game.max_game_length()


def test_tsuitate_foul_keeps_the_mover():
    game = sos.load("tsuitate", base="minishogi")
    state = game.new_initial_state()
    # Black's rook slides 1e-1a through White's hidden pawn on 1b: a foul.
    foul = sv.TsuitateGame(base="minishogi").view(0).action(sv.Move.from_usi("1e1a+"))
    assert foul in state.legal_actions()
    before = state.observation_string(0)
    state.apply_action(foul)
    assert state.current_player() == 0
    assert "foul" in state.information_state_string(0)
    assert "opponent_foul" in state.information_state_string(1)
    assert "fouls=1" in state.observation_string(0) and "opponent_fouls=1" in state.observation_string(1)
    assert state.observation_string(0) != before


@pytest.mark.parametrize(
    "base, black, white_a, white_b",
    [("minishogi", "5d5c", "1b1c", "3a3b"), ("standard", "7g7f", "3c3d", "8c8d")],
)
def test_tsuitate_info_state_hides_the_opponents_moves(base, black, white_a, white_b):
    game = sos.load("tsuitate", base=base)
    states = []
    for white in (white_a, white_b):
        state = game.new_initial_state()
        act(state, black)
        act(state, white)
        states.append(state)
    a, b = states
    assert str(a) != str(b)  # the true positions differ
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_tensor(0) == b.information_state_tensor(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.legal_actions(0) == b.legal_actions(0)
    assert a.information_state_tensor(1) != b.information_state_tensor(1)
    # Black's observation string shows Black's pieces and no White piece.
    files = 5 if base == "minishogi" else 9
    rows = "".join(a.observation_string(0).splitlines()[1 : 1 + files])
    assert any(c.isupper() for c in rows) and not any(c.islower() for c in rows)


@pytest.mark.parametrize("name, params", [("minishogi", {}), ("card", {"base": "minishogi"}),
                                          ("tsuitate", {"base": "minishogi"})])
def test_clone_and_serialize(name, params):
    game = sos.load(name, **params)
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(9):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    text, history, legal = str(state), state.history(), state.legal_actions()
    clone.apply_action(clone.legal_actions()[0] if not clone.is_chance_node()
                       else clone.chance_outcomes()[0][0])
    assert (str(state), state.history(), state.legal_actions()) == (text, history, legal)
    assert str(clone) != text
    for copy in (pickle.loads(pickle.dumps(state)),
                 pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
        assert (str(copy), copy.history(), copy.legal_actions()) == (text, history, legal)
        assert copy.information_state_string(0) == state.information_state_string(0)


def _mcts_game(seed):
    from open_spiel.python.algorithms import mcts

    game = sos.load("minishogi", max_plies=24)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=evaluator,
                       random_state=np.random.RandomState(seed))
    state = game.new_initial_state()
    board = sv.Board(variant="minishogi")
    while not state.is_terminal():
        action = bot.step(state)
        assert action in board.legal_actions()
        state.apply_action(action)
        board.push(board.move_of(action))
    return state


def test_mcts_plays_minishogi_to_the_end():
    state = _mcts_game(seed=3)
    assert state.is_terminal()
    assert 0 < len(state.history()) <= 24
    returns = state.returns()
    assert returns[0] == -returns[1] and returns[0] in (-1.0, 0.0, 1.0)
    assert _mcts_game(seed=3).history() == state.history()  # seeded: reproducible


def test_tsuitate_info_state_tensor_has_perfect_recall():
    """The same moves in another order: the same knowledge now (observation),
    another history (information state), both as strings and as tensors."""
    game = sos.load("tsuitate", base="minishogi")
    states = []
    for order in (("5d5c", "1b1c", "4e4d", "2a2b"), ("4e4d", "1b1c", "5d5c", "2a2b")):
        state = game.new_initial_state()
        for usi in order:
            act(state, usi)
        states.append(state)
    a, b = states
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_tensor(0) != b.information_state_tensor(0)
    assert len(a.information_state_tensor(0)) == game.information_state_tensor_size()
