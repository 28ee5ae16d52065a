//! Observation tensors: a game state as `planes × ranks × files` numbers
//! (`f32`, row-major), seen from one player's side.
//!
//! The board is drawn as that player sits: row 0 is the far rank, column 0
//! the player's left. For Black that is rank 1 (top) and file 9 (left), as
//! in a diagram; for White the board is turned half a circle. So a network
//! sees "my pieces move up" in every position, whoever moves.
//!
//! # Board planes (every perfect-information game, definitions and scripts included; the first 48 of Card shogi)
//!
//! Counts are scaled by the game's own material, [`Variant::piece_set`] of
//! its variant (of the base under Card and Tsuitate shogi); a game known
//! only by its position ([`Seen::Position`]) by the material that position
//! holds. So a kind a game can hold always shows in the planes, whatever the
//! board's size.
//!
//! | planes | meaning |
//! |---|---|
//! | 0–13 | own pieces, one plane per kind in [`PieceKind::ALL`] order (P L N S B R G K +P +L +N +S +B +R) |
//! | 14–27 | the opponent's pieces, same order |
//! | 28–34 | own hand, per kind in [`PieceKind::HAND`] order (P L N S B R G), count ÷ the kind's total in the variant's material ([`Variant::piece_set`]: standard 18 4 4 4 2 2 4, minishogi 2 0 0 2 2 2 2, Judkins 2 0 2 2 2 2 2; 0 for a kind the variant lacks) |
//! | 35–41 | the opponent's hand, same |
//! | 42–44 | the position occurred before at least 1, 2, 3 times |
//! | 45 | the observing player is White |
//! | 46 | the observing player is to move |
//! | 47 | the side to move is in check |
//!
//! # Card shogi adds (after the 48 board planes; `c = files + 1` card ids, 0 the joker, then ranks 1..files)
//!
//! | planes | meaning |
//! |---|---|
//! | 48 | a card is to be drawn (a chance node) |
//! | 49 | squares the current card allows: its file, every square for a joker or no card; all 0 while drawing or after the end |
//! | 50 .. 50+c | the current card, one-hot by id (all 0 when no card constrains the move) |
//! | 50+c .. 50+2c | cards of each id left to draw ÷ that id's count in a full deck (the pile the next draw comes from) |
//!
//! # Tsuitate planes (only what the player knows: the input is a [`PlayerView`])
//!
//! Each row is a [`TsuitatePart`], which names its planes and says whether
//! both players know what it shows ([`TsuitatePart::is_private`];
//! [`tsuitate_private_planes`] lists a view's private planes).
//!
//! | planes | meaning |
//! |---|---|
//! | 0–13 | own pieces |
//! | 14–20 | own hand |
//! | 21–27 | the opponent's pieces of each hand kind, board and hand together, ÷ the kind's total in the base's material: the pieces not the player's own (where they stand is hidden) |
//! | 28 | the square where the opponent's last move captured |
//! | 29 | the square where the player's last move captured |
//! | 30 | the opponent's last move gave check |
//! | 31 | the player's last move gave check |
//! | 32 | origins of the player's fouled attempts this turn (a foul says a hidden piece is in the way) |
//! | 33 | destinations of those attempts |
//! | 34 | own fouls ÷ the foul limit |
//! | 35 | the opponent's announced fouls ÷ the foul limit |
//! | 36 | played moves ÷ the move limit (0 without a limit) |
//! | 37 | the observing player is White |
//! | 38 | the observing player is to move |
//!
//! # Tsuitate information state (perfect recall)
//!
//! [`tsuitate_information_state`] appends to the observation one row of
//! [`ANNOUNCEMENT_WIDTH`] numbers per announcement of the player's
//! information state, in order (zeros after the last): a one-hot of the
//! kind (attempted, played, foul, opponent moved, opponent foul, capture,
//! check, game over), then two values: the attempted action + 1 over the
//! action count; a foul count over the limit; a capture's square + 1 over
//! the squares and its kind + 1 over 14; the game's result for the player
//! (+1, 0, −1). Two different information states give different tensors as
//! long as both fit in the capacity ([`tsuitate_information_capacity`]).
//!
//! A Tsuitate observation is a function of the [`PlayerView`] alone, so two games that differ only in hidden facts give the
//! same tensor: the encoder cannot read what it is not handed.
//!
//! ```
//! use shogi_core::{Color, Game};
//! use shogi_research::observation::{board_observation, ObservationShape};
//! use shogi_variants::{AnyVariant, Minishogi};
//!
//! let game = Game::new(AnyVariant::Minishogi(Minishogi::default()));
//! let shape = ObservationShape::board(5, 5);
//! let mut out = vec![0.0; shape.len()];
//! board_observation(&game, Color::Black, &mut out);
//! // Black's king stands on 5e: bottom row, leftmost column, king plane 7.
//! assert_eq!(out[shape.index(7, 4, 0)], 1.0);
//! // White's king on 1a, seen from Black: top row, rightmost column, plane 14 + 7.
//! assert_eq!(out[shape.index(21, 0, 4)], 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::action::ActionSpace;
use shogi_core::{Color, Game, Hand, MoveKind, PieceKind, PieceSet, Position, Square, Variant};
use shogi_variants::{Announcement, Card, CardGame, FamilyGame, Phase, PlayerView, Seen, Verdict};

