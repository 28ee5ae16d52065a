"""The shogi family from Python (issue 34): ``FamilyGame``, a definition
with pieces of its own, plays through the one ``Game`` class and everything
built on it (players, self-play, saved games, pickling), its pieces named as
its definition names them and its moves written with its letters."""

import copy
import json
import pickle
import random

import pytest

import shogi_variants as sv

FAMILY = sv.FamilyGame.builtin_names()

# A definition of one's own: a 3x3 board, kings and a chick that promotes to
# a gold (the standard kinds it uses are added by the definition).
TINY = """
name = "tiny"
files = 3
ranks = 3
promotion_ranks = 1
start = "1k1/3/1K1 b C 1"
[[piece]]
name = "chick"
letter = "C"
betza = "fW"
promotes_to = "gold"
promotion = "forced"
"""


def random_game(name, seed, plies=60):
    """A game of ``name`` played by seeded random moves, and the moves."""
    g = sv.new_game(name)
    rng = random.Random(seed)
    played = []
    while not g.is_game_over() and len(played) < plies:
        m = rng.choice(list(g.legal_moves))
        played.append(m.usi())
        g.push(m)
    return g, played


def test_new_game_makes_a_family_game_by_name_and_alias():
    g = sv.new_game("dobutsu")
    assert type(g) is sv.FamilyGame and isinstance(g, sv.Game)
    assert g.name == "dobutsu" and g.files == 3 and g.ranks == 4
    assert g.kinds == ["chick", "hen", "elephant", "giraffe", "lion"]
    assert g.sfen() == "gle/1c1/1C1/ELG b - 1"
    assert sv.new_game("animal").sfen() == g.sfen()
    assert sv.new_game("defined", definition="dobutsu").sfen() == g.sfen()
    assert sv.FamilyGame(definition="kyotoshogi").name == "kyotoshogi"
    assert set(FAMILY) >= {"dobutsu", "kyotoshogi", "torishogi", "microshogi"}


def test_a_definition_of_ones_own_as_text_or_as_a_dict():
    by_text = sv.new_game("defined", definition=TINY)
    assert type(by_text) is sv.FamilyGame and by_text.name == "tiny"
    assert by_text.kinds[0] == "chick"
    as_dict = {
        "name": "tiny", "files": 3, "ranks": 3, "promotion_ranks": 1, "start": "1k1/3/1K1 b C 1",
        "piece": [{"name": "chick", "letter": "C", "betza": "fW", "promotes_to": "gold",
                   "promotion": "forced"}],
    }
    by_dict = sv.FamilyGame(definition=as_dict)
    assert by_dict.kinds == by_text.kinds
    assert sorted(m.usi() for m in by_dict.legal_moves) == sorted(m.usi() for m in by_text.legal_moves)
    # Two king steps (its neighbours are attacked), five chick drops (rank a is dead for a chick).
    assert len(by_text.legal_moves) == 2 + 5 and "C*1a" not in by_text.legal_moves


def test_bad_definitions_and_settings_name_the_field():
    with pytest.raises(sv.SettingError, match="betza"):
        sv.FamilyGame(definition=TINY.replace('betza = "fW"', 'betza = "fQ3x"'))
    with pytest.raises(sv.SettingError, match="move_limit"):
        sv.FamilyGame(definition="dobutsu", move_limit=0)
    with pytest.raises(sv.SettingError, match="no definition of the shogi family"):
        sv.FamilyGame(definition="judkins")
    with pytest.raises(sv.SettingError, match="definition is a shipped name"):
        sv.FamilyGame(definition=3)
    with pytest.raises(sv.InvalidSfenError):
        sv.FamilyGame("9/9 b - 1", definition="dobutsu")
    # A Board plays shogi's pieces, and says which class plays the family.
    for make in (lambda: sv.Board(variant="dobutsu"), lambda: sv.Board(variant="defined", definition="kyoto")):
        with pytest.raises(sv.SettingError, match="shogi family.*FamilyGame"):
            make()


