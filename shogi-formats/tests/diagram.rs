//! SVG diagrams: the output is well-formed and shows what the diagram holds.
//! Text diagrams: the exact text, on both boards.

use shogi_core::{Color, Move, OwnBoard, Position, Square, Variant};
use shogi_formats::diagram::{text, Diagram};
use shogi_variants::{Minishogi, Standard};

/// A start tag, end tag or empty-element tag of the SVG.
#[derive(Debug)]
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
    end: bool,
}

type Attrs = Vec<(String, String)>;
/// Each text element's attributes and text.
type Texts = Vec<(Attrs, String)>;

impl Tag {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Splits `svg` into tags and text, checking well-formedness as far as a
/// diagram needs: balanced and properly nested tags, quoted attributes, no
/// duplicate attributes, no raw `<` or `>` in text, only known entities, a
/// single root element. Returns the tags in order and the text of each
/// `<text>` and `<tspan>` element (a text's includes its tspans').
fn parse(svg: &str) -> (Vec<Tag>, Texts) {
    let mut tags = Vec::new();
    let mut texts = Vec::new();
    let mut stack: Vec<String> = Vec::new();
    let mut text_stack: Texts = Vec::new();
    let mut rest = svg;
    let mut roots = 0;
    while !rest.is_empty() {
        if let Some(body) = rest.strip_prefix('<') {
            let close = body.find('>').expect("unterminated tag");
            let inner = &body[..close];
            rest = &body[close + 1..];
            assert!(!inner.contains('<'), "'<' inside a tag: {inner}");
            let (end, inner) = match inner.strip_prefix('/') {
                Some(i) => (true, i),
                None => (false, inner),
            };
            let (empty, inner) = match inner.strip_suffix('/') {
                Some(i) => (true, i),
                None => (false, inner),
            };
            let name_len = inner
                .find(|c: char| c.is_whitespace())
                .unwrap_or(inner.len());
            let name = inner[..name_len].to_owned();
            assert!(
                !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "bad tag name in <{inner}>"
            );
            let mut attrs = Vec::new();
            let mut a = inner[name_len..].trim_start();
            while !a.is_empty() {
                let eq = a.find('=').expect("attribute without value");
                let key = a[..eq].trim().to_owned();
                assert!(!key.is_empty() && !key.contains(char::is_whitespace));
                let v = &a[eq + 1..];
                assert!(v.starts_with('"'), "unquoted attribute {key}");
                let vend = v[1..].find('"').expect("unterminated attribute") + 1;
                let value = &v[1..vend];
                check_entities(value);
                assert!(
                    attrs.iter().all(|(k, _)| k != &key),
                    "duplicate attribute {key}"
                );
                attrs.push((key, unescape(value)));
                a = v[vend + 1..].trim_start();
            }
            if end {
                assert!(attrs.is_empty() && !empty);
                let open = stack.pop().expect("end tag without start tag");
                assert_eq!(open, name, "mismatched end tag");
                if name == "text" || name == "tspan" {
                    let done = text_stack.pop().unwrap();
                    if name == "tspan" {
                        text_stack.last_mut().unwrap().1.push_str(&done.1);
                    }
                    texts.push(done);
                }
            } else {
                if stack.is_empty() {
                    roots += 1;
                }
                if !empty {
                    stack.push(name.clone());
                    if name == "text" || name == "tspan" {
                        text_stack.push((attrs.clone(), String::new()));
                    }
                }
            }
            tags.push(Tag { name, attrs, end });
        } else {
            let n = rest.find('<').unwrap_or(rest.len());
            let text = &rest[..n];
            assert!(!text.contains('>'), "raw '>' in text: {text}");
            check_entities(text);
            assert!(
                !stack.is_empty() || text.trim().is_empty(),
                "text outside the root"
            );
            if let Some((_, t)) = text_stack.last_mut() {
                t.push_str(&unescape(text));
            }
            rest = &rest[n..];
        }
    }
    assert!(stack.is_empty(), "unclosed tags: {stack:?}");
    assert_eq!(roots, 1, "exactly one root element");
    (tags, texts)
}

fn check_entities(s: &str) {
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        let after = &rest[i..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| after.starts_with(e)),
            "bare '&' or unknown entity in {s:?}"
        );
        rest = &rest[i + 1..];
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

fn with_class<'a>(tags: &'a [Tag], class: &str) -> Vec<&'a Tag> {
    tags.iter()
        .filter(|t| !t.end && t.attr("class") == Some(class))
        .collect()
}

