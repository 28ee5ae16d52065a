//! `RecordNode`: a record's tree of variations, python-chess's `GameNode`
//! style. A node is a view: the record it belongs to and the moves that lead
//! to it from the start. Every access looks the path up again, so a node
//! follows its moves through `promote`/`demote`, and a node an edit removed
//! raises `StaleNodeError` instead of answering for another one.

use crate::errors::{illegal_move, SettingError, ShogiError};
use crate::game::PyBoard;
use crate::moves::{move_object, move_objects, PyMove};
use crate::record::data::{shape_of, PyRecord};
use pyo3::create_exception;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shogi_core::Move;
use shogi_formats::record::{EndKind, Record, RecordEnd, RecordMove, TreeError};

create_exception!(
    shogi_variants,
    StaleNodeError,
    ShogiError,
    "A RecordNode whose position an edit of its record removed (remove_variation, or an end set where it stood): it stands for no node any more; walk from record.root again."
);

/// Registers the node class and its error.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRecordNode>()?;
    m.add("StaleNodeError", m.py().get_type::<StaleNodeError>())?;
    Ok(())
}

/// The moves of a path in USI, for messages.
fn path_text(path: &[Move]) -> String {
    if path.is_empty() {
        return "the start".to_owned();
    }
    let text: Vec<String> = path.iter().map(Move::to_string).collect();
    format!("after {}", shogi_core::excerpt(&text.join(" ")))
}

fn tree_error(e: TreeError) -> PyErr {
    match e {
        TreeError::Illegal(ref i) => illegal_move(e.to_string(), i.reason.name()),
        TreeError::NoSuchNode(_) => StaleNodeError::new_err(e.to_string()),
        _ => ShogiError::new_err(e.to_string()),
    }
}

fn busy() -> PyErr {
    ShogiError::new_err("the record is in use elsewhere (another thread edits it)")
}

/// A position of a record's tree: the start (``record.root``) or the
/// position after a move of some line. ``move`` is the move that led here,
/// ``variations`` the moves that can follow (``[0]`` the main one), as
/// python-chess's ``GameNode``; on the last node of a line that ends
/// (``end_reason``), the end is the main continuation and ``variations``
/// are side lines played instead of it (KIF ``変化`` after ``投了``), none
/// of them main. A node is a view into its record: edits
/// through it change the record, and a node whose position an edit removed
/// raises ``StaleNodeError``.
#[pyclass(module = "shogi_variants", name = "RecordNode", frozen)]
pub struct PyRecordNode {
    record: Py<PyRecord>,
    path: Vec<Move>,
}

impl PyRecordNode {
    pub fn new(record: Py<PyRecord>, path: Vec<Move>) -> PyRecordNode {
        PyRecordNode { record, path }
    }

    /// The square numbering of the record's board (the node checked to be there).
    fn shape(&self, py: Python<'_>) -> PyResult<crate::convert::Shape> {
        self.with(py, |r| Ok(shape_of(r)))
    }

    /// Runs `f` on the record, the node checked to be there.
    fn with<T>(&self, py: Python<'_>, f: impl FnOnce(&Record) -> PyResult<T>) -> PyResult<T> {
        let r = self.record.bind(py).try_borrow().map_err(|_| busy())?;
        if !r.record.has_node(&self.path) {
            return Err(self.stale());
        }
        f(&r.record)
    }

    /// Runs the edit `f` on the record, the node checked to be there.
    fn edit<T>(&self, py: Python<'_>, f: impl FnOnce(&mut Record) -> PyResult<T>) -> PyResult<T> {
        let mut r = self.record.bind(py).try_borrow_mut().map_err(|_| busy())?;
        if !r.record.has_node(&self.path) {
            return Err(self.stale());
        }
        f(&mut r.record)
    }

    fn stale(&self) -> PyErr {
        StaleNodeError::new_err(format!(
            "this node ({}) is no longer in the record: an edit removed it; walk from record.root again",
            path_text(&self.path)
        ))
    }

    fn at(&self, py: Python<'_>, path: Vec<Move>) -> PyRecordNode {
        PyRecordNode::new(self.record.clone_ref(py), path)
    }

    fn child_moves(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        self.with(py, |r| {
            Ok(r.children(&self.path)
                .unwrap_or_default()
                .iter()
                .map(|m| m.mv)
                .collect())
        })
    }

    fn child(&self, py: Python<'_>, mv: Move) -> PyRecordNode {
        let mut path = self.path.clone();
        path.push(mv);
        self.at(py, path)
    }

