"""The OpenSpiel adapter (shogi_variants.openspiel): OpenSpiel's own API
checks on each game, and agreement with the library played directly."""

from __future__ import annotations

import os
import pickle
import random
from fractions import Fraction

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
        # The shogi family: games by their definition's name.
        ("dobutsu", {}, 20),
        ("kyotoshogi", {}, 10),
        ("kyotoshogi", {"max_plies": 40}, 10),
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
                expected = board.observation_tensor(p).ravel()
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
                exact = cg.chance_outcomes()
                # The library's odds are exact; OpenSpiel gets them as floats.
                assert all(isinstance(p, Fraction) for _, p in exact)
                assert sum(p for _, p in exact) == 1
                assert outcomes == [(c, float(p)) for c, p in exact]
                assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            else:
                assert state.current_player() == cg.turn
                assert state.legal_actions() == cg.legal_actions()
                assert np.array_equal(
                    np.asarray(state.observation_tensor(cg.turn)), cg.observation_tensor(cg.turn).ravel()
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
            cg.apply_chance(action) if chance else cg.push(cg.move_of(action))
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
            assert state.legal_actions() == ref.seen(p).legal_actions()
            for q in (0, 1):
                view = ref.seen(q)
                assert state.information_state_string(q) == view.information_state_string()
                obs = view.observation_tensor().ravel()
                # Capacity: five announcements per attempt, 40 + 2 * 4 - 1 attempts.
                info = view.information_state_tensor(5 * (40 + 2 * 4 - 1))
                assert np.array_equal(np.asarray(state.information_state_tensor(q)), info)
                assert np.array_equal(info[: obs.size], obs)
                assert np.array_equal(np.asarray(state.observation_tensor(q)), obs)
            ref.push(ref.seen(p).move_of(action))
            state.apply_action(action)
        assert ref.is_game_over() and state.is_terminal()
        assert state.returns() == list(ref.outcome().returns())
        assert len(history) <= game.max_game_length()


def test_tsuitate_foul_keeps_the_mover():
    game = sos.load("tsuitate", base="minishogi")
    state = game.new_initial_state()
    # Black's rook slides 1e-1a through White's hidden pawn on 1b: a foul.
    foul = sv.TsuitateGame(base="minishogi").seen(0).action(sv.Move.from_usi("1e1a+"))
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


# -- observation types ---------------------------------------------------------

PRIVATE = pyspiel.PrivateInfoType
OBS_TYPES = [None] + [
    pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
    for recall in (False, True)
    for public in (False, True)
    for private in (PRIVATE.NONE, PRIVATE.SINGLE_PLAYER, PRIVATE.ALL_PLAYERS)
]
OBS_GAMES = [
    ("minishogi", {}),
    ("must_capture", {"base": "minishogi"}),
    ("card", {"base": "minishogi"}),
    ("tsuitate", {"base": "minishogi", "move_limit": 30, "foul_limit": 4}),
    ("tsuitate", {"base": "minishogi", "move_limit": 30, "foul_limit": 4, "announce_fouls_to_both": False}),
]


def _random_states(game, seed, plies=40):
    state, rng = game.new_initial_state(), random.Random(seed)
    yield state
    for _ in range(plies):
        if state.is_terminal():
            return
        if state.is_chance_node():
            cards, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(cards, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("name, params", OBS_GAMES)
def test_every_observation_type(name, params):
    """Every IIGObservationType gives a tensor of one shape and a string, for
    both players, all game long (OpenSpiel's tools ask for all of them)."""
    from open_spiel.python.observation import make_observation

    game = sos.load(name, **params)
    observers = [make_observation(game, t) for t in OBS_TYPES]
    shapes = [None if o.tensor is None else {k: v.shape for k, v in o.dict.items()} for o in observers]
    for state in _random_states(game, seed=5):
        for o, shape in zip(observers, shapes):
            for p in (0, 1):
                assert isinstance(o.string_from(state, p), str)
                if o.tensor is not None:
                    o.set_from(state, p)
                    assert {k: v.shape for k, v in o.dict.items()} == shape
                    assert np.all(np.isfinite(o.tensor))


@pytest.mark.parametrize("name, params", [g for g in OBS_GAMES if g[0] != "tsuitate"])
def test_perfect_information_private_part_is_empty(name, params):
    """As OpenSpiel's own perfect-information games: the whole board is
    public, the private part is empty (it was the whole board)."""
    from open_spiel.python.observation import make_observation

    game = sos.load(name, **params)
    state = list(_random_states(game, seed=2, plies=6))[-1]
    for recall in (False, True):
        private = make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=recall, public_info=False, private_info=PRIVATE.SINGLE_PLAYER))
        assert private.string_from(state, 0) == "" and private.tensor is None
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=PRIVATE.NONE))
    public.set_from(state, 0)
    assert np.array_equal(public.tensor, np.asarray(state.observation_tensor(0)))


