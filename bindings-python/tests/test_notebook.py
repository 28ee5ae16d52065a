"""What a notebook user meets first (issue 32, item 4): the picture Jupyter
shows (``_repr_svg_``) is ``svg()`` on every game and view, Tsuitate's opened
boards included; the module's picture defaults (``set_diagram_defaults``) for
machines without a CJK font; ``action_mask()`` as a numpy array like
``SelfPlay``'s masks."""

import re

import pytest

import shogi_variants as sv
from conftest import assert_svg

CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]")


@pytest.fixture(autouse=True)
def restore_defaults():
    """Every test leaves the module's defaults as it found them."""
    before = sv.diagram_defaults()
    yield
    sv.set_diagram_defaults(**before)
    assert sv.diagram_defaults() == before


def finished_tsuitate() -> sv.TsuitateGame:
    t = sv.TsuitateGame("4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    t.push_usi("G*5b")
    assert t.is_game_over()
    return t


def pictured():
    """One of every kind of object that draws itself, on and over."""
    t = sv.TsuitateGame()
    t.push_usi("7g7f")
    over = finished_tsuitate()
    mated = sv.Board("4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    mated.push_usi("G*5b")
    return [
        sv.Board(),
        mated,
        sv.Board(variant="minishogi"),
        sv.CardGame(seed=5),
        t,
        t.seen(0),
        t.seen(1),
        over,
        over.seen(0),
        over.seen(1),
    ]


# --- _repr_svg_ is svg() ------------------------------------------------------


def test_tsuitate_repr_at_the_end_shows_both_boards_as_svg_does():
    t = finished_tsuitate()
    # Before the fix, _repr_svg_ drew the referee's board alone.
    assert t._repr_svg_() == t.svg()
    root = assert_svg(t._repr_svg_())
    assert len([e for e in root.iter() if e.get("class") == "panel"]) == 2


def test_tsuitate_repr_mid_game_is_the_referee_board_as_svg():
    t = sv.TsuitateGame()
    t.push_usi("7g7f")
    assert t._repr_svg_() == t.svg()
    assert t._repr_svg_() == t.svg(opened=False)


@pytest.mark.parametrize("obj", pictured(), ids=lambda o: type(o).__name__)
def test_repr_svg_is_svg_on_every_object(obj):
    assert obj._repr_svg_() == obj.svg()


# --- the module's picture defaults --------------------------------------------


def test_defaults_start_as_kanji_japanese_builtin_fonts():
    assert sv.diagram_defaults() == {"lang": "ja", "pieces": "kanji", "font": []}


@pytest.mark.parametrize("obj", pictured(), ids=lambda o: type(o).__name__)
def test_latin_default_reaches_svg_and_repr_of_every_object(obj):
    assert CJK.search(obj.svg())
    explicit = obj.svg(pieces="latin", lang="en")
    assert not CJK.search(explicit)
    sv.set_diagram_defaults(pieces="latin", lang="en")
    # Before the fix there was no such switch: every picture was kanji.
    assert obj.svg() == explicit
    assert obj._repr_svg_() == explicit
    assert not CJK.search(obj._repr_svg_())


def test_explicit_arguments_win_over_the_defaults():
    b = sv.Board()
    kanji = b.svg()
    sv.set_diagram_defaults(pieces="latin", lang="en", font="IPAexGothic")
    assert "IPAexGothic" in b.svg()
    assert b.svg(pieces="kanji", lang="ja", font=[]) == kanji
    assert "IPAexGothic" not in b.svg(font=[])
    assert "Noto Sans JP" in b.svg(font="Noto Sans JP") and "IPAexGothic" not in b.svg(font="Noto Sans JP")


def test_font_default_is_read_back_and_drawn():
    old = sv.set_diagram_defaults(font="IPAexGothic, Noto Sans JP")
    assert old == {"lang": "ja", "pieces": "kanji", "font": []}
    assert sv.diagram_defaults()["font"] == ["IPAexGothic", "Noto Sans JP"]
    svg = sv.Board().svg()
    assert svg.index("IPAexGothic") < svg.index("Noto Sans JP")
    sv.set_diagram_defaults(font=[])
    assert sv.diagram_defaults()["font"] == []
    assert "IPAexGothic" not in sv.Board().svg()


def test_keywords_left_out_keep_their_default_and_old_values_restore():
    old = sv.set_diagram_defaults(pieces="latin")
    assert sv.diagram_defaults() == {"lang": "ja", "pieces": "latin", "font": []}
    assert sv.set_diagram_defaults(lang="en") == {"lang": "ja", "pieces": "latin", "font": []}
    assert sv.set_diagram_defaults(lang=None, pieces=None, font=None) == {"lang": "en", "pieces": "latin", "font": []}
    sv.set_diagram_defaults(**old)
    assert sv.diagram_defaults() == old


@pytest.mark.parametrize(
    "kwargs",
    [{"pieces": "western"}, {"lang": "fr"}, {"font": "bad;font"}, {"font": 3}, {"lang": "en", "pieces": "bogus"}],
)
def test_bad_default_raises_setting_error_and_changes_nothing(kwargs):
    before = sv.diagram_defaults()
    with pytest.raises(sv.SettingError):
        sv.set_diagram_defaults(**kwargs)
    assert sv.diagram_defaults() == before


def test_defaults_take_keywords_only():
    with pytest.raises(TypeError):
        sv.set_diagram_defaults("latin")  # type: ignore[misc]


# --- action_mask() is a numpy array -------------------------------------------


def mask_owners():
    t = sv.TsuitateGame()
    c = sv.CardGame(seed=5)
    c.chance_step()
    return [sv.Board(), sv.Board(variant="minishogi"), c, t, t.seen(0)]


@pytest.mark.parametrize("obj", mask_owners(), ids=lambda o: type(o).__name__)
def test_action_mask_is_a_bool_array_like_selfplay_masks(obj):
    np = pytest.importorskip("numpy")
    mask = obj.action_mask()
    # Before the fix: bytes, with no .shape and no .sum().
    assert isinstance(mask, np.ndarray)
    assert mask.shape == (obj.num_actions,) and mask.dtype == np.bool_
    assert mask.sum() == len(obj.legal_actions())
    assert list(np.flatnonzero(mask)) == obj.legal_actions()


def test_action_mask_dtype_matches_selfplay():
    np = pytest.importorskip("numpy")
    sp = sv.SelfPlay("minishogi", num_games=1, seed=1)
    board = sv.Board(variant="minishogi")
    assert board.action_mask().dtype == sp.action_masks.dtype
    assert np.array_equal(board.action_mask(), sp.action_masks[0])
