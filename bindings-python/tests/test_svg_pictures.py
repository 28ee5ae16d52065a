"""svg(...) pictures: the result on a finished game, the same options on every
game and view, Card shogi's card, what a Tsuitate player was told, the boards
opened at the end, and pictures without CJK glyphs."""

import re
import xml.etree.ElementTree as ET

import pytest

import shogi_variants as sv
from conftest import assert_svg

NS = "{http://www.w3.org/2000/svg}"
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(NS + "text")]


def mated() -> sv.Board:
    b = sv.Board("4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    b.push_usi("G*5b")
    assert b.is_game_over()
    return b


def all_pictured():
    """One of every kind of object that draws itself."""
    t = sv.TsuitateGame()
    c = sv.CardGame(seed=5)
    return [sv.Board(), sv.Board(variant="minishogi"), c, t, t.seen(0), t.seen(1)]


# --- 1. the result on a finished game ------------------------------------


def test_finished_game_shows_result_and_no_to_move_marker():
    b = mated()
    ja = assert_svg(b.svg())
    assert [e.text for e in by_class(ja, "result")] == ["先手の勝ち（詰み）"]
    assert by_class(ja, "to-move") == []
    en = assert_svg(b.svg(lang="en"))
    assert [e.text for e in by_class(en, "result")] == ["Black wins by checkmate"]
    assert b._repr_svg_() == b.svg()


def test_game_in_progress_has_to_move_marker_and_no_result():
    b = sv.Board()
    root = assert_svg(b.svg())
    assert len(by_class(root, "to-move")) == 1
    assert by_class(root, "result") == []


def test_card_game_lost_for_want_of_a_move_shows_result_card_and_file():
    c = sv.CardGame("4k4/9/9/9/9/9/9/9/4K4 b - 1", seed=1)
    c.apply_chance(1)  # file 1 is empty: Black has no move there and loses
    assert c.phase == "over"
    root = assert_svg(c.svg(lang="en"))
    assert [e.text for e in by_class(root, "result")] == ["White wins by no legal move on the card's file"]
    assert [e.get("data-file") for e in by_class(root, "card-file")] == ["1"]
    assert "1" in texts(by_class(root, "card")[0])
    assert by_class(root, "to-move") == []
    ja = assert_svg(c.svg())
    assert by_class(ja, "result")[0].text == "後手の勝ち（札の筋に指し手なし）"


# --- 2. the same options everywhere --------------------------------------


@pytest.mark.parametrize("obj", all_pictured(), ids=lambda o: type(o).__name__)
def test_every_option_on_every_object(obj):
    plain = assert_svg(obj.svg())
    root = assert_svg(
        obj.svg(
            flipped=True,
            size=300,
            highlight=["3c"],
            selected="3c" if not isinstance(obj, sv.PlayerView) else "1a",
            arrows=[("3c", "3b"), "P*2b"],
            marks=[("2b", "?")],
            lang="en",
            pieces="latin",
        )
    )
    assert root.get("width") == "300"
    assert plain.get("width") != "300"
    assert len(by_class(root, "arrow")) == 2  # a shaft-and-head path, a drop's ring
    assert by_class(root, "arrow")[0].tag == NS + "path"
    assert [m.get("data-square") for m in by_class(root, "mark")] == ["2b"]
    assert "?" in texts(by_class(root, "mark")[0])
    assert len(by_class(root, "selected")) == 1
    assert not CJK.search("".join(texts(root)).replace("▲", "").replace("△", ""))
    # Deterministic.
    assert obj.svg(marks=[("2b", "?")]) == obj.svg(marks=[("2b", "?")])


def test_selected_legal_squares_differ_from_highlights():
    b = sv.Board()
    root = assert_svg(b.svg(selected="7g", highlight=["5e"]))
    assert [e.get("data-square") for e in by_class(root, "legal")] == ["7f"]
    assert [e.get("data-square") for e in by_class(root, "selected")] == ["7g"]
    assert [e.get("data-square") for e in by_class(root, "highlight")] == ["5e"]
    assert by_class(root, "legal")[0].get("stroke") != by_class(root, "highlight")[0].get("fill")
    drops = assert_svg(sv.Board("4k4/9/9/9/9/9/9/9/4K4 b P 1").svg(selected="P*"))
    assert len(by_class(drops, "legal")) == 81 - 9 - 1  # not on rank a (5a included), not on 5i
    assert by_class(drops, "selected") == []


def test_flipped_view_default_is_its_owner_side():
    t = sv.TsuitateGame()
    w = t.seen(1)
    assert w.svg() == w._repr_svg_()
    assert w.svg() != w.svg(flipped=False)


def test_latin_pieces_and_english_words_have_no_cjk():
    b = sv.Board()
    root = assert_svg(b.svg(pieces="latin", lang="en"))
    words = texts(root)
    assert "K" in words and "Black" in words and "White" in words
    assert [e.text for e in by_class(root, "rank-label")] == list("abcdefghi")
    assert not CJK.search("".join(words))
    kanji = assert_svg(b.svg())
    assert "玉" in texts(kanji) and "先手" in texts(kanji)


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        ({"highlight": ["0z"]}, sv.InvalidSquareError),
        ({"selected": "9j"}, sv.InvalidSquareError),
        ({"arrows": [("7g", "7z")]}, sv.InvalidSquareError),
        ({"arrows": [("7g", "7f", "7e")]}, sv.SettingError),
        ({"arrows": ["7g7z"]}, sv.InvalidMoveError),
        ({"marks": [("5e", "")]}, sv.SettingError),
        ({"marks": [("5e", "toolong")]}, sv.SettingError),
        ({"marks": [("5e", 3)]}, sv.SettingError),
        ({"marks": ["5e"]}, sv.SettingError),
        ({"marks": [("5z", "?")]}, sv.InvalidSquareError),
        ({"lang": "fr"}, sv.SettingError),
        ({"pieces": "western"}, sv.SettingError),
        ({"size": 10}, sv.SettingError),
        ({"size": 10**30}, sv.SettingError),
    ],
)
@pytest.mark.parametrize("obj", all_pictured(), ids=lambda o: type(o).__name__)
def test_bad_options_raise_the_module_classes(obj, kwargs, exc):
    before = obj.svg()
    with pytest.raises(exc):
        obj.svg(**kwargs)
    assert obj.svg() == before


