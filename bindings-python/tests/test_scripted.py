"""Variants scripted in Python (issue 17): ``register_variant`` puts a
Python object's hooks over a base variant's native rules, and every consumer
of the contract plays the result: ``Board``, players and matches,
``SelfPlay``, the OpenSpiel and PettingZoo adapters, SVG, saved games and
pickles. The expectations are computed here from the base board's own
moves and the rule stated in Python, never from the scripted board.
"""

from __future__ import annotations

import pickle
import random

import pytest

import shogi_variants as sv
from shogi_variants import BLACK, WHITE


class NoDropsFirstCheck:
    """Minishogi without drops, in which the first check wins."""

    def filter_moves(self, board, moves):
        return [m for m in moves if not m.is_drop]

    def extra_outcome(self, board):
        if board.is_check():
            return sv.Outcome(board.turn.opponent, "first_check")
        return None


class RepetitionWinsForWhite:
    """Standard shogi in which a fourfold repetition is White's win."""

    calls = 0

    def repetition_outcome(self, first_player, perpetual_checker):
        type(self).calls += 1
        assert first_player == BLACK and perpetual_checker is None
        return sv.Outcome(WHITE, "repetition")


NAME = sv.register_variant("mini-nodrops-check", NoDropsFirstCheck, base="minishogi")
sv.register_variant("white-repetition", RepetitionWinsForWhite())


def reference_perft(board: sv.Board, depth: int) -> int:
    """Perft of "no drops, first check wins" over ``board``'s base rules,
    counted here: drops are skipped (perft counts the move tree, past the
    ends the rules give, as the library's perft does)."""
    if depth == 0:
        return 1
    n = 0
    for m in list(board.legal_moves):
        if m.is_drop:
            continue
        board.push(m)
        n += reference_perft(board, depth - 1)
        board.pop()
    return n


def test_registered_name_is_a_variant():
    assert NAME == "mini-nodrops-check" and NAME in sv.scripted_variants()
    b = sv.Board(variant=NAME)
    assert b.variant == NAME and (b.files, b.ranks) == (5, 5)
    base = {"variant": "minishogi", **sv.Board(variant="minishogi").settings}
    assert b.settings == {"name": NAME, "base": base}
    assert b.sfen() == sv.Board(variant="minishogi").sfen()
    # The base's settings are settings of the script's variant too.
    drawn = sv.Board(variant=NAME, repetition="Draw")
    assert drawn.settings["base"]["repetition"] == "Draw"
    # The settings dict is accepted back, by the script's name or by kind.
    for again in [sv.Board(variant=NAME, **drawn.settings), sv.Board(variant="scripted", **drawn.settings)]:
        assert again.variant == NAME and again.settings == drawn.settings
    with pytest.raises(sv.SettingError, match="not 'white-repetition'"):
        sv.Board(variant=NAME, name="white-repetition")
    over_standard = sv.Board(variant=NAME, base="standard", move_limit=50)
    assert (over_standard.files, over_standard.settings["base"]["move_limit"]) == (9, 50)


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_agrees_with_the_rule_counted_in_python(depth):
    base = sv.Board(variant="minishogi")
    rng = random.Random(depth)
    for _ in range(6):
        base.push(rng.choice(list(base.legal_moves)))
    scripted = sv.Board(base.sfen(), variant=NAME)
    if depth <= 3:
        assert scripted.perft(depth) == reference_perft(base, depth)
    assert scripted.perft(depth) == scripted.perft(depth, bulk=False)
    assert sum(scripted.divide(depth).values()) == scripted.perft(depth)


def test_drops_are_filtered_and_check_ends_the_game():
    # A position with drops in hand and a check to give, found on the base.
    rng = random.Random(4)
    while True:
        plain = sv.Board(variant="minishogi")
        for _ in range(12):
            if plain.is_game_over():
                break
            plain.push(rng.choice(list(plain.legal_moves)))
        moves = list(plain.legal_moves)
        if any(m.is_drop for m in moves) and any(plain.gives_check(m) and not m.is_drop for m in moves):
            break
    b = sv.Board(plain.sfen(), variant=NAME)
    assert any(m.is_drop for m in plain.legal_moves)
    assert set(b.legal_moves) == {m for m in plain.legal_moves if not m.is_drop}
    drop = next(m for m in plain.legal_moves if m.is_drop)
    with pytest.raises(sv.IllegalMoveError) as e:
        b.push(drop)
    assert e.value.reason == "not_allowed"
    assert b.sfen() == plain.sfen() and not b.move_stack
    check = next(m for m in b.legal_moves if plain.gives_check(m))
    b.push(check)
    o = b.outcome()
    assert o is not None and o.winner == BLACK and o.reason == "first_check"
    assert b.is_game_over() and len(b.legal_moves) == 0 and list(b.legal_moves) == []
    with pytest.raises(sv.GameOverError):
        b.push(next(iter(sv.Board(b.sfen(), variant="minishogi").legal_moves)))
    b.pop()
    assert b.outcome() is None


