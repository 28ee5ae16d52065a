"""The PettingZoo AEC adapters (``shogi_variants.pettingzoo``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("numpy")

import shogi_variants as sv  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402
from shogi_variants.pettingzoo import env, raw_env  # noqa: E402

CONFIGS = [
    ("standard", {}),
    ("minishogi", {}),
    ("must-capture", {}),
    ("card", {}),
    ("card", {"base": "minishogi"}),
    ("tsuitate", {}),
    ("tsuitate", {"base": "minishogi"}),
    # The shogi family, by its definitions' names.
    ("dobutsu", {}),
    ("kyotoshogi", {}),
]
IDS = [g + ("-" + s["base"] if s else "") for g, s in CONFIGS]


def act(e, usi: str) -> None:
    """Play a move given in USI through the env (as the agent to move)."""
    raw = e.unwrapped
    if raw.game_name == "tsuitate":
        action = raw.game.seen(raw.game.turn).action(usi)
    else:
        action = raw.game.action(usi)
    assert e.last()[0]["action_mask"][action] == 1, usi
    e.step(action)


def finals(e) -> dict:
    """Run the dead steps; returns each agent's (reward, termination, truncation) from last()."""
    out = {}
    for agent in e.agent_iter():
        _, reward, term, trunc, _ = e.last()
        assert term or trunc, f"{agent} still live"
        out[agent] = (reward, term, trunc)
        e.step(None)
    assert e.agents == []
    return out


