//! The tree of a record: its main line ([`Record::moves`], [`Record::end`])
//! and the side lines ([`Line`]) that branch from it, as KIF keeps them
//! (`変化：N手`).
//!
//! A side line hangs on the move it replaces: [`RecordMove::variations`]
//! are the lines played *instead of* that move, from the same position.
//! Seen as a tree of positions, a node is named by the moves that lead to
//! it from the start (its *path*); its children are the moves that can
//! follow it, the line's own next move first (child 0, the main
//! continuation), then the first move of each variation of that move, in
//! order. Two children of a node never have the same move (the readers
//! refuse it, [`Record::add_child`] too), so a path names one node.
//!
//! A line that ends (resignation, mate...) may have side lines played
//! *instead of its end* ([`RecordEnd::variations`]; commentaries show so how
//! the game could have gone on after 投了): they are the children of the
//! line's last node, in order, and none of them is its main continuation,
//! which stays the end ([`Record::line_end`] is `Some` at that node; child
//! 0 is then a side line like the others).
//!
//! ```
//! use shogi_core::Move;
//! use shogi_formats::record::{kif, RecordMove};
//! let text = "   1 ７六歩(77)
//!    2 ３四歩(33)   ( 0:01/00:00:01)+
//!    3 ２二角成(88)
//!
//! 変化：2手
//!    2 ８四歩(83)
//!    3 投了
//! ";
//! let mut record = kif::read(text)?;
//! assert_eq!(record.moves.len(), 3);
//! let first: Vec<Move> = vec!["7g7f".parse()?];
//! let children: Vec<String> =
//!     record.children(&first).unwrap().iter().map(|m| m.mv.to_string()).collect();
//! assert_eq!(children, ["3c3d", "8c8d"]);
//! // The side line ends in resignation.
//! let side = [first[0], "8c8d".parse()?];
//! assert!(record.line_end(&side).unwrap().is_some());
//! // The side line becomes the main line; the old one its variation.
//! record.reorder_child(&first, 1, 0)?;
//! assert_eq!(record.moves[1].mv.to_string(), "8c8d");
//! assert_eq!(record.moves[1].variations[0].moves.len(), 2);
//! assert_eq!(kif::read(&kif::write(&record)?)?, record);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Record, RecordEnd, RecordError, RecordErrorKind, RecordMove};
use serde::{Deserialize, Serialize};
use shogi_core::{IllegalMoveError, Move, Position};

/// How deep side lines may nest: a variation of a variation of ... this
/// many levels down (real records nest a few levels). Deeper trees are
/// refused by the readers and [`Record::add_child`]
/// ([`TreeError::TooDeep`]): the derived comparison, copy and drop of a
/// tree recurse once per level, a file that nests thousands of blocks must
/// get an error, not exhaust the stack, and the serde form of a record
/// (four JSON levels a side line) must read back under serde_json's
/// nesting limit of 128, so that a pickled record always unpickles.
///
/// ```
/// assert_eq!(shogi_formats::record::MAX_NESTING, 30);
/// ```
pub const MAX_NESTING: usize = 30;

/// A side line: the moves played instead of a move of another line (the
/// first of [`moves`](Self::moves) replaces it), or instead of its end
/// ([`RecordEnd::variations`]), each of which may branch again, and how
/// the line ends, if it says.
///
/// ```
/// use shogi_formats::record::{EndKind, Line, RecordEnd, RecordMove};
/// let line = Line {
///     moves: vec![RecordMove::new("8c8d".parse()?)],
///     end: Some(RecordEnd::new(EndKind::Resign)),
/// };
/// assert_eq!(line.moves.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The moves, the first one replacing the move the line hangs on.
    pub moves: Vec<RecordMove>,
    /// How the line ends (a side line too can end in 投了 or 詰み), with
    /// its time and comments.
    #[serde(default)]
    pub end: Option<RecordEnd>,
}