def _obs(game, recall, public, private):
    from open_spiel.python.observation import make_observation

    return make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=recall, public_info=public, private_info=private))


def _both(observer, state, player):
    if observer.tensor is None:
        return observer.string_from(state, player), None
    observer.set_from(state, player)
    return observer.string_from(state, player), observer.tensor.copy()


@pytest.mark.parametrize("announce", [True, False])
def test_tsuitate_public_and_private_parts(announce):
    game = sos.load("tsuitate", base="minishogi", announce_fouls_to_both=announce)
    publics = [_obs(game, recall, True, PRIVATE.NONE) for recall in (False, True)]
    privates = [_obs(game, recall, False, PRIVATE.SINGLE_PLAYER) for recall in (False, True)]
    alls = [_obs(game, recall, False, PRIVATE.ALL_PLAYERS) for recall in (False, True)]
    for seed in range(3):
        for state in _random_states(game, seed, plies=60):
            for pub in publics:
                # The public part is the same for both players.
                s0, t0 = _both(pub, state, 0)
                s1, t1 = _both(pub, state, 1)
                assert s0 == s1 and np.array_equal(t0, t1)
            for priv, every in zip(privates, alls):
                _, mine = _both(priv, state, 0)
                _, theirs = _both(priv, state, 1)
                _, stacked = _both(every, state, 0)
                assert np.array_equal(stacked, np.concatenate([mine, theirs]))
            # The private planes are the view's own, nothing else.
            obs = np.asarray(state._observation(1))
            _, private = _both(privates[0], state, 1)
            assert np.array_equal(private.reshape(-1, 5, 5)[:21], obs[:21])

    # Hidden moves change neither part of the other player's observation.
    states = []
    for white in ("1b1c", "3a3b"):
        state = game.new_initial_state()
        act(state, "5d5c")
        act(state, white)
        states.append(state)
    a, b = states
    for observer in publics + privates:
        sa, ta = _both(observer, a, 0)
        sb, tb = _both(observer, b, 0)
        assert sa == sb and np.array_equal(ta, tb)
    assert _both(privates[1], a, 1)[0] != _both(privates[1], b, 1)[0]
    # Captures are public: both players' public observation shows one.
    state = game.new_initial_state()
    act(state, "1e1b")  # Black's rook takes White's pawn on 1b
    text, tensor = _both(publics[0], state, 1)
    assert "capture:1b:P" in text and tensor.sum() > 0
    d = publics[0].dict
    # Pawns, lances, knights, silvers, golds, bishops, rooks: Black has both
    # pawns now; minishogi has no lance or knight.
    assert d["material"].tolist() == [[1.0, 0, 0, 0.5, 0.5, 0.5, 0.5], [0.0, 0, 0, 0.5, 0.5, 0.5, 0.5]]
    assert d["last_capture"][1, 4] == 1.0 and d["last_capture"].sum() == 1.0  # 1b: rank b, file 1 last
    assert d["last_capture_kind"][0] == 1.0 and d["last_check"][0] == 1.0
    assert d["to_move"].tolist() == [0.0, 1.0]
    history, _ = _both(publics[1], state, 0)
    assert history == "black:played;capture:1b:P;check"  # the rook on 1b checks the king on 1a
    assert _both(privates[1], state, 0)[0] == "black|attempted:1e1b@0"