    /// This node's index among its parent's children (0 at the root).
    fn index(&self, py: Python<'_>) -> PyResult<usize> {
        let Some((&last, parent)) = self.path.split_last() else {
            return Ok(0);
        };
        self.with(py, |r| {
            Ok(r.children(parent)
                .unwrap_or_default()
                .iter()
                .position(|m| m.mv == last)
                .unwrap_or(0))
        })
    }

    /// Whether this node's line ends here (it is the last of its line): its
    /// children, if any, are side lines played instead of the end.
    fn line_ends(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |r| Ok(r.line_end(&self.path).is_some()))
    }

    /// Whether this node is its parent's main continuation (the root is).
    fn is_main(&self, py: Python<'_>) -> PyResult<bool> {
        let Some((_, parent)) = self.path.split_last() else {
            return Ok(true);
        };
        Ok(self.index(py)? == 0 && !self.at(py, parent.to_vec()).line_ends(py)?)
    }

    /// Moves this node to place `to` among its parent's children.
    fn move_to(&self, py: Python<'_>, to: impl FnOnce(usize, usize) -> usize) -> PyResult<()> {
        let Some((_, parent)) = self.path.split_last() else {
            return Ok(());
        };
        let from = self.index(py)?;
        self.edit(py, |r| {
            let count = r.children(parent).map_or(0, |c| c.len());
            let to = to(from, count);
            r.reorder_child(parent, from, to).map_err(tree_error)
        })
    }

    /// The record move that led here (`None` at the root).
    fn read_move<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(Option<&RecordMove>) -> T,
    ) -> PyResult<T> {
        self.with(py, |r| Ok(f(r.node(&self.path))))
    }
}

#[pymethods]
impl PyRecordNode {
    /// The move that led to this node, ``None`` at the root.
    #[getter(r#move)]
    fn the_move(&self, py: Python<'_>) -> PyResult<Option<Py<PyMove>>> {
        let shape = self.shape(py)?;
        self.path
            .last()
            .map(|&m| move_object(py, m, shape))
            .transpose()
    }

    /// The record this node belongs to.
    #[getter]
    fn record(&self, py: Python<'_>) -> Py<PyRecord> {
        self.record.clone_ref(py)
    }

    /// The node before this one, ``None`` at the root.
    #[getter]
    fn parent(&self, py: Python<'_>) -> PyResult<Option<PyRecordNode>> {
        self.with(py, |_| Ok(()))?;
        Ok(self
            .path
            .split_last()
            .map(|(_, parent)| self.at(py, parent.to_vec())))
    }

    /// The nodes that can follow, the main continuation first. On the last
    /// node of a line that ends (``end_reason``), the side lines played
    /// instead of the end, in order, none of them main.
    #[getter]
    fn variations(&self, py: Python<'_>) -> PyResult<Vec<PyRecordNode>> {
        Ok(self
            .child_moves(py)?
            .into_iter()
            .map(|mv| self.child(py, mv))
            .collect())
    }