def test_repetition_outcome_is_the_scripts():
    b = sv.Board(variant="white-repetition")
    cycle = ["5i4h", "5a4b", "4h5i", "4b5a"]
    for usi in cycle * 3:
        assert b.outcome() is None
        b.push_usi(usi)
    o = b.outcome()
    assert o == sv.Outcome(WHITE, "repetition") and RepetitionWinsForWhite.calls >= 1
    # The base alone draws there.
    plain = sv.Board()
    for usi in cycle * 3:
        plain.push_usi(usi)
    assert plain.outcome().winner is None


def test_outcome_constructor():
    o = sv.Outcome(BLACK, "checkmate")
    assert o.winner == BLACK and o.reason == sv.EndReason.CHECKMATE
    assert sv.Outcome(None, "repetition").winner is None
    assert str(sv.Outcome(WHITE, "flag_fell")) == "White wins by flag fell"
    with pytest.raises(sv.ArgumentError):
        sv.Outcome(BLACK, "Not A Name!")
    with pytest.raises(sv.ArgumentError):
        sv.Outcome(7, "checkmate")


# ---------------------------------------------------------------------------
# Hooks that fail: their exception, the board unchanged
# ---------------------------------------------------------------------------


class Boom(Exception):
    pass


class FailingFilter:
    def filter_moves(self, board, moves):
        raise Boom("filter failed")


class AddsAMove:
    def filter_moves(self, board, moves):
        return list(moves) + [sv.Move.from_usi("5e5a", board=board)]


class ReturnsText:
    def extra_outcome(self, board):
        return "Black wins"


class FailsAfterTwoMoves:
    def extra_outcome(self, board):
        if board.move_number >= 3:
            raise Boom("end test failed")
        return None


def test_an_exception_in_a_hook_is_raised_and_the_board_unchanged():
    sv.register_variant("test-failing-filter", FailingFilter, base="minishogi")
    b = sv.Board(variant="test-failing-filter")
    before = b.sfen()
    with pytest.raises(Boom, match="filter failed"):
        b.push_usi("2e3d")
    assert b.sfen() == before and not b.move_stack
    with pytest.raises(Boom):
        list(b.legal_moves)
    with pytest.raises(Boom):
        len(b.legal_moves)
    with pytest.raises(Boom):
        b.perft(2)
    with pytest.raises(Boom):
        b.is_game_over()
    # Nothing is left waiting: a plain board afterwards is untouched by it.
    assert len(sv.Board(variant="minishogi").legal_moves) == 14


def test_an_end_hook_failing_during_a_push_takes_the_move_back():
    sv.register_variant("test-failing-end", FailsAfterTwoMoves, base="minishogi")
    b = sv.Board(variant="test-failing-end")
    b.push_usi("2e3d")
    b.push_usi("4a3b")
    before = b.sfen()
    with pytest.raises(Boom):
        b.push_usi("3d4c")
    assert b.sfen() == before and len(b.move_stack) == 2


def test_hooks_may_only_answer_what_they_may():
    sv.register_variant("test-adds-a-move", AddsAMove, base="minishogi")
    with pytest.raises(sv.ScriptError, match="not among the legal moves"):
        list(sv.Board(variant="test-adds-a-move").legal_moves)
    sv.register_variant("test-returns-text", ReturnsText, base="minishogi")
    with pytest.raises(sv.ScriptError, match="Outcome or None"):
        sv.Board(variant="test-returns-text").push_usi("2e3d")
    with pytest.raises(sv.ScriptError, match="none of the hooks"):
        sv.register_variant("test-nothing", object())
    for bad in ["Upper", "standard", "judkins", "", "x" * 41]:
        with pytest.raises(sv.SettingError):
            sv.register_variant(bad, NoDropsFirstCheck)
    with pytest.raises(sv.SettingError):
        sv.register_variant("test-bad-base", NoDropsFirstCheck, base="chess")
    assert issubclass(sv.ScriptError, sv.ShogiError)


