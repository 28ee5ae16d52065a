//! A search's node budget as it runs: nodes counted, and every
//! [`CHECK_EVERY`] nodes the clock, the stop flag, the caller's stop
//! question and a progress report looked at. The alpha-beta search and both
//! mate searches (df-pn and the exhaustive one) count their nodes here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How often (in nodes) the clock, the stop flag, the stop question and the
/// progress report are looked at.
pub(crate) const CHECK_EVERY: u64 = 1024;

/// One search's limits and counters, shared by every phase of it.
pub(crate) struct NodeBudget<'a> {
    pub nodes: u64,
    pub node_limit: u64,
    pub deadline: Option<Instant>,
    pub stop: Option<&'a AtomicBool>,
    /// A question whose `true` stops the search (Ctrl-C from Python).
    pub check: Option<&'a (dyn Fn() -> bool + Send + Sync)>,
    pub stopped: bool,
    /// Called every [`CHECK_EVERY`] nodes with the nodes searched.
    pub tick: Option<&'a mut dyn FnMut(u64)>,
}

impl NodeBudget<'_> {
    /// Counts a node; false (and `stopped`) once a limit has run out.
    #[inline]
    pub(crate) fn enter(&mut self) -> bool {
        if self.stopped {
            return false;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 {
            let flagged = self.stop.is_some_and(|f| f.load(Ordering::Relaxed));
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            self.stopped = flagged || late || self.check.is_some_and(|check| check());
            if let Some(tick) = self.tick.as_mut() {
                tick(self.nodes);
            }
        }
        !self.stopped
    }
}

impl<'a> NodeBudget<'a> {
    /// A budget of `node_limit` nodes until `deadline`, stopped by `stop`,
    /// with no stop question and no progress report.
    pub(crate) fn new(
        node_limit: u64,
        deadline: Option<Instant>,
        stop: Option<&'a AtomicBool>,
    ) -> NodeBudget<'a> {
        NodeBudget {
            nodes: 0,
            node_limit,
            deadline,
            stop,
            check: None,
            stopped: false,
            tick: None,
        }
    }
}