/// An edit of a record's tree that cannot be made ([`Record::add_child`],
/// [`Record::reorder_child`], [`Record::remove_child`]). The record is
/// then unchanged.
///
/// ```
/// use shogi_formats::record::{Record, RecordMove, TreeError};
/// use shogi_core::Setup;
/// let mut record = Record::new(Setup::from_sfen(shogi_variants::STANDARD_START)?);
/// let e = record.add_child(&[], RecordMove::new("7g7e".parse()?)).unwrap_err();
/// assert!(matches!(e, TreeError::Illegal(_)));
/// assert_eq!(e.to_string(), "7g7e: the pawn on 7g cannot move to 7e");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TreeError {
    /// No node has this path (an edit removed it, or it never was).
    #[error("no node of the record is reached by {}", path_text(.0))]
    NoSuchNode(Vec<Move>),
    /// The node has no child with this index.
    #[error("the node has {count} children, not a child {index}")]
    NoSuchChild {
        /// The index asked for.
        index: usize,
        /// How many children the node has.
        count: usize,
    },
    /// The move is illegal in the node's position (plain rules of the
    /// record's board, [`Record::positions`]).
    #[error(transparent)]
    Illegal(IllegalMoveError),
    /// The move already follows this node, as child `index`.
    #[error("{mv} already follows this position (child {index})")]
    Duplicate {
        /// The move.
        mv: Move,
        /// The child it is.
        index: usize,
    },
    /// The new side line would nest deeper than [`MAX_NESTING`].
    #[error("side lines nest more than {MAX_NESTING} deep here")]
    TooDeep,
    /// The record does not replay to the node (an impossible start, a
    /// move of the path the rules forbid: a record built by hand).
    #[error("the record does not replay to this node: {0}")]
    Replay(RecordErrorKind),
}

/// A path in USI, `7g7f 3c3d`, or `the start`.
fn path_text(path: &[Move]) -> String {
    if path.is_empty() {
        return "the start".to_owned();
    }
    let text: Vec<String> = path.iter().map(Move::to_string).collect();
    shogi_core::excerpt(&text.join(" ")).to_string()
}

/// Where a node stands in the storage: the line that holds it and how many
/// of that line's moves lead to it (0: the line's start, before its first
/// move; for a side line the node before the move it replaces), and how
/// many side lines the path enters.
struct Cursor<'a> {
    moves: &'a Vec<RecordMove>,
    end: &'a Option<RecordEnd>,
    at: usize,
    depth: usize,
}

struct CursorMut<'a> {
    moves: &'a mut Vec<RecordMove>,
    end: &'a mut Option<RecordEnd>,
    at: usize,
}

impl<'a> Cursor<'a> {
    /// The children's record moves, main first.
    /// At the last node of a line, the first moves of the side lines
    /// played instead of its end.
    fn children(self) -> Vec<&'a RecordMove> {
        match self.moves.get(self.at) {
            Some(next) => std::iter::once(next)
                .chain(next.variations.iter().filter_map(|l| l.moves.first()))
                .collect(),
            None => self
                .end
                .iter()
                .flat_map(|e| &e.variations)
                .filter_map(|l| l.moves.first())
                .collect(),
        }
    }
}

/// Where the side line that starts with `mv` stands in `lines`.
fn side_line(lines: &[Line], mv: Move) -> Option<usize> {
    lines
        .iter()
        .position(|l| l.moves.first().map(|m| m.mv) == Some(mv))
}

/// How many of `lines` have a move (a side line without one has no node).
fn with_moves(lines: &[Line]) -> usize {
    lines.iter().filter(|l| !l.moves.is_empty()).count()
}

