"""Game facts from Rust (issue 33, item 4): a game's settings with their
defaults, its length and chance bounds, and a game of any name; the
OpenSpiel and PettingZoo adapters read them, so a definition (judkins) and
a registered script play in both."""

from __future__ import annotations

import random

import pytest

import shogi_variants as sv


class NoDrops:
    """Minishogi without drops (a script registered for these tests)."""

    def filter_moves(self, board, moves):
        return [m for m in moves if not m.is_drop]


SCRIPT = sv.register_variant("facts-nodrops", NoDrops, base="minishogi", move_limit=40)


def test_game_settings_are_the_rust_defaults():
    assert sv.game_settings("tsuitate") == {
        "announce_fouls_to_both": True, "base": "standard", "foul_limit": 10, "move_limit": 150}
    card = sv.game_settings("card")
    assert card["copies_per_rank"] == 8 and card["jokers"] is False and card["move_limit"] is None
    assert sv.game_settings("minishogi") == sv.Board(variant="minishogi").settings
    # A definition takes the house rules, as its file sets them.
    assert sv.game_settings("judkins") == {
        "impasse": "Off", "move_limit": None, "repetition": "draw", "stalemate": "loss"}
    assert sv.game_settings("defined")["definition"] == "standard"
    # A registered script: its base and the base's settings, as registered.
    script = sv.game_settings(SCRIPT)
    assert script["base"] == "minishogi" and script["move_limit"] == 40
    assert sv.game_settings("scripted") == {"name": None, "base": None}
    # Aliases, as the constructors take them.
    assert sv.game_settings("toru-itte") == sv.game_settings("must-capture")
    with pytest.raises(sv.SettingError, match="unknown .*'chess'.*known: standard"):
        sv.game_settings("chess")


@pytest.mark.parametrize("name", ["standard", "minishogi", "must-capture", "card", "tsuitate",
                                  "judkins", "defined", SCRIPT])
def test_every_game_builds_from_its_default_settings(name):
    defaults = sv.game_settings(name)
    game = sv.new_game(name, **{k: v for k, v in defaults.items() if v is not None})
    assert game.sfen() == sv.new_game(name).sfen()


def test_new_game_builds_any_name():
    assert isinstance(sv.new_game("standard"), sv.Board)
    assert sv.new_game("judkins").variant == "judkins"
    assert sv.new_game(SCRIPT).variant == SCRIPT
    card = sv.new_game("card", base="minishogi", seed=5)
    assert isinstance(card, sv.CardGame) and card.seed == 5 and card.files == 5
    tsuitate = sv.new_game("tsuitate", "4k/5/5/5/K4 b - 1", base="minishogi", foul_limit=3)
    assert isinstance(tsuitate, sv.TsuitateGame) and tsuitate.settings["foul_limit"] == 3
    assert sv.new_game("minishogi", "4k/5/5/5/K4 b - 1").sfen() == "4k/5/5/5/K4 b - 1"
    with pytest.raises(sv.SettingError, match="known: standard"):
        sv.new_game("chess")
    with pytest.raises(sv.SettingError, match="colour"):
        sv.new_game("minishogi", colour="red")


def test_games_say_their_length_and_chance_bounds():
    assert sv.Board().max_length() is None and sv.Board().max_chance_steps() == 0
    assert sv.Board(variant="judkins", move_limit=60).max_length() == 60
    assert sv.new_game(SCRIPT).max_length() == 40  # its registered base's limit
    assert sv.Board(variant="must-capture", base="judkins", move_limit=30).max_length() == 30
    tsuitate = sv.TsuitateGame(base="minishogi", move_limit=40, foul_limit=5)
    assert (tsuitate.max_length(), tsuitate.max_chance_steps()) == (40 + 2 * 5 - 1, 0)
    card = sv.CardGame(base="minishogi", move_limit=30, seed=1)
    assert (card.max_length(), card.max_chance_steps()) == (30, 30)
    again = sv.CardGame(base="minishogi", move_limit=30, jokers=True, no_move="draw_again", seed=1)
    assert again.max_chance_steps() == 30 * (5 * 8 + 2)
    assert sv.CardGame(seed=1).max_chance_steps() is None


@pytest.mark.parametrize("settings", [{"base": "minishogi", "move_limit": 12, "foul_limit": 3}, {}])
def test_tsuitate_games_stay_within_their_length(settings):
    rng = random.Random(3)
    for _ in range(5):
        game = sv.TsuitateGame(**settings)
        bound = game.max_length()
        while not game.is_game_over():
            game.push(rng.choice(list(game.legal_moves)))
        assert len(game.history()) <= bound


# -- the adapters read the facts: a definition and a script play in both -----------


@pytest.mark.parametrize("name, params", [("judkins", {}), ("judkins", {"max_plies": 40, "stalemate": "draw"}),
                                          (SCRIPT, {})])
def test_openspiel_plays_a_definition_and_a_script(name, params):
    pyspiel = pytest.importorskip("pyspiel")
    import shogi_variants.openspiel as sos

    game = sos.load(name, **params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    assert game.get_type().short_name == "shogi_variants_" + name.replace("-", "_")
    proto = sv.new_game(name, **{k: v for k, v in params.items() if k != "max_plies"},
                        **({"move_limit": params["max_plies"]} if "max_plies" in params else {}))
    # The game's own bound where it has one; else the adapter's cap on a 6x6 board.
    expected = proto.max_length() or 512
    assert game.max_game_length() == expected
    # The parameters: the game's settings that have a value, and max_plies
    # where the rules bound no length (a move limit of None is no parameter).
    settings = {k for k, v in sv.game_settings(name).items() if v is not None}
    assert set(game.get_parameters()) == settings | ({"max_plies"} if "move_limit" not in settings else set())


def test_openspiel_parameters_and_bounds_are_the_games():
    pytest.importorskip("pyspiel")
    import shogi_variants.openspiel as sos

    card = sos.load("card", base="minishogi", max_plies=30, no_move="draw_again")
    assert card.max_game_length() == 30
    assert card.max_chance_nodes_in_history() == sv.new_game(
        "card", base="minishogi", move_limit=30, no_move="draw_again").max_chance_steps()
    params = card.get_parameters()
    defaults = sv.game_settings("card")
    assert {k: params[k] for k in ("jokers", "copies_per_rank", "check_exempt")} == {
        k: defaults[k] for k in ("jokers", "copies_per_rank", "check_exempt")}
    tsuitate = sos.load("tsuitate")
    assert tsuitate.max_game_length() == sv.TsuitateGame().max_length()
    assert "max_plies" not in tsuitate.get_parameters()  # its rules bound it
    with pytest.raises(ValueError, match="chess"):
        sos.load("chess")


@pytest.mark.parametrize("name", ["judkins", SCRIPT])
def test_pettingzoo_plays_a_definition_and_a_script(name):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from shogi_variants.pettingzoo import env

    e = env(game=name, move_limit=30)
    api_test(e, num_cycles=60, verbose_progress=False)
    assert e.unwrapped.metadata["name"] == f"shogi_variants_{name.replace('-', '_')}_v0"