/// Planes of a board observation.
pub const BOARD_PLANES: usize = 48;
/// Planes of a Tsuitate observation.
pub const TSUITATE_PLANES: usize = 39;

/// A named part of a Tsuitate observation ([`tsuitate_observation`]): its
/// planes, and whether both players know what it shows (public) or only
/// the observing player does (private). See [`TsuitatePart::ALL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TsuitatePart {
    /// Own pieces, one plane per kind in [`PieceKind::ALL`] order (14).
    OwnPieces,
    /// Own hand, per kind in [`PieceKind::HAND`] order (7).
    OwnHand,
    /// The opponent's pieces of each hand kind, board and hand together
    /// (7): what captures leave them, which both players follow.
    OpponentMaterial,
    /// The square where the opponent's last move captured.
    TheirCapture,
    /// The square where the player's last move captured.
    MyCapture,
    /// The opponent's last move gave check.
    TheirCheck,
    /// The player's last move gave check.
    MyCheck,
    /// Origins of the player's fouled attempts this turn.
    FouledFrom,
    /// Destinations of those attempts.
    FouledTo,
    /// Own fouls over the foul limit: public when fouls are announced to
    /// both ([`PlayerView::announce_fouls_to_both`]), else private.
    OwnFouls,
    /// The opponent's announced fouls over the foul limit.
    OpponentFouls,
    /// Played moves over the move limit.
    MovesPlayed,
    /// The observing player is White.
    ViewerIsWhite,
    /// The observing player is to move.
    ToMove,
}

impl TsuitatePart {
    /// Every part, in plane order.
    pub const ALL: [TsuitatePart; 14] = [
        TsuitatePart::OwnPieces,
        TsuitatePart::OwnHand,
        TsuitatePart::OpponentMaterial,
        TsuitatePart::TheirCapture,
        TsuitatePart::MyCapture,
        TsuitatePart::TheirCheck,
        TsuitatePart::MyCheck,
        TsuitatePart::FouledFrom,
        TsuitatePart::FouledTo,
        TsuitatePart::OwnFouls,
        TsuitatePart::OpponentFouls,
        TsuitatePart::MovesPlayed,
        TsuitatePart::ViewerIsWhite,
        TsuitatePart::ToMove,
    ];

    /// The part's planes in the observation.
    ///
    /// ```
    /// use shogi_research::observation::TsuitatePart;
    /// assert_eq!(TsuitatePart::OwnHand.planes(), 14..21);
    /// assert_eq!(TsuitatePart::ToMove.planes(), 38..39);
    /// ```
    pub const fn planes(self) -> std::ops::Range<usize> {
        let (first, count) = match self {
            TsuitatePart::OwnPieces => (0, 14),
            TsuitatePart::OwnHand => (14, 7),
            TsuitatePart::OpponentMaterial => (21, 7),
            TsuitatePart::TheirCapture => (28, 1),
            TsuitatePart::MyCapture => (29, 1),
            TsuitatePart::TheirCheck => (30, 1),
            TsuitatePart::MyCheck => (31, 1),
            TsuitatePart::FouledFrom => (32, 1),
            TsuitatePart::FouledTo => (33, 1),
            TsuitatePart::OwnFouls => (34, 1),
            TsuitatePart::OpponentFouls => (35, 1),
            TsuitatePart::MovesPlayed => (36, 1),
            TsuitatePart::ViewerIsWhite => (37, 1),
            TsuitatePart::ToMove => (38, 1),
        };
        first..first + count
    }

    /// The part's first plane (its only one, for a one-plane part).
    const fn plane(self) -> usize {
        self.planes().start
    }

