//! The limits of one mate search as it runs: nodes counted, and the clock,
//! the stop flag and the progress report looked at now and then. Both
//! searches (df-pn and the exhaustive one) count their nodes here.

use super::exhaustive::MateLimits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How often (in nodes) the clock, the stop flag and the progress report
/// are looked at.
const CHECK_EVERY: u64 = 1024;

/// One search's limits and counters, shared by every phase of a solve.
pub(crate) struct Budget<'a> {
    pub nodes: u64,
    pub node_limit: u64,
    pub deadline: Option<Instant>,
    pub stop: Option<&'a AtomicBool>,
    pub stopped: bool,
    /// Called every [`CHECK_EVERY`] nodes with the nodes searched.
    pub tick: Option<&'a mut dyn FnMut(u64)>,
}

impl Budget<'_> {
    /// Counts a node; false once a limit has run out.
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
            self.stopped = flagged || late;
            if let Some(tick) = self.tick.as_mut() {
                tick(self.nodes);
            }
        }
        !self.stopped
    }
}

impl<'a> Budget<'a> {
    /// The budget of `limits` for a search started at `start`, with no
    /// progress report.
    pub(crate) fn of(limits: &'a MateLimits, start: Instant) -> Budget<'a> {
        Budget {
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.and_then(|t| start.checked_add(t)),
            stop: limits.stop.as_deref(),
            stopped: false,
            tick: None,
        }
    }
}