def test_tsuitate_recall_parts_keep_the_order():
    """The public and private histories together tell apart what the
    information state tells apart (here: the same moves in another order)."""
    game = sos.load("tsuitate", base="minishogi")
    public, private = _obs(game, True, True, PRIVATE.NONE), _obs(game, True, False, PRIVATE.SINGLE_PLAYER)
    states = []
    for order in (("5d5c", "1b1c", "4e4d", "2a2b"), ("4e4d", "1b1c", "5d5c", "2a2b")):
        state = game.new_initial_state()
        for usi in order:
            act(state, usi)
        states.append(state)
    a, b = states
    assert _both(public, a, 0)[0] == _both(public, b, 0)[0]
    assert not np.array_equal(_both(private, a, 0)[1], _both(private, b, 0)[1])


def test_default_types_are_the_views_tensors():
    from open_spiel.python.observation import make_observation

    game = sos.load("tsuitate", base="minishogi")
    state = list(_random_states(game, seed=1, plies=9))[-1]
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    for p in (0, 1):
        obs.set_from(state, p)
        info.set_from(state, p)
        assert np.array_equal(obs.tensor, np.asarray(state.observation_tensor(p)))
        assert np.array_equal(info.tensor, np.asarray(state.information_state_tensor(p)))
        assert info.string_from(state, p) == state.information_state_string(p)
    assert list(info.dict) == ["info_state"] and list(obs.dict) == ["observation"]


@pytest.mark.parametrize(
    "game_string",
    [
        "shogi_variants_minishogi(max_plies=20)",
        "shogi_variants_must_capture(base=minishogi,max_plies=20)",
        "shogi_variants_card(base=minishogi,max_plies=20)",
        "shogi_variants_tsuitate(base=minishogi,move_limit=12,foul_limit=3)",
        "shogi_variants_tsuitate(base=minishogi,move_limit=12,foul_limit=3,announce_fouls_to_both=False)",
    ],
)
def test_generate_playthrough(game_string):
    """OpenSpiel's playthrough generator (it asks for the default, the
    info-state and, for imperfect-information games, the public-only and
    private-only observations)."""
    from open_spiel.python.algorithms import generate_playthrough

    lines = generate_playthrough.playthrough_lines(game_string, seed=7)
    text = "\n".join(lines)
    assert "IsTerminal() = True" in text
    if "tsuitate" in game_string:
        assert "PublicObservationString() = " in text
        assert 'PrivateObservationString(1) = "white' in text


# -- resampling (ISMCTS) ---------------------------------------------------------


def _sampler(seed):
    rng = random.Random(seed)
    return rng.random


@pytest.mark.parametrize(
    "params",
    [
        {"base": "minishogi", "move_limit": 40, "foul_limit": 5},
        {"base": "minishogi", "move_limit": 40, "foul_limit": 5, "announce_fouls_to_both": False},
        {"move_limit": 40, "foul_limit": 5},
    ],
)
def test_tsuitate_resample_from_infostate(params):
    game = sos.load("tsuitate", **params)
    plies = (0, 3, 10, 25) if params.get("base") == "minishogi" else (0, 3, 12)
    distinct = 0
    for seed in range(3):
        states = list(s.clone() for s in _random_states(game, seed, plies=max(plies)))
        for state in (states[min(k, len(states) - 1)] for k in plies):
            for player in (0, 1):
                truths = set()
                for k in range(8):
                    sample = state.resample_from_infostate(player, _sampler(k))
                    assert sample.information_state_string(player) == state.information_state_string(player)
                    assert sample.information_state_tensor(player) == state.information_state_tensor(player)
                    assert sample.observation_tensor(player) == state.observation_tensor(player)
                    assert sample.observation_string(player) == state.observation_string(player)
                    assert sample.current_player() == state.current_player()
                    assert sample.is_terminal() == state.is_terminal()
                    if not state.is_terminal():
                        assert sample.legal_actions(player) == state.legal_actions(player)
                    truths.add(str(sample))
                    # A real state: it plays on legally, its history replays.
                    replay = game.new_initial_state()
                    for action in sample.history():
                        replay.apply_action(action)
                    assert str(replay) == str(sample)
                    play_random(sample, random.Random(k))
                    assert sample.is_terminal()
                distinct += len(truths) > 1
    assert distinct > 0  # the hidden moves are sampled, not copied