def random_episode(e, seed: int, max_steps: int = 100_000):
    """A random game with the mask; returns the per-agent sums of last() rewards and the steps taken."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter(max_steps):
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0, "a live agent to move has no action"
        e.step(int(rng.choice(legal)))
        steps += 1
    return totals, steps


@pytest.mark.parametrize("game,settings", CONFIGS, ids=IDS)
def test_api(game, settings):
    api_test(env(game=game, **settings), num_cycles=1000, verbose_progress=False)


@pytest.mark.parametrize("base", ["standard", "minishogi"])
def test_card_seed(base):
    seed_test(lambda: env(game="card", base=base), num_cycles=200)


@pytest.mark.parametrize("game", ["minishogi", "tsuitate"])
def test_seed_deterministic_games(game):
    seed_test(lambda: env(game=game, base="minishogi") if game == "tsuitate" else env(game=game), num_cycles=200)


def test_metadata_and_spaces():
    for game, settings in CONFIGS:
        raw = raw_env(game=game, **settings)
        assert raw.metadata["name"] == f"shogi_variants_{game.replace('-', '_')}_v0"
        assert raw.metadata["is_parallelizable"] is False
        assert raw.metadata["render_modes"] == ["human", "ansi"]
        assert raw.possible_agents == ["black", "white"]
        if game in sv.FamilyGame.builtin_names():
            # A family game's: its board, a drop slot and planes per kind of its definition.
            proto = sv.new_game(game)
            n, board = 2 * (proto.files * proto.ranks) ** 2 + len(proto.kinds) * proto.files * proto.ranks, (
                proto.ranks, proto.files)
        else:
            n = 1425 if settings.get("base") == "minishogi" or game == "minishogi" else 13689
            board = (5, 5) if n == 1425 else (9, 9)
        assert raw.action_space("black").n == n
        space = raw.observation_space("white")
        assert space["action_mask"].shape == (n,)
        assert space["observation"].dtype == np.float32
        assert space["observation"].shape[1:] == board
        assert raw.observation_space("black") is raw.observation_space("black")


def test_black_moves_first_and_masks():
    e = env(game="standard")
    e.reset()
    assert e.agent_selection == "black"
    raw = e.unwrapped
    mover = e.observe("black")
    other = e.observe("white")
    assert sorted(np.flatnonzero(mover["action_mask"]).tolist()) == raw.game.legal_actions()
    assert mover["action_mask"].sum() == 30
    assert other["action_mask"].sum() == 0
    assert np.array_equal(mover["observation"], raw.game.observation_tensor(sv.BLACK))
    assert np.array_equal(other["observation"], raw.game.observation_tensor(sv.WHITE))
    act(e, "7g7f")
    assert e.agent_selection == "white"
    assert e.observe("black")["action_mask"].sum() == 0
    assert e.observe("white")["action_mask"].sum() == 30


def test_legal_moves_info():
    e = env(game="standard", legal_moves_info=True)
    e.reset()
    moves = e.infos["black"]["legal_moves"]
    assert len(moves) == 30 and "7g7f" in moves and "2h3h" in moves
    assert e.infos["white"]["legal_moves"] == []
    act(e, "7g7f")
    assert e.infos["black"]["legal_moves"] == []
    assert "3c3d" in e.infos["white"]["legal_moves"]
    assert env(game="standard").unwrapped.infos["black"] == {}


def test_illegal_action_ends_game():
    e = env(game="minishogi")
    e.reset()
    act(e, "1e1d")
    assert e.agent_selection == "white"
    mask = e.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    e.step(illegal)
    assert e.rewards == {"white": -1, "black": 0}
    assert all(e.terminations.values()) and all(e.truncations.values())
    out = finals(e)
    # TerminateIllegalWrapper: -1 to the offender, 0 to the other, both ended.
    assert out == {"white": (-1, True, True), "black": (0, True, True)}


def test_illegal_tsuitate_non_candidate():
    e = env(game="tsuitate", base="minishogi")
    e.reset()
    mask = e.last()[0]["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert finals(e) == {"black": (-1, True, True), "white": (0, True, True)}


@pytest.mark.parametrize("game,settings", CONFIGS, ids=IDS)
def test_random_game_to_the_end(game, settings):
    # Standard-board games get a rule move limit so that random play ends quickly.
    if not (game == "minishogi" or settings.get("base") == "minishogi"):
        settings = dict(settings, move_limit=300)
    e = env(game=game, **settings)
    totals, steps = random_episode(e, seed=7)
    raw = e.unwrapped
    outcome = raw.game.outcome()
    assert outcome is not None, "the game did not end"
    assert e.agents == []
    black, white = outcome.returns()
    assert totals == {"black": black, "white": white}
    assert sum(totals.values()) == 0
    assert set(totals.values()) <= {-1.0, 0.0, 1.0}
    if outcome.winner is not None:
        assert totals[raw.possible_agents[outcome.winner]] == 1


def test_termination_flags_during_play():
    e = env(game="minishogi")
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    raw = e.unwrapped
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        assert not trunc
        assert term == raw.game.is_game_over()
        if term:
            e.step(None)
            continue
        assert reward == 0
        assert e.terminations == {"black": False, "white": False}
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert raw.game.is_game_over()


def test_max_plies_truncates():
    e = env(game="minishogi", max_plies=5)
    e.reset()
    for usi in ["1e1d", "5a5b", "1d1e", "5b5a"]:
        act(e, usi)
        assert not any(e.truncations.values()) and not any(e.terminations.values())
    act(e, "1e1d")
    assert e.truncations == {"black": True, "white": True}
    assert e.terminations == {"black": False, "white": False}
    assert e.unwrapped.game.outcome() is None
    assert finals(e) == {"white": (0, False, True), "black": (0, False, True)}


def test_rule_move_limit_terminates():
    e = env(game="minishogi", move_limit=4, max_plies=100)
    e.reset()
    for usi in ["1e1d", "5a5b", "1d1e"]:
        act(e, usi)
    assert not any(e.terminations.values())
    act(e, "5b5a")
    assert e.unwrapped.game.outcome().reason == "move_limit"
    assert e.terminations == {"black": True, "white": True}
    assert e.truncations == {"black": False, "white": False}
    assert finals(e) == {"white": (0, True, False), "black": (0, True, False)}


def test_checkmate_rewards():
    # Black mates with G*1b (the pawn on 1c guards it).
    e = env(game="standard", sfen="8k/9/8P/9/9/9/9/9/K8 b G 1")
    e.reset()
    act(e, "G*1b")
    assert e.unwrapped.game.outcome().reason == "checkmate"
    assert finals(e) == {"white": (-1.0, True, False), "black": (1.0, True, False)}


def test_tsuitate_hidden_moves_invisible():
    def after(white_move):
        e = env(game="tsuitate")
        e.reset()
        act(e, "7g7f")
        act(e, white_move)
        return e

    a, b = after("3c3d"), after("4c4d")
    assert a.unwrapped.game.sfen() != b.unwrapped.game.sfen()
    assert a.agent_selection == b.agent_selection == "black"
    oa, ob = a.observe("black"), b.observe("black")
    assert np.array_equal(oa["observation"], ob["observation"])
    assert np.array_equal(oa["action_mask"], ob["action_mask"])
    assert a.infos["black"] == b.infos["black"]
    # White knows its own move: its observations differ.
    assert not np.array_equal(a.observe("white")["observation"], b.observe("white")["observation"])
    # The observation is the player's view, not the referee's board.
    view = a.unwrapped.game.seen(sv.BLACK)
    assert np.array_equal(oa["observation"], view.observation_tensor())
    # The mask is the view's candidate moves (what Black's own pieces allow).
    candidates = sorted(view.action(m) for m in list(view.legal_moves))
    assert np.flatnonzero(oa["action_mask"]).tolist() == candidates


def test_tsuitate_foul_keeps_agent():
    e = env(game="tsuitate")
    e.reset()
    act(e, "7g7f")
    act(e, "8c8d")
    before = e.observe("black")["observation"]
    # The bishop's path to 2b is blocked by White's hidden pawn on 3c: a foul.
    act(e, "8h2b+")
    raw = e.unwrapped
    assert raw.game.fouls(sv.BLACK) == 1
    assert e.agent_selection == "black"
    assert not any(e.terminations.values()) and not any(e.truncations.values())
    assert e.rewards == {"black": 0, "white": 0}
    assert e.infos["black"]["verdict"] == "foul"
    assert "verdict" not in e.infos["white"]
    # Black is told of the foul.
    assert not np.array_equal(before, e.observe("black")["observation"])
    act(e, "2g2f")
    assert e.agent_selection == "white"
    assert e.infos["black"]["verdict"] == "played"


def test_tsuitate_foul_limit_terminates():
    e = env(game="tsuitate", foul_limit=1)
    e.reset()
    act(e, "7g7f")
    act(e, "8c8d")
    act(e, "8h2b+")
    outcome = e.unwrapped.game.outcome()
    assert outcome is not None and outcome.winner == sv.WHITE
    assert e.terminations == {"black": True, "white": True}
    assert finals(e) == {"white": (1.0, True, False), "black": (-1.0, True, False)}


def test_card_only_decision_steps():
    e = env(game="card", base="minishogi")
    e.reset(seed=11)
    raw = e.unwrapped
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        game = raw.game
        assert game.phase == "move" and not game.is_chance_node()
        allowed = sorted(game.action(m) for m in list(game.legal_moves))
        assert np.flatnonzero(obs["action_mask"]).tolist() == allowed
        assert info["card"] == game.current_card
        e.step(int(rng.choice(allowed)))


def _first_cards(seed, n=6, base="minishogi"):
    e = env(game="card", base=base)
    e.reset(seed=seed)
    rng = np.random.default_rng(0)
    cards = []
    for _ in e.agent_iter(n):
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            break
        cards.append(info["card"])
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return cards


def test_card_seed_controls_draws():
    assert _first_cards(5) == _first_cards(5)
    assert len({tuple(_first_cards(s)) for s in range(8)}) > 1


def test_card_drawn_card_is_observed():
    # Start positions dealt different first cards must be observed differently.
    by_card = {}
    for seed in range(40):
        e = raw_env(game="card", base="minishogi")
        e.reset(seed=seed)
        if e.game.phase == "move":
            by_card.setdefault(e.game.current_card, e.observe("black")["observation"])
    assert len(by_card) >= 2
    obs = list(by_card.values())
    for i in range(len(obs)):
        for j in range(i + 1, len(obs)):
            assert not np.array_equal(obs[i], obs[j])


def test_observations_in_bounds():
    for game, settings in CONFIGS:
        if game == "minishogi" or settings.get("base") == "minishogi":
            e = env(game=game, **settings)
        else:
            e = env(game=game, move_limit=120, **settings)
        e.reset(seed=1)
        rng = np.random.default_rng(1)
        space = e.observation_space("black")
        for agent in e.agent_iter(400):
            obs, _, term, trunc, _ = e.last()
            for who in e.agents:
                o = e.observe(who)
                assert space.contains(o), (game, who)
                assert np.isfinite(o["observation"]).all()
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


# A random Tsuitate minishogi game (attempts, fouls included) in which Black's
# bishops are captured three times: pieces change hands repeatedly, and every
# plane stays within its bound of 1 (an earlier encoding reached 1.5 here).
RECAPTURES = (
    "2e5b 1a2b 4e4d 5a5e 2b1a 5b4a 3a2b 4a5b 5a5c 5a5b 4d3c B*3e B*4b B*4b B*2b 1e1d 2a3a "
    "3c4b 2b1c 4b3b 5b3b B*2c G*5c B*2a 3b3d 5d5c 1c2d G*2e 2d1c 2a3b+ 3a2a 3e2d 2a3a 2e3d "
    "1c1d R*1b R*5b R*5e 1d1e+ 3d4c R*5b R*3c 2d3c 1b1c 2c1d 3a4a R*2b 1c1d 3c4d 4a3b"
).split()


def test_tsuitate_observation_after_recaptures_is_in_bounds():
    e = env(game="tsuitate", base="minishogi")
    e.reset()
    for usi in RECAPTURES:
        act(e, usi)
    assert e.agent_selection == "black" and not any(e.terminations.values())
    obs = e.last()[0]
    assert obs["observation"].max() == 1.0
    assert e.observation_space("black").contains(obs)


def test_render_ansi():
    e = env(game="tsuitate", render_mode="ansi")
    e.reset()
    start = e.render()
    act(e, "7g7f")
    act(e, "3c3d")
    text = e.render()
    assert isinstance(text, str) and text != start
    # The referee's board: both sides' moves show.
    board = sv.Board()
    board.push_usi("7g7f")
    board.push_usi("3c3d")
    assert str(board) in text
    m = env(game="minishogi", render_mode="ansi")
    m.reset()
    assert str(sv.Board(variant="minishogi")) in m.render()
    c = env(game="card", base="minishogi", render_mode="ansi")
    c.reset(seed=0)
    assert "card" in c.render()


@pytest.mark.parametrize("game, settings", CONFIGS)
def test_pettingzoo_render_test(game, settings, capsys):
    """PettingZoo's own render test: it builds the env with
    ``render_mode="human"`` and then tries every mode in the metadata."""
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: env(game=game, render_mode=render_mode, **settings))
    assert capsys.readouterr().out  # human mode printed the board


def test_render_human_prints_after_each_step(capsys):
    e = env(game="minishogi", render_mode="human")
    e.reset()
    assert str(sv.Board(variant="minishogi")) in capsys.readouterr().out
    assert e.render() is None
    capsys.readouterr()
    act(e, "1e1b")
    board = sv.Board(variant="minishogi")
    board.push_usi("1e1b")
    assert str(board) in capsys.readouterr().out
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(game="minishogi", render_mode="rgb_array")