    /// The part's name, a snake-case identifier (`"own_pieces"`).
    ///
    /// ```
    /// use shogi_research::observation::TsuitatePart;
    /// assert_eq!(TsuitatePart::FouledFrom.name(), "fouled_from");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            TsuitatePart::OwnPieces => "own_pieces",
            TsuitatePart::OwnHand => "own_hand",
            TsuitatePart::OpponentMaterial => "opponent_material",
            TsuitatePart::TheirCapture => "their_capture",
            TsuitatePart::MyCapture => "my_capture",
            TsuitatePart::TheirCheck => "their_check",
            TsuitatePart::MyCheck => "my_check",
            TsuitatePart::FouledFrom => "fouled_from",
            TsuitatePart::FouledTo => "fouled_to",
            TsuitatePart::OwnFouls => "own_fouls",
            TsuitatePart::OpponentFouls => "opponent_fouls",
            TsuitatePart::MovesPlayed => "moves_played",
            TsuitatePart::ViewerIsWhite => "viewer_is_white",
            TsuitatePart::ToMove => "to_move",
        }
    }

    /// Whether the part shows only what the observing player knows, in a
    /// game where fouls are announced to both or not (RULES.md section 4:
    /// who is told of a foul; the same split as [`PlayerView::facts`]).
    /// Private: the own pieces and hand, the attempts fouled this turn,
    /// the seat, and the own foul count when fouls are not announced.
    /// Everything else both players know alike: captures, checks and
    /// announced fouls are told to both, the material follows from the
    /// captures, the counts and the turn are public.
    ///
    /// ```
    /// use shogi_research::observation::TsuitatePart;
    /// assert!(TsuitatePart::OwnPieces.is_private(true));
    /// assert!(!TsuitatePart::MyCapture.is_private(true));
    /// assert!(TsuitatePart::OwnFouls.is_private(false) && !TsuitatePart::OwnFouls.is_private(true));
    /// ```
    pub const fn is_private(self, announce_fouls_to_both: bool) -> bool {
        match self {
            TsuitatePart::OwnPieces
            | TsuitatePart::OwnHand
            | TsuitatePart::FouledFrom
            | TsuitatePart::FouledTo
            | TsuitatePart::ViewerIsWhite => true,
            TsuitatePart::OwnFouls => !announce_fouls_to_both,
            TsuitatePart::OpponentMaterial
            | TsuitatePart::TheirCapture
            | TsuitatePart::MyCapture
            | TsuitatePart::TheirCheck
            | TsuitatePart::MyCheck
            | TsuitatePart::OpponentFouls
            | TsuitatePart::MovesPlayed
            | TsuitatePart::ToMove => false,
        }
    }
}

/// The planes of a Tsuitate observation that only the observing player
/// knows ([`TsuitatePart::is_private`]), in order: the player's private
/// part of `view`'s observation, under `view`'s rules.
///
/// ```
/// use shogi_core::Color;
/// use shogi_research::observation::tsuitate_private_planes;
/// use shogi_variants::{Referee, TsuitateSettings};
/// let announced = Referee::new(TsuitateSettings::default()).view(Color::Black);
/// let planes = tsuitate_private_planes(&announced);
/// assert_eq!(planes, (0..21).chain([32, 33, 37]).collect::<Vec<_>>());
/// let silent = TsuitateSettings { announce_fouls_to_both: false, ..Default::default() };
/// assert!(tsuitate_private_planes(&Referee::new(silent).view(Color::Black)).contains(&34));
/// ```
pub fn tsuitate_private_planes(view: &PlayerView) -> Vec<usize> {
    TsuitatePart::ALL
        .into_iter()
        .filter(|p| p.is_private(view.announce_fouls_to_both))
        .flat_map(TsuitatePart::planes)
        .collect()
}

/// The shape of an observation: `planes × ranks × files`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ObservationShape {
    /// Feature planes.
    pub planes: usize,
    /// Rows (ranks of the board).
    pub ranks: usize,
    /// Columns (files of the board).
    pub files: usize,
}

impl ObservationShape {
    /// The shape for a board game (standard, minishogi, must-capture).
    ///
    /// ```
    /// use shogi_research::observation::ObservationShape;
    /// assert_eq!(ObservationShape::board(9, 9).len(), 48 * 81);
    /// ```
    pub fn board(files: u8, ranks: u8) -> ObservationShape {
        ObservationShape {
            planes: BOARD_PLANES,
            ranks: ranks.into(),
            files: files.into(),
        }
    }

    /// The shape for Card shogi on a board of `files` files.
    ///
    /// ```
    /// use shogi_research::observation::ObservationShape;
    /// assert_eq!(ObservationShape::card(5, 5).planes, 48 + 2 + 2 * 6);
    /// ```
    pub fn card(files: u8, ranks: u8) -> ObservationShape {
        let cards = usize::from(files) + 1;
        ObservationShape {
            planes: BOARD_PLANES + 2 + 2 * cards,
            ranks: ranks.into(),
            files: files.into(),
        }
    }

    /// The shape for Tsuitate shogi.
    ///
    /// ```
    /// use shogi_research::observation::ObservationShape;
    /// assert_eq!(ObservationShape::tsuitate(9, 9).planes, 39);
    /// ```
    pub fn tsuitate(files: u8, ranks: u8) -> ObservationShape {
        ObservationShape {
            planes: TSUITATE_PLANES,
            ranks: ranks.into(),
            files: files.into(),
        }
    }

