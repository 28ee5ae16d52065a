//! A Tsuitate player's view as a diagram: their own board with what they
//! were told of the last move marked, and a caption in words.

use super::{Diagram, Lang};
use shogi_core::{Color, PieceKind};
use shogi_variants::{PlayerView, Verdict};

impl Diagram {
    /// A diagram of what one Tsuitate player sees ([`PlayerView`]): their
    /// own board ([`Diagram::of_own_board`]) with what they were told of the
    /// last attempt on it (their own, or the opponent's played move; read
    /// through [`PlayerView::events`]) marked: their own move if it was
    /// played, the square of a capture, check (their king tinted when the
    /// opponent's move gave it), and the result once the game is over. The
    /// caption, in `lang`, names the board and says what the markers cannot:
    /// a foul and its count, the capture, "check" when their own move gave
    /// it, "in check", then both foul counts against the limit.
    ///
    /// ```
    /// use shogi_core::Color;
    /// use shogi_formats::diagram::{Diagram, Lang};
    /// use shogi_variants::{Referee, TsuitateSettings};
    ///
    /// let mut referee = Referee::new(TsuitateSettings::default());
    /// for mv in ["7g7f", "3c3d", "8h2b+"] {
    ///     referee.attempt(mv.parse()?)?;
    /// }
    /// let white = Diagram::of_view(&referee.view(Color::White), Lang::English);
    /// assert_eq!(white.capture, Some("2b".parse()?));
    /// assert_eq!(white.caption.as_deref(), Some("White's board · capture on 2b · fouls 0/10 · opponent fouls 0"));
    /// let black = Diagram::of_view(&referee.view(Color::Black), Lang::Japanese);
    /// assert_eq!(black.last_move, Some("8h2b+".parse()?));
    /// assert_eq!(black.caption.as_deref(), Some("先手の盤 · 2bで駒取り · 反則 0/10 · 相手の反則 0"));
    /// assert!(black.to_svg().contains("class=\"capture\""));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of_view(view: &PlayerView, lang: Lang) -> Diagram {
        let mut d = Diagram::of_own_board(&view.board);
        d.lang = lang;
        d.side_to_move = view.to_move.then_some(view.color);
        let events = view.events();
        // The last attempt this player saw on their board: their own, or the
        // opponent's played move (an opponent's foul changes nothing there).
        let last = events.iter().rev().find(|e| {
            e.attempted.is_some() || (e.by != view.color && e.verdict == Some(Verdict::Played))
        });
        let (mut gave_check, mut in_check, mut foul) = (false, false, None);
        if let Some(e) = last {
            let own = e.attempted.is_some();
            match e.verdict {
                Some(Verdict::Played) if own => d.last_move = e.attempted,
                Some(Verdict::Foul) if own => foul = e.fouls,
                _ => {}
            }
            d.capture = e.capture.map(|c| c.square);
            if e.check && own {
                gave_check = true;
            } else if e.check {
                in_check = true;
                d.check = view.board.pieces().into_iter().find(|&sq| {
                    view.board
                        .piece_at(sq)
                        .is_some_and(|p| p.kind == PieceKind::King)
                });
            }
        }
        d.outcome = events.iter().rev().find_map(|e| e.game_over);
        d.caption = Some(caption(view, lang, foul, d.capture, gave_check, in_check));
        d
    }
}

/// The caption of [`Diagram::of_view`]: whose board, the last attempt's
/// foul, capture and check, then the foul counts.
fn caption(
    view: &PlayerView,
    lang: Lang,
    foul: Option<u32>,
    capture: Option<shogi_core::Square>,
    gave_check: bool,
    in_check: bool,
) -> String {
    let ja = lang == Lang::Japanese;
    let mut parts = vec![match (view.color, ja) {
        (Color::Black, true) => "先手の盤".to_owned(),
        (Color::White, true) => "後手の盤".to_owned(),
        (Color::Black, false) => "Black's board".to_owned(),
        (Color::White, false) => "White's board".to_owned(),
    }];
    if let Some(n) = foul {
        parts.push(if ja {
            format!("反則（{n}回目）")
        } else {
            format!("foul ({n})")
        });
    }
    if let Some(sq) = capture {
        parts.push(if ja {
            format!("{sq}で駒取り")
        } else {
            format!("capture on {sq}")
        });
    }
    if gave_check {
        parts.push(if ja { "王手" } else { "check" }.to_owned());
    }
    if in_check {
        parts.push(if ja { "王手された" } else { "in check" }.to_owned());
    }
    parts.push(if ja {
        format!(
            "反則 {}/{} · 相手の反則 {}",
            view.fouls, view.foul_limit, view.opponent_fouls_known
        )
    } else {
        format!(
            "fouls {}/{} · opponent fouls {}",
            view.fouls, view.foul_limit, view.opponent_fouls_known
        )
    });
    parts.join(" · ")
}