impl Record {
    fn cursor(&self, path: &[Move]) -> Option<Cursor<'_>> {
        let (mut moves, mut end, mut at, mut depth) = (&self.moves, &self.end, 0, 0);
        for &mv in path {
            let sides = match moves.get(at) {
                Some(next) if next.mv == mv => {
                    at += 1;
                    continue;
                }
                Some(next) => &next.variations,
                None => &end.as_ref()?.variations,
            };
            let line = &sides[side_line(sides, mv)?];
            (moves, end, at, depth) = (&line.moves, &line.end, 1, depth + 1);
        }
        Some(Cursor {
            moves,
            end,
            at,
            depth,
        })
    }

    /// How many side lines the path to a node enters: 0 on the main line,
    /// 1 in a variation of it, 2 in a variation of that...; `None` if no
    /// node has this path.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n\n変化：1手\n   1 ２六歩(27)\n")?;
    /// assert_eq!(record.nesting(&["7g7f".parse()?]), Some(0));
    /// assert_eq!(record.nesting(&["2g2f".parse()?]), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nesting(&self, path: &[Move]) -> Option<usize> {
        self.cursor(path).map(|c| c.depth)
    }

    fn cursor_mut(&mut self, path: &[Move]) -> Option<CursorMut<'_>> {
        let (mut moves, mut end, mut at) = (&mut self.moves, &mut self.end, 0);
        for &mv in path {
            if moves.get(at).is_some_and(|next| next.mv == mv) {
                at += 1;
                continue;
            }
            let sides = match moves.get_mut(at) {
                Some(next) => &mut next.variations,
                None => &mut end.as_mut()?.variations,
            };
            let k = side_line(sides, mv)?;
            let line = &mut sides[k];
            (moves, end, at) = (&mut line.moves, &mut line.end, 1);
        }
        Some(CursorMut { moves, end, at })
    }

    /// The record move that leads to the node at `path` (its last move),
    /// with its time, comments, bookmark and variations; `None` for the
    /// start (an empty path) or a path no node has.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n*good\n")?;
    /// let node = record.node(&["7g7f".parse()?]).unwrap();
    /// assert_eq!(node.comments, ["good"]);
    /// assert!(record.node(&["2g2f".parse()?]).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node(&self, path: &[Move]) -> Option<&RecordMove> {
        let c = self.cursor(path)?;
        c.at.checked_sub(1).and_then(|i| c.moves.get(i))
    }

    /// [`Record::node`], to edit: its comments, bookmark or time.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let mut record = kif::read("   1 ７六歩(77)\n")?;
    /// record.node_mut(&["7g7f".parse()?]).unwrap().bookmark = Some("opening".into());
    /// assert_eq!(record.moves[0].bookmark.as_deref(), Some("opening"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_mut(&mut self, path: &[Move]) -> Option<&mut RecordMove> {
        let c = self.cursor_mut(path)?;
        match c.at.checked_sub(1) {
            Some(i) => c.moves.get_mut(i),
            None => None,
        }
    }

    /// Whether some node has this path (the start always has).
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n")?;
    /// assert!(record.has_node(&[]) && record.has_node(&["7g7f".parse()?]));
    /// assert!(!record.has_node(&["2g2f".parse()?]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_node(&self, path: &[Move]) -> bool {
        self.cursor(path).is_some()
    }

    /// The moves that can follow the node at `path`, the main continuation
    /// first, then the variations in order; `None` if no node has this
    /// path. At the last node of a line that ends, they are the first moves
    /// of the side lines played instead of the end, in order, none of them
    /// the main continuation (the end is: [`Record::line_end`]).
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let text = "   1 ７六歩(77)\n   2 投了\n\n変化：2手\n   2 ３四歩(33)\n";
    /// let record = kif::read(text)?;
    /// let first = ["7g7f".parse()?];
    /// assert!(record.line_end(&first).unwrap().is_some());
    /// assert_eq!(record.children(&first).unwrap()[0].mv.to_string(), "3c3d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n\n変化：1手\n   1 ２六歩(27)\n")?;
    /// let first: Vec<String> = record.children(&[]).unwrap().iter().map(|m| m.mv.to_string()).collect();
    /// assert_eq!(first, ["7g7f", "2g2f"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn children(&self, path: &[Move]) -> Option<Vec<&RecordMove>> {
        self.cursor(path).map(|c| c.children())
    }

    /// The main continuation of the node at `path`: the moves that follow
    /// it, each node's first child, to the end of its line; `None` if no
    /// node has this path.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：1手\n   1 ２六歩(27)\n")?;
    /// let after: Vec<String> = record.mainline_from(&[]).unwrap().iter().map(|m| m.mv.to_string()).collect();
    /// assert_eq!(after, ["7g7f", "3c3d"]);
    /// assert_eq!(record.mainline_from(&["2g2f".parse()?]).unwrap().len(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mainline_from(&self, path: &[Move]) -> Option<&[RecordMove]> {
        let c = self.cursor(path)?;
        c.moves.get(c.at..)
    }

    /// How the line of the node at `path` ends, when the node is the last
    /// of its line: `Some(None)` if that line says nothing of its end,
    /// `Some(Some(end))` if it does, `None` when the node is not the last
    /// of its line (or no node has this path). For the main line it is
    /// [`Record::end`].
    ///
    /// ```
    /// use shogi_formats::record::{kif, EndKind};
    /// let record = kif::read("   1 ７六歩(77)\n   2 投了\n")?;
    /// let end = record.line_end(&["7g7f".parse()?]).unwrap();
    /// assert_eq!(end.as_ref().map(|e| e.kind), Some(EndKind::Resign));
    /// assert!(record.line_end(&[]).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_end(&self, path: &[Move]) -> Option<&Option<RecordEnd>> {
        let c = self.cursor(path)?;
        (c.at == c.moves.len()).then_some(c.end)
    }

    /// [`Record::line_end`], to edit (set or take away the end of a side
    /// line; for the main line this is [`Record::end`]). Setting it to
    /// `None` drops the side lines played instead of the end with it;
    /// [`Record::take_line_end`] keeps them as the line's continuation.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let mut record = kif::read("   1 ７六歩(77)\n   2 投了\n")?;
    /// *record.line_end_mut(&["7g7f".parse()?]).unwrap() = None;
    /// assert_eq!(record.end, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_end_mut(&mut self, path: &[Move]) -> Option<&mut Option<RecordEnd>> {
        let c = self.cursor_mut(path)?;
        (c.at == c.moves.len()).then_some(c.end)
    }

    /// Takes away the end of the line of the node at `path`, the last node
    /// of its line, and returns it (`Some(None)` if the line said nothing
    /// of its end), without its side lines: the side lines played instead
    /// of it become the node's children, the first its main continuation
    /// (the line goes on with that side line's moves and ends as it does),
    /// the others variations of that move, in order. `None`, the record
    /// unchanged, when moves follow the node or no node has this path.
    /// ([`Record::line_end_mut`] set to `None` drops those side lines with
    /// the end.)
    ///
    /// ```
    /// use shogi_formats::record::{kif, EndKind};
    /// let text = "   1 ７六歩(77)\n   2 投了\n\n変化：2手\n   2 ３四歩(33)\n";
    /// let mut record = kif::read(text)?;
    /// let end = record.take_line_end(&["7g7f".parse()?]).unwrap().unwrap();
    /// assert_eq!(end.kind, EndKind::Resign);
    /// assert!(end.variations.is_empty());
    /// // The side line now continues the main line, which says no end.
    /// assert_eq!(record.moves[1].mv.to_string(), "3c3d");
    /// assert_eq!(record.end, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_line_end(&mut self, path: &[Move]) -> Option<Option<RecordEnd>> {
        let c = self.cursor_mut(path)?;
        if c.at != c.moves.len() {
            return None;
        }
        let mut end = c.end.take();
        let sides = taken_with_moves(end.as_mut().map(|e| &mut e.variations));
        put_children(c.moves, c.end, sides);
        Some(end)
    }

    /// The record of the line through the node at `path`: the same headers,
    /// start and comments, the path's moves as its main line (with their
    /// times, comments and bookmarks, without variations), and the end of
    /// the node's line if the node is its last (without the side lines
    /// played instead of it). `None` if no node has this
    /// path.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n   2 投了\n\n変化：1手\n   1 ２六歩(27)\n")?;
    /// let side = record.line_to(&["2g2f".parse()?]).unwrap();
    /// assert_eq!(side.moves.len(), 1);
    /// assert_eq!(side.end, None);
    /// assert_eq!(record.line_to(&["7g7f".parse()?]).unwrap().end, record.end);
    /// // The start: no move, and no end (moves follow it).
    /// assert_eq!(record.line_to(&[]).unwrap().moves.len(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_to(&self, path: &[Move]) -> Option<Record> {
        if !self.has_node(path) {
            return None;
        }
        let end = self.line_end(path).cloned().flatten().map(|mut e| {
            e.variations.clear();
            e
        });
        let mut moves = Vec::with_capacity(path.len());
        for i in 1..=path.len() {
            let mut m = self.node(&path[..i])?.clone();
            m.variations.clear();
            moves.push(m);
        }
        Some(Record {
            headers: self.headers.clone(),
            start: self.start.clone(),
            remarks: self.remarks.clone(),
            comments: self.comments.clone(),
            bookmark: self.bookmark.clone(),
            moves,
            end,
        })
    }

    /// The position at the node `path`, every move checked against the
    /// plain rules of the record's board (as [`Record::positions`]).
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n")?;
    /// let pos = record.position_at(&["7g7f".parse()?])?;
    /// assert_eq!(pos.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_at(&self, path: &[Move]) -> Result<Position, RecordError> {
        if !self.has_node(path) {
            return Err(RecordError::malformed(
                0,
                TreeError::NoSuchNode(path.to_vec()),
            ));
        }
        let mut pos = self.start_position()?;
        for &mv in path {
            if !pos.is_legal(mv) {
                return Err(RecordError::new(
                    0,
                    RecordErrorKind::IllegalMove {
                        text: mv.to_string(),
                        sfen: pos.to_sfen(),
                    },
                ));
            }
            pos.play_unchecked(mv);
        }
        Ok(pos)
    }

    /// Adds `m` after the node at `path`: as its main continuation when
    /// nothing follows it yet, else as its last variation. Returns the
    /// child's index (0 for the main continuation). At the last node of a
    /// line that ends (resignation...), the end stays the main
    /// continuation and `m` starts a side line played instead of it
    /// ([`RecordEnd::variations`]), as python-chess adds a variation
    /// wherever asked: to continue the line itself, take its end away
    /// first ([`Record::line_end_mut`]). The move is checked against the
    /// rules in the node's position ([`TreeError::Illegal`] with why); a
    /// move that already follows the node is [`TreeError::Duplicate`]. The
    /// variations `m` carries are kept and not checked.
    ///
    /// ```
    /// use shogi_formats::record::{kif, RecordMove};
    /// let mut record = kif::read("   1 ７六歩(77)\n   2 投了\n")?;
    /// let first = ["7g7f".parse()?];
    /// assert_eq!(record.add_child(&first, RecordMove::new("3c3d".parse()?))?, 0);
    /// assert!(record.end.is_some() && record.moves.len() == 1);
    /// let side = &record.end.as_ref().unwrap().variations[0];
    /// assert_eq!(side.moves[0].mv.to_string(), "3c3d");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// ```
    /// use shogi_formats::record::{Record, RecordMove};
    /// use shogi_core::{Move, Setup};
    /// let mut record = Record::new(Setup::from_sfen(shogi_variants::STANDARD_START)?);
    /// let (a, b): (Move, Move) = ("7g7f".parse()?, "2g2f".parse()?);
    /// assert_eq!(record.add_child(&[], RecordMove::new(a))?, 0);
    /// assert_eq!(record.add_child(&[], RecordMove::new(b))?, 1);
    /// assert_eq!(record.moves.len(), 1);
    /// assert_eq!(record.moves[0].variations[0].moves[0].mv, b);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_child(&mut self, path: &[Move], m: RecordMove) -> Result<usize, TreeError> {
        if !self.has_node(path) {
            return Err(TreeError::NoSuchNode(path.to_vec()));
        }
        let pos = self
            .position_at(path)
            .map_err(|e| TreeError::Replay(e.kind))?;
        if let Some(reason) = pos.illegality(m.mv) {
            return Err(TreeError::Illegal(IllegalMoveError {
                mv: m.mv,
                reason,
                sfen: pos.to_sfen(),
            }));
        }
        let deep = self.nesting(path).unwrap_or(0) >= MAX_NESTING;
        let c = self
            .cursor_mut(path)
            .ok_or_else(|| TreeError::NoSuchNode(path.to_vec()))?;
        let (main, sides) = match c.moves.get_mut(c.at) {
            Some(next) => (Some(next.mv), &mut next.variations),
            None => match c.end {
                Some(end) => (None, &mut end.variations),
                None => {
                    c.moves.push(m);
                    return Ok(0);
                }
            },
        };
        if deep {
            return Err(TreeError::TooDeep);
        }
        let index = main
            .into_iter()
            .chain(sides.iter().filter_map(|l| l.moves.first().map(|f| f.mv)))
            .position(|mv| mv == m.mv);
        if let Some(index) = index {
            return Err(TreeError::Duplicate { mv: m.mv, index });
        }
        sides.push(Line {
            moves: vec![m],
            end: None,
        });
        Ok(usize::from(main.is_some()) + with_moves(sides) - 1)
    }

    /// Hangs `line` (not empty, its moves already checked) on the node at
    /// `path`, the readers' way in. As far as its moves are already
    /// played there (a variation that repeats the move it replaces, as
    /// some files write), it is merged into the existing nodes: their
    /// time and bookmark are kept when they have one, the repeated move's
    /// comments are added where the node lacks them; the rest hangs
    /// on the last node in common as a variation, or continues that node's
    /// line when nothing follows it, or hangs on that line's end when it
    /// has one ([`RecordEnd::variations`]).
    pub(crate) fn attach_line(&mut self, path: &[Move], line: Line) -> Result<(), TreeError> {
        if !self.has_node(path) {
            return Err(TreeError::NoSuchNode(path.to_vec()));
        }
        let mut at = path.to_vec();
        let mut rest = line.moves.into_iter().peekable();
        // Follow the moves already there, one node at a time.
        while let Some(mv) = rest.peek().map(|m| m.mv) {
            let there = self
                .children(&at)
                .is_some_and(|c| c.iter().any(|m| m.mv == mv));
            if !there {
                break;
            }
            at.push(mv);
            let (Some(node), Some(m)) = (self.node_mut(&at), rest.next()) else {
                break;
            };
            for c in m.comments {
                if !node.comments.contains(&c) {
                    node.comments.push(c);
                }
            }
            node.time = node.time.or(m.time);
            if node.bookmark.is_none() {
                node.bookmark = m.bookmark;
            }
        }
        let rest: Vec<RecordMove> = rest.collect();
        let deep = self.nesting(&at).unwrap_or(0) >= MAX_NESTING;
        let c = self
            .cursor_mut(&at)
            .ok_or_else(|| TreeError::NoSuchNode(at.clone()))?;
        let sides = if let Some(next) = c.moves.get_mut(c.at) {
            &mut next.variations
        } else if let Some(e) = c.end.as_mut() {
            &mut e.variations
        } else {
            // The line stops here and says nothing of its end: the rest
            // continues it, and its end is the line's.
            c.moves.extend(rest);
            *c.end = line.end;
            return Ok(());
        };
        if rest.is_empty() {
            // Every move repeats the tree: only an end may be new.
            return Ok(());
        }
        if deep {
            return Err(TreeError::TooDeep);
        }
        sides.push(Line {
            moves: rest,
            end: line.end,
        });
        Ok(())
    }

    /// Moves child `from` of the node at `path` to place `to` (0: it
    /// becomes the main continuation, and the line it is on continues
    /// with its moves and its end; the others keep their order). At the
    /// last node of a line that ends, the children are side lines played
    /// instead of the end, and this orders them among themselves (the end
    /// stays the main continuation).
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let mut record = kif::read("   1 ７六歩(77)\n\n変化：1手\n   1 ２六歩(27)\n\n変化：1手\n   1 ５六歩(57)\n")?;
    /// record.reorder_child(&[], 2, 0)?;
    /// let order: Vec<String> = record.children(&[]).unwrap().iter().map(|m| m.mv.to_string()).collect();
    /// assert_eq!(order, ["5g5f", "7g7f", "2g2f"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reorder_child(
        &mut self,
        path: &[Move],
        from: usize,
        to: usize,
    ) -> Result<(), TreeError> {
        let c = self
            .cursor_mut(path)
            .ok_or_else(|| TreeError::NoSuchNode(path.to_vec()))?;
        if c.at == c.moves.len() {
            let sides = c.end.as_mut().map(|e| &mut e.variations);
            let count = sides.as_deref().map_or(0, |s| with_moves(s));
            for index in [from, to] {
                if index >= count {
                    return Err(TreeError::NoSuchChild { index, count });
                }
            }
            if let Some(sides) = sides {
                sides.retain(|l| !l.moves.is_empty());
                let child = sides.remove(from);
                sides.insert(to, child);
            }
            return Ok(());
        }
        let count = c.moves.get(c.at).map_or(0, |m| 1 + m.variations.len());
        for index in [from, to] {
            if index >= count {
                return Err(TreeError::NoSuchChild { index, count });
            }
        }
        if from == to {
            return Ok(());
        }
        let mut children = take_children(c.moves, c.end, c.at);
        let child = children.remove(from);
        children.insert(to, child);
        put_children(c.moves, c.end, children);
        Ok(())
    }

    /// Takes child `index` of the node at `path` away, with everything
    /// after it, and returns it as a line. When the main continuation goes
    /// and variations are left, the first of them becomes the main
    /// continuation; when the last child goes, the node ends its line,
    /// which then says nothing of its end. At the last node of a line that
    /// ends, the child is a side line played instead of the end, and the
    /// end stays.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let mut record = kif::read("   1 ７六歩(77)\n   2 投了\n\n変化：1手\n   1 ２六歩(27)\n")?;
    /// let gone = record.remove_child(&[], 0)?;
    /// assert_eq!(gone.moves[0].mv.to_string(), "7g7f");
    /// assert_eq!(record.moves[0].mv.to_string(), "2g2f");
    /// assert_eq!(record.end, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove_child(&mut self, path: &[Move], index: usize) -> Result<Line, TreeError> {
        let c = self
            .cursor_mut(path)
            .ok_or_else(|| TreeError::NoSuchNode(path.to_vec()))?;
        if c.at == c.moves.len() {
            let sides = c.end.as_mut().map(|e| &mut e.variations);
            let count = sides.as_deref().map_or(0, |s| with_moves(s));
            return match sides {
                Some(sides) if index < count => {
                    sides.retain(|l| !l.moves.is_empty());
                    Ok(sides.remove(index))
                }
                _ => Err(TreeError::NoSuchChild { index, count }),
            };
        }
        let count = c.moves.get(c.at).map_or(0, |m| 1 + m.variations.len());
        if index >= count {
            return Err(TreeError::NoSuchChild { index, count });
        }
        let mut children = take_children(c.moves, c.end, c.at);
        let gone = children.remove(index);
        put_children(c.moves, c.end, children);
        Ok(gone)
    }

    /// The path of every leaf of the tree (a node nothing follows), and of
    /// the last node of every line whose end has side lines played instead
    /// of it (the end is a leaf of its own, before those lines): the main
    /// line's first, then depth first, each node's children in order.
    /// Every line of the record is the path to one of them, so there are
    /// [`Record::line_count`] of them.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n")?;
    /// let leaves: Vec<String> = record
    ///     .leaves()
    ///     .iter()
    ///     .map(|p| p.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" "))
    ///     .collect();
    /// assert_eq!(leaves, ["7g7f 3c3d", "7g7f 8c8d"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn leaves(&self) -> Vec<Vec<Move>> {
        let mut out = Vec::new();
        let mut stack = vec![Vec::new()];
        while let Some(path) = stack.pop() {
            let children: Vec<Move> = self
                .children(&path)
                .unwrap_or_default()
                .iter()
                .map(|m| m.mv)
                .collect();
            if children.is_empty() {
                out.push(path);
                continue;
            }
            if self.line_end(&path).is_some() {
                out.push(path.clone());
            }
            for mv in children.into_iter().rev() {
                let mut next = path.clone();
                next.push(mv);
                stack.push(next);
            }
        }
        out
    }

    /// How many lines the record has: its main line and every side line.
    ///
    /// ```
    /// use shogi_formats::record::kif;
    /// let record = kif::read("   1 ７六歩(77)\n\n変化：1手\n   1 ２六歩(27)\n")?;
    /// assert_eq!(record.line_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_count(&self) -> usize {
        fn count(moves: &[RecordMove], end: Option<&RecordEnd>) -> usize {
            moves
                .iter()
                .flat_map(|m| &m.variations)
                .chain(end.into_iter().flat_map(|e| &e.variations))
                .filter(|l| !l.moves.is_empty())
                .map(|l| 1 + count(&l.moves, l.end.as_ref()))
                .sum()
        }
        1 + count(&self.moves, self.end.as_ref())
    }
}