def test_tsuitate_resample_is_seeded_by_the_sampler():
    game = sos.load("tsuitate", base="minishogi")
    state = list(_random_states(game, 4, plies=14))[-1]
    a = state.resample_from_infostate(1, _sampler(3))
    b = state.resample_from_infostate(1, _sampler(3))
    assert a.history() == b.history()
    assert state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))


def test_ismcts_plays_tsuitate():
    from open_spiel.python.algorithms import ismcts, mcts

    game = sos.load("tsuitate", base="minishogi", move_limit=30, foul_limit=5)
    state = game.new_initial_state()
    bots = [
        ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(p)),
                         uct_c=2.0, max_simulations=12, random_state=np.random.RandomState(p))
        for p in (0, 1)
    ]
    for _ in range(8):
        if state.is_terminal():
            break
        p = state.current_player()
        action = bots[p].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) >= 8 or state.is_terminal()


# -- parameters -----------------------------------------------------------------


@pytest.mark.parametrize(
    "game_string, parameter, allowed",
    [
        ("shogi_variants_card(base=chess)", "base", "'minishogi'"),
        ("shogi_variants_must_capture(base=chess)", "base", "'minishogi'"),
        ("shogi_variants_tsuitate(base=chess)", "base", "'minishogi'"),
        ("shogi_variants_standard(max_plies=-1)", "max_plies", ">= 0"),
        ("shogi_variants_minishogi(max_plies=-1)", "max_plies", ">= 0"),
        ("shogi_variants_must_capture(max_plies=-1)", "max_plies", ">= 0"),
        ("shogi_variants_card(max_plies=-1)", "max_plies", ">= 0"),
        ("shogi_variants_card(file_rule=sideways)", "file_rule", "destination"),
        ("shogi_variants_card(no_move=shrug)", "no_move", "draw_again"),
        ("shogi_variants_card(copies_per_rank=-3)", "copies_per_rank", ""),
        ("shogi_variants_card(copies_per_rank=0)", "copies_per_rank", ""),
        ("shogi_variants_tsuitate(move_limit=0)", "move_limit", ">= 1"),
        ("shogi_variants_tsuitate(foul_limit=0)", "foul_limit", ">= 1"),
        ("shogi_variants_tsuitate(foul_limit=-2)", "foul_limit", ""),
    ],
)
def test_bad_parameters_raise_a_clear_error(game_string, parameter, allowed):
    with pytest.raises(sv.SettingError) as err:
        pyspiel.load_game(game_string)
    assert parameter in str(err.value) and allowed in str(err.value)


# -- OpenSpiel's own api_test on whole game trees ------------------------------------

# Games small enough for OpenSpiel's full-tree checks, with the counts its
# regression checks ask for: (chance, player, terminal) states, and the
# (information state, player) pairs of its perfect-recall walk.
FULL_TREE_GAMES = [
    ("card", {"base": "minishogi", "max_plies": 2}, (14, 71, 181), 71),
    ("minishogi", {"max_plies": 2}, (0, 15, 181), 15),
    ("must_capture", {"base": "minishogi", "max_plies": 3}, (0, 4, 46), 4),
    ("tsuitate", {"base": "minishogi", "move_limit": 2, "foul_limit": 1}, (0, 15, 227), 3),
]