    /// The shape for a game of the shogi family whose definition has
    /// `kinds` kinds: [`family_planes`]`(kinds)` planes.
    ///
    /// ```
    /// use shogi_research::observation::ObservationShape;
    /// assert_eq!(ObservationShape::family(3, 4, 5).planes, 4 * 5 + 3);
    /// ```
    pub fn family(files: u8, ranks: u8, kinds: usize) -> ObservationShape {
        ObservationShape {
            planes: family_planes(kinds),
            ranks: ranks.into(),
            files: files.into(),
        }
    }

    /// Numbers in one observation.
    ///
    /// ```
    /// use shogi_research::observation::ObservationShape;
    /// assert_eq!(ObservationShape::tsuitate(5, 5).len(), 39 * 25);
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.planes * self.ranks * self.files
    }

    /// The flat index of `plane`, `row`, `column`.
    ///
    /// ```
    /// use shogi_research::observation::ObservationShape;
    /// assert_eq!(ObservationShape::board(5, 5).index(1, 2, 3), 25 + 2 * 5 + 3);
    /// ```
    pub fn index(&self, plane: usize, row: usize, column: usize) -> usize {
        (plane * self.ranks + row) * self.files + column
    }

    /// The (row, column) at which `viewer` sees `square`.
    ///
    /// ```
    /// use shogi_core::{Color, Square};
    /// use shogi_research::observation::ObservationShape;
    /// let shape = ObservationShape::board(9, 9);
    /// let sq = Square::new(7, 7).unwrap(); // 7g
    /// assert_eq!(shape.cell(sq, Color::Black), (6, 2));
    /// assert_eq!(shape.cell(sq, Color::White), (2, 6));
    /// ```
    pub fn cell(&self, square: Square, viewer: Color) -> (usize, usize) {
        let (file, rank) = (usize::from(square.file()), usize::from(square.rank()));
        match viewer {
            Color::Black => (rank - 1, self.files - file),
            Color::White => (self.ranks - rank, file - 1),
        }
    }

    fn area(&self) -> usize {
        self.ranks * self.files
    }

    fn set(&self, out: &mut [f32], plane: usize, square: Square, viewer: Color, value: f32) {
        let (row, column) = self.cell(square, viewer);
        out[self.index(plane, row, column)] = value;
    }

    fn fill(&self, out: &mut [f32], plane: usize, value: f32) {
        let area = self.area();
        out[plane * area..(plane + 1) * area].fill(value);
    }
}

/// Planes of a family observation ([`family_observation`]) for a definition
/// of `kinds` kinds: the viewer's pieces per kind, the opponent's per kind,
/// the viewer's hand per kind, the opponent's per kind, then three
/// constant planes: the viewer is White, the viewer is to move, the side
/// to move is in check.
pub fn family_planes(kinds: usize) -> usize {
    4 * kinds + 3
}

/// The observation of a family game for `viewer` ([`ObservationShape::family`]),
/// the whole of `out` written. Kinds are the definition's, by index; a hand
/// count is divided by the pieces (royal ones apart) the start position
/// holds, so it lies in 0..=1.
///
/// ```
/// use shogi_core::Color;
/// use shogi_research::observation::{family_observation, ObservationShape};
/// use shogi_variants::FamilyGame;
/// let game = FamilyGame::builtin("dobutsu")?;
/// let shape = ObservationShape::family(3, 4, game.definition().table.kind_count());
/// let mut out = vec![f32::NAN; shape.len()];
/// family_observation(&game, Color::Black, &mut out);
/// assert_eq!(out.iter().filter(|&&x| x == 1.0).count(), 4 + 4 + 12); // pieces, "to move"
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn family_observation(game: &FamilyGame, viewer: Color, out: &mut [f32]) {
    let pos = game.position();
    let table = &game.definition().table;
    let kinds = table.kind_count();
    let geometry = shogi_variants::GameState::geometry(game);
    let shape = ObservationShape::family(geometry.files(), geometry.ranks(), kinds);
    let out = &mut out[..shape.len()];
    out.fill(0.0);
    let start = game.start_position();
    let total = (0..kinds)
        .filter(|&k| !table.is_royal(k))
        .map(|k| {
            [Color::Black, Color::White]
                .iter()
                .map(|&c| start.pieces_of(c, k).count() + u32::from(start.hand_count(c, k)))
                .sum::<u32>()
        })
        .sum::<u32>()
        .max(1) as f32;
    for (side, base) in [(viewer, 0), (viewer.opponent(), kinds)] {
        for k in 0..kinds {
            for sq in pos.pieces_of(side, k) {
                shape.set(out, base + k, sq, viewer, 1.0);
            }
            let held = pos.hand_count(side, k);
            if held > 0 {
                shape.fill(out, 2 * kinds + base + k, f32::from(held) / total);
            }
        }
    }
    let extra = 4 * kinds;
    if viewer == Color::White {
        shape.fill(out, extra, 1.0);
    }
    if pos.side_to_move() == viewer {
        shape.fill(out, extra + 1, 1.0);
    }
    if pos.is_check() {
        shape.fill(out, extra + 2, 1.0);
    }
}