/// The side lines taken out of `lines` (if any), those without a move
/// dropped: a side line without moves has no node.
fn taken_with_moves(lines: Option<&mut Vec<Line>>) -> Vec<Line> {
    lines
        .map(std::mem::take)
        .unwrap_or_default()
        .into_iter()
        .filter(|l| !l.moves.is_empty())
        .collect()
}

/// The children of the node `at` moves into the line `moves`/`end`, each
/// as a line: the line's own continuation (with the line's end), then the
/// variations. The line is left ending at the node, with no end.
fn take_children(moves: &mut Vec<RecordMove>, end: &mut Option<RecordEnd>, at: usize) -> Vec<Line> {
    let mut tail = moves.split_off(at);
    let variations = taken_with_moves(tail.first_mut().map(|m| &mut m.variations));
    let mut children = Vec::with_capacity(1 + variations.len());
    if !tail.is_empty() {
        children.push(Line {
            moves: tail,
            end: end.take(),
        });
    }
    children.extend(variations);
    children
}

/// The inverse of [`take_children`]: the first child continues the line,
/// the others become the variations of its first move.
fn put_children(moves: &mut Vec<RecordMove>, end: &mut Option<RecordEnd>, children: Vec<Line>) {
    let mut children = children.into_iter();
    let Some(first) = children.next() else {
        *end = None;
        return;
    };
    let at = moves.len();
    moves.extend(first.moves);
    *end = first.end;
    if let Some(m) = moves.get_mut(at) {
        m.variations = children.collect();
    }
}