def test_hooks_are_shown_the_base_the_game_plays_over():
    seen = set()

    class Looks:
        def filter_moves(self, board, moves):
            seen.add((board.variant, board.files))
            return moves

    sv.register_variant("test-looks", Looks, base="minishogi")
    len(sv.Board(variant="test-looks").legal_moves)
    len(sv.Board(variant="test-looks", base="standard").legal_moves)
    assert seen == {("minishogi", 5), ("standard", 9)}


def test_registering_again_replaces_the_hooks_for_new_boards():
    class KingOnly:
        def filter_moves(self, board, moves):
            return [m for m in moves if not m.is_drop and board.piece_at(m.from_square).upper() == "K"]

    sv.register_variant("test-replaced", FailingFilter, base="minishogi")
    old = sv.Board(variant="test-replaced")
    sv.register_variant("test-replaced", KingOnly, base="minishogi")
    new = sv.Board(variant="test-replaced")
    assert {m.usi() for m in new.legal_moves} == {"5e4d"}
    with pytest.raises(Boom):
        list(old.legal_moves)


# ---------------------------------------------------------------------------
# Every consumer of the contract
# ---------------------------------------------------------------------------


def random_game(name: str, seed: int, plies: int = 40) -> sv.Board:
    b = sv.Board(variant=name)
    rng = random.Random(seed)
    for _ in range(plies):
        if b.is_game_over():
            break
        b.push(rng.choice(list(b.legal_moves)))
    return b


def test_saved_games_and_pickles_name_the_script():
    b = random_game(NAME, 3, 6)
    saved = b.to_json()
    assert '"name":"mini-nodrops-check"' in saved.replace(" ", "")
    restored = sv.load(saved)
    assert restored.sfen() == b.sfen() and restored.variant == NAME
    assert restored.move_stack == b.move_stack
    again = pickle.loads(pickle.dumps(b))
    assert again.sfen() == b.sfen() and set(again.legal_moves) == set(b.legal_moves)
    unknown = saved.replace("mini-nodrops-check", "never-registered")
    with pytest.raises(sv.ShogiError, match="no scripted variant 'never-registered'"):
        sv.load(unknown)


def test_players_and_matches_keep_the_scripts_rules():
    for player in [sv.RandomPlayer(seed=1), sv.SearchPlayer(nodes=300)]:
        for seed in range(4):
            b = random_game(NAME, seed, 10)
            if b.is_game_over():
                continue
            mv = player.choose(b)
            assert mv in b.legal_moves and not mv.is_drop
    r = sv.play_match(NAME, sv.RandomPlayer(1), sv.SearchPlayer(nodes=200), games=4, seed=2, max_plies=80)
    assert len(r.games) == 4
    # No drops, and the first check wins: such games are short and decided.
    reasons = {reason for _, _, reason, _ in r.games}
    assert "first_check" in reasons, reasons
    for _, winner, reason, plies in r.games:
        if reason == "first_check":
            assert winner is not None and plies < 80


def test_self_play_plays_the_script():
    np = pytest.importorskip("numpy")
    sp = sv.SelfPlay(NAME, num_games=4, seed=5, max_plies=60)
    assert sp.num_actions == sv.Board(variant="minishogi").num_actions
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(150):
        masks = sp.action_masks
        for i in range(4):
            game = sp.game_at(i)
            assert not any(m.is_drop for m in game.legal_moves)
            assert sorted(np.flatnonzero(masks[i]).tolist()) == sorted(game.legal_actions())
        actions = [int(rng.choice(np.flatnonzero(masks[i]))) for i in range(4)]
        _, rewards, terminated, _, _ = sp.step(actions)
        finished += int(terminated.sum())
    assert finished > 0
    assert sp.run_random(200) > 0


def test_svg_of_a_scripted_board():
    b = random_game(NAME, 1, 5)
    svg = b.svg()
    assert svg.startswith("<svg") and "</svg>" in svg


def test_openspiel_plays_the_script():
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("numpy")
    import shogi_variants.openspiel as sos

    game = sos.game_from(lambda: sv.Board(variant=NAME), "shogi_variants_test_scripted", max_game_length=200)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < 200:
        actions = state.legal_actions()
        for a in actions:
            assert "*" not in state.action_to_string(state.current_player(), a)
        state.apply_action(actions[len(actions) // 2])


def test_pettingzoo_plays_the_script():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from shogi_variants.pettingzoo import env_from

    api_test(env_from(lambda: sv.Board(variant=NAME), name="scripted"), num_cycles=300, verbose_progress=False)
