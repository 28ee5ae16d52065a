"""Saved games (versioned JSON) and pickling of every game through them."""

import json
import pickle
import random

import pytest

import shogi_variants as sv


def random_steps(game, rng, steps):
    for _ in range(steps):
        if isinstance(game, sv.Board):
            moves = list(game.legal_moves)
            if not moves:
                return
            game.push(rng.choice(moves))
        elif isinstance(game, sv.CardGame):
            if game.phase == "over":
                return
            if game.phase == "draw":
                if rng.random() < 0.5:
                    game.chance_step()
                else:
                    game.apply_chance(rng.choice(game.chance_outcomes())[0])
            else:
                game.push(rng.choice(list(game.legal_moves)))
        else:
            if game.is_game_over():
                return
            game.push(rng.choice(list(game.seen(game.turn).legal_moves)))


def observable(game):
    if isinstance(game, sv.Board):
        return (game.sfen(), game.move_stack, game.outcome(), game.settings, game.variant)
    if isinstance(game, sv.CardGame):
        return (game.sfen(), game.turns(), game.phase, game.current_card, game.deck(), game.outcome(), game.settings)
    return (
        game.sfen(),
        game.outcome(),
        game.seen(sv.BLACK).information_state_string(),
        game.seen(sv.WHITE).information_state_string(),
        game.fouls(sv.BLACK),
        game.fouls(sv.WHITE),
    )


GAMES = [
    lambda: sv.Board(),
    lambda: sv.Board(variant="minishogi"),
    lambda: sv.Board(variant="must-capture", base="minishogi"),
    lambda: sv.CardGame(seed=11, jokers=True),
    lambda: sv.TsuitateGame(foul_limit=20),
]


@pytest.mark.parametrize("make", GAMES)
@pytest.mark.parametrize("seed", range(5))
def test_save_load_and_pickle_resume_exactly(make, seed):
    rng = random.Random(seed)
    game = make()
    random_steps(game, rng, rng.randrange(0, 80))
    for restored in (sv.load(game.to_json()), pickle.loads(pickle.dumps(game))):
        assert type(restored) is type(game)
        assert observable(restored) == observable(game)
        # Both continue alike, the card game's seeded draws included.
        rng_a, rng_b = random.Random(seed + 100), random.Random(seed + 100)
        a, b = game.copy(), restored
        for _ in range(30):
            random_steps(a, rng_a, 1)
            random_steps(b, rng_b, 1)
            assert observable(a) == observable(b)


def test_the_document_is_versioned_json():
    doc = json.loads(sv.Board().to_json())
    assert doc["format"] == "shogi-variants/game"
    assert doc["version"] == 1
    assert doc["game"] == "standard"
    assert doc["moves"] == []


def test_bad_documents_raise_shogi_errors():
    good = json.loads(sv.Board().to_json())
    for bad in [
        "not json",
        json.dumps({**good, "version": 99}),
        json.dumps({**good, "format": "pgn"}),
        json.dumps({**good, "moves": ["7g7f", "7g7f"]}),
        json.dumps({**good, "game": "go"}),
    ]:
        with pytest.raises(sv.ShogiError) as e:
            sv.load(bad)
        assert isinstance(e.value, ValueError)
    with pytest.raises(sv.ShogiError, match="move 1"):
        sv.load(json.dumps({**good, "moves": ["7g7f", "7g7f"]}))