/// How many of each hand kind the game's material holds (both sides), for
/// scaling hand counts: the variant's own [`PieceSet`] (standard's 40
/// pieces, minishogi's 12, Judkins' 24, a definition's start).
fn hand_totals(pieces: &PieceSet) -> [f32; 7] {
    PieceKind::HAND.map(|k| f32::from(pieces.max(k)))
}

/// The material a position holds, board and both hands, by base kind: what
/// a game known only by its position ([`Seen::Position`]) is taken to play
/// with (its own material whenever captured pieces go to hand, as in every
/// game with drops).
fn material_in(position: &Position) -> PieceSet {
    let mut max = [0u8; 8];
    for color in [Color::Black, Color::White] {
        for sq in position.pieces(color) {
            if let Some(piece) = position.piece_at(sq) {
                let i = piece.kind.unpromote().index();
                max[i] = max[i].saturating_add(1);
            }
        }
        for kind in PieceKind::HAND {
            let i = kind.index();
            max[i] = max[i].saturating_add(position.hand(color).count(kind));
        }
    }
    PieceSet { max }
}

fn shape_of(position: &Position) -> ObservationShape {
    let g = position.geometry();
    ObservationShape::board(g.files(), g.ranks())
}

/// A hand's count of each kind ([`PieceKind::HAND`] order) over the kind's
/// total in `pieces` (0 for a kind the set lacks).
fn hand_fractions(hand: Hand, pieces: &PieceSet) -> [f32; 7] {
    let totals = hand_totals(pieces);
    let mut fractions = [0.0; 7];
    for (k, kind) in PieceKind::HAND.iter().enumerate() {
        if totals[k] > 0.0 {
            fractions[k] = f32::from(hand.count(*kind)) / totals[k];
        }
    }
    fractions
}

/// Writes the 48 board planes of `game` as `viewer` sees it into `out`
/// (which must hold at least [`ObservationShape::board`]`.len()` numbers; the
/// first that many are overwritten).
///
/// # Panics
/// If `out` is shorter than the shape's length.
pub fn board_observation<V: Variant>(game: &Game<V>, viewer: Color, out: &mut [f32]) {
    let area = shape_of(game.position()).area();
    out[..28 * area].fill(0.0);
    write_board_on_clear(game, viewer, !game.is_over(), out, None);
}

/// What a batch remembers of the board planes it wrote into a buffer, so
/// that writing the next observation there touches only what changes.
#[derive(Clone, Debug)]
pub(crate) struct PlaneMemo {
    /// Entries set to 1 in the piece planes.
    pub pieces: Vec<u32>,
    /// The value of each constant plane (28..48); NaN: unknown.
    pub constants: [f32; BOARD_PLANES - 28],
}

impl PlaneMemo {
    /// Nothing known of the buffer.
    pub fn new() -> PlaneMemo {
        PlaneMemo {
            pieces: Vec::new(),
            constants: [f32::NAN; BOARD_PLANES - 28],
        }
    }
}

/// The board planes, the piece planes being already all zeros; `live`:
/// the game is on (batched self-play knows it without asking). With a
/// memo, the entries set are recorded, and a constant plane is written only
/// if its value differs from the memo's (the buffer then holds it already).
pub(crate) fn write_board_on_clear<V: Variant>(
    game: &Game<V>,
    viewer: Color,
    live: bool,
    out: &mut [f32],
    memo: Option<&mut PlaneMemo>,
) {
    let occurrences = game.repetition_count();
    let pieces = game.variant().piece_set();
    write_planes_on_clear(
        game.position(),
        &pieces,
        occurrences,
        viewer,
        live,
        out,
        memo,
    );
}

/// What a seat sees of a live game, written on a buffer whose piece planes
/// are already zero (a Tsuitate view writes its whole observation itself):
/// the one dispatch by kind of game, for batched self-play and episodes.
pub(crate) fn write_seen_on_clear(
    seen: &Seen<'_>,
    viewer: Color,
    out: &mut [f32],
    memo: Option<&mut PlaneMemo>,
) {
    match seen {
        Seen::Board(g) => write_board_on_clear(*g, viewer, true, out, memo),
        Seen::Card(g) => card_observation_on_clear(g, viewer, out, memo),
        Seen::Position(p) => position_planes_on_clear(p, viewer, out, memo),
        Seen::Tsuitate(view) => tsuitate_observation(view, out),
        Seen::Family(g) => family_observation(g, viewer, out),
    }
}