def test_minishogi_squares_off_the_board_raise():
    with pytest.raises(sv.InvalidSquareError):
        sv.Board(variant="minishogi").svg(marks=[("7g", "?")])


# --- 3. Card shogi's card, Tsuitate's announcements, the opened boards ----


def test_card_drawn_as_a_card_and_its_file_tinted():
    c = sv.CardGame(seed=3)
    assert by_class(assert_svg(c.svg()), "card") == []
    c.apply_chance(7)
    root = assert_svg(c.svg(lang="en"))
    assert "7" in texts(by_class(root, "card")[0])
    assert [e.get("data-file") for e in by_class(root, "card-file")] == ["7"]
    assert "Play on file 7" in texts(root)
    flipped = assert_svg(c.svg(flipped=True))
    assert [e.get("data-file") for e in by_class(flipped, "card-file")] == ["7"]


def test_tsuitate_view_marks_capture_check_and_fouls():
    t = sv.TsuitateGame()
    for u in ["7g7f", "3c3d", "8h2b+", "3a2b"]:
        t.push_usi(u)
    black = assert_svg(t.seen(0).svg(lang="en"))
    assert [e.get("data-square") for e in by_class(black, "capture")] == ["2b"]
    assert by_class(black, "last-move") == []  # White's recapture: Black is not told the move
    white = assert_svg(t.seen(1).svg(lang="en"))
    assert [e.get("data-square") for e in by_class(white, "last-move")] == ["3a", "2b"]  # its own move
    assert any("capture on 2b" in s for s in texts(black))
    t.push_usi("B*3d")  # onto White's unseen pawn: a foul
    black = assert_svg(t.seen(0).svg(lang="en"))
    assert by_class(black, "capture") == []
    assert any("foul (1)" in s and "fouls 1/" in s for s in texts(black))

    t2 = sv.TsuitateGame("4k4/9/9/9/9/9/9/9/4K4 b R 1")
    t2.push_usi("R*5e")
    white = assert_svg(t2.seen(1).svg(lang="en"))
    assert [e.get("data-square") for e in by_class(white, "check")] == ["5a"]
    assert any("in check" in s for s in texts(white))
    black = assert_svg(t2.seen(0).svg(lang="en"))
    assert by_class(black, "check") == []
    assert any("· check ·" in s for s in texts(black))


def test_tsuitate_boards_opened_side_by_side_at_the_end():
    t = sv.TsuitateGame("4k4/9/4G4/9/9/9/9/9/4K4 b G 1")
    during = assert_svg(t.svg())
    assert by_class(during, "panel") == []
    opened = assert_svg(t.svg(opened=True))
    assert len(by_class(opened, "panel")) == 2
    t.push_usi("G*5b")
    assert t.is_game_over()
    end = assert_svg(t.svg(lang="en"))
    panels = by_class(end, "panel")
    assert len(panels) == 2
    for p in panels:
        assert [e.text for e in p.iter(NS + "text") if e.get("class") == "result"] == ["Black wins by checkmate"]
    referee = assert_svg(t.svg(opened=False, lang="en"))
    assert by_class(referee, "panel") == []
    assert [e.text for e in by_class(referee, "result")] == ["Black wins by checkmate"]