def test_pieces_and_hands_by_the_definitions_names():
    g = sv.new_game("dobutsu")
    assert g.piece_at("2d") == ("lion", sv.BLACK) and g.piece_at("2a") == ("lion", sv.WHITE)
    assert g.piece_at("1b") is None
    # The chicks face each other: Black takes White's, White's lion takes back.
    assert g.push_usi("2c2b").usi() == "2c2b"
    g.push_usi("2a2b")
    assert g.sfen() == "g1e/1l1/3/ELG b Cc 3"
    assert g.hand(sv.BLACK) == {"chick": 1} == g.hand(sv.WHITE)
    assert g.piece_map()[g.parse_square("2b")] == ("lion", sv.WHITE)
    assert len(g.piece_map()) == 6
    assert g.pieces("giraffe", sv.BLACK) == [g.parse_square("1d")] == g.pieces("G", sv.BLACK)
    assert g.king(sv.WHITE) == g.parse_square("2b")
    assert g.legal_squares("C*") == sorted(g.parse_square(s) for s in ["1b", "1c", "2a", "2c", "3b", "3c"])
    assert "chick" in str(g) and "vL" in str(g)
    assert g.legal_squares("2d") == sorted(g.parse_square(s) for s in ["1c", "2c", "3c"])
    later = g.from_sfen("1l1/3/3/1L1 b C 1")
    assert type(later) is sv.FamilyGame and later.start_sfen() == "1l1/3/3/1L1 b C 1" == later.sfen()
    assert later.settings == g.settings and len(later.legal_moves) == 5 + 10
    # A drop is read by its letter as this definition's kind, whatever wrote
    # it: a Move made with shogi's letters, whose lance is not dobutsu's lion.
    assert later.usi("C*2b") == "C*2b"
    assert later.usi(sv.Move.from_usi("L*2b", board=later)) == "L*2b"
    assert later.parse_usi("C*2b") in later.legal_moves and "L*2b" not in later.legal_moves
    with pytest.raises(sv.InvalidMoveError, match="'R'"):
        later.usi(sv.Move.from_usi("R*2b", board=later))


@pytest.mark.parametrize("name", FAMILY)
def test_moves_are_written_with_the_definitions_letters(name):
    """Along a random game: every move's text has no '?', reads back as the
    same move, and is found by ``in``; history and the move stack agree."""
    g = sv.new_game(name)
    rng = random.Random(7)
    while not g.is_game_over() and len(g.history()) < 80:
        moves = list(g.legal_moves)
        assert len(moves) == len(g.legal_moves) == len(g.legal_actions())
        for m in moves:
            text = m.usi()
            assert "?" not in text and str(m) == text
            assert text in g.legal_moves and m in g.legal_moves
            assert g.parse_usi(text) == m and g.parse_usi(text).usi() == text
        m = rng.choice(moves)
        assert g.move_of(g.action(m)).usi() == m.usi()
        g.push(m)
        assert g.peek().usi() == m.usi()
    assert [m.usi() for m in g.move_stack] == g.history()
    assert "?" not in repr(g.legal_moves)


def test_kyoto_writes_its_flips_and_its_drops_of_either_face():
    g = sv.new_game("kyotoshogi")
    texts = {m.usi() for m in g.legal_moves}
    # Every kyoto piece changes face when it moves: '+' to its other face, '-' back.
    assert {"1e1d+", "2e2d-"} <= texts
    g2 = sv.FamilyGame("5/5/5/5/K3k b S 1", definition="kyotoshogi")
    drops = {m.usi() for m in g2.legal_moves if m.is_drop}
    assert any(t.startswith("+") for t in drops) and any(t.startswith("S*") for t in drops)
    for t in drops:
        assert sv.FamilyGame("5/5/5/5/K3k b S 1", definition="kyotoshogi").legal_moves.count() == len(
            g2.legal_moves)
        m = g2.parse_usi(t)
        assert m.drop_piece == t.split("*")[0]


def test_bad_move_text_raises_a_readable_error_and_changes_nothing():
    g = sv.new_game("dobutsu")
    before = (g.sfen(), g.history())
    with pytest.raises(sv.InvalidMoveError, match="'Z'.*no piece of this definition"):
        g.push_usi("Z*2b")
    with pytest.raises(sv.InvalidMoveError, match="off the 3x4 board"):
        g.push_usi("5e5d")
    with pytest.raises(sv.InvalidMoveError, match="not a USI move"):
        g.push("hello")
    with pytest.raises(sv.IllegalMoveError):
        g.push_usi("2d2c")  # the lion onto its own chick
    with pytest.raises(sv.IllegalMoveError):
        g.parse_usi("2d2c")
    assert (g.sfen(), g.history()) == before
    assert isinstance(sv.InvalidMoveError("x"), sv.ShogiError)