/// The board planes of a live game known only by its position (a game
/// whose history and rules this module cannot read): the repetition planes
/// are zero, and hand counts are scaled by the material the position holds.
pub(crate) fn position_planes_on_clear(
    position: &Position,
    viewer: Color,
    out: &mut [f32],
    memo: Option<&mut PlaneMemo>,
) {
    let pieces = material_in(position);
    write_planes_on_clear(position, &pieces, 1, viewer, true, out, memo);
}

/// The board planes of `position`, which has occurred `occurrences` times,
/// in a game played with `pieces`.
fn write_planes_on_clear(
    position: &Position,
    pieces: &PieceSet,
    occurrences: usize,
    viewer: Color,
    live: bool,
    out: &mut [f32],
    mut memo: Option<&mut PlaneMemo>,
) {
    let shape = shape_of(position);
    let out = &mut out[..shape.len()];
    for (side, base) in [(viewer, 0), (viewer.opponent(), 14)] {
        for sq in position.pieces(side) {
            if let Some(piece) = position.piece_at(sq) {
                let (row, column) = shape.cell(sq, viewer);
                let i = shape.index(base + piece.kind.index(), row, column);
                out[i] = 1.0;
                if let Some(memo) = memo.as_deref_mut() {
                    memo.pieces.push(i as u32);
                }
            }
        }
    }
    let mut put = |plane: usize, value: f32| {
        if let Some(memo) = memo.as_deref_mut() {
            let known = &mut memo.constants[plane - 28];
            if *known == value {
                return;
            }
            *known = value;
        }
        shape.fill(out, plane, value);
    };
    for (first, hand) in [
        (28, position.hand(viewer)),
        (35, position.hand(viewer.opponent())),
    ] {
        for (k, value) in hand_fractions(hand, pieces).into_iter().enumerate() {
            put(first + k, value);
        }
    }
    let before = occurrences.saturating_sub(1);
    for k in 0..3 {
        put(42 + k, flag(k < before));
    }
    put(45, flag(viewer == Color::White));
    put(46, flag(position.side_to_move() == viewer && live));
    put(47, flag(position.is_check()));
}

fn flag(on: bool) -> f32 {
    if on {
        1.0
    } else {
        0.0
    }
}

/// Writes Card shogi's planes (the board's, then the card's and deck's) as
/// `viewer` sees them; `out` must hold [`ObservationShape::card`]`.len()` numbers.
///
/// ```
/// use shogi_core::Color;
/// use shogi_research::observation::{card_observation, ObservationShape};
/// use shogi_variants::{Base, Card, CardGame, CardSettings};
/// let settings = CardSettings { base: Base::MINISHOGI, ..CardSettings::default() };
/// let mut game = CardGame::new(settings, 1)?;
/// game.apply_draw(Card::Rank(3))?;
/// let shape = ObservationShape::card(5, 5);
/// let mut out = vec![0.0; shape.len()];
/// card_observation(&game, Color::Black, &mut out);
/// // Rank 3 is the one-hot card (plane 50 + 3), and file 3 is the middle column.
/// assert_eq!(out[shape.index(53, 0, 0)], 1.0);
/// assert_eq!(out[shape.index(49, 0, 2)], 1.0);
/// assert_eq!(out[shape.index(49, 0, 1)], 0.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// If `out` is shorter than the shape's length.
pub fn card_observation(game: &CardGame, viewer: Color, out: &mut [f32]) {
    let area = shape_of(game.position()).area();
    out[..28 * area].fill(0.0);
    card_observation_on_clear(game, viewer, out, None);
}

/// [`card_observation`] with the piece planes already all zeros (see
/// [`write_board_on_clear`]).
pub(crate) fn card_observation_on_clear(
    game: &CardGame,
    viewer: Color,
    out: &mut [f32],
    memo: Option<&mut PlaneMemo>,
) {
    let geometry = game.position().geometry();
    let shape = ObservationShape::card(geometry.files(), geometry.ranks());
    let out = &mut out[..shape.len()];
    write_board_on_clear(game.game(), viewer, !game.is_over(), out, memo);
    out[BOARD_PLANES * shape.area()..].fill(0.0);
    let cards = shape.files + 1;
    let (card_mask, one_hot, deck) = (49, 50, 50 + cards);
    match game.phase() {
        Phase::Draw => shape.fill(out, 48, 1.0),
        Phase::Move { card } => match card {
            Some(Card::Rank(file)) => {
                for rank in 1..=geometry.ranks() {
                    if let Some(sq) = Square::new(file, rank) {
                        shape.set(out, card_mask, sq, viewer, 1.0);
                    }
                }
                shape.fill(out, one_hot + usize::from(file), 1.0);
            }
            Some(Card::Joker) => {
                shape.fill(out, card_mask, 1.0);
                shape.fill(out, one_hot, 1.0);
            }
            None => shape.fill(out, card_mask, 1.0),
        },
        Phase::Over => {}
    }
    let settings = game.settings();
    for id in 0..cards {
        let card = if id == 0 {
            Card::Joker
        } else {
            Card::Rank(id as u8)
        };
        let full = match card {
            Card::Joker if settings.jokers => 2.0,
            Card::Joker => 0.0,
            Card::Rank(_) => f32::from(settings.copies_per_rank),
        };
        let left = game.deck().drawable(card);
        if full > 0.0 && left > 0 {
            shape.fill(out, deck + id, f32::from(left) / full);
        }
    }
}