    /// The child reached by ``move`` (a ``Move`` or USI text), or the child
    /// at an index. Raises ``KeyError`` when there is none.
    fn variation(&self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<PyRecordNode> {
        let children = self.child_moves(py)?;
        let found = if let Ok(i) = r#move.extract::<isize>() {
            let n = children.len() as isize;
            let i = if i < 0 { i + n } else { i };
            usize::try_from(i)
                .ok()
                .and_then(|i| children.get(i).copied())
        } else {
            let mv = crate::moves::a_move(r#move)?;
            children.iter().copied().find(|&m| m == mv)
        };
        match found {
            Some(mv) => Ok(self.child(py, mv)),
            None => Err(pyo3::exceptions::PyKeyError::new_err(format!(
                "no variation {} here ({})",
                r#move.repr()?,
                path_text(&self.path)
            ))),
        }
    }

    /// The main continuation, ``None`` when nothing follows or the line
    /// ends here (side lines played instead of the end are in
    /// ``variations``).
    fn next(&self, py: Python<'_>) -> PyResult<Option<PyRecordNode>> {
        if self.line_ends(py)? {
            return Ok(None);
        }
        Ok(self.child_moves(py)?.first().map(|&mv| self.child(py, mv)))
    }

    /// The nodes of the main line after this one (following each node's
    /// main continuation), in order.
    fn mainline(&self, py: Python<'_>) -> PyResult<Vec<PyRecordNode>> {
        let path = self.mainline_path(py)?;
        Ok((self.path.len() + 1..=path.len())
            .map(|i| self.at(py, path[..i].to_vec()))
            .collect())
    }

    /// The moves of the main line after this node.
    fn mainline_moves(&self, py: Python<'_>) -> PyResult<Vec<Py<PyMove>>> {
        let path = self.mainline_path(py)?;
        move_objects(py, &path[self.path.len()..], self.shape(py)?)
    }

    /// The last node of the main line from here (this node if nothing
    /// follows).
    fn end(&self, py: Python<'_>) -> PyResult<PyRecordNode> {
        let path = self.mainline_path(py)?;
        Ok(self.at(py, path))
    }

    /// The start of the record.
    fn root(&self, py: Python<'_>) -> PyRecordNode {
        self.at(py, Vec::new())
    }

    /// Whether every node from the root to here is its parent's main
    /// continuation (the node is on the record's main line).
    fn is_mainline(&self, py: Python<'_>) -> PyResult<bool> {
        self.with(py, |r| Ok(r.nesting(&self.path) == Some(0)))
    }

    /// Whether this node is its parent's main continuation (the root is; a
    /// side line played instead of an end is not).
    fn is_main_variation(&self, py: Python<'_>) -> PyResult<bool> {
        self.is_main(py)
    }

    /// Whether this node starts a side line: it is not its parent's main
    /// continuation.
    fn starts_variation(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(!self.path.is_empty() && !self.is_main(py)?)
    }

    /// Whether the main continuation stops here (``next()`` is ``None``):
    /// nothing follows, or the line ends here and only side lines played
    /// instead of its end follow.
    fn is_end(&self, py: Python<'_>) -> PyResult<bool> {
        Ok(self.next(py)?.is_none())
    }

    /// How many moves lead here from the record's start (0 at the root).
    fn ply(&self, py: Python<'_>) -> PyResult<usize> {
        self.with(py, |_| Ok(self.path.len()))
    }

    /// The position after this node as a ``Board`` of the record's variant
    /// (``Record.board`` on the line that leads here: when this node ends
    /// its line with a resignation or declaration, the board has that end).
    #[pyo3(signature = (variant = None, **settings))]
    fn board(
        &self,
        py: Python<'_>,
        variant: Option<crate::convert::Text<crate::convert::SettingText>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyBoard>> {
        let line = self.with(py, |r| r.line_to(&self.path).ok_or_else(|| self.stale()))?;
        Py::new(py, PyRecord { record: line }.replayed(variant, settings)?)
    }

    /// The comments after this move (at the root: before the first move),
    /// one ``*`` line each in KIF.
    #[getter]
    fn comments(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |r| {
            Ok(match r.node(&self.path) {
                Some(m) => m.comments.clone(),
                None => r.comments.clone(),
            })
        })
    }

    #[setter]
    fn set_comments(&self, py: Python<'_>, comments: Vec<String>) -> PyResult<()> {
        self.edit(py, |r| {
            match r.node_mut(&self.path) {
                Some(m) => m.comments = comments,
                None => r.comments = comments,
            }
            Ok(())
        })
    }

    /// The comments as one text, lines joined by ``\n`` (``""`` when there
    /// are none). Set it to replace them: each line becomes a comment.
    #[getter]
    fn comment(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.comments(py)?.join("\n"))
    }

    #[setter]
    fn set_comment(&self, py: Python<'_>, comment: &str) -> PyResult<()> {
        let lines = if comment.is_empty() {
            Vec::new()
        } else {
            comment.split('\n').map(str::to_owned).collect()
        };
        self.set_comments(py, lines)
    }

    /// The bookmark (KIF ``&name``, しおり) on this node, or ``None``; at
    /// the root, the start position's (a ``&`` line before the first move,
    /// as ShogiHome writes ``&開始局面``).
    #[getter]
    fn bookmark(&self, py: Python<'_>) -> PyResult<Option<String>> {
        self.with(py, |r| {
            Ok(match r.node(&self.path) {
                Some(m) => m.bookmark.clone(),
                None => r.bookmark.clone(),
            })
        })
    }

    #[setter]
    fn set_bookmark(&self, py: Python<'_>, bookmark: Option<String>) -> PyResult<()> {
        if bookmark
            .as_deref()
            .is_some_and(|b| b.contains(['\n', '\r']))
        {
            return Err(SettingError::new_err("a bookmark is one line"));
        }
        self.edit(py, |r| {
            match r.node_mut(&self.path) {
                Some(m) => m.bookmark = bookmark,
                None => r.bookmark = bookmark,
            }
            Ok(())
        })
    }