def test_pop_takes_back_and_a_resignation_is_final():
    g = sv.new_game("dobutsu")
    start = g.sfen()
    g.push_usi("2c2b")
    g.push_usi("2a2b")
    assert g.pop().usi() == "2a2b" and g.pop().usi() == "2c2b"
    assert g.sfen() == start
    with pytest.raises(IndexError):
        g.pop()
    with pytest.raises(IndexError):
        g.peek()
    g.push_usi("2c2b")
    o = g.resign()  # White, to move, resigns
    assert o.winner == sv.BLACK and o.reason == "resignation" and g.is_game_over()
    with pytest.raises(sv.ShogiError):
        g.pop()


def test_the_game_ends_as_the_contract_says():
    # A royal capture ends dobutsu: White's lion takes Black's.
    g = sv.FamilyGame("1l1/1L1/3/3 w - 1", definition="dobutsu")
    g.push_usi("2a2b")
    o = g.outcome()
    assert g.is_game_over() and o.winner == sv.WHITE and o.reason == "royal_captured"
    assert g.to_move() is None and list(g.legal_moves) == [] and g.legal_actions() == []
    assert o.returns() == [-1.0, 1.0]
    # A try: the lion reaches the far rank, unattacked.
    t = sv.FamilyGame("3/1L1/2l/3 b - 1", definition="dobutsu")
    t.push_usi("2b3a")
    assert t.outcome().winner == sv.BLACK and t.outcome().reason == "try"
    with pytest.raises(sv.GameOverError):
        t.push_usi("1c1d")


def test_the_shared_game_methods_answer_for_a_family_game():
    g = sv.new_game("dobutsu", move_limit=30)
    assert g.max_length() == 30 and g.settings["move_limit"] == 30
    assert g.settings["definition"] == "dobutsu"
    assert sv.new_game("dobutsu", **{k: v for k, v in g.settings.items() if k != "definition"}).settings == g.settings
    assert g.num_actions == 2 * 12 * 12 + len(g.kinds) * 12
    mask = g.action_mask()
    assert mask.shape == (g.num_actions,) and mask.sum() == len(g.legal_moves)
    assert g.observation_shape == (4 * len(g.kinds) + 3, 4, 3)
    assert g.observation_tensor().shape == g.observation_shape
    assert g.observation_tensor(sv.WHITE).shape == g.observation_shape
    assert g.turn == sv.BLACK and g.to_move() == sv.BLACK and not g.is_chance_node()
    assert g.is_check() is False and isinstance(g.zobrist_hash(), int)
    verdict, told = g.apply_action("2c2b")
    assert verdict == "played" and told == ([], [])
    g.apply_action("2a2b")
    g.apply_action("C*2c")
    assert g.history() == ["2c2b", "2a2b", "C*2c"]
    seen = g.seen(sv.WHITE)
    assert type(seen) is sv.FamilyGame and seen.sfen() == g.sfen() and seen is not g
    with pytest.raises(sv.ShogiError, match="dobutsu is a game of the shogi family"):
        g.attackers(sv.BLACK, "2b")
    with pytest.raises(sv.ShogiError, match="BOD"):
        g.bod()


def test_saved_games_pickles_and_copies_round_trip():
    for name in ["dobutsu", "kyotoshogi"]:
        g, played = random_game(name, 3, plies=20)
        again = sv.load(g.to_json())
        assert type(again) is sv.FamilyGame
        assert again == g and again.history() == played and again.settings == g.settings
        assert pickle.loads(pickle.dumps(g)) == g
        assert copy.deepcopy(g) == g and g.copy() == g
        assert eval(repr(g), {"FamilyGame": sv.FamilyGame}) .sfen() == g.sfen()
    saved = json.loads(sv.new_game("defined", definition=TINY).to_json())
    assert saved["game"] == "defined" and "chick" in saved["settings"]["definition"]
    own = sv.load(json.dumps(saved))
    assert own.name == "tiny"
    for m in sv.FamilyGame("1l1/3/3/1L1 b C 1", definition="dobutsu").legal_moves:
        back = pickle.loads(pickle.dumps(m))
        assert back == m and back.usi() == m.usi() and back.board_shape == (3, 4)