fn texts_of_class(texts: &[(Attrs, String)], class: &str) -> Vec<String> {
    texts
        .iter()
        .filter(|(a, _)| a.iter().any(|(k, v)| k == "class" && v == class))
        .map(|(_, t)| t.clone())
        .collect()
}

fn squares(tags: &[&Tag]) -> Vec<String> {
    let mut v: Vec<String> = tags
        .iter()
        .map(|t| t.attr("data-square").expect("data-square").to_owned())
        .collect();
    v.sort();
    v
}

fn standard(sfen: &str) -> Position {
    Position::from_sfen(sfen, &Standard::GEOMETRY, &Standard::PIECES).unwrap()
}

#[test]
fn root_element_is_a_sized_svg() {
    let svg = Diagram::of_position(&Standard::default().start_position()).to_svg();
    let (tags, _) = parse(&svg);
    let root = &tags[0];
    assert_eq!(root.name, "svg");
    assert_eq!(root.attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    let view: Vec<f64> = root
        .attr("viewBox")
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!(view.len(), 4);
    assert_eq!((view[0], view[1]), (0.0, 0.0));
    assert_eq!(root.attr("width").unwrap().parse::<f64>().unwrap(), view[2]);
    assert_eq!(
        root.attr("height").unwrap().parse::<f64>().unwrap(),
        view[3]
    );
    let fonts = root.attr("font-family").unwrap();
    assert!(fonts.contains("Noto") && fonts.contains("Hiragino") && fonts.ends_with("serif"));
    assert!(svg.ends_with("</svg>"));
}

#[test]
fn standard_start_has_forty_tiles() {
    let svg = Diagram::of_position(&Standard::default().start_position()).to_svg();
    let (tags, texts) = parse(&svg);
    assert_eq!(with_class(&tags, "piece black").len(), 20);
    assert_eq!(with_class(&tags, "piece white").len(), 20);
    // Each tile is a pentagon with its kanji.
    let tiles = tags
        .iter()
        .filter(|t| t.attr("class").is_some_and(|c| c.starts_with("piece ")))
        .count();
    assert_eq!(tiles, 40);
    assert_eq!(tags.iter().filter(|t| t.name == "polygon").count(), 40);
    // White's tiles are turned round; Black's are not.
    assert!(with_class(&tags, "piece white")
        .iter()
        .all(|t| t.attr("transform").unwrap().contains("rotate(180)")));
    assert!(with_class(&tags, "piece black")
        .iter()
        .all(|t| !t.attr("transform").unwrap().contains("rotate")));
    let all: String = texts.iter().map(|(_, t)| t.as_str()).collect();
    for k in ["歩", "香", "桂", "銀", "金", "角", "飛", "玉", "王"] {
        assert!(all.contains(k), "{k} missing");
    }
    // Both hands shown, both empty.
    assert_eq!(with_class(&tags, "hand black").len(), 1);
    assert_eq!(with_class(&tags, "hand white").len(), 1);
    assert_eq!(texts_of_class(&texts, "hand-empty"), ["なし", "なし"]);
    assert!(with_class(&tags, "hand-item").is_empty());
    // Black to move, no check, no last move.
    assert_eq!(texts_of_class(&texts, "to-move"), ["▲"]);
    assert!(with_class(&tags, "check").is_empty());
    assert!(with_class(&tags, "last-move").is_empty());
    assert!(with_class(&tags, "caption").is_empty());
}

#[test]
fn minishogi_start_has_twelve_tiles() {
    let svg = Diagram::of_position(&Minishogi::default().start_position()).to_svg();
    let (tags, texts) = parse(&svg);
    assert_eq!(with_class(&tags, "piece black").len(), 6);
    assert_eq!(with_class(&tags, "piece white").len(), 6);
    assert_eq!(
        texts_of_class(&texts, "file-label"),
        ["5", "4", "3", "2", "1"]
    );
    assert_eq!(
        texts_of_class(&texts, "rank-label"),
        ["一", "二", "三", "四", "五"]
    );
    let pos = Position::from_sfen(
        "rbsgk/4p/5/P4/KGSBR b - 1",
        &Minishogi::GEOMETRY,
        &Minishogi::PIECES,
    )
    .unwrap();
    assert_eq!(Diagram::of_position(&pos).to_svg(), svg);
}

#[test]
fn tiles_match_the_board_exactly() {
    let pos =
        standard("ln1g3+Rl/1ks1g4/1ppp1p2p/p3p1+B2/9/2P6/PP1PPPP1P/1+b2K2S1/LNSG1GSNL w RNP2p 40");
    let d = Diagram::of_position(&pos);
    let (tags, texts) = parse(&d.to_svg());
    let mut expected: Vec<String> = pos.occupied().into_iter().map(|s| s.to_string()).collect();
    expected.sort();
    let tiles: Vec<&Tag> = tags
        .iter()
        .filter(|t| t.attr("class").is_some_and(|c| c.starts_with("piece ")))
        .collect();
    assert_eq!(squares(&tiles), expected);
    for t in &tiles {
        let sq: Square = t.attr("data-square").unwrap().parse().unwrap();
        let color = pos.piece_at(sq).unwrap().color;
        let class = if color == Color::Black {
            "piece black"
        } else {
            "piece white"
        };
        assert_eq!(t.attr("class"), Some(class));
    }
    // Promoted pieces in red.
    let all: String = texts.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(all.matches('龍').count(), 1);
    assert_eq!(all.matches('馬').count(), 2);
    let red = texts
        .iter()
        .filter(|(a, _)| a.iter().any(|(k, v)| k == "fill" && v == "#c3161c"))
        .count();
    assert_eq!(red, 3);
    assert_eq!(texts_of_class(&texts, "to-move"), ["△"]);
}

#[test]
fn hands_listed_with_counts() {
    let pos = standard("lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 7P2p 1");
    let (tags, texts) = parse(&Diagram::of_position(&pos).to_svg());
    assert_eq!(with_class(&tags, "piece black").len(), 11);
    assert_eq!(with_class(&tags, "piece white").len(), 11);
    assert_eq!(texts_of_class(&texts, "hand-item"), ["歩×7", "歩×2"]);

    let pos = standard("4k4/9/9/9/9/9/9/9/4K4 w R2BG3S4N4L18P2g 1");
    let d = Diagram::of_position(&pos);
    let svg = d.to_svg();
    let (tags, texts) = parse(&svg);
    // SFEN order, rook first, inside Black's hand group.
    let black_items: Vec<String> = texts_of_class(&texts, "hand-item")
        .into_iter()
        .take(7)
        .collect();
    assert_eq!(
        black_items,
        ["飛×1", "角×2", "金×1", "銀×3", "桂×4", "香×4", "歩×18"]
    );
    assert_eq!(texts_of_class(&texts, "hand-item")[7], "金×2");
    let black_hand = svg.find("class=\"hand black\"").unwrap();
    let white_hand = svg.find("class=\"hand white\"").unwrap();
    let rook = svg.find("飛×1").unwrap();
    let gold2 = svg.find("金×2").unwrap();
    assert!(black_hand < rook && (rook < white_hand || white_hand < black_hand));
    assert!(white_hand < gold2);
    // Every element stays inside the picture.
    let root = &tags[0];
    let height: f64 = root.attr("height").unwrap().parse().unwrap();
    let width: f64 = root.attr("width").unwrap().parse().unwrap();
    for t in &tags {
        for (k, limit) in [("x", width), ("cx", width), ("y", height), ("cy", height)] {
            if let Some(v) = t.attr(k) {
                let v: f64 = v.parse().unwrap();
                assert!(v >= 0.0 && v <= limit, "{k}={v} outside in <{}>", t.name);
            }
        }
    }
}

#[test]
fn check_highlight_exactly_when_in_check() {
    // White's rook on 5b checks Black's king on 5i; Black to move.
    let pos = standard("3gkg3/4r4/9/9/9/9/9/9/4K4 b - 1");
    assert!(pos.is_check());
    let (tags, _) = parse(&Diagram::of_position(&pos).to_svg());
    let check = with_class(&tags, "check");
    assert_eq!(squares(&check), ["5i"]);

    // The same men with White to move: no one is in check.
    let pos = standard("3gkg3/9/9/9/9/9/9/r8/4K4 w - 1");
    assert!(!pos.is_check());
    let (tags, _) = parse(&Diagram::of_position(&pos).to_svg());
    assert!(with_class(&tags, "check").is_empty());

    // White in check after a move: White's king is tinted.
    let mut pos2 = standard("4k4/9/9/9/9/9/9/9/R3K4 b - 1");
    pos2.play("9i9a".parse().unwrap()).unwrap();
    assert!(pos2.is_check());
    let (tags, _) = parse(&Diagram::of_position(&pos2).to_svg());
    assert_eq!(squares(&with_class(&tags, "check")), ["5a"]);
}

#[test]
fn last_move_tints_origin_and_destination() {
    let mut pos = Standard::default().start_position();
    let mv: Move = "7g7f".parse().unwrap();
    pos.play(mv).unwrap();
    let mut d = Diagram::of_position(&pos);
    d.last_move = Some(mv);
    let (tags, texts) = parse(&d.to_svg());
    assert_eq!(squares(&with_class(&tags, "last-move")), ["7f", "7g"]);
    assert_eq!(texts_of_class(&texts, "to-move"), ["△"]);

    let pos = standard("lnsgkgsnl/1r5b1/pp1p1p1pp/9/9/9/P1PPPPP1P/1B5R1/LNSGKGSNL b 2P3p 1");
    let mut d = Diagram::of_position(&pos);
    d.last_move = Some("P*5e".parse().unwrap());
    let (tags, _) = parse(&d.to_svg());
    assert_eq!(squares(&with_class(&tags, "last-move")), ["5e"]);
}

#[test]
fn highlights_mark_each_square() {
    let pos = Standard::default().start_position();
    let mut d = Diagram::of_position(&pos);
    d.highlights = pos.legal_destinations("2h".parse().unwrap());
    let expected: Vec<String> = {
        let mut v: Vec<String> = d.highlights.into_iter().map(|s| s.to_string()).collect();
        v.sort();
        v
    };
    assert_eq!(expected.len(), 6);
    let (tags, _) = parse(&d.to_svg());
    assert_eq!(squares(&with_class(&tags, "highlight")), expected);
    // An occupied highlighted square gets a frame, not a dot over the kanji.
    d.highlights = "7g"
        .parse::<Square>()
        .map(shogi_core::Bitboard::from_square)
        .unwrap();
    let (tags, _) = parse(&d.to_svg());
    assert_eq!(with_class(&tags, "highlight")[0].name, "rect");
}

#[test]
fn caption_is_escaped() {
    let mut d = Diagram::of_position(&Standard::default().start_position());
    d.caption = Some("Card: 7 <&> \"q\" 'a' </svg>".to_owned());
    let svg = d.to_svg();
    assert!(svg.contains("Card: 7 &lt;&amp;&gt; &quot;q&quot; &apos;a&apos; &lt;/svg&gt;"));
    let (tags, texts) = parse(&svg);
    assert_eq!(with_class(&tags, "caption").len(), 1);
    assert_eq!(
        texts_of_class(&texts, "caption"),
        ["Card: 7 <&> \"q\" 'a' </svg>"]
    );
    // The caption makes room for itself.
    let plain = Diagram::of_position(&Standard::default().start_position()).to_svg();
    let h = |s: &str| -> f64 { parse(s).0[0].attr("height").unwrap().parse().unwrap() };
    assert!(h(&svg) > h(&plain));
}

#[test]
fn own_board_shows_only_own_pieces_and_hand() {
    let pos = standard("lnsgkgsnl/1r5b1/pp1p1p1pp/9/9/9/P1PPPPP1P/1B5R1/LNSGKGSNL b 2P3p 1");
    let white = Diagram::of_own_board(&OwnBoard::of(&pos, Color::White));
    assert!(white.flipped);
    assert_eq!(white.side_to_move, None);
    let (tags, texts) = parse(&white.to_svg());
    assert_eq!(with_class(&tags, "piece white").len(), 17);
    assert!(with_class(&tags, "piece black").is_empty());
    assert_eq!(with_class(&tags, "hand white").len(), 1);
    assert!(with_class(&tags, "hand black").is_empty());
    assert_eq!(texts_of_class(&texts, "hand-item"), ["歩×3"]);
    assert!(texts_of_class(&texts, "to-move").is_empty());
    // White's own pieces face up the page.
    assert!(with_class(&tags, "piece white")
        .iter()
        .all(|t| !t.attr("transform").unwrap().contains("rotate")));

    let black = Diagram::of_own_board(&OwnBoard::of(&pos, Color::Black));
    assert!(!black.flipped);
    let (tags, texts) = parse(&black.to_svg());
    assert_eq!(with_class(&tags, "piece black").len(), 18);
    assert!(with_class(&tags, "piece white").is_empty());
    assert!(with_class(&tags, "hand white").is_empty());
    assert_eq!(texts_of_class(&texts, "hand-item"), ["歩×2"]);

    // Minishogi own board keeps its 5x5 shape.
    let mini = Minishogi::default().start_position();
    let d = Diagram::of_own_board(&OwnBoard::of(&mini, Color::White));
    assert_eq!((d.files, d.ranks), (5, 5));
    let (tags, texts) = parse(&d.to_svg());
    assert_eq!(with_class(&tags, "piece white").len(), 6);
    assert_eq!(
        texts_of_class(&texts, "file-label"),
        ["1", "2", "3", "4", "5"]
    );
}

#[test]
fn flipping_reverses_labels_and_turns_pieces() {
    let pos = Standard::default().start_position();
    let mut d = Diagram::of_position(&pos);
    let (_, texts) = parse(&d.to_svg());
    let files: Vec<String> = (1..=9).rev().map(|f: u8| f.to_string()).collect();
    assert_eq!(texts_of_class(&texts, "file-label"), files);
    let ranks = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
    assert_eq!(texts_of_class(&texts, "rank-label"), ranks);

    d.flipped = true;
    let (tags, texts) = parse(&d.to_svg());
    let files: Vec<String> = (1..=9).map(|f: u8| f.to_string()).collect();
    assert_eq!(texts_of_class(&texts, "file-label"), files);
    let mut rev = ranks;
    rev.reverse();
    assert_eq!(texts_of_class(&texts, "rank-label"), rev);
    assert!(with_class(&tags, "piece black")
        .iter()
        .all(|t| t.attr("transform").unwrap().contains("rotate(180)")));
    // Flipped, 1a sits at the bottom left: same place as 9i unflipped.
    let place = |svg: &str, sq: &str| -> String {
        let (tags, _) = parse(svg);
        let t = tags
            .iter()
            .find(|t| t.attr("data-square") == Some(sq) && t.name == "g")
            .unwrap();
        t.attr("transform")
            .unwrap()
            .split(')')
            .next()
            .unwrap()
            .to_owned()
    };
    let flipped = d.to_svg();
    d.flipped = false;
    assert_eq!(place(&flipped, "1a"), place(&d.to_svg(), "9i"));
}

#[test]
fn deterministic_and_tolerant_of_odd_sizes() {
    let pos = Standard::default().start_position();
    let d = Diagram::of_position(&pos);
    assert_eq!(d.to_svg(), d.clone().to_svg());
    for (files, ranks) in [(3, 3), (3, 9), (9, 3), (7, 6), (0, 12)] {
        let mut d = d.clone();
        d.files = files;
        d.ranks = ranks;
        d.check = Some("9i".parse().unwrap());
        d.highlights = shogi_core::Bitboard::FULL;
        let (tags, texts) = parse(&d.to_svg());
        let (f, r) = (files.clamp(1, 9) as usize, ranks.clamp(1, 9) as usize);
        assert_eq!(texts_of_class(&texts, "file-label").len(), f);
        assert_eq!(texts_of_class(&texts, "rank-label").len(), r);
        let tiles = tags
            .iter()
            .filter(|t| t.attr("class").is_some_and(|c| c.starts_with("piece ")))
            .count();
        let on_board = (0..81)
            .filter_map(Square::from_index)
            .filter(|s| (s.file() as usize) <= f && (s.rank() as usize) <= r)
            .filter(|s| d.cells[s.index()].is_some())
            .count();
        assert_eq!(tiles, on_board);
        assert_eq!(with_class(&tags, "highlight").len(), f * r);
        assert_eq!(
            with_class(&tags, "check").len(),
            usize::from(f == 9 && r == 9)
        );
    }
}

// ---------------------------------------------------------------------------
// Text diagrams
// ---------------------------------------------------------------------------

#[test]
fn text_diagram_of_the_standard_start() {
    let pos = Standard::default().start_position();
    assert_eq!(
        text::of_position(&pos),
        "White's hand: -
 l n s g k g s n l
 . r . . . . . b .
 p p p p p p p p p
 . . . . . . . . .
 . . . . . . . . .
 . . . . . . . . .
 P P P P P P P P P
 . B . . . . . R .
 L N S G K G S N L
Black's hand: -"
    );
}

#[test]
fn text_diagram_shows_promotions_and_hands_in_sfen_order_with_counts() {
    // A tokin and a dragon on the board, two-character cells; hands of
    // several kinds, in SFEN order (R B G S N L P) with their counts.
    let pos = Standard::default()
        .position_from_sfen("4k4/9/4+P4/9/8+r/9/9/9/4K4 b 2PLGRb2p 1")
        .unwrap();
    assert_eq!(
        text::of_position(&pos),
        "White's hand: B P2
 . . . . k . . . .
 . . . . . . . . .
 . . . .+P . . . .
 . . . . . . . . .
 . . . . . . . .+r
 . . . . . . . . .
 . . . . . . . . .
 . . . . . . . . .
 . . . . K . . . .
Black's hand: R G L P2"
    );
    let mini = Minishogi::default()
        .position_from_sfen("4k/5/5/5/4K b RBGS2P 1")
        .unwrap();
    assert_eq!(
        text::of_position(&mini),
        "White's hand: -
 . . . . k
 . . . . .
 . . . . .
 . . . . .
 . . . . K
Black's hand: R B G S P2"
    );
}

/// A Tsuitate game after `moves` (each attempted in turn) from `sfen`.
fn tsuitate(sfen: &str, moves: &[&str]) -> shogi_variants::Referee {
    let settings = shogi_variants::TsuitateSettings::default();
    let mut referee = shogi_variants::Referee::from_sfen(settings, sfen).expect("a position");
    for mv in moves {
        referee
            .attempt(mv.parse().expect("a move"))
            .expect("a candidate");
    }
    referee
}

#[test]
fn a_view_marks_what_its_player_was_told_of_the_last_attempt() {
    use shogi_formats::diagram::Lang;
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let referee = tsuitate(start, &["7g7f", "3c3d", "8h2b+", "3a2b"]);
    // White recaptured on 2b: Black is told of the capture, not the move.
    let black = Diagram::of_view(&referee.view(Color::Black), Lang::English);
    assert_eq!((black.capture, black.last_move), (Some(square("2b")), None));
    assert_eq!(black.side_to_move, Some(Color::Black));
    assert!(!black.flipped && black.hands[Color::White.index()].is_none());
    let white = Diagram::of_view(&referee.view(Color::White), Lang::English);
    assert_eq!(white.last_move, Some("3a2b".parse().expect("a move")));
    assert_eq!(white.side_to_move, None);
    // Black's bishop drop onto White's unseen pawn is a foul: no capture shown.
    let mut referee = referee;
    referee
        .attempt("B*3d".parse().expect("a move"))
        .expect("a candidate");
    let black = Diagram::of_view(&referee.view(Color::Black), Lang::English);
    assert_eq!((black.capture, black.last_move), (None, None));
    assert_eq!(
        black.caption.as_deref(),
        Some("Black's board · foul (1) · fouls 1/10 · opponent fouls 0")
    );
    // White is told of the foul only as a count; its board keeps its own last move.
    let white = Diagram::of_view(&referee.view(Color::White), Lang::Japanese);
    assert_eq!(white.last_move, Some("3a2b".parse().expect("a move")));
    assert_eq!(
        white.caption.as_deref(),
        Some("後手の盤 · 2bで駒取り · 反則 0/10 · 相手の反則 1")
    );
}

#[test]
fn a_view_tints_the_king_its_player_was_told_is_in_check() {
    use shogi_formats::diagram::Lang;
    let referee = tsuitate("4k4/9/9/9/9/9/9/9/4K4 b R 1", &["R*5e"]);
    let white = Diagram::of_view(&referee.view(Color::White), Lang::English);
    assert_eq!(white.check, Some(square("5a")));
    assert_eq!(
        white.caption.as_deref(),
        Some("White's board · in check · fouls 0/10 · opponent fouls 0")
    );
    let black = Diagram::of_view(&referee.view(Color::Black), Lang::Japanese);
    assert_eq!(black.check, None);
    assert_eq!(
        black.caption.as_deref(),
        Some("先手の盤 · 王手 · 反則 0/10 · 相手の反則 0")
    );
    let (_, texts) = parse(&black.to_svg());
    assert_eq!(
        texts_of_class(&texts, "caption"),
        ["先手の盤 · 王手 · 反則 0/10 · 相手の反則 0"]
    );
}

#[test]
fn a_view_shows_the_result_once_over() {
    use shogi_formats::diagram::Lang;
    let referee = tsuitate("4k4/9/4G4/9/9/9/9/9/4K4 b G 1", &["G*5b"]);
    for color in Color::ALL {
        let d = Diagram::of_view(&referee.view(color), Lang::English);
        let outcome = d.outcome.expect("the game is over");
        assert_eq!(outcome.winner, Some(Color::Black));
        assert_eq!(d.side_to_move, None);
    }
}

fn square(name: &str) -> Square {
    name.parse().expect("a square")
}

/// What a page needs to turn a click into a move (the play server, issue
/// 37): the playing area says the board's size and whether it is turned,
/// and each kind in hand says its colour and the letters a drop writes.
#[test]
fn the_board_and_the_hands_say_what_a_click_means() {
    let pos = standard("4k4/9/9/9/9/9/9/9/4K4 b R2Pp 1");
    let mut d = Diagram::of_position(&pos);
    let (tags, _) = parse(&d.to_svg());
    let board = with_class(&tags, "board");
    assert_eq!(board.len(), 1);
    let attrs = |t: &Tag, names: &[&str]| {
        names
            .iter()
            .map(|n| t.attr(n).unwrap_or("").to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        attrs(board[0], &["data-files", "data-ranks", "data-flipped"]),
        ["9", "9", "false"]
    );
    let items = with_class(&tags, "hand-item");
    let kinds: Vec<Vec<String>> = items
        .iter()
        .map(|t| attrs(t, &["data-color", "data-kind"]))
        .collect();
    assert_eq!(kinds, [["black", "R"], ["black", "P"], ["white", "P"]]);

    d.flipped = true;
    let (tags, _) = parse(&d.to_svg());
    assert_eq!(
        with_class(&tags, "board")[0].attr("data-flipped"),
        Some("true")
    );
    let mini = Position::from_sfen(
        "rbsgk/4p/5/P4/KGSBR b - 1",
        &Minishogi::GEOMETRY,
        &Minishogi::PIECES,
    )
    .unwrap();
    let (tags, _) = parse(&Diagram::of_position(&mini).to_svg());
    assert_eq!(
        attrs(with_class(&tags, "board")[0], &["data-files", "data-ranks"]),
        ["5", "5"]
    );
    assert!(with_class(&tags, "hand-item").is_empty());
}