    /// The time spent on this move: ``(seconds, total seconds of that
    /// player so far or None)``, or ``None`` if not recorded (and at the
    /// root).
    #[getter]
    fn time(&self, py: Python<'_>) -> PyResult<Option<(u32, Option<u32>)>> {
        self.read_move(py, |m| {
            m.and_then(|m| m.time).map(|t| (t.seconds, t.total_seconds))
        })
    }

    /// How the line ends at this node, when it is the last of its line and
    /// the record says (``"resign"``, ``"checkmate"``...; the names of
    /// ``Record.end``), else ``None``. Set it to a name or ``None`` (only on
    /// the last node of a line). Side lines played instead of the end stay:
    /// set to another name, the end keeps them; set to ``None``, the first
    /// of them continues the line (it becomes ``next()``).
    #[getter(end_reason)]
    fn end_reason(&self, py: Python<'_>) -> PyResult<Option<&'static str>> {
        self.with(py, |r| {
            Ok(r.line_end(&self.path)
                .and_then(|e| e.as_ref())
                .map(|e| e.kind.name()))
        })
    }

    #[setter(end_reason)]
    fn set_end_reason(&self, py: Python<'_>, end: Option<&str>) -> PyResult<()> {
        let kind = end
            .map(|name| {
                EndKind::from_name(name).ok_or_else(|| {
                    SettingError::new_err(format!(
                        "'{}' is not a record end ({})",
                        shogi_core::Excerpt(name),
                        EndKind::ALL.map(EndKind::name).join(", ")
                    ))
                })
            })
            .transpose()?;
        self.edit(py, |r| {
            let slot = r.line_end_mut(&self.path).ok_or_else(|| {
                ShogiError::new_err(
                    "moves follow this node: only the last node of a line has an end",
                )
            })?;
            match (kind, slot.as_mut()) {
                (None, _) => {
                    r.take_line_end(&self.path);
                }
                (Some(kind), Some(e)) if e.kind == kind => {}
                (Some(kind), Some(e)) => {
                    let variations = std::mem::take(&mut e.variations);
                    *slot = Some(RecordEnd {
                        variations,
                        ..RecordEnd::new(kind)
                    });
                }
                (Some(kind), None) => *slot = Some(RecordEnd::new(kind)),
            }
            Ok(())
        })
    }

    /// The comments after the end of this node's line (``[]`` when it has
    /// no end here).
    #[getter]
    fn end_comments(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.with(py, |r| {
            Ok(r.line_end(&self.path)
                .and_then(|e| e.as_ref())
                .map(|e| e.comments.clone())
                .unwrap_or_default())
        })
    }

    /// The time of the end of this node's line, as ``time``.
    #[getter]
    fn end_time(&self, py: Python<'_>) -> PyResult<Option<(u32, Option<u32>)>> {
        self.with(py, |r| {
            Ok(r.line_end(&self.path)
                .and_then(|e| e.as_ref())
                .and_then(|e| e.time)
                .map(|t| (t.seconds, t.total_seconds)))
        })
    }

    /// The illegal move that ended this node's line, when the line ends
    /// here with one (``end_reason`` is then ``"illegal_move"``: its player
    /// lost), as ``Record.foul`` for the main line; ``None`` otherwise. It
    /// is no node: the nodes are the moves the rules allow.
    #[getter]
    fn foul(&self, py: Python<'_>) -> PyResult<Option<Py<PyMove>>> {
        let shape = self.shape(py)?;
        let foul = self.with(py, |r| {
            Ok(r.line_end(&self.path)
                .and_then(|e| e.as_ref())
                .and_then(|e| e.foul.as_ref())
                .map(|f| f.mv))
        })?;
        foul.map(|m| move_object(py, m, shape)).transpose()
    }

    /// Adds ``move`` after this node (the main continuation if nothing
    /// follows yet, else the last variation) and returns its node. On the
    /// last node of a line that ends (``end_reason``), as python-chess adds
    /// a variation anywhere, the move starts a side line played instead of
    /// the end, and the end stays the main continuation (set ``end_reason =
    /// None`` first to continue the line itself). Raises
    /// ``IllegalMoveError`` (with ``reason``) for a move the rules forbid
    /// here, ``ShogiError`` if the move already follows this node; the
    /// record is then unchanged.
    #[pyo3(signature = (r#move, *, comment = None))]
    fn add_variation(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        comment: Option<String>,
    ) -> PyResult<PyRecordNode> {
        let geometry = self.with(py, |r| {
            r.start_position()
                .map(|p| p.geometry().clone())
                .map_err(|e| ShogiError::new_err(e.to_string()))
        })?;
        let mv = crate::moves::a_move_on(r#move, &geometry)?;
        self.edit(py, |r| {
            let mut m = RecordMove::new(mv);
            if let Some(c) = comment.filter(|c| !c.is_empty()) {
                m.comments = c.split('\n').map(str::to_owned).collect();
            }
            r.add_child(&self.path, m).map_err(tree_error)
        })?;
        Ok(self.child(py, mv))
    }

    /// ``add_variation``, the new node becoming the main continuation (after
    /// an end: the first of the side lines played instead of it).
    #[pyo3(signature = (r#move, *, comment = None))]
    fn add_main_variation(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
        comment: Option<String>,
    ) -> PyResult<PyRecordNode> {
        let node = self.add_variation(py, r#move, comment)?;
        node.promote_to_main(py)?;
        Ok(node)
    }

    /// Makes this node its parent's main continuation; the others keep
    /// their order after it. A side line played instead of an end becomes
    /// the first of those side lines (the end stays the main continuation).
    fn promote_to_main(&self, py: Python<'_>) -> PyResult<()> {
        self.move_to(py, |_, _| 0)
    }

    /// Moves this node one place up among its parent's children.
    fn promote(&self, py: Python<'_>) -> PyResult<()> {
        self.move_to(py, |from, _| from.saturating_sub(1))
    }

    /// Moves this node one place down among its parent's children.
    fn demote(&self, py: Python<'_>) -> PyResult<()> {
        self.move_to(py, |from, count| (from + 1).min(count.saturating_sub(1)))
    }

    /// Removes a child (a ``RecordNode``, a ``Move``, USI text or an index)
    /// with everything after it. When the main continuation goes, the next
    /// variation becomes main. Raises ``KeyError`` when there is no such
    /// child.
    fn remove_variation(&self, py: Python<'_>, node: &Bound<'_, PyAny>) -> PyResult<()> {
        let child = match node.cast::<PyRecordNode>() {
            Ok(n) => match n.get().path.split_last() {
                Some((&mv, parent))
                    if parent == self.path.as_slice() && self.child_moves(py)?.contains(&mv) =>
                {
                    self.child(py, mv)
                }
                _ => {
                    return Err(pyo3::exceptions::PyKeyError::new_err(
                        "that node is not a variation of this one",
                    ))
                }
            },
            Err(_) => self.variation(py, node)?,
        };
        let index = child.index(py)?;
        self.edit(py, |r| {
            r.remove_child(&self.path, index)
                .map(|_| ())
                .map_err(tree_error)
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyRecordNode>().is_ok_and(|o| {
            let o = o.get();
            o.record.is(&self.record) && o.path == self.path
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.record.as_ptr() as usize).hash(&mut h);
        self.path.hash(&mut h);
        h.finish()
    }

    /// ``<RecordNode ply 3 ▲２二角成 (8h2b+), 2 variations>``; the root is
    /// ``<RecordNode start, 1 variation>``; the last node of a line that
    /// ends says how, and its variations are played instead of that end:
    /// ``<RecordNode ply 2 △３四歩 (3c3d), resign, 1 variation instead>``;
    /// a removed node says so.
    fn __repr__(&self, py: Python<'_>) -> String {
        let r = match self.record.bind(py).try_borrow() {
            Ok(r) => r,
            Err(_) => return "<RecordNode (record in use)>".to_owned(),
        };
        let record = &r.record;
        if !record.has_node(&self.path) {
            return format!("<RecordNode removed, {}>", path_text(&self.path));
        }
        let count = record.children(&self.path).map_or(0, |c| c.len());
        let plural = if count == 1 { "" } else { "s" };
        let children = match record.line_end(&self.path) {
            Some(Some(end)) if count > 0 => {
                format!("{}, {count} variation{plural} instead", end.kind.name())
            }
            Some(Some(end)) => end.kind.name().to_owned(),
            _ => format!("{count} variation{plural}"),
        };
        let Some((&mv, before)) = self.path.split_last() else {
            return format!("<RecordNode start, {children}>");
        };
        let japanese = record
            .position_at(before)
            .map(|pos| {
                shogi_core::notation::japanese::write(&pos, mv, before.last().map(|m| m.to()))
            })
            .unwrap_or_default();
        format!(
            "<RecordNode ply {} {japanese} ({mv}), {children}>",
            self.path.len()
        )
    }
}

impl PyRecordNode {
    /// The path from the root along the main continuations from this node
    /// to the end.
    fn mainline_path(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        self.with(py, |r| {
            let mut path = self.path.clone();
            path.extend(
                r.mainline_from(&self.path)
                    .unwrap_or_default()
                    .iter()
                    .map(|m| m.mv),
            );
            Ok(path)
        })
    }
}