def test_a_record_is_refused_by_name_with_the_saved_game_instead():
    g, _ = random_game("dobutsu", 1, plies=6)
    with pytest.raises(sv.ShogiError) as e:
        g.record()
    message = str(e.value)
    assert "dobutsu" in message and "KIF" in message and "SFEN and USI moves" in message
    assert "to_json()" in message
    with pytest.raises(sv.ShogiError, match="kyotoshogi.*KIF"):
        sv.new_game("kyotoshogi").record(black="Habu")


def test_a_picture_draws_the_definitions_labels():
    g = sv.new_game("dobutsu")
    svg = g.svg()
    assert svg.startswith("<svg") and svg == g._repr_svg_()
    assert svg.count('class="piece black"') == 4 and svg.count('class="piece white"') == 4
    for label in "ひぞきら":  # chick, elephant, giraffe, lion: the definition's labels
        assert f">{label}</text>" in svg
    g.push_usi("2c2b")  # the chick takes the chick: one in hand, the move marked
    svg = g.svg(lang="en", pieces="latin")
    assert ">C×1</text>" in svg and svg.count('class="last-move"') == 2
    assert ">L</text>" in svg and "ら" not in svg
    kyoto = sv.new_game("kyotoshogi")
    assert ">+L</text>" in kyoto.svg(pieces="latin")  # a promoted face, its SFEN letters


@pytest.mark.parametrize("name", ["dobutsu", "kyotoshogi", "microshogi"])
def test_the_native_players_play_family_games(name):
    g = sv.new_game(name, move_limit=40)
    random_player, search = sv.RandomPlayer(5), sv.SearchPlayer(depth=2)
    while not g.is_game_over():
        player = random_player if g.turn == sv.BLACK else search
        m = player.choose(g)
        assert m in g.legal_moves and "?" not in m.usi()
        g.push(m)
    assert g.outcome() is not None


def test_a_match_selfplay_and_episodes_on_dobutsu():
    r = sv.play_match("dobutsu", sv.SearchPlayer(depth=2), sv.RandomPlayer(3), games=4, seed=1, max_plies=60)
    assert len(r.games) == 4
    sp = sv.SelfPlay("dobutsu", num_games=2, seed=1, max_plies=40)
    kinds = len(sv.new_game("dobutsu").kinds)
    assert sp.num_actions == 2 * 12 * 12 + kinds * 12
    assert sp.observation_shape == (4 * kinds + 3, 4, 3)
    sp.run_random(50)
    assert sp.observations.shape == (2, 4 * kinds + 3, 4, 3)
    assert type(sp.game_at(0)) is sv.FamilyGame
    batch = sv.Episodes("dobutsu", seeds=range(3), black="random", white="search:depth=1", max_plies=60)
    batch.run()
    results = batch.results()
    assert len(results) == 3 and all(res.plies > 0 for res in results)
    game = batch.game_at(0)
    assert type(game) is sv.FamilyGame and len(game.history()) == results[0].plies


def test_mate_search_finds_a_lion_that_cannot_escape_capture():
    # A chick dropped on 1c checks Black's lion on 1d, which cannot escape:
    # if it takes the chick, White's lion on 1b takes it; if not, the chick
    # does. Mate in 3 where the royal piece is captured.
    g = sv.FamilyGame("e2/c1l/g2/EGL w c 16", definition="dobutsu")
    report = g.mate()
    assert report.result == "mate" and report.plies == 3 and report.shortest
    # Every reply loses at once: the line holds one of them (the first in
    # move order), and ends with the lion taken.
    assert report.moves[0].usi() == "C*1c" and len(report.moves) == 3
    for m in report.moves:
        g.push(m)
    assert g.outcome().winner == sv.WHITE
    start = sv.new_game("dobutsu")
    assert start.mate(nodes=2_000).result in ("no_mate", "timeout")
    with pytest.raises(sv.GameOverError):
        g.mate()
    with pytest.raises(TypeError):  # the df-pn solver takes a Board
        sv.MateSolver(table_mb=1).solve(start, nodes=100)