@pytest.mark.parametrize("name, params, nodes, recall", FULL_TREE_GAMES)
def test_openspiel_api_test_on_the_whole_tree(name, params, nodes, recall, monkeypatch):
    """OpenSpiel's ``api_test`` full-tree checks, as OpenSpiel runs them on
    its own small games: among them, the two players' information states
    (strings and tensors) never coincide, Card shogi's and the board games'
    included."""
    import unittest

    api_test = pytest.importorskip("open_spiel.integration_tests.api_test")
    key = f"shogi_variants_{name}"
    monkeypatch.setitem(api_test.TOTAL_NUM_STATES, key, nodes)
    monkeypatch.setitem(api_test.PERFECT_RECALL_NUM_STATES, key, recall)
    case = type(f"FullTree_{name}", (api_test.EnforceAPIOnFullTreeBase,),
                {"game": sos.load(name, **params), "game_name": key})
    result = unittest.TextTestRunner(stream=open(os.devnull, "w")).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(case))
    problems = [f"{test}: {trace}" for test, trace in result.failures + result.errors]
    assert result.testsRun >= 8 and not problems, "\n".join(problems)


def test_perfect_information_information_state_tensor_is_the_seat_and_its_observation():
    game = sos.load("card", base="minishogi")
    state = list(_random_states(game, seed=3, plies=5))[-1]
    assert not state.is_chance_node()
    assert game.information_state_tensor_size() == 2 + int(np.prod(game.observation_tensor_shape()))
    for p in (0, 1):
        info = np.asarray(state.information_state_tensor(p))
        assert list(info[:2]) == [1.0 if q == p else 0.0 for q in (0, 1)]
        assert np.array_equal(info[2:], np.asarray(state.observation_tensor(p)))
        assert state.information_state_string(p) == state.history_str()


def _family_tree_counts(name: str, plies: int):
    """The counts OpenSpiel's full-tree checks ask for, found by walking the
    library's own ``FamilyGame`` (not the adapter): the distinct states
    (as ``get_all_states`` keys them, by the state's text: the position and
    the move number) that are to play and that are over, and the
    non-terminal histories (a perfect-information state's information
    state is its history)."""
    playable, over, histories = set(), set(), 0

    def walk(g):
        nonlocal histories
        key = g.sfen()
        if g.is_game_over():
            over.add(key)
            return
        playable.add(key)
        histories += 1
        for m in list(g.legal_moves):
            g.push(m)
            walk(g)
            g.pop()

    walk(sv.new_game(name, move_limit=plies))
    return (0, len(playable), len(over)), histories


@pytest.mark.parametrize("name", ["dobutsu", "kyotoshogi"])
def test_openspiel_api_test_on_a_family_tree(name, monkeypatch):
    """OpenSpiel's ``api_test`` full-tree checks on a game of the shogi
    family, two plies deep, with the counts of the library's own tree."""
    import unittest

    api_test = pytest.importorskip("open_spiel.integration_tests.api_test")
    nodes, recall = _family_tree_counts(name, 2)
    key = f"shogi_variants_{name}"
    monkeypatch.setitem(api_test.TOTAL_NUM_STATES, key, nodes)
    monkeypatch.setitem(api_test.PERFECT_RECALL_NUM_STATES, key, recall)
    case = type(f"FullTree_{name}", (api_test.EnforceAPIOnFullTreeBase,),
                {"game": sos.load(name, max_plies=2), "game_name": key})
    result = unittest.TextTestRunner(stream=open(os.devnull, "w")).run(
        unittest.defaultTestLoader.loadTestsFromTestCase(case))
    problems = [f"{test}: {trace}" for test, trace in result.failures + result.errors]
    assert result.testsRun >= 8 and not problems, "\n".join(problems)


@pytest.mark.parametrize("name", ["dobutsu", "kyotoshogi"])
def test_family_actions_are_written_with_the_definitions_letters(name):
    """The adapter's action strings are the game's own move texts (a drop
    with the definition's letter, never '?'), and its sizes the game's."""
    game = sos.load(name)
    proto = sv.new_game(name)
    assert game.num_distinct_actions() == proto.num_actions
    assert tuple(game.observation_tensor_shape()) == proto.observation_shape
    rng = random.Random(5)
    state = game.new_initial_state()
    mirror = sv.new_game(name)
    while not state.is_terminal() and len(mirror.history()) < 60:
        texts = sorted(state.action_to_string(a) for a in state.legal_actions())
        assert texts == sorted(m.usi() for m in mirror.legal_moves)
        action = rng.choice(state.legal_actions())
        mirror.push(state.action_to_string(action))
        state.apply_action(action)