/// Writes the Tsuitate planes of what `view`'s player knows (the view's
/// public limits scale the foul and move counts). `out` must hold
/// [`ObservationShape::tsuitate`]`.len()` numbers.
///
/// ```
/// use shogi_core::Color;
/// use shogi_research::observation::{tsuitate_observation, ObservationShape};
/// use shogi_variants::{Referee, TsuitateSettings};
/// let mut referee = Referee::new(TsuitateSettings::default());
/// referee.attempt("7g7f".parse()?)?;
/// let view = referee.view(Color::White);
/// let shape = ObservationShape::tsuitate(9, 9);
/// let mut out = vec![0.0; shape.len()];
/// tsuitate_observation(&view, &mut out);
/// // White sees its own king (plane 7) at 5a, which is its bottom row, middle column.
/// assert_eq!(out[shape.index(7, 8, 4)], 1.0);
/// // and nothing of Black's pieces: there are no opponent planes at all.
/// assert_eq!(out[shape.index(38, 0, 0)], 1.0); // White is to move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// If `out` is shorter than the shape's length.
pub fn tsuitate_observation(view: &PlayerView, out: &mut [f32]) {
    let board = &view.board;
    let shape = ObservationShape::tsuitate(board.files(), board.ranks());
    let out = &mut out[..shape.len()];
    out.fill(0.0);
    let viewer = view.color;
    let pieces = view.base.variant().piece_set();
    for sq in board.pieces() {
        if let Some(piece) = board.piece_at(sq) {
            let plane = TsuitatePart::OwnPieces.plane() + piece.kind.index();
            shape.set(out, plane, sq, viewer, 1.0);
        }
    }
    for (k, value) in hand_fractions(board.hand(), &pieces)
        .into_iter()
        .enumerate()
    {
        shape.fill(out, TsuitatePart::OwnHand.plane() + k, value);
    }
    // Every piece of a kind that is not the player's is the opponent's,
    // on its board or in its hand: a known fact, whatever is hidden.
    let totals = hand_totals(&pieces);
    let mut own = [0u8; 7];
    for sq in board.pieces() {
        if let Some(piece) = board.piece_at(sq) {
            if let Some(k) = PieceKind::HAND
                .iter()
                .position(|&h| h == piece.kind.unpromote())
            {
                own[k] += 1;
            }
        }
    }
    for (k, kind) in PieceKind::HAND.iter().enumerate() {
        let theirs =
            (totals[k] - f32::from(own[k]) - f32::from(board.hand().count(*kind))).max(0.0);
        if theirs > 0.0 && totals[k] > 0.0 {
            let plane = TsuitatePart::OpponentMaterial.plane() + k;
            shape.fill(out, plane, theirs / totals[k]);
        }
    }
    // The last played move of each side, as told (fouls change nothing).
    let events = view.recent_events();
    let last_played = |mine: bool| {
        events
            .iter()
            .rev()
            .find(|e| e.verdict == Some(Verdict::Played) && (e.by == viewer) == mine)
    };
    for (mine, capture, check) in [
        (false, TsuitatePart::TheirCapture, TsuitatePart::TheirCheck),
        (true, TsuitatePart::MyCapture, TsuitatePart::MyCheck),
    ] {
        if let Some(e) = last_played(mine) {
            if let Some(c) = e.capture {
                shape.set(out, capture.plane(), c.square, viewer, 1.0);
            }
            if e.check {
                shape.fill(out, check.plane(), 1.0);
            }
        }
    }
    for mv in view.fouls_this_turn() {
        if let MoveKind::Normal { from, .. } = mv.kind() {
            shape.set(out, TsuitatePart::FouledFrom.plane(), from, viewer, 1.0);
        }
        shape.set(out, TsuitatePart::FouledTo.plane(), mv.to(), viewer, 1.0);
    }
    let limit = view.foul_limit.max(1) as f32;
    shape.fill(
        out,
        TsuitatePart::OwnFouls.plane(),
        view.fouls as f32 / limit,
    );
    shape.fill(
        out,
        TsuitatePart::OpponentFouls.plane(),
        view.opponent_fouls_known as f32 / limit,
    );
    if let Some(moves) = view.move_limit.filter(|&m| m > 0) {
        let played = view.moves_played as f32 / moves as f32;
        shape.fill(out, TsuitatePart::MovesPlayed.plane(), played);
    }
    if viewer == Color::White {
        shape.fill(out, TsuitatePart::ViewerIsWhite.plane(), 1.0);
    }
    if view.to_move {
        shape.fill(out, TsuitatePart::ToMove.plane(), 1.0);
    }
}

