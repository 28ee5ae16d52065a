"""Small mends of issue 16: ``repr(Record)`` counts "1 move", ``repr(LegalMoves)``
is bounded, a mark on the capture square leaves the capture cross visible, and
``svg(font=...)`` names the fonts first (checked: nothing can be injected)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import shogi_variants as sv

NS = "{http://www.w3.org/2000/svg}"
HIDDEN_PAWN = "4k4/9/9/9/8p/9/9/9/4K3R b - 1"  # White pawn on 1e, Black rook on 1i
# Black to move with 593 legal moves (the known maximum).
MAX_MOVES = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"


# --- repr(Record) -----------------------------------------------------------


def test_record_repr_counts_one_move_in_the_singular():
    b = sv.Board()
    assert repr(b.record()).startswith("<Record 0 moves from ")
    b.push_usi("7g7f")
    assert repr(b.record()).startswith("<Record 1 move from ")
    b.push_usi("3c3d")
    assert repr(b.record()).startswith("<Record 2 moves from ")


# --- repr(LegalMoves) -------------------------------------------------------


def test_legal_moves_repr_shows_ten_moves_then_how_many_more():
    moves = sv.Board(MAX_MOVES).legal_moves
    r = repr(moves)
    assert len(moves) == 593
    first = [m.usi() for m in list(moves)[:10]]
    assert r == f"<LegalMoves (593): {', '.join(first)}, ... and 583 more>"
    assert len(r) < 200


def test_legal_moves_repr_lists_few_moves_whole():
    moves = sv.Board("4k4/9/9/9/9/9/9/9/4K4 b - 1").legal_moves
    assert repr(moves) == "<LegalMoves (5): 5i4h, 5i4i, 5i5h, 5i6h, 5i6i>"


def test_an_empty_legal_moves_repr():
    b = sv.Board("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    b.push_usi("G*5b")  # mate: no legal moves
    assert repr(b.legal_moves) == "<LegalMoves (0): >"


# --- a mark on the capture square -------------------------------------------


def captured_view() -> sv.PlayerView:
    g = sv.TsuitateGame(HIDDEN_PAWN)
    g.push("1i1e")  # takes the hidden pawn: White is told of a capture on 1e
    return g.seen(sv.WHITE)


def circle_of(root, square):
    (g,) = [e for e in root.iter() if e.get("class") == "mark" and e.get("data-square") == square]
    c = g.find(NS + "circle")
    return float(c.get("cx")), float(c.get("cy")), float(c.get("r"))


def cross_arms(root):
    (p,) = [e for e in root.iter() if e.get("class") == "capture-cross"]
    nums = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", p.get("d"))]
    return [(nums[0], nums[1], nums[2], nums[3]), (nums[4], nums[5], nums[6], nums[7])], float(p.get("stroke-width"))


def distance_to_segment(px, py, x1, y1, x2, y2):
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return ((px - x1 - t * dx) ** 2 + (py - y1 - t * dy) ** 2) ** 0.5


def test_a_mark_on_the_capture_square_does_not_cover_the_cross():
    view = captured_view()
    root = ET.fromstring(view.svg(marks=[("1e", "?"), ("2e", "?")]))
    arms, stroke = cross_arms(root)
    cx, cy, r = circle_of(root, "1e")
    for arm in arms:
        assert distance_to_segment(cx, cy, *arm) > r + stroke / 2, "the mark's disc hides the capture cross"
    # Elsewhere a mark keeps its full disc, centred on its square.
    ox, oy, orad = circle_of(root, "2e")
    assert orad > r and oy > cy
    # The mark still sits inside its own square (above the cross's centre).
    cross_cx = (arms[0][0] + arms[0][2]) / 2
    cross_cy = (arms[0][1] + arms[0][3]) / 2
    assert cx == pytest.approx(cross_cx) and cross_cy - 22 < cy - r and cy < cross_cy


def test_the_marked_capture_square_renders_with_both_visible():
    cairosvg = pytest.importorskip("cairosvg")
    view = captured_view()
    png = cairosvg.svg2png(bytestring=view.svg(marks=[("1e", "?")]).encode())
    assert png.startswith(b"\x89PNG")


# --- svg(font=...) ----------------------------------------------------------


def font_family(svg: str) -> str:
    return ET.fromstring(svg).get("font-family")


def pictured():
    t = sv.TsuitateGame()
    return [sv.Board(), sv.CardGame(seed=5), t, t.seen(sv.BLACK)]


@pytest.mark.parametrize("obj", pictured(), ids=lambda o: type(o).__name__)
def test_font_puts_the_named_families_first_on_every_class(obj):
    default = font_family(obj.svg())
    assert font_family(obj.svg(font="IPAexGothic")) == "'IPAexGothic'," + default
    both = font_family(obj.svg(font=" IPAexGothic , Noto Sans JP "))
    assert both == "'IPAexGothic','Noto Sans JP'," + default
    assert font_family(obj.svg(font=["游明朝", "Noto Sans JP"])) == "'游明朝','Noto Sans JP'," + default
    assert font_family(obj.svg(font=None)) == default == font_family(obj.svg(font=[]))


def test_font_applies_to_both_opened_tsuitate_boards():
    t = sv.TsuitateGame()
    svg = t.svg(opened=True, font="DejaVu Sans")
    panels = [e for e in ET.fromstring(svg) if e.get("class") == "panel"]
    assert len(panels) == 2
    assert all(p.get("font-family").startswith("'DejaVu Sans',") for p in panels)


@pytest.mark.parametrize(
    "bad, words",
    [
        ("Evil'", "'"),
        ('x" onload="alert(1)', '"'),
        ("a</svg><script>", "<"),
        ("a;b", ";"),
        ("a\\b", "\\"),
        ("a\nb", "\\n"),
        ("", "empty"),
        ("A,,B", "empty"),
        ("x" * 65, "too long"),
        (",".join(["F"] * 9), "too many"),
        (["ok", 3], "not int"),
        (7, "not int"),
    ],
)
def test_a_bad_font_is_refused_saying_why(bad, words):
    b = sv.Board()
    with pytest.raises(sv.SettingError) as e:
        b.svg(font=bad)
    assert words in str(e.value)


def test_a_refused_font_never_reaches_the_svg():
    b = sv.Board()
    for bad in ["x'/><script>", 'x"']:
        with pytest.raises(sv.ShogiError):
            b.svg(font=bad)
    assert "script" not in b.svg()


def test_cairosvg_draws_with_the_first_named_font():
    # cairosvg takes only the first family of the list: with font= it is the
    # one named, so two installed fonts give two different pictures.
    cairosvg = pytest.importorskip("cairosvg")
    b = sv.Board()
    kw = dict(pieces="latin", lang="en")
    mono = cairosvg.svg2png(bytestring=b.svg(font="DejaVu Sans Mono", **kw).encode())
    serif = cairosvg.svg2png(bytestring=b.svg(font="DejaVu Serif", **kw).encode())
    assert mono != serif