/// Numbers per announcement row of [`tsuitate_information_state`].
pub const ANNOUNCEMENT_WIDTH: usize = 10;

/// How many announcement rows hold every information state a game under
/// these limits can reach: at most `move_limit + 2 × foul_limit − 1`
/// attempts, each telling a player at most five things. `None` without a
/// move limit (the game has no bound).
///
/// ```
/// use shogi_research::observation::tsuitate_information_capacity;
/// assert_eq!(tsuitate_information_capacity(10, Some(150)), Some(5 * 169));
/// assert_eq!(tsuitate_information_capacity(10, None), None);
/// ```
pub fn tsuitate_information_capacity(foul_limit: u32, move_limit: Option<u32>) -> Option<usize> {
    let attempts = move_limit? as usize + 2 * foul_limit.max(1) as usize - 1;
    Some(5 * attempts)
}

/// Writes `view`'s information state with perfect recall: the observation
/// ([`tsuitate_observation`]), then `capacity` rows of
/// [`ANNOUNCEMENT_WIDTH`] numbers, one per announcement in order (see the
/// module documentation). `out` must hold the observation's length plus
/// `capacity × ANNOUNCEMENT_WIDTH` numbers. Returns whether every
/// announcement fitted (if not, the rows hold the first `capacity`).
///
/// ```
/// use shogi_core::Color;
/// use shogi_research::observation::*;
/// use shogi_variants::{Referee, TsuitateSettings};
/// let mut referee = Referee::new(TsuitateSettings::default());
/// referee.attempt("7g7f".parse()?)?;
/// let view = referee.view(Color::Black);
/// let base = ObservationShape::tsuitate(9, 9).len();
/// let mut out = vec![0.0; base + 4 * ANNOUNCEMENT_WIDTH];
/// assert!(tsuitate_information_state(&view, 4, &mut out));
/// // Black attempted a move (row 0, kind 0), then was told it was played (row 1, kind 1).
/// assert_eq!(out[base], 1.0);
/// assert_eq!(out[base + ANNOUNCEMENT_WIDTH + 1], 1.0);
/// assert!(out[base + 2 * ANNOUNCEMENT_WIDTH..].iter().all(|&v| v == 0.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Panics
/// If `out` is shorter than stated.
pub fn tsuitate_information_state(view: &PlayerView, capacity: usize, out: &mut [f32]) -> bool {
    let board = &view.board;
    let shape = ObservationShape::tsuitate(board.files(), board.ranks());
    let (observation, rows) = out.split_at_mut(shape.len());
    tsuitate_observation(view, observation);
    let rows = &mut rows[..capacity * ANNOUNCEMENT_WIDTH];
    rows.fill(0.0);
    let space = ActionSpace::new(board.files(), board.ranks());
    let squares = f32::from(board.files()) * f32::from(board.ranks());
    let limit = view.foul_limit.max(1) as f32;
    for (row, a) in rows
        .chunks_exact_mut(ANNOUNCEMENT_WIDTH)
        .zip(&view.information_state)
    {
        let (kind, first, second) = match *a {
            Announcement::Attempted(mv) => {
                let action = space.and_then(|s| Some((s.encode(mv)? + 1) as f32 / s.size() as f32));
                (0, action.unwrap_or(0.0), 0.0)
            }
            Announcement::Played => (1, 0.0, 0.0),
            Announcement::Foul { count } => (2, count as f32 / limit, 0.0),
            Announcement::OpponentMoved => (3, 0.0, 0.0),
            Announcement::OpponentFoul { count } => (4, count as f32 / limit, 0.0),
            Announcement::Capture { square, kind } => {
                let local = f32::from(square.file() - 1) * f32::from(board.ranks())
                    + f32::from(square.rank() - 1);
                (5, (local + 1.0) / squares, (kind.index() + 1) as f32 / 14.0)
            }
            Announcement::Check => (6, 0.0, 0.0),
            Announcement::GameOver(outcome) => {
                let result = match outcome.winner {
                    Some(c) if c == view.color => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
                (7, result, 0.0)
            }
        };
        row[kind] = 1.0;
        row[8] = first;
        row[9] = second;
    }
    view.information_state.len() <= capacity
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsuitate_parts_cover_every_plane_once_in_order() {
        let mut next = 0;
        for part in TsuitatePart::ALL {
            assert_eq!(part.planes().start, next, "{}", part.name());
            next = part.planes().end;
        }
        assert_eq!(next, TSUITATE_PLANES);
        let mut names: Vec<_> = TsuitatePart::ALL.map(TsuitatePart::name).to_vec();
        names.dedup();
        assert_eq!(names.len(), TsuitatePart::ALL.len());
    }
}